import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliveryCheck } from '../../../shared/schemas/settings';
import { signInAs, testShopSettings } from '../../testing/factories';
import { startFakeShiprocket, type FakeShiprocket } from '../../testing/fake-shiprocket';
import { HttpClient, startTestServer, type TestServer } from '../../testing/test-server';

// Delivery dates before buying from the courier's own serviceability (issue 29): with Shiprocket
// chosen, the product page's PIN check shows the date Shiprocket's recommended courier gives, and
// the earliest any courier gives for express; a PIN no courier serves is not served; a courier that
// fails or is slow leaves the owner's table of days by zone to answer.

/** India's wall-clock time as an instant. */
const ist = (wall: string) => Date.parse(`${wall}+05:30`);
// Wednesday 2 December 2026, before the cut-off.
const NOW = ist('2026-12-02T10:00:00');

let fake: FakeShiprocket;
let server: TestServer;

beforeAll(async () => {
  fake = await startFakeShiprocket({ clock: () => new Date(NOW) });
  server = await startTestServer({ clock: () => new Date(NOW), env: { SHIPROCKET_API_BASE: fake.url, SHIPROCKET_TIMEOUT_MS: '1000' } });
  const { client: admin } = await signInAs(server, 'ADMIN');
  const base = testShopSettings();
  const { email, password, pickupLocation, webhookToken } = fake.settings();
  const saved = await admin.trpc('mutation', 'settings.update', {
    ...base,
    fulfilment: {
      ewayBillThresholdPaise: 5_000_000,
      parcel: { weightGrams: 800, lengthCm: 25, breadthCm: 18, heightCm: 12 },
      courier: 'shiprocket',
      manual: { courierName: '', trackingUrl: '' },
      shiprocket: { email, password, pickupLocation, webhookToken },
    },
  });
  expect(saved.status).toBe(200);
});

afterAll(async () => {
  await server?.close();
  await fake?.close();
});

const check = (pin: string) => new HttpClient(server.url).trpc<DeliveryCheck>('query', 'settings.deliveryCheck', { pin });

describe('delivery dates from the courier', () => {
  it('shows the recommended courier’s date for standard and the earliest for express, as Shiprocket gives them', async () => {
    // The fake's couriers: Delhivery (recommended) in 4 days, Xpressbees in 3, Blue Dart in 2.
    const reply = await check('400001');
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ serviceable: true, standard: { date: '2026-12-06' }, express: { date: '2026-12-04' } });
    expect(reply.body.message).toBe('Delivery by Sunday, 6 December');
    expect(fake.count('GET', /^\/courier\/serviceability\/?$/)).toBeGreaterThan(0);
  });

  it('a PIN no courier serves is not served', async () => {
    fake.setServiceable('799001', false);
    expect((await check('799001')).body).toMatchObject({ serviceable: false, message: 'Sorry, we do not deliver to 799001 yet' });
  });

  it('a courier that fails answers from the owner’s table instead, never an error', async () => {
    fake.failNext(6, 503, { path: /^\/courier\/serviceability/ });
    const reply = await check('110001');
    expect(reply.status).toBe(200);
    // The table: metro, standard 4 working days (no Sundays) from Wednesday.
    expect(reply.body).toMatchObject({ serviceable: true, zone: 'metro', standard: { date: '2026-12-07' } });
  });
});

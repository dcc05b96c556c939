import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutOptions } from '../../../shared/schemas/order';
import { DEFAULT_ZONE_DAYS, type DeliveryCheck, type ShopSettingsInput } from '../../../shared/schemas/settings';
import { insertProduct, signInAs, testShopSettings } from '../../testing/factories';
import { HttpClient, startTestServer, type TestServer } from '../../testing/test-server';

/**
 * Delivery dates before buying (issue 29), over real HTTP on a real database (SQLite here,
 * PostgreSQL in the server-pg project): the product page's PIN check and the checkout's options
 * count from the server's clock (deps.clock, injected here), the dispatch cut-off and holidays
 * in the shop's time zone, and the owner's days by zone; a kept shared reply is not served past
 * the cut-off; the settings refuse bad values with a 400 naming the field.
 */

/** India's wall-clock time as an instant. */
const ist = (wall: string) => Date.parse(`${wall}+05:30`);

// Wednesday 2 December 2026.
let now = ist('2026-12-02T10:00:00');
let server: TestServer;
let admin: HttpClient;
const visitor = () => new HttpClient(server.url);

/** The test seller is in Bengaluru (560025): 560001 is the same city (standard 2 days, express 1). */
const SETTINGS: ShopSettingsInput = testShopSettings({
  payments: { online: 'both', cod: { enabled: true, maxOrderPaise: 5_000_000, feePaise: 0, pins: [], maxOpenOrders: 5 } },
});

beforeAll(async () => {
  server = await startTestServer({ clock: () => new Date(now) });
  ({ client: admin } = await signInAs(server, 'ADMIN'));
  expect((await admin.trpc('mutation', 'settings.update', SETTINGS)).status).toBe(200);
});

afterAll(async () => {
  await server?.close();
});

const check = (pin: string, client = visitor()) => client.trpc<DeliveryCheck>('query', 'settings.deliveryCheck', { pin });

describe('the delivery check', () => {
  it('gives PIN 560001 today’s dispatch at 10:00 IST and the next working day’s at 19:30 IST, though the first answer was kept', async () => {
    now = ist('2026-12-02T10:00:00');
    const morning = await check('560001');
    expect(morning.status).toBe(200);
    expect(morning.headers.get('cache-control')).toBe('public, no-cache');
    expect(morning.body).toEqual({
      pin: '560001',
      serviceable: true,
      standardDays: '3–5',
      expressDays: '1–2',
      message: 'Delivery by Friday, 4 December',
      zone: 'sameCity',
      standard: { date: '2026-12-04', label: 'Delivery by Friday, 4 December' },
      express: { date: '2026-12-03', label: 'Delivery by Thursday, 3 December' },
      validUntil: '2026-12-02T08:30:00.000Z',
    });

    // Still before the cut-off: the kept reply, byte for byte.
    now = ist('2026-12-02T13:59:59');
    const later = await check('560001');
    expect(later.headers.get('etag')).toBe(morning.headers.get('etag'));

    // The evening: dispatched Thursday, delivered Saturday. Without the reply's expiry the kept
    // morning answer (Friday) would still be served.
    now = ist('2026-12-02T19:30:00');
    const evening = await check('560001');
    expect(evening.body).toMatchObject({
      message: 'Delivery by Saturday, 5 December',
      standard: { date: '2026-12-05' },
      express: { date: '2026-12-04', label: 'Delivery by Friday, 4 December' },
      validUntil: '2026-12-03T08:30:00.000Z',
    });
    expect(evening.headers.get('etag')).not.toBe(morning.headers.get('etag'));
  });

  it('moves on with the owner’s holidays, cut-off and zone days as soon as they are saved', async () => {
    now = ist('2026-12-02T19:30:00');
    const settings = testShopSettings({
      ...SETTINGS,
      dispatch: { cutoff: '20:00', workingDays: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat'], holidays: ['2026-12-02'], fromPin: null },
    });
    expect((await admin.trpc('mutation', 'settings.update', settings)).status).toBe(200);
    // Today is a holiday now, though before the 20:00 cut-off: dispatched Thursday.
    expect((await check('560001')).body.standard).toEqual({ date: '2026-12-05', label: 'Delivery by Saturday, 5 December' });

    const noHoliday = { ...settings, dispatch: { ...settings.dispatch!, holidays: [] } };
    expect((await admin.trpc('mutation', 'settings.update', noHoliday)).status).toBe(200);
    expect((await check('560001')).body).toMatchObject({ standard: { date: '2026-12-04' }, validUntil: '2026-12-02T14:30:00.000Z' });

    // The north-east without express; Guwahati from Bengaluru.
    const slow = { ...noHoliday, zoneDays: { ...DEFAULT_ZONE_DAYS, express: { ...DEFAULT_ZONE_DAYS.express, northEast: null } } };
    expect((await admin.trpc('mutation', 'settings.update', slow)).status).toBe(200);
    expect((await check('781001')).body).toMatchObject({ zone: 'northEast', standard: { date: '2026-12-11' }, express: null });
    expect((await admin.trpc('mutation', 'settings.update', SETTINGS)).status).toBe(200);
  });

  it('keeps the “do not deliver” answer for a PIN the shop does not serve, and refuses a bad PIN with a 400', async () => {
    expect((await admin.trpc('mutation', 'settings.update', { ...SETTINGS, shipping: { ...SETTINGS.shipping, serviceablePins: ['56'] } })).status).toBe(200);
    expect((await check('110001')).body).toEqual({
      pin: '110001',
      serviceable: false,
      standardDays: '3–5',
      expressDays: '1–2',
      message: 'Sorry, we do not deliver to 110001 yet',
      zone: null,
      standard: null,
      express: null,
      validUntil: null,
    });
    expect((await check('0123')).status).toBe(400);
    expect((await admin.trpc('mutation', 'settings.update', SETTINGS)).status).toBe(200);
  });
});

describe('the dispatch and zone-days settings', () => {
  it('default to a 14:00 cut-off, Monday to Saturday, no holidays and the standard table for a shop saved before they existed', async () => {
    const saved = await admin.trpc<{ dispatch: unknown; zoneDays: unknown }>('query', 'settings.get');
    expect(saved.body.dispatch).toEqual({ cutoff: '14:00', workingDays: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat'], holidays: [], fromPin: null });
    expect(saved.body.zoneDays).toEqual(DEFAULT_ZONE_DAYS);
  });

  it('refuses bad values with a 400 naming the field', async () => {
    const dispatch = { cutoff: '14:00', workingDays: ['mon'], holidays: [], fromPin: null };
    const cases: [unknown, Record<string, string>][] = [
      [{ dispatch: { ...dispatch, cutoff: '25:00' } }, { 'dispatch.cutoff': 'dispatch cut-off time must be a time of day as HH:MM (24-hour), e.g. 14:00' }],
      [{ dispatch: { ...dispatch, cutoff: '2 pm' } }, { 'dispatch.cutoff': 'dispatch cut-off time must be a time of day as HH:MM (24-hour), e.g. 14:00' }],
      [{ dispatch: { ...dispatch, workingDays: [] } }, { 'dispatch.workingDays': 'choose at least one working day' }],
      [{ dispatch: { ...dispatch, workingDays: ['monday'] } }, { 'dispatch.workingDays.0': 'each working day must be one of mon, tue, wed, thu, fri, sat, sun' }],
      [{ dispatch: { ...dispatch, holidays: ['2026-12-25', '2026-02-30'] } }, { 'dispatch.holidays.1': 'each holiday must be a date written YYYY-MM-DD, e.g. 2026-10-20' }],
      [{ dispatch: { ...dispatch, holidays: Array.from({ length: 367 }, () => '2026-12-25') } }, { 'dispatch.holidays': 'at most 366 holidays' }],
      [{ dispatch: { ...dispatch, fromPin: '05600' } }, { 'dispatch.fromPin': 'dispatch PIN code must be 6 digits (e.g. 560001)' }],
      [
        { zoneDays: { ...DEFAULT_ZONE_DAYS, standard: { ...DEFAULT_ZONE_DAYS.standard, metro: 2.5 } } },
        { 'zoneDays.standard.metro': 'standard delivery days (metro) must be a whole number of days' },
      ],
      [
        { zoneDays: { ...DEFAULT_ZONE_DAYS, standard: { ...DEFAULT_ZONE_DAYS.standard, northEast: -1 } } },
        { 'zoneDays.standard.northEast': 'standard delivery days (north-east and islands) must be 0 or more' },
      ],
      [
        { zoneDays: { ...DEFAULT_ZONE_DAYS, express: { ...DEFAULT_ZONE_DAYS.express, sameCity: 3 } } },
        { 'zoneDays.express.sameCity': 'express delivery days (same city) must not be more than standard’s (2)' },
      ],
    ];
    for (const [change, fieldErrors] of cases) {
      const reply = await admin.trpc<{ data: { fieldErrors: Record<string, string> } }>('mutation', 'settings.update', { ...SETTINGS, ...(change as object) });
      expect(reply.status, JSON.stringify(change).slice(0, 80)).toBe(400);
      expect(reply.body.data.fieldErrors).toEqual(fieldErrors);
    }
  });

  it('keeps working days Monday first and holidays in order, each once', async () => {
    const reply = await admin.trpc<{ dispatch: unknown }>('mutation', 'settings.update', {
      ...SETTINGS,
      dispatch: { cutoff: '09:30', workingDays: ['sat', 'mon', 'mon'], holidays: ['2027-01-26', ' 2026-12-25 ', '2027-01-26'], fromPin: ' 560034 ' },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.dispatch).toEqual({ cutoff: '09:30', workingDays: ['mon', 'sat'], holidays: ['2026-12-25', '2027-01-26'], fromPin: '560034' });
    expect((await admin.trpc('mutation', 'settings.update', SETTINGS)).status).toBe(200);
  });
});

describe('delivery dates at checkout', () => {
  it('shows each delivery option’s date for the chosen address, and leaves out express where the owner does not offer it', async () => {
    now = ist('2026-12-02T19:30:00');
    const product = await insertProduct(server.deps.db, { productName: 'USB-C cable', sellingPrice: 39_900, price: 49_900, stock: 10 });
    const { client } = await signInAs(server);
    expect((await client.post('/api/addtocart', { productId: product.id })).status).toBe(200);
    const address = { name: 'Asha Rao', phone: '98450 11111', line1: '12 MG Road', line2: '', city: 'Bengaluru', stateCode: '29', pin: '560001', gstin: '' };
    const bengaluru = (await client.trpc<{ _id: string }>('mutation', 'address.create', address)).body._id;
    const guwahati = (await client.trpc<{ _id: string }>('mutation', 'address.create', { ...address, city: 'Guwahati', stateCode: '18', pin: '781001' })).body._id;

    const none = await client.trpc<CheckoutOptions>('query', 'checkout.options', {});
    expect(none.body.delivery.map((d) => [d.rate, d.by])).toEqual([
      ['standard', null],
      ['express', null],
    ]);
    const options = await client.trpc<CheckoutOptions>('query', 'checkout.options', { addressId: bengaluru });
    expect(options.body.delivery.map((d) => [d.rate, d.by])).toEqual([
      ['standard', 'Delivery by Saturday, 5 December'],
      ['express', 'Delivery by Friday, 4 December'],
    ]);

    const slow = { ...SETTINGS, zoneDays: { ...DEFAULT_ZONE_DAYS, express: { ...DEFAULT_ZONE_DAYS.express, northEast: null } } };
    expect((await admin.trpc('mutation', 'settings.update', slow)).status).toBe(200);
    const far = await client.trpc<CheckoutOptions>('query', 'checkout.options', { addressId: guwahati });
    expect(far.body.delivery.map((d) => [d.rate, d.by])).toEqual([['standard', 'Delivery by Saturday, 12 December']]);

    // Express to Guwahati is refused on the server too, naming the field; standard goes through.
    const refused = await client.trpc<{ message: string; data: { fieldErrors: Record<string, string> } }>('mutation', 'checkout.placeCodOrder', {
      addressId: guwahati,
      shipping: 'express',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Express delivery is not offered to PIN code 781001. Choose another delivery option.');
    expect(refused.body.data.fieldErrors).toEqual({ shipping: 'express delivery is not offered to this PIN code' });
    const placed = await client.trpc('mutation', 'checkout.placeCodOrder', { addressId: guwahati, shipping: 'standard' });
    expect(placed.status).toBe(200);
    expect((await admin.trpc('mutation', 'settings.update', SETTINGS)).status).toBe(200);
  });
});

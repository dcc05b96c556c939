import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard } from '../../../shared/schemas/admin';
import type { Order } from '../../../shared/schemas/order';
import type { StorefrontInfo } from '../../../shared/schemas/settings';
import { insertProduct, insertUser, signInAs, TEST_PAGE_ADDRESS, testShopSettings } from '../../testing/factories';
import { HttpClient, startTestServer, type TestServer } from '../../testing/test-server';

/**
 * The shop's `timeZone` setting over real HTTP: it is validated, shown to every shopper, and
 * moves the dashboard's "today", the test checkout's expiry and the times in emails; GST dates
 * stay on India's clock whatever it says.
 */

// 19:30 UTC on 15 March: already 01:00 on the 16th in India, still 23:30 on the 15th in Dubai.
let now = Date.parse('2026-03-15T19:30:00.000Z');
let server: TestServer;
let admin: HttpClient;

beforeAll(async () => {
  server = await startTestServer({ clock: () => new Date(now) });
  admin = (await signInAs(server, 'ADMIN')).client;
});

afterAll(async () => {
  await server?.close();
});

function postForm(client: HttpClient, pathname: string, fields: Record<string, string>) {
  return client.request<string>(pathname, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() });
}

/** A shopper's open test checkout page for one product. */
async function openCheckout(): Promise<{ client: HttpClient; sessionId: string; orderId: string; page: string }> {
  const product = await insertProduct(server.deps.db, { stock: 5 });
  const { client } = await signInAs(server);
  await client.post('/api/addtocart', { productId: product.id });
  const started = await client.post<{ data: string; id: string }>('/api/checkout', {});
  const page = await client.get<string>(`/test-checkout/${started.body.id}`);
  expect(page.status).toBe(200);
  return { client, sessionId: started.body.id, orderId: started.body.data, page: page.body };
}

async function outboxText(subject: string): Promise<string[]> {
  const rows = await server.deps.db.selectFrom('mail_outbox').select('text_body').where('subject', '=', subject).execute();
  return rows.map((row) => row.text_body);
}

describe('the shop time zone setting', () => {
  it('refuses a zone the server does not know with a 400 naming the field; an older form without one saves India’s', async () => {
    for (const timeZone of ['Mars/Olympus_Mons', '+05:30', 'Asia/Kolkata; DROP TABLE']) {
      const reply = await admin.trpc<{ message: string; data: { fieldErrors: Record<string, string> } }>('mutation', 'settings.update', testShopSettings({ timeZone }));
      expect(reply.status, timeZone).toBe(400);
      expect(reply.body.data.fieldErrors).toEqual({ timeZone: 'time zone must be an IANA time zone name such as Asia/Kolkata' });
    }
    const older = await admin.trpc<{ timeZone: string }>('mutation', 'settings.update', testShopSettings());
    expect(older.status).toBe(200);
    expect(older.body.timeZone).toBe('Asia/Kolkata');
  });

  it('by default counts the dashboard’s day and writes the test checkout’s expiry on India’s clock', async () => {
    const visitor = new HttpClient(server.url);
    expect((await visitor.trpc<StorefrontInfo>('query', 'settings.storefront')).body.timeZone).toBe('Asia/Kolkata');
    const dashboard = (await admin.trpc<Dashboard>('query', 'admin.dashboard')).body;
    expect(dashboard).toMatchObject({ timeZone: 'Asia/Kolkata', today: '2026-03-16' });
    // Open for 30 minutes: until 20:00 UTC.
    expect((await openCheckout()).page).toContain('This page expires at 16 Mar 2026, 1:30 am IST.');
  });

  it('once saved, shows every shopper the zone and uses it for the dashboard, the test checkout and emails', async () => {
    const saved = await admin.trpc<{ timeZone: string }>('mutation', 'settings.update', testShopSettings({ timeZone: 'Asia/Dubai' }));
    expect(saved.status).toBe(200);
    expect(saved.body.timeZone).toBe('Asia/Dubai');

    // A shared (cached) reply, refreshed at once by the save.
    const visitor = new HttpClient(server.url);
    expect((await visitor.trpc<StorefrontInfo>('query', 'settings.storefront')).body.timeZone).toBe('Asia/Dubai');

    const dashboard = (await admin.trpc<Dashboard>('query', 'admin.dashboard')).body;
    expect(dashboard).toMatchObject({ timeZone: 'Asia/Dubai', today: '2026-03-15' });
    expect(dashboard.revenueByDay.at(-1)?.date).toBe('2026-03-15');

    const checkout = await openCheckout();
    expect(checkout.page).toContain('This page expires at 16 Mar 2026, 12:00 am Asia/Dubai.');
    // The page shown again after a refused Pay (no address) says the same.
    const refused = await postForm(checkout.client, `/test-checkout/${checkout.sessionId}/pay`, { shipping: 'standard' });
    expect(refused.status).toBe(400);
    expect(refused.body).toContain('This page expires at 16 Mar 2026, 12:00 am Asia/Dubai.');

    const promoted = await insertUser(server.deps.db, { name: 'Dina Dubai' });
    expect((await admin.post('/api/update-user', { userId: promoted.id, role: 'ADMIN' })).status).toBe(200);
    const notices = await outboxText(`${promoted.email} is now an admin of Voltmart`);
    expect(notices.length).toBeGreaterThan(0);
    for (const text of notices) expect(text).toContain('on 15 Mar 2026, 11:30 pm Asia/Dubai.');
  });

  it('keeps GST dates on India’s clock: an invoice at 00:30 IST on 1 April opens the new financial year, whatever the zone', async () => {
    expect((await admin.trpc('mutation', 'settings.update', testShopSettings({ timeZone: 'Asia/Dubai' }))).status).toBe(200);
    // 19:00 UTC on 31 March 2027: 1 April in India, still 31 March (11 pm) in Dubai.
    now = Date.parse('2027-03-31T19:00:00.000Z');
    const checkout = await openCheckout();
    expect((await postForm(checkout.client, `/test-checkout/${checkout.sessionId}/pay`, { shipping: 'standard', ...TEST_PAGE_ADDRESS })).status).toBe(303);
    const orders = await checkout.client.trpc<Order[]>('query', 'order.list');
    const order = orders.body.find((o) => o._id === checkout.orderId);
    expect(order?.invoice?.number).toBe('VM/2728/00001');
    // The register files it under April, India's month, not Dubai's March.
    // A year on, the admin's session has lapsed: a fresh one.
    const { client: owner } = await signInAs(server, 'ADMIN');
    const april = await owner.trpc<{ rows: { number: string; date: string }[] }>('query', 'admin.invoices', { month: '2027-04' });
    expect(april.status, JSON.stringify(april.body)).toBe(200);
    expect(april.body.rows).toEqual([expect.objectContaining({ number: 'VM/2728/00001', date: '2027-04-01' })]);
  });
});

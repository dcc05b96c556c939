import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrder, Page } from '../../../shared/schemas/admin';
import type { Order, PlaceCodOrderResult, StartCheckoutResult } from '../../../shared/schemas/order';
import { newId } from '../../db/database';
import { transaction } from '../../db/transaction';
import { AppError } from '../../errors';
import { insertProduct, insertUser, signInAs, testShopSettings } from '../../testing/factories';
import { startTestServer, type HttpClient, type TestServer } from '../../testing/test-server';
import { testDialect } from '../../testing/test-database';
import { insertPendingOrder } from './order.service';
import { matcherKeysFor, searchCondition } from './order-search.queries';
import { packAndShip } from '../../testing/shipping';

/**
 * Readable order numbers and the admin's order search (issue 29), over real HTTP on a real
 * database (SQLite here, PostgreSQL in the server-pg project), with the server's clock injected.
 */

const dialect = testDialect();
let server: TestServer;
let admin: HttpClient;
let now = Date.parse('2026-06-15T06:00:00.000Z');
let tmp: string;

const COD = { enabled: true, maxOrderPaise: 5_000_000, feePaise: 0, pins: [], maxOpenOrders: 5 };

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'voltmart-order-numbers-'));
  server = await startTestServer({ clock: () => new Date(now) });
  ({ client: admin } = await signInAs(server, 'ADMIN'));
  expect((await admin.trpc('mutation', 'settings.update', testShopSettings({ payments: { online: 'both', cod: COD } }))).status).toBe(200);
});

afterAll(async () => {
  await server.close();
});

const numberOf = async (orderId: string) => (await server.deps.db.selectFrom('orders').select('order_number').where('id', '=', orderId).executeTakeFirstOrThrow()).order_number;
const counter = async (year: number) =>
  Number((await server.deps.db.selectFrom('document_counters').select('last').where('series', '=', `order:${year}`).executeTakeFirst())?.last ?? 0);
const seq = (prefix: string, year: number, from: number, count: number) => Array.from({ length: count }, (_, i) => `${prefix}-${year}-${String(from + i).padStart(6, '0')}`);

/** A signed-in shopper with `productId` in the cart. */
async function shopperWith(productId: string): Promise<HttpClient> {
  const { client } = await signInAs(server);
  expect((await client.post('/api/addtocart', { productId })).status).toBe(200);
  return client;
}

describe('readable order numbers', () => {
  it('twenty checkouts at once take consecutive numbers, never shared; the five refused (out of stock) take none', async () => {
    const product = await insertProduct(server.deps.db, { productName: 'Redmi Note 15', stock: 15 });
    const shoppers = await Promise.all(Array.from({ length: 20 }, () => shopperWith(product.id)));
    const first = (await counter(2026)) + 1;
    const replies = await Promise.all(shoppers.map((client) => client.post('/api/checkout', {})));
    const ok = replies.filter((r) => r.status === 200);
    expect(ok).toHaveLength(15);
    expect(replies.filter((r) => r.status === 409)).toHaveLength(5);
    const numbers = await Promise.all(ok.map((r) => numberOf(r.body.data as string)));
    expect([...numbers].sort()).toEqual(seq('VM', 2026, first, 15));
    expect(await counter(2026)).toBe(first + 14);
  });

  it('a transaction that is retried (PostgreSQL SERIALIZABLE) or rolled back gives its number back: twenty at once, four refused, sixteen consecutive numbers', async () => {
    const user = await insertUser(server.deps.db);
    const first = (await counter(2026)) + 1;
    let attempts = 0;
    const place = (i: number) =>
      transaction(server.deps.db, async (trx) => {
        attempts++;
        // A read, then the counter's row: concurrent SERIALIZABLE transactions abort one another and run again.
        await trx
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirst();
        const orderId = newId();
        const number = await insertPendingOrder(trx, {
          id: orderId,
          userId: user.id,
          email: user.email,
          provider: 'test',
          totalAmount: 100,
          nowIso: new Date(now).toISOString(),
          deliveryAddress: null,
          shippingOffer: [],
          shippingTax: { hsn: '996812', rateBasisPoints: 1800 },
          items: [],
          numbering: { orderPrefix: 'VM', timeZone: 'Asia/Kolkata' },
        });
        await new Promise((resolve) => setTimeout(resolve, 15));
        if (i % 5 === 0) throw new AppError('CONFLICT', 'refused after taking a number');
        return number;
      });
    const results = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => place(i)));
    const numbers = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    expect(results.filter((r) => r.status === 'rejected').map((r) => r.reason)).toEqual(Array(4).fill(expect.objectContaining({ appCode: 'CONFLICT' })));
    expect([...numbers].sort()).toEqual(seq('VM', 2026, first, 16));
    expect(await counter(2026)).toBe(first + 15);
    // On PostgreSQL some ran more than once; on SQLite one at a time, each once.
    if (dialect === 'postgres') expect(attempts).toBeGreaterThan(20);
    else expect(attempts).toBe(20);
  });

  it('counts from 000001 again on 1 January in India: 31 Dec 23:59 IST is the old year, 1 Jan 00:01 IST the new', async () => {
    const product = await insertProduct(server.deps.db, { productName: 'Boat Airdopes', stock: 10 });
    const last = await counter(2026);
    now = Date.parse('2026-12-31T18:29:00.000Z'); // 23:59 IST
    const late = await (await shopperWith(product.id)).post('/api/checkout', {});
    now = Date.parse('2026-12-31T18:31:00.000Z'); // 00:01 IST, 1 January 2027 (still 31 December in UTC)
    const early = await (await shopperWith(product.id)).post('/api/checkout', {});
    // Half a year on, the admin's session has lapsed.
    ({ client: admin } = await signInAs(server, 'ADMIN'));
    expect(await numberOf(late.body.data as string)).toBe(`VM-2026-${String(last + 1).padStart(6, '0')}`);
    expect(await numberOf(early.body.data as string)).toBe('VM-2027-000001');
  });

  it('takes the prefix from Settings when the number is given: a change applies to new orders only', async () => {
    const product = await insertProduct(server.deps.db, { productName: 'Noise Watch', stock: 10 });
    const before = await (await shopperWith(product.id)).post('/api/checkout', {});
    expect(await numberOf(before.body.data as string)).toBe('VM-2027-000002');

    const refused = await admin.trpc<{ data: { fieldErrors: Record<string, string> } }>('mutation', 'settings.update', testShopSettings({ orderPrefix: 'V-M' }));
    expect(refused.status).toBe(400);
    expect(refused.body.data.fieldErrors).toEqual({ orderPrefix: 'order number prefix must be 1 to 4 letters or digits' });
    const saved = await admin.trpc<{ orderPrefix: string }>('mutation', 'settings.update', testShopSettings({ orderPrefix: 'ab1 ', payments: { online: 'both', cod: COD } }));
    expect(saved.status).toBe(200);
    expect(saved.body.orderPrefix).toBe('AB1');

    const after = await (await shopperWith(product.id)).post('/api/checkout', {});
    expect(await numberOf(after.body.data as string)).toBe('AB1-2027-000003');
    expect(await numberOf(before.body.data as string)).toBe('VM-2027-000002');
  });

  it('shows in the shopper’s orders and the /api (beside the unchanged _id), in the mails’ subject and text, and on the invoice PDF', async () => {
    const product = await insertProduct(server.deps.db, { productName: 'OnePlus Nord', category: 'mobiles', stock: 10, sellingPrice: 2_499_900 });
    const client = await shopperWith(product.id);
    const address = await client.trpc<{ _id: string }>('mutation', 'address.create', {
      name: 'Asha Rao',
      phone: '98450 11111',
      line1: '12 MG Road',
      line2: '',
      city: 'Bengaluru',
      stateCode: '29',
      pin: '560001',
      gstin: '',
    });
    const placed = await client.trpc<PlaceCodOrderResult>('mutation', 'checkout.placeCodOrder', { addressId: address.body._id });
    expect(placed.status).toBe(200);
    const { orderId } = placed.body;
    const number = await numberOf(orderId);
    expect(number).toBe('AB1-2027-000004');

    const mine = (await client.trpc<Order[]>('query', 'order.list')).body.find((o) => o._id === orderId);
    expect(mine?.orderNumber).toBe(number);
    const legacy = (await client.get<{ data: Record<string, unknown>[] }>('/api/order-list')).body.data.find((o) => o._id === orderId);
    expect(legacy).toMatchObject({ _id: orderId, orderNumber: number });
    // And in the shopper's data download.
    const download = await client.get<{ orders: { _id: string; orderNumber: string }[] }>('/account/my-data.json');
    expect(download.body.orders.find((o) => o._id === orderId)?.orderNumber).toBe(number);

    const mails = () =>
      server.deps.db
        .selectFrom('mail_outbox')
        .select(['kind', 'subject', 'text_body', 'html'])
        .where('to_address', '=', mine?.email ?? '')
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    const [confirmation] = await mails();
    expect(confirmation?.subject).toBe(`Order ${number} confirmed: ₹24,999.00 at Voltmart`);
    expect(confirmation?.text_body).toContain(`Order ${number}`);
    expect(confirmation?.text_body).not.toContain(orderId);
    expect(confirmation?.html).toContain(`Order ${number}`);

    expect((await packAndShip(admin, orderId, { awb: 'DLV99887766' })).status).toBe(200);
    const shipped = (await mails()).find((m) => m.kind === 'order-shipped');
    expect(shipped?.subject).toBe(`Order ${number} is on its way (Voltmart)`);
    expect(shipped?.text_body).toContain(`Order ${number}`);

    const invoiced = (await client.trpc<Order[]>('query', 'order.list')).body.find((o) => o._id === orderId);
    const res = await fetch(new URL(invoiced?.invoice?.url ?? '', server.url), { headers: { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
    expect(res.status).toBe(200);
    const file = path.join(tmp, 'invoice.pdf');
    fs.writeFileSync(file, Buffer.from(await res.arrayBuffer()));
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toMatch(new RegExp(`Order no\\.\\s+${number}`));
    expect(text).toContain(`Order ${number}. Prices include GST.`);
    expect(text).not.toContain(orderId);

    // The audit log names the order by its number.
    const audit = await admin.trpc<{ items: { summary: string }[] }>('query', 'admin.audit', { kind: 'order' });
    expect(audit.body.items.map((i) => i.summary)).toContain(`Order ${number}: confirmed → shipped; Delhivery AWB DLV99887766; invoice ${invoiced?.invoice?.number ?? ''} issued`);
  });
});

describe('the admin’s order search', () => {
  type Placed = { orderId: string; number: string };
  const placed: Record<string, Placed> = {};
  const search = (q: unknown, extra: Record<string, unknown> = {}) => admin.trpc<Page<AdminOrder>>('query', 'admin.orders', { q, ...extra });
  const idsOf = (page: Page<AdminOrder>) => page.items.map((o) => o._id);

  beforeAll(async () => {
    now = Date.parse('2027-02-01T06:00:00.000Z');
    ({ client: admin } = await signInAs(server, 'ADMIN'));
    const product = await insertProduct(server.deps.db, { productName: 'Realme Buds', stock: 50 });
    const people = {
      meera: { email: 'Meera.Iyer@Example.com', phone: '+91 98860 12345', pin: '560034' },
      ravi: { email: 'ravi.k@example.org', phone: '09886012399', pin: '110001' },
      sana: { email: 'sana@shop.example', phone: '7012345678', pin: '560034' },
    };
    for (const [key, p] of Object.entries(people)) {
      now += 60_000;
      const { client } = await signInAs(server);
      await server.deps.db
        .updateTable('users')
        .set({ email: p.email.toLowerCase() })
        .where('email', '=', (await client.get<{ data: { email: string } }>('/api/user-details')).body.data.email)
        .execute();
      expect((await client.post('/api/addtocart', { productId: product.id })).status).toBe(200);
      const address = await client.trpc<{ _id: string }>('mutation', 'address.create', {
        name: key,
        phone: p.phone,
        line1: '1 Main Road',
        line2: '',
        city: 'Somewhere',
        stateCode: p.pin.startsWith('56') ? '29' : '07',
        pin: p.pin,
        gstin: '',
      });
      const started = await client.trpc<StartCheckoutResult>('mutation', 'checkout.start', { addressId: address.body._id });
      expect(started.status).toBe(200);
      placed[key] = { orderId: started.body.orderId, number: await numberOf(started.body.orderId) };
    }
  });

  const only = (...keys: string[]) => keys.map((k) => placed[k]?.orderId);

  it('finds by order number, exact after normalising: any case, dashes or spaces or neither', async () => {
    const number = placed.ravi?.number ?? '';
    expect(number).toMatch(/^AB1-2027-\d{6}$/);
    const compact = number.replace(/-/g, '');
    for (const typed of [number, number.toLowerCase(), `  ${number.replace(/-/g, ' ')} `, compact, compact.toLowerCase()]) {
      const found = await search(typed);
      expect(found.status).toBe(200);
      expect(idsOf(found.body)).toEqual(only('ravi'));
    }
    // Part of a number is not a number.
    expect(idsOf((await search(number.slice(0, -1))).body)).toEqual([]);
  });

  it('finds by a part of the shopper’s email, ignoring case', async () => {
    expect(idsOf((await search('MEERA.iyer')).body)).toEqual(only('meera'));
    expect(idsOf((await search('example.org')).body)).toEqual(only('ravi'));
    expect(idsOf((await search('@')).body)).toEqual(expect.arrayContaining(only('meera', 'ravi', 'sana')));
  });

  it('finds by the delivery phone’s last 10 digits, however it is typed', async () => {
    for (const typed of ['9886012345', '+91 98860 12345', '098860-12345', '(98860) 12345']) expect(idsOf((await search(typed)).body)).toEqual(only('meera'));
    expect(idsOf((await search('+91 98860 12399')).body)).toEqual(only('ravi'));
    expect(idsOf((await search('98860123')).body)).toEqual([]);
  });

  it('finds by the delivery PIN, newest first, in keyset pages', async () => {
    expect(idsOf((await search('110 001')).body)).toEqual(only('ravi'));
    const first = await search('560034', { limit: 1 });
    expect(idsOf(first.body)).toEqual(only('sana'));
    expect(first.body.nextCursor).not.toBeNull();
    const second = await search('560034', { limit: 1, cursor: first.body.nextCursor });
    expect(idsOf(second.body)).toEqual(only('meera'));
    expect(second.body.nextCursor).toBeNull();
    // With the status filter too.
    expect(idsOf((await search('560034', { status: 'paid' })).body)).toEqual([]);
    expect(idsOf((await search('560034', { status: 'pending' })).body)).toEqual(only('sana', 'meera'));
  });

  it('reads a term with every matcher that can: the keys a term is looked for by', () => {
    expect(matcherKeysFor('VM-2026-000123')).toEqual(['orderNumber', 'email']);
    expect(matcherKeysFor('560034')).toEqual(['pin']);
    expect(matcherKeysFor('+91 98860 12345')).toEqual(['phone']);
    expect(matcherKeysFor('meera')).toEqual(['email']);
    expect(matcherKeysFor('12345')).toEqual([]);
  });

  it('uses the expression indexes for a phone or a PIN', async () => {
    const db = server.deps.db;
    for (const [term, index] of [
      ['560034', 'orders_delivery_pin'],
      ['9886012345', 'orders_delivery_phone'],
    ] as const) {
      const query = db.selectFrom('orders').innerJoin('users', 'users.id', 'orders.user_id').select('orders.id').where(searchCondition(db, term)).compile();
      const plan =
        dialect === 'sqlite'
          ? (await sql.raw<{ detail: string }>(`explain query plan ${inline(query.sql, query.parameters)}`).execute(db)).rows.map((r) => r.detail).join('\n')
          : await transaction(db, async (trx) => {
              await sql`set local enable_seqscan = off`.execute(trx);
              return (await sql.raw<{ 'QUERY PLAN': string }>(`explain ${inline(query.sql, query.parameters)}`).execute(trx)).rows.map((r) => r['QUERY PLAN']).join('\n');
            });
      expect(plan).toContain(index);
    }
  });

  it('refuses a term over 100 characters or with a control character: 400 naming the field', async () => {
    const long = await search('a'.repeat(101));
    expect(long.status).toBe(400);
    expect((long.body as unknown as { data: { fieldErrors: Record<string, string> } }).data.fieldErrors).toEqual({ q: 'search text must be at most 100 characters' });
    const control = await search('meera\u001b[2J');
    expect(control.status).toBe(400);
    expect((control.body as unknown as { data: { fieldErrors: Record<string, string> } }).data.fieldErrors).toEqual({ q: 'search text contains a control character (U+001B)' });
    const notText = await search(42);
    expect(notText.status).toBe(400);
    expect((notText.body as unknown as { data: { fieldErrors: Record<string, string> } }).data.fieldErrors).toHaveProperty('q');
  });
});

/** The compiled query with its parameters written in (EXPLAIN takes no parameters); test values only. */
function inline(text: string, parameters: readonly unknown[]): string {
  let i = 0;
  return text.replace(/\?|\$\d+/g, (mark) => {
    const value = mark === '?' ? parameters[i++] : parameters[Number(mark.slice(1)) - 1];
    return typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`;
  });
}

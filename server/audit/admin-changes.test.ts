import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatINR } from '../../shared/money';
import type { AuditEntry } from '../../shared/schemas/audit';
import type { AdminOrder, Page } from '../../shared/schemas/admin';
import type { AdminBanner, Product } from '../../shared/schemas/catalog';
import type { Order, PlaceCodOrderResult } from '../../shared/schemas/order';
import { insertProduct, signInAs, testPayForm, testShopSettings, type TestUser } from '../testing/factories';
import { startTestServer, type HttpClient, type TestServer } from '../testing/test-server';
import { packAndShip } from '../testing/shipping';

/**
 * Issue 26, item 3: every admin change to the catalogue, banners and orders is in the audit log,
 * once, written in the transaction of the change (a refused change records nothing; a log that
 * cannot be written stops the change), with who, when, before and after, and listed in words.
 * Runs on SQLite here and on PostgreSQL in the server-pg project.
 */

const ADDRESS = { name: 'Asha Rao', phone: '98450 11111', line1: '12 MG Road', line2: '', city: 'Bengaluru', stateCode: '29', pin: '560001', gstin: '' };

let server: TestServer;
let admin: HttpClient;
let owner: TestUser;
let now = Date.parse('2026-11-26T06:30:00.000Z');

beforeAll(async () => {
  server = await startTestServer({ clock: () => new Date((now += 1000)) });
  ({ client: admin, user: owner } = await signInAs(server, 'ADMIN'));
  const settings = testShopSettings({ payments: { online: 'both', cod: { enabled: true, maxOrderPaise: 5_000_000, feePaise: 0, pins: [], maxOpenOrders: 5 } } });
  expect((await admin.trpc('mutation', 'settings.update', settings)).status).toBe(200);
});

afterAll(async () => {
  await server.close();
});

type Row = { actor_id: string | null; at: string; detail: Record<string, unknown> };

/** The audit rows of one action, oldest first, optionally only those whose detail names `id`. */
async function rows(action: string, id?: string): Promise<Row[]> {
  const found = await server.deps.db.selectFrom('audit_log').select(['actor_id', 'at', 'detail']).where('action', '=', action).orderBy('at').orderBy('id').execute();
  return found
    .map((r) => ({ actor_id: r.actor_id, at: r.at, detail: JSON.parse(r.detail) as Record<string, unknown> }))
    .filter((r) => id === undefined || Object.values(r.detail).includes(id));
}

async function listed(kind?: string): Promise<AuditEntry[]> {
  const reply = await admin.trpc<Page<AuditEntry>>('query', 'admin.audit', kind ? { limit: 100, kind } : { limit: 100 });
  expect(reply.status).toBe(200);
  return reply.body.items;
}

const productRow = (id: string) => server.deps.db.selectFrom('products').select(['selling_price', 'stock', 'archived_at']).where('id', '=', id).executeTakeFirstOrThrow();

describe('products', () => {
  it('records adding, editing (only what changed, old → new), archiving and restoring, once each; a refused edit records nothing', async () => {
    const form = { productName: 'Trail Speaker', brandName: 'Voltwave', category: 'speakers', productImage: ['/images/speaker.webp'], price: 1_500_000, sellingPrice: 1_234_550 };
    const created = await admin.trpc<Product>('mutation', 'catalog.create', { ...form, stock: 5 });
    expect(created.status).toBe(200);
    const id = created.body._id;
    const [added, ...moreAdded] = await rows('product.create', id);
    expect(moreAdded).toEqual([]);
    expect(added).toMatchObject({ actor_id: owner.id, detail: { productId: id, name: 'Trail Speaker', price: 1_500_000, sellingPrice: 1_234_550, trackStock: true, stock: 5 } });

    // Saved as it was: nothing changed, nothing recorded.
    expect((await admin.trpc('mutation', 'catalog.update', { _id: id, ...form, stock: 5, expectedStock: 5 })).status).toBe(200);
    expect(await rows('product.update', id)).toEqual([]);

    // The price edit: only the fields that changed, with their old and new values.
    const edited = await admin.trpc('mutation', 'catalog.update', { _id: id, ...form, sellingPrice: 999_900, description: 'Louder', stock: 5, expectedStock: 5 });
    expect(edited.status).toBe(200);
    const edits = await rows('product.update', id);
    expect(edits).toHaveLength(1);
    expect(edits[0]).toMatchObject({ actor_id: owner.id });
    expect(edits[0]!.detail).toEqual({
      productId: id,
      name: 'Trail Speaker',
      changes: [
        { field: 'sellingPrice', from: 1_234_550, to: 999_900 },
        { field: 'description', from: '', to: 'Louder' },
      ],
    });

    // Refused (the stock moved since the form was loaded): the price is not changed, and not recorded.
    const stale = await admin.trpc('mutation', 'catalog.update', { _id: id, ...form, sellingPrice: 888_800, description: 'Louder', stock: 9, expectedStock: 3 });
    expect(stale.status).toBe(409);
    expect((await productRow(id)).selling_price).toBe(999_900);
    expect(await rows('product.update', id)).toHaveLength(1);

    // Archive and restore: recorded when they change something, not again on a repeat.
    for (let i = 0; i < 2; i++) expect((await admin.trpc('mutation', 'catalog.archive', { productId: id })).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await admin.trpc('mutation', 'catalog.restore', { productId: id })).status).toBe(200);
    expect((await rows('product.archive', id)).map((r) => r.detail)).toEqual([{ productId: id, name: 'Trail Speaker' }]);
    expect((await rows('product.restore', id)).map((r) => r.detail)).toEqual([{ productId: id, name: 'Trail Speaker' }]);
    expect((await admin.trpc('mutation', 'catalog.archive', { productId: 'no-such-product' })).status).toBe(404);
    expect(await rows('product.archive')).toHaveLength(1);

    // The page's words: kind, action and what changed, with who did it.
    const entries = (await listed('product')).filter((e) => e.detail.productId === id);
    expect(entries.map((e) => [e.kind, e.label, e.summary])).toEqual([
      ['product', 'Product restored', 'Put Trail Speaker back on sale'],
      ['product', 'Product archived', 'Took Trail Speaker off sale (orders keep their copy)'],
      ['product', 'Price changed', `Trail Speaker: selling price ${formatINR(1_234_550)} → ${formatINR(999_900)}; description edited`],
      ['product', 'Product added', `Added Trail Speaker (Voltwave, Speakers) at ${formatINR(1_234_550)}, price ${formatINR(1_500_000)}, 5 in stock`],
    ]);
    expect(entries.every((e) => e.actor?._id === owner.id && e.actor.name === owner.name)).toBe(true);
    expect(new Set((await listed('product')).map((e) => e.kind))).toEqual(new Set(['product']));
  });
});

describe('orders', () => {
  const setStatus = (orderId: string, status: string, extra: Record<string, unknown> = {}) =>
    admin.trpc<AdminOrder>('mutation', 'admin.setOrderStatus', { orderId, status, ...extra });

  /** A shopper's order paid on the built-in test checkout. */
  async function paidOrder(): Promise<{ client: HttpClient; orderId: string }> {
    const product = await insertProduct(server.deps.db, { productName: 'Trail Cable', sellingPrice: 39_900, price: 49_900, stock: 20 });
    const { client } = await signInAs(server);
    expect((await client.post('/api/addtocart', { productId: product.id })).status).toBe(200);
    const address = await client.trpc<{ _id: string }>('mutation', 'address.create', ADDRESS);
    const started = await client.trpc<{ orderId: string; sessionId: string }>('mutation', 'checkout.start', { addressId: address.body._id });
    expect(started.status).toBe(200);
    const pay = await client.request(`/test-checkout/${started.body.sessionId}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: testPayForm('standard'),
    });
    expect(pay.status).toBe(303);
    return { client, orderId: started.body.orderId };
  }

  const orderOf = async (client: HttpClient, orderId: string) => (await client.trpc<Order[]>('query', 'order.list')).body.find((o) => o._id === orderId)!;

  it('records each status move once, from → to, and nothing for a refused move', async () => {
    const { client, orderId } = await paidOrder();
    expect((await setStatus(orderId, 'delivered')).status).toBe(409);
    expect((await setStatus(orderId, 'returned')).status).toBe(409);
    expect(await rows('order.status', orderId)).toEqual([]);

    // Shipping takes the Pack & ship step (its courier and AWB), not a bare status move.
    expect((await setStatus(orderId, 'shipped')).status).toBe(409);
    expect(await rows('order.status', orderId)).toEqual([]);
    expect((await packAndShip(admin, orderId, { courierName: 'Delhivery', awb: 'DLV12345678' })).status).toBe(200);
    expect((await setStatus(orderId, 'shipped')).status).toBe(409);
    expect((await packAndShip(admin, orderId)).status).toBe(409);
    expect((await setStatus(orderId, 'delivered')).status).toBe(200);
    const moves = await rows('order.status', orderId);
    expect(moves.map((r) => r.detail)).toEqual([
      { orderId, from: 'paid', to: 'shipped', courier: 'Delhivery', awb: 'DLV12345678' },
      { orderId, from: 'shipped', to: 'delivered' },
    ]);
    expect(moves.every((r) => r.actor_id === owner.id)).toBe(true);

    const entries = (await listed('order')).filter((e) => e.detail.orderId === orderId);
    // Named by the order's readable number (issue 29), which the stored detail does not carry.
    const number = (await orderOf(client, orderId)).orderNumber;
    expect(entries.map((e) => [e.label, e.summary])).toEqual([
      ['Order delivered', `Order ${number}: shipped → delivered`],
      ['Order shipped', `Order ${number}: paid → shipped; Delhivery AWB DLV12345678`],
      ['Order packed', expect.stringMatching(new RegExp(`^Order ${number} packed; IMEI \\d{15}$`))],
    ]);
  });

  it('records a cancellation with its credit note and the refund asked for, and the refund itself', async () => {
    const { client, orderId } = await paidOrder();
    const charged = (await orderOf(client, orderId)).amountCharged!;
    expect((await setStatus(orderId, 'cancelled', { refund: true })).status).toBe(200);

    const [cancel, ...more] = await rows('order.status', orderId);
    expect(more).toEqual([]);
    expect(cancel!.detail).toMatchObject({ orderId, from: 'paid', to: 'cancelled', stockBack: true, refund: { amount: charged, provider: 'test' } });
    expect(cancel!.detail.creditNote).toMatch(/^VM\/\d{4}\/C\d{4}$/);
    expect(await rows('order.refund', orderId)).toHaveLength(1);

    const entries = (await listed('order')).filter((e) => e.detail.orderId === orderId);
    expect(entries.map((e) => e.label)).toEqual([`Order refunded (${formatINR(charged)})`, `Order cancelled (refund ${formatINR(charged)})`]);
    expect(entries[1]!.summary).toBe(
      `Order ${(await orderOf(client, orderId)).orderNumber}: paid → cancelled; credit note ${String(cancel!.detail.creditNote)} issued; refund of ${formatINR(charged)} asked through the test checkout; units back on sale`,
    );
  });

  it('records a shopper cancelling their own cash on delivery order, with them as the actor', async () => {
    const product = await insertProduct(server.deps.db, { productName: 'Trail Charger', sellingPrice: 99_900, price: 129_900, stock: 3 });
    const { client, user } = await signInAs(server);
    expect((await client.post('/api/addtocart', { productId: product.id })).status).toBe(200);
    const address = await client.trpc<{ _id: string }>('mutation', 'address.create', ADDRESS);
    const placed = await client.trpc<PlaceCodOrderResult>('mutation', 'checkout.placeCodOrder', { addressId: address.body._id });
    expect(placed.status).toBe(200);
    const { orderId } = placed.body;
    expect((await client.trpc('mutation', 'order.cancel', { orderId })).status).toBe(200);
    expect((await client.trpc('mutation', 'order.cancel', { orderId })).status).toBe(409);

    const moves = await rows('order.status', orderId);
    expect(moves).toEqual([expect.objectContaining({ actor_id: user.id, detail: { orderId, from: 'confirmed', to: 'cancelled', by: 'customer', stockBack: true } })]);
    const entry = (await listed('order')).find((e) => e.detail.orderId === orderId);
    expect(entry).toMatchObject({ label: 'Order cancelled by the customer', actor: { _id: user.id } });
  });

  it('changes nothing when the audit entry cannot be written: the move and its entry commit together', async () => {
    const { client, orderId } = await paidOrder();
    const mailsBefore = await server.deps.db.selectFrom('mail_outbox').select('id').where('kind', '=', 'order-shipped').execute();
    await sql`alter table audit_log rename to audit_log_away`.execute(server.deps.db);
    try {
      expect((await packAndShip(admin, orderId)).status).toBe(500);
    } finally {
      await sql`alter table audit_log_away rename to audit_log`.execute(server.deps.db);
    }
    expect((await orderOf(client, orderId)).status).toBe('paid');
    expect(await server.deps.db.selectFrom('mail_outbox').select('id').where('kind', '=', 'order-shipped').execute()).toHaveLength(mailsBefore.length);
    expect(await rows('order.status', orderId)).toEqual([]);
    expect(await server.deps.db.selectFrom('shipments').select('id').where('order_id', '=', orderId).execute()).toEqual([]);

    // With the log back, the same move goes through and is recorded.
    expect((await packAndShip(admin, orderId)).status).toBe(200);
    expect(await rows('order.status', orderId)).toHaveLength(1);
  });
});

describe('banners', () => {
  it('records adding, editing (before → after), moving and deleting a banner; a no-op or refused change records nothing', async () => {
    const save = (input: Record<string, unknown>) =>
      admin.trpc<AdminBanner>('mutation', 'catalog.saveBanner', { kind: 'desktop', imageUrl: '/images/trail-a.webp', link: '/product-category?category=speakers', ...input });
    const first = (await save({ alt: 'Trail sale' })).body;
    const second = (await save({ alt: 'Trail winter' })).body;
    expect((await rows('banner.add', first._id)).map((r) => r.detail)).toEqual([
      { bannerId: first._id, kind: 'desktop', imageUrl: '/images/trail-a.webp', alt: 'Trail sale', link: '/product-category?category=speakers', hidden: false },
    ]);

    expect((await save({ bannerId: first._id, alt: 'Trail sale (ended)', hidden: true })).status).toBe(200);
    expect((await save({ bannerId: first._id, alt: 'Trail sale (ended)', hidden: true })).status).toBe(200);
    expect((await rows('banner.edit', first._id)).map((r) => r.detail)).toEqual([
      {
        bannerId: first._id,
        kind: 'desktop',
        alt: 'Trail sale (ended)',
        changes: [
          { field: 'alt', from: 'Trail sale', to: 'Trail sale (ended)' },
          { field: 'hidden', from: false, to: true },
        ],
      },
    ]);

    expect((await admin.trpc('mutation', 'catalog.moveBanner', { bannerId: second._id, direction: 'up' })).status).toBe(200);
    expect((await admin.trpc('mutation', 'catalog.moveBanner', { bannerId: second._id, direction: 'up' })).status).toBe(200);
    const moves = await rows('banner.move', second._id);
    expect(moves).toHaveLength(1);
    expect(moves[0]!.detail).toMatchObject({ direction: 'up', to: 1 });

    expect((await admin.trpc('mutation', 'catalog.deleteBanner', { bannerId: second._id })).status).toBe(200);
    expect((await admin.trpc('mutation', 'catalog.deleteBanner', { bannerId: second._id })).status).toBe(404);
    expect((await rows('banner.delete', second._id)).map((r) => r.actor_id)).toEqual([owner.id]);

    const labels = (await listed('banner')).filter((e) => e.detail.bannerId === first._id || e.detail.bannerId === second._id).map((e) => e.label);
    expect(labels).toEqual(['Banner deleted', 'Banner moved', 'Banner edited', 'Banner added', 'Banner added']);
  });
});

describe('the list', () => {
  it('keeps one kind when asked (stock from the stock history), and refuses an unknown kind naming the field', async () => {
    const stock = await listed('stock');
    expect(stock.length).toBeGreaterThan(0);
    expect(new Set(stock.map((e) => [e.kind, e.action].join()))).toEqual(new Set(['stock,stock']));
    expect(stock.find((e) => e.summary.startsWith('Stock of Trail Speaker'))).toMatchObject({ label: 'Opening stock', summary: 'Stock of Trail Speaker: 0 → 5' });

    const all = await listed();
    expect(new Set(all.map((e) => e.kind))).toEqual(new Set(['settings', 'product', 'stock', 'order', 'banner']));
    for (const entry of all) expect(entry.label).not.toMatch(/^[a-z-]+\.[a-z-]+$/);

    const refused = await admin.trpc<{ data: { fieldErrors: Record<string, string> | null } }>('query', 'admin.audit', { kind: 'order.refund' });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.data.fieldErrors ?? {})).toEqual(['kind']);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId, type DB } from '../../db/database';
import { HttpClient, startTestServer, type TestServer } from '../../testing/test-server';
import { insertProduct, insertUser, signInAs } from '../../testing/factories';
import { ORDER_STATUSES, type OrderStatus, type ShippingAddress } from '../../../shared/schemas/order';
import { canTransition, type AdminOrder, type AdminProduct, type Dashboard, type Page } from '../../../shared/schemas/admin';
import { packAndShip } from '../../testing/shipping';

type TrpcError = {
  message: string;
  data: {
    httpStatus: number;
    appCode: string;
    fieldErrors: Record<string, string> | null;
  };
};

const ADDRESS: ShippingAddress = {
  name: 'Asha Rao',
  line1: '12 MG Road',
  line2: null,
  city: 'Bengaluru',
  state: 'KA',
  postalCode: '560001',
  country: 'IN',
};

let stamp = Date.parse('2026-01-01T00:00:00.000Z');
/** Distinct, increasing creation times so "newest first" is checkable. */
const nextCreatedAt = () => new Date((stamp += 60_000)).toISOString();

/** Writes an order row and its lines as checkout and fulfilment would have left them. */
async function insertOrder(
  db: DB,
  opts: {
    userId: string;
    email?: string;
    status: OrderStatus;
    lines: {
      productId: string;
      name?: string;
      unitPrice: number;
      quantity: number;
    }[];
    shippingAmount?: number;
    paidAt?: string | null;
    createdAt?: string;
  },
): Promise<string> {
  const id = newId();
  const createdAt = opts.createdAt ?? nextCreatedAt();
  const paid = opts.status !== 'pending';
  await db
    .insertInto('orders')
    .values({
      id,
      order_number: `T-${id}`,
      user_id: opts.userId,
      email: opts.email ?? 'buyer@example.com',
      status: opts.status,
      provider: 'test',
      payment_session_id: `cs_${id}`,
      payment_method_types: JSON.stringify(['card']),
      payment_status: paid ? 'paid' : 'unpaid',
      shipping_rate: paid ? 'standard' : null,
      shipping_amount: opts.shippingAmount ?? 0,
      shipping_address: paid ? JSON.stringify(ADDRESS) : null,
      total_amount: opts.lines.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0),
      paid_at: opts.paidAt === undefined ? (paid ? createdAt : null) : opts.paidAt,
      created_at: createdAt,
      updated_at: createdAt,
    })
    .execute();
  await db
    .insertInto('order_items')
    .values(
      opts.lines.map((l, position) => ({
        id: newId(),
        order_id: id,
        product_id: l.productId,
        name: l.name ?? 'Line product',
        images: JSON.stringify(['/images/line.webp']),
        unit_price: l.unitPrice,
        quantity: l.quantity,
        // Checkout took the units from stock; a cancelled order gave them back.
        stock_taken: opts.status === 'cancelled' ? 0 : l.quantity,
        position,
      })),
    )
    .execute();
  return id;
}

async function orderRow(db: DB, id: string) {
  return db.selectFrom('orders').select(['status', 'updated_at']).where('id', '=', id).executeTakeFirstOrThrow();
}

async function stockOf(db: DB, productId: string): Promise<number> {
  const row = await db.selectFrom('products').select('stock').where('id', '=', productId).executeTakeFirstOrThrow();
  return row.stock;
}

describe('admin procedures: who may call them', () => {
  let server: TestServer;
  let admin: HttpClient;
  let general: HttpClient;
  let orderId: string;

  beforeAll(async () => {
    server = await startTestServer();
    admin = (await signInAs(server, 'ADMIN')).client;
    const shopper = await signInAs(server, 'GENERAL');
    general = shopper.client;
    const product = await insertProduct(server.deps.db);
    orderId = await insertOrder(server.deps.db, {
      userId: shopper.user.id,
      status: 'paid',
      lines: [{ productId: product.id, unitPrice: 1000, quantity: 1 }],
    });
  });
  afterAll(async () => {
    await server.close();
  });

  const calls: [string, 'query' | 'mutation', () => unknown][] = [
    ['admin.dashboard', 'query', () => undefined],
    ['admin.orders', 'query', () => ({})],
    ['admin.products', 'query', () => ({})],
    ['shipping.packingSheet', 'query', () => ({ orderId })],
    ['shipping.packingSlip', 'query', () => ({ orderId })],
    // Last: an admin's call cancels it.
    ['admin.setOrderStatus', 'mutation', () => ({ orderId, status: 'cancelled' })],
  ];

  it.each(calls)('%s answers 401 "Please Login...!" to a visitor', async (name, kind, input) => {
    const reply = await new HttpClient(server.url).trpc<TrpcError>(kind, name, input());
    expect(reply.status).toBe(401);
    expect(reply.body.message).toBe('Please Login...!');
    expect((await orderRow(server.deps.db, orderId)).status).toBe('paid');
  });

  it.each(calls)('%s answers 403 to a GENERAL user', async (name, kind, input) => {
    const reply = await general.trpc<TrpcError>(kind, name, input());
    expect(reply.status).toBe(403);
    expect(reply.body.data.appCode).toBe('FORBIDDEN');
    expect((await orderRow(server.deps.db, orderId)).status).toBe('paid');
  });

  it.each(calls)('%s answers 200 to an ADMIN', async (name, kind, input) => {
    const reply = await admin.trpc(kind, name, input());
    expect(reply.status).toBe(200);
  });

  it('a user demoted to GENERAL loses access at once (the role is read on every request)', async () => {
    const { client, user } = await signInAs(server, 'ADMIN');
    expect((await client.trpc('query', 'admin.orders', {})).status).toBe(200);
    await server.deps.db.updateTable('users').set({ role: 'GENERAL' }).where('id', '=', user.id).execute();
    expect((await client.trpc('query', 'admin.orders', {})).status).toBe(403);
  });
});

describe('admin.orders', () => {
  let server: TestServer;
  let admin: HttpClient;
  const ids: { id: string; status: OrderStatus }[] = [];
  let buyer: { id: string; name: string; email: string };

  beforeAll(async () => {
    server = await startTestServer();
    admin = (await signInAs(server, 'ADMIN')).client;
    const user = await insertUser(server.deps.db, {
      name: 'Meera Iyer',
      email: 'meera@example.com',
    });
    buyer = { id: user.id, name: user.name, email: user.email };
    const product = await insertProduct(server.deps.db, {
      productName: 'Pixel Buds',
    });
    const statuses: OrderStatus[] = ['pending', 'paid', 'shipped', 'delivered', 'cancelled', 'paid', 'paid'];
    for (const status of statuses) {
      const id = await insertOrder(server.deps.db, {
        userId: buyer.id,
        email: 'checkout-address@example.com',
        status,
        shippingAmount: 4_900,
        lines: [
          {
            productId: product.id,
            name: 'Pixel Buds',
            unitPrice: 999_900,
            quantity: 2,
          },
          {
            productId: product.id,
            name: 'Pixel Buds case',
            unitPrice: 50_000,
            quantity: 1,
          },
        ],
      });
      ids.push({ id, status });
    }
  });
  afterAll(async () => {
    await server.close();
  });

  it('lists every order newest first with its lines, amounts in paise, the customer and the shipping address', async () => {
    const reply = await admin.trpc<Page<AdminOrder>>('query', 'admin.orders', {
      limit: 100,
    });
    expect(reply.status).toBe(200);
    expect(reply.body.items.map((o) => o._id)).toEqual([...ids].reverse().map((o) => o.id));
    expect(reply.body.nextCursor).toBeNull();
    const paid = reply.body.items.find((o) => o.status === 'paid');
    expect(paid).toMatchObject({
      userId: buyer.id,
      email: 'checkout-address@example.com',
      customer: { name: 'Meera Iyer', email: 'meera@example.com' },
      shippingAddress: ADDRESS,
      subtotalAmount: 2_049_800,
      totalAmount: 2_054_700,
      shipping_options: [{ shipping_amount: 4_900, shipping_rate: 'standard' }],
      paymentDetails: { payment_method_type: ['card'], payment_status: 'paid' },
      productDetails: [
        {
          name: 'Pixel Buds',
          price: 999_900,
          quantity: 2,
          image: ['/images/line.webp'],
        },
        { name: 'Pixel Buds case', price: 50_000, quantity: 1 },
      ],
    });
    expect(JSON.stringify(reply.body)).not.toMatch(/password|argon2/i);
  });

  it('filters by status', async () => {
    const reply = await admin.trpc<Page<AdminOrder>>('query', 'admin.orders', {
      status: 'paid',
    });
    expect(reply.body.items.map((o) => o._id)).toEqual(
      ids
        .filter((o) => o.status === 'paid')
        .reverse()
        .map((o) => o.id),
    );
    const none = await admin.trpc<Page<AdminOrder>>('query', 'admin.orders', {
      status: 'delivered',
      limit: 5,
    });
    expect(none.body.items.map((o) => o.status)).toEqual(['delivered']);
  });

  it('pages through everything with the cursor, each order once', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const reply = await admin.trpc<Page<AdminOrder>>('query', 'admin.orders', { limit: 3, ...(cursor ? { cursor } : {}) });
      expect(reply.status).toBe(200);
      expect(reply.body.items.length).toBeLessThanOrEqual(3);
      seen.push(...reply.body.items.map((o) => o._id));
      cursor = reply.body.nextCursor ?? undefined;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual([...ids].reverse().map((o) => o.id));
  });

  it('refuses a forged cursor, an unknown status and a silly limit with 400', async () => {
    for (const input of [{ cursor: 'not-a-cursor' }, { status: 'lost' }, { limit: 0 }, { limit: 1000 }]) {
      const reply = await admin.trpc<TrpcError>('query', 'admin.orders', input);
      expect(reply.status).toBe(400);
      expect(reply.body.data.appCode).toBe('BAD_INPUT');
    }
  });
});

describe('admin.setOrderStatus', () => {
  let server: TestServer;
  let admin: HttpClient;
  let shopper: HttpClient;
  let shopperId: string;
  let productId: string;

  beforeAll(async () => {
    server = await startTestServer();
    admin = (await signInAs(server, 'ADMIN')).client;
    const signedIn = await signInAs(server, 'GENERAL');
    shopper = signedIn.client;
    shopperId = signedIn.user.id;
    productId = (await insertProduct(server.deps.db, { stock: 10 })).id;
  });
  afterAll(async () => {
    await server.close();
  });

  const newOrder = (status: OrderStatus, quantity = 2) =>
    insertOrder(server.deps.db, {
      userId: shopperId,
      status,
      lines: [{ productId, unitPrice: 10_000, quantity }],
    });

  it('moves a paid order to shipped, then delivered, and the shopper sees each step', async () => {
    const orderId = await newOrder('paid');
    // A parcel leaves with its courier and AWB: a bare status move is refused and changes nothing.
    const bare = await admin.trpc<TrpcError>('mutation', 'admin.setOrderStatus', { orderId, status: 'shipped' });
    expect(bare.status).toBe(409);
    expect(bare.body.message).toMatch(/Pack & ship/);
    expect((await orderRow(server.deps.db, orderId)).status).toBe('paid');
    const shipped = await packAndShip(admin, orderId, { courierName: 'Blue Dart', awb: 'BD1234567' });
    expect(shipped.status).toBe(200);
    expect(shipped.body.shipment).toMatchObject({ status: 'shipped', courierName: 'Blue Dart', awb: 'BD1234567' });
    expect((await orderRow(server.deps.db, orderId)).status).toBe('shipped');
    const mine = await shopper.trpc<{ _id: string; status: string }[]>('query', 'order.list');
    expect(mine.body.find((o) => o._id === orderId)?.status).toBe('shipped');

    const delivered = await admin.trpc<AdminOrder>('mutation', 'admin.setOrderStatus', { orderId, status: 'delivered' });
    expect(delivered.body.status).toBe('delivered');
    expect((await orderRow(server.deps.db, orderId)).status).toBe('delivered');
    expect((await shopper.trpc<{ _id: string; status: string }[]>('query', 'order.list')).body.find((o) => o._id === orderId)?.status).toBe('delivered');
  });

  it('cancelling a paid order puts its units back on sale', async () => {
    const orderId = await newOrder('paid', 3);
    const before = await stockOf(server.deps.db, productId);
    const reply = await admin.trpc<AdminOrder>('mutation', 'admin.setOrderStatus', { orderId, status: 'cancelled' });
    expect(reply.status).toBe(200);
    expect(reply.body.status).toBe('cancelled');
    expect(await stockOf(server.deps.db, productId)).toBe(before + 3);
    // The shopper paid for it, so it stays in their list, marked cancelled.
    const mine = await shopper.trpc<{ _id: string; status: string }[]>('query', 'order.list');
    expect(mine.body.find((o) => o._id === orderId)?.status).toBe('cancelled');
  });

  it('never shows a shopper a checkout they did not pay for', async () => {
    const pendingId = await newOrder('pending');
    // A checkout whose session expired: cancelled, never paid.
    const expiredId = await insertOrder(server.deps.db, { userId: shopperId, status: 'cancelled', paidAt: null, lines: [{ productId, unitPrice: 10_000, quantity: 1 }] });
    const mine = await shopper.trpc<{ _id: string }[]>('query', 'order.list');
    expect(mine.body.map((o) => o._id)).not.toContain(pendingId);
    expect(mine.body.map((o) => o._id)).not.toContain(expiredId);
  });

  it('cancelling a shipped order leaves the stock alone (the units left the warehouse)', async () => {
    const orderId = await newOrder('shipped', 2);
    const before = await stockOf(server.deps.db, productId);
    const reply = await admin.trpc<AdminOrder>('mutation', 'admin.setOrderStatus', { orderId, status: 'cancelled' });
    expect(reply.body.status).toBe('cancelled');
    expect(await stockOf(server.deps.db, productId)).toBe(before);
  });

  const refused = ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.filter((to) => !canTransition(from, to)).map((to) => [from, to] as const));

  it('knows exactly four allowed moves', () => {
    const allowed = ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.filter((to) => canTransition(from, to)).map((to) => `${from}->${to}`));
    expect(allowed.sort()).toEqual(['paid->cancelled', 'paid->shipped', 'shipped->cancelled', 'shipped->delivered']);
    expect(refused).toHaveLength(ORDER_STATUSES.length ** 2 - 4);
  });

  it.each(refused)('refuses %s -> %s with 409 INVALID_TRANSITION and changes nothing', async (from, to) => {
    const orderId = await newOrder(from);
    const before = await orderRow(server.deps.db, orderId);
    const stockBefore = await stockOf(server.deps.db, productId);
    const reply = await admin.trpc<TrpcError>('mutation', 'admin.setOrderStatus', { orderId, status: to });
    expect(reply.status).toBe(409);
    expect(reply.body.data.appCode).toBe('INVALID_TRANSITION');
    expect(reply.body.message).toMatch(from === to ? /already/ : new RegExp(`cannot be (marked ${to}|changed)`));
    expect(await orderRow(server.deps.db, orderId)).toEqual(before);
    expect(await stockOf(server.deps.db, productId)).toBe(stockBefore);
  });

  it('answers 404 for an unknown order and 400 for a missing id or unknown status', async () => {
    const unknown = await admin.trpc<TrpcError>('mutation', 'admin.setOrderStatus', { orderId: 'no-such-order', status: 'shipped' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.data.appCode).toBe('ORDER_NOT_FOUND');
    const orderId = await newOrder('paid');
    for (const input of [{ status: 'shipped' }, { orderId, status: 'lost' }, { orderId: '  ', status: 'shipped' }]) {
      const reply = await admin.trpc<TrpcError>('mutation', 'admin.setOrderStatus', input);
      expect(reply.status).toBe(400);
    }
    expect((await orderRow(server.deps.db, orderId)).status).toBe('paid');
  });

  it('a GENERAL user cannot ship even their own order', async () => {
    const orderId = await newOrder('paid');
    const reply = await shopper.trpc<TrpcError>('mutation', 'admin.setOrderStatus', { orderId, status: 'shipped' });
    expect(reply.status).toBe(403);
    expect((await orderRow(server.deps.db, orderId)).status).toBe('paid');
  });
});

describe('admin.products', () => {
  let server: TestServer;
  let admin: HttpClient;
  const made: Record<string, string> = {};

  beforeAll(async () => {
    server = await startTestServer();
    admin = (await signInAs(server, 'ADMIN')).client;
    const db = server.deps.db;
    const add = async (key: string, p: Parameters<typeof insertProduct>[1]) => {
      made[key] = (await insertProduct(db, { ...p, createdAt: nextCreatedAt() })).id;
    };
    await add('galaxy', {
      productName: 'Galaxy S30',
      brandName: 'Samsung',
      category: 'mobiles',
      price: 7_999_900,
      sellingPrice: 6_999_900,
      stock: 4,
    });
    await add('iphone', {
      productName: 'iPhone 18',
      brandName: 'Apple',
      category: 'mobiles',
    });
    await add('airpods', {
      productName: 'AirPods Pro 3',
      brandName: 'Apple',
      category: 'airpodes',
    });
    await add('oldPhone', {
      productName: 'Galaxy S10',
      brandName: 'Samsung',
      category: 'mobiles',
      archived: true,
    });
    await add('percent', {
      productName: '100% Cotton Case',
      brandName: 'Casey',
      category: 'mobiles',
    });
  });
  afterAll(async () => {
    await server.close();
  });

  const list = async (input: object) => {
    const reply = await admin.trpc<Page<AdminProduct>>('query', 'admin.products', input);
    expect(reply.status).toBe(200);
    return reply.body;
  };
  const names = (page: Page<AdminProduct>) => page.items.map((p) => p.productName);

  it('lists products on sale newest first with prices in paise and the archive flag', async () => {
    const page = await list({});
    expect(names(page)).toEqual(['100% Cotton Case', 'AirPods Pro 3', 'iPhone 18', 'Galaxy S30']);
    expect(page.items.find((p) => p._id === made.galaxy)).toMatchObject({
      brandName: 'Samsung',
      category: 'mobiles',
      price: 7_999_900,
      sellingPrice: 6_999_900,
      stock: 4,
      archived: false,
      archivedAt: null,
      productImage: ['/images/test.webp'],
    });
  });

  it('shows archived products only when asked', async () => {
    expect(names(await list({ view: 'archived' }))).toEqual(['Galaxy S10']);
    expect((await list({ view: 'archived' })).items[0]).toMatchObject({
      archived: true,
      archivedAt: expect.any(String) as string,
    });
    expect(names(await list({ view: 'all' }))).toHaveLength(5);
  });

  it('searches name and brand without minding case, and takes % literally', async () => {
    expect(names(await list({ q: 'galaxy' }))).toEqual(['Galaxy S30']);
    expect(names(await list({ q: 'APPLE' }))).toEqual(['AirPods Pro 3', 'iPhone 18']);
    expect(names(await list({ q: 'samsung', view: 'all' }))).toEqual(['Galaxy S10', 'Galaxy S30']);
    expect(names(await list({ q: '100%' }))).toEqual(['100% Cotton Case']);
    expect(names(await list({ q: '%' }))).toEqual(['100% Cotton Case']);
    expect(names(await list({ q: 'nothing like this' }))).toEqual([]);
  });

  it('filters by category, with the search too', async () => {
    expect(names(await list({ category: 'airpodes' }))).toEqual(['AirPods Pro 3']);
    expect(names(await list({ category: 'mobiles', q: 'apple' }))).toEqual(['iPhone 18']);
    const bad = await admin.trpc<TrpcError>('query', 'admin.products', {
      category: 'toasters',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fieldErrors).toHaveProperty('category');
  });

  it('pages with the cursor', async () => {
    const first = await list({ limit: 3 });
    expect(first.items).toHaveLength(3);
    expect(first.nextCursor).not.toBeNull();
    const second = await list({ limit: 3, cursor: first.nextCursor });
    expect(names(second)).toEqual(['Galaxy S30']);
    expect(second.nextCursor).toBeNull();
  });

  it('gives each product its number of live variants and their selling-price range (the grid shows "4 variants")', async () => {
    const created = await admin.trpc<{ _id: string }>('mutation', 'catalog.create', {
      productName: 'Stylo 20K',
      brandName: 'Ambrane',
      category: 'mobiles',
      productImage: ['/images/test.webp'],
      options: [
        { name: 'Capacity', values: [{ value: '10000 mAh' }, { value: '20000 mAh' }] },
        {
          name: 'Colour',
          values: [
            { value: 'Black', swatch: '#111111' },
            { value: 'Blue', swatch: '#1e40af' },
          ],
        },
      ],
      variants: [
        { optionValues: ['10000 mAh', 'Black'], price: 150_000, sellingPrice: 99_900, stock: 5 },
        { optionValues: ['10000 mAh', 'Blue'], price: 150_000, sellingPrice: 104_900, stock: 3 },
        { optionValues: ['20000 mAh', 'Black'], price: 250_000, sellingPrice: 179_900, stock: 8 },
        { optionValues: ['20000 mAh', 'Blue'], price: 250_000, sellingPrice: 189_900, stock: 0 },
      ],
    });
    expect(created.status).toBe(200);
    const page = await list({ q: 'stylo' });
    expect(page.items).toEqual([expect.objectContaining({ variantCount: 4, priceMin: 99_900, priceMax: 189_900 })]);
    expect((await list({})).items.find((p) => p._id === made.galaxy)).toMatchObject({ variantCount: 1, priceMin: 6_999_900, priceMax: 6_999_900 });
  });
});

describe('admin.dashboard', () => {
  // 20:00 UTC on 15 March is 01:30 on 16 March in Asia/Kolkata: the shop's "today" is the 16th.
  const NOW = new Date('2026-03-15T20:00:00.000Z');
  let server: TestServer;
  let admin: HttpClient;

  beforeAll(async () => {
    server = await startTestServer({ clock: () => NOW });
    admin = (await signInAs(server, 'ADMIN')).client;
    const db = server.deps.db;
    const buyer = await insertUser(db);
    const product = await insertProduct(db, { stock: 50 });
    const sale = (status: OrderStatus, paidAt: string | null, rupees: number, shippingRupees = 0) =>
      insertOrder(db, {
        userId: buyer.id,
        status,
        paidAt,
        shippingAmount: shippingRupees * 100,
        lines: [{ productId: product.id, unitPrice: rupees * 100, quantity: 1 }],
      });

    await sale('paid', '2026-03-15T19:00:00.000Z', 1000, 50); // 16 Mar 00:30 IST: today
    await sale('delivered', '2026-03-15T19:59:00.000Z', 2000); // 16 Mar 01:29 IST: today
    await sale('shipped', '2026-03-15T18:29:59.000Z', 300); // 15 Mar 23:59 IST: yesterday
    await sale('paid', '2026-02-28T18:30:00.000Z', 400); // 1 Mar 00:00 IST: this month
    await sale('paid', '2026-02-28T18:29:59.000Z', 500); // 28 Feb 23:59 IST: last month, in the chart
    await sale('paid', '2026-02-14T18:29:59.000Z', 600); // 14 Feb IST: before the 30-day chart
    await sale('paid', '2026-03-15T20:00:01.000Z', 700); // a second in the future: not yet
    await sale('cancelled', '2026-03-15T19:30:00.000Z', 800); // refunded: not a sale
    await sale('pending', null, 900); // never paid

    await insertProduct(db, { productName: 'Almost gone', stock: 0 });
    await insertProduct(db, { productName: 'Five left', stock: 5 });
    await insertProduct(db, { productName: 'Six left', stock: 6 });
    await insertProduct(db, {
      productName: 'Archived and empty',
      stock: 0,
      archived: true,
    });
  });
  afterAll(async () => {
    await server.close();
  });

  it('counts today, this month and each of the last 30 days in the shop time zone', async () => {
    const reply = await admin.trpc<Dashboard>('query', 'admin.dashboard');
    expect(reply.status).toBe(200);
    const d = reply.body;
    expect(d.timeZone).toBe('Asia/Kolkata');
    expect(d.today).toBe('2026-03-16');
    expect(d.todayTotals).toEqual({ revenue: 305_000, orders: 2 });
    expect(d.monthTotals).toEqual({ revenue: 375_000, orders: 4 });

    expect(d.revenueByDay).toHaveLength(30);
    expect(d.revenueByDay[0]?.date).toBe('2026-02-15');
    expect(d.revenueByDay.at(-1)).toEqual({
      date: '2026-03-16',
      revenue: 305_000,
      orders: 2,
    });
    const byDate = new Map(d.revenueByDay.map((day) => [day.date, day]));
    expect(byDate.get('2026-03-15')).toEqual({
      date: '2026-03-15',
      revenue: 30_000,
      orders: 1,
    });
    expect(byDate.get('2026-03-01')).toEqual({
      date: '2026-03-01',
      revenue: 40_000,
      orders: 1,
    });
    expect(byDate.get('2026-02-28')).toEqual({
      date: '2026-02-28',
      revenue: 50_000,
      orders: 1,
    });
    // Every day is present, in order, and the others are zero.
    const dates = d.revenueByDay.map((day) => day.date);
    expect(new Set(dates).size).toBe(30);
    expect([...dates].sort()).toEqual(dates);
    expect(d.revenueByDay.filter((day) => day.orders === 0)).toHaveLength(26);
    expect(d.revenueByDay.reduce((sum, day) => sum + day.revenue, 0)).toBe(425_000);
  });

  it('lists products on sale with five or fewer units, scarcest first', async () => {
    const d = (await admin.trpc<Dashboard>('query', 'admin.dashboard')).body;
    expect(d.lowStock.map((p) => [p.productName, p.stock])).toEqual([
      ['Almost gone', 0],
      ['Five left', 5],
    ]);
  });
});

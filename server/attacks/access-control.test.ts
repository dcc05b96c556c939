import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct, insertUser, signInAs, type TestProduct, type TestUser } from '../testing/factories';
import { snapshotDb } from '../testing/db-snapshot';
import { HttpClient, startTestServer, type HttpReply, type TestServer } from '../testing/test-server';
import { twoTone } from '../images/image.fixtures';
import { NOT_ADMIN, NOT_SIGNED_IN, expectApiRefusal, expectNoLeak, expectTrpcRefusal, type Envelope } from './attack-kit';
import { storedImageNames } from '../testing/stored-images';
import { TEST_PAGE_ADDRESS } from '../testing/factories';
import { packAndShip } from '../testing/shipping';

/**
 * Access-control attacks: visitors and shoppers reaching for admin operations, shoppers
 * reaching into each other's carts and checkouts, and bodies that smuggle in a role or a price.
 * Every refusal is a clear 4xx and leaves every row as it was.
 */
let server: TestServer;
let admin: HttpClient;
let general: { client: HttpClient; user: TestUser };
/** A GENERAL user the attacks try to promote (never the attacker). */
let bystander: TestUser;
let product: TestProduct;
let paidOrderId: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = (await signInAs(server, 'ADMIN')).client;
  general = await signInAs(server, 'GENERAL');
  bystander = await insertUser(server.deps.db);
  product = await insertProduct(server.deps.db, { productName: 'Guarded Phone', price: 3_000_000, sellingPrice: 2_500_000, stock: 50 });
  paidOrderId = await buyAndPay(product.id);
});

afterAll(async () => {
  await server.close();
});

/** A shopper buys one unit through checkout and the built-in test checkout's Pay button. */
async function buyAndPay(productId: string): Promise<string> {
  const { client } = await signInAs(server);
  expect((await client.post('/api/addtocart', { productId })).status).toBe(200);
  const started = await client.post<{ id: string; data: string }>('/api/checkout', {});
  expect(started.status).toBe(200);
  const pay = await payForm(client, started.body.id, { shipping: 'standard' });
  expect(pay.status).toBe(303);
  return started.body.data;
}

function payForm(client: HttpClient, sessionId: string, fields: Record<string, string>) {
  return client.request<string>(`/test-checkout/${sessionId}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...TEST_PAGE_ADDRESS, ...fields }).toString(),
  });
}

async function uploadImage(client: HttpClient): Promise<HttpReply<Envelope>> {
  const form = new FormData();
  const png = await twoTone(64, 48).png().toBuffer();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'photo.png');
  return client.request<Envelope>('/api/upload-image', { method: 'POST', body: form });
}

/** The old API's product body (rupees), valid in every field: only the caller's role can stop it. */
const apiProductBody = () => ({
  productName: 'Injected Product',
  brandName: 'Nobody',
  category: 'mobiles',
  productImage: ['/images/test.webp'],
  description: 'Should never exist.',
  price: 10,
  sellingPrice: 1,
  stock: 5,
});

/** The same in paise, for tRPC. */
const trpcProductBody = () => ({ ...apiProductBody(), price: 1000, sellingPrice: 100 });

type ApiCall = { name: string; empty: [] | null; send: (client: HttpClient) => Promise<HttpReply> };

const API_ADMIN_CALLS: ApiCall[] = [
  { name: 'GET /api/all-user', empty: [], send: (c) => c.get('/api/all-user') },
  { name: 'POST /api/update-user (promote a bystander)', empty: null, send: (c) => c.post('/api/update-user', { userId: bystander.id, role: 'ADMIN' }) },
  { name: 'POST /api/upload-product', empty: null, send: (c) => c.post('/api/upload-product', apiProductBody()) },
  {
    name: 'POST /api/update-product (price to ₹1)',
    empty: null,
    send: (c) => c.post('/api/update-product', { _id: product.id, ...apiProductBody(), productName: 'Guarded Phone', price: 1, sellingPrice: 1 }),
  },
  { name: 'POST /api/delete-product', empty: null, send: (c) => c.post('/api/delete-product', { _id: product.id }) },
  { name: 'GET /api/all-order', empty: [], send: (c) => c.get('/api/all-order') },
  { name: 'POST /api/upload-image', empty: null, send: (c) => uploadImage(c) },
];

type TrpcCall = { name: string; send: (client: HttpClient) => Promise<HttpReply> };

const TRPC_ADMIN_CALLS: TrpcCall[] = [
  { name: 'admin.dashboard', send: (c) => c.trpc('query', 'admin.dashboard') },
  { name: 'admin.orders', send: (c) => c.trpc('query', 'admin.orders', {}) },
  { name: 'admin.products', send: (c) => c.trpc('query', 'admin.products', { view: 'all' }) },
  { name: 'shipping.packingSheet', send: (c) => c.trpc('query', 'shipping.packingSheet', { orderId: paidOrderId }) },
  { name: 'shipping.pack', send: (c) => c.trpc('mutation', 'shipping.pack', { orderId: paidOrderId, units: [] }) },
  { name: 'shipping.setEwayBill', send: (c) => c.trpc('mutation', 'shipping.setEwayBill', { orderId: paidOrderId, ewayBill: { number: '123456789012', date: '2026-11-28' } }) },
  // Packs the phone with its IMEI, then ships it (the packing sheet read first is refused to a non-admin).
  { name: 'shipping.shipManual', send: (c) => packAndShip(c, paidOrderId) },
  { name: 'shipping.packingSlip', send: (c) => c.trpc('query', 'shipping.packingSlip', { orderId: paidOrderId }) },
  { name: 'admin.setOrderStatus', send: (c) => c.trpc('mutation', 'admin.setOrderStatus', { orderId: paidOrderId, status: 'delivered' }) },
  { name: 'admin.resolveShortage', send: (c) => c.trpc('mutation', 'admin.resolveShortage', { orderId: paidOrderId }) },
  { name: 'catalog.create', send: (c) => c.trpc('mutation', 'catalog.create', trpcProductBody()) },
  {
    name: 'catalog.update',
    send: (c) => c.trpc('mutation', 'catalog.update', { _id: product.id, ...trpcProductBody(), productName: 'Guarded Phone', price: 100, sellingPrice: 100 }),
  },
  { name: 'catalog.archive', send: (c) => c.trpc('mutation', 'catalog.archive', { productId: product.id }) },
  { name: 'catalog.stockHistory', send: (c) => c.trpc('query', 'catalog.stockHistory', { productId: product.id }) },
  { name: 'account.all', send: (c) => c.trpc('query', 'account.all') },
  { name: 'account.updateRole', send: (c) => c.trpc('mutation', 'account.updateRole', { userId: bystander.id, role: 'ADMIN' }) },
];

const CALLERS = [
  { who: 'a visitor', status: 401, message: NOT_SIGNED_IN, client: () => new HttpClient(server.url) },
  { who: 'a GENERAL user', status: 403, message: NOT_ADMIN, client: () => general.client },
] as const;

describe.each(CALLERS)('admin paths refuse $who', ({ status, message, client }) => {
  it.each(API_ADMIN_CALLS)('$name', async ({ send, empty }) => {
    const before = await snapshotDb(server.deps.db);
    const images = await storedImageNames(server.deps.db, server.deps.env.imagesDir);
    const reply = await send(client());
    expect(reply.body).toEqual({ success: false, error: true, message, data: empty });
    expectApiRefusal(reply, status, message, empty);
    expect(await snapshotDb(server.deps.db)).toEqual(before);
    expect(await storedImageNames(server.deps.db, server.deps.env.imagesDir)).toEqual(images);
  });

  it.each(TRPC_ADMIN_CALLS)('/trpc/$name', async ({ send }) => {
    const before = await snapshotDb(server.deps.db);
    const reply = await send(client());
    expectTrpcRefusal(reply, status, message);
    expect((reply.body as { data: { appCode: string } }).data.appCode).toBe(status === 401 ? 'NOT_SIGNED_IN' : 'FORBIDDEN');
    expect(await snapshotDb(server.deps.db)).toEqual(before);
  });
});

describe('one shopper against another shopper’s cart', () => {
  async function victimWithLine(): Promise<{ victim: HttpClient; lineId: string }> {
    const { client: victim } = await signInAs(server);
    const added = await victim.post<Envelope<{ _id: string }>>('/api/addtocart', { productId: product.id });
    expect(added.status).toBe(200);
    return { victim, lineId: added.body.data._id };
  }

  const ATTACKERS = [
    { who: 'a signed-in shopper', client: async () => (await signInAs(server)).client },
    {
      who: 'a visitor with a cart of their own',
      client: async () => {
        const visitor = new HttpClient(server.url);
        expect((await visitor.post('/api/addtocart', { productId: product.id })).status).toBe(200);
        return visitor;
      },
    },
  ];

  it.each(ATTACKERS)('$who cannot change, delete or see someone else’s line by its id (404, the line unchanged)', async ({ client }) => {
    const { victim, lineId } = await victimWithLine();
    const attacker = await client();
    const before = await snapshotDb(server.deps.db);

    expectApiRefusal(await attacker.post('/api/update-cart-product', { _id: lineId, quantity: 9 }), 404, 'Cart item not found', null);
    expectApiRefusal(await attacker.post('/api/delete-cart-product', { _id: lineId }), 404, 'Cart item not found', null);
    expectTrpcRefusal(await attacker.trpc('mutation', 'cart.updateQuantity', { _id: lineId, quantity: 9 }), 404, 'Cart item not found');
    expectTrpcRefusal(await attacker.trpc('mutation', 'cart.changeQuantity', { _id: lineId, change: 8 }), 404, 'Cart item not found');
    expectTrpcRefusal(await attacker.trpc('mutation', 'cart.removeItem', { _id: lineId }), 404, 'Cart item not found');
    expect(await snapshotDb(server.deps.db)).toEqual(before);

    // The attacker's own cart never shows the victim's line; the victim's is as it was.
    const theirs = await attacker.get<Envelope<{ _id: string }[]>>('/api/view-card-product');
    expect(theirs.body.data.map((l) => l._id)).not.toContain(lineId);
    const mine = await victim.get<Envelope<{ _id: string; quantity: number }[]>>('/api/view-card-product');
    expect(mine.body.data).toEqual([expect.objectContaining({ _id: lineId, quantity: 1 })]);
  });

  it('a signed-in shopper cannot reach a visitor’s cart line either', async () => {
    const visitor = new HttpClient(server.url);
    const added = await visitor.post<Envelope<{ _id: string }>>('/api/addtocart', { productId: product.id });
    const { client: attacker } = await signInAs(server);
    const before = await snapshotDb(server.deps.db);
    expectApiRefusal(await attacker.post('/api/update-cart-product', { _id: added.body.data._id, quantity: 2 }), 404, 'Cart item not found', null);
    expectApiRefusal(await attacker.post('/api/delete-cart-product', { _id: added.body.data._id }), 404, 'Cart item not found', null);
    expect(await snapshotDb(server.deps.db)).toEqual(before);
  });
});

describe('one shopper against another shopper’s checkout', () => {
  it('confirming someone else’s payment session is a 404 and changes nothing; a visitor gets 401', async () => {
    const { client: victim } = await signInAs(server);
    await victim.post('/api/addtocart', { productId: product.id });
    const started = await victim.post<{ id: string; data: string }>('/api/checkout', {});
    expect(started.status).toBe(200);
    const { client: stranger } = await signInAs(server);

    const before = await snapshotDb(server.deps.db);
    expectTrpcRefusal(await stranger.trpc('mutation', 'checkout.confirmReturn', { sessionId: started.body.id }), 404, 'Order not found');
    expectTrpcRefusal(await new HttpClient(server.url).trpc('mutation', 'checkout.confirmReturn', { sessionId: started.body.id }), 401, NOT_SIGNED_IN);
    expect(await snapshotDb(server.deps.db)).toEqual(before);

    // Even once the victim has paid, the stranger learns nothing about the order.
    expect((await payForm(victim, started.body.id, { shipping: 'standard' })).status).toBe(303);
    const paid = await snapshotDb(server.deps.db);
    const reply = await stranger.trpc('mutation', 'checkout.confirmReturn', { sessionId: started.body.id });
    expectTrpcRefusal(reply, 404, 'Order not found');
    expect(JSON.stringify(reply.body)).not.toContain(started.body.data);
    expect(await snapshotDb(server.deps.db)).toEqual(paid);
    expect((await stranger.get<Envelope<unknown[]>>('/api/order-list')).body.data).toEqual([]);
  });
});

describe('mass assignment: a body that names a role', () => {
  const signUpBody = (email: string) => ({ name: 'Mallory', email, password: 'correct horse battery', confirmPassword: 'correct horse battery', profilePic: '' });

  it('POST /api/signup with role ADMIN (and a chosen _id, createdAt) creates a plain GENERAL user', async () => {
    const email = `mallory-${Date.now()}@example.com`;
    const reply = await new HttpClient(server.url).post<Envelope<{ _id: string; role: string; createdAt: string }>>('/api/signup', {
      ...signUpBody(email),
      role: 'ADMIN',
      _id: 'chosen-id',
      id: 'chosen-id',
      createdAt: '2000-01-01T00:00:00.000Z',
      password_hash: 'x',
    });
    expect(reply.status).toBe(201);
    expect(reply.body.data).toMatchObject({ role: 'GENERAL', email });
    expect(reply.body.data._id).not.toBe('chosen-id');
    expect(reply.body.data.createdAt).not.toBe('2000-01-01T00:00:00.000Z');
    expectNoLeak(reply);
    expect(JSON.stringify(reply.body)).not.toMatch(/password|argon2/i);
    const row = await server.deps.db.selectFrom('users').select(['id', 'role']).where('email', '=', email).executeTakeFirstOrThrow();
    expect(row.role).toBe('GENERAL');

    // Signed in, the new account is refused admin paths like any shopper.
    const mallory = new HttpClient(server.url);
    await mallory.post('/api/signin', { email, password: 'correct horse battery', role: 'ADMIN' });
    expect((await mallory.get<Envelope>('/api/user-details')).body.data).toMatchObject({ role: 'GENERAL' });
    expectApiRefusal(await mallory.get('/api/all-user'), 403, NOT_ADMIN, []);
  });

  it('tRPC account.signUp with role ADMIN creates a GENERAL user', async () => {
    const email = `mallory-trpc-${Date.now()}@example.com`;
    const reply = await new HttpClient(server.url).trpc<{ role: string }>('mutation', 'account.signUp', { ...signUpBody(email), role: 'ADMIN' });
    expect(reply.status).toBe(200);
    expect(reply.body.role).toBe('GENERAL');
    expect((await server.deps.db.selectFrom('users').select('role').where('email', '=', email).executeTakeFirstOrThrow()).role).toBe('GENERAL');
  });

  it('a GENERAL user promoting themselves through update-user or account.updateRole is refused (403), still GENERAL', async () => {
    const { client, user } = await signInAs(server);
    const before = await snapshotDb(server.deps.db);
    expectApiRefusal(await client.post('/api/update-user', { userId: user.id, role: 'ADMIN' }), 403, NOT_ADMIN, null);
    expectTrpcRefusal(await client.trpc('mutation', 'account.updateRole', { userId: user.id, role: 'ADMIN' }), 403, NOT_ADMIN);
    expect(await snapshotDb(server.deps.db)).toEqual(before);
    expect((await client.get<Envelope>('/api/user-details')).body.data).toMatchObject({ role: 'GENERAL' });
  });

  it('the last admin cannot be demoted (409), by themselves or through either API; a second admin makes it possible', async () => {
    // A shop of its own, so that exactly one admin exists.
    const shop = await startTestServer();
    try {
      const { client: only, user } = await signInAs(shop, 'ADMIN');
      const before = await snapshotDb(shop.deps.db);
      const last = 'This is the last admin: make another user ADMIN first.';
      expectApiRefusal(await only.post('/api/update-user', { userId: user.id, role: 'GENERAL' }), 409, last, null);
      expectTrpcRefusal(await only.trpc('mutation', 'account.updateRole', { userId: user.id, role: 'GENERAL' }), 409, last);
      expect(await snapshotDb(shop.deps.db)).toEqual(before);

      const second = await insertUser(shop.deps.db, { role: 'ADMIN' });
      expect((await only.post('/api/update-user', { userId: second.id, role: 'GENERAL' })).status).toBe(200);
      // Now the first one is the last again.
      expectApiRefusal(await only.post('/api/update-user', { userId: user.id, role: 'GENERAL' }), 409, last, null);
      expect((await shop.deps.db.selectFrom('users').select('role').where('id', '=', user.id).executeTakeFirstOrThrow()).role).toBe('ADMIN');
    } finally {
      await shop.close();
    }
  });
});

describe('price tampering: prices come from the database, never from the body', () => {
  it('addtocart and update-cart-product ignore price, sellingPrice, userId and quantity smuggled into the body', async () => {
    const { client, user } = await signInAs(server);
    const victim = await insertUser(server.deps.db);
    const productsBefore = (await snapshotDb(server.deps.db, ['products'])).products;

    const added = await client.post<Envelope<{ _id: string; quantity: number; userId: string; productId: { price: number; sellingPrice: number } }>>('/api/addtocart', {
      productId: product.id,
      price: 1,
      sellingPrice: 1,
      quantity: 10,
      userId: victim.id,
      productName: 'Free phone',
    });
    expect(added.status).toBe(200);
    expect(added.body.data).toMatchObject({ quantity: 1, userId: user.id, productId: { price: 30_000, sellingPrice: 25_000 } });

    const updated = await client.post<Envelope<{ quantity: number; productId: { sellingPrice: number } }>>('/api/update-cart-product', {
      _id: added.body.data._id,
      quantity: 2,
      sellingPrice: 1,
      productId: { _id: product.id, price: 1, sellingPrice: 1 },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ quantity: 2, productId: { sellingPrice: 25_000 } });
    expect((await snapshotDb(server.deps.db, ['products'])).products).toEqual(productsBefore);
    expect(await server.deps.db.selectFrom('cart_items').select('id').where('user_id', '=', victim.id).execute()).toEqual([]);
  });

  it.each([
    ['/api/checkout', 'api'],
    ['checkout.start', 'trpc'],
  ] as const)('%s with fake cartItems, totals and amounts charges the database total', async (_name, kind) => {
    const { client } = await signInAs(server);
    const line = (await client.post<Envelope<{ _id: string; productId: Record<string, unknown> }>>('/api/addtocart', { productId: product.id })).body.data;
    await client.post('/api/update-cart-product', { _id: line._id, quantity: 2 });
    const tampered = {
      cartItems: [{ ...line, quantity: 1, productId: { ...line.productId, price: 0.01, sellingPrice: 0.01 } }],
      totalAmount: 1,
      amount: 1,
      price: 1,
      sellingPrice: 1,
      currency: 'usd',
    };
    let orderId: string;
    let sessionId: string;
    if (kind === 'api') {
      const reply = await client.post<{ id: string; data: string }>('/api/checkout', tampered);
      expect(reply.status).toBe(200);
      ({ data: orderId, id: sessionId } = reply.body);
    } else {
      const reply = await client.trpc<{ orderId: string; sessionId: string }>('mutation', 'checkout.start', tampered);
      expect(reply.status).toBe(200);
      ({ orderId, sessionId } = reply.body);
    }
    const expected = 2 * 2_500_000;
    const order = await server.deps.db.selectFrom('orders').select(['total_amount']).where('id', '=', orderId).executeTakeFirstOrThrow();
    expect(order.total_amount).toBe(expected);
    const items = await server.deps.db.selectFrom('order_items').select(['unit_price', 'quantity']).where('order_id', '=', orderId).execute();
    expect(items).toEqual([{ unit_price: 2_500_000, quantity: 2 }]);
    const session = await server.deps.db.selectFrom('test_checkout_sessions').select('amount_total').where('id', '=', sessionId).executeTakeFirstOrThrow();
    expect(session.amount_total).toBe(expected);

    // The pay form is the last place to try: an amount field there is ignored too.
    expect((await payForm(client, sessionId, { shipping: 'standard', amount: '1', amount_total: '1', total: '1' })).status).toBe(303);
    const paid = await server.deps.db.selectFrom('orders').select(['status', 'amount_charged', 'amount_mismatch']).where('id', '=', orderId).executeTakeFirstOrThrow();
    expect(paid).toEqual({ status: 'paid', amount_charged: expected, amount_mismatch: 0 });
  });
});

describe('the same calls are honoured for an admin (so the refusals above are about the role, not the input)', () => {
  it('every /trpc admin call answers an admin (409 only where the order is not waiting for stock)', async () => {
    product = await insertProduct(server.deps.db, { productName: 'Guarded Phone', stock: 5 });
    for (const { name, send } of TRPC_ADMIN_CALLS) {
      const reply = await send(admin);
      // 409 where the order is not in the state the call needs: not waiting for stock; packed
      // with nothing (its phone needs an IMEI); its e-way bill asked before it is packed.
      const expected = ['admin.resolveShortage', 'shipping.pack', 'shipping.setEwayBill'].includes(name) ? (name === 'shipping.pack' ? 400 : 409) : 200;
      expect({ name, status: reply.status }).toEqual({ name, status: expected });
    }
    // The refused calls above would have done this: the admin's did.
    const order = await server.deps.db.selectFrom('orders').select('status').where('id', '=', paidOrderId).executeTakeFirstOrThrow();
    expect(order.status).toBe('delivered');
  });

  it('every /api admin call answers an admin with success', async () => {
    product = await insertProduct(server.deps.db, { productName: 'Guarded Phone', stock: 5 });
    for (const { name, send } of API_ADMIN_CALLS) {
      const reply = await send(admin);
      expect({ name, ok: reply.status < 300 && (reply.body as Envelope).success }).toEqual({ name, ok: true });
    }
  });
});

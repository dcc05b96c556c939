import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrder, Dashboard, Page } from '../../shared/schemas/admin';
import { releaseOrder } from '../features/checkout/fulfilment.service';
import { startFakeStripe, type FakeStripe } from '../testing/fake-stripe';
import { insertProduct, signInAs } from '../testing/factories';
import { snapshotDb } from '../testing/db-snapshot';
import { HttpClient, startTestServer, type TestServer } from '../testing/test-server';
import { packAndShip } from '../testing/shipping';

/**
 * Payment faults and abuse: a payment that lands after its units were re-sold, and a checkout
 * pressed twice, in two tabs, or retried. The first runs against the real Stripe SDK and the
 * fake Stripe API (the late payment is Stripe's word); the second against both providers.
 */
type Started = { id: string; url: string; data: string };

describe('with Stripe (fake Stripe API)', () => {
  let fake: FakeStripe;
  let server: TestServer;
  let admin: HttpClient;
  let now = Date.now();

  beforeAll(async () => {
    fake = await startFakeStripe();
    server = await startTestServer({ env: fake.env(), clock: () => new Date(now) });
    admin = (await signInAs(server, 'ADMIN')).client;
  });

  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });

  const stockOf = async (id: string) => (await server.deps.db.selectFrom('products').select('stock').where('id', '=', id).executeTakeFirstOrThrow()).stock;
  const ordersOf = (userId: string) => server.deps.db.selectFrom('orders').select(['id', 'status', 'payment_session_id']).where('user_id', '=', userId).execute();

  function deliver(payload: { body: string; signature: string }) {
    return new HttpClient(server.url, { origin: null }).request<{ data: { outcome: string } }>('/api/webhook', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': payload.signature },
      body: payload.body,
    });
  }

  async function shopperWith(productId: string) {
    const shopper = await signInAs(server);
    expect((await shopper.client.post('/api/addtocart', { productId })).status).toBe(200);
    return shopper;
  }

  async function checkout(client: HttpClient): Promise<Started> {
    const reply = await client.post<Started>('/api/checkout', {});
    expect(reply.status).toBe(200);
    return reply.body;
  }

  it('a payment after the reservation was released and the last unit re-sold: paid, flagged "not in stock", stock never negative', async () => {
    const product = await insertProduct(server.deps.db, { productName: 'Last Camera', stock: 1 });
    const late = await shopperWith(product.id);
    const lateCheckout = await checkout(late.client);
    expect(await stockOf(product.id)).toBe(0);

    // The expiry sweep releases the reservation while the shopper is still on Stripe's page...
    now += 31 * 60 * 1000;
    expect(await releaseOrder(server.deps, lateCheckout.data, 'payment session expired')).toBe(true);
    expect(await stockOf(product.id)).toBe(1);
    // ...someone else buys the last unit...
    const other = await shopperWith(product.id);
    const otherCheckout = await checkout(other.client);
    fake.completeSession(otherCheckout.id);
    expect((await deliver(fake.signedEvent('checkout.session.completed', otherCheckout.id))).body.data.outcome).toBe('paid');
    expect(await stockOf(product.id)).toBe(0);

    // ...and then Stripe says the first shopper paid.
    fake.completeSession(lateCheckout.id);
    expect((await deliver(fake.signedEvent('checkout.session.completed', lateCheckout.id))).body.data.outcome).toBe('paid');
    expect(await stockOf(product.id)).toBe(0);
    const items = await server.deps.db.selectFrom('order_items').select(['stock_taken', 'short_quantity']).where('order_id', '=', lateCheckout.data).execute();
    expect(items).toEqual([{ stock_taken: 0, short_quantity: 1 }]);

    // The admin sees it: on the dashboard, in the filtered list, and it cannot ship yet.
    const dashboard = await admin.trpc<Dashboard>('query', 'admin.dashboard');
    expect(dashboard.body.paidNotInStock).toBe(1);
    const flagged = await admin.trpc<Page<AdminOrder>>('query', 'admin.orders', { attention: true });
    expect(flagged.body.items.map((o) => o._id)).toEqual([lateCheckout.data]);
    expect(flagged.body.items[0]).toMatchObject({ status: 'paid', stockShortfall: 1, productDetails: [{ notInStock: 1 }] });
    const before = await snapshotDb(server.deps.db);
    const ship = await packAndShip(admin, lateCheckout.data);
    expect(ship.status).toBe(409);
    expect(ship.body.message).toMatch(/not in stock: restock the product/);
    const early = await admin.trpc<{ message: string }>('mutation', 'admin.resolveShortage', { orderId: lateCheckout.data });
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/Not enough Last Camera in stock/);
    expect(await snapshotDb(server.deps.db)).toEqual(before);

    // Restock (compare-and-set from 0), take the unit for the order, then it ships.
    const restock = await admin.trpc('mutation', 'catalog.update', {
      _id: product.id,
      productName: 'Last Camera',
      brandName: 'Testbrand',
      category: 'mobiles',
      productImage: ['/images/test.webp'],
      price: product.price,
      sellingPrice: product.sellingPrice,
      stock: 1,
      expectedStock: 0,
    });
    expect(restock.status).toBe(200);
    const resolved = await admin.trpc<AdminOrder>('mutation', 'admin.resolveShortage', { orderId: lateCheckout.data });
    expect(resolved.status).toBe(200);
    expect(resolved.body.stockShortfall).toBe(0);
    expect(await stockOf(product.id)).toBe(0);
    expect((await admin.trpc<Dashboard>('query', 'admin.dashboard')).body.paidNotInStock).toBe(0);
    expect((await packAndShip(admin, lateCheckout.data)).status).toBe(200);
  });

  it('a late payment whose units are still there takes them again and is fulfilled normally', async () => {
    const product = await insertProduct(server.deps.db, { stock: 3 });
    const shopper = await shopperWith(product.id);
    const started = await checkout(shopper.client);
    expect(await releaseOrder(server.deps, started.data, 'payment session expired')).toBe(true);
    expect(await stockOf(product.id)).toBe(3);
    fake.completeSession(started.id);
    expect((await deliver(fake.signedEvent('checkout.session.completed', started.id))).body.data.outcome).toBe('paid');
    expect(await stockOf(product.id)).toBe(2);
    const [order] = (await admin.trpc<Page<AdminOrder>>('query', 'admin.orders', {})).body.items.filter((o) => o._id === started.data);
    expect(order).toMatchObject({ status: 'paid', stockShortfall: 0 });
  });

  it('cancelling a late-paid order that is short puts back only what it took', async () => {
    const product = await insertProduct(server.deps.db, { stock: 1 });
    const shopper = await shopperWith(product.id);
    const started = await checkout(shopper.client);
    await releaseOrder(server.deps, started.data, 'payment session expired');
    await server.deps.db.updateTable('products').set({ stock: 0 }).where('id', '=', product.id).execute(); // re-sold elsewhere
    await server.deps.db.updateTable('product_variants').set({ stock: 0 }).where('product_id', '=', product.id).execute();
    fake.completeSession(started.id);
    await deliver(fake.signedEvent('checkout.session.completed', started.id));
    expect((await admin.trpc('mutation', 'admin.setOrderStatus', { orderId: started.data, status: 'cancelled' })).status).toBe(200);
    // Nothing was taken, so nothing comes back: no phantom unit.
    expect(await stockOf(product.id)).toBe(0);
  });

  it('a double-submitted checkout returns the same Stripe session; a changed cart expires the old one at Stripe', async () => {
    const phone = await insertProduct(server.deps.db, { stock: 5 });
    const case_ = await insertProduct(server.deps.db, { stock: 5 });
    const { client, user } = await shopperWith(phone.id);
    const created = fake.sessions().length;
    const replies = await Promise.all([0, 1, 2, 3].map(() => client.post<Started>('/api/checkout', {})));
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const ids = new Set(replies.map((r) => r.body.id));
    expect(ids.size).toBe(1);
    expect(new Set(replies.map((r) => r.body.url)).size).toBe(1);
    expect(fake.sessions().length).toBe(created + 1);
    expect(await stockOf(phone.id)).toBe(4);

    await client.post('/api/addtocart', { productId: case_.id });
    const changed = await checkout(client);
    const [first] = ids;
    expect(changed.id).not.toBe(first);
    expect(fake.session(first ?? '').status).toBe('expired');
    const orders = await ordersOf(user.id);
    expect(orders.filter((o) => o.status === 'pending').map((o) => o.payment_session_id)).toEqual([changed.id]);
    expect(orders.filter((o) => o.status === 'cancelled')).toHaveLength(1);
    expect(await stockOf(phone.id)).toBe(4);
    expect(await stockOf(case_.id)).toBe(4);
  });

  it('a changed cart whose old session was paid a moment ago fulfils that order instead of cancelling it', async () => {
    const product = await insertProduct(server.deps.db, { stock: 5 });
    const other = await insertProduct(server.deps.db, { stock: 5 });
    const { client, user } = await shopperWith(product.id);
    const first = await checkout(client);
    fake.completeSession(first.id); // paid in another tab; the webhook is not in yet
    await client.post('/api/addtocart', { productId: other.id });
    const second = await checkout(client);
    expect(second.id).not.toBe(first.id);
    const orders = await ordersOf(user.id);
    expect(orders.find((o) => o.id === first.data)?.status).toBe('paid');
    expect(orders.find((o) => o.id === second.data)?.status).toBe('pending');
    // The paid product left the cart; the new checkout is for what remained.
    const lines = await server.deps.db.selectFrom('order_items').select('product_id').where('order_id', '=', second.data).execute();
    expect(lines.map((l) => l.product_id)).toEqual([other.id]);
    expect(await stockOf(product.id)).toBe(4);
  });
});

describe('with the built-in test checkout', () => {
  let server: TestServer;
  let now = Date.now();

  beforeAll(async () => {
    server = await startTestServer({ clock: () => new Date(now) });
  });

  afterAll(async () => {
    await server.close();
  });

  const stockOf = async (id: string) => (await server.deps.db.selectFrom('products').select('stock').where('id', '=', id).executeTakeFirstOrThrow()).stock;

  it('Payment pressed twice, in two tabs, or retried after a timeout: one order, one session, one reservation', async () => {
    const product = await insertProduct(server.deps.db, { stock: 3 });
    const { client, user } = await signInAs(server);
    await client.post('/api/addtocart', { productId: product.id });
    const tab2 = new HttpClient(server.url);
    for (const [k, v] of client.cookies) tab2.cookies.set(k, v);

    const [a, b] = await Promise.all([client.post<Started>('/api/checkout', {}), tab2.post<Started>('/api/checkout', {})]);
    const retry = await client.trpc<{ sessionId: string; url: string; orderId: string }>('mutation', 'checkout.start', {});
    expect(a.body.id).toBe(b.body.id);
    expect(a.body.url).toBe(b.body.url);
    expect(retry.body).toEqual({ orderId: a.body.data, sessionId: a.body.id, url: a.body.url });
    expect(await stockOf(product.id)).toBe(2);
    const orders = await server.deps.db.selectFrom('orders').select('status').where('user_id', '=', user.id).execute();
    expect(orders).toEqual([{ status: 'pending' }]);
    const sessions = await server.deps.db.selectFrom('test_checkout_sessions').select('status').where('order_id', '=', a.body.data).execute();
    expect(sessions).toEqual([{ status: 'open' }]);
  });

  it('a changed quantity replaces the open checkout: the old session expires and its units come back before the new ones are taken', async () => {
    const product = await insertProduct(server.deps.db, { stock: 3 });
    const { client, user } = await signInAs(server);
    await client.post('/api/addtocart', { productId: product.id });
    const first = await client.post<Started>('/api/checkout', {});
    expect(await stockOf(product.id)).toBe(2);
    // 3 units: only possible if the first reservation is released first.
    const line = (await client.get<{ data: { _id: string }[] }>('/api/view-card-product')).body.data[0];
    expect((await client.post('/api/update-cart-product', { _id: line?._id, quantity: 3 })).status).toBe(200);
    const second = await client.post<Started>('/api/checkout', {});
    expect(second.status).toBe(200);
    expect(second.body.id).not.toBe(first.body.id);
    expect(await stockOf(product.id)).toBe(0);
    const old = await server.deps.db.selectFrom('test_checkout_sessions').select('status').where('id', '=', first.body.id).executeTakeFirstOrThrow();
    expect(old.status).toBe('expired');
    const statuses = await server.deps.db.selectFrom('orders').select('status').where('user_id', '=', user.id).orderBy('created_at').execute();
    expect(statuses.map((s) => s.status).sort()).toEqual(['cancelled', 'pending']);
  });

  it('an open session about to expire is not handed out again: a fresh one replaces it', async () => {
    const product = await insertProduct(server.deps.db, { stock: 3 });
    const { client } = await signInAs(server);
    await client.post('/api/addtocart', { productId: product.id });
    const first = await client.post<Started>('/api/checkout', {});
    now += 29 * 60 * 1000; // one minute left of thirty
    const second = await client.post<Started>('/api/checkout', {});
    expect(second.body.id).not.toBe(first.body.id);
    expect(await stockOf(product.id)).toBe(2);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepPendingOrders } from '../features/checkout/fulfilment.service';
import { startFakeStripe, type FakeStripe } from '../testing/fake-stripe';
import { insertProduct, signInAs } from '../testing/factories';
import { HttpClient, startTestServer, type TestServer } from '../testing/test-server';

/**
 * The same journeys with STRIPE_SECRET_KEY set: the real SDK talks to the fake Stripe API over
 * HTTP, and Stripe's webhooks are POSTed to the shop signed as Stripe signs them.
 */
let fake: FakeStripe;
let server: TestServer;
let now = Date.now();

beforeAll(async () => {
  fake = await startFakeStripe();
  server = await startTestServer({ env: fake.env(), clock: () => new Date(now) });
});

afterAll(async () => {
  await server?.close();
  await fake?.close();
});

const stockOf = async (id: string) => (await server.deps.db.selectFrom('products').select('stock').where('id', '=', id).executeTakeFirstOrThrow()).stock;
const orderRow = async (id: string) => server.deps.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

function deliver(payload: { body: string; signature: string }, path = '/api/webhook') {
  // Stripe sends no Origin and no cookie.
  return new HttpClient(server.url, { origin: null }).request<{ success: boolean; data: unknown }>(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': payload.signature },
    body: payload.body,
  });
}

async function cartWith(productIds: string[]) {
  const shopper = await signInAs(server);
  for (const productId of productIds) {
    const added = await shopper.client.post('/api/addtocart', { productId });
    expect(added.status).toBe(200);
  }
  return shopper;
}

async function checkout(client: HttpClient) {
  const reply = await client.post('/api/checkout', { cartItems: [] });
  expect(reply.status).toBe(200);
  return reply.body as { id: string; url: string; data: string };
}

describe('Stripe checkout through the fake Stripe API', () => {
  it('cart -> Checkout Session -> paid on Stripe -> webhook: order paid, cart empty, stock down', async () => {
    const tv = await insertProduct(server.deps.db, { productName: 'Test TV', sellingPrice: 3_499_900, price: 4_000_000, stock: 4, images: ['/images/tv.webp'] });
    const cam = await insertProduct(server.deps.db, { productName: 'Test Cam', sellingPrice: 1_250_050, price: 1_500_000, stock: 2 });
    const { client, user } = await cartWith([tv.id, cam.id]);
    now += 1;

    const started = await checkout(client);
    expect(started.id).toMatch(/^cs_test_/);
    expect(started.url).toBe(`${fake.url}/c/pay/${started.id}`);
    expect(await stockOf(tv.id)).toBe(3);
    expect(await stockOf(cam.id)).toBe(1);

    const request = fake.requests.find((r) => r.path === '/v1/checkout/sessions' && r.params.client_reference_id === started.data);
    expect(request?.params).toMatchObject({
      mode: 'payment',
      customer_email: user.email,
      metadata: { order_id: started.data },
      success_url: `${server.url}/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${server.url}/cancel`,
      shipping_address_collection: { allowed_countries: ['IN'] },
    });
    expect(request?.headers['idempotency-key']).toBe(`checkout-${started.data}`);
    const lines = fake.lineItems(started.id).map((l) => ({ name: l.description, unit: l.price.unit_amount, qty: l.quantity, images: l.images }));
    expect(lines).toEqual(
      expect.arrayContaining([
        { name: 'Test TV', unit: 3_499_900, qty: 1, images: [`${server.url}/images/tv.webp`] },
        { name: 'Test Cam', unit: 1_250_050, qty: 1, images: [`${server.url}/images/test.webp`] },
      ]),
    );
    expect((await orderRow(started.data)).payment_session_id).toBe(started.id);

    fake.completeSession(started.id, { shippingRateIndex: 1, address: { name: 'Meera Iyer', line1: '7 Anna Salai', city: 'Chennai', state: 'TN', postal_code: '600002' } });
    const hook = await deliver(fake.signedEvent('checkout.session.completed', started.id));
    expect(hook.status).toBe(200);
    expect(hook.body.data).toMatchObject({ outcome: 'paid' });

    const order = await orderRow(started.data);
    expect(order).toMatchObject({
      status: 'paid',
      provider: 'stripe',
      payment_status: 'paid',
      shipping_rate: 'express',
      shipping_amount: 9900,
      amount_charged: 3_499_900 + 1_250_050 + 9900,
      amount_mismatch: 0,
    });
    expect(order.payment_intent_id).toMatch(/^pi_/);
    expect(await stockOf(tv.id)).toBe(3);
    expect(await stockOf(cam.id)).toBe(1);
    expect((await client.get('/api/countAddToCartProduct')).body.data).toEqual({ count: 0 });

    const list = await client.get('/api/order-list');
    expect(list.body.data[0]).toMatchObject({
      _id: started.data,
      status: 'paid',
      email: user.email,
      paymentDetails: { payment_method_type: ['card'], payment_status: 'paid' },
      shipping_options: [{ shipping_amount: 99, shipping_rate: 'express' }],
      shippingAddress: { name: 'Meera Iyer', line1: '7 Anna Salai', city: 'Chennai', state: 'TN', postalCode: '600002', country: 'IN' },
      totalAmount: 34_999 + 12_500.5 + 99,
      amountMismatch: false,
    });
    expect(list.body.data[0].productDetails).toHaveLength(2);
  });

  it('duplicate and out-of-order webhooks give one paid order, one stock change and one cleared cart', async () => {
    const product = await insertProduct(server.deps.db, { stock: 5 });
    const { client } = await cartWith([product.id]);
    const started = await checkout(client);
    expect(await stockOf(product.id)).toBe(4);

    // A delayed payment method: completed first, money later.
    fake.completeSession(started.id, { paymentStatus: 'unpaid' });
    const completedUnpaid = fake.signedEvent('checkout.session.completed', started.id);
    fake.settleAsyncPayment(started.id);
    const succeeded = fake.signedEvent('checkout.session.async_payment_succeeded', started.id);

    // Delivered out of order: the success arrives before the completion, then everything twice.
    expect((await deliver(succeeded)).body.data).toMatchObject({ outcome: 'paid' });
    // The shopper puts the product in the cart again; late duplicates must not clear it.
    await client.post('/api/addtocart', { productId: product.id });
    for (const event of [completedUnpaid, succeeded, completedUnpaid]) {
      const reply = await deliver(event);
      expect(reply.status).toBe(200);
      expect(reply.body.data).toMatchObject({ outcome: 'already_paid' });
    }
    // An expiry event for it (Stripe never sends one for a paid session, but a replay could).
    expect((await deliver(fake.signedEvent('checkout.session.expired', started.id))).body.data).toMatchObject({ outcome: 'already_paid' });

    expect((await orderRow(started.data)).status).toBe('paid');
    expect(await stockOf(product.id)).toBe(4);
    expect((await client.get('/api/countAddToCartProduct')).body.data).toEqual({ count: 1 });
    const paid = await server.deps.db.selectFrom('orders').select('id').where('payment_session_id', '=', started.id).execute();
    expect(paid).toHaveLength(1);
  });

  it('a completed session whose payment is still pending keeps its reservation', async () => {
    const product = await insertProduct(server.deps.db, { stock: 2 });
    const { client } = await cartWith([product.id]);
    const started = await checkout(client);
    fake.completeSession(started.id, { paymentStatus: 'unpaid' });
    expect((await deliver(fake.signedEvent('checkout.session.completed', started.id))).body.data).toMatchObject({ outcome: 'awaiting_payment' });
    expect((await orderRow(started.data)).status).toBe('pending');
    expect(await stockOf(product.id)).toBe(1);
    // And a failed delayed payment releases it.
    expect((await deliver(fake.signedEvent('checkout.session.async_payment_failed', started.id))).body.data).toMatchObject({ outcome: 'released' });
    expect((await orderRow(started.data)).status).toBe('cancelled');
    expect(await stockOf(product.id)).toBe(2);
  });

  it('refuses a bad or missing signature with 400 and changes nothing', async () => {
    const product = await insertProduct(server.deps.db, { stock: 3 });
    const { client } = await cartWith([product.id]);
    const started = await checkout(client);
    fake.completeSession(started.id);
    const good = fake.signedEvent('checkout.session.completed', started.id);

    const forged = await deliver(fake.signedEvent('checkout.session.completed', started.id, { secret: 'whsec_attacker' }));
    expect(forged.status).toBe(400);
    expect(forged.body).toMatchObject({ success: false });
    const missing = await deliver({ body: good.body, signature: '' });
    expect(missing.status).toBe(400);
    const tampered = await deliver({ body: good.body.replace('"livemode": false', '"livemode": true'), signature: good.signature });
    expect(tampered.status).toBe(400);
    const reparsed = await deliver({ body: JSON.stringify(JSON.parse(good.body)), signature: good.signature });
    expect(reparsed.status).toBe(400);

    expect((await orderRow(started.data)).status).toBe('pending');
    expect(await stockOf(product.id)).toBe(2);
    expect((await client.get('/api/countAddToCartProduct')).body.data).toEqual({ count: 1 });

    // The genuine event still works afterwards, at either webhook path.
    expect((await deliver(good, '/api/stripe/webhook')).status).toBe(200);
    expect((await orderRow(started.data)).status).toBe('paid');
  });

  it('an expired session releases the stock and cancels the order', async () => {
    const product = await insertProduct(server.deps.db, { stock: 1 });
    const { client } = await cartWith([product.id]);
    const started = await checkout(client);
    expect(await stockOf(product.id)).toBe(0);

    fake.expireSessionNow(started.id);
    const event = fake.signedEvent('checkout.session.expired', started.id);
    expect((await deliver(event)).body.data).toMatchObject({ outcome: 'released' });
    expect((await deliver(event)).body.data).toMatchObject({ outcome: 'already_released' });
    expect((await orderRow(started.data)).status).toBe('cancelled');
    expect(await stockOf(product.id)).toBe(1);
    // The cart is kept so the shopper can try again.
    expect((await client.get('/api/countAddToCartProduct')).body.data).toEqual({ count: 1 });
  });

  it('flags a charge that differs from the order total instead of accepting it silently', async () => {
    const product = await insertProduct(server.deps.db, { sellingPrice: 500_000, price: 600_000 });
    const { client } = await cartWith([product.id]);
    const started = await checkout(client);
    fake.completeSession(started.id, { amountOverride: 100 });
    await deliver(fake.signedEvent('checkout.session.completed', started.id));
    const order = await orderRow(started.data);
    expect(order).toMatchObject({ status: 'paid', amount_charged: 100, amount_mismatch: 1, total_amount: 500_000 });
    const listed = (await client.get('/api/order-list')).body.data[0];
    expect(listed).toMatchObject({ amountMismatch: true, amountCharged: 1, totalAmount: 5000 });
  });

  it('the success page fulfils a paid session when the webhook is lost', async () => {
    const product = await insertProduct(server.deps.db, { stock: 2 });
    const { client } = await cartWith([product.id]);
    const started = await checkout(client);
    const before = await client.trpc('mutation', 'checkout.confirmReturn', { sessionId: started.id });
    expect(before.body).toEqual({ orderId: started.data, orderNumber: expect.stringMatching(/^VM-\d{4}-\d{6}$/), status: 'pending' });

    fake.completeSession(started.id);
    const after = await client.trpc('mutation', 'checkout.confirmReturn', { sessionId: started.id });
    expect(after.body).toEqual({ orderId: started.data, orderNumber: expect.stringMatching(/^VM-\d{4}-\d{6}$/), status: 'paid' });
    expect((await client.get('/api/countAddToCartProduct')).body.data).toEqual({ count: 0 });
    expect(await stockOf(product.id)).toBe(1);
  });

  it('finds the order by the id Stripe carries when the webhook beats checkout to recording the session', async () => {
    const product = await insertProduct(server.deps.db);
    const { client } = await cartWith([product.id]);
    const started = await checkout(client);
    await server.deps.db.updateTable('orders').set({ payment_session_id: null }).where('id', '=', started.data).execute();
    fake.completeSession(started.id);
    expect((await deliver(fake.signedEvent('checkout.session.completed', started.id))).body.data).toMatchObject({ outcome: 'paid' });
    expect(await orderRow(started.data)).toMatchObject({ status: 'paid', payment_session_id: started.id });
  });

  it('answers 502 when Stripe fails, releasing the reservation and keeping the cart', async () => {
    const product = await insertProduct(server.deps.db, { stock: 1 });
    const { client, user } = await cartWith([product.id]);
    fake.failNext(1, 500);
    const reply = await client.post('/api/checkout', {});
    expect(reply.status).toBe(502);
    expect(reply.body).toMatchObject({ success: false, error: true, data: null });
    expect(reply.body.message).toMatch(/payment provider/i);
    expect(await stockOf(product.id)).toBe(1);
    const orders = await server.deps.db.selectFrom('orders').select('status').where('user_id', '=', user.id).execute();
    expect(orders).toEqual([{ status: 'cancelled' }]);
    expect((await client.get('/api/countAddToCartProduct')).body.data).toEqual({ count: 1 });
    // And the next attempt works.
    expect((await client.post('/api/checkout', {})).status).toBe(200);
  });

  it('the sweep settles what no webhook reported: paid, expired at Stripe, and open past its time', async () => {
    const product = await insertProduct(server.deps.db, { stock: 10 });
    const paid = await checkout((await cartWith([product.id])).client);
    const expired = await checkout((await cartWith([product.id])).client);
    const stale = await checkout((await cartWith([product.id])).client);
    expect(await stockOf(product.id)).toBe(7);
    fake.completeSession(paid.id);
    fake.expireSessionNow(expired.id);

    now += 6 * 60 * 1000;
    const first = await sweepPendingOrders(server.deps);
    expect(first).toEqual(
      expect.arrayContaining([
        { outcome: 'paid', orderId: paid.data },
        { outcome: 'released', orderId: expired.data },
        { outcome: 'open', orderId: stale.data },
      ]),
    );

    // Past its expiry but still open at Stripe (its own expiry job is late): the sweep closes it.
    now += 30 * 60 * 1000;
    await sweepPendingOrders(server.deps);
    expect(fake.requests.some((r) => r.path === `/v1/checkout/sessions/${stale.id}/expire` && r.status === 200)).toBe(true);
    expect(fake.session(stale.id).status).toBe('expired');
    expect((await orderRow(stale.data)).status).toBe('cancelled');
    expect((await orderRow(paid.data)).status).toBe('paid');
    expect(await stockOf(product.id)).toBe(9);
  });

  it('needs sign-in to check out', async () => {
    const reply = await new HttpClient(server.url).post('/api/checkout', { cartItems: [] });
    expect(reply.status).toBe(401);
    expect(reply.body).toEqual({ success: false, error: true, message: 'Please Login...!', data: null });
  });

  it('the address chosen before payment goes to Stripe with the payment; the page collects none; the invoice uses it', async () => {
    const phone = await insertProduct(server.deps.db, { productName: 'Address Phone', sellingPrice: 1_999_900, price: 2_499_900, stock: 3 });
    const { client } = await cartWith([phone.id]);
    const address = await client.trpc<{ _id: string }>('mutation', 'address.create', {
      name: 'Ravi Kumar',
      phone: '9830012345',
      line1: '4 Park Street',
      line2: '',
      city: 'Kolkata',
      stateCode: '19',
      pin: '700016',
      gstin: '',
    });
    const started = await client.trpc<{ orderId: string; sessionId: string }>('mutation', 'checkout.start', { addressId: address.body._id });
    expect(started.status).toBe(200);
    const request = fake.requests.find((r) => r.path === '/v1/checkout/sessions' && r.params.client_reference_id === started.body.orderId);
    expect(request?.params.shipping_address_collection).toBeUndefined();
    expect(request?.params.payment_intent_data).toMatchObject({
      metadata: { order_id: started.body.orderId },
      shipping: { name: 'Ravi Kumar', phone: '+919830012345', address: { line1: '4 Park Street', city: 'Kolkata', state: 'West Bengal', postal_code: '700016', country: 'IN' } },
    });
    fake.completeSession(started.body.sessionId);
    expect((await deliver(fake.signedEvent('checkout.session.completed', started.body.sessionId))).status).toBe(200);
    const row = await orderRow(started.body.orderId);
    expect(row.status).toBe('paid');
    expect(JSON.parse(row.delivery_address ?? 'null')).toMatchObject({ name: 'Ravi Kumar', stateCode: '19', pin: '700016' });
    // No seller is set up in this shop: the order is paid, with no invoice until the owner enters a GSTIN.
    expect(row.invoice_number).toBeNull();
  });
});

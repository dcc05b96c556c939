import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepPendingOrders } from '../features/checkout/fulfilment.service';
import { startFakeRazorpay, type CallbackParams, type FakeRazorpay, type SignedWebhook } from '../testing/fake-razorpay';
import { insertProduct, signInAs, testShopSettings } from '../testing/factories';
import { HttpClient, startTestServer, type TestServer } from '../testing/test-server';

/**
 * The shop with only Razorpay's keys set: the real SDK talks to the fake Razorpay API over HTTP,
 * shoppers come back through the signed callback, and webhooks are POSTed signed as Razorpay
 * signs them.
 */
let fake: FakeRazorpay;
let server: TestServer;
let now = Date.now();
const clock = () => new Date(now);

beforeAll(async () => {
  fake = await startFakeRazorpay({ clock });
  server = await startTestServer({ env: fake.env(), clock });
  // A seller is set up, so a paid order gets its GST invoice and a confirmation with it.
  const { client: admin } = await signInAs(server, 'ADMIN');
  expect((await admin.trpc('mutation', 'settings.update', testShopSettings())).status).toBe(200);
});

afterAll(async () => {
  await server?.close();
  await fake?.close();
});

const stockOf = async (id: string) => (await server.deps.db.selectFrom('products').select('stock').where('id', '=', id).executeTakeFirstOrThrow()).stock;
const orderRow = async (id: string) => server.deps.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const movementsOf = async (orderId: string) => server.deps.db.selectFrom('stock_movements').select(['reason', 'delta']).where('order_id', '=', orderId).execute();
const confirmationsTo = async (email: string) =>
  server.deps.db.selectFrom('mail_outbox').select('id').where('to_address', '=', email).where('subject', 'like', 'Order % confirmed%').execute();
const cartCount = async (client: HttpClient) => ((await client.get('/api/countAddToCartProduct')).body as { data: { count: number } }).data.count;

/** A signed-in shopper with the products in the cart and a saved address in Karnataka. */
async function shopperWithCart(productIds: string[]) {
  const shopper = await signInAs(server);
  for (const productId of productIds) expect((await shopper.client.post('/api/addtocart', { productId })).status).toBe(200);
  const address = await shopper.client.trpc<{ _id: string }>('mutation', 'address.create', {
    name: 'Asha Rao',
    phone: '9845012345',
    line1: '12 MG Road',
    line2: '',
    city: 'Bengaluru',
    stateCode: '29',
    pin: '560001',
    gstin: '',
  });
  expect(address.status).toBe(200);
  return { ...shopper, addressId: address.body._id };
}

async function startCheckout(productIds: string[]) {
  const shopper = await shopperWithCart(productIds);
  const started = await shopper.client.trpc<{ orderId: string; sessionId: string; url: string }>('mutation', 'checkout.start', { addressId: shopper.addressId });
  expect(started.status).toBe(200);
  expect(started.body.sessionId).toMatch(/^plink_/);
  return { ...shopper, ...started.body };
}

function callback(client: HttpClient, params: Partial<Record<keyof CallbackParams, string>>) {
  return client.get<string>(`/api/razorpay/callback?${new URLSearchParams(params).toString()}`);
}

function deliver(payload: Pick<SignedWebhook, 'body' | 'signature'>, extraHeaders: Record<string, string> = {}) {
  // Razorpay sends no Origin and no cookie.
  return new HttpClient(server.url, { origin: null }).request<{ success: boolean; data: { outcome?: string } | null }>('/api/razorpay/webhook', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(payload.signature ? { 'x-razorpay-signature': payload.signature } : {}), ...extraHeaders },
    body: payload.body,
  });
}

describe('Razorpay Payment Links through the fake Razorpay API', () => {
  it('a payment through the callback: paid once, stock taken once, cart emptied, invoiced and confirmed once, method upi', async () => {
    const product = await insertProduct(server.deps.db, { productName: 'Razorpay Phone', sellingPrice: 1_999_900, price: 2_499_900, stock: 5 });
    const { client, user, orderId, sessionId, url } = await startCheckout([product.id]);
    expect(url).toBe(fake.link(sessionId).short_url);
    expect(await stockOf(product.id)).toBe(4);
    expect(fake.link(sessionId)).toMatchObject({
      reference_id: orderId,
      amount: 1_999_900,
      currency: 'INR',
      callback_url: `${server.url}/api/razorpay/callback`,
      customer: { email: user.email, name: 'Asha Rao', contact: '+919845012345' },
      notes: { order_id: orderId, shipping_rate: 'standard', shipping_amount: '0' },
    });
    expect(await orderRow(orderId)).toMatchObject({ status: 'pending', provider: 'razorpay', payment_session_id: sessionId });

    const params = fake.pay(sessionId, { method: 'upi' });
    const back = await callback(client, params);
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe(`${server.url}/success?session_id=${sessionId}`);

    const order = await orderRow(orderId);
    expect(order).toMatchObject({
      status: 'paid',
      provider: 'razorpay',
      payment_status: 'paid',
      payment_intent_id: params.razorpay_payment_id,
      amount_charged: 1_999_900,
      amount_mismatch: 0,
    });
    expect(JSON.parse(order.payment_method_types)).toEqual(['upi']);
    expect(order.invoice_number).not.toBeNull();
    expect(await stockOf(product.id)).toBe(4);
    expect(await cartCount(client)).toBe(0);

    // The success page asks again, the shopper reloads the callback, the webhook comes late: nothing changes.
    expect((await client.trpc('mutation', 'checkout.confirmReturn', { sessionId })).body).toEqual({
      orderId,
      orderNumber: expect.stringMatching(/^VM-\d{4}-\d{6}$/),
      status: 'paid',
    });
    expect((await callback(client, params)).status).toBe(303);
    expect((await deliver(fake.webhookFor('payment_link.paid', sessionId))).body.data).toMatchObject({ outcome: 'already_paid' });
    expect(await movementsOf(orderId)).toEqual([{ reason: 'sale', delta: -1 }]);
    expect(await confirmationsTo(user.email)).toHaveLength(1);
    expect((await orderRow(orderId)).invoice_number).toBe(order.invoice_number);
  });

  it('an admin cancels a paid order with a refund: one refund at Razorpay, recorded, on the credit note, emailed once', async () => {
    const product = await insertProduct(server.deps.db, { productName: 'Refunded Phone', sellingPrice: 1_499_900, price: 1_999_900, stock: 3 });
    const { client, user, orderId, sessionId } = await startCheckout([product.id]);
    const params = fake.pay(sessionId, { method: 'upi' });
    expect((await callback(client, params)).status).toBe(303);
    const { client: admin } = await signInAs(server, 'ADMIN');

    const cancelled = await admin.trpc<{ status: string; refund: { id: string; status: string; amount: number } | null }>('mutation', 'admin.setOrderStatus', {
      orderId,
      status: 'cancelled',
      refund: true,
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('cancelled');
    const refunds = fake.refunds(params.razorpay_payment_id);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amount: 1_499_900 });
    expect(cancelled.body.refund).toMatchObject({ id: refunds[0]!.id, status: 'succeeded', amount: 1_499_900 });
    expect(await stockOf(product.id)).toBe(3);
    expect(await orderRow(orderId)).toMatchObject({ refund_id: refunds[0]!.id, refund_status: 'succeeded', credit_note_number: expect.any(String) as string });

    // Asked again: refused, and Razorpay is not asked to refund a second time.
    expect((await admin.trpc('mutation', 'admin.refundOrder', { orderId })).status).toBe(409);
    expect(fake.refunds(params.razorpay_payment_id)).toHaveLength(1);
    const mails = await server.deps.db.selectFrom('mail_outbox').select('text_body').where('kind', '=', 'order-refund').where('to_address', '=', user.email).execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text_body).toContain('through Razorpay');
  });

  it('refuses a forged callback with 400 and changes nothing', async () => {
    const product = await insertProduct(server.deps.db, { stock: 3 });
    const victim = await startCheckout([product.id]);
    const attacker = await startCheckout([product.id]);
    const own = fake.pay(attacker.sessionId);
    const reads = fake.count('GET', `/v1/payment_links/${victim.sessionId}`);

    // A good signature, but for another link: the attacker's paid callback pointed at the victim's link.
    const swapped = await callback(victim.client, { ...own, razorpay_payment_link_id: victim.sessionId, razorpay_payment_link_reference_id: victim.orderId });
    expect(swapped.status).toBe(400);
    expect(swapped.headers.get('content-type')).toMatch(/^text\/html/);
    expect(swapped.body).toContain('This payment could not be verified');
    expect(swapped.body).toContain('href="/orders"');
    // Signed with something other than the key secret, or not signed at all.
    const claimed = { ...fake.callbackParams(victim.sessionId, { secret: 'guessed' }), razorpay_payment_link_status: 'paid', razorpay_payment_id: 'pay_Forged00000000' };
    expect((await callback(victim.client, claimed)).status).toBe(400);
    const { razorpay_signature: _unused, ...unsigned } = claimed;
    expect((await callback(victim.client, unsigned)).status).toBe(400);
    expect((await victim.client.get('/api/razorpay/callback')).status).toBe(400);

    expect(fake.count('GET', `/v1/payment_links/${victim.sessionId}`)).toBe(reads);
    expect(await orderRow(victim.orderId)).toMatchObject({ status: 'pending', paid_at: null, payment_intent_id: null });
    expect(await cartCount(victim.client)).toBe(1);
    // The attacker's own order is theirs to pay, and only theirs.
    expect((await callback(attacker.client, own)).status).toBe(303);
    expect((await orderRow(attacker.orderId)).status).toBe('paid');
    expect((await orderRow(victim.orderId)).status).toBe('pending');
  });

  it('refuses a webhook with a forged, missing or stale signature with 400 and changes nothing', async () => {
    const product = await insertProduct(server.deps.db, { stock: 3 });
    const { client, orderId, sessionId } = await startCheckout([product.id]);
    fake.pay(sessionId);
    const good = fake.webhookFor('payment_link.paid', sessionId);

    const forged = await deliver(fake.webhookFor('payment_link.paid', sessionId, { secret: 'attacker' }));
    expect(forged.status).toBe(400);
    expect(forged.body).toMatchObject({ success: false });
    expect((await deliver({ body: good.body, signature: '' })).status).toBe(400);
    expect((await deliver({ body: good.body, signature: 'not-hex' })).status).toBe(400);
    expect((await deliver({ body: good.body.replace('"entity":"event"', '"entity":"event" '), signature: good.signature })).status).toBe(400);
    // Sent as a form or with another content type, it is still checked on its raw bytes.
    expect((await deliver({ body: good.body, signature: fake.signWebhook(good.body, 'attacker') }, { 'content-type': 'text/plain' })).status).toBe(400);

    expect((await orderRow(orderId)).status).toBe('pending');
    expect(await cartCount(client)).toBe(1);

    const genuine = await deliver(good);
    expect(genuine.status).toBe(200);
    expect(genuine.body.data).toMatchObject({ outcome: 'paid' });
    expect((await orderRow(orderId)).status).toBe('paid');
  });

  it('duplicate and out-of-order webhooks give one paid order and one stock movement', async () => {
    const product = await insertProduct(server.deps.db, { stock: 5 });
    const { client, orderId, sessionId } = await startCheckout([product.id]);
    expect(await stockOf(product.id)).toBe(4);
    // An expiry event about the link while it was still open, delivered after the payment.
    const stale = fake.webhookFor('payment_link.expired', sessionId);
    fake.pay(sessionId);
    const paid = fake.webhookFor('payment_link.paid', sessionId);

    expect((await deliver(stale)).body.data).toMatchObject({ outcome: 'paid' });
    // The shopper puts the product in the cart again; late duplicates must not clear it.
    await client.post('/api/addtocart', { productId: product.id });
    for (const event of [paid, paid, stale]) {
      const reply = await deliver(event);
      expect(reply.status).toBe(200);
      expect(reply.body.data).toMatchObject({ outcome: 'already_paid' });
    }
    expect((await orderRow(orderId)).status).toBe('paid');
    expect(await stockOf(product.id)).toBe(4);
    expect(await movementsOf(orderId)).toEqual([{ reason: 'sale', delta: -1 }]);
    expect(await cartCount(client)).toBe(1);
  });

  it('acknowledges events it has nothing to do with, and asks Razorpay to retry when Razorpay is down', async () => {
    const product = await insertProduct(server.deps.db, { stock: 2 });
    const { orderId, sessionId } = await startCheckout([product.id]);
    fake.pay(sessionId);

    const other = JSON.stringify({ entity: 'event', event: 'payment.captured', payload: { payment: { entity: { id: 'pay_Other000000000' } } }, created_at: 1 });
    expect((await deliver({ body: other, signature: fake.signWebhook(other) })).body).toMatchObject({ success: true, message: 'ignored' });
    const unknown = JSON.stringify({ entity: 'event', event: 'payment_link.paid', payload: { payment_link: { entity: { id: 'plink_NotOurs00000000' } } }, created_at: 1 });
    expect((await deliver({ body: unknown, signature: fake.signWebhook(unknown) })).body).toMatchObject({ success: true, message: 'ignored' });

    fake.failNext(1, 500, { method: 'GET', path: new RegExp(`^/v1/payment_links/${sessionId}$`) });
    const event = fake.webhookFor('payment_link.paid', sessionId);
    const failed = await deliver(event);
    expect(failed.status).toBe(500);
    expect((await orderRow(orderId)).status).toBe('pending');
    expect((await deliver(event)).body.data).toMatchObject({ outcome: 'paid' });
  });

  it('a lost webhook and no callback: the sweep asks Razorpay and the order becomes paid', async () => {
    const product = await insertProduct(server.deps.db, { stock: 2 });
    const { client, orderId, sessionId } = await startCheckout([product.id]);
    fake.pay(sessionId, { method: 'netbanking' });
    expect((await orderRow(orderId)).status).toBe('pending');

    // (The shop's clock stands still in these tests: the sweep takes orders older than now.)
    now += 1000;
    const settled = await sweepPendingOrders(server.deps, { minAgeMs: 0 });
    expect(settled).toContainEqual({ outcome: 'paid', orderId });
    const order = await orderRow(orderId);
    expect(order.status).toBe('paid');
    expect(JSON.parse(order.payment_method_types)).toEqual(['netbanking']);
    expect(await stockOf(product.id)).toBe(1);
    expect(await movementsOf(orderId)).toEqual([{ reason: 'sale', delta: -1 }]);
    expect(await cartCount(client)).toBe(0);
  });

  it('an expired link releases the stock through the sweep, and so does one past its time that Razorpay has not closed yet', async () => {
    const product = await insertProduct(server.deps.db, { stock: 2 });
    const expired = await startCheckout([product.id]);
    const late = await startCheckout([product.id]);
    expect(await stockOf(product.id)).toBe(0);

    fake.expire(expired.sessionId);
    now += 1000;
    expect(await sweepPendingOrders(server.deps, { minAgeMs: 0 })).toEqual(
      expect.arrayContaining([
        { outcome: 'released', orderId: expired.orderId },
        { outcome: 'open', orderId: late.orderId },
      ]),
    );
    expect((await orderRow(expired.orderId)).status).toBe('cancelled');
    expect(await stockOf(product.id)).toBe(1);
    // The cart is kept so the shopper can try again.
    expect(await cartCount(expired.client)).toBe(1);

    // The callback of a closed link sends the shopper to /cancel.
    const closed = await callback(expired.client, fake.callbackParams(expired.sessionId));
    expect(closed.status).toBe(303);
    expect(closed.headers.get('location')).toBe(`${server.url}/cancel`);

    now += 32 * 60 * 1000;
    expect(await sweepPendingOrders(server.deps, { minAgeMs: 0 })).toContainEqual({ outcome: 'released', orderId: late.orderId });
    expect((await orderRow(late.orderId)).status).toBe('cancelled');
    expect(['cancelled', 'expired']).toContain(fake.link(late.sessionId).status);
    expect(await stockOf(product.id)).toBe(2);
  });
});

describe('without Razorpay keys', () => {
  it('answers 404 on the callback and the webhook', async () => {
    const plain = await startTestServer();
    try {
      const client = new HttpClient(plain.url, { origin: null });
      const page = await client.get<string>('/api/razorpay/callback?razorpay_payment_link_id=plink_X');
      expect(page.status).toBe(404);
      const hook = await client.request<{ success: boolean }>('/api/razorpay/webhook', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      expect(hook.status).toBe(404);
      expect(hook.body).toMatchObject({ success: false });
    } finally {
      await plain.close();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isTestProvider } from '../../payments/test-provider';
import { insertProduct, signInAs } from '../../testing/factories';
import { HttpClient, startTestServer, type TestServer } from '../../testing/test-server';
import { releaseOrder, startPendingOrderSweep, sweepPendingOrders } from './fulfilment.service';
import { TEST_PAGE_ADDRESS } from '../../testing/factories';

/** The built-in test checkout (no Stripe key): the whole journey over real HTTP. */
let server: TestServer;
let now = Date.now();

beforeAll(async () => {
  server = await startTestServer({ clock: () => new Date(now) });
});

afterAll(async () => {
  await server.close();
});

const stockOf = async (id: string) => (await server.deps.db.selectFrom('products').select('stock').where('id', '=', id).executeTakeFirstOrThrow()).stock;

const orderRow = async (id: string) => server.deps.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** Submits a same-origin HTML form as a browser would. */
function postForm(client: HttpClient, path: string, fields: Record<string, string> = {}) {
  return client.request<string>(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
}

describe('checkout with the built-in test checkout', () => {
  it('cart -> checkout -> test page -> Pay: order paid with the right total, cart empty, stock down', async () => {
    const { client, user } = await signInAs(server);
    const phone = await insertProduct(server.deps.db, { productName: 'Pixel Test', sellingPrice: 2_499_950, price: 2_999_900, stock: 5 });
    const buds = await insertProduct(server.deps.db, { productName: 'Buds Test', sellingPrice: 99_900, price: 150_000, stock: 3 });
    await client.post('/api/addtocart', { productId: phone.id });
    now += 1000;
    await client.post('/api/addtocart', { productId: buds.id });
    await client.post('/api/addtocart', { productId: buds.id });

    const checkout = await client.post('/api/checkout', { cartItems: [] });
    expect(checkout.status).toBe(200);
    expect(checkout.body).toMatchObject({ success: true, error: false, message: 'ok' });
    const { id: sessionId, url, data: orderId } = checkout.body as { id: string; url: string; data: string };
    expect(url).toBe(`${server.url}/test-checkout/${sessionId}`);
    // Reserved at checkout: what is for sale went down already.
    expect(await stockOf(phone.id)).toBe(4);
    expect(await stockOf(buds.id)).toBe(1);
    expect((await orderRow(orderId)).status).toBe('pending');

    const page = await client.get<string>(new URL(url).pathname);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(page.body).toContain('TEST MODE');
    // Chromium would send `Origin: null` on Pay under a no-referrer policy, and the CSRF check would refuse it.
    expect(page.headers.get('referrer-policy')).toBe('same-origin');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(page.body).toContain('Pixel Test');
    expect(page.body).toContain('Buds Test');
    expect(page.body).toContain('₹26,997.50'); // 24,999.50 + 2 × 999.00
    expect(page.body).toContain('Total ₹27,096.50'); // with express delivery
    expect(page.body).toContain(`action="/test-checkout/${sessionId}/pay"`);
    expect(page.body).toContain(`action="/test-checkout/${sessionId}/cancel"`);
    expect(page.body).not.toMatch(/<script|style=/i);
    const css = await client.get<string>('/test-checkout/assets/style.css');
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toMatch(/text\/css/);

    const pay = await postForm(client, `/test-checkout/${sessionId}/pay`, { shipping: 'express', ...TEST_PAGE_ADDRESS });
    expect(pay.status).toBe(303);
    expect(pay.headers.get('location')).toBe(`${server.url}/success?session_id=${sessionId}`);

    const order = await orderRow(orderId);
    expect(order).toMatchObject({
      status: 'paid',
      provider: 'test',
      payment_status: 'paid',
      shipping_rate: 'express',
      shipping_amount: 9900,
      amount_charged: 2_699_750 + 9900,
      amount_mismatch: 0,
      user_id: user.id,
    });
    expect(await stockOf(phone.id)).toBe(4);
    expect(await stockOf(buds.id)).toBe(1);
    expect((await client.get('/api/countAddToCartProduct')).body.data).toEqual({ count: 0 });

    const orders = await client.get('/api/order-list');
    expect(orders.body).toMatchObject({ success: true, message: 'Order list' });
    expect(orders.body.data).toHaveLength(1);
    expect(orders.body.data[0]).toMatchObject({
      _id: orderId,
      userId: user.id,
      email: user.email,
      status: 'paid',
      productDetails: [
        { productId: phone.id, name: 'Pixel Test', image: ['/images/test.webp'], price: 24_999.5, quantity: 1 },
        { productId: buds.id, name: 'Buds Test', image: ['/images/test.webp'], price: 999, quantity: 2 },
      ],
      paymentDetails: { paymentId: `test_pi_${sessionId}`, payment_method_type: ['card'], payment_status: 'paid' },
      shipping_options: [{ shipping_amount: 99, shipping_rate: 'express' }],
      totalAmount: 26_997.5 + 99,
      amountCharged: 26_997.5 + 99,
    });

    // The success page asks the server, which asks the provider: already paid, nothing changes.
    const confirm = await client.trpc('mutation', 'checkout.confirmReturn', { sessionId });
    expect(confirm.body).toEqual({ orderId, orderNumber: expect.stringMatching(/^VM-\d{4}-\d{6}$/), status: 'paid' });
    // Paying again (a double submit) changes nothing either.
    expect((await postForm(client, `/test-checkout/${sessionId}/pay`, { shipping: 'standard', ...TEST_PAGE_ADDRESS })).status).toBe(303);
    expect((await orderRow(orderId)).shipping_rate).toBe('express');
    expect(await stockOf(buds.id)).toBe(1);
    expect((await client.get<string>(`/test-checkout/${sessionId}`)).body).toContain('Already paid');
  });

  it('Cancel expires the session, releases the stock, cancels the order and keeps the cart', async () => {
    const { client } = await signInAs(server);
    const product = await insertProduct(server.deps.db, { stock: 2 });
    await client.post('/api/addtocart', { productId: product.id });
    const checkout = await client.post('/api/checkout', {});
    expect(await stockOf(product.id)).toBe(1);

    const cancel = await postForm(client, `/test-checkout/${checkout.body.id}/cancel`);
    expect(cancel.status).toBe(303);
    expect(cancel.headers.get('location')).toBe(`${server.url}/cancel`);
    expect(await stockOf(product.id)).toBe(2);
    expect((await orderRow(checkout.body.data)).status).toBe('cancelled');
    expect((await client.get('/api/countAddToCartProduct')).body.data).toEqual({ count: 1 });

    const late = await postForm(client, `/test-checkout/${checkout.body.id}/pay`, { shipping: 'standard', ...TEST_PAGE_ADDRESS });
    expect(late.status).toBe(409);
    expect((await orderRow(checkout.body.data)).status).toBe('cancelled');
    expect(await stockOf(product.id)).toBe(2);
    // Shoppers never see cancelled checkouts as orders.
    expect((await client.get('/api/order-list')).body.data).toEqual([]);
  });

  it('never trusts prices from cartItems: the charge uses the database price', async () => {
    const { client } = await signInAs(server);
    const product = await insertProduct(server.deps.db, { sellingPrice: 5_000_000, price: 6_000_000, stock: 3 });
    const added = await client.post('/api/addtocart', { productId: product.id });
    const tampered = [{ ...added.body.data, quantity: 1, productId: { ...added.body.data.productId, sellingPrice: 1, price: 1 } }];
    const checkout = await client.post('/api/checkout', { cartItems: tampered });
    expect(checkout.status).toBe(200);
    expect((await orderRow(checkout.body.data)).total_amount).toBe(5_000_000);
    const items = await server.deps.db.selectFrom('order_items').select(['unit_price', 'quantity']).where('order_id', '=', checkout.body.data).execute();
    expect(items).toEqual([{ unit_price: 5_000_000, quantity: 1 }]);
    const session = await server.deps.db.selectFrom('test_checkout_sessions').select('amount_total').where('id', '=', checkout.body.id).executeTakeFirstOrThrow();
    expect(session.amount_total).toBe(5_000_000);
  });

  it('needs a signed-in user (401 with data null) and a non-empty cart (400)', async () => {
    const visitor = new HttpClient(server.url);
    const product = await insertProduct(server.deps.db);
    await visitor.post('/api/addtocart', { productId: product.id });
    const anonymous = await visitor.post('/api/checkout', { cartItems: [] });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ success: false, error: true, message: 'Please Login...!', data: null });
    expect((await visitor.get('/api/order-list')).body).toEqual({ success: false, error: true, message: 'Please Login...!', data: [] });

    const { client } = await signInAs(server);
    const empty = await client.post('/api/checkout', {});
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ success: false, message: 'Your cart is empty', data: null });
  });

  it('refuses a cart whose quantity exceeds what is left, changing nothing', async () => {
    const { client, user } = await signInAs(server);
    const product = await insertProduct(server.deps.db, { stock: 3, productName: 'Tight Stock' });
    const added = await client.post('/api/addtocart', { productId: product.id });
    await client.post('/api/update-cart-product', { _id: added.body.data._id, quantity: 3 });
    await server.deps.db.updateTable('products').set({ stock: 2 }).where('id', '=', product.id).execute();
    await server.deps.db.updateTable('product_variants').set({ stock: 2 }).where('product_id', '=', product.id).execute();
    const reply = await client.post('/api/checkout', {});
    expect(reply.status).toBe(409);
    expect(reply.body.message).toBe('Only 2 of Tight Stock left in stock: lower the quantity in your cart');
    expect(await stockOf(product.id)).toBe(2);
    expect(await server.deps.db.selectFrom('orders').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
  });

  it('twenty simultaneous checkouts for the last unit leave exactly one pending order holding it', async () => {
    const product = await insertProduct(server.deps.db, { stock: 1 });
    const shoppers = await Promise.all(Array.from({ length: 20 }, () => signInAs(server)));
    for (const { client } of shoppers) {
      const added = await client.post('/api/addtocart', { productId: product.id });
      expect(added.status).toBe(200);
    }
    const replies = await Promise.all(shoppers.map(({ client }) => client.post('/api/checkout', {})));
    const ok = replies.filter((r) => r.status === 200);
    expect(ok).toHaveLength(1);
    expect(replies.filter((r) => r.status === 409)).toHaveLength(19);
    expect(await stockOf(product.id)).toBe(0);
    const holding = await server.deps.db
      .selectFrom('orders')
      .innerJoin('order_items', 'order_items.order_id', 'orders.id')
      .select(['orders.id', 'orders.status'])
      .where('order_items.product_id', '=', product.id)
      .execute();
    expect(holding).toEqual([{ id: ok[0]?.body.data, status: 'pending' }]);
  });

  it('an expired session releases its stock (the sweep asks the provider)', async () => {
    const { client } = await signInAs(server);
    const product = await insertProduct(server.deps.db, { stock: 1 });
    await client.post('/api/addtocart', { productId: product.id });
    const checkout = await client.post('/api/checkout', {});
    expect(await stockOf(product.id)).toBe(0);

    // Young orders are left alone.
    await sweepPendingOrders(server.deps);
    expect((await orderRow(checkout.body.data)).status).toBe('pending');

    now += 31 * 60 * 1000;
    const results = await sweepPendingOrders(server.deps);
    expect(results).toContainEqual({ outcome: 'released', orderId: checkout.body.data });
    expect((await orderRow(checkout.body.data)).status).toBe('cancelled');
    expect(await stockOf(product.id)).toBe(1);
    expect((await client.get<string>(`/test-checkout/${checkout.body.id}`)).status).toBe(410);
    // Releasing twice is harmless.
    expect(await releaseOrder(server.deps, checkout.body.data, 'test')).toBe(false);
    expect(await stockOf(product.id)).toBe(1);
  });

  it('a paid session whose confirmation was lost is fulfilled by the sweep', async () => {
    const { client } = await signInAs(server);
    const product = await insertProduct(server.deps.db, { stock: 4 });
    await client.post('/api/addtocart', { productId: product.id });
    const checkout = await client.post('/api/checkout', {});
    // Pay at the provider without running fulfilment (as if the process died right after).
    const payments = server.deps.payments;
    if (!isTestProvider(payments)) throw new Error('expected the test provider');
    await payments.pay(checkout.body.id, 'standard', {
      name: 'Asha Rao',
      line1: '12 MG Road',
      line2: null,
      city: 'Bengaluru',
      state: 'Karnataka',
      postalCode: '560001',
      country: 'IN',
    });
    expect((await orderRow(checkout.body.data)).status).toBe('pending');

    now += 6 * 60 * 1000;
    await sweepPendingOrders(server.deps);
    expect((await orderRow(checkout.body.data)).status).toBe('paid');
    expect(await stockOf(product.id)).toBe(3);
    expect((await client.get('/api/countAddToCartProduct')).body.data).toEqual({ count: 0 });
  });

  it('the periodic sweep runs on its timer until stopped', async () => {
    const { client } = await signInAs(server);
    const product = await insertProduct(server.deps.db, { stock: 1 });
    await client.post('/api/addtocart', { productId: product.id });
    const checkout = await client.post('/api/checkout', {});
    now += 31 * 60 * 1000;
    const stop = startPendingOrderSweep(server.deps, { intervalMs: 10 });
    try {
      await expect.poll(async () => (await orderRow(checkout.body.data)).status, { timeout: 5000 }).toBe('cancelled');
    } finally {
      stop();
    }
    expect(await stockOf(product.id)).toBe(1);
  });

  it('confirmReturn answers only the owner of the session', async () => {
    const { client } = await signInAs(server);
    const stranger = await signInAs(server);
    const product = await insertProduct(server.deps.db);
    await client.post('/api/addtocart', { productId: product.id });
    const checkout = await client.post('/api/checkout', {});
    expect((await client.trpc('mutation', 'checkout.confirmReturn', { sessionId: checkout.body.id })).body).toEqual({
      orderId: checkout.body.data,
      orderNumber: expect.stringMatching(/^VM-\d{4}-\d{6}$/),
      status: 'pending',
    });
    expect((await stranger.client.trpc('mutation', 'checkout.confirmReturn', { sessionId: checkout.body.id })).status).toBe(404);
    expect((await client.trpc('mutation', 'checkout.confirmReturn', { sessionId: 'tcs_unknown' })).status).toBe(404);
    expect((await new HttpClient(server.url).trpc('mutation', 'checkout.confirmReturn', { sessionId: checkout.body.id })).status).toBe(401);
  });
});

describe('order lists', () => {
  it('all-order is for admins, shows every status, newest first; order-list only the caller’s paid orders', async () => {
    const admin = await signInAs(server, 'ADMIN');
    const { client, user } = await signInAs(server);
    const product = await insertProduct(server.deps.db, { stock: 10 });

    await client.post('/api/addtocart', { productId: product.id });
    const paid = await client.post('/api/checkout', {});
    await postForm(client, `/test-checkout/${paid.body.id}/pay`, { shipping: 'standard', ...TEST_PAGE_ADDRESS });
    now += 1000;
    await client.post('/api/addtocart', { productId: product.id });
    const pending = await client.post('/api/checkout', {});

    const own = await client.get('/api/order-list');
    expect(own.body.data.map((o: { _id: string }) => o._id)).toEqual([paid.body.data]);

    const forbidden = await client.get('/api/all-order');
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toMatchObject({ success: false, data: [] });

    const all = await admin.client.get('/api/all-order');
    expect(all.body.message).toBe('All orders');
    const mine = (all.body.data as { _id: string; status: string; userId: string }[]).filter((o) => o.userId === user.id);
    expect(mine.map((o) => [o._id, o.status])).toEqual([
      [pending.body.data, 'pending'],
      [paid.body.data, 'paid'],
    ]);
    const createdAts = (all.body.data as { createdAt: string }[]).map((o) => o.createdAt);
    expect([...createdAts].sort().reverse()).toEqual(createdAts);
  });
});

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import Razorpay from 'razorpay';
import { validatePaymentVerification } from 'razorpay/dist/utils/razorpay-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { startFakeRazorpay, type FakeRazorpay } from '../testing/fake-razorpay';
import { shippingOptionsFrom, type CreateSessionInput, type PaymentProvider } from './payment-provider';
import { createRazorpayProvider, verifyPaymentLinkCallback } from './razorpay-provider';

const PUBLIC_URL = 'http://shop.test:3000';
const shippingOptions = shippingOptionsFrom({ SHIPPING_STANDARD_PAISE: 4900, SHIPPING_EXPRESS_PAISE: 9900 });
const ITEMS = 2 * 129_950 + 99_900;

let fake: FakeRazorpay;
let provider: PaymentProvider;

function orderId(): string {
  return crypto.randomUUID().replaceAll('-', '');
}

function input(overrides: Partial<CreateSessionInput> = {}): CreateSessionInput {
  const id = overrides.orderId ?? orderId();
  return {
    orderId: id,
    email: 'asha@example.com',
    lines: [
      { name: 'Boat Airdopes 141', imageUrl: '/images/airdopes.webp', unitAmount: 129_950, quantity: 2 },
      { name: 'Noise Watch', imageUrl: null, unitAmount: 99_900, quantity: 1 },
    ],
    shippingOptions,
    deliveryAddress: null,
    idempotencyKey: `checkout-${id}`,
    ...overrides,
  };
}

function errorOf(promise: Promise<unknown>): Promise<AppError> {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => {
      if (!(error instanceof AppError)) throw error;
      return error;
    },
  );
}

function providerAt(apiBase: string, extra: { maxNetworkRetries?: number; timeoutMs?: number } = {}): PaymentProvider {
  return createRazorpayProvider({
    keyId: fake.keyId,
    keySecret: fake.keySecret,
    webhookSecret: fake.webhookSecret,
    apiBase,
    publicUrl: PUBLIC_URL,
    log: pino({ level: 'silent' }),
    ...extra,
  });
}

beforeAll(async () => {
  fake = await startFakeRazorpay();
  provider = providerAt(fake.url);
});

afterAll(async () => {
  await fake.close();
});

describe('Razorpay provider against the fake Razorpay API', () => {
  it('opens a payment link with everything Razorpay and the shop need', async () => {
    const before = Math.floor(Date.now() / 1000);
    const req = input({
      orderNumber: 'VM-2026-000123',
      deliveryAddress: { name: 'Ravi Kumar', phone: '+919830012345', line1: '4 Park Street', line2: '', city: 'Kolkata', stateCode: '19', pin: '700016', gstin: '' },
    });
    const created = await provider.createSession(req);
    expect(created.id).toMatch(/^plink_[A-Za-z0-9]{14}$/);
    expect(created.url).toBe(fake.link(created.id).short_url);

    const sent = fake.requests.find(
      (r) => r.method === 'POST' && r.path === '/v1/payment_links' && r.status === 200 && (r.body as { reference_id?: string }).reference_id === req.orderId,
    );
    expect(sent?.headers.authorization).toBe(`Basic ${Buffer.from(`${fake.keyId}:${fake.keySecret}`).toString('base64')}`);
    expect(sent?.body).toMatchObject({
      // No delivery chosen on the shop's page: the first option (standard, ₹49) is charged.
      amount: ITEMS + 4900,
      currency: 'INR',
      accept_partial: false,
      reference_id: req.orderId,
      customer: { email: 'asha@example.com', name: 'Ravi Kumar', contact: '+919830012345' },
      notify: { sms: false, email: false },
      reminder_enable: false,
      notes: { order_id: req.orderId, shipping_rate: 'standard', shipping_amount: '4900' },
      callback_url: `${PUBLIC_URL}/api/razorpay/callback`,
      callback_method: 'get',
    });
    const body = sent?.body as { expire_by: number; description: string };
    expect(body.expire_by - before).toBeGreaterThanOrEqual(30 * 60);
    expect(body.expire_by - before).toBeLessThanOrEqual(32 * 60);
    // The shopper reads the order's number on Razorpay's page; the id stays in reference_id and notes.
    expect(body.description).toBe('Order VM-2026-000123 at shop.test:3000: Boat Airdopes 141 × 2, Noise Watch');
    expect(new Date(created.expiresAt).getTime() / 1000).toBe(body.expire_by);
  });

  it('charges the delivery chosen on the shop’s own checkout page', async () => {
    const req = input({ shipping: { rate: 'express', label: 'Express delivery', amount: 9900 } });
    const created = await provider.createSession(req);
    expect(fake.link(created.id)).toMatchObject({ amount: ITEMS + 9900, notes: { shipping_rate: 'express', shipping_amount: '9900' } });
    expect(await provider.retrieveSession(created.id)).toMatchObject({ shippingRate: 'express', shippingAmount: 9900, amountTotal: ITEMS + 9900 });
  });

  it('opens one link per order: a repeated create answers the link the first one opened', async () => {
    const req = input();
    const first = await provider.createSession(req);
    const lookups = fake.count('GET', '/v1/payment_links');
    const again = await provider.createSession(req);
    expect(again).toEqual(first);
    expect(fake.links().filter((l) => l.reference_id === req.orderId)).toHaveLength(1);
    expect(fake.count('GET', '/v1/payment_links')).toBe(lookups + 1);
    const lookup = fake.requests.findLast((r) => r.method === 'GET' && r.path === '/v1/payment_links');
    expect(lookup?.query.get('reference_id')).toBe(req.orderId);
  });

  it('retries a create whose answer was lost and finds the link it opened; a dropped connection is retried too', async () => {
    const lost = input();
    fake.failNext(1, 'lost', { method: 'POST', path: /^\/v1\/payment_links$/ });
    const created = await provider.createSession(lost);
    expect(
      fake
        .links()
        .filter((l) => l.reference_id === lost.orderId)
        .map((l) => l.id),
    ).toEqual([created.id]);

    const dropped = input();
    fake.failNext(1, 'network');
    const opened = await provider.createSession(dropped);
    expect(fake.link(opened.id).reference_id).toBe(dropped.orderId);
  });

  it('refuses to hand out a closed link of the order again', async () => {
    const req = input();
    const created = await provider.createSession(req);
    fake.expire(created.id);
    const error = await errorOf(provider.createSession(req));
    expect(error.appCode).toBe('PAYMENT_PROVIDER');
    expect(error.message).toMatch(/can no longer be paid/);
  });

  it('reads back an open link', async () => {
    const req = input();
    const created = await provider.createSession(req);
    expect(await provider.retrieveSession(created.id)).toEqual({
      id: created.id,
      orderId: req.orderId,
      status: 'open',
      paymentStatus: 'unpaid',
      amountTotal: ITEMS + 4900,
      currency: 'inr',
      paymentMethodTypes: [],
      paymentIntentId: null,
      shippingRate: 'standard',
      shippingAmount: 4900,
      shippingAddress: null,
      expiresAt: created.expiresAt,
    });
  });

  it('reads a paid link: the captured payment, its method (from the payment) and the amount paid', async () => {
    const created = await provider.createSession(input());
    const callback = fake.pay(created.id, { method: 'card' });
    const paymentReads = fake.count('GET', `/v1/payments/${callback.razorpay_payment_id}`);
    const session = await provider.retrieveSession(created.id);
    expect(session).toMatchObject({
      status: 'complete',
      paymentStatus: 'paid',
      paymentMethodTypes: ['card'],
      paymentIntentId: callback.razorpay_payment_id,
      amountTotal: ITEMS + 4900,
    });
    expect(fake.count('GET', `/v1/payments/${callback.razorpay_payment_id}`)).toBe(paymentReads + 1);
  });

  it('reads an expired link as expired', async () => {
    const created = await provider.createSession(input());
    fake.expire(created.id);
    expect(await provider.retrieveSession(created.id)).toMatchObject({ status: 'expired', paymentStatus: 'unpaid', paymentIntentId: null });
  });

  it('cancels an open link and answers a finished one as it is', async () => {
    const open = await provider.createSession(input());
    expect((await provider.expireSession(open.id)).status).toBe('expired');
    expect(fake.link(open.id).status).toBe('cancelled');
    // Razorpay refuses to cancel it twice; its state is the answer.
    expect((await provider.expireSession(open.id)).status).toBe('expired');

    const paid = await provider.createSession(input());
    fake.pay(paid.id);
    expect(await provider.expireSession(paid.id)).toMatchObject({ status: 'complete', paymentStatus: 'paid' });
    expect(fake.link(paid.id).status).toBe('paid');
  });

  it('maps an unknown link to NOT_FOUND, and never sends an id that is not Razorpay’s shape', async () => {
    expect((await errorOf(provider.retrieveSession('plink_Nope0000000000'))).appCode).toBe('NOT_FOUND');
    expect((await errorOf(provider.expireSession('plink_Nope0000000000'))).appCode).toBe('NOT_FOUND');
    const before = fake.requests.length;
    for (const id of ['cs_test_a1b2c3', '../payments/pay_X', 'plink_abc/cancel', '']) {
      expect((await errorOf(provider.retrieveSession(id))).appCode).toBe('NOT_FOUND');
      expect((await errorOf(provider.expireSession(id))).appCode).toBe('NOT_FOUND');
    }
    expect(fake.requests.length).toBe(before);
  });

  it('maps an outage and a network failure to PAYMENT_PROVIDER', async () => {
    const created = await provider.createSession(input());
    fake.failNext(1, 503);
    const outage = await errorOf(provider.retrieveSession(created.id));
    expect(outage.appCode).toBe('PAYMENT_PROVIDER');
    expect(outage.code).toBe('BAD_GATEWAY');
    expect(outage.message).toBe('The payment provider is not answering right now. Please try again in a moment.');

    fake.failNext(2, 'network');
    expect((await errorOf(provider.createSession(input()))).appCode).toBe('PAYMENT_PROVIDER');

    // Nothing listening at all: the SDK's own error handling would throw a TypeError here.
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const nowhere = providerAt(`http://127.0.0.1:${port}`, { maxNetworkRetries: 0 });
    const refused = await errorOf(nowhere.retrieveSession(created.id));
    expect(refused.appCode).toBe('PAYMENT_PROVIDER');
    // The network's own reason survives the SDK's error normaliser, for the log.
    expect(refused.cause).toMatchObject({ statusCode: 0, error: { code: 'NETWORK_ERROR', description: expect.stringMatching(/ECONNREFUSED/) as unknown } });
  });

  it('logs what went wrong without the key secret', async () => {
    const lines: string[] = [];
    const log = pino({ level: 'error' }, { write: (line: string) => void lines.push(line) });
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const logged = (apiBase: string) =>
      createRazorpayProvider({ keyId: fake.keyId, keySecret: fake.keySecret, webhookSecret: fake.webhookSecret, apiBase, publicUrl: PUBLIC_URL, log, maxNetworkRetries: 0 });

    await errorOf(logged(`http://127.0.0.1:${port}`).retrieveSession('plink_Gone0000000000'));
    fake.failNext(1, 500);
    await errorOf(logged(fake.url).retrieveSession('plink_Gone0000000000'));
    await errorOf(logged(fake.url).refund({ orderId: 'o1', paymentId: 'pay_Unknown0000000', amount: 100, idempotencyKey: 'refund-o1-abcdef' }));
    const req = input();
    const created = await provider.createSession(req);
    const paymentId = fake.pay(created.id).razorpay_payment_id;
    const amount = fake.link(created.id).amount;
    // Refused by Razorpay on the refund call itself (the one made through the SDK's axios).
    await errorOf(logged(fake.url).refund({ orderId: req.orderId, paymentId, amount: amount + 100, idempotencyKey: `refund-${req.orderId}` }));
    fake.failNext(1, 'network', { method: 'POST' });
    await errorOf(logged(fake.url).refund({ orderId: req.orderId, paymentId, amount, idempotencyKey: `refund-${req.orderId}` }));

    expect(lines.length).toBeGreaterThanOrEqual(5);
    const text = lines.join('\n');
    expect(text).toContain('ECONNREFUSED');
    expect(text).toContain('greater than amount captured');
    expect(text).toContain('The id provided does not exist');
    expect(text).not.toContain(fake.keySecret);
    expect(text).not.toContain(Buffer.from(`${fake.keyId}:${fake.keySecret}`).toString('base64'));
  });

  it('times out a request that gets no answer', async () => {
    const silent = http.createServer(() => {
      // never answers
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const slow = providerAt(`http://127.0.0.1:${(silent.address() as AddressInfo).port}`, { timeoutMs: 200, maxNetworkRetries: 0 });
      const started = Date.now();
      expect((await errorOf(slow.retrieveSession('plink_Slow0000000000'))).appCode).toBe('PAYMENT_PROVIDER');
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  it('is rejected by the fake when the amount breaks Razorpay rules (under ₹1)', async () => {
    const error = await errorOf(provider.createSession(input({ lines: [{ name: 'Sticker', imageUrl: null, unitAmount: 50, quantity: 1 }], shippingOptions: [] })));
    expect(error.appCode).toBe('PAYMENT_PROVIDER');
    expect(fake.requests.findLast((r) => r.path === '/v1/payment_links')?.status).toBe(400);
  });
});

describe('refunds', () => {
  async function paidPayment(): Promise<{ paymentId: string; orderId: string; amount: number }> {
    const req = input();
    const created = await provider.createSession(req);
    const callback = fake.pay(created.id);
    return { paymentId: callback.razorpay_payment_id, orderId: req.orderId, amount: fake.link(created.id).amount };
  }

  it('refunds the whole payment once, however often it is asked', async () => {
    const { paymentId, orderId: id, amount } = await paidPayment();
    const refundInput = { orderId: id, paymentId, amount, idempotencyKey: `refund-${id}` };
    const first = await provider.refund(refundInput);
    expect(first).toEqual({ id: expect.stringMatching(/^rfnd_/) as unknown, status: 'succeeded', amount });
    const sent = fake.requests.findLast((r) => r.method === 'POST' && r.path === `/v1/payments/${paymentId}/refund`);
    expect(sent?.headers['x-refund-idempotency']).toBe(`refund-${id}`);
    expect(sent?.body).toEqual({ amount, receipt: `refund-${id}`, notes: { order_id: id, idempotency_key: `refund-${id}` } });

    expect(await provider.refund(refundInput)).toEqual(first);
    expect(fake.refunds(paymentId)).toHaveLength(1);
    expect(fake.count('POST', `/v1/payments/${paymentId}/refund`)).toBe(1);
    expect(fake.payment(paymentId)).toMatchObject({ amount_refunded: amount, refund_status: 'full' });
  });

  it('answers the refund made by an attempt whose answer was lost', async () => {
    const { paymentId, orderId: id, amount } = await paidPayment();
    const refundInput = { orderId: id, paymentId, amount, idempotencyKey: `refund-${id}` };
    fake.failNext(1, 'lost', { method: 'POST', path: /\/refund$/ });
    const lost = await errorOf(provider.refund(refundInput));
    expect(lost.appCode).toBe('PAYMENT_PROVIDER');
    expect(lost.message).toMatch(/^Razorpay did not make the refund: it did not answer/);
    expect(fake.refunds(paymentId)).toHaveLength(1);
    const retried = await provider.refund(refundInput);
    expect(retried.id).toBe(fake.refunds(paymentId)[0]?.id);
    expect(fake.refunds(paymentId)).toHaveLength(1);
  });

  it('maps pending and failed refunds', async () => {
    const pending = await paidPayment();
    fake.setRefundStatus('pending');
    try {
      expect((await provider.refund({ ...pending, idempotencyKey: `refund-${pending.orderId}` })).status).toBe('pending');
      const failed = await paidPayment();
      fake.setRefundStatus('failed');
      expect((await provider.refund({ ...failed, idempotencyKey: `refund-${failed.orderId}` })).status).toBe('failed');
    } finally {
      fake.setRefundStatus('processed');
    }
  });

  it('passes on Razorpay’s reason when it refuses', async () => {
    const { paymentId, orderId: id, amount } = await paidPayment();
    await provider.refund({ orderId: id, paymentId, amount, idempotencyKey: `refund-${id}` });
    const again = await errorOf(provider.refund({ orderId: id, paymentId, amount, idempotencyKey: `refund-${id}-second` }));
    expect(again.appCode).toBe('PAYMENT_PROVIDER');
    expect(again.message).toBe('Razorpay did not make the refund: The payment has been fully refunded already');
    const unknown = await errorOf(provider.refund({ orderId: id, paymentId: 'pay_Unknown0000000', amount, idempotencyKey: `refund-${id}` }));
    expect(unknown.message).toBe('Razorpay did not make the refund: The id provided does not exist');
    const notOurs = await errorOf(provider.refund({ orderId: id, paymentId: 'pi_123', amount, idempotencyKey: `refund-${id}` }));
    expect(notOurs.message).toBe('Razorpay did not make the refund: pi_123 is not a Razorpay payment id');
  });

  it('turns a key Razorpay would refuse into a stable one of its own', async () => {
    const { paymentId, orderId: id, amount } = await paidPayment();
    const key = `refund for order ${id} (admin cancel)`;
    const first = await provider.refund({ orderId: id, paymentId, amount, idempotencyKey: key });
    expect(await provider.refund({ orderId: id, paymentId, amount, idempotencyKey: key })).toEqual(first);
    const sent = fake.requests.findLast((r) => r.path === `/v1/payments/${paymentId}/refund`);
    expect(sent?.headers['x-refund-idempotency']).toMatch(/^[0-9a-f]{40}$/);
  });
});

describe('signatures', () => {
  it('verifies webhooks on the raw body, as the SDK computes them', async () => {
    const created = await provider.createSession(input());
    fake.pay(created.id);
    const { body, signature } = fake.webhookFor('payment_link.paid', created.id);
    expect(Razorpay.validateWebhookSignature(body, signature, fake.webhookSecret)).toBe(true);

    const event = provider.parseWebhook(Buffer.from(body), signature);
    expect(event).toMatchObject({ type: 'payment_link.paid', sessionId: created.id });
    expect(event.id).toMatch(new RegExp(`^payment_link\\.paid:${created.id}:\\d+$`));

    const forged = fake.webhookFor('payment_link.paid', created.id, { secret: 'not-the-secret' });
    expect(() => provider.parseWebhook(Buffer.from(forged.body), forged.signature)).toThrow(/Invalid webhook signature/);
    expect(() => provider.parseWebhook(Buffer.from(body.replace('"paid"', '"expired"')), signature)).toThrow(/Invalid webhook signature/);
    expect(() => provider.parseWebhook(Buffer.from(JSON.stringify(JSON.parse(body), null, 1)), signature)).toThrow(/Invalid webhook signature/);
    expect(() => provider.parseWebhook(Buffer.from(body), undefined)).toThrow(/Missing X-Razorpay-Signature/);
    for (const malformed of ['', 'abc', 'g'.repeat(64), `${signature}00`, signature.slice(2)]) {
      expect(() => provider.parseWebhook(Buffer.from(body), malformed)).toThrow(AppError);
    }
    const notJson = 'not json';
    expect(() => provider.parseWebhook(Buffer.from(notJson), fake.signWebhook(notJson))).toThrow(/not JSON/);
  });

  it('reads no session from events that are not about a payment link', () => {
    const body = JSON.stringify({ entity: 'event', event: 'payment.captured', payload: { payment: { entity: { id: 'pay_Abc0000000000' } } }, created_at: 1_750_000_000 });
    expect(provider.parseWebhook(Buffer.from(body), fake.signWebhook(body))).toEqual({
      id: 'payment.captured:pay_Abc0000000000:1750000000',
      type: 'payment.captured',
      sessionId: null,
    });
  });

  it('refuses every webhook when no webhook secret is set', () => {
    const open = createRazorpayProvider({ keyId: 'rzp_test_x', keySecret: 'y', webhookSecret: '', publicUrl: PUBLIC_URL, log: pino({ level: 'silent' }) });
    const body = '{"event":"payment_link.paid"}';
    // Signed with the empty key, which anyone can do.
    expect(() => open.parseWebhook(Buffer.from(body), fake.signWebhook(body, ''))).toThrow(/not configured/);
  });

  it('verifies the callback query with the key secret, as the SDK does', async () => {
    const created = await provider.createSession(input());
    const params = fake.pay(created.id);
    expect(verifyPaymentLinkCallback({ ...params }, fake.keySecret)).toBe(true);
    expect(
      validatePaymentVerification(
        {
          payment_link_id: params.razorpay_payment_link_id,
          payment_link_reference_id: params.razorpay_payment_link_reference_id,
          payment_link_status: params.razorpay_payment_link_status,
          payment_id: params.razorpay_payment_id,
        },
        params.razorpay_signature,
        fake.keySecret,
      ),
    ).toBe(true);

    expect(verifyPaymentLinkCallback({ ...params }, 'another-secret')).toBe(false);
    expect(verifyPaymentLinkCallback({ ...params, razorpay_payment_link_id: 'plink_Other000000000' }, fake.keySecret)).toBe(false);
    expect(verifyPaymentLinkCallback({ ...params, razorpay_payment_link_status: 'cancelled' }, fake.keySecret)).toBe(false);
    expect(verifyPaymentLinkCallback({ ...params, razorpay_signature: '' }, fake.keySecret)).toBe(false);
    expect(verifyPaymentLinkCallback({ ...params, razorpay_signature: [params.razorpay_signature] }, fake.keySecret)).toBe(false);
    const { razorpay_payment_id: _unused, ...withoutPayment } = params;
    expect(verifyPaymentLinkCallback(withoutPayment, fake.keySecret)).toBe(false);
    expect(verifyPaymentLinkCallback({ ...params }, '')).toBe(false);
  });
});

describe('the fake Razorpay API itself, through the SDK', () => {
  const sdk = (keySecret = fake.keySecret) => {
    const client = new Razorpay({ key_id: fake.keyId, key_secret: keySecret });
    (client.api as unknown as { rq: { defaults: { baseURL: string } } }).rq.defaults.baseURL = fake.url;
    return client;
  };
  const valid = () => ({
    amount: 10_000,
    currency: 'INR',
    accept_partial: false,
    expire_by: Math.floor(Date.now() / 1000) + 20 * 60,
    reference_id: orderId(),
    description: 'A cable',
    customer: { email: 'a@example.com' },
    notify: { sms: false, email: false },
    reminder_enable: false,
    notes: {} as Record<string, string>,
    callback_url: 'http://shop.test/api/razorpay/callback',
    callback_method: 'get',
  });
  const withOrderNote = () => {
    const params = valid();
    params.notes = { order_id: params.reference_id };
    return params;
  };

  async function rejection(params: object): Promise<{ statusCode: number; error: { code: string; description: string; field?: string } }> {
    try {
      await sdk().paymentLink.create(params as never);
    } catch (error) {
      return error as { statusCode: number; error: { code: string; description: string; field?: string } };
    }
    throw new Error('expected Razorpay to reject the request');
  }

  it('accepts a valid request', async () => {
    const link = await sdk().paymentLink.create(withOrderNote());
    expect(link.status).toBe('created');
  });

  it.each([
    ['an amount under ₹1', { amount: 99 }, 'amount'],
    ['a fractional amount', { amount: 100.5 }, 'amount'],
    ['another currency', { currency: 'USD' }, 'currency'],
    ['an expiry under 15 minutes', { expire_by: Math.floor(Date.now() / 1000) + 10 * 60 }, 'expire_by'],
    ['a reference_id over 40 characters', { reference_id: 'x'.repeat(41), notes: { order_id: 'x'.repeat(41) } }, 'reference_id'],
    ['partial payments', { accept_partial: true }, 'accept_partial'],
    ['a POST callback', { callback_method: 'post' }, 'callback_method'],
    ['notifications from Razorpay', { notify: { sms: true, email: false } }, 'notify'],
    ['a field Razorpay does not take', { success_url: 'http://shop.test/success' }, 'success_url'],
  ])('rejects %s with a Razorpay-shaped 400', async (_name, change, field) => {
    const error = await rejection({ ...withOrderNote(), ...change });
    expect(error.statusCode).toBe(400);
    expect(error.error.code).toBe('BAD_REQUEST_ERROR');
    expect(error.error.field).toBe(field);
  });

  it('rejects a reused reference_id, a wrong key, and cancelling a paid link', async () => {
    const params = withOrderNote();
    await sdk().paymentLink.create(params);
    expect((await rejection(params)).error.description).toMatch(/already exists/);
    await expect(sdk('wrong').paymentLink.fetch('plink_X')).rejects.toMatchObject({ statusCode: 401 });
    const link = await sdk().paymentLink.create(withOrderNote());
    fake.pay(link.id);
    await expect(sdk().paymentLink.cancel(link.id)).rejects.toMatchObject({ statusCode: 400 });
  });
});

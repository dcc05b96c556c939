import pino from 'pino';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { startFakeStripe, type FakeStripe } from '../testing/fake-stripe';
import { shippingOptionsFrom, type CreateSessionInput, type PaymentProvider } from './payment-provider';
import { createStripeProvider, stripeHostConfig } from './stripe-provider';

const PUBLIC_URL = 'http://shop.test:3000';
const shippingOptions = shippingOptionsFrom({ SHIPPING_STANDARD_PAISE: 0, SHIPPING_EXPRESS_PAISE: 9900 });

let fake: FakeStripe;
let provider: PaymentProvider;

function input(overrides: Partial<CreateSessionInput> = {}): CreateSessionInput {
  const orderId = overrides.orderId ?? `ord_${Math.random().toString(36).slice(2)}`;
  return {
    orderId,
    email: 'asha@example.com',
    lines: [
      { name: 'Boat Airdopes 141', imageUrl: '/images/airdopes.webp', unitAmount: 129_950, quantity: 2 },
      { name: 'Noise Watch', imageUrl: null, unitAmount: 99_900, quantity: 1 },
    ],
    shippingOptions,
    deliveryAddress: null,
    idempotencyKey: `checkout-${orderId}`,
    openedAt: new Date().toISOString(),
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

/** A provider talking to the fake, with no network retries; `clock` for tests that move time. */
function fakeStripeProvider(clock?: () => Date) {
  return createStripeProvider({
    secretKey: fake.secretKey,
    webhookSecret: fake.webhookSecret,
    apiBase: fake.url,
    publicUrl: PUBLIC_URL,
    log: pino({ level: 'silent' }),
    maxNetworkRetries: 0,
    ...(clock ? { clock } : {}),
  });
}

beforeAll(async () => {
  fake = await startFakeStripe();
  provider = fakeStripeProvider();
});

afterAll(async () => {
  await fake.close();
});

describe('stripeHostConfig', () => {
  it('splits a base URL into the SDK host options', () => {
    expect(stripeHostConfig('http://127.0.0.1:4242')).toEqual({ host: '127.0.0.1', port: 4242, protocol: 'http' });
    expect(stripeHostConfig('https://stripe.internal')).toEqual({ host: 'stripe.internal', port: 443, protocol: 'https' });
    expect(stripeHostConfig(undefined)).toEqual({});
    expect(() => stripeHostConfig('http://127.0.0.1:4242/v1')).toThrow(/without a path/);
  });
});

describe('Stripe provider against the fake Stripe API', () => {
  it('creates a Checkout Session with everything Stripe and the shop need', async () => {
    const before = Math.floor(Date.now() / 1000);
    const req = input();
    const created = await provider.createSession(req);
    expect(created.id).toMatch(/^cs_test_/);
    expect(created.url).toBe(`${fake.url}/c/pay/${created.id}`);

    const sent = fake.requests.find((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions' && r.status === 200 && r.params.client_reference_id === req.orderId);
    expect(sent).toBeDefined();
    expect(sent?.headers['idempotency-key']).toBe(req.idempotencyKey);
    expect(sent?.headers['stripe-version']).toBe('2026-10-28.endive');
    expect(sent?.params).toMatchObject({
      mode: 'payment',
      currency: 'inr',
      customer_email: 'asha@example.com',
      client_reference_id: req.orderId,
      metadata: { order_id: req.orderId },
      success_url: `${PUBLIC_URL}/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${PUBLIC_URL}/cancel`,
      shipping_address_collection: { allowed_countries: ['IN'] },
      line_items: [
        { quantity: '2', price_data: { currency: 'inr', unit_amount: '129950', product_data: { name: 'Boat Airdopes 141', images: [`${PUBLIC_URL}/images/airdopes.webp`] } } },
        { quantity: '1', price_data: { currency: 'inr', unit_amount: '99900', product_data: { name: 'Noise Watch' } } },
      ],
      shipping_options: [
        { shipping_rate_data: { type: 'fixed_amount', display_name: 'Standard delivery', fixed_amount: { amount: '0', currency: 'inr' }, metadata: { rate: 'standard' } } },
        { shipping_rate_data: { type: 'fixed_amount', display_name: 'Express delivery', fixed_amount: { amount: '9900', currency: 'inr' }, metadata: { rate: 'express' } } },
      ],
    });
    const expiresAt = Number(sent?.params.expires_at);
    expect(expiresAt - before).toBeGreaterThanOrEqual(30 * 60);
    expect(expiresAt - before).toBeLessThanOrEqual(32 * 60);
    expect(new Date(created.expiresAt).getTime() / 1000).toBe(expiresAt);

    const session = fake.session(created.id);
    expect(session.amount_subtotal).toBe(2 * 129_950 + 99_900);
    expect(session.status).toBe('open');
  });

  it('returns the same session for the same idempotency key', async () => {
    const req = input();
    const first = await provider.createSession(req);
    const replay = await provider.createSession(req);
    expect(replay.id).toBe(first.id);
    expect(fake.sessions().filter((s) => s.client_reference_id === req.orderId)).toHaveLength(1);
  });

  it('replays the same request for the same input on a later second: the expiry counts from openedAt, not the clock', async () => {
    let now = Date.parse('2026-11-26T10:00:00.400Z');
    const ticking = fakeStripeProvider(() => new Date(now));
    const req = input({ openedAt: new Date(Date.now()).toISOString() });
    const first = await ticking.createSession(req);
    now += 1700;
    const replay = await ticking.createSession(req);
    expect(replay).toEqual(first);
    expect(fake.sessions().filter((s) => s.client_reference_id === req.orderId)).toHaveLength(1);
  });

  it('reads back an open session', async () => {
    const req = input();
    const created = await provider.createSession(req);
    const session = await provider.retrieveSession(created.id);
    expect(session).toMatchObject({
      id: created.id,
      orderId: req.orderId,
      status: 'open',
      paymentStatus: 'unpaid',
      amountTotal: 2 * 129_950 + 99_900,
      currency: 'inr',
      shippingAddress: null,
      paymentIntentId: null,
    });
  });

  it('reads a paid session: method, intent, chosen shipping, address and the amount charged', async () => {
    const created = await provider.createSession(input());
    fake.completeSession(created.id, { shippingRateIndex: 1, address: { name: 'Ravi Kumar', line1: '4 Park Street', city: 'Kolkata', state: 'WB', postal_code: '700016' } });
    const session = await provider.retrieveSession(created.id);
    expect(session).toMatchObject({
      status: 'complete',
      paymentStatus: 'paid',
      paymentMethodTypes: ['card'],
      shippingRate: 'express',
      shippingAmount: 9900,
      amountTotal: 2 * 129_950 + 99_900 + 9900,
      shippingAddress: { name: 'Ravi Kumar', line1: '4 Park Street', line2: null, city: 'Kolkata', state: 'WB', postalCode: '700016', country: 'IN' },
    });
    expect(session.paymentIntentId).toMatch(/^pi_/);
    const retrieveCall = fake.requests.findLast((r) => r.method === 'GET');
    expect(retrieveCall?.query).toEqual({ expand: ['shipping_cost.shipping_rate'] });
  });

  it('cleans the address typed on Stripe’s page of control characters and direction overrides', async () => {
    const created = await provider.createSession(input());
    fake.completeSession(created.id, {
      address: { name: 'Ravi\u202e Kumar', line1: '4 Park\u0000 Street\u001b[2J', line2: '\u202e\u0000', city: 'Kolkata\u0007\tWest\nBengal', postal_code: '700016' },
    });
    const session = await provider.retrieveSession(created.id);
    expect(session.shippingAddress).toMatchObject({ name: 'Ravi Kumar', line1: '4 Park Street[2J', line2: null, city: 'Kolkata West Bengal', postalCode: '700016' });
  });

  it('reads the address from the pre-2025 top-level shipping_details too', async () => {
    const created = await provider.createSession(input());
    fake.completeSession(created.id, { legacyShippingDetails: true, address: { name: 'Old Shape', city: 'Pune' } });
    const session = await provider.retrieveSession(created.id);
    expect(session.shippingAddress).toMatchObject({ name: 'Old Shape', city: 'Pune', country: 'IN' });
  });

  it('expires an open session and answers a finished one as it is', async () => {
    const open = await provider.createSession(input());
    expect((await provider.expireSession(open.id)).status).toBe('expired');
    expect((await provider.expireSession(open.id)).status).toBe('expired');

    const paid = await provider.createSession(input());
    fake.completeSession(paid.id);
    const after = await provider.expireSession(paid.id);
    expect(after).toMatchObject({ status: 'complete', paymentStatus: 'paid' });
  });

  it('maps an unknown session to NOT_FOUND and an outage to PAYMENT_PROVIDER', async () => {
    expect((await errorOf(provider.retrieveSession('cs_test_nope'))).appCode).toBe('NOT_FOUND');
    fake.failNext(1, 500);
    const outage = await errorOf(provider.createSession(input()));
    expect(outage.appCode).toBe('PAYMENT_PROVIDER');
    expect(outage.code).toBe('BAD_GATEWAY');
  });

  it('is rejected by the fake when a line breaks Stripe rules (e.g. a fractional amount)', async () => {
    const error = await errorOf(provider.createSession(input({ lines: [{ name: 'Half paisa', imageUrl: null, unitAmount: 10.5, quantity: 1 }] })));
    expect(error.appCode).toBe('PAYMENT_PROVIDER');
    const rejected = fake.requests.findLast((r) => r.path === '/v1/checkout/sessions');
    expect(rejected?.status).toBe(400);
  });

  it('verifies webhook signatures on the raw body', () => {
    const session = fake.sessions()[0];
    if (!session) throw new Error('no session');
    const { body, signature, event } = fake.signedEvent('checkout.session.completed', session);
    expect(provider.parseWebhook(Buffer.from(body), signature)).toEqual({ id: event.id, type: 'checkout.session.completed', sessionId: session.id });

    const forged = fake.signedEvent('checkout.session.completed', session, { secret: 'whsec_wrong' });
    expect(() => provider.parseWebhook(Buffer.from(forged.body), forged.signature)).toThrow(/Invalid webhook signature/);
    expect(() => provider.parseWebhook(Buffer.from(body.replace(session.id, 'cs_test_other')), signature)).toThrow(/Invalid webhook signature/);
    expect(() => provider.parseWebhook(Buffer.from(body), undefined)).toThrow(/Missing Stripe-Signature/);
    const stale = fake.signedEvent('checkout.session.completed', session, { timestamp: Math.floor(Date.now() / 1000) - 3600 });
    expect(() => provider.parseWebhook(Buffer.from(stale.body), stale.signature)).toThrow(/Invalid webhook signature/);
  });
});

describe('Stripe refunds against the fake Stripe API', () => {
  async function paidIntent(): Promise<{ orderId: string; paymentId: string; amount: number }> {
    const req = input();
    const created = await provider.createSession(req);
    const session = fake.completeSession(created.id);
    if (!session.payment_intent) throw new Error('no payment intent');
    return { orderId: req.orderId, paymentId: session.payment_intent, amount: session.amount_total };
  }

  it('refunds the whole payment with the order id, once per idempotency key', async () => {
    const paid = await paidIntent();
    const refundInput = { ...paid, idempotencyKey: `refund-${paid.orderId}` };
    const first = await provider.refund(refundInput);
    expect(first).toEqual({ id: expect.stringMatching(/^re_/) as unknown, status: 'succeeded', amount: paid.amount });
    const sent = fake.requests.findLast((r) => r.method === 'POST' && r.path === '/v1/refunds');
    expect(sent?.headers['idempotency-key']).toBe(refundInput.idempotencyKey);
    expect(sent?.params).toEqual({ payment_intent: paid.paymentId, amount: String(paid.amount), metadata: { order_id: paid.orderId } });

    expect(await provider.refund(refundInput)).toEqual(first);
    expect(fake.refunds(paid.paymentId)).toHaveLength(1);

    // The same key with another amount is a different request: Stripe refuses it.
    const changed = await errorOf(provider.refund({ ...refundInput, amount: paid.amount - 100 }));
    expect(changed.appCode).toBe('PAYMENT_PROVIDER');
    expect(changed.message).toMatch(/^Stripe did not make the refund: Keys for idempotent requests/);
    expect(fake.refunds(paid.paymentId)).toHaveLength(1);
  });

  it('answers the refund made for the order when retried after Stripe forgot the key (24 hours)', async () => {
    const paid = await paidIntent();
    const refundInput = { ...paid, idempotencyKey: `refund-${paid.orderId}` };
    const first = await provider.refund(refundInput);
    fake.forgetIdempotencyKeys();
    expect(await provider.refund(refundInput)).toEqual(first);
    expect(fake.refunds(paid.paymentId)).toHaveLength(1);
    expect(fake.requests.findLast((r) => r.method === 'GET' && r.path === '/v1/refunds')?.query).toEqual({ payment_intent: paid.paymentId, limit: '100' });
  });

  it('maps pending and failed refunds', async () => {
    try {
      fake.setRefundStatus('pending');
      const pending = await paidIntent();
      expect((await provider.refund({ ...pending, idempotencyKey: `refund-${pending.orderId}` })).status).toBe('pending');
      fake.setRefundStatus('failed');
      const failed = await paidIntent();
      expect((await provider.refund({ ...failed, idempotencyKey: `refund-${failed.orderId}` })).status).toBe('failed');
    } finally {
      fake.setRefundStatus('succeeded');
    }
  });

  it('passes on what Stripe says when it refuses or fails', async () => {
    const paid = await paidIntent();
    const unknown = await errorOf(provider.refund({ ...paid, paymentId: 'pi_unknown', idempotencyKey: `refund-unknown-${paid.orderId}` }));
    expect(unknown.appCode).toBe('PAYMENT_PROVIDER');
    expect(unknown.message).toBe("Stripe did not make the refund: No such payment_intent: 'pi_unknown'");
    const tooMuch = await errorOf(provider.refund({ ...paid, amount: paid.amount + 1, idempotencyKey: `refund-more-${paid.orderId}` }));
    expect(tooMuch.message).toMatch(/greater than unrefunded amount/);
    fake.failNext(1, 500);
    const outage = await errorOf(provider.refund({ ...paid, idempotencyKey: `refund-${paid.orderId}` }));
    expect(outage.appCode).toBe('PAYMENT_PROVIDER');
    expect(fake.refunds(paid.paymentId)).toHaveLength(0);
    // The outage stored nothing under the key: the retry makes the refund.
    expect((await provider.refund({ ...paid, idempotencyKey: `refund-${paid.orderId}` })).status).toBe('succeeded');
  });
});

describe('the fake Stripe API itself, through the SDK', () => {
  const sdk = () => new Stripe(fake.secretKey, { ...stripeHostConfig(fake.url), maxNetworkRetries: 0 });
  const valid = (): Stripe.Checkout.SessionCreateParams => ({
    mode: 'payment',
    line_items: [{ quantity: 1, price_data: { currency: 'inr', unit_amount: 5000, product_data: { name: 'Cable' } } }],
    success_url: 'http://shop.test/success?session_id={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://shop.test/cancel',
    client_reference_id: 'ord_1',
    metadata: { order_id: 'ord_1' },
    customer_email: 'a@example.com',
    shipping_address_collection: { allowed_countries: ['IN'] },
    shipping_options: [{ shipping_rate_data: { type: 'fixed_amount', display_name: 'Standard', fixed_amount: { amount: 0, currency: 'inr' } } }],
    expires_at: Math.floor(Date.now() / 1000) + 31 * 60,
  });

  async function rejection(params: Stripe.Checkout.SessionCreateParams): Promise<InstanceType<typeof Stripe.errors.StripeError>> {
    try {
      await sdk().checkout.sessions.create(params);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeError) return error;
      throw error;
    }
    throw new Error('expected Stripe to reject the request');
  }

  it('accepts a valid request', async () => {
    const session = await sdk().checkout.sessions.create(valid());
    expect(session.status).toBe('open');
  });

  it.each([
    ['a missing success_url', { success_url: undefined }, 'success_url'],
    ['a success_url without the session placeholder', { success_url: 'http://shop.test/success' }, 'success_url'],
    ['a relative cancel_url', { cancel_url: '/cancel' }, 'cancel_url'],
    ['an expiry under 30 minutes', { expires_at: Math.floor(Date.now() / 1000) + 10 * 60 }, 'expires_at'],
    ['an expiry over 24 hours', { expires_at: Math.floor(Date.now() / 1000) + 25 * 60 * 60 }, 'expires_at'],
    ['a missing customer email', { customer_email: undefined }, 'customer_email'],
    ['no shipping address collection', { shipping_address_collection: undefined }, 'shipping_address_collection'],
    ['an unknown parameter', { not_a_param: 'x' } as Partial<Stripe.Checkout.SessionCreateParams>, 'not_a_param'],
  ])('rejects %s with a Stripe-shaped 400', async (_name, change, param) => {
    const error = await rejection({ ...valid(), ...change });
    expect(error.statusCode).toBe(400);
    expect(error.type).toBe('StripeInvalidRequestError');
    expect(error.param).toBe(param);
  });

  it('rejects an amount under ₹0.50 and a non-INR currency', async () => {
    const tiny = await rejection({ ...valid(), line_items: [{ quantity: 1, price_data: { currency: 'inr', unit_amount: 10, product_data: { name: 'Sticker' } } }] });
    expect(tiny.code).toBe('amount_too_small');
    const usd = await rejection({ ...valid(), line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: 5000, product_data: { name: 'Cable' } } }] });
    expect(usd.statusCode).toBe(400);
  });

  it('rejects a wrong API key and a reused idempotency key with other parameters', async () => {
    const wrongKey = new Stripe('sk_test_wrong', { ...stripeHostConfig(fake.url), maxNetworkRetries: 0 });
    await expect(wrongKey.checkout.sessions.retrieve('cs_test_x')).rejects.toMatchObject({ statusCode: 401 });

    await sdk().checkout.sessions.create(valid(), { idempotencyKey: 'same-key' });
    await expect(sdk().checkout.sessions.create({ ...valid(), client_reference_id: 'ord_2' }, { idempotencyKey: 'same-key' })).rejects.toMatchObject({
      statusCode: 400,
      type: 'StripeIdempotencyError',
    });
  });

  it('refuses to expire a session that is not open', async () => {
    const session = await sdk().checkout.sessions.create(valid());
    fake.completeSession(session.id);
    await expect(sdk().checkout.sessions.expire(session.id)).rejects.toMatchObject({ statusCode: 400 });
  });
});

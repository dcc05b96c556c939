import crypto from 'node:crypto';
import type { DB } from '../db/database';
import { AppError } from '../errors';
import {
  CHECKOUT_SESSION_TTL_MS,
  type CreateSessionInput,
  type CreatedSession,
  type PaymentProvider,
  type ProviderSession,
  type ShippingAddress,
  type ShippingOption,
  type ShippingRateKey,
} from './payment-provider';
import { completeTestSession, expireTestSession, findOpenTestSessionForOrder, findTestSession, insertTestSession, type TestSession } from './test-checkout.queries';
import { stateByCode } from '../../shared/gst';
import type { DeliveryAddress } from '../../shared/schemas/settings';

/**
 * The built-in TEST MODE checkout: the shop plays the payment provider, with sessions kept in
 * `test_checkout_sessions` and a hosted page at /test-checkout/:id. It answers the same questions
 * Stripe does, so checkout, fulfilment, the success page and the sweep run unchanged.
 * No money moves; production refuses it unless ALLOW_TEST_PAYMENTS=1 (see env.ts).
 */
export interface TestPaymentProvider extends PaymentProvider {
  readonly kind: 'test';
  findSession(id: string): Promise<TestSession | null>;
  /** The delivery choices of the session's order. */
  shippingOptionsOf(session: TestSession): Promise<ShippingOption[]>;
  /**
   * The shopper pressed Pay: the session becomes complete and paid with the chosen shipping
   * (and the address typed on the page, when the order came without one). Paying twice is
   * harmless. Throws NOT_FOUND for an unknown session, BAD_INPUT for a missing choice or
   * address, and INVALID_TRANSITION for one that expired first.
   */
  pay(id: string, rate: ShippingRateKey, address?: ShippingAddress | null): Promise<ProviderSession>;
}

/** The chosen address as a provider reports it. */
export function shippingAddressOf(address: DeliveryAddress): ShippingAddress {
  return {
    name: address.name,
    line1: address.line1,
    line2: address.line2 || null,
    city: address.city,
    state: stateByCode(address.stateCode)?.name ?? address.stateCode,
    postalCode: address.pin,
    country: 'IN',
  };
}

export interface TestProviderOptions {
  db: DB;
  /** The shop's own origin (a function when it is known only after listen). */
  publicUrl: string | (() => string);
  /** What orders recorded before each order kept its own delivery choices were offered. */
  shippingOptions: ShippingOption[];
  clock?: () => Date;
}

export function isTestProvider(provider: PaymentProvider): provider is TestPaymentProvider {
  return provider.kind === 'test';
}

export function createTestProvider(opts: TestProviderOptions): TestPaymentProvider {
  const { db } = opts;
  const clock = opts.clock ?? (() => new Date());
  const origin = () => (typeof opts.publicUrl === 'function' ? opts.publicUrl() : opts.publicUrl).replace(/\/+$/, '');
  if (opts.shippingOptions.length === 0) throw new Error('The test checkout needs at least one shipping option');
  const optionsOf = (session: TestSession) => Promise.resolve(session.shippingOptions ?? opts.shippingOptions);

  const urlOf = (id: string) => `${origin()}/test-checkout/${id}`;

  async function load(id: string): Promise<TestSession> {
    const session = await findTestSession(db, id);
    if (!session) throw new AppError('NOT_FOUND', 'Payment session not found');
    if (session.status === 'open' && session.expiresAt <= clock().toISOString()) {
      // Like Stripe, the session expires on its own once its time is up.
      await expireTestSession(db, id, clock().toISOString());
      return (await findTestSession(db, id)) ?? session;
    }
    return session;
  }

  function toProviderSession(s: TestSession): ProviderSession {
    const paid = s.paymentStatus === 'paid';
    return {
      id: s.id,
      orderId: s.orderId,
      status: s.status,
      paymentStatus: s.paymentStatus,
      amountTotal: s.amountTotal,
      currency: 'inr',
      paymentMethodTypes: ['card'],
      paymentIntentId: paid ? `test_pi_${s.id}` : null,
      shippingRate: s.shippingRate,
      shippingAmount: s.shippingAmount,
      shippingAddress: s.shippingAddress,
      expiresAt: s.expiresAt,
    };
  }

  return {
    kind: 'test',
    shippingOptionsOf: optionsOf,

    // No money moved, so none goes back: the refund is recorded as made, under an id derived
    // from the payment (asking again answers the same refund).
    refund(input) {
      return Promise.resolve({ id: `test_re_${input.paymentId}`, status: 'succeeded' as const, amount: input.amount });
    },

    async createSession(input: CreateSessionInput): Promise<CreatedSession> {
      // The idempotency key is per order; an order has at most one open session.
      const existing = await findOpenTestSessionForOrder(db, input.orderId);
      if (existing) return { id: existing.id, url: urlOf(existing.id), expiresAt: existing.expiresAt };
      const now = clock();
      const subtotal = input.lines.reduce((sum, line) => sum + line.unitAmount * line.quantity, 0);
      const firstOption = input.shippingOptions[0];
      if (!firstOption) throw new AppError('BAD_INPUT', 'The order has no delivery option');
      const session: TestSession = {
        id: `tcs_${crypto.randomBytes(16).toString('hex')}`,
        orderId: input.orderId,
        status: 'open',
        paymentStatus: 'unpaid',
        // Preselected like Stripe's first option, until the shopper picks another.
        shippingRate: firstOption.rate,
        shippingAmount: firstOption.amount,
        amountTotal: subtotal + firstOption.amount,
        createdAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + CHECKOUT_SESSION_TTL_MS).toISOString(),
        shippingAddress: input.deliveryAddress ? shippingAddressOf(input.deliveryAddress) : null,
        lines: input.lines,
        shippingOptions: input.shippingOptions,
      };
      await insertTestSession(db, session);
      return { id: session.id, url: urlOf(session.id), expiresAt: session.expiresAt };
    },

    async retrieveSession(id: string): Promise<ProviderSession> {
      return toProviderSession(await load(id));
    },

    async expireSession(id: string): Promise<ProviderSession> {
      await load(id);
      await expireTestSession(db, id);
      return toProviderSession(await load(id));
    },

    parseWebhook(): never {
      throw new AppError('BAD_INPUT', 'This shop runs the built-in test checkout and takes no payment webhooks.');
    },

    findSession: (id) => findTestSession(db, id),

    async pay(id: string, rate: ShippingRateKey, address?: ShippingAddress | null): Promise<ProviderSession> {
      const session = await load(id);
      const option = (await optionsOf(session)).find((o) => o.rate === rate);
      if (!option) throw new AppError('BAD_INPUT', 'Choose a delivery option');
      if (session.status === 'open') {
        const shipTo = session.shippingAddress ?? address ?? null;
        if (!shipTo) throw new AppError('BAD_INPUT', 'Enter the delivery address');
        const subtotal = session.amountTotal - (session.shippingAmount ?? 0);
        await completeTestSession(db, id, { rate: option.rate, amount: option.amount, subtotal, address: shipTo }, clock().toISOString());
      }
      const after = await load(id);
      if (after.status === 'expired') throw new AppError('INVALID_TRANSITION', 'This test payment page has expired. Go back to the cart and check out again.');
      return toProviderSession(after);
    },
  };
}

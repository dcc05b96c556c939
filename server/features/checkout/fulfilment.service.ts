import { AppError } from '../../errors';
import { transaction } from '../../db/transaction';
import { startExclusiveJob } from '../../db/exclusive';
import type { PaymentProvider, ProviderSession } from '../../payments/payment-provider';
import { CHECKOUT_SESSION_TTL_MS, shippingOptionsFrom } from '../../payments/payment-provider';
import type { Deps } from '../../deps';
import type { ConfirmReturnResult } from '../../../shared/schemas/order';
import { removeBoughtProducts } from '../cart/cart.service';
import * as orders from '../order/order.service';
import type { OrderRecord } from '../order/order.service';
import { issueInvoice } from '../../invoices/invoicing';
import { releaseCouponUses, removeCartCoupon, retakeCouponUses } from '../offers/pricing.service';

export type FulfilOutcome =
  /** The order just became paid (stock was already reserved; the bought products left the cart). */
  | 'paid'
  /** It was paid before: nothing changed. */
  | 'already_paid'
  /** The shopper finished, the money is not in yet (a delayed payment method): still pending, stock still held. */
  | 'awaiting_payment'
  /** The session is still open. */
  | 'open'
  /** The order was cancelled and its stock put back on sale. */
  | 'released'
  /** Cancelled earlier: nothing changed. */
  | 'already_released'
  /** No order of ours belongs to that session. */
  | 'unknown_session';

export type FulfilResult = { outcome: FulfilOutcome; orderId: string | null };

/** Orders younger than this are left to the webhook and the success page. */
export const SWEEP_MIN_AGE_MS = 5 * 60 * 1000;
export const SWEEP_INTERVAL_MS = 60 * 1000;
// Beyond any session's lifetime (30 minutes plus Stripe's slack): nothing can pay it any more.
const ORPHAN_AGE_MS = CHECKOUT_SESSION_TTL_MS + 10 * 60 * 1000;

function isPaid(session: ProviderSession): boolean {
  return session.status === 'complete' && (session.paymentStatus === 'paid' || session.paymentStatus === 'no_payment_required');
}

async function findOrderFor(deps: Deps, provider: PaymentProvider, session: ProviderSession): Promise<OrderRecord | null> {
  const bySession = await orders.findOrderRecordBySession(deps.db, session.id);
  if (bySession) return bySession.provider === provider.kind ? bySession : null;
  // The provider can answer (a webhook, a quick shopper) before checkout has recorded the
  // session id on the order; the order id the provider carries then finds it.
  if (session.orderId) {
    const order = await orders.findOrderRecord(deps.db, session.orderId);
    if (order && order.paymentSessionId === null && order.provider === provider.kind) return order;
  }
  return null;
}

/**
 * Cancels a pending order and puts its reserved stock back on sale, in one transaction.
 * Idempotent: false (and nothing changes) when the order is no longer pending.
 */
export async function releaseOrder(deps: Deps, orderId: string, reason: string): Promise<boolean> {
  const now = deps.clock().toISOString();
  const released = await transaction(
    deps.db,
    async (trx) => {
      if (!(await orders.cancelPendingOrder(trx, orderId, now))) return false;
      await orders.releaseOrderStock(trx, orderId, { reason: 'release', at: now, note: reason });
      // Its coupon use goes back with its units: another shopper may use it now.
      await releaseCouponUses(trx, orderId, now);
      return true;
    },
    { locks: [`order:${orderId}`] },
  );
  if (released) deps.log.info({ orderId, reason }, 'order cancelled and its stock released');
  return released;
}

async function markPaid(deps: Deps, order: OrderRecord, session: ProviderSession): Promise<FulfilResult> {
  const now = deps.clock().toISOString();
  const shippingAmount = session.shippingAmount ?? 0;
  const expected = order.totalAmount + shippingAmount;
  const offered = (order.shippingOffer ?? shippingOptionsFrom(deps.env)).map((o) => o.amount);
  const mismatch = session.amountTotal !== expected || (session.currency !== null && session.currency.toLowerCase() !== 'inr') || !offered.includes(shippingAmount);
  const facts: orders.PaymentFacts = {
    sessionId: session.id,
    paymentIntentId: session.paymentIntentId,
    paymentMethodTypes: session.paymentMethodTypes,
    paymentStatus: session.paymentStatus,
    shippingRate: session.shippingRate,
    shippingAmount,
    shippingAddress: session.shippingAddress,
    amountCharged: session.amountTotal,
    amountMismatch: mismatch,
  };

  const result = await transaction(
    deps.db,
    async (trx) => {
      const current = await orders.findOrderRecord(trx, order.id);
      if (!current) return { outcome: 'unknown_session' as const, short: [] as string[] };
      let short: string[] = [];
      let couponsMissed: string[] = [];
      if (current.status === 'pending') {
        if (!(await orders.markOrderPaid(trx, order.id, 'pending', facts, now))) return { outcome: 'already_paid' as const, short };
      } else if (current.status === 'cancelled' && current.paidAt === null) {
        // (A paid order an admin cancelled later has paid_at set and falls to the last branch:
        // the provider repeating the old payment must not bring it back.)
        // Paid after its reservation had been released (the provider's word wins: the money was
        // taken). The units are taken again where they are still there; a line whose units were
        // re-sold is recorded as short, never taken below 0, and the order is flagged for an
        // admin to restock or refund.
        short = await orders.retakeOrderStock(trx, order.id, now);
        // It keeps the price it was paid at, and its coupon use where one is left.
        couponsMissed = await retakeCouponUses(trx, order.id, now);
        await orders.markOrderPaid(trx, order.id, 'cancelled', facts, now);
      } else {
        return { outcome: 'already_paid' as const, short, couponsMissed };
      }
      await issueInvoice(trx, deps, order.id, session.shippingAddress, now);
      await orders.enqueueOrderConfirmation(trx, deps, order.id);
      const items = await orders.listOrderItemStock(trx, order.id);
      await removeBoughtProducts(
        trx,
        order.userId,
        items.map((i) => i.variantId),
      );
      // The code is spent with the order that used it.
      if (current.couponCode !== null) await removeCartCoupon(trx, { userId: order.userId });
      return { outcome: 'paid' as const, short, couponsMissed };
    },
    { locks: [`order:${order.id}`] },
  );

  if (result.outcome === 'paid') {
    deps.log.info({ orderId: order.id, sessionId: session.id, amountCharged: session.amountTotal }, 'order paid');
    if (mismatch) {
      deps.log.error(
        { orderId: order.id, sessionId: session.id, expected, charged: session.amountTotal, currency: session.currency, shippingAmount },
        'payment amount does not match the order: flagged for review',
      );
    }
    if (result.couponsMissed.length > 0) {
      deps.log.warn(
        { orderId: order.id, offerIds: result.couponsMissed },
        'order paid after its coupon use was given back and the coupon ran out meanwhile: it keeps its discount',
      );
    }
    if (result.short.length > 0) {
      deps.log.error(
        { orderId: order.id, productIds: result.short },
        'order paid after its reservation was released and the units re-sold: flagged "paid, not in stock" for an admin to restock or refund',
      );
    }
  }
  return { outcome: result.outcome, orderId: order.id };
}

/**
 * Brings an order in line with what the provider says about its session. The one code path
 * for webhooks, the built-in test page's Pay button, the success page and the sweep, and
 * idempotent: any number of calls, in any order, give one paid order, one stock change and
 * one cleared cart.
 */
export async function applyProviderSession(deps: Deps, provider: PaymentProvider, session: ProviderSession, opts: { paymentFailed?: boolean } = {}): Promise<FulfilResult> {
  const order = await findOrderFor(deps, provider, session);
  if (!order) {
    deps.log.warn({ sessionId: session.id, orderId: session.orderId }, 'payment session matches no order of ours');
    return { outcome: 'unknown_session', orderId: null };
  }
  if (isPaid(session)) return markPaid(deps, order, session);
  if (session.status === 'expired' || (session.status === 'complete' && opts.paymentFailed)) {
    const released = await releaseOrder(deps, order.id, session.status === 'expired' ? 'payment session expired' : 'delayed payment failed');
    if (released) return { outcome: 'released', orderId: order.id };
    const current = await orders.findOrderRecord(deps.db, order.id);
    return { outcome: current?.status === 'cancelled' ? 'already_released' : 'already_paid', orderId: order.id };
  }
  if (session.status === 'complete') {
    await orders.setPendingPaymentStatus(deps.db, order.id, session.paymentStatus, deps.clock().toISOString());
    return { outcome: 'awaiting_payment', orderId: order.id };
  }
  return { outcome: 'open', orderId: order.id };
}

/**
 * Re-reads the session from the provider (never trusting a caller's copy) and applies it.
 * Throws NOT_FOUND for a session the provider does not know, PAYMENT_PROVIDER when it fails.
 */
export async function fulfilCheckoutSession(deps: Deps, provider: PaymentProvider, sessionId: string, opts: { paymentFailed?: boolean } = {}): Promise<FulfilResult> {
  return applyProviderSession(deps, provider, await provider.retrieveSession(sessionId), opts);
}

/** Closes a session at the provider (Cancel, or a session past its time) and applies the answer: a session paid meanwhile is fulfilled, not cancelled. */
export async function expireCheckoutSession(deps: Deps, provider: PaymentProvider, sessionId: string): Promise<FulfilResult> {
  return applyProviderSession(deps, provider, await provider.expireSession(sessionId));
}

/**
 * The success page's question: asks the provider about the caller's session and fulfils it if
 * paid. Reaching /success proves nothing by itself. Throws ORDER_NOT_FOUND for a session that is
 * not the caller's.
 */
export async function confirmReturn(deps: Deps, userId: string, sessionId: string): Promise<ConfirmReturnResult> {
  // The provider that opened the session: the order's, once recorded; before that (a very quick
  // return), whichever configured provider knows the id.
  const recorded = await orders.findOrderRecordBySession(deps.db, sessionId);
  const recordedProvider = recorded ? deps.providers.byKind(recorded.provider) : null;
  const candidates = recordedProvider ? [recordedProvider] : recorded ? [] : deps.providers.online;
  let found: { provider: PaymentProvider; session: ProviderSession } | null = null;
  for (const provider of candidates) {
    try {
      found = { provider, session: await provider.retrieveSession(sessionId) };
      break;
    } catch (error) {
      if (!(error instanceof AppError && error.appCode === 'NOT_FOUND')) throw error;
    }
  }
  if (!found) throw new AppError('ORDER_NOT_FOUND', 'Order not found');
  const { provider, session } = found;
  const order = await findOrderFor(deps, provider, session);
  if (!order || order.userId !== userId) throw new AppError('ORDER_NOT_FOUND', 'Order not found');
  await applyProviderSession(deps, provider, session);
  const after = await orders.findOrderRecord(deps.db, order.id);
  return { orderId: order.id, orderNumber: order.orderNumber, status: after?.status ?? null };
}

/**
 * Settles every pending order older than a few minutes by asking the provider: paid ones are
 * fulfilled (a lost webhook), expired ones released, and open ones past their expiry closed.
 * Returns what happened to each, for logs and tests.
 */
export async function sweepPendingOrders(deps: Deps, opts: { minAgeMs?: number; limit?: number } = {}): Promise<FulfilResult[]> {
  const now = deps.clock();
  const pending = await orders.listPendingOrders(deps.db, new Date(now.getTime() - (opts.minAgeMs ?? SWEEP_MIN_AGE_MS)).toISOString(), opts.limit ?? 200);
  const results: FulfilResult[] = [];
  for (const order of pending) {
    try {
      results.push(await sweepOne(deps, order, now));
    } catch (error) {
      deps.log.error({ err: error, orderId: order.id }, 'sweep: could not settle a pending order; will retry');
    }
  }
  return results;
}

async function sweepOne(deps: Deps, order: OrderRecord, now: Date): Promise<FulfilResult> {
  const pastExpiry = order.expiresAt !== null && order.expiresAt <= now.toISOString();
  if (order.paymentSessionId === null) {
    // Checkout died between reserving and recording its session: once no session could still
    // be paid, the reservation goes.
    if (new Date(order.createdAt).getTime() + ORPHAN_AGE_MS <= now.getTime()) {
      const released = await releaseOrder(deps, order.id, 'checkout never recorded a payment session');
      return { outcome: released ? 'released' : 'already_released', orderId: order.id };
    }
    return { outcome: 'open', orderId: order.id };
  }
  const provider = deps.providers.byKind(order.provider);
  if (provider === null) {
    // Its provider's keys are no longer set: nobody can pay it any more once its time is up.
    if (!pastExpiry) return { outcome: 'open', orderId: order.id };
    const released = await releaseOrder(deps, order.id, `the ${order.provider} keys are no longer set`);
    return { outcome: released ? 'released' : 'already_released', orderId: order.id };
  }
  let session: ProviderSession;
  try {
    session = await provider.retrieveSession(order.paymentSessionId);
  } catch (error) {
    // A session the provider has never heard of (keys or provider changed) can never be paid.
    if (error instanceof AppError && error.appCode === 'NOT_FOUND' && pastExpiry) {
      const released = await releaseOrder(deps, order.id, 'payment provider does not know the session');
      return { outcome: released ? 'released' : 'already_released', orderId: order.id };
    }
    throw error;
  }
  if (session.status === 'open' && (session.expiresAt <= now.toISOString() || pastExpiry)) {
    return expireCheckoutSession(deps, provider, session.id);
  }
  return applyProviderSession(deps, provider, session);
}

/**
 * Runs the sweep every minute until the returned function is called (on shutdown). The timer
 * is unref'd so it never keeps the process alive, and runs never overlap: not in this process,
 * and not across app processes sharing a PostgreSQL database (the one that finds another's
 * sweep running skips its turn).
 */
export function startPendingOrderSweep(deps: Deps, opts: { intervalMs?: number } = {}): () => void {
  return startExclusiveJob(deps.db, 'pending-order-sweep', opts.intervalMs ?? SWEEP_INTERVAL_MS, () => sweepPendingOrders(deps), {
    onResult: (results) => {
      const settled = results.filter((r) => r.outcome !== 'open' && r.outcome !== 'awaiting_payment');
      if (settled.length > 0) deps.log.info({ settled }, 'sweep settled pending orders');
    },
    onError: (error) => deps.log.error({ err: error }, 'pending-order sweep failed'),
  });
}

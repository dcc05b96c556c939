/**
 * The one interface both payment providers implement: Stripe Checkout, and the built-in test
 * checkout that lets `npm start` take an order end to end without any keys.
 *
 * Amounts are integer paise. Times are ISO-8601 UTC strings. Nothing here touches orders:
 * the checkout and fulfilment services decide what a provider's answer means for the shop.
 */

import type { DeliveryAddress } from '../../shared/schemas/settings';
import type { OnlineProviderKind, ShippingAddress } from '../../shared/schemas/order';

export type ShippingRateKey = 'standard' | 'express';

/** A delivery choice offered on the hosted payment page. */
export interface ShippingOption {
  rate: ShippingRateKey;
  label: string;
  /** Paise. */
  amount: number;
}

export interface CheckoutLine {
  name: string;
  /** Absolute or site-relative URL; providers make it absolute where they need to. */
  imageUrl: string | null;
  /** Paise per unit, from the database at checkout time. */
  unitAmount: number;
  quantity: number;
}

export interface CreateSessionInput {
  orderId: string;
  /** The order's readable number (VM-2026-000123), for what the hosted page shows the shopper. */
  orderNumber?: string;
  email: string;
  lines: CheckoutLine[];
  /** The delivery choices for this order (the free-delivery threshold already applied). */
  shippingOptions: ShippingOption[];
  /**
   * The delivery the shopper chose on the shop's own checkout page, or null to let the hosted
   * page offer `shippingOptions` (Stripe does; a provider whose page cannot charges this one, or
   * the first option when none was chosen).
   */
  shipping?: ShippingOption | null;
  /** Chosen before payment; null: the hosted page must collect it. */
  deliveryAddress: DeliveryAddress | null;
  /** Same key, same session: a retried checkout never opens a second payment page. */
  idempotencyKey: string;
  /**
   * When this attempt began (ISO); the session's expiry counts from it. A caller that retries
   * with the same key passes the same value, so the retry is the same request (Stripe refuses a
   * key reused with other parameters). Absent: now, for a caller that never retries itself (the
   * SDK's own retries resend the very same request).
   */
  openedAt?: string;
}

export interface CreatedSession {
  id: string;
  /** The page to send the browser to. */
  url: string;
  expiresAt: string;
}

export type SessionStatus = 'open' | 'complete' | 'expired';
export type SessionPaymentStatus = 'paid' | 'unpaid' | 'no_payment_required';

export type { ShippingAddress };

/** What the provider itself says about a payment session: the only source of truth for "paid". */
export interface ProviderSession {
  id: string;
  orderId: string | null;
  status: SessionStatus;
  paymentStatus: SessionPaymentStatus;
  /** Paise the provider charged or will charge, shipping included. */
  amountTotal: number | null;
  currency: string | null;
  paymentMethodTypes: string[];
  paymentIntentId: string | null;
  shippingRate: string | null;
  /** Paise. */
  shippingAmount: number | null;
  shippingAddress: ShippingAddress | null;
  expiresAt: string;
}

/** A verified webhook event, reduced to ids: everything else is re-read from the provider. */
export interface WebhookEvent {
  id: string;
  type: string;
  sessionId: string | null;
}

/** The online payment providers: each opens a hosted page the shopper pays on. */
export type ProviderKind = OnlineProviderKind;

/** A full refund of a payment, asked of the provider that took it. */
export interface RefundInput {
  orderId: string;
  /** The provider's payment id (Stripe's PaymentIntent, Razorpay's pay_… id). */
  paymentId: string;
  /** Paise: the whole amount charged. */
  amount: number;
  /** Same key, same refund: asking twice never refunds twice. */
  idempotencyKey: string;
}

export type RefundStatus = 'pending' | 'succeeded' | 'failed';

export interface RefundResult {
  /** The provider's refund id. */
  id: string;
  status: RefundStatus;
  /** Paise refunded (or being refunded). */
  amount: number;
}

export interface PaymentProvider {
  readonly kind: ProviderKind;
  /** Opens a hosted payment page. Throws AppError PAYMENT_PROVIDER when the provider fails. */
  createSession(input: CreateSessionInput): Promise<CreatedSession>;
  /** Throws AppError NOT_FOUND for an unknown id, PAYMENT_PROVIDER when the provider fails. */
  retrieveSession(id: string): Promise<ProviderSession>;
  /**
   * Closes an open session so it can no longer be paid, and answers its state afterwards.
   * A session that is already complete or expired is answered as it is, not as an error:
   * the caller must look at the status (a shopper may have paid a moment ago).
   */
  expireSession(id: string): Promise<ProviderSession>;
  /** Verifies a webhook's signature on the raw body. Throws AppError BAD_INPUT when it fails. */
  parseWebhook(rawBody: Buffer, signature: string | undefined): WebhookEvent;
  /**
   * Refunds a payment in full. Idempotent on `idempotencyKey`: a retry answers the refund made
   * the first time. Throws AppError PAYMENT_PROVIDER when the provider fails or refuses.
   */
  refund(input: RefundInput): Promise<RefundResult>;
}

/**
 * Every provider this process is configured for. `online` are those the Payment button may use,
 * in the order they are offered (the test checkout alone when no keys are set); `byKind` finds
 * the one an order was paid through, or null when its keys are no longer set.
 */
export interface PaymentProviders {
  readonly online: readonly PaymentProvider[];
  byKind(kind: string): PaymentProvider | null;
}

export function paymentProviders(online: readonly PaymentProvider[]): PaymentProviders {
  if (online.length === 0) throw new Error('At least one payment provider is needed');
  return {
    online,
    byKind: (kind) => online.find((p) => p.kind === kind) ?? null,
  };
}

/** How long a shopper has to pay before the reservation is released. */
export const CHECKOUT_SESSION_TTL_MS = 30 * 60 * 1000;

/**
 * The two delivery choices priced from the SHIPPING_* environment: what orders recorded before
 * the choices were stored with each order were offered (the owner's settings price new ones).
 */
export function shippingOptionsFrom(env: { SHIPPING_STANDARD_PAISE: number; SHIPPING_EXPRESS_PAISE: number }): ShippingOption[] {
  return [
    { rate: 'standard', label: 'Standard delivery', amount: env.SHIPPING_STANDARD_PAISE },
    { rate: 'express', label: 'Express delivery', amount: env.SHIPPING_EXPRESS_PAISE },
  ];
}

export function isShippingRateKey(value: unknown): value is ShippingRateKey {
  return value === 'standard' || value === 'express';
}

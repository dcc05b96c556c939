import type { Logger } from 'pino';
import Stripe from 'stripe';
import { AppError } from '../errors';
import {
  CHECKOUT_SESSION_TTL_MS,
  type CreateSessionInput,
  type CreatedSession,
  type PaymentProvider,
  type ProviderSession,
  type RefundResult,
  type SessionPaymentStatus,
  type SessionStatus,
  type ShippingAddress,
  type WebhookEvent,
} from './payment-provider';
import { stateByCode } from '../../shared/gst';
import { cleanSingleLine } from '../../shared/schemas/text';

/**
 * Pinned so a Stripe-side default change cannot silently reshape the objects we read; it is the
 * version this SDK release is typed against. Upgrading means reading Stripe's changelog first.
 */
export const STRIPE_API_VERSION = '2026-10-28.endive' as const;

// Stripe rejects an expires_at under 30 minutes from its own clock; a little slack absorbs
// clock skew and the time the request spends in flight.
const EXPIRY_SLACK_MS = 60 * 1000;

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /** e.g. http://127.0.0.1:4242 for a local fake; unset for api.stripe.com. */
  apiBase?: string | undefined;
  /** The shop's own origin, for success/cancel URLs and absolute image URLs (a function when it is known only after listen). */
  publicUrl: string | (() => string);
  log: Logger;
  clock?: () => Date;
  /** Milliseconds per HTTP attempt. */
  timeoutMs?: number;
  maxNetworkRetries?: number;
}

/** host/port/protocol for the SDK from a base URL, so tests can aim it at a local server. */
export function stripeHostConfig(apiBase: string | undefined): { host?: string; port?: number; protocol?: 'http' | 'https' } {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  if (url.pathname !== '/' && url.pathname !== '') throw new Error('STRIPE_API_BASE must be an origin without a path (the SDK adds /v1)');
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  const port = url.port ? Number(url.port) : protocol === 'http' ? 80 : 443;
  return { host: url.hostname, port, protocol };
}

export function createStripeProvider(opts: StripeProviderOptions): PaymentProvider {
  const clock = opts.clock ?? (() => new Date());
  const stripe = new Stripe(opts.secretKey, {
    apiVersion: STRIPE_API_VERSION,
    // Retries reuse the idempotency key, so a retried create never opens a second session.
    maxNetworkRetries: opts.maxNetworkRetries ?? 2,
    timeout: opts.timeoutMs ?? 15_000,
    telemetry: false,
    ...stripeHostConfig(opts.apiBase),
  });
  const origin = () => (typeof opts.publicUrl === 'function' ? opts.publicUrl() : opts.publicUrl).replace(/\/+$/, '');

  function providerFailure(error: unknown, action: string): AppError {
    if (error instanceof Stripe.errors.StripeError && error.statusCode === 404) {
      return new AppError('NOT_FOUND', 'Payment session not found', { cause: error });
    }
    opts.log.error({ err: error, action }, 'stripe request failed');
    return new AppError('PAYMENT_PROVIDER', 'The payment provider is not answering right now. Please try again in a moment.', { cause: error });
  }

  async function retrieve(id: string): Promise<ProviderSession> {
    try {
      const session = await stripe.checkout.sessions.retrieve(id, { expand: ['shipping_cost.shipping_rate'] });
      return toProviderSession(session);
    } catch (error) {
      throw providerFailure(error, 'retrieve');
    }
  }

  return {
    kind: 'stripe',

    async createSession(input: CreateSessionInput): Promise<CreatedSession> {
      const openedAtMs = input.openedAt === undefined ? clock().getTime() : Date.parse(input.openedAt);
      const expiresAtMs = openedAtMs + CHECKOUT_SESSION_TTL_MS + EXPIRY_SLACK_MS;
      const publicUrl = origin();
      try {
        const session = await stripe.checkout.sessions.create(
          {
            mode: 'payment',
            currency: 'inr',
            line_items: input.lines.map((line) => ({
              quantity: line.quantity,
              price_data: {
                currency: 'inr',
                unit_amount: line.unitAmount,
                product_data: {
                  name: line.name,
                  ...(line.imageUrl ? { images: [new URL(line.imageUrl, `${publicUrl}/`).href] } : {}),
                },
              },
            })),
            customer_email: input.email,
            client_reference_id: input.orderId,
            metadata: { order_id: input.orderId },
            ...deliveryParams(input),
            shipping_options: input.shippingOptions.map((option) => ({
              shipping_rate_data: {
                type: 'fixed_amount',
                display_name: option.label,
                fixed_amount: { amount: option.amount, currency: 'inr' },
                metadata: { rate: option.rate },
              },
            })),
            success_url: `${publicUrl}/success?session_id={CHECKOUT_SESSION_ID}`,
            cancel_url: `${publicUrl}/cancel`,
            expires_at: Math.floor(expiresAtMs / 1000),
          },
          { idempotencyKey: input.idempotencyKey },
        );
        if (!session.url) throw new Error(`Stripe returned session ${session.id} without a url`);
        return { id: session.id, url: session.url, expiresAt: new Date(session.expires_at * 1000).toISOString() };
      } catch (error) {
        throw providerFailure(error, 'create');
      }
    },

    retrieveSession: retrieve,

    async expireSession(id: string): Promise<ProviderSession> {
      try {
        const session = await stripe.checkout.sessions.expire(id, { expand: ['shipping_cost.shipping_rate'] });
        return toProviderSession(session);
      } catch (error) {
        // Stripe refuses to expire a session that is no longer open; its current state is the answer.
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 400) return retrieve(id);
        throw providerFailure(error, 'expire');
      }
    },

    async refund(input) {
      try {
        const refund = await stripe.refunds.create(
          { payment_intent: input.paymentId, amount: input.amount, metadata: { order_id: input.orderId } },
          { idempotencyKey: input.idempotencyKey },
        );
        return toRefundResult(refund);
      } catch (error) {
        // Stripe forgets idempotency keys after 24 hours: a retry later than that is refused as
        // already refunded, and the refund made for this order then is the answer.
        if (error instanceof Stripe.errors.StripeError && error.code === 'charge_already_refunded') {
          const earlier = await stripe.refunds.list({ payment_intent: input.paymentId, limit: 100 }).catch(() => null);
          const ours = earlier?.data.find((r) => r.metadata?.order_id === input.orderId && r.status !== 'failed' && r.status !== 'canceled');
          if (ours) return toRefundResult(ours);
        }
        opts.log.error({ err: error, orderId: input.orderId }, 'stripe refund failed');
        const reason = error instanceof Stripe.errors.StripeError && error.message ? `: ${error.message}` : '';
        throw new AppError('PAYMENT_PROVIDER', `Stripe did not make the refund${reason}`, { cause: error });
      }
    },

    parseWebhook(rawBody: Buffer, signature: string | undefined): WebhookEvent {
      if (!signature) throw new AppError('BAD_INPUT', 'Missing Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, opts.webhookSecret);
      } catch (error) {
        throw new AppError('BAD_INPUT', 'Invalid webhook signature', { cause: error });
      }
      const object = event.data.object as { object?: unknown; id?: unknown };
      const sessionId = object.object === 'checkout.session' && typeof object.id === 'string' ? object.id : null;
      return { id: event.id, type: event.type, sessionId };
    },
  };
}

/**
 * The address the shopper chose before payment goes to Stripe with the payment (its records and
 * fraud checks see it) and the page asks for none; without one the page collects it.
 */
function deliveryParams(input: CreateSessionInput): Pick<Stripe.Checkout.SessionCreateParams, 'payment_intent_data' | 'shipping_address_collection'> {
  const metadata = { order_id: input.orderId };
  const address = input.deliveryAddress;
  if (!address) return { payment_intent_data: { metadata }, shipping_address_collection: { allowed_countries: ['IN'] } };
  return {
    payment_intent_data: {
      metadata,
      shipping: {
        name: address.name,
        phone: address.phone,
        address: {
          line1: address.line1,
          ...(address.line2 ? { line2: address.line2 } : {}),
          city: address.city,
          state: stateByCode(address.stateCode)?.name ?? address.stateCode,
          postal_code: address.pin,
          country: 'IN',
        },
      },
    },
  };
}

type LegacyShipping = { shipping_details?: { name?: string | null; address?: Stripe.Address | null } | null };

/** Maps Stripe's session to ours, reading the shipping address from wherever this API version keeps it. */
export function toProviderSession(session: Stripe.Checkout.Session): ProviderSession {
  const rate = session.shipping_cost?.shipping_rate;
  let shippingRate: string | null = null;
  if (typeof rate === 'string') shippingRate = rate;
  else if (rate) shippingRate = rate.metadata?.rate ?? rate.display_name ?? rate.id;

  // API versions from 2025-03-31 keep it in collected_information; older ones at the top level.
  const details = session.collected_information?.shipping_details ?? (session as Stripe.Checkout.Session & LegacyShipping).shipping_details ?? null;
  const address = details?.address ?? null;
  // Typed on Stripe's page, where the shop's checks did not run: cleaned of control characters
  // and direction overrides before it reaches the invoice and the emails (shared/schemas/text.ts).
  const clean = (text: string | null | undefined) => (text == null ? null : cleanSingleLine(text) || null);
  const shippingAddress: ShippingAddress | null = address
    ? {
        name: clean(details?.name ?? session.customer_details?.name),
        line1: clean(address.line1),
        line2: clean(address.line2),
        city: clean(address.city),
        state: clean(address.state),
        postalCode: clean(address.postal_code),
        country: clean(address.country),
      }
    : null;

  const paymentIntent = session.payment_intent;
  return {
    id: session.id,
    orderId: session.metadata?.order_id ?? session.client_reference_id ?? null,
    status: normaliseStatus(session.status),
    paymentStatus: normalisePaymentStatus(session.payment_status),
    amountTotal: session.amount_total,
    currency: session.currency,
    paymentMethodTypes: session.payment_method_types ?? [],
    paymentIntentId: typeof paymentIntent === 'string' ? paymentIntent : (paymentIntent?.id ?? null),
    shippingRate,
    shippingAmount: session.shipping_cost?.amount_total ?? null,
    shippingAddress,
    expiresAt: new Date(session.expires_at * 1000).toISOString(),
  };
}

function toRefundResult(refund: Stripe.Refund): RefundResult {
  const status = refund.status === 'succeeded' ? 'succeeded' : refund.status === 'failed' || refund.status === 'canceled' ? 'failed' : 'pending';
  return { id: refund.id, status, amount: refund.amount };
}

function normaliseStatus(status: Stripe.Checkout.Session['status']): SessionStatus {
  if (status === 'complete') return 'complete';
  if (status === 'expired') return 'expired';
  return 'open';
}

function normalisePaymentStatus(status: Stripe.Checkout.Session['payment_status']): SessionPaymentStatus {
  if (status === 'paid') return 'paid';
  if (status === 'no_payment_required') return 'no_payment_required';
  return 'unpaid';
}

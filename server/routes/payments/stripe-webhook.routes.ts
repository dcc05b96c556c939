import express, { type Router } from 'express';
import type { Deps } from '../../deps';
import { providerWebhook } from './provider-webhook';

/** The events that can change an order; every other type is acknowledged and ignored. */
const SESSION_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded', 'checkout.session.async_payment_failed', 'checkout.session.expired']);

/** Where Stripe may deliver events; the router is mounted on each. */
export const WEBHOOK_PATHS = ['/api/webhook', '/api/stripe/webhook'];

/**
 * POST /api/webhook (and /api/stripe/webhook): Stripe's events (or the test checkout's), handled
 * as every provider's are (provider-webhook.ts): signature on the raw bytes, only the session id
 * believed, the session re-read from Stripe, 500 to have Stripe deliver again.
 */
export function createWebhookRouter(deps: Deps): Router {
  const router = express.Router();
  // The raw parser is a no-op when app.ts has already read the body raw for this path.
  const raw = express.raw({ type: () => true, limit: '1mb' });
  const handle = providerWebhook(deps, {
    name: 'Stripe',
    notSetUp: 'Stripe is not configured on this shop',
    // Stripe's events (or the test checkout's, which speaks the same format); never Razorpay's, which have their own path.
    provider: () => deps.providers.byKind('stripe') ?? deps.providers.byKind('test'),
    signatureHeader: 'stripe-signature',
    events: SESSION_EVENTS,
    paymentFailed: (type) => type === 'checkout.session.async_payment_failed',
  });
  router.post('/', raw, (req, res, next) => {
    handle(req, res).catch(next);
  });
  return router;
}

import express, { type Request, type Response, type Router } from 'express';
import { AppError } from '../../errors';
import { fulfilCheckoutSession, type FulfilResult } from '../../features/checkout/fulfilment.service';
import type { Deps } from '../../deps';
import { sendEnvelope } from '../../http/envelope';
import { Refusal, sendError } from '../../http/error-reply';

/** The events that can change an order; every other type is acknowledged and ignored. */
const SESSION_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded', 'checkout.session.async_payment_failed', 'checkout.session.expired']);

/**
 * POST /api/webhook (and /api/stripe/webhook): Stripe's events. The signature is checked on the
 * exact raw bytes; a bad or missing one gets 400 and changes nothing. Only the session id is
 * taken from the event: fulfilment re-reads the session from Stripe, so duplicates, replays and
 * out-of-order deliveries all end in the same state. A failure to reach Stripe answers 500,
 * which makes Stripe deliver the event again later.
 */
/** Where Stripe may deliver events; the router is mounted on each. */
export const WEBHOOK_PATHS = ['/api/webhook', '/api/stripe/webhook'];

export function createWebhookRouter(deps: Deps): Router {
  const router = express.Router();
  // The raw parser is a no-op when app.ts has already read the body raw for this path.
  const raw = express.raw({ type: () => true, limit: '1mb' });

  const handle = async (req: Request, res: Response) => {
    const body: unknown = req.body;
    if (!Buffer.isBuffer(body)) return sendError(req, res, new Refusal({ status: 400, message: 'Webhook body must be the raw request', code: 'BAD_REQUEST' }));
    // Stripe's events (or the test checkout's, which speaks the same format); never Razorpay's, which have their own path.
    const stripe = deps.providers.byKind('stripe') ?? deps.providers.byKind('test');
    if (!stripe) return sendError(req, res, new Refusal({ status: 404, message: 'Stripe is not configured on this shop', code: 'NOT_FOUND' }));
    let event;
    try {
      event = stripe.parseWebhook(body, req.get('stripe-signature'));
    } catch (error) {
      if (error instanceof AppError) {
        req.log.warn({ reason: error.message }, 'webhook refused');
        return sendError(req, res, new Refusal({ status: 400, message: error.message, code: 'BAD_REQUEST' }));
      }
      throw error;
    }
    if (!SESSION_EVENTS.has(event.type) || !event.sessionId) {
      return sendEnvelope(res, 200, 'ignored', { received: true, type: event.type });
    }
    let result: FulfilResult;
    try {
      result = await fulfilCheckoutSession(deps, stripe, event.sessionId, { paymentFailed: event.type === 'checkout.session.async_payment_failed' });
    } catch (error) {
      if (error instanceof AppError && error.appCode === 'NOT_FOUND') {
        // Not a session of this account's API key: nothing of ours to do, and retrying will not help.
        return sendEnvelope(res, 200, 'ignored', { received: true, type: event.type });
      }
      req.log.error({ err: error, eventId: event.id, sessionId: event.sessionId }, 'webhook: could not settle the session; Stripe will retry');
      return sendError(req, res, new Refusal({ status: 500, message: 'Could not process the event right now', code: 'INTERNAL_SERVER_ERROR' }));
    }
    req.log.info({ eventId: event.id, type: event.type, ...result }, 'webhook handled');
    sendEnvelope(res, 200, 'ok', { received: true, type: event.type, outcome: result.outcome });
  };

  router.post('/', raw, (req, res, next) => {
    handle(req, res).catch(next);
  });
  return router;
}

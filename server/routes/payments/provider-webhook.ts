import type { Request, Response } from 'express';
import { AppError } from '../../errors';
import { fulfilCheckoutSession, type FulfilResult } from '../../features/checkout/fulfilment.service';
import type { Deps } from '../../deps';
import type { PaymentProvider } from '../../payments/payment-provider';
import { sendEnvelope } from '../../http/envelope';
import { Refusal, sendError } from '../../http/error-reply';

/** What differs between providers' webhooks; everything else is the same handler. */
export type WebhookSpec = {
  /** The provider's name in logs ("Stripe", "Razorpay"). */
  name: string;
  /** The 404 answer while the provider is not set up in this shop. */
  notSetUp: string;
  /** The provider whose events these are, or null while it is not set up (404). */
  provider: () => PaymentProvider | null;
  /** The header carrying the signature over the raw body. */
  signatureHeader: string;
  /** The event types that can change an order; every other one is acknowledged and ignored. */
  events: ReadonlySet<string>;
  /** The header naming the delivery, when the provider sends one (else the event's own id). */
  eventIdHeader?: string;
  /** Whether an event type says the payment failed (the session then settles as unpaid). */
  paymentFailed?: (type: string) => boolean;
};

/**
 * A provider's webhook: the signature is checked on the exact raw bytes (a bad or missing one
 * gets 400 and changes nothing); only the session id is taken from the event, and
 * fulfilCheckoutSession re-reads the session from the provider, so duplicates, replays and
 * out-of-order deliveries all end in the same state. A failure to reach the provider answers 500,
 * which makes it deliver the event again later.
 */
export function providerWebhook(deps: Deps, spec: WebhookSpec): (req: Request, res: Response) => Promise<void> {
  return async (req, res) => {
    const provider = spec.provider();
    if (!provider) return sendError(req, res, new Refusal({ status: 404, message: spec.notSetUp, code: 'NOT_FOUND' }));
    const body: unknown = req.body;
    if (!Buffer.isBuffer(body)) return sendError(req, res, new Refusal({ status: 400, message: 'Webhook body must be the raw request', code: 'BAD_REQUEST' }));
    let event;
    try {
      event = provider.parseWebhook(body, req.get(spec.signatureHeader));
    } catch (error) {
      if (error instanceof AppError) {
        req.log.warn({ reason: error.message, provider: spec.name }, 'webhook refused');
        return sendError(req, res, new Refusal({ status: 400, message: error.message, code: 'BAD_REQUEST' }));
      }
      throw error;
    }
    const eventId = (spec.eventIdHeader && req.get(spec.eventIdHeader)) || event.id;
    if (!spec.events.has(event.type) || !event.sessionId) {
      return sendEnvelope(res, 200, 'ignored', { received: true, type: event.type });
    }
    let result: FulfilResult;
    try {
      result = await fulfilCheckoutSession(deps, provider, event.sessionId, { paymentFailed: spec.paymentFailed?.(event.type) ?? false });
    } catch (error) {
      if (error instanceof AppError && error.appCode === 'NOT_FOUND') {
        // Not a session of this account's key: nothing of ours to do, and retrying will not help.
        return sendEnvelope(res, 200, 'ignored', { received: true, type: event.type });
      }
      req.log.error({ err: error, eventId, sessionId: event.sessionId, provider: spec.name }, `webhook: could not settle the session; ${spec.name} will retry`);
      return sendError(req, res, new Refusal({ status: 500, message: 'Could not process the event right now', code: 'INTERNAL_SERVER_ERROR' }));
    }
    req.log.info({ eventId, type: event.type, provider: spec.name, ...result }, 'webhook handled');
    sendEnvelope(res, 200, 'ok', { received: true, type: event.type, outcome: result.outcome });
  };
}

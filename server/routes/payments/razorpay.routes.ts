import express, { type Request, type Response, type Router } from 'express';
import { AppError } from '../../errors';
import { fulfilCheckoutSession, type FulfilResult } from '../../features/checkout/fulfilment.service';
import type { Deps } from '../../deps';
import { Refusal, sendError } from '../../http/error-reply';
import { verifyPaymentLinkCallback } from '../../payments/razorpay-provider';
import { providerWebhook } from './provider-webhook';

/** Where the router is mounted (app.ts), and the one path under it that takes a raw body. */
export const RAZORPAY_PATH = '/api/razorpay';
export const RAZORPAY_WEBHOOK_PATH = `${RAZORPAY_PATH}/webhook`;

/** The events that can change an order; every other type is acknowledged and ignored. */
const LINK_EVENTS = new Set(['payment_link.paid', 'payment_link.expired', 'payment_link.cancelled']);
const CLOSED_STATUSES = new Set(['cancelled', 'expired', 'failed']);

/**
 * Razorpay's two ways back to the shop, both settled by re-reading the payment link from
 * Razorpay (fulfilCheckoutSession), so duplicates, replays and out-of-order deliveries all end in
 * the same state and nothing the browser or the event body says about money is believed:
 *
 * - POST /api/razorpay/webhook: X-Razorpay-Signature (HMAC of the raw body with the webhook
 *   secret) is checked first; a bad or missing one gets 400 and changes nothing. A failure to
 *   reach Razorpay answers 500, which makes Razorpay deliver the event again later.
 * - GET /api/razorpay/callback: where Razorpay sends the shopper after paying, with a query
 *   signed with the key secret. A forged or missing signature gets a 400 page; a valid one
 *   leads to the success page (which asks again through checkout.confirmReturn) or to /cancel.
 *
 * Both answer 404 while Razorpay's keys are not set.
 */
export function createRazorpayRouter(deps: Deps): Router {
  const router = express.Router();
  // The signature covers the exact bytes: the body must not be parsed before it is checked.
  const raw = express.raw({ type: () => true, limit: '1mb' });
  const razorpay = () => deps.providers.byKind('razorpay');

  const webhook = providerWebhook(deps, {
    name: 'Razorpay',
    notSetUp: 'Razorpay is not set up in this shop',
    provider: razorpay,
    signatureHeader: 'x-razorpay-signature',
    eventIdHeader: 'x-razorpay-event-id',
    events: LINK_EVENTS,
  });

  const callback = async (req: Request, res: Response) => {
    const provider = razorpay();
    if (!provider) return page(res, 404, 'Not available', '<p>This shop does not take payments through Razorpay.</p><p><a href="/">Back to the shop</a></p>');
    const params = queryStrings(req.query);
    if (!verifyPaymentLinkCallback(params, deps.env.RAZORPAY_KEY_SECRET ?? '')) {
      req.log.warn({ linkId: params.razorpay_payment_link_id }, 'razorpay callback refused: bad or missing signature');
      return page(
        res,
        400,
        'Payment not verified',
        '<p>This payment could not be verified, so nothing about your order was changed. If money left your account, the order will show as paid once Razorpay confirms it to us.</p><p><a href="/orders">See your orders</a></p>',
      );
    }
    const linkId = params.razorpay_payment_link_id ?? '';
    const claimed = params.razorpay_payment_link_status ?? '';
    let result: FulfilResult;
    try {
      result = await fulfilCheckoutSession(deps, provider, linkId);
    } catch (error) {
      if (error instanceof AppError && error.appCode === 'NOT_FOUND') return unknownPayment(res);
      if (error instanceof AppError && error.appCode === 'PAYMENT_PROVIDER') {
        // The signature proves the link is Razorpay's: the success page asks again, and the
        // webhook or the sweep settles the order if Razorpay stays unreachable.
        req.log.warn({ err: error, linkId }, 'razorpay callback: could not re-read the link; leaving it to the success page');
        return res.redirect(303, successUrl(deps, linkId));
      }
      throw error;
    }
    req.log.info({ linkId, claimed, ...result }, 'razorpay callback handled');
    if (result.outcome === 'unknown_session') return unknownPayment(res);
    if (result.outcome === 'paid' || result.outcome === 'already_paid') return res.redirect(303, successUrl(deps, linkId));
    if (result.outcome === 'released' || result.outcome === 'already_released' || CLOSED_STATUSES.has(claimed)) {
      return res.redirect(303, `${deps.env.PUBLIC_URL}/cancel`);
    }
    res.redirect(303, successUrl(deps, linkId));
  };

  router.post('/webhook', raw, (req, res, next) => {
    webhook(req, res).catch(next);
  });
  router.get('/callback', (req, res, next) => {
    callback(req, res).catch(next);
  });
  // Nothing else lives here: answered now rather than by the JSON table behind.
  router.use((req, res) => {
    sendError(req, res, new Refusal({ status: 404, message: 'Not found', code: 'NOT_FOUND' }));
  });
  return router;
}

function successUrl(deps: Deps, linkId: string): string {
  return `${deps.env.PUBLIC_URL}/success?session_id=${encodeURIComponent(linkId)}`;
}

function unknownPayment(res: Response): void {
  page(res, 404, 'Payment not found', '<p>This payment does not belong to an order in this shop, so nothing was changed.</p><p><a href="/orders">See your orders</a></p>');
}

/** The query's single-valued parameters; a repeated or nested one is left out (and so fails the signature). */
function queryStrings(query: Request['query']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) if (typeof value === 'string') out[key] = value;
  return out;
}

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A small server-rendered page with no script (the shop's CSP allows none inline). */
function page(res: Response, status: number, title: string, body: string): void {
  res.status(status).type('html').set('Cache-Control', 'no-store').send(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escape(title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#1f2937}h1{font-size:1.4rem}a{color:#2563eb}</style>
</head>
<body>
<main>
<h1>${escape(title)}</h1>
${body}
</main>
</body>
</html>`);
}

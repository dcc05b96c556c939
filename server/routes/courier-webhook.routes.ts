import express, { type Request, type Response, type Router } from 'express';
import type { Deps } from '../deps';
import { sendError } from '../http/error-reply';
import { isCourierError } from '../couriers/courier';
import { receiveTrackingWebhook } from '../features/shipping/shipping.service';

/**
 * Where the courier posts its tracking events (Shiprocket: Settings → API → Webhooks, with the
 * token the owner set in the shop's Settings as its x-api-key). Shiprocket refuses a webhook
 * address with its own name in it, hence a plain path.
 */
export const COURIER_WEBHOOK_PATH = '/api/courier/tracking';

/**
 * POST /api/courier/tracking: the token is checked first (401, nothing changes); an event the
 * shop has seen is dropped; an AWB no parcel carries is acknowledged and logged (Shiprocket would
 * otherwise repeat it for days). A body the adapter cannot read is a 400 naming what is wrong.
 */
export function createCourierWebhookRouter(deps: Deps): Router {
  const router = express.Router();
  router.post('/', express.json({ limit: '256kb', type: () => true }), async (req: Request, res: Response) => {
    try {
      const result = await receiveTrackingWebhook(deps, req.headers, req.body);
      res.status(200).json({ ok: true, added: result.added });
    } catch (error) {
      if (isCourierError(error)) {
        const status = error.kind === 'unauthorised' ? 401 : 400;
        deps.log.warn({ kind: error.kind, err: error.message }, 'courier webhook refused');
        res.status(status).json({ ok: false, message: error.message });
        return;
      }
      sendError(req, res, error);
    }
  });
  return router;
}

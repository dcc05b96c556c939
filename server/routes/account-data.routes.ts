import express, { type Request, type Response, type Router } from 'express';
import type { Deps } from '../deps';
import { sendError } from '../http/error-reply';
import { createCaller } from '../app-router';
import { createRequestContext } from '../trpc/context';
import { loadSettings } from '../settings/shop-settings';
import { localDate } from '../lib/shop-calendar';

/**
 * "Download my data" on the account page: the signed-in user's profile, addresses, orders and
 * devices as a JSON file (the account.exportData procedure decides what is in it).
 */
export function createAccountDataRouter(deps: Deps): Router {
  const router = express.Router();
  router.get('/account/my-data.json', async (req: Request, res: Response) => {
    try {
      const ctx = await createRequestContext(deps, req, res);
      const data = await createCaller(ctx).account.exportData();
      // Dated as the shop shows dates (its time zone setting), not UTC: at 00:30 IST the file is today's.
      const day = localDate(new Date(data.exportedAt), (await loadSettings(deps.db, deps)).timeZone);
      res
        .status(200)
        .type('application/json; charset=utf-8')
        .set('Cache-Control', 'private, no-store')
        .set('Content-Disposition', `attachment; filename="voltmart-my-data-${day}.json"`)
        .send(`${JSON.stringify(data, null, 2)}\n`);
    } catch (error) {
      sendError(req, res, error);
    }
  });
  return router;
}

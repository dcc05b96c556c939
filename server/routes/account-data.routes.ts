import express, { type Request, type Response, type Router } from 'express';
import type { Deps } from '../deps';
import { sendError } from '../http/error-reply';
import { createCaller } from '../app-router';
import { createRequestContext } from '../trpc/context';

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
      const day = data.exportedAt.slice(0, 10);
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

import express, { type Router } from 'express';
import { sql } from 'kysely';
import type { Deps } from '../deps';

/**
 * GET /healthz, for a load balancer: 200 while this process can reach its database, 503 when it
 * cannot. Mounted at /healthz (app.ts), so other requests skip it on a path test instead of
 * walking its routes.
 */
export function createHealthRouter(deps: Pick<Deps, 'db' | 'env'>): Router {
  const router = express.Router();
  const database = deps.env.database.dialect;
  router.get('/', async (_req, res) => {
    const started = performance.now();
    try {
      await sql`select 1`.execute(deps.db);
      res.json({ ok: true, database: { dialect: database, ok: true, ms: Math.round((performance.now() - started) * 10) / 10 } });
    } catch {
      res.status(503).json({ ok: false, database: { dialect: database, ok: false } });
    }
  });
  return router;
}

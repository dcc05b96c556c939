import express, { type Request, type Response, type NextFunction, type Router } from 'express';
import { createCaller } from '../trpc/app-router';
import { createRequestContext, type Deps } from '../trpc/context';
import { describeError } from '../trpc/error-shape';
import { legacyRoutes, type LegacyRoute } from './legacy-routes';

type Envelope = { success: boolean; error: boolean; message: string; data: unknown };

export function sendEnvelope(res: Response, status: number, message: string, data: unknown, extra: Record<string, unknown> = {}): void {
  const ok = status < 400;
  const reply: Envelope = { success: ok, error: !ok, message, data };
  res.status(status).json({ ...reply, ...extra });
}

export function emptyData(kind: LegacyRoute['empty']): unknown {
  return kind === 'list' ? [] : null;
}

/** Mounts every row of the table; unknown /api paths answer a JSON 404. */
export function createRestRouter(deps: Deps): Router {
  const api = express.Router();
  for (const row of legacyRoutes) {
    api[row.method](row.path.slice('/api'.length), async (req: Request, res: Response) => {
      try {
        const ctx = await createRequestContext(deps, req, res);
        const result = await row.call(createCaller(ctx), req);
        const data = row.data ? row.data(result as never) : result;
        const extra = row.extra ? row.extra(result as never) : {};
        sendEnvelope(res, row.status ?? 200, row.message, data ?? emptyData(row.empty), extra);
      } catch (error) {
        const described = describeError(error);
        if (described.unexpected) req.log.error({ err: error }, 'unexpected error in %s', row.path);
        sendEnvelope(res, described.status, described.message, emptyData(row.empty), described.fieldErrors ? { fieldErrors: described.fieldErrors } : {});
      }
    });
  }
  api.use((req: Request, res: Response) => {
    const known = legacyRoutes.some((r) => r.path === `/api${req.path}`);
    if (known) sendEnvelope(res, 405, `Method ${req.method} is not allowed on /api${req.path}`, null);
    else sendEnvelope(res, 404, `Unknown API path: /api${req.path}`, null);
  });
  return api;
}

/** Turns body-parser failures (bad JSON, too large) into the envelope instead of an HTML page. */
export function apiErrorHandler(error: unknown, req: Request, res: Response, next: NextFunction): void {
  if (res.headersSent) return next(error);
  const e = error as { type?: string; status?: number; expose?: boolean; message?: string };
  if (e.type === 'entity.parse.failed') return sendEnvelope(res, 400, 'The request body is not valid JSON', null);
  if (e.type === 'entity.too.large') return sendEnvelope(res, 413, 'The request body is too large (at most 10 MB)', null);
  if (typeof e.status === 'number' && e.status >= 400 && e.status < 500 && e.expose) return sendEnvelope(res, e.status, e.message ?? 'Bad request', null);
  req.log.error({ err: error }, 'unhandled error');
  sendEnvelope(res, 500, 'Something went wrong on our side. Please try again.', null);
}

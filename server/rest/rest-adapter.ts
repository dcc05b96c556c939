import compression from 'compression';
import type { Request, Response, RequestHandler } from 'express';
import { createCaller } from '../trpc/app-router';
import { createRequestContext, type Deps } from '../trpc/context';
import { describeError } from '../trpc/error-shape';
import { legacyRoutes, type LegacyRoute } from './legacy-routes';
import { shareableCount, type ResponseCache } from '../http/response-cache';

type Envelope = { success: boolean; error: boolean; message: string; data: unknown };

function envelope(status: number, message: string, data: unknown, extra: Record<string, unknown>): Envelope {
  const ok = status < 400;
  const reply: Envelope = { success: ok, error: !ok, message, data };
  return { ...reply, ...extra };
}

export function sendEnvelope(res: Response, status: number, message: string, data: unknown, extra: Record<string, unknown> = {}): void {
  res.status(status).json(envelope(status, message, data, extra));
}

const JSON_TYPE = 'application/json; charset=utf-8';

export function emptyData(kind: LegacyRoute['empty']): unknown {
  return kind === 'list' ? [] : null;
}

const listPaths = new Set(legacyRoutes.filter((row) => row.empty === 'list').map((row) => row.path.toLowerCase()));

/** `data` of a failure reply for an /api path refused before its row ran: `[]` where the path answers a list. */
export function emptyDataForPath(originalUrl: string): unknown {
  const path = (originalUrl.split('?')[0] ?? '').replace(/\/+$/, '').toLowerCase();
  return listPaths.has(path) ? [] : null;
}

/**
 * Answers every row of the table; unknown /api paths answer a JSON 404, known ones with another
 * method a 405. Rows marked `shared` are answered from the response cache when their procedure
 * says its result is the same for every caller (see sharedProcedure).
 *
 * Rows are found with one map lookup rather than Express's list of route patterns, which it
 * tries one by one on every request; paths match as Express's would, ignoring case and a
 * trailing slash.
 */
export function createRestRouter(deps: Deps, cache: ResponseCache): RequestHandler {
  const rows = new Map<string, LegacyRoute>();
  for (const row of legacyRoutes) {
    rows.set(`${row.method.toUpperCase()} ${row.path.toLowerCase()}`, row);
    if (row.method === 'get') rows.set(`HEAD ${row.path.toLowerCase()}`, row);
  }
  const knownPaths = new Set(legacyRoutes.map((r) => r.path.toLowerCase()));

  async function answer(row: LegacyRoute, req: Request, res: Response): Promise<void> {
    try {
      // The key holds everything a shared row reads from the request: path, query and body.
      const key = row.shared && cache.enabled ? `${req.originalUrl}\n${JSON.stringify(req.body ?? null)}` : undefined;
      const hit = key === undefined ? undefined : cache.get(key);
      if (hit) return cache.send(req, res, hit);
      const revision = key === undefined ? 0 : cache.revision();

      const ctx = await createRequestContext(deps, req, res);
      const result = await row.call(createCaller(ctx), req);
      const data = row.data ? row.data(result as never) : result;
      const extra = row.extra ? row.extra(result as never) : {};
      const status = row.status ?? 200;
      const reply = envelope(status, row.message, data ?? emptyData(row.empty), extra);
      if (key !== undefined && status === 200 && shareableCount(res) > 0 && !res.hasHeader('set-cookie')) {
        return cache.send(req, res, cache.put(key, revision, { contentType: JSON_TYPE }, Buffer.from(JSON.stringify(reply))));
      }
      res.status(status).json(reply);
    } catch (error) {
      const described = describeError(error);
      if (described.unexpected) req.log.error({ err: error }, 'unexpected error in %s', row.path);
      sendEnvelope(res, described.status, described.message, emptyData(row.empty), described.fieldErrors ? { fieldErrors: described.fieldErrors } : {});
    }
  }

  // Shared replies bring their own compressed variants; every other reply goes through the
  // compression middleware here (this router is mounted ahead of the app-wide one).
  const compress = compression();
  return (req: Request, res: Response) => {
    const path = `/api${req.path.length > 1 && req.path.endsWith('/') ? req.path.slice(0, -1) : req.path}`;
    const row = rows.get(`${req.method} ${path.toLowerCase()}`);
    if (row?.shared && cache.enabled) return void answer(row, req, res);
    if (row) return compress(req, res, () => void answer(row, req, res));
    if (knownPaths.has(path.toLowerCase())) sendEnvelope(res, 405, `Method ${req.method} is not allowed on ${path}`, null);
    else sendEnvelope(res, 404, `Unknown API path: ${path}`, null);
  };
}

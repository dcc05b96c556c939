import type { Request, RequestHandler, Response } from 'express';
import { legacyRoutes, type LegacyRoute } from './legacy-routes';
import type { Respond } from '../procedure-replies';
import { declareListPaths, envelope } from '../../http/envelope';
import { Refusal, sendError } from '../../http/error-reply';

function emptyData(kind: LegacyRoute['empty']): unknown {
  return kind === 'list' ? [] : null;
}

// Failure replies on these paths carry `data: []`, whoever sends them (server/http/error-reply.ts).
declareListPaths(legacyRoutes.filter((row) => row.empty === 'list').map((row) => row.path));

/**
 * Answers every row of the table through `respond` (which runs the row's procedure and writes
 * the reply); unknown /api paths answer a JSON 404, known ones with another method a 405.
 *
 * Rows are found with one map lookup rather than Express's list of route patterns, which it
 * tries one by one on every request; paths match as Express's would, ignoring case and a
 * trailing slash.
 */
export function createRestRouter(respond: Respond, fail: (req: Request, res: Response, error: unknown) => void): RequestHandler {
  const rows = new Map<string, LegacyRoute>();
  for (const row of legacyRoutes) {
    rows.set(`${row.method.toUpperCase()} ${row.path.toLowerCase()}`, row);
    if (row.method === 'get') rows.set(`HEAD ${row.path.toLowerCase()}`, row);
  }
  const knownPaths = new Set(legacyRoutes.map((r) => r.path.toLowerCase()));

  return (req: Request, res: Response) => {
    const path = `/api${req.path.length > 1 && req.path.endsWith('/') ? req.path.slice(0, -1) : req.path}`;
    const row = rows.get(`${req.method} ${path.toLowerCase()}`);
    if (!row) {
      if (knownPaths.has(path.toLowerCase()))
        return sendError(req, res, new Refusal({ status: 405, message: `Method ${req.method} is not allowed on ${path}`, code: 'METHOD_NOT_SUPPORTED' }));
      return sendError(req, res, new Refusal({ status: 404, message: `Unknown API path: ${path}`, code: 'NOT_FOUND' }));
    }
    const status = row.status ?? 200;
    const format = {
      name: row.path,
      status,
      body: ([result]: unknown[]) => {
        const data = row.data ? row.data(result as never) : result;
        return envelope(status, row.message, data ?? emptyData(row.empty), row.extra ? row.extra(result as never) : {});
      },
    };
    respond(req, res, [{ path: row.procedure, input: row.input?.(req) }], format, (error) => fail(req, res, error));
  };
}

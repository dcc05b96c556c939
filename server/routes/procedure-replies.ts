import compression from 'compression';
import type { Request, Response } from 'express';
import { createCaller, procedureByPath } from '../app-router';
import { createRequestContext } from '../trpc/context';
import type { Deps } from '../deps';
import { PERSONAL_CACHE_CONTROL, type JsonReplyFormat, type ProcedureCall, type SharedReplies } from '../http/shared-replies';

/**
 * Runs a request's procedure calls and writes the reply in `format`; a failed call goes to
 * `fail`. The /api adapter answers every row through one of these, knowing nothing of how.
 */
export type Respond = (req: Request, res: Response, calls: ProcedureCall[], format: JsonReplyFormat, fail: (error: unknown) => void) => void;

/** Replies for the caller alone: run with the request's session, compressed, never kept by any cache. */
export function personalReplies(deps: Deps): Respond {
  const compress = compression();
  return (req, res, calls, format, fail) => {
    const run = async () => {
      try {
        const api = createCaller(await createRequestContext(deps, req, res));
        const results = await Promise.all(calls.map((call) => procedureByPath(api, call.path)(call.input)));
        res.setHeader('Cache-Control', PERSONAL_CACHE_CONTROL);
        res.status(format.status ?? 200).json(format.body(results));
      } catch (error) {
        fail(error);
      }
    };
    compress(req, res, () => void run());
  };
}

/** Shared procedures' replies through the shared-reply cache, the rest as personal ones. */
export function procedureReplies(shared: SharedReplies, personal: Respond): Respond {
  return (req, res, calls, format, fail) => (shared.shares(calls) ? void shared.respond(req, res, calls, format, fail) : personal(req, res, calls, format, fail));
}

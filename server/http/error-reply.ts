import { TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import type { Request, Response } from 'express';
import { describeError } from '../trpc/error-shape';
import { emptyDataForPath, sendEnvelope } from './envelope';

type ErrorReply = { status: number; message: string; code: TRPC_ERROR_CODE_KEY; fieldErrors?: Record<string, string> };

/**
 * An error reply decided by the HTTP layer itself, without a procedure (CSRF, body format and
 * size, an upload's form): sent as given and not logged. A class rather than a plain object so
 * that `sendError` can never mistake a thrown value for one.
 */
export class Refusal {
  constructor(readonly reply: ErrorReply) {}
}

/**
 * The one place error replies are written, in the reply shape of the path: the contract's
 * envelope under /api (`data: []` on paths that answer a list, `null` elsewhere, `fieldErrors`
 * when there are some), tRPC's error shape elsewhere. `error` is a `Refusal`, or anything
 * thrown: that goes through describeError, and an unexpected one becomes a generic 500 and is
 * logged here, once, with the request id.
 */
export function sendError(req: Request, res: Response, error: unknown): void {
  const reply = error instanceof Refusal ? error.reply : fromThrown(req, error);
  // Express mounts /api without regard to case, and so does the adapter's table.
  if (/^\/api\//i.test(req.originalUrl)) {
    return sendEnvelope(res, reply.status, reply.message, emptyDataForPath(req.originalUrl), reply.fieldErrors ? { fieldErrors: reply.fieldErrors } : {});
  }
  res.status(reply.status).json({ error: { message: reply.message, code: reply.code, data: { httpStatus: reply.status } } });
}

function fromThrown(req: Request, error: unknown): ErrorReply {
  const described = describeError(error);
  if (described.unexpected) req.log.error({ err: error }, 'unexpected error in %s %s', req.method, req.baseUrl + req.path);
  // describeError answers 400 for a ZodError and 500 for anything else that is not a TRPCError.
  const code = error instanceof TRPCError ? error.code : described.status === 400 ? 'BAD_REQUEST' : 'INTERNAL_SERVER_ERROR';
  return { status: described.status, message: described.message, code, fieldErrors: described.fieldErrors };
}

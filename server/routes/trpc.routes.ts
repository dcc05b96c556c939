import express, { type Router } from 'express';
import * as trpcExpress from '@trpc/server/adapters/express';
import { appRouter, createCaller, procedureByPath } from '../app-router';
import type { Deps } from '../deps';
import { createInnerContext, createRequestContext } from '../trpc/context';
import { describeError } from '../trpc/error-shape';
import { jsonOnly } from '../http/security';
import { bodyErrorHandler, verifyJsonDepth } from '../http/json-limits';
import { SharedReplies } from '../http/shared-replies';

/**
 * The shared-reply cache over the app's procedures: shared calls run on one anonymous context
 * made here, once (no cookie is ever opened for them).
 */
export function createSharedReplies(deps: Deps, opts: { catchUpEveryRead?: boolean } = {}): SharedReplies {
  const anonymous = createCaller(createInnerContext(deps));
  return new SharedReplies({
    router: appRouter,
    call: (path, input) => procedureByPath(anonymous, path)(input),
    feed: deps.changes,
    maxBytes: deps.env.RESPONSE_CACHE_MB * 1024 * 1024,
    log: deps.log,
    catchUpEveryRead: opts.catchUpEveryRead ?? false,
    clock: deps.clock,
  });
}

/** /trpc: tRPC's own adapter, for everything the shared-reply cache did not answer (mutations, personal queries, errors). */
export function createTrpcRouter(deps: Deps, bodyLimit: { bytes: string; text: string }): Router {
  const router = express.Router();
  router.use(
    jsonOnly([]),
    // Read here (as text, so tRPC parses it once) to refuse a body nested too deeply first.
    express.text({ type: 'application/json', limit: bodyLimit.bytes, verify: verifyJsonDepth }),
    bodyErrorHandler(bodyLimit.text),
    trpcExpress.createExpressMiddleware({
      router: appRouter,
      createContext: ({ req, res }) => createRequestContext(deps, req, res),
      onError: ({ error, path: procedure, req }) => {
        if (describeError(error).unexpected) req.log.error({ err: error.cause ?? error, procedure }, 'unexpected error in procedure');
      },
    }),
  );
  return router;
}

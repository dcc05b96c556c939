import type { NextFunction, Request, RequestHandler, Response } from 'express';
import cors from 'cors';

/**
 * CORS for a client deployed on another origin (CORS_ORIGINS, exact origins). Listed origins
 * get their own origin echoed back with credentials allowed, for requests and preflights; any
 * other origin gets no CORS headers at all, so the browser keeps refusing it as before. The
 * `cors` package does the header work.
 */
export function crossOriginClients(origins: readonly string[]): RequestHandler {
  if (origins.length === 0) return (_req, _res, next) => next();
  const listed = new Set(origins);
  const handler = cors({
    origin: (origin, callback) => callback(null, origin !== undefined && listed.has(origin)),
    credentials: true,
    methods: ['GET', 'HEAD', 'POST'],
    // The request headers a preflight asks for are echoed back (the spec's client sends Content-Type).
    maxAge: 600,
  });
  return (req: Request, res: Response, next: NextFunction) => {
    const origin = req.get('origin');
    if (origin === undefined || !listed.has(origin)) return next();
    handler(req, res, next);
  };
}

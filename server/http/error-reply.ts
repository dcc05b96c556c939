import type { Request, Response } from 'express';
import { emptyDataForPath, sendEnvelope } from '../rest/rest-adapter';

/**
 * A refusal made by the HTTP layer before any procedure runs (CSRF, body format, limits), in
 * the reply shape of the path: the contract's envelope under /api, tRPC's error shape elsewhere.
 */
export function sendHttpError(req: Request, res: Response, status: number, message: string, code: string): void {
  if (req.originalUrl.startsWith('/api/')) return sendEnvelope(res, status, message, emptyDataForPath(req.originalUrl));
  res.status(status).json({ error: { message, code, data: { httpStatus: status } } });
}

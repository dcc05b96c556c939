import type { IncomingMessage } from 'node:http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { Refusal, sendError } from './error-reply';

/**
 * No request of ours nests JSON more than a few levels; 10,000 levels of `[[[…]]]` is an attack
 * on every recursive walk of the parsed value (JSON.stringify, validators, loggers), each of
 * which would overflow the stack. Bodies and tRPC inputs nested deeper than this are refused
 * with a 400 before anything parses them.
 */
export const MAX_JSON_DEPTH = 32;

const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;
const CLOSE_ARRAY = 0x5d;
const CLOSE_OBJECT = 0x7d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** Whether JSON text (bytes or a string) nests arrays/objects deeper than `max`, by one linear scan that skips strings. */
export function jsonTooDeep(text: Uint8Array | string, max: number = MAX_JSON_DEPTH): boolean {
  const at = typeof text === 'string' ? (i: number) => text.charCodeAt(i) : (i: number) => text[i] ?? 0;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = at(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      if (++depth > max) return true;
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) {
      depth--;
    }
  }
  return false;
}

export const TOO_DEEP_MESSAGE = `The request body nests too deeply (at most ${MAX_JSON_DEPTH} levels of arrays and objects)`;

/** body-parser's `verify`: refuses a raw body nested too deeply (type `entity.too.deep`, answered 400 by `bodyErrorHandler`). */
export function verifyJsonDepth(_req: IncomingMessage, _res: unknown, body: Buffer): void {
  if (jsonTooDeep(body)) throw Object.assign(new Error(TOO_DEEP_MESSAGE), { type: 'entity.too.deep' });
}

/** tRPC queries carry their input in the URL (`?input=`): refused the same way as a deep body. */
export function rejectDeepQueryInput(): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const input = req.query.input;
    if (typeof input === 'string' && jsonTooDeep(input)) return refuse(req, res, 400, TOO_DEEP_MESSAGE, 'BAD_REQUEST');
    // tRPC decodes the procedure path itself and answers a malformed one with a 500.
    try {
      decodeURIComponent(req.path);
    } catch {
      return refuse(req, res, 400, 'The request path is not valid percent-encoding', 'BAD_REQUEST');
    }
    next();
  };
}

/** Turns body-parser failures (bad JSON, too deep, too large) into a clear 4xx in the path's own reply shape. */
export function bodyErrorHandler(limitText: string) {
  return (error: unknown, req: Request, res: Response, next: NextFunction): void => {
    if (res.headersSent) return next(error);
    const e = error as { type?: string; status?: number; expose?: boolean; message?: string };
    if (e.type === 'entity.too.deep') return refuse(req, res, 400, TOO_DEEP_MESSAGE, 'BAD_REQUEST');
    if (e.type === 'entity.parse.failed') return refuse(req, res, 400, 'The request body is not valid JSON', 'BAD_REQUEST');
    if (e.type === 'entity.too.large') return refuse(req, res, 413, `The request body is too large (at most ${limitText})`, 'PAYLOAD_TOO_LARGE');
    if (typeof e.status === 'number' && e.status >= 400 && e.status < 500 && e.expose) return refuse(req, res, e.status, e.message ?? 'Bad request', 'BAD_REQUEST');
    next(error);
  };
}

function refuse(req: Request, res: Response, status: number, message: string, code: 'BAD_REQUEST' | 'PAYLOAD_TOO_LARGE'): void {
  sendError(req, res, new Refusal({ status, message, code }));
}

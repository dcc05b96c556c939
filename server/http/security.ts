import type { Request, Response, NextFunction, RequestHandler } from 'express';
import helmet from 'helmet';
import { Refusal, sendError } from './error-reply';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * CSRF, first layer: a state-changing request that says where it comes from (Origin, else
 * Referer) must come from the shop itself: PUBLIC_URL's origin, the origin the request was
 * addressed to, or one of CORS_ORIGINS (a split deployment of the client). Browsers always send Origin on cross-site POSTs, so a missing header means a
 * non-browser client (curl, another server), which no cookie-riding page can be.
 * `exempt` paths (the payment webhook) are authenticated by their own signature.
 */
export function originGuard(publicUrl: string, exempt: string[], corsOrigins: readonly string[] = []): RequestHandler {
  const trusted = new Set([new URL(publicUrl).origin, ...corsOrigins]);
  return (req: Request, res: Response, next: NextFunction) => {
    if (!STATE_CHANGING.has(req.method) || exempt.includes(req.path)) return next();
    const claimed = req.get('origin') ?? refererOrigin(req.get('referer'));
    if (claimed === undefined) return next();
    const own = `${req.protocol}://${req.get('host') ?? ''}`;
    if (trusted.has(claimed) || claimed === own) return next();
    sendError(req, res, new Refusal({ status: 403, message: 'Cross-site request refused: it must come from the shop itself.', code: 'FORBIDDEN' }));
  };
}

/**
 * CSRF, second layer: tRPC mutations and JSON /api calls take only application/json bodies,
 * which a cross-site HTML form cannot send (tRPC's adapter would otherwise accept form posts).
 */
export function jsonOnly(exempt: string[]): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!STATE_CHANGING.has(req.method) || exempt.includes(req.path)) return next();
    const hasBody = Number(req.get('content-length') ?? 0) > 0 || req.get('transfer-encoding') !== undefined;
    if (!hasBody || req.is('application/json')) return next();
    sendError(req, res, new Refusal({ status: 415, message: 'Send the request body as application/json.', code: 'UNSUPPORTED_MEDIA_TYPE' }));
  };
}

function refererOrigin(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return 'invalid';
  }
}

/**
 * Security headers. Scripts come only from the shop's own origin (the client needs no payment
 * script: checkout is a redirect). Styles allow inline because react-hot-toast injects a
 * <style> tag; no script can be inlined. Dev mode relaxes scripts and connections for Vite's HMR.
 */
export function securityHeaders(opts: { dev: boolean; https: boolean }): RequestHandler {
  const headers = staticHeadersOf(helmetFor(opts));
  // The headers do not depend on the request (no nonces), so they are worked out once by
  // helmet and then copied onto every response: helmet's chain of 15 middlewares per request
  // was a measurable share of a product-details request.
  return (_req: Request, res: Response, next: NextFunction) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}

/** Runs a header-only middleware once against a recording response and returns what it set. */
function staticHeadersOf(middleware: RequestHandler): [string, string][] {
  const set = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => set.set(name, String(value)),
    removeHeader: (name: string) => set.delete(name),
    getHeader: (name: string) => set.get(name),
  };
  let called = false;
  void middleware({ headers: {}, method: 'GET', url: '/' } as Request, recorder as unknown as Response, () => (called = true));
  if (!called) throw new Error('security headers middleware did not finish synchronously');
  return [...set];
}

function helmetFor(opts: { dev: boolean; https: boolean }): RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: opts.dev ? ["'self'", "'unsafe-inline'"] : ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: opts.dev ? ["'self'", 'ws:', 'wss:'] : ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        ...(opts.https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: opts.https ? { maxAge: 15552000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    // helmet's default (no-referrer) makes Chromium send `Origin: null` on same-origin form
    // posts (the test checkout's Pay button), which the origin guard must refuse.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
}

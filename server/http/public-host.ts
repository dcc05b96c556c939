import type { Logger } from 'pino';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

const MAX_HOSTS_WARNED = 20;

/**
 * Warns (once per host) when the shop is reached under another host than PUBLIC_URL's: the
 * session cookie is set for the host the shopper used, while payment pages return them to
 * PUBLIC_URL, where that cookie does not exist (they would look signed out after paying).
 */
export function warnOnForeignHost(publicUrl: string, log: Logger): RequestHandler {
  const expected = new URL(publicUrl).host.toLowerCase();
  const warned = new Set<string>();
  return (req: Request, _res: Response, next: NextFunction) => {
    const host = (req.get('host') ?? '').toLowerCase();
    if (host !== '' && host !== expected && !warned.has(host) && warned.size < MAX_HOSTS_WARNED) {
      warned.add(host);
      log.warn(
        { host, publicUrl },
        `A request came for ${host}, but PUBLIC_URL is ${publicUrl}: shoppers who sign in at ${host} are signed out when a payment returns them to ${publicUrl}. Open ${publicUrl}, or set PUBLIC_URL to the address shoppers use.`,
      );
    }
    next();
  };
}

import type { Request, Response } from 'express';
import { newId } from '../db/database';
import type { Deps } from '../deps';
import type { SessionUser } from '../sessions/session.queries';
import { openRequestSession, type SessionAuth, type SessionHandle } from '../sessions/session';

export type Context = {
  deps: Deps;
  user: SessionUser | null;
  /** The signed-in user's session id and whether their account has two-factor sign-in on; null for a visitor. */
  auth: SessionAuth | null;
  session: SessionHandle;
  requestId: string;
  /** Client IP as Express sees it (honours TRUST_PROXY). */
  ip: string;
};

export async function createRequestContext(deps: Deps, req: Request, res: Response): Promise<Context> {
  const { user, auth, session } = await openRequestSession(deps, req, res);
  return { deps, user, auth, session, requestId: typeof req.id === 'string' ? req.id : '', ip: req.ip ?? '' };
}

/** A context for scripts and tests that call procedures without an HTTP request. */
export function createInnerContext(deps: Deps, opts: { user?: SessionUser | null; guestId?: string; auth?: SessionAuth } = {}): Context {
  let guestId = opts.guestId ?? null;
  return {
    deps,
    user: opts.user ?? null,
    auth: opts.auth ?? (opts.user ? { sessionId: 'inner', twoFactorEnabled: false } : null),
    requestId: 'inner',
    ip: '127.0.0.1',
    session: {
      signIn: () => Promise.resolve({ previousGuestId: guestId }),
      signOut: () => Promise.resolve(),
      guestId: () => guestId,
      ensureGuestId: () => Promise.resolve((guestId ??= newId())),
    },
  };
}

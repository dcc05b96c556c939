import type { Request, Response } from 'express';
import { getIronSession, type IronSession } from 'iron-session';
import type { Logger } from 'pino';
import type { DB } from '../db/database';
import type { Env } from '../env';
import type { SessionUser } from '../features/account/account.queries';
import { findSessionUser } from '../features/account/account.queries';
import { newId, nowIso } from '../db/database';
import { createSession, deleteSession } from '../features/account/account.queries';
import type { PaymentProvider } from '../payments/payment-provider';
import { markShareable } from '../http/response-cache';

export type Deps = {
  db: DB;
  env: Env & { SESSION_SECRET: string };
  log: Logger;
  payments: PaymentProvider;
  clock: () => Date;
};

type CookieData = { sid?: string; guestId?: string };

export const SESSION_TTL_SECONDS = 7 * 24 * 60 * 60;
export const SESSION_COOKIE = 'voltmart_session';

/** What a procedure may do with the caller's session cookie. */
export type SessionHandle = {
  /** Starts a server-side session for the user; the caller's guest id is returned so its cart can be merged. */
  signIn(userId: string): Promise<{ previousGuestId: string | null }>;
  /** Ends the session on the server (a copied cookie stops working) and clears the cookie. */
  signOut(): Promise<void>;
  guestId(): string | null;
  /** The anonymous id a visitor's cart hangs on; created (and the cookie set) on first use. */
  ensureGuestId(): Promise<string>;
};

export type Context = {
  deps: Deps;
  user: SessionUser | null;
  session: SessionHandle;
  requestId: string;
  /** Client IP as Express sees it (honours TRUST_PROXY). */
  ip: string;
  /** Tells the HTTP layer that this procedure's result is the same for every caller (see sharedProcedure). */
  markShareable: () => void;
};

export async function createRequestContext(deps: Deps, req: Request, res: Response): Promise<Context> {
  const options = {
    password: deps.env.SESSION_SECRET,
    cookieName: SESSION_COOKIE,
    ttl: SESSION_TTL_SECONDS,
    cookieOptions: sessionCookieOptions(deps.env),
  };
  // A fresh, empty session that ignores whatever cookie came in (it is written only on save).
  const fresh = () => getIronSession<CookieData>({ headers: {} } as Request, res, options);
  const open = () => getIronSession<CookieData>(req, res, options);
  // Without our cookie there is nothing to unseal: the session is only opened if a procedure
  // writes to it (sign-in, a visitor's first cart item).
  const iron = req.headers.cookie?.includes(`${SESSION_COOKIE}=`) ? await unsealOrClear(open, fresh) : undefined;
  const user = iron?.sid ? await findSessionUser(deps.db, iron.sid, nowIso(deps.clock)) : null;
  if (iron?.sid && !user) {
    // Expired, or ended by logout or a role change elsewhere: the caller is a visitor now, and
    // the dead cookie goes.
    iron.destroy();
  }
  return {
    deps,
    user,
    session: ironSessionHandle(deps, iron, fresh),
    requestId: typeof req.id === 'string' ? req.id : '',
    ip: req.ip ?? '',
    markShareable: () => markShareable(res),
  };
}

/** The session cookie's attributes; SameSite=None (and Secure) when another https origin may call with credentials. */
export function sessionCookieOptions(env: Pick<Env, 'PUBLIC_URL' | 'corsOrigins'>) {
  const https = env.PUBLIC_URL.startsWith('https://');
  const crossSite = https && env.corsOrigins.length > 0;
  return { httpOnly: true, sameSite: crossSite ? ('none' as const) : ('lax' as const), secure: https, path: '/' };
}

/**
 * Opens the session from the request's cookie. A cookie that does not unseal (tampered, sealed
 * with another secret, expired, malformed: iron-session throws for some and reads others as
 * empty) is a visitor's: it is cleared and an empty session returned.
 */
async function unsealOrClear(open: () => Promise<IronSession<CookieData>>, fresh: () => Promise<IronSession<CookieData>>): Promise<IronSession<CookieData>> {
  let session: IronSession<CookieData>;
  try {
    session = await open();
  } catch {
    session = await fresh();
  }
  if (!session.sid && !session.guestId) session.destroy();
  return session;
}

function ironSessionHandle(deps: Deps, opened: IronSession<CookieData> | undefined, open: () => Promise<IronSession<CookieData>>): SessionHandle {
  let current = opened;
  const iron = async () => (current ??= await open());
  return {
    async signIn(userId) {
      const session = await iron();
      if (session.sid) await deleteSession(deps.db, session.sid);
      const now = deps.clock();
      const sid = newId() + newId();
      await createSession(deps.db, {
        id: sid,
        userId,
        createdAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + SESSION_TTL_SECONDS * 1000).toISOString(),
      });
      const previousGuestId = session.guestId ?? null;
      session.sid = sid;
      delete session.guestId;
      await session.save();
      return { previousGuestId };
    },
    async signOut() {
      const session = await iron();
      if (session.sid) await deleteSession(deps.db, session.sid);
      session.destroy();
    },
    guestId: () => current?.guestId ?? null,
    async ensureGuestId() {
      const session = await iron();
      if (!session.guestId) {
        session.guestId = newId();
        await session.save();
      }
      return session.guestId;
    },
  };
}

/** A context for scripts and tests that call procedures without an HTTP request. */
export function createInnerContext(deps: Deps, opts: { user?: SessionUser | null; guestId?: string } = {}): Context {
  let guestId = opts.guestId ?? null;
  return {
    deps,
    user: opts.user ?? null,
    requestId: 'inner',
    ip: '127.0.0.1',
    markShareable: () => undefined,
    session: {
      signIn: () => Promise.resolve({ previousGuestId: guestId }),
      signOut: () => Promise.resolve(),
      guestId: () => guestId,
      ensureGuestId: () => Promise.resolve((guestId ??= newId())),
    },
  };
}

import type { Request, Response } from 'express';
import { getIronSession, type IronSession } from 'iron-session';
import { newId, type DB } from '../db/database';
import { transaction } from '../db/transaction';
import type { Deps } from '../deps';
import type { Env } from '../env';
import { createSession, deleteSession, findSessionUser, touchSession, type SessionUser } from './session.queries';

// The session cookie: an iron-session seal holding the server-side session id of a signed-in
// user, or the anonymous id a visitor's cart hangs on. This module is the only one that reads or
// writes it; the tRPC context hands procedures the SessionHandle that openRequestSession returns.

type CookieData = { sid?: string; guestId?: string };

export const SESSION_TTL_SECONDS = 7 * 24 * 60 * 60;
export const SESSION_COOKIE = 'voltmart_session';
/** A session's "last seen" (the account page's device list) is written at most this often. */
export const SESSION_TOUCH_MS = 5 * 60 * 1000;

/** What the request's session says about its signed-in user beyond the public user shape. */
export type SessionAuth = { sessionId: string; twoFactorEnabled: boolean };

/** What a procedure may do with the caller's session cookie. */
export type SessionHandle = {
  /**
   * Starts a server-side session for the user (recording the browser and IP it came from);
   * the caller's guest id is returned so its cart can be merged. `within` runs in the
   * transaction that creates the session (a sign-in email is written with it).
   */
  signIn(userId: string, opts?: { within?: (trx: DB, device: { userAgent: string; ip: string }) => Promise<void> }): Promise<{ previousGuestId: string | null }>;
  /** Ends the session on the server (a copied cookie stops working) and clears the cookie. */
  signOut(): Promise<void>;
  guestId(): string | null;
  /** The anonymous id a visitor's cart hangs on; created (and the cookie set) on first use. */
  ensureGuestId(): Promise<string>;
};

/**
 * Opens the request's session and finds its user. A cookie that does not unseal, or whose
 * session expired or was ended elsewhere, makes the caller a visitor and is cleared.
 */
export async function openRequestSession(deps: Deps, req: Request, res: Response): Promise<{ user: SessionUser | null; auth: SessionAuth | null; session: SessionHandle }> {
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
  const now = deps.clock();
  const found = iron?.sid ? await findSessionUser(deps.db, iron.sid, now.toISOString()) : null;
  if (iron?.sid && !found) {
    // Expired, or ended by logout, a password change or the account page elsewhere: the caller
    // is a visitor now, and the dead cookie goes.
    iron.destroy();
  }
  if (iron?.sid && found && (!found.lastSeenAt || now.getTime() - Date.parse(found.lastSeenAt) >= SESSION_TOUCH_MS)) {
    await touchSession(deps.db, iron.sid, now.toISOString());
  }
  const device = { userAgent: (req.get('user-agent') ?? '').slice(0, 512), ip: req.ip ?? '' };
  const auth = iron?.sid && found ? { sessionId: iron.sid, twoFactorEnabled: found.twoFactorEnabled } : null;
  return { user: found?.user ?? null, auth, session: ironSessionHandle(deps, iron, fresh, device) };
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

function ironSessionHandle(
  deps: Deps,
  opened: IronSession<CookieData> | undefined,
  open: () => Promise<IronSession<CookieData>>,
  device: { userAgent: string; ip: string },
): SessionHandle {
  let current = opened;
  const iron = async () => (current ??= await open());
  return {
    async signIn(userId, opts = {}) {
      const session = await iron();
      const now = deps.clock();
      const sid = newId() + newId();
      const previous = session.sid;
      await transaction(deps.db, async (trx) => {
        if (previous) await deleteSession(trx, previous);
        await createSession(trx, {
          id: sid,
          userId,
          createdAt: now.toISOString(),
          expiresAt: new Date(now.getTime() + SESSION_TTL_SECONDS * 1000).toISOString(),
          ...device,
        });
        await opts.within?.(trx, device);
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

/** Whose cart and checkout a request acts on: a signed-in user, or a visitor by the anonymous id in their cookie. */
export type Shopper = { userId: string; guestId?: undefined } | { guestId: string; userId?: undefined };

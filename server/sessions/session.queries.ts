import type { DB } from '../db/database';
import { publicColumns, toUser } from '../db/user-row';
import type { User } from '../../shared/schemas/account';

/** The signed-in user as procedures see it: the contract's public user shape. */
export type SessionUser = User;

/** A live session's user, whether the account has two-factor sign-in on, and when the session was last seen. */
export async function findSessionUser(db: DB, sessionId: string, nowIso: string): Promise<{ user: User; twoFactorEnabled: boolean; lastSeenAt: string | null } | null> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([...publicColumns, 'users.totp_enabled_at', 'sessions.last_seen_at'])
    .where('sessions.id', '=', sessionId)
    .where('sessions.expires_at', '>', nowIso)
    .executeTakeFirst();
  return row ? { user: toUser(row), twoFactorEnabled: row.totp_enabled_at !== null, lastSeenAt: row.last_seen_at } : null;
}

export async function createSession(db: DB, s: { id: string; userId: string; createdAt: string; expiresAt: string; userAgent: string; ip: string }): Promise<void> {
  await db
    .insertInto('sessions')
    .values({ id: s.id, user_id: s.userId, created_at: s.createdAt, expires_at: s.expiresAt, user_agent: s.userAgent, ip: s.ip, last_seen_at: s.createdAt })
    .execute();
}

export async function touchSession(db: DB, sessionId: string, nowIso: string): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: nowIso }).where('id', '=', sessionId).execute();
}

export type SessionRow = { id: string; userAgent: string; ip: string; createdAt: string; lastSeenAt: string };

/** A user's live sessions, most recently seen first. */
export async function listSessionsOfUser(db: DB, userId: string, nowIso: string): Promise<SessionRow[]> {
  const rows = await db
    .selectFrom('sessions')
    .select(['id', 'user_agent', 'ip', 'created_at', 'last_seen_at'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', nowIso)
    .execute();
  return rows
    .map((r) => ({ id: r.id, userAgent: r.user_agent, ip: r.ip, createdAt: r.created_at, lastSeenAt: r.last_seen_at ?? r.created_at }))
    .sort((a, b) => (a.lastSeenAt < b.lastSeenAt ? 1 : a.lastSeenAt > b.lastSeenAt ? -1 : 0));
}

/** Ends every session of a user but `keep` (a password change keeps the device that made it). */
export async function deleteOtherSessions(db: DB, userId: string, keep: string): Promise<number> {
  const result = await db.deleteFrom('sessions').where('user_id', '=', userId).where('id', '<>', keep).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteSession(db: DB, sessionId: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

export async function deleteExpiredSessions(db: DB, nowIso: string): Promise<void> {
  await db.deleteFrom('sessions').where('expires_at', '<=', nowIso).execute();
}
/** Ends every session of a user (a password reset): each device must sign in again. */
export async function deleteSessionsOfUser(db: DB, userId: string): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

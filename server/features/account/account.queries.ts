import type { DB } from '../../db/database';
import { containsText } from '../../db/text-match';
import { publicColumns, toUser } from '../../db/user-row';
import type { Role } from '../../../shared/roles';
import type { User } from '../../../shared/schemas/account';

export async function findUserById(db: DB, id: string): Promise<User | null> {
  const row = await db.selectFrom('users').select(publicColumns).where('id', '=', id).executeTakeFirst();
  return row ? toUser(row) : null;
}

export async function findCredentialsByEmail(db: DB, email: string): Promise<{ id: string; passwordHash: string } | null> {
  const row = await db.selectFrom('users').select(['id', 'password_hash']).where('email', '=', email).where('deleted_at', 'is', null).executeTakeFirst();
  return row ? { id: row.id, passwordHash: row.password_hash } : null;
}

export async function findCredentialsById(db: DB, id: string): Promise<{ email: string; passwordHash: string } | null> {
  const row = await db.selectFrom('users').select(['email', 'password_hash']).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
  return row ? { email: row.email, passwordHash: row.password_hash } : null;
}

export async function insertUser(db: DB, u: { id: string; name: string; email: string; passwordHash: string; role: Role; profilePic: string; now: string }): Promise<void> {
  await db
    .insertInto('users')
    .values({ id: u.id, name: u.name, email: u.email, password_hash: u.passwordHash, role: u.role, profile_pic: u.profilePic, created_at: u.now, updated_at: u.now })
    .execute();
}

export async function emailExists(db: DB, email: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  return row !== undefined;
}

export async function countAdmins(db: DB): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('role', '=', 'ADMIN')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function setUserRole(db: DB, id: string, role: Role, now: string): Promise<void> {
  await db.updateTable('users').set({ role, updated_at: now }).where('id', '=', id).execute();
}

/** Users newest first (deleted accounts left out); `emailContains` filters by a case-insensitive substring of the email. */
export async function listUsers(db: DB, opts: { emailContains?: string; limit: number; after?: { createdAt: string; id: string } }): Promise<User[]> {
  let q = db.selectFrom('users').select(publicColumns).where('deleted_at', 'is', null);
  if (opts.emailContains) {
    q = q.where(containsText(db, 'email', opts.emailContains.toLowerCase()));
  }
  if (opts.after) {
    const { createdAt, id } = opts.after;
    q = q.where((eb) => eb.or([eb('created_at', '<', createdAt), eb.and([eb('created_at', '=', createdAt), eb('id', '<', id)])]));
  }
  const rows = await q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(opts.limit).execute();
  return rows.map(toUser);
}

export async function countRecentLoginFailures(db: DB, keys: string[], sinceIso: string): Promise<number> {
  const rows = await db
    .selectFrom('login_attempts')
    .select(['key', (eb) => eb.fn.countAll<number>().as('n')])
    .where('key', 'in', keys)
    .where('attempted_at', '>', sinceIso)
    .groupBy('key')
    .execute();
  return Math.max(0, ...rows.map((r) => Number(r.n)));
}

export async function recordLoginFailure(db: DB, keys: string[], nowIso: string): Promise<void> {
  await db
    .insertInto('login_attempts')
    .values(keys.map((key) => ({ key, attempted_at: nowIso })))
    .execute();
}

export async function clearLoginFailures(db: DB, key: string): Promise<void> {
  await db.deleteFrom('login_attempts').where('key', '=', key).execute();
}

export async function pruneLoginAttempts(db: DB, beforeIso: string): Promise<void> {
  await db.deleteFrom('login_attempts').where('attempted_at', '<=', beforeIso).execute();
}

/** The account behind an email, for password reset; null when there is none. */
export async function findUserByEmail(db: DB, email: string): Promise<{ id: string; name: string; email: string } | null> {
  const row = await db.selectFrom('users').select(['id', 'name', 'email']).where('email', '=', email).where('deleted_at', 'is', null).executeTakeFirst();
  return row ?? null;
}

export async function setPasswordHash(db: DB, userId: string, passwordHash: string, nowIso: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash, updated_at: nowIso }).where('id', '=', userId).execute();
}

export async function insertPasswordReset(db: DB, reset: { tokenHash: string; userId: string; createdAt: string; expiresAt: string }): Promise<void> {
  await db.insertInto('password_resets').values({ token_hash: reset.tokenHash, user_id: reset.userId, created_at: reset.createdAt, expires_at: reset.expiresAt }).execute();
}

export async function findPasswordReset(db: DB, tokenHash: string): Promise<{ userId: string; expiresAt: string; usedAt: string | null } | null> {
  const row = await db.selectFrom('password_resets').select(['user_id', 'expires_at', 'used_at']).where('token_hash', '=', tokenHash).executeTakeFirst();
  return row ? { userId: row.user_id, expiresAt: row.expires_at, usedAt: row.used_at } : null;
}

/** Uses up the link `tokenHash` (false when it was used meanwhile) and every other open link of the user. */
export async function useUpPasswordResets(db: DB, userId: string, tokenHash: string, nowIso: string): Promise<boolean> {
  const used = await db.updateTable('password_resets').set({ used_at: nowIso }).where('token_hash', '=', tokenHash).where('used_at', 'is', null).executeTakeFirst();
  if (Number(used.numUpdatedRows) !== 1) return false;
  await db.updateTable('password_resets').set({ used_at: nowIso }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
  return true;
}

/** Every admin's email (the new-admin notice goes to all of them). */
export async function listAdminEmails(db: DB): Promise<string[]> {
  const rows = await db.selectFrom('users').select('email').where('role', '=', 'ADMIN').orderBy('email').execute();
  return rows.map((r) => r.email);
}

export async function setProfile(db: DB, userId: string, profile: { name: string; profilePic?: string }, nowIso: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ name: profile.name, ...(profile.profilePic !== undefined ? { profile_pic: profile.profilePic } : {}), updated_at: nowIso })
    .where('id', '=', userId)
    .execute();
}

export async function insertEmailChange(db: DB, change: { tokenHash: string; userId: string; newEmail: string; createdAt: string; expiresAt: string }): Promise<void> {
  await db
    .insertInto('email_changes')
    .values({ token_hash: change.tokenHash, user_id: change.userId, new_email: change.newEmail, created_at: change.createdAt, expires_at: change.expiresAt })
    .execute();
}

export async function findEmailChange(db: DB, tokenHash: string): Promise<{ userId: string; newEmail: string; expiresAt: string; usedAt: string | null } | null> {
  const row = await db.selectFrom('email_changes').select(['user_id', 'new_email', 'expires_at', 'used_at']).where('token_hash', '=', tokenHash).executeTakeFirst();
  return row ? { userId: row.user_id, newEmail: row.new_email, expiresAt: row.expires_at, usedAt: row.used_at } : null;
}

/** Uses up every open email-change link of a user (the confirmed one among them). */
export async function useUpEmailChanges(db: DB, userId: string, nowIso: string): Promise<void> {
  await db.updateTable('email_changes').set({ used_at: nowIso }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
}

export async function setEmail(db: DB, userId: string, email: string, nowIso: string): Promise<void> {
  await db.updateTable('users').set({ email, updated_at: nowIso }).where('id', '=', userId).execute();
}

/**
 * A deleted account: the row stays (orders point at it) without anything personal in it; its
 * email is freed for a new sign-up, and nothing can sign in to it.
 */
export async function anonymiseUser(db: DB, userId: string, tombstone: { email: string; passwordHash: string }, nowIso: string): Promise<void> {
  await db
    .updateTable('users')
    .set({
      name: 'Deleted account',
      email: tombstone.email,
      password_hash: tombstone.passwordHash,
      role: 'GENERAL',
      profile_pic: '',
      totp_secret: null,
      totp_enabled_at: null,
      totp_last_step: null,
      deleted_at: nowIso,
      updated_at: nowIso,
    })
    .where('id', '=', userId)
    .execute();
}

/** Everything else of a deleted account's that names them: sessions, links, codes, cart, addresses, throttle rows and their mail. */
export async function deletePersonalRows(db: DB, userId: string, email: string): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
  await db.deleteFrom('password_resets').where('user_id', '=', userId).execute();
  await db.deleteFrom('email_changes').where('user_id', '=', userId).execute();
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await db.deleteFrom('cart_items').where('user_id', '=', userId).execute();
  await db.deleteFrom('addresses').where('user_id', '=', userId).execute();
  await db
    .deleteFrom('login_attempts')
    .where('key', 'in', [`email:${email}`, `reset:email:${email}`, `2fa:${userId}`, `email-change:${userId}`])
    .execute();
  await db.deleteFrom('mail_outbox').where('to_address', '=', email).execute();
}

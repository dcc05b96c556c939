import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import argon2 from 'argon2';
import { AppError } from '../../errors';
import { newId, nowIso } from '../../db/database';
import { transaction } from '../../db/transaction';
import type { Deps } from '../../deps';
import type { Role } from '../../../shared/roles';
import type { User } from '../../../shared/schemas/account';
import { decodeImageDataUrl, storeAvatar } from '../../images/image.service';
import * as q from './account.queries';
import * as sessions from '../../sessions/session.queries';
import { writeAudit } from '../../audit/audit';
import { brandOf, enqueueMail } from '../../mail/mail.service';
import { adminSignInMail, newAdminMail } from '../../mail/templates';
import { deviceLabel } from '../../lib/user-agent';
import type { DB } from '../../db/database';

// OWASP Password Storage Cheat Sheet: Argon2id, 19 MiB memory, 2 iterations, 1 lane.
const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Verified against when the email is unknown, so both failures cost the same time. */
let dummyHash: Promise<string> | undefined;

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const LOGIN_MAX_FAILURES = 10;
export const BAD_CREDENTIALS_MESSAGE = 'Invalid email or password';

/** Housekeeping: drops expired sessions and sign-in failures older than the throttling window. */
export async function pruneSignIns(deps: Pick<Deps, 'db' | 'clock'>): Promise<void> {
  const now = deps.clock();
  await sessions.deleteExpiredSessions(deps.db, now.toISOString());
  await q.pruneLoginAttempts(deps.db, new Date(now.getTime() - LOGIN_WINDOW_MS).toISOString());
}

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, ARGON2_OPTIONS);
}

/** A unique index refused the row: SQLite's code, or PostgreSQL's SQLSTATE 23505. */
export function isUniqueViolation(error: unknown): boolean {
  const code = error instanceof Error && 'code' in error ? (error as { code: unknown }).code : undefined;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}

/** Creates a GENERAL user. Throws EMAIL_TAKEN (409), IMAGE_* for a bad photo; writes nothing then. */
export async function signUp(deps: Deps, input: { name: string; email: string; password: string; profilePic: string }): Promise<User> {
  if (await q.emailExists(deps.db, input.email)) {
    throw new AppError('EMAIL_TAKEN', 'An account with this email already exists. Please log in.', { fieldErrors: { email: 'already registered' } });
  }
  // The photo is stored before the user row, so a bad photo leaves no user behind; a stored
  // photo with no user is harmless (content-hash name, reused by the next identical upload).
  const profilePic = input.profilePic ? await storeAvatar(deps.images, decodeImageDataUrl(input.profilePic)) : '';
  const id = newId();
  try {
    await q.insertUser(deps.db, {
      id,
      name: input.name,
      email: input.email,
      passwordHash: await hashPassword(input.password),
      role: 'GENERAL',
      profilePic,
      now: nowIso(deps.clock),
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('EMAIL_TAKEN', 'An account with this email already exists. Please log in.', { fieldErrors: { email: 'already registered' } });
    throw error;
  }
  const user = await q.findUserById(deps.db, id);
  if (!user) throw new Error('user vanished after insert');
  return user;
}

/**
 * Checks credentials with throttling: 10 failures for one email or one IP within 15 minutes
 * lock further attempts (TOO_MANY_ATTEMPTS) until the window passes. Unknown email and wrong
 * password answer the same message.
 */
export async function verifyCredentials(deps: Deps, input: { email: string; password: string; ip: string }): Promise<string> {
  const now = deps.clock();
  const keys = [`email:${input.email}`, `ip:${input.ip}`];
  const since = new Date(now.getTime() - LOGIN_WINDOW_MS).toISOString();
  if ((await q.countRecentLoginFailures(deps.db, keys, since)) >= LOGIN_MAX_FAILURES) {
    throw new AppError('TOO_MANY_ATTEMPTS', 'Too many failed login attempts. Please wait 15 minutes and try again.');
  }
  const creds = await q.findCredentialsByEmail(deps.db, input.email);
  dummyHash ??= hashPassword(crypto.randomBytes(16).toString('hex'));
  const ok = await argon2.verify(creds?.passwordHash ?? (await dummyHash), input.password);
  if (!creds || !ok) {
    await q.recordLoginFailure(deps.db, keys, now.toISOString());
    throw new AppError('NOT_SIGNED_IN', BAD_CREDENTIALS_MESSAGE);
  }
  await q.clearLoginFailures(deps.db, keys[0]!);
  return creds.id;
}

export const WRONG_PASSWORD_MESSAGE = 'Your current password is not right.';

/**
 * Checks a signed-in user's current password before a sensitive change (password, email,
 * two-factor, deletion), under the sign-in throttle: failures count against the account's
 * email and the IP as failed sign-ins do. Throws WRONG_PASSWORD (400, on `currentPassword`).
 */
export async function verifyPasswordOf(deps: Deps, userId: string, password: string, ip: string): Promise<void> {
  const creds = await q.findCredentialsById(deps.db, userId);
  if (!creds) throw new AppError('USER_NOT_FOUND', 'User not found');
  const now = deps.clock();
  const keys = [`email:${creds.email}`, `ip:${ip}`];
  const since = new Date(now.getTime() - LOGIN_WINDOW_MS).toISOString();
  if ((await q.countRecentLoginFailures(deps.db, keys, since)) >= LOGIN_MAX_FAILURES) {
    throw new AppError('TOO_MANY_ATTEMPTS', 'Too many failed attempts. Please wait 15 minutes and try again.');
  }
  if (!(await argon2.verify(creds.passwordHash, password))) {
    await q.recordLoginFailure(deps.db, keys, now.toISOString());
    throw new AppError('WRONG_PASSWORD', WRONG_PASSWORD_MESSAGE, { fieldErrors: { currentPassword: 'is not right' } });
  }
}

/**
 * Changes a user's role, refusing to demote the last admin (LAST_ADMIN). In the same
 * transaction: an audit entry naming who did it, and, when someone becomes ADMIN, an email to
 * every admin (the new one included).
 */
export async function changeRole(deps: Deps, userId: string, role: Role, actorId: string | null = null): Promise<User> {
  return transaction(deps.db, async (trx) => {
    const user = await q.findUserById(trx, userId);
    if (!user) throw new AppError('USER_NOT_FOUND', 'User not found');
    if (user.role === 'ADMIN' && role !== 'ADMIN' && (await q.countAdmins(trx)) <= 1) {
      throw new AppError('LAST_ADMIN', 'This is the last admin: make another user ADMIN first.');
    }
    if (user.role === role) return user;
    const now = nowIso(deps.clock);
    await q.setUserRole(trx, userId, role, now);
    await writeAudit(trx, { at: now, actorId, action: 'user.role', detail: { userId, email: user.email, from: user.role, to: role } });
    if (role === 'ADMIN') {
      const actor = actorId ? await q.findUserById(trx, actorId) : null;
      const brand = await brandOf(trx, deps);
      const mail = newAdminMail(brand, { name: user.name, email: user.email, by: actor ? `${actor.name} (${actor.email})` : 'the shop', at: now });
      for (const admin of await q.listAdminEmails(trx)) await enqueueMail(trx, deps, 'new-admin', admin, mail);
    }
    return { ...user, role };
  });
}

/**
 * Every admin's email address, for the shop's notices to its admins (the new-admin notice, the
 * daily low-stock mail). A changed address counts only once its link was opened; a deleted
 * account is never an admin (it is made GENERAL).
 */
export function adminEmails(db: DB): Promise<string[]> {
  return q.listAdminEmails(db);
}

/** Written in the sign-in's transaction: an admin hears of every sign-in to their account. */
export async function noteAdminSignIn(trx: DB, deps: Deps, user: User, device: { userAgent: string; ip: string }): Promise<void> {
  const mail = adminSignInMail(await brandOf(trx, deps), { name: user.name, device: deviceLabel(device.userAgent), ip: device.ip, at: nowIso(deps.clock) });
  await enqueueMail(trx, deps, 'admin-sign-in', user.email, mail);
}

export type AdminBootstrap =
  /** `credentialsFile`: the file a generated password was saved in, while it exists. */
  | { kind: 'existing'; email: string; credentialsFile: string | null }
  | { kind: 'created-from-env'; email: string }
  | { kind: 'generated'; email: string; password: string; credentialsFile: string };

/**
 * Makes sure an admin can log in after start: ADMIN_EMAIL's account exists with role ADMIN
 * (its password is set only when it is created), or, with no admin at all and no ADMIN_EMAIL,
 * admin@localhost with a random password written to DATA_DIR/admin-credentials.txt (0600).
 */
export async function ensureAdmin(deps: Deps): Promise<AdminBootstrap> {
  const { env, db } = deps;
  const now = nowIso(deps.clock);
  if (env.ADMIN_EMAIL) {
    const email = env.ADMIN_EMAIL.trim().toLowerCase();
    const existing = await q.findCredentialsByEmail(db, email);
    if (existing) {
      await q.setUserRole(db, existing.id, 'ADMIN', now);
      return { kind: 'existing', email, credentialsFile: savedCredentials(env.DATA_DIR) };
    }
    const password = env.ADMIN_PASSWORD ?? crypto.randomBytes(12).toString('base64url');
    await q.insertUser(db, { id: newId(), name: 'Admin', email, passwordHash: await hashPassword(password), role: 'ADMIN', profilePic: '', now });
    if (env.ADMIN_PASSWORD) return { kind: 'created-from-env', email };
    return { kind: 'generated', email, password, credentialsFile: writeCredentials(env.DATA_DIR, email, password) };
  }
  if ((await q.countAdmins(db)) > 0) return { kind: 'existing', email: 'an existing admin account', credentialsFile: savedCredentials(env.DATA_DIR) };
  const email = 'admin@localhost';
  const password = crypto.randomBytes(12).toString('base64url');
  const existing = await q.findCredentialsByEmail(db, email);
  if (existing) {
    // Someone registered admin@localhost as a shopper: promote it rather than fail to start.
    await q.setUserRole(db, existing.id, 'ADMIN', now);
    return { kind: 'existing', email, credentialsFile: savedCredentials(env.DATA_DIR) };
  }
  await q.insertUser(db, { id: newId(), name: 'Admin', email, passwordHash: await hashPassword(password), role: 'ADMIN', profilePic: '', now });
  return { kind: 'generated', email, password, credentialsFile: writeCredentials(env.DATA_DIR, email, password) };
}

function credentialsPath(dataDir: string): string {
  return path.join(dataDir, 'admin-credentials.txt');
}

/** The credentials file a first start wrote, while the owner has not deleted it. */
function savedCredentials(dataDir: string): string | null {
  const file = credentialsPath(dataDir);
  return fs.existsSync(file) ? file : null;
}

function writeCredentials(dataDir: string, email: string, password: string): string {
  const file = credentialsPath(dataDir);
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, `email: ${email}\npassword: ${password}\n`, { mode: 0o600 });
  fs.chmodSync(file, 0o600);
  return file;
}

import crypto from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { AppError } from '../../errors';
import { nowIso, type DB } from '../../db/database';
import { transaction } from '../../db/transaction';
import type { Deps } from '../../deps';
import { writeAudit } from '../../audit/audit';
import { brandOf } from '../../mail/mail.service';
import type { TwoFactorEnrolment, TwoFactorStatus } from '../../../shared/schemas/account';
import { requiresAdminTwoFactor } from '../../settings/shop-settings';
import { LOGIN_WINDOW_MS, verifyPasswordOf } from './account.service';
import * as q from './two-factor.queries';
import { countRecentLoginFailures, recordLoginFailure, clearLoginFailures } from './account.queries';

// Two-factor sign-in (TOTP, RFC 6238) with otplib: a base32 secret the authenticator app reads
// from a QR code the shop draws (qrcode, as SVG: no third-party service sees the secret), six
// digits per 30-second step, accepted one step either side for clocks that drift, each step
// once. Ten recovery codes stand in for a lost phone, each once. Five wrong codes in 15 minutes
// lock further tries for that account.

/** Seconds either side of now a code is accepted in: one 30-second step. */
export const TOTP_TOLERANCE_SECONDS = 30;
export const TWO_FACTOR_MAX_FAILURES = 5;
export const RECOVERY_CODE_COUNT = 10;
/** Recovery code characters: no 0/o, 1/l/i look-alikes. */
const RECOVERY_ALPHABET = '23456789abcdefghjkmnpqrstuvwxyz';

export const CODE_REFUSED_MESSAGE = 'That code is not right. Enter the 6-digit code your authenticator app shows now, or one of your recovery codes.';

const throttleKey = (userId: string) => `2fa:${userId}`;

export async function twoFactorStatus(deps: Deps, user: { _id: string; role: string }): Promise<TwoFactorStatus> {
  const state = await q.readTwoFactor(deps.db, user._id);
  return {
    enabled: state.enabledAt !== null,
    required: user.role === 'ADMIN' && (await requiresAdminTwoFactor(deps)),
    recoveryCodesLeft: state.enabledAt !== null ? await q.countUnusedRecoveryCodes(deps.db, user._id) : 0,
  };
}

/** Enrolment's first step: a new secret, kept until confirmed with a code (a second call replaces it). */
export async function beginEnrolment(deps: Deps, user: { _id: string; email: string }): Promise<TwoFactorEnrolment> {
  const state = await q.readTwoFactor(deps.db, user._id);
  if (state.enabledAt !== null) throw new AppError('CONFLICT', 'Two-factor sign-in is already on for this account.');
  const secret = generateSecret();
  await q.setPendingSecret(deps.db, user._id, secret, nowIso(deps.clock));
  const { shopName } = await brandOf(deps.db, deps);
  const otpauthUrl = generateURI({ issuer: shopName, label: user.email, secret });
  const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, otpauthUrl, qrSvg };
}

/** Enrolment's second step: a code from the app proves it holds the secret; the recovery codes are returned, once. */
export async function confirmEnrolment(deps: Deps, userId: string, code: string): Promise<{ recoveryCodes: string[] }> {
  const state = await q.readTwoFactor(deps.db, userId);
  if (state.enabledAt !== null) throw new AppError('CONFLICT', 'Two-factor sign-in is already on for this account.');
  if (!state.secret) throw new AppError('BAD_INPUT', 'Start again: scan the QR code first.');
  await refuseWhileLocked(deps, userId);
  const step = await totpStep(deps, state.secret, code, null);
  if (step === null) return refuseCode(deps, userId);
  const now = nowIso(deps.clock);
  const codes = newRecoveryCodes();
  await transaction(deps.db, async (trx) => {
    if (!(await q.enable(trx, userId, state.secret!, step, now))) throw new AppError('CONFLICT', 'Two-factor sign-in was changed meanwhile. Reload the page.');
    await q.replaceRecoveryCodes(
      trx,
      userId,
      codes.map((c) => recoveryHash(userId, c)),
      now,
    );
    await writeAudit(trx, { at: now, actorId: userId, action: 'user.two-factor', detail: { userId, enabled: true } });
  });
  await clearLoginFailures(deps.db, throttleKey(userId));
  return { recoveryCodes: codes.map(formatRecoveryCode) };
}

/** Turns two-factor sign-in off: needs the password and a code. Refused for an admin while the owner requires it. */
export async function disableTwoFactor(
  deps: Deps,
  user: { _id: string; email: string; role: string },
  input: { currentPassword: string; code: string; ip: string },
): Promise<TwoFactorStatus> {
  if (user.role === 'ADMIN' && (await requiresAdminTwoFactor(deps))) {
    throw new AppError('FORBIDDEN', 'This shop requires two-factor sign-in for admins: it cannot be turned off for an admin account.');
  }
  await verifyPasswordOf(deps, user._id, input.currentPassword, input.ip);
  await checkSecondFactor(deps, user._id, input.code);
  const now = nowIso(deps.clock);
  await transaction(deps.db, async (trx) => {
    await q.disable(trx, user._id, now);
    await writeAudit(trx, { at: now, actorId: user._id, action: 'user.two-factor', detail: { userId: user._id, enabled: false } });
  });
  return twoFactorStatus(deps, user);
}

/** Ten new recovery codes (the old ones stop working); needs a current code. */
export async function regenerateRecoveryCodes(deps: Deps, userId: string, code: string): Promise<{ recoveryCodes: string[] }> {
  const state = await q.readTwoFactor(deps.db, userId);
  if (state.enabledAt === null) throw new AppError('BAD_INPUT', 'Two-factor sign-in is off for this account.');
  await checkSecondFactor(deps, userId, code);
  const codes = newRecoveryCodes();
  await transaction(deps.db, (trx) =>
    q.replaceRecoveryCodes(
      trx,
      userId,
      codes.map((c) => recoveryHash(userId, c)),
      nowIso(deps.clock),
    ),
  );
  return { recoveryCodes: codes.map(formatRecoveryCode) };
}

/** Whether the account needs a second factor at sign-in. */
export async function hasTwoFactor(db: DB, userId: string): Promise<boolean> {
  return (await q.readTwoFactor(db, userId)).enabledAt !== null;
}

/**
 * Checks a sign-in's second factor: a TOTP code (each 30-second step once) or an unused
 * recovery code (used up). Throws TWO_FACTOR_INVALID, or TOO_MANY_ATTEMPTS after five wrong
 * codes in 15 minutes.
 */
export async function checkSecondFactor(deps: Deps, userId: string, rawCode: string): Promise<void> {
  await refuseWhileLocked(deps, userId);
  const state = await q.readTwoFactor(deps.db, userId);
  if (state.enabledAt === null || !state.secret) return;
  const code = rawCode.replace(/[\s-]/g, '').toLowerCase();
  if (/^\d{6}$/.test(code)) {
    const step = await totpStep(deps, state.secret, code, state.lastStep);
    if (step !== null && (await q.useStep(deps.db, userId, step))) {
      await clearLoginFailures(deps.db, throttleKey(userId));
      return;
    }
  } else if (code.length === 10 && (await q.useRecoveryCode(deps.db, userId, recoveryHash(userId, code), nowIso(deps.clock)))) {
    await clearLoginFailures(deps.db, throttleKey(userId));
    deps.log.info({ userId }, 'signed in with a recovery code');
    return;
  }
  await refuseCode(deps, userId);
}

async function refuseWhileLocked(deps: Deps, userId: string): Promise<void> {
  const since = new Date(deps.clock().getTime() - LOGIN_WINDOW_MS).toISOString();
  if ((await countRecentLoginFailures(deps.db, [throttleKey(userId)], since)) >= TWO_FACTOR_MAX_FAILURES) {
    throw new AppError('TOO_MANY_ATTEMPTS', 'Too many wrong codes. Please wait 15 minutes and try again.');
  }
}

async function refuseCode(deps: Deps, userId: string): Promise<never> {
  await recordLoginFailure(deps.db, [throttleKey(userId)], nowIso(deps.clock));
  throw new AppError('TWO_FACTOR_INVALID', CODE_REFUSED_MESSAGE, { fieldErrors: { code: 'is not right' } });
}

/** The 30-second step `code` belongs to (within one step of now, and after `afterStep`), or null. */
async function totpStep(deps: Pick<Deps, 'clock'>, secret: string, code: string, afterStep: number | null): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(deps.clock().getTime() / 1000),
    epochTolerance: TOTP_TOLERANCE_SECONDS,
    ...(afterStep !== null ? { afterTimeStep: afterStep } : {}),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => Array.from({ length: 10 }, () => RECOVERY_ALPHABET[crypto.randomInt(RECOVERY_ALPHABET.length)]).join(''));
}

const formatRecoveryCode = (code: string) => `${code.slice(0, 5)}-${code.slice(5)}`;

function recoveryHash(userId: string, code: string): string {
  return crypto.createHash('sha256').update(`${userId}:${code}`).digest('hex');
}

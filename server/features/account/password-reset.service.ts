import { setTimeout as sleep } from 'node:timers/promises';
import { AppError } from '../../errors';
import { transaction } from '../../db/transaction';
import type { Deps } from '../../deps';
import { brandOf, enqueueMail, hashToken, newToken } from '../../mail/mail.service';
import { passwordResetMail } from '../../mail/templates';
import { hashPassword, LOGIN_WINDOW_MS } from './account.service';
import * as q from './account.queries';
import * as sessions from '../../sessions/session.queries';
import type { ResetLinkStatus } from '../../../shared/schemas/account';

/** How long a reset link works. */
export const RESET_LINK_MINUTES = 30;
/** Reset requests per email, and per IP, in LOGIN_WINDOW_MS. */
export const RESET_MAX_PER_EMAIL = 5;
export const RESET_MAX_PER_IP = 20;
/**
 * Every request answers after at least this long, so an address with an account and one
 * without take the same time (the mail itself goes out later, from the outbox).
 */
export const RESET_ANSWER_FLOOR_MS = 400;

export const RESET_REQUESTED_MESSAGE = 'If an account exists for that email, we sent it a link to choose a new password. It works for 30 minutes.';
const LINK_INVALID = 'This reset link has expired or was already used. Ask for a new one.';

/**
 * "Forgot password": the same answer, in the same time, whether or not the email has an
 * account. With one, a single-use token (kept only as its SHA-256) and the email carrying it
 * are written in one transaction. Throttled per email and per IP (TOO_MANY_ATTEMPTS, which
 * likewise says nothing of the account).
 */
export async function requestPasswordReset(deps: Deps, input: { email: string; ip: string }): Promise<{ message: string }> {
  const started = Date.now();
  try {
    const now = deps.clock();
    const since = new Date(now.getTime() - LOGIN_WINDOW_MS).toISOString();
    const emailKey = `reset:email:${input.email}`;
    const ipKey = `reset:ip:${input.ip}`;
    if ((await q.countRecentLoginFailures(deps.db, [emailKey], since)) >= RESET_MAX_PER_EMAIL || (await q.countRecentLoginFailures(deps.db, [ipKey], since)) >= RESET_MAX_PER_IP) {
      throw new AppError('TOO_MANY_ATTEMPTS', 'Too many reset requests. Please wait 15 minutes and try again.');
    }
    await q.recordLoginFailure(deps.db, [emailKey, ipKey], now.toISOString());
    const { token, hash } = newToken();
    const user = await q.findUserByEmail(deps.db, input.email);
    if (user) {
      const link = `${deps.env.PUBLIC_URL}/reset-password?token=${encodeURIComponent(token)}`;
      await transaction(deps.db, async (trx) => {
        await q.insertPasswordReset(trx, {
          tokenHash: hash,
          userId: user.id,
          createdAt: now.toISOString(),
          expiresAt: new Date(now.getTime() + RESET_LINK_MINUTES * 60_000).toISOString(),
        });
        const mail = passwordResetMail(await brandOf(trx, deps), { name: user.name, link, minutes: RESET_LINK_MINUTES });
        await enqueueMail(trx, deps, 'password-reset', user.email, mail);
      });
    }
    return { message: RESET_REQUESTED_MESSAGE };
  } finally {
    const left = RESET_ANSWER_FLOOR_MS - (Date.now() - started);
    if (left > 0) await sleep(left);
  }
}

/**
 * Whether a reset link can still be used: the reset page asks as it opens, so a used or expired
 * link says so at once instead of after the shopper has typed a new password. The token is a
 * secret of 32 random bytes, so the answer tells nothing a guesser could use.
 */
export async function resetLinkStatus(deps: Pick<Deps, 'db' | 'clock'>, token: string): Promise<ResetLinkStatus> {
  const reset = await q.findPasswordReset(deps.db, hashToken(token));
  const usable = reset !== null && reset.usedAt === null && reset.expiresAt > deps.clock().toISOString();
  return usable ? { usable: true } : { usable: false, message: LINK_INVALID };
}

/**
 * Sets a new password from a reset link: the token must be unused and unexpired; it is used up
 * with every other outstanding link of that user, and every session of the user ends (the
 * caller then signs them in afresh). Returns the user's id. Throws BAD_INPUT for a bad link.
 */
export async function resetPassword(deps: Deps, input: { token: string; password: string }): Promise<string> {
  const now = deps.clock().toISOString();
  const tokenHash = hashToken(input.token);
  const passwordHash = await hashPassword(input.password);
  const userId = await transaction(deps.db, async (trx) => {
    const reset = await q.findPasswordReset(trx, tokenHash);
    if (!reset || reset.usedAt !== null || reset.expiresAt <= now) throw new AppError('BAD_INPUT', LINK_INVALID);
    if (!(await q.useUpPasswordResets(trx, reset.userId, tokenHash, now))) throw new AppError('BAD_INPUT', LINK_INVALID);
    await q.setPasswordHash(trx, reset.userId, passwordHash, now);
    await sessions.deleteSessionsOfUser(trx, reset.userId);
    return reset.userId;
  });
  deps.log.info({ userId }, 'password reset from an emailed link; every session ended');
  return userId;
}

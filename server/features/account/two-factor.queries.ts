import type { DB } from '../../db/database';

export type TwoFactorState = { secret: string | null; enabledAt: string | null; lastStep: number | null };

export async function readTwoFactor(db: DB, userId: string): Promise<TwoFactorState> {
  const row = await db.selectFrom('users').select(['totp_secret', 'totp_enabled_at', 'totp_last_step']).where('id', '=', userId).executeTakeFirst();
  return { secret: row?.totp_secret ?? null, enabledAt: row?.totp_enabled_at ?? null, lastStep: row?.totp_last_step ?? null };
}

/** Enrolment's secret, not yet in force (only while two-factor sign-in is off). */
export async function setPendingSecret(db: DB, userId: string, secret: string, nowIso: string): Promise<void> {
  await db.updateTable('users').set({ totp_secret: secret, totp_last_step: null, updated_at: nowIso }).where('id', '=', userId).where('totp_enabled_at', 'is', null).execute();
}

/** Puts the pending secret in force; false when it changed meanwhile (another tab began again). */
export async function enable(db: DB, userId: string, secret: string, step: number, nowIso: string): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ totp_enabled_at: nowIso, totp_last_step: step, updated_at: nowIso })
    .where('id', '=', userId)
    .where('totp_secret', '=', secret)
    .where('totp_enabled_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function disable(db: DB, userId: string, nowIso: string): Promise<void> {
  await db.updateTable('users').set({ totp_secret: null, totp_enabled_at: null, totp_last_step: null, updated_at: nowIso }).where('id', '=', userId).execute();
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
}

/** Records `step` as used; false when it, or a later one, already was (a code works once). */
export async function useStep(db: DB, userId: string, step: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ totp_last_step: step })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function replaceRecoveryCodes(db: DB, userId: string, hashes: string[], nowIso: string): Promise<void> {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('recovery_codes')
    .values(hashes.map((code_hash) => ({ user_id: userId, code_hash, created_at: nowIso })))
    .execute();
}

/** Uses up a recovery code; false when it is not one of the user's unused ones. */
export async function useRecoveryCode(db: DB, userId: string, hash: string, nowIso: string): Promise<boolean> {
  const result = await db
    .updateTable('recovery_codes')
    .set({ used_at: nowIso })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function countUnusedRecoveryCodes(db: DB, userId: string): Promise<number> {
  const row = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

import type { DB } from './database';

/**
 * The last shop day each daily job ran (table job_runs, migration 2026-12-08-03-stock-alerts),
 * so a daily job runs at most once a day whichever app process gets to it, and one that was down
 * at its hour runs when it comes back that day.
 */

/** The day (YYYY-MM-DD, the shop's) the job `name` last ran; null when it never has. */
export async function lastJobDay(db: DB, name: string): Promise<string | null> {
  const row = await db.selectFrom('job_runs').select('last_day').where('name', '=', name).executeTakeFirst();
  return row?.last_day ?? null;
}

/**
 * Records that the job `name` runs for `day`, unless it already ran for that day (or a later
 * one): true when this caller got the day. One conditional upsert, so of two transactions
 * claiming the same day only one gets it (on PostgreSQL the other waits for the row and, under
 * SERIALIZABLE, is retried and then finds the day taken). Call it in the transaction of the
 * job's work: a run that fails gives the day back with its rollback.
 */
export async function claimJobDay(db: DB, name: string, day: string, at: string): Promise<boolean> {
  const row = await db
    .insertInto('job_runs')
    .values({ name, last_day: day, ran_at: at })
    .onConflict((oc) => oc.column('name').doUpdateSet({ last_day: day, ran_at: at }).where('job_runs.last_day', '<', day))
    .returning('name')
    .executeTakeFirst();
  return row !== undefined;
}

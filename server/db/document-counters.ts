import { sql } from 'kysely';
import type { DB } from './database';

/**
 * Takes the next number of a series ('invoice:2026-27', 'order:2026'): 1, 2, 3, … never reused,
 * safe across processes. The upsert locks the series' row until the caller's transaction ends, so
 * a second taker waits and then counts on from what the first committed; a transaction that rolls
 * back (a refused checkout, a PostgreSQL retry) takes its number back with it, so none is skipped.
 * Call it late in the transaction: the row stays locked until the commit.
 */
export async function nextInSeries(db: DB, series: string): Promise<number> {
  const row = await db
    .insertInto('document_counters')
    .values({ series, last: 1 })
    .onConflict((oc) => oc.column('series').doUpdateSet({ last: sql`document_counters.last + 1` }))
    .returning('last')
    .executeTakeFirstOrThrow();
  return Number(row.last);
}

import { sql } from 'kysely';
import { dialectOf, type DB } from './database';
import { INVALIDATION_CHANNEL } from './change-feed';

/**
 * Marks shared replies stale in the same transaction as the change that stales them: the
 * SQLite log the change feed reads, or a NOTIFY that PostgreSQL delivers at commit.
 */
export async function markStale(db: DB, tags: readonly string[]): Promise<void> {
  if (tags.length === 0) return;
  if (dialectOf(db) === 'sqlite') {
    await db
      .insertInto('cache_invalidations')
      .values(tags.map((tag) => ({ tag })))
      .execute();
    return;
  }
  await sql`select pg_notify(${INVALIDATION_CHANNEL}, ${tags.join('\n')})`.execute(db);
}

import type { Transaction } from 'kysely';
import type { DB } from './database';
import { dialectOf } from './database';
import type { Database } from './schema';

/** PostgreSQL's "try again" errors: serialization_failure and deadlock_detected. */
const RETRYABLE = new Set(['40001', '40P01']);
const MAX_ATTEMPTS = 12;

/**
 * Runs `work` in one transaction that behaves as if it ran alone, on both databases.
 *
 * SQLite runs one transaction at a time (Kysely keeps one connection), so every transaction is
 * serial there. PostgreSQL runs them concurrently; at its default READ COMMITTED a
 * read-then-write (a cart line's quantity, an order's status checked before it moves) could
 * interleave with another process's. So on PostgreSQL every transaction is SERIALIZABLE, and
 * one that PostgreSQL aborts as a serialization failure or a deadlock runs again (after a short
 * random pause) from the start. `work` must therefore touch nothing but the database: no
 * network call, no message sent, nothing that cannot run twice (the house rule already).
 */
export async function transaction<T>(db: DB, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  if (dialectOf(db) === 'sqlite') return db.transaction().execute(work);
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().setIsolationLevel('serializable').execute(work);
    } catch (error) {
      if (attempt >= MAX_ATTEMPTS || !RETRYABLE.has(pgCode(error))) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(200, 5 * 2 ** attempt)));
    }
  }
}

function pgCode(error: unknown): string {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' ? error.code : '';
}

import { sql, type Transaction } from 'kysely';
import type { DB } from './database';
import { dialectOf } from './database';
import type { Database } from './schema';

/** PostgreSQL's "try again" errors: serialization_failure and deadlock_detected. */
const RETRYABLE = new Set(['40001', '40P01']);
const MAX_ATTEMPTS = 12;

export type TransactionOptions = {
  /**
   * What the transaction is about (`user:<id>`, `order:<id>`): on PostgreSQL it then runs at
   * READ COMMITTED after taking a transaction-scoped lock on each, so transactions about the
   * same thing run one after the other, as on SQLite, while those about different things never
   * wait for or abort each other. For hot paths whose every read-then-write is about those
   * things and whose other writes are conditional UPDATEs (a stock reservation).
   */
  locks?: readonly string[];
};

/**
 * Runs `work` in one transaction that behaves as if it ran alone, on both databases.
 *
 * SQLite runs one transaction at a time (Kysely keeps one connection), so every transaction is
 * serial there. PostgreSQL runs them concurrently. By default a transaction there is
 * SERIALIZABLE: PostgreSQL aborts one that could see a result no serial order gives, and it
 * runs again from the start (after a short random pause), so every read-then-write written for
 * SQLite stays correct without a second look. SERIALIZABLE tracks reads by index page, though,
 * so in a small table two checkouts by different shoppers abort each other; the few hot
 * transactions name their `locks` instead (see TransactionOptions). Either way `work` must touch
 * nothing but the database: no network call, no message sent, nothing that cannot run twice.
 */
export async function transaction<T>(db: DB, work: (trx: Transaction<Database>) => Promise<T>, opts: TransactionOptions = {}): Promise<T> {
  // Called inside a transaction (a catalogue import writes many products through the services
  // that each open one): the work joins it, so the whole import commits or rolls back as one.
  if (db.isTransaction) {
    const trx = db as Transaction<Database>;
    // What it is about is locked in the enclosing transaction too (until that one ends).
    if (dialectOf(db) === 'postgres') for (const key of [...new Set(opts.locks ?? [])].sort()) await sql`select pg_advisory_xact_lock(hashtext(${`voltmart:${key}`}))`.execute(trx);
    return work(trx);
  }
  if (dialectOf(db) === 'sqlite') return db.transaction().execute(work);
  const locks = [...new Set(opts.locks ?? [])].sort();
  for (let attempt = 1; ; attempt++) {
    try {
      if (locks.length === 0) return await db.transaction().setIsolationLevel('serializable').execute(work);
      return await db
        .transaction()
        .setIsolationLevel('read committed')
        .execute(async (trx) => {
          // In one order everywhere, so two lockers never wait for each other in a circle.
          for (const key of locks) await sql`select pg_advisory_xact_lock(hashtext(${`voltmart:${key}`}))`.execute(trx);
          return work(trx);
        });
    } catch (error) {
      if (attempt >= MAX_ATTEMPTS || !RETRYABLE.has(pgCode(error))) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(200, 5 * 2 ** attempt)));
    }
  }
}

function pgCode(error: unknown): string {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' ? error.code : '';
}

import type { Transaction } from 'kysely';
import type { DB } from '../db/database';
import type { Database } from '../db/schema';
import { transaction } from '../db/transaction';

/**
 * Opens a transaction, runs `work` in it, and keeps it open until `release()`: resolves once
 * `work` is done, so the test can look from outside while the transaction is still open.
 * `ended` settles when it has committed.
 */
export async function holdTransaction(db: DB, work: (trx: Transaction<Database>) => Promise<unknown>): Promise<{ release: () => void; ended: Promise<void> }> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let inside!: () => void;
  const opened = new Promise<void>((resolve) => (inside = resolve));
  const ended = transaction(db, async (trx) => {
    await work(trx);
    inside();
    await gate;
  });
  await Promise.race([opened, ended]);
  return { release, ended };
}

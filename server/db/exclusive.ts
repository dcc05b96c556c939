import { sql } from 'kysely';
import type { DB } from './database';
import { dialectOf } from './database';

/**
 * Runs `work` unless another process sharing the database is already running the job `name`;
 * resolves `{ ran: false }` without waiting when it is. For background jobs (the pending-order
 * sweep, housekeeping) that several app processes all schedule, but that should run once at a
 * time across them.
 *
 * On PostgreSQL this is a session-level advisory lock held on one pooled connection while the
 * work runs (on other connections), and released after, or by the server if the process dies.
 * A SQLite shop is one app process, whose own callers already keep a job from overlapping, so
 * the work simply runs.
 */
export async function runExclusively<T>(db: DB, name: string, work: () => Promise<T>): Promise<{ ran: true; result: T } | { ran: false }> {
  if (dialectOf(db) === 'sqlite') return { ran: true, result: await work() };
  const key = `voltmart:${name}`;
  return db.connection().execute(async (connection) => {
    const taken = await sql<{ taken: boolean }>`select pg_try_advisory_lock(hashtext(${key})) as taken`.execute(connection);
    if (!taken.rows[0]?.taken) return { ran: false };
    try {
      return { ran: true, result: await work() };
    } finally {
      await sql`select pg_advisory_unlock(hashtext(${key}))`.execute(connection);
    }
  });
}

/**
 * Runs `work` every `intervalMs` until the returned function is called: never two rounds at once
 * in this process, and one at a time across processes (runExclusively). A round that throws is
 * handed to `onError` and the next round runs as usual; the timer never keeps the process alive.
 */
export function startExclusiveJob<T>(
  db: DB,
  name: string,
  intervalMs: number,
  work: () => Promise<T>,
  handlers: { onResult?: (result: T) => void; onError: (error: unknown) => void },
): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    runExclusively(db, name, work)
      .then((run) => {
        if (run.ran) handlers.onResult?.(run.result);
      })
      .catch(handlers.onError)
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

import type { DB } from './database';
import { sqliteHandle } from './database';

/**
 * What committed changes made stale, as tags (`product:<id>`, `category:<name>`, `search`, ...),
 * read forward from the log that database triggers append to in the same transaction as the
 * change (see the cache-invalidations migration). Every process sharing the database reads the
 * same log, so a change made by another process (`npm run seed`, a second app process) is seen
 * at its next poll, and no write path can forget to invalidate.
 */
export interface ChangeFeed {
  /**
   * Tags made stale since the last poll. `lost` when the log was pruned past this reader (it
   * sat idle longer than the log is kept): anything may be stale.
   */
  poll(): { tags: string[]; lost: boolean };
  close(): void;
}

/** How long the log keeps a change; a reader that polls less often than this sees `lost`. */
const KEEP_MS = 60 * 60 * 1000;
const PRUNE_EVERY_MS = 5 * 60 * 1000;

/**
 * The SQLite feed: a synchronous indexed read of the rows after the last one seen. SQLite has
 * one writer at a time, so sequence numbers commit in order and a reader never skips a row.
 */
export function sqliteChangeFeed(db: DB): ChangeFeed {
  const sqlite = sqliteHandle(db);
  const after = sqlite.prepare<[number], { seq: number; tag: string }>('select seq, tag from cache_invalidations where seq > ? order by seq');
  let last = (sqlite.prepare('select coalesce(max(seq), 0) from cache_invalidations').pluck().get() as number) ?? 0;
  // The newest row always stays, so a reader that fell behind a prune sees the gap.
  const prune = sqlite.prepare('delete from cache_invalidations where created_at < ? and seq < (select max(seq) from cache_invalidations)');
  const pruning = setInterval(() => {
    try {
      prune.run(new Date(Date.now() - KEEP_MS).toISOString());
    } catch {
      // Busy with another process's write: the next round prunes.
    }
  }, PRUNE_EVERY_MS);
  pruning.unref();
  return {
    poll() {
      const rows = after.all(last);
      if (rows.length === 0) return { tags: [], lost: false };
      const lost = rows[0]!.seq !== last + 1;
      last = rows[rows.length - 1]!.seq;
      return { tags: rows.map((r) => r.tag), lost };
    },
    close: () => clearInterval(pruning),
  };
}

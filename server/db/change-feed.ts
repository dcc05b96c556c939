import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Logger } from 'pino';
import type { DB } from './database';
import { postgresClientConfig, sqliteHandles } from './database';
import type { DatabaseTarget } from './target';

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
  /**
   * Resolves once every change committed before the call can be seen by `poll` (a process's
   * reads after its own write). Absent when `poll` always reads the log itself (SQLite).
   */
  catchUp?(): Promise<void>;
  close(): Promise<void>;
}

/** The feed for the database the shop runs on. */
export async function openChangeFeed(db: DB, target: DatabaseTarget, log: Logger): Promise<ChangeFeed> {
  return target.dialect === 'sqlite' ? sqliteChangeFeed(db) : postgresChangeFeed(target.url, log);
}

/** How long the log keeps a change; a reader that polls less often than this sees `lost`. */
const KEEP_MS = 60 * 60 * 1000;
const PRUNE_EVERY_MS = 5 * 60 * 1000;

/**
 * The SQLite feed: a synchronous indexed read of the rows after the last one seen. SQLite has
 * one writer at a time, so sequence numbers commit in order and a reader never skips a row.
 */
export function sqliteChangeFeed(db: DB): ChangeFeed {
  // Read on the reader: only committed rows (the writer would also see an open transaction's).
  const { writer, reader } = sqliteHandles(db);
  const after = reader.prepare<[number], { seq: number; tag: string }>('select seq, tag from cache_invalidations where seq > ? order by seq');
  let last = (reader.prepare('select coalesce(max(seq), 0) from cache_invalidations').pluck().get() as number) ?? 0;
  // The newest row always stays, so a reader that fell behind a prune sees the gap.
  const prune = writer.prepare('delete from cache_invalidations where created_at < ? and seq < (select max(seq) from cache_invalidations)');
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
    close: () => {
      clearInterval(pruning);
      return Promise.resolve();
    },
  };
}

/** The channel the PostgreSQL triggers notify (see postgres/2026-11-25-01-cache-invalidations). */
export const INVALIDATION_CHANNEL = 'voltmart_invalidations';
const RECONNECT_MS = 1000;
/** A catch-up marker this feed sends itself; never a tag. */
const MARKER_PREFIX = 'catch-up:';
/** How long `catchUp` waits for its marker before treating the feed as lost (nothing kept). */
const CATCH_UP_TIMEOUT_MS = 2000;

/**
 * The PostgreSQL feed: one connection of its own LISTENs to the triggers' notifications, which
 * PostgreSQL sends when the writing transaction commits, in commit order, to every listening
 * process; they are queued here until the next poll. While that connection is down nothing
 * can be known, so every poll reports `lost` (no reply is kept) until it is back.
 */
export async function postgresChangeFeed(url: string, log: Logger): Promise<ChangeFeed> {
  const pending: string[] = [];
  const markers = new Map<string, () => void>();
  let connected: pg.Client | null = null;
  let lost = false;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const client = new pg.Client(postgresClientConfig(url));
    client.on('notification', (message) => {
      if (message.channel !== INVALIDATION_CHANNEL || !message.payload) return;
      for (const tag of message.payload.split('\n')) {
        if (tag.startsWith(MARKER_PREFIX)) markers.get(tag)?.();
        else if (tag) pending.push(tag);
      }
    });
    const drop = (error?: unknown) => {
      if (connected !== client) return;
      connected = null;
      lost = true;
      if (!closed) {
        log.warn({ err: error }, 'lost the database connection that listens for changes; reconnecting');
        scheduleReconnect();
      }
    };
    client.on('error', drop);
    client.on('end', () => drop());
    await client.connect();
    await client.query(`listen ${INVALIDATION_CHANNEL}`);
    connected = client;
  };
  const scheduleReconnect = () => {
    clearTimeout(retry);
    retry = setTimeout(() => {
      connect().then(
        () => log.info('listening for changes again'),
        () => scheduleReconnect(),
      );
    }, RECONNECT_MS);
    retry.unref();
  };

  await connect();
  return {
    poll() {
      const tags = pending.splice(0);
      const wasLost = lost || connected === null;
      lost = false;
      return { tags, lost: wasLost };
    },
    async catchUp() {
      // PostgreSQL delivers notifications in commit order, and a listening session receives its
      // own. So once a marker notified after the call comes back, every change committed before
      // the call has arrived too. (A bare round trip is not enough: a listener is only signalled
      // to read the queue, and may answer a query before it has.)
      const client = connected;
      if (!client) {
        lost = true;
        return;
      }
      const marker = `${MARKER_PREFIX}${randomUUID()}`;
      let timer: NodeJS.Timeout | undefined;
      const arrived = new Promise<boolean>((resolve) => {
        markers.set(marker, () => resolve(true));
        timer = setTimeout(() => resolve(false), CATCH_UP_TIMEOUT_MS);
      });
      try {
        await client.query('select pg_notify($1, $2)', [INVALIDATION_CHANNEL, marker]);
        if (!(await arrived)) lost = true;
      } catch {
        lost = true;
      } finally {
        clearTimeout(timer);
        markers.delete(marker);
      }
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      const client = connected;
      connected = null;
      await client?.end().catch(() => {});
    },
  };
}

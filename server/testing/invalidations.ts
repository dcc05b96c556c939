import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { DatabaseTarget } from '../db/target';
import { INVALIDATION_CHANNEL } from '../db/change-feed';

/** Records the tags the database's triggers write while `action` runs, on either database. */
export type InvalidationWatch = { during(action: () => Promise<unknown>): Promise<string[]>; close(): Promise<void> };

export async function watchInvalidations(target: DatabaseTarget): Promise<InvalidationWatch> {
  if (target.dialect === 'sqlite') {
    const sqlite = new SQLite(target.file);
    const last = () => sqlite.prepare('select coalesce(max(seq), 0) from cache_invalidations').pluck().get() as number;
    return {
      async during(action) {
        const before = last();
        await action();
        return sqlite.prepare('select tag from cache_invalidations where seq > ? order by seq').pluck().all(before) as string[];
      },
      close: () => Promise.resolve(void sqlite.close()),
    };
  }
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  const seen: string[] = [];
  client.on('notification', (message) => {
    if (message.channel === INVALIDATION_CHANNEL && message.payload) seen.push(...message.payload.split('\n'));
  });
  await client.query(`listen ${INVALIDATION_CHANNEL}`);
  return {
    async during(action) {
      seen.length = 0;
      await action();
      // Notifications committed before this query arrive ahead of its reply.
      await client.query('select 1');
      return [...seen];
    },
    close: () => client.end(),
  };
}

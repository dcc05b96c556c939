import { sql, type Kysely } from 'kysely';

// Frozen: this migration never changes once landed. Fix forward with a new file.
//
// The shop's settings stale the replies that show them (the footer, the delivery checks) the way
// products and banners stale theirs: a trigger writes the tag `settings` in the transaction of
// the change, so no write path has to remember to. Until now the settings save wrote the tag
// itself; that call goes, and triggers are the one way a change reaches the shared replies.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  for (const event of ['insert', 'update', 'delete']) {
    await sql
      .raw(`create trigger shop_settings_${event}_invalidate after ${event} on shop_settings begin insert into cache_invalidations (tag) values ('settings'); end`)
      .execute(db);
  }
}

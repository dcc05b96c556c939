import { sql, type Kysely } from 'kysely';

// Frozen: this migration never changes once landed. Fix forward with a new file.
//
// PostgreSQL form of 2026-12-02-01-settings-invalidation: the shop's settings notify the tag
// `settings` on the invalidation channel when their transaction commits, as banners do.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create or replace function voltmart_settings_invalidate() returns trigger language plpgsql as $$
    begin
      perform pg_notify('voltmart_invalidations', 'settings');
      return null;
    end
  $$`.execute(db);
  await sql`create trigger shop_settings_invalidate after insert or update or delete on shop_settings
    for each statement execute function voltmart_settings_invalidate()`.execute(db);
}

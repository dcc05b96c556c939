import { sql, type Kysely } from 'kysely';

// Frozen: this migration never changes once landed. Fix forward with a new file.
//
// One counter that every committed change to what the storefront shows (products, including
// their stock, and banners) moves forward, written by triggers in the same transaction as the
// change itself. The public response cache (server/http/response-cache.ts) tags each entry
// with it, so no write path, and no other process sharing the file (`npm run seed`), can
// leave a stale page behind by forgetting to invalidate.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table catalog_revision (
    id integer primary key check (id = 1),
    revision integer not null
  )`.execute(db);
  await sql`insert into catalog_revision (id, revision) values (1, 0)`.execute(db);
  for (const table of ['products', 'banners']) {
    for (const event of ['insert', 'update', 'delete']) {
      await sql
        .raw(
          `create trigger ${table}_${event}_catalog_revision after ${event} on ${table} begin
            update catalog_revision set revision = revision + 1 where id = 1;
          end`,
        )
        .execute(db);
    }
  }
}

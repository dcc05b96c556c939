import { sql, type Kysely } from 'kysely';
import { createCategories } from '../2026-12-03-01-categories';

// Frozen: this migration never changes once landed. Fix forward with a new file.
//
// PostgreSQL's form of ../2026-12-03-01-categories.ts: the same table and rows; the trigger
// notifies the same tags (`categories`, `category:<value>`, old and new) on the invalidation
// channel when the change commits.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await createCategories(db);
  await sql`create or replace function voltmart_categories_invalidate() returns trigger language plpgsql as $$
    declare
      tags text[];
    begin
      if tg_op = 'DELETE' then
        tags := array['categories', 'category:' || old.value];
      else
        tags := array['categories', 'category:' || new.value];
        if tg_op = 'UPDATE' and old.value is distinct from new.value then
          tags := tags || ('category:' || old.value);
        end if;
      end if;
      perform pg_notify('voltmart_invalidations', array_to_string(tags, chr(10)));
      return null;
    end
  $$`.execute(db);
  await sql`create trigger categories_invalidate after insert or update or delete on categories
    for each row execute function voltmart_categories_invalidate()`.execute(db);
}

import { sql, type Kysely } from 'kysely';

// Frozen: this migration never changes once landed. Fix forward with a new file.
//
// PostgreSQL form of 2026-12-11-01-offers-invalidation: an offer added, edited, paused, resumed
// or deleted, or a coupon used up or given its last use back, notifies the tag `offers` on the
// invalidation channel when its transaction commits.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // A sale price stales what shows its product's price too (see the SQLite form).
  await sql`create or replace function voltmart_sale_price_invalidate() returns trigger language plpgsql as $$
    declare
      tags text[] := array['search', 'catalog'];
      ids text[];
    begin
      if tg_op = 'DELETE' then
        ids := array[old.product_id];
      elsif tg_op = 'INSERT' then
        ids := array[new.product_id];
      else
        ids := array[old.product_id, new.product_id];
      end if;
      select tags || coalesce(array_agg('product:' || id), '{}') || coalesce(array_agg('category:' || category), '{}')
        into tags from products where id = any(ids);
      perform pg_notify('voltmart_invalidations', array_to_string(tags, chr(10)));
      return null;
    end
  $$`.execute(db);
  await sql`create trigger offers_sale_insert_invalidate after insert on offers for each row when (new.kind = 'sale-price')
    execute function voltmart_sale_price_invalidate()`.execute(db);
  await sql`create trigger offers_sale_delete_invalidate after delete on offers for each row when (old.kind = 'sale-price')
    execute function voltmart_sale_price_invalidate()`.execute(db);
  await sql`create trigger offers_sale_update_invalidate after update on offers for each row
    when (new.kind = 'sale-price' and (old.definition is distinct from new.definition or old.paused is distinct from new.paused
      or old.valid_from is distinct from new.valid_from or old.valid_to is distinct from new.valid_to or old.product_id is distinct from new.product_id))
    execute function voltmart_sale_price_invalidate()`.execute(db);

  await sql`create or replace function voltmart_offers_invalidate() returns trigger language plpgsql as $$
    begin
      perform pg_notify('voltmart_invalidations', 'offers');
      return null;
    end
  $$`.execute(db);
  await sql`create trigger offers_insert_delete_invalidate after insert or delete on offers
    for each statement execute function voltmart_offers_invalidate()`.execute(db);
  await sql`create trigger offers_update_invalidate after update on offers for each row
    when (old.definition is distinct from new.definition or old.paused is distinct from new.paused
      or old.valid_from is distinct from new.valid_from or old.valid_to is distinct from new.valid_to or old.code is distinct from new.code
      or (old.uses_limit is not null and old.uses_count >= old.uses_limit) is distinct from (new.uses_limit is not null and new.uses_count >= new.uses_limit))
    execute function voltmart_offers_invalidate()`.execute(db);
}

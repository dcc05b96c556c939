import { sql, type Kysely } from 'kysely';

// Frozen: this migration never changes once landed. Fix forward with a new file.
//
// PostgreSQL's form of ../2026-11-25-01-cache-invalidations.ts: the same tags, written on the
// same changes, by triggers in the same transaction as the change. Instead of a log table
// read forward, they go out with pg_notify on the channel `voltmart_invalidations` (one
// notification per row change, its tags separated by newlines). PostgreSQL delivers
// notifications only when the transaction commits, in commit order, to every listening
// process; server/db/change-feed.ts listens.
//
// What a shopper sees of stock is its public figure: least(stock, 10) while tracked (see the
// SQLite form for why). A sale from 33 to 32 only stales products:exact.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create or replace function voltmart_products_invalidate() returns trigger language plpgsql as $$
    declare
      tags text[];
    begin
      if tg_op = 'INSERT' then
        tags := array['product:' || new.id, 'category:' || new.category, 'search', 'catalog', 'products:exact'];
      elsif tg_op = 'DELETE' then
        tags := array['product:' || old.id, 'category:' || old.category, 'search', 'catalog', 'products:exact'];
      elsif (old.product_name, old.brand_name, old.category, old.description, old.price, old.selling_price, old.images, old.archived_at)
          is distinct from (new.product_name, new.brand_name, new.category, new.description, new.price, new.selling_price, new.images, new.archived_at) then
        -- Name, price, pictures, category, archiving: pages and every list that may hold it.
        tags := array['product:' || new.id, 'category:' || new.category, 'search', 'catalog', 'products:exact'];
        if old.category is distinct from new.category then
          tags := tags || ('category:' || old.category);
        end if;
      elsif (case when old.track_stock = 1 then least(old.stock, 10) else -1 end)
          is distinct from (case when new.track_stock = 1 then least(new.stock, 10) else -1 end) then
        -- Stock a shopper can see ('Only 3 left', out of stock, tracking switched).
        tags := array['product:' || new.id, 'category:' || new.category, 'catalog', 'products:exact'];
      else
        -- Anything else (a sale from 33 to 32, updated_at): only the exact list sees it.
        tags := array['products:exact'];
      end if;
      perform pg_notify('voltmart_invalidations', array_to_string(tags, chr(10)));
      return null;
    end
  $$`.execute(db);
  await sql`create trigger products_invalidate after insert or update or delete on products
    for each row execute function voltmart_products_invalidate()`.execute(db);

  await sql`create or replace function voltmart_banners_invalidate() returns trigger language plpgsql as $$
    begin
      perform pg_notify('voltmart_invalidations', 'banners');
      return null;
    end
  $$`.execute(db);
  await sql`create trigger banners_invalidate after insert or update or delete on banners
    for each statement execute function voltmart_banners_invalidate()`.execute(db);
}

import { sql, type Kysely } from 'kysely';

// Frozen: this migration never changes once landed. Fix forward with a new file.
//
// PostgreSQL's form of ../2026-12-03-03-variants.ts (read it for the model): the same tables,
// columns, backfill and indexes, money as bigint, and the same tags sent with pg_notify on
// `voltmart_invalidations` by triggers on product_variants and on the products' summary columns.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table products add column options text not null default '[]'`.execute(db);
  await sql`alter table products add column price_min bigint not null default 0`.execute(db);
  await sql`alter table products add column price_max bigint not null default 0`.execute(db);
  await sql`alter table products add column variant_count integer not null default 1`.execute(db);
  await sql`alter table products add column colour_count integer not null default 0`.execute(db);
  await sql`update products set price_min = selling_price, price_max = selling_price`.execute(db);

  await sql`create table product_variants (
    id text primary key,
    product_id text not null references products (id) on delete cascade,
    sku text not null,
    ean text,
    option_values text not null default '[]',
    price bigint not null check (price > 0),
    selling_price bigint not null check (selling_price > 0 and selling_price <= price),
    stock integer not null default 0 check (stock >= 0),
    track_stock integer not null default 1,
    weight_grams integer,
    images text not null default '[]',
    specs text not null default '{}',
    position integer not null default 0,
    archived_at text,
    created_at text not null,
    updated_at text not null
  )`.execute(db);

  await sql`insert into product_variants (id, product_id, sku, option_values, price, selling_price, stock, track_stock, images, position, created_at, updated_at)
    select id, id, 'VM-' || upper(substr(id, 1, 10)), '[]', price, selling_price, stock, track_stock, '[]', 0, created_at, updated_at from products`.execute(db);
  await sql`update product_variants set sku = 'VM-' || upper(id)
    where lower(sku) in (select lower(sku) from product_variants group by lower(sku) having count(*) > 1)`.execute(db);

  await sql`create unique index product_variants_sku on product_variants (lower(sku))`.execute(db);
  await sql`create unique index product_variants_live_options on product_variants (product_id, option_values) where archived_at is null`.execute(db);
  await sql`create index product_variants_product on product_variants (product_id, position)`.execute(db);
  await sql`create index product_variants_low_stock on product_variants (track_stock, stock)`.execute(db);

  await sql`alter table cart_items add column variant_id text references product_variants (id)`.execute(db);
  await sql`update cart_items set variant_id = product_id`.execute(db);
  await sql`drop index cart_items_user_product`.execute(db);
  await sql`drop index cart_items_guest_product`.execute(db);
  await sql`create unique index cart_items_user_variant on cart_items (user_id, variant_id) where user_id is not null`.execute(db);
  await sql`create unique index cart_items_guest_variant on cart_items (guest_id, variant_id) where guest_id is not null`.execute(db);
  await sql`create index cart_items_product on cart_items (product_id)`.execute(db);

  await sql`alter table order_items add column variant_id text`.execute(db);
  await sql`alter table order_items add column sku text`.execute(db);
  await sql`alter table order_items add column variant_label text`.execute(db);
  await sql`update order_items set variant_id = product_id where product_id in (select id from product_variants)`.execute(db);

  await sql`alter table stock_movements add column variant_id text`.execute(db);
  await sql`update stock_movements set variant_id = product_id where product_id in (select id from product_variants)`.execute(db);
  await sql`create index stock_movements_variant_at on stock_movements (variant_id, at, id)`.execute(db);

  await sql`create or replace function voltmart_product_variants_invalidate() returns trigger language plpgsql as $$
    declare
      tags text[];
    begin
      if tg_op = 'INSERT' then
        tags := array['product:' || new.product_id, 'products:exact'];
      elsif tg_op = 'DELETE' then
        tags := array['product:' || old.product_id, 'products:exact'];
      elsif (old.sku, old.ean, old.option_values, old.price, old.selling_price, old.weight_grams, old.images, old.specs, old.position, old.archived_at)
          is distinct from (new.sku, new.ean, new.option_values, new.price, new.selling_price, new.weight_grams, new.images, new.specs, new.position, new.archived_at)
        or (case when old.track_stock = 1 then least(old.stock, 10) else -1 end)
          is distinct from (case when new.track_stock = 1 then least(new.stock, 10) else -1 end) then
        tags := array['product:' || new.product_id, 'products:exact'];
      else
        tags := array['products:exact'];
      end if;
      perform pg_notify('voltmart_invalidations', array_to_string(tags, chr(10)));
      return null;
    end
  $$`.execute(db);
  await sql`create trigger product_variants_invalidate after insert or update or delete on product_variants
    for each row execute function voltmart_product_variants_invalidate()`.execute(db);

  await sql`create or replace function voltmart_products_summary_invalidate() returns trigger language plpgsql as $$
    begin
      perform pg_notify('voltmart_invalidations', array_to_string(array['product:' || new.id, 'category:' || new.category, 'search', 'catalog', 'products:exact'], chr(10)));
      return null;
    end
  $$`.execute(db);
  await sql`create trigger products_variant_summary_invalidate after update on products for each row
    when ((old.options, old.price_min, old.price_max, old.variant_count, old.colour_count)
      is distinct from (new.options, new.price_min, new.price_max, new.variant_count, new.colour_count))
    execute function voltmart_products_summary_invalidate()`.execute(db);
}

import { sql, type Kysely } from 'kysely';

// Frozen: this migration never changes once landed. Fix forward with a new file.
//
// Product variants (issue 27). A product has up to three options (products.options, JSON:
// [{ name, values: [{ value, swatch? }] }]) and one row in product_variants per combination it
// sells: its own SKU (unique across the shop, whatever the case), optional EAN, MRP, selling
// price, stock and tracking, weight, images ('[]': the product's), position and archive time.
//
// The product row keeps price, selling_price, stock and track_stock as the product's SUMMARY,
// which every list, search, sort, facet, sitemap and /api reply reads unchanged: they are its
// summary variant's (the cheapest live variant that can be bought, by selling price then
// position; the first live one when none can). The app keeps the summary in the same
// transaction as every variant write and stock move. price_min / price_max / variant_count /
// colour_count are what cards show ("from ₹X", "3 colours").
//
// Every existing product becomes a product with ONE variant, whose id is the product's id (so
// old cart lines, order lines and stock history point at it without a lookup), holding its
// prices, stock and tracking, images '[]', option_values '[]', and the SKU 'VM-' + the first 10
// characters of the product id in capitals ('VM-' + the whole id when two would collide).
// Cart lines, stock history and order lines gain variant_id, filled with that variant; old order
// lines keep no SKU or variant label (their invoices read as before).
//
// Shared replies: the details reply lists a product's variants, so a trigger on
// product_variants stales product:<id> when a variant a shopper can see changes (and
// products:exact always); a trigger on the new summary columns of products stales what a card
// shows, as the content trigger does for prices.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table products add column options text not null default '[]'`.execute(db);
  await sql`alter table products add column price_min integer not null default 0`.execute(db);
  await sql`alter table products add column price_max integer not null default 0`.execute(db);
  await sql`alter table products add column variant_count integer not null default 1`.execute(db);
  await sql`alter table products add column colour_count integer not null default 0`.execute(db);
  await sql`update products set price_min = selling_price, price_max = selling_price`.execute(db);

  await sql`create table product_variants (
    id text primary key,
    product_id text not null references products (id) on delete cascade,
    sku text not null,
    ean text,
    option_values text not null default '[]',
    price integer not null check (price > 0),
    selling_price integer not null check (selling_price > 0 and selling_price <= price),
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
  // Two ids that share their first 10 characters: both take the whole id.
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

  const log = (...tags: string[]) => `insert into cache_invalidations (tag) values ${tags.map((t) => `(${t})`).join(', ')};`;
  const shown = (row: 'new' | 'old') => `(case when ${row}.track_stock = 1 then min(${row}.stock, 10) else -1 end)`;
  const content = ['sku', 'ean', 'option_values', 'price', 'selling_price', 'weight_grams', 'images', 'specs', 'position', 'archived_at'];
  const contentChanged = content.map((c) => `old.${c} is not new.${c}`).join(' or ');
  await sql
    .raw(`create trigger product_variants_insert_invalidate after insert on product_variants begin ${log(`'product:' || new.product_id`, `'products:exact'`)} end`)
    .execute(db);
  await sql
    .raw(`create trigger product_variants_delete_invalidate after delete on product_variants begin ${log(`'product:' || old.product_id`, `'products:exact'`)} end`)
    .execute(db);
  await sql
    .raw(
      `create trigger product_variants_update_shown_invalidate after update on product_variants
        when ${contentChanged} or ${shown('old')} is not ${shown('new')} begin
        ${log(`'product:' || new.product_id`, `'products:exact'`)}
      end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger product_variants_update_exact_invalidate after update on product_variants
        when not (${contentChanged}) and ${shown('old')} is ${shown('new')} begin
        ${log(`'products:exact'`)}
      end`,
    )
    .execute(db);
  const summary = ['options', 'price_min', 'price_max', 'variant_count', 'colour_count'].map((c) => `old.${c} is not new.${c}`).join(' or ');
  await sql
    .raw(
      `create trigger products_update_variant_summary_invalidate after update on products when ${summary} begin
        ${log(`'product:' || new.id`, `'category:' || new.category`, `'search'`, `'catalog'`, `'products:exact'`)}
      end`,
    )
    .execute(db);
}

import { sql, type Kysely } from 'kysely';

// Frozen: this migration never changes once landed. Fix forward with a new file.
//
// Offers (issue 30): coupons, sale prices, buy X get Y and the prepaid discount, what each order
// got from them, and each coupon's uses. The same statements on SQLite and PostgreSQL.
//
// - offers: one row per offer. `definition` is its JSON as shared/schemas/offers.ts parses it
//   (the engine in shared/offers reads it); the columns beside it are copies for the queries:
//   `code` (coupons, upper-case, unique among offers), `product_id`/`variant_id` (a sale price's
//   variant, so a product page finds its live sale by index), `valid_from`/`valid_to` (ISO
//   instants, from included, to excluded; null: open), `paused`. `uses_limit` is a coupon's uses
//   in all (null: no limit) and `uses_count` the uses taken now: an order takes one with a
//   conditional UPDATE (uses_count < uses_limit) in the transaction that places it, and the check
//   constraint refuses one past the limit whatever path writes it, so 20 shoppers racing for the
//   last use leave exactly one order with it.
// - offer_uses: the orders that used a coupon (one row per offer and order) and who placed them,
//   for "1 use per shopper" and the owner's usage figures; `released_at` set when the order
//   expired or was cancelled and gave its use back (uses_count went down in that transaction).
// - order_item_discounts: what each offer took off each order line (paise), as the invoice and a
//   credit note print it; order_items.discount is their sum, and order_items.list_unit_price the
//   list price the line was sold against (its unit_price is the sale price when one applied,
//   sale_offer_id that sale; both null on lines from before offers: list = unit price).
// - orders.discount_total: every line's discount together; orders.coupon_code the code used.
// - cart_coupons: the code a shopper (signed in or guest) applied to their cart, kept with the
//   cart until checkout; `owner` is 'user:<id>' or 'guest:<id>'.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('offers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('coupon', 'sale-price', 'buy-x-get-y', 'prepaid')`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('code', 'text')
    .addColumn('product_id', 'text')
    .addColumn('variant_id', 'text')
    .addColumn('definition', 'text', (c) => c.notNull())
    .addColumn('paused', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('valid_from', 'text')
    .addColumn('valid_to', 'text')
    .addColumn('uses_limit', 'integer', (c) => c.check(sql`uses_limit is null or uses_limit >= 0`))
    .addColumn('uses_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addCheckConstraint('offers_uses_within_limit', sql`uses_count >= 0 and (uses_limit is null or uses_count <= uses_limit)`)
    .addCheckConstraint('offers_coupon_has_code', sql`(kind = 'coupon') = (code is not null)`)
    .execute();
  await sql`create unique index offers_code on offers (code) where code is not null`.execute(db);
  await sql`create index offers_sale_variant on offers (variant_id, valid_to) where kind = 'sale-price'`.execute(db);
  await sql`create index offers_sale_product on offers (product_id, valid_to) where kind = 'sale-price'`.execute(db);
  await db.schema.createIndex('offers_kind').on('offers').columns(['kind', 'valid_to']).execute();

  await db.schema
    .createTable('offer_uses')
    .addColumn('offer_id', 'text', (c) => c.notNull().references('offers.id'))
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('released_at', 'text')
    .addPrimaryKeyConstraint('offer_uses_pk', ['offer_id', 'order_id'])
    .execute();
  await sql`create index offer_uses_shopper on offer_uses (offer_id, user_id) where released_at is null`.execute(db);
  await db.schema.createIndex('offer_uses_order').on('offer_uses').column('order_id').execute();

  await db.schema
    .createTable('order_item_discounts')
    .addColumn('order_item_id', 'text', (c) => c.notNull().references('order_items.id'))
    .addColumn('offer_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('coupon', 'buy-x-get-y', 'prepaid')`))
    .addColumn('amount', 'integer', (c) => c.notNull().check(sql`amount >= 0`))
    .addPrimaryKeyConstraint('order_item_discounts_pk', ['order_item_id', 'offer_id'])
    .execute();
  await db.schema.createIndex('order_item_discounts_offer').on('order_item_discounts').column('offer_id').execute();

  await db.schema.alterTable('order_items').addColumn('list_unit_price', 'integer').execute();
  await db.schema.alterTable('order_items').addColumn('sale_offer_id', 'text').execute();
  await db.schema
    .alterTable('order_items')
    .addColumn('discount', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`discount >= 0`),
    )
    .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('discount_total', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`discount_total >= 0`),
    )
    .execute();
  await db.schema.alterTable('orders').addColumn('coupon_code', 'text').execute();

  await db.schema
    .createTable('cart_coupons')
    .addColumn('owner', 'text', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

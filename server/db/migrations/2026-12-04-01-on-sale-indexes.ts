import { sql, type Kysely } from 'kysely';

// Frozen: this migration never changes once landed. Fix forward with a new file.
//
// Two partial indexes on products, portable (SQLite and PostgreSQL alike), for the storefront's
// reads at 100,000 products with variants and spec sheets, where a product row is about 1 KB:
// - products_on_sale_category_price (category, selling_price, created_at, id, archived_at)
//   where archived_at is null: a category page refined by a price band and spec filters finds
//   and counts its matches in the index alone, without reading each matching product row
//   (archived_at is a column too, so SQLite sees the index as covering).
// - products_archived (archived_at) where archived_at is not null: the few archived products,
//   so a search's total is counted in the full-text index less the archived matches.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index products_on_sale_category_price on products (category, selling_price, created_at, id, archived_at) where archived_at is null`.execute(db);
  await sql`create index products_archived on products (archived_at) where archived_at is not null`.execute(db);
}

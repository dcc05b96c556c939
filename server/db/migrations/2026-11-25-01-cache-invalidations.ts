import { sql, type Kysely } from 'kysely';

// Frozen: this migration never changes once landed. Fix forward with a new file.
//
// Targeted invalidation of shared replies. The one catalogue revision (every product or banner
// write, every sale included, emptied the whole response cache) gives way to a log of tags:
// triggers append what a committed change makes stale, in the same transaction as the change,
// so no write path and no other process sharing the database can forget it. Every process
// reads the log forward (server/db/change-feed.ts) and drops the replies that carry a tag.
//
// Tags (server/features/catalog/shown-stock.ts names them for procedures):
//   product:<id>     a change a shopper can see on that product (its page, the lists holding it)
//   category:<name>  a change a shopper can see in that category's lists (and its bubble)
//   search           a change that can move a product into or out of search results
//   catalog          any change a shopper can see in any product list
//   products:exact   any change at all, exact stock and updated_at included (the admin's list)
//   banners          the home page carousel
//
// What a shopper sees of stock is its public figure: min(stock, 10) while tracked (10 is the
// most one cart line may hold: 'Only 3 left', 'Out of stock' and the quantity picker all read
// it). A sale from 33 to 32 changes nothing a shopper sees, so it only stales products:exact.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['products', 'banners']) {
    for (const event of ['insert', 'update', 'delete']) {
      await sql.raw(`drop trigger if exists ${table}_${event}_catalog_revision`).execute(db);
    }
  }
  await sql`drop table if exists catalog_revision`.execute(db);

  await sql`create table cache_invalidations (
    seq integer primary key autoincrement,
    tag text not null,
    created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
  )`.execute(db);
  await sql`create index cache_invalidations_created_at on cache_invalidations (created_at)`.execute(db);

  const log = (...tags: string[]) => `insert into cache_invalidations (tag) values ${tags.map((t) => `(${t})`).join(', ')};`;
  const everywhere = (row: 'new' | 'old') => log(`'product:' || ${row}.id`, `'category:' || ${row}.category`, `'search'`, `'catalog'`, `'products:exact'`);
  const shown = (row: 'new' | 'old') => `(case when ${row}.track_stock = 1 then min(${row}.stock, 10) else -1 end)`;
  const content = ['product_name', 'brand_name', 'category', 'description', 'price', 'selling_price', 'images', 'archived_at'];
  const contentChanged = content.map((c) => `old.${c} is not new.${c}`).join(' or ');

  await sql.raw(`create trigger products_insert_invalidate after insert on products begin ${everywhere('new')} end`).execute(db);
  await sql.raw(`create trigger products_delete_invalidate after delete on products begin ${everywhere('old')} end`).execute(db);
  // Name, price, pictures, category, archiving: pages and every list that may hold it.
  await sql
    .raw(
      `create trigger products_update_content_invalidate after update on products when ${contentChanged} begin
        ${everywhere('new')}
        insert into cache_invalidations (tag) select 'category:' || old.category where old.category is not new.category;
      end`,
    )
    .execute(db);
  // Stock a shopper can see ('Only 3 left', out of stock, tracking switched): the product's page and lists.
  await sql
    .raw(
      `create trigger products_update_shown_stock_invalidate after update on products
        when not (${contentChanged}) and ${shown('old')} is not ${shown('new')} begin
        ${log(`'product:' || new.id`, `'category:' || new.category`, `'catalog'`, `'products:exact'`)}
      end`,
    )
    .execute(db);
  // Anything else (a sale from 33 to 32, updated_at): only the exact list sees it.
  await sql
    .raw(
      `create trigger products_update_exact_invalidate after update on products
        when not (${contentChanged}) and ${shown('old')} is ${shown('new')} begin
        ${log(`'products:exact'`)}
      end`,
    )
    .execute(db);
  for (const event of ['insert', 'update', 'delete']) {
    await sql.raw(`create trigger banners_${event}_invalidate after ${event} on banners begin ${log(`'banners'`)} end`).execute(db);
  }
}

import { sql, type Kysely } from 'kysely';

// Frozen: this migration never changes once landed. Fix forward with a new file.
//
// The product page's offers panel (issue 30) is a shared reply: an offer added, edited, paused,
// resumed or deleted, or a coupon used up or given its last use back, writes the tag `offers` in
// the transaction of the change. An order taking a use that leaves some over changes nothing the
// panel shows, so it writes nothing.
const SHOWN_CHANGED = `old.definition is not new.definition or old.paused is not new.paused or old.valid_from is not new.valid_from
  or old.valid_to is not new.valid_to or old.code is not new.code
  or (old.uses_limit is not null and old.uses_count >= old.uses_limit) is not (new.uses_limit is not null and new.uses_count >= new.uses_limit)`;

// A sale price is the product's price while it lasts: one added, edited, paused or deleted also
// stales what shows the product's price (its page, its category's lists, search and the
// catalogue's lists), as a price edit on the product does.
const saleTags = (row: 'new' | 'old') => `insert into cache_invalidations (tag)
    select 'product:' || id from products where id = ${row}.product_id
    union all select 'category:' || category from products where id = ${row}.product_id
    union all select 'search' union all select 'catalog';`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(`create trigger offers_sale_insert_invalidate after insert on offers when new.kind = 'sale-price' begin ${saleTags('new')} end`).execute(db);
  await sql.raw(`create trigger offers_sale_delete_invalidate after delete on offers when old.kind = 'sale-price' begin ${saleTags('old')} end`).execute(db);
  await sql
    .raw(
      `create trigger offers_sale_update_invalidate after update on offers when new.kind = 'sale-price' and (${SHOWN_CHANGED} or old.product_id is not new.product_id)
        begin ${saleTags('old')} ${saleTags('new')} end`,
    )
    .execute(db);
  await sql.raw(`create trigger offers_insert_invalidate after insert on offers begin insert into cache_invalidations (tag) values ('offers'); end`).execute(db);
  await sql.raw(`create trigger offers_delete_invalidate after delete on offers begin insert into cache_invalidations (tag) values ('offers'); end`).execute(db);
  await sql
    .raw(`create trigger offers_update_invalidate after update on offers when ${SHOWN_CHANGED} begin insert into cache_invalidations (tag) values ('offers'); end`)
    .execute(db);
}

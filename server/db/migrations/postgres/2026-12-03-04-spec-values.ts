import { sql, type Kysely } from 'kysely';

// Frozen: this migration never changes once landed. Fix forward with a new file.
//
// PostgreSQL's form of ../2026-12-03-04-spec-values.ts (read it for the model): the same
// columns and spec_values table (num as double precision), the generated search vector rebuilt
// with the spec words at weight C, and a trigger sending the same tags with pg_notify.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table products add column specs text not null default '{}'`.execute(db);
  await sql`alter table products add column spec_line text not null default ''`.execute(db);
  await sql`alter table products add column spec_words text not null default ''`.execute(db);

  await sql`create table spec_values (
    product_id text not null references products (id) on delete cascade,
    category text not null,
    key text not null,
    value text not null,
    num double precision,
    text text not null,
    primary key (product_id, key, value)
  )`.execute(db);
  await sql`create index spec_values_num on spec_values (category, key, num, product_id)`.execute(db);
  await sql`create index spec_values_text on spec_values (category, key, text, product_id)`.execute(db);

  // A generated column's expression cannot be altered: drop it (and its index) and add it again.
  await sql`drop index products_search`.execute(db);
  await sql`alter table products drop column search_vector`.execute(db);
  await sql`alter table products add column search_vector tsvector generated always as (
    setweight(to_tsvector('simple', voltmart_unaccent(product_name)), 'A') ||
    setweight(to_tsvector('simple', voltmart_unaccent(brand_name)), 'B') ||
    setweight(to_tsvector('simple', voltmart_unaccent(category)), 'C') ||
    setweight(to_tsvector('simple', voltmart_unaccent(spec_words)), 'C') ||
    setweight(to_tsvector('simple', voltmart_unaccent(description)), 'D')
  ) stored`.execute(db);
  await sql`create index products_search on products using gin (search_vector)`.execute(db);

  await sql`create or replace function voltmart_products_specs_invalidate() returns trigger language plpgsql as $$
    begin
      perform pg_notify('voltmart_invalidations', array_to_string(array['product:' || new.id, 'category:' || new.category, 'search', 'catalog', 'products:exact'], chr(10)));
      return null;
    end
  $$`.execute(db);
  await sql`create trigger products_specs_invalidate after update on products for each row
    when ((old.specs, old.spec_line, old.spec_words) is distinct from (new.specs, new.spec_line, new.spec_words))
    execute function voltmart_products_specs_invalidate()`.execute(db);
}

import { sql, type Kysely } from 'kysely';

// Frozen: this migration never changes once landed. Fix forward with a new file.
//
// Spec values (issue 27). A product carries values for its category's spec template:
// products.specs (JSON { key: value }) holds the product-level attributes, product_variants.specs
// (added by 2026-12-03-03-variants, '{}' until now) the per-variant ones. A value is a number
// (unit stripped), a list's option as the template spells it, true / false for yes-no, or text.
//
// spec_values is the same data indexed for filtering: one row per product, attribute and
// distinct value over the product's own values and those of its LIVE variants (a product
// matches a variant-level filter when one of its live variants matches). `value` is the value's
// canonical text (the PK keeps a value once per product), `num` the number of a number
// attribute, `text` the lower-cased text every type has ('yes'/'no' for yes-no, '8' for 8), so
// `spec.ram=8-` reads the num index and `spec.5g=yes` the text one, both under the category.
//
// products.spec_line is what a card shows of its on-card attributes ("8 GB RAM · 256 GB · 5G"),
// products.spec_words the values as words with their units ("256 GB 256gb"), which the search
// document now indexes (FTS5: a fifth column; PostgreSQL: weight C in the generated vector).
// The app rewrites all three in the same transaction as the product, its variants or its
// category's template; a trigger stales the replies that show or filter by them.
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
    num real,
    text text not null,
    primary key (product_id, key, value)
  )`.execute(db);
  await sql`create index spec_values_num on spec_values (category, key, num, product_id)`.execute(db);
  await sql`create index spec_values_text on spec_values (category, key, text, product_id)`.execute(db);

  // Search: the FTS5 table gains the spec words (its triggers are rebuilt to carry them).
  await sql`drop trigger products_fts_insert`.execute(db);
  await sql`drop trigger products_fts_delete`.execute(db);
  await sql`drop trigger products_fts_update`.execute(db);
  await sql`drop table products_fts`.execute(db);
  await sql`create virtual table products_fts using fts5(
    product_name, brand_name, category, description, spec_words,
    content='products', content_rowid='rowid',
    tokenize='unicode61 remove_diacritics 2', prefix='2 3 4'
  )`.execute(db);
  await sql`create trigger products_fts_insert after insert on products begin
    insert into products_fts(rowid, product_name, brand_name, category, description, spec_words)
    values (new.rowid, new.product_name, new.brand_name, new.category, new.description, new.spec_words);
  end`.execute(db);
  await sql`create trigger products_fts_delete after delete on products begin
    insert into products_fts(products_fts, rowid, product_name, brand_name, category, description, spec_words)
    values ('delete', old.rowid, old.product_name, old.brand_name, old.category, old.description, old.spec_words);
  end`.execute(db);
  await sql`create trigger products_fts_update after update of product_name, brand_name, category, description, spec_words on products begin
    insert into products_fts(products_fts, rowid, product_name, brand_name, category, description, spec_words)
    values ('delete', old.rowid, old.product_name, old.brand_name, old.category, old.description, old.spec_words);
    insert into products_fts(rowid, product_name, brand_name, category, description, spec_words)
    values (new.rowid, new.product_name, new.brand_name, new.category, new.description, new.spec_words);
  end`.execute(db);
  await sql`insert into products_fts(products_fts) values ('rebuild')`.execute(db);

  // A change of values: the product's page, every list that may show or filter it.
  await sql
    .raw(
      `create trigger products_update_specs_invalidate after update on products
        when old.specs is not new.specs or old.spec_line is not new.spec_line or old.spec_words is not new.spec_words begin
        insert into cache_invalidations (tag) values ('product:' || new.id), ('category:' || new.category), ('search'), ('catalog'), ('products:exact');
      end`,
    )
    .execute(db);
}

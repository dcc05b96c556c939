import { sql, type Kysely } from 'kysely';

// Frozen: this migration never changes once landed. Fix forward with a new file.
//
// PostgreSQL's form of ../2026-12-03-02-product-facts.ts: the same nullable columns for the facts
// a product page must show, and a trigger of its own that notifies `product:<id>` when they
// change (the existing products trigger already notifies `products:exact` for any update).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  for (const column of ['origin_country', 'manufacturer_name', 'manufacturer_address', 'importer_name', 'importer_address', 'net_quantity']) {
    await db.schema.alterTable('products').addColumn(column, 'text').execute();
  }
  await db.schema.alterTable('products').addColumn('warranty_months', 'integer').execute();
  await db.schema.alterTable('products').addColumn('warranty_by', 'text').execute();

  await sql`create or replace function voltmart_product_facts_invalidate() returns trigger language plpgsql as $$
    begin
      perform pg_notify('voltmart_invalidations', 'product:' || new.id);
      return null;
    end
  $$`.execute(db);
  await sql`create trigger products_facts_invalidate after update on products for each row
    when ((old.origin_country, old.manufacturer_name, old.manufacturer_address, old.importer_name, old.importer_address, old.net_quantity, old.warranty_months, old.warranty_by)
      is distinct from (new.origin_country, new.manufacturer_name, new.manufacturer_address, new.importer_name, new.importer_address, new.net_quantity, new.warranty_months, new.warranty_by))
    execute function voltmart_product_facts_invalidate()`.execute(db);
}

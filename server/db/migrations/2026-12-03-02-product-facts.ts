import { sql, type Kysely } from 'kysely';

// Frozen: this migration never changes once landed. Fix forward with a new file.
//
// The facts a product page must show (Legal Metrology (Packaged Commodities) Rules 2011, rule 6,
// and the Consumer Protection (E-Commerce) Rules 2020 for listings): country of origin, the
// manufacturer's and (for imported goods) the importer's name and address, the net quantity (what
// is in the box) and the warranty (months, 0 for none, and who gives it). Every column is
// nullable: products made before this change, or by the spec's /api client that knows nothing of
// facts, keep every row and simply have none (the admin list flags them).
//
// A change of facts shows on the product's page only (no card or list shows them), so a trigger
// of its own stales `product:<id>` (the existing triggers already write `products:exact` for any
// update). Added beside them rather than replacing them: nothing else about invalidation changes.
// PostgreSQL's form is postgres/2026-12-03-02-product-facts.ts (same columns, a NOTIFY trigger).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  for (const column of ['origin_country', 'manufacturer_name', 'manufacturer_address', 'importer_name', 'importer_address', 'net_quantity']) {
    await db.schema.alterTable('products').addColumn(column, 'text').execute();
  }
  await db.schema.alterTable('products').addColumn('warranty_months', 'integer').execute();
  await db.schema.alterTable('products').addColumn('warranty_by', 'text').execute();

  const facts = ['origin_country', 'manufacturer_name', 'manufacturer_address', 'importer_name', 'importer_address', 'net_quantity', 'warranty_months', 'warranty_by'];
  const factsChanged = facts.map((c) => `old.${c} is not new.${c}`).join(' or ');
  await sql
    .raw(
      `create trigger products_update_facts_invalidate after update on products when ${factsChanged} begin insert into cache_invalidations (tag) values ('product:' || new.id); end`,
    )
    .execute(db);
}

import type { Kysely } from 'kysely';

// Frozen: this migration never changes once landed. Fix forward with a new file.
//
// The home page is the owner's (issue 16), the same SQL on SQLite and PostgreSQL.
// - banners.hidden: a banner the owner keeps but does not show (1), or shows (0).
// - products.demo and banners.demo: rows the demo seed wrote (1), so "Remove demo data" takes
//   exactly those. Shops seeded before this column existed are recognised by content instead
//   (server/features/admin/demo-removal.ts).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('banners')
    .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('banners')
    .addColumn('demo', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('products')
    .addColumn('demo', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

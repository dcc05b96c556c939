import type { Kysely } from 'kysely';

// Frozen: this migration never changes once landed. Fix forward with a new file.
//
// PostgreSQL's form of ../2026-11-26-01-stored-images.ts: the same table with the bytes as
// bytea. Here it is where the shop's images live (server/images/image-store.ts), so a file
// one app process stored is served by all of them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('stored_images')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('bytes', 'bytea', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

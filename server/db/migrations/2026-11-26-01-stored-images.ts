import type { Kysely } from 'kysely';

// Frozen: this migration never changes once landed. Fix forward with a new file.
//
// stored_images: uploaded and generated images (content-hash WebP names, see
// server/images/image-store.ts) kept in the database, so every app process sharing one
// PostgreSQL database serves what any of them stored. The SQLite shop keeps its images in
// DATA_DIR/images and leaves this table empty; it exists here too so both databases have one
// schema (copy tools, introspection). Rows are immutable: a name is a content hash.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('stored_images')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('bytes', 'blob', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

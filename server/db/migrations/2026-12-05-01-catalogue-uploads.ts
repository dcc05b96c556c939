import type { Kysely } from 'kysely';

// Frozen: this migration never changes once landed. Fix forward with a new file.
//
// catalogue_uploads: a catalogue file an admin uploaded for an import (issue 28), kept for an
// hour so that its dry run, its error rows and its apply can be asked for by id from any app
// process sharing the database (several on PostgreSQL). Not shop data: db:copy and backups
// leave it out, and each new upload deletes the ones older than an hour.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('catalogue_uploads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('actor_id', 'text')
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('bytes', 'blob', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

import type { Kysely } from 'kysely';

// Frozen: this migration never changes once landed. Fix forward with a new file.
//
// catalogue_import_jobs.pictures_upload_id: the upload id of the ZIP of pictures sent with the
// job's file (issue 28), null when none was. The job's dry run and apply take their pictures from
// it, and the admin page, finding the job again after a reload, rebuilds the error rows' link
// from it. Nullable: the jobs recorded before it had no ZIP.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('catalogue_import_jobs').addColumn('pictures_upload_id', 'text').execute();
}

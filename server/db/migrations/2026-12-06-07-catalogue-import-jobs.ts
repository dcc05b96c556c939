import { sql, type Kysely } from 'kysely';

// Frozen: this migration never changes once landed. Fix forward with a new file.
//
// catalogue_import_jobs: a catalogue import's dry run or apply run as a background job (issue 28):
// its phase and progress, who started it and when, its report or its error, so the admin page
// finds it again after a reload and any app process sharing the database can answer for it.
// `running_slot` is 'shop' while the job runs and null once it ended: its unique index lets one
// import run at a time per shop, across processes. `heartbeat_at` is renewed while it runs; a job
// whose heartbeat stopped (its process was killed) is marked failed when found. Not shop data:
// db:copy and backups leave it out.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('catalogue_import_jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('upload_id', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('stock_mode', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('actor_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('process_token', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('phase', 'text', (c) => c.notNull())
    .addColumn('rows_checked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rows_written', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('to_write', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('heartbeat_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .addColumn('result', 'text')
    .addColumn('error', 'text')
    .addColumn('running_slot', 'text')
    .execute();
  await sql`create unique index catalogue_import_jobs_running on catalogue_import_jobs (running_slot)`.execute(db);
  await sql`create index catalogue_import_jobs_started on catalogue_import_jobs (started_at)`.execute(db);
}

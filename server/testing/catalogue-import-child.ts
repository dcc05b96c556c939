// The child process of server/features/catalog-io/import-killed.test.ts: an app process that
// imports a catalogue file as the admin page does (storeUpload, then startJob's apply) and is
// killed by the test while the apply's write transaction is open.
//
// Run as `node --import tsx server/testing/catalogue-import-child.ts` with KILL_CHILD_SETTINGS
// in its environment (JSON: ChildSettings). Reports on stdout, one JSON line each (ChildReport):
// the upload and job ids, then the job's progress whenever its phase or rows written change,
// then its end (if it lives that long).
import fs from 'node:fs';
import pino from 'pino';
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import { openDatabase } from '../db/database';
import { loadEnv } from '../env';
import { openImageStore } from '../images/image-store';
import { storeUpload } from '../features/catalog-io/catalog-io.service';
import { readJob, settleJobs, startJob } from '../features/catalog-io/import-job';

export type ChildSettings = { dataDir: string; databaseUrl: string; publicUrl: string; file: string; fileName: string };

export type ChildReport =
  | { event: 'stored'; uploadId: string }
  | { event: 'started'; jobId: string }
  | { event: 'progress'; phase: string; rowsWritten: number; toWrite: number; total: number; atMs: number }
  | { event: 'finished'; state: string; error: string | null; atMs: number };

const settings = JSON.parse(process.env.KILL_CHILD_SETTINGS ?? '{}') as ChildSettings;
const started = performance.now();
const say = (report: ChildReport) => {
  // A pipe's writes are synchronous on Linux: the line is out before the next query runs.
  process.stdout.write(`${JSON.stringify(report)}\n`);
};

/**
 * The job's progress, read after every query this process runs, so the test hears of the first
 * rows written at once (a poll on a timer would run only at the event loop's turns, which a
 * SQLite transaction gives every 10 ms). readJob answers this process's running job from memory
 * (no query).
 */
let jobId: string | null = null;
let last = '';
let reading = false;
function observe(): void {
  if (jobId === null || reading) return;
  reading = true;
  const id = jobId;
  void readJob(deps, id)
    .then((job) => {
      if (job.state !== 'running') return;
      const key = `${job.phase}:${job.rowsWritten}`;
      if (key === last) return;
      last = key;
      say({ event: 'progress', phase: job.phase, rowsWritten: job.rowsWritten, toWrite: job.toWrite, total: job.total, atMs: Math.round(performance.now() - started) });
    })
    .finally(() => {
      reading = false;
    });
}
const watch: KyselyPlugin = {
  transformQuery: (args: PluginTransformQueryArgs): RootOperationNode => args.node,
  transformResult: (args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> => {
    observe();
    return Promise.resolve(args.result);
  },
};

const SESSION_SECRET = 'test-secret-that-is-at-least-32-characters-long';
const env = loadEnv({
  NODE_ENV: 'test',
  DATA_DIR: settings.dataDir,
  DATABASE_URL: settings.databaseUrl,
  PUBLIC_URL: settings.publicUrl,
  SESSION_SECRET,
  SEED: 'none',
  LOG_LEVEL: 'silent',
});
const db = openDatabase(env.database).withPlugin(watch);
const deps = {
  db,
  env: { ...env, SESSION_SECRET },
  log: pino({ level: 'silent' }),
  clock: () => new Date(),
  images: openImageStore(db, env),
};

const { uploadId } = await storeUpload(deps, { name: settings.fileName, bytes: fs.readFileSync(settings.file) }, null);
say({ event: 'stored', uploadId });
({ jobId } = await startJob(deps, { uploadId, mode: 'both', stock: 'set', action: 'apply' }, { id: null, name: 'Kill test' }));
say({ event: 'started', jobId });
await settleJobs();
const ended = jobId;
jobId = null;
const end = await readJob(deps, ended);
say({ event: 'finished', state: end.state, error: end.error?.message ?? null, atMs: Math.round(performance.now() - started) });
await db.destroy();

import crypto from 'node:crypto';
import type { Selectable } from 'kysely';
import type { DB } from '../../db/database';
import { dialectOf, newId, nowIso } from '../../db/database';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import type { CatalogueImportJobsTable } from '../../db/schema';
import type { ImportJob, ImportJobAction, ImportJobPhase, ImportMode, ImportReport, StockMode } from '../../../shared/schemas/catalog-io';
import { applyImport, dryRun, uploadInfo, UPLOAD_KEPT_MS, type ImportProgress } from './catalog-io.service';

/**
 * A long import as a background job (issue 28): `startJob` records the job and answers at once;
 * the dry run or apply runs in this process, its progress kept in memory and written to its row
 * (catalogue_import_jobs) every JOB_HEARTBEAT_MS through the pool, outside the apply's
 * transaction, so the admin page (any app process on PostgreSQL) polls `readJob` and finds the
 * job again after a reload.
 *
 * One import at a time per shop: a running job holds the row's `running_slot` ('shop', a unique
 * index), so a second start, from any process, is refused with 409 naming who started the
 * running one and when. A job whose process was killed is never committed (its apply was one
 * transaction) and is marked failed when found: on SQLite (one app process) as soon as this
 * process does not run it; on PostgreSQL when its heartbeat is older than JOB_STALE_MS (or
 * when it is this process's and no longer runs).
 *
 * On SQLite the heartbeat's write waits while the apply's transaction holds the writer:
 * the progress a poll reads comes from memory there (one process), the row catches up after.
 */

export const JOB_HEARTBEAT_MS = 1000;
/** A running job whose heartbeat is older than this is taken for dead (PostgreSQL). */
export const JOB_STALE_MS = 30_000;

/** This app process, in the rows of the jobs it runs. */
const PROCESS_TOKEN = crypto.randomUUID();

type Running = { row: JobRow; progress: ImportProgress; finished: Promise<void> };
/** The jobs this process runs now. */
const running = new Map<string, Running>();

type JobDeps = Pick<Deps, 'db' | 'clock' | 'env' | 'log' | 'images'>;
type JobRow = Selectable<CatalogueImportJobsTable>;

function isUniqueViolation(error: unknown): boolean {
  const code = error instanceof Error && 'code' in error ? (error as { code: unknown }).code : undefined;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}

async function findJob(db: DB, jobId: string): Promise<JobRow | undefined> {
  return await db.selectFrom('catalogue_import_jobs').selectAll().where('id', '=', jobId).executeTakeFirst();
}

async function runningJob(db: DB): Promise<JobRow | undefined> {
  return await db.selectFrom('catalogue_import_jobs').selectAll().where('running_slot', '=', 'shop').executeTakeFirst();
}

/** Whether a running job's process is gone (see the module's comment). */
function isStale(db: DB, row: JobRow, now: Date): boolean {
  if (row.state !== 'running' || running.has(row.id)) return false;
  if (dialectOf(db) === 'sqlite' || row.process_token === PROCESS_TOKEN) return true;
  return now.getTime() - Date.parse(row.heartbeat_at) > JOB_STALE_MS;
}

const STOPPED = { code: 'STOPPED', message: 'The import stopped: the shop’s process ended while it ran (a restart, a crash). Nothing of it was written: start it again.' };

/** Marks a dead job failed (once; another process may be doing the same). True when `row` was stale. */
async function failIfStale(deps: JobDeps, row: JobRow): Promise<boolean> {
  const now = deps.clock();
  if (!isStale(deps.db, row, now)) return false;
  await deps.db
    .updateTable('catalogue_import_jobs')
    .set({ state: 'failed', phase: 'failed', running_slot: null, finished_at: now.toISOString(), error: JSON.stringify(STOPPED) })
    .where('id', '=', row.id)
    .where('state', '=', 'running')
    .execute();
  deps.log.warn({ jobId: row.id }, 'catalogue import job found stale: marked failed');
  return true;
}

/** What a job is asked to do: the upload, with the ZIP of pictures sent with it, if any. */
type JobInput = { uploadId: string; mode: ImportMode; stock: StockMode; action: ImportJobAction; pictures?: string | undefined };

/** @throws AppError NOT_FOUND naming `pictures` for a ZIP upload that is gone (its bytes are not read here). */
async function checkPictures(deps: JobDeps, uploadId: string): Promise<void> {
  const row = await deps.db.selectFrom('catalogue_uploads').select('created_at').where('id', '=', uploadId).executeTakeFirst();
  if (!row || Date.parse(row.created_at) < deps.clock().getTime() - UPLOAD_KEPT_MS) {
    throw new AppError('NOT_FOUND', 'That ZIP of pictures is gone (uploads are kept for an hour): upload the file and its pictures again.', {
      fieldErrors: { pictures: 'not found' },
    });
  }
}

const describe = (row: JobRow) =>
  `the ${row.action === 'apply' ? 'import' : 'dry run'} of “${row.file_name}”, started by ${row.actor_name || 'an admin'} at ${row.started_at.slice(0, 19).replace('T', ' ')} UTC`;

/**
 * Starts the upload's dry run or apply as a background job; answers at once with its id.
 * @throws AppError NOT_FOUND for an upload that is gone; CONFLICT (409) while another import
 *   runs in this shop, naming it, who started it and when.
 */
export async function startJob(deps: JobDeps, input: JobInput, actor: { id: string | null; name: string }): Promise<{ jobId: string }> {
  const upload = await uploadInfo(deps.db, input.uploadId, deps.clock);
  // A ZIP that is gone is said now (404 naming it), not by a job that fails at once.
  if (input.pictures) await checkPictures(deps, input.pictures);
  const jobId = newId();
  let row: JobRow | undefined;
  for (let attempt = 0; ; attempt++) {
    const at = nowIso(deps.clock);
    try {
      row = {
        id: jobId,
        action: input.action,
        upload_id: input.uploadId,
        pictures_upload_id: input.pictures ?? null,
        file_name: upload.fileName,
        mode: input.mode,
        stock_mode: input.stock,
        actor_id: actor.id,
        actor_name: actor.name,
        process_token: PROCESS_TOKEN,
        state: 'running',
        phase: 'reading',
        started_at: at,
        heartbeat_at: at,
        running_slot: 'shop',
        rows_checked: 0,
        rows_written: 0,
        to_write: 0,
        total: 0,
        finished_at: null,
        result: null,
        error: null,
      };
      await deps.db.insertInto('catalogue_import_jobs').values(row).execute();
      break;
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 2) throw error;
      const other = await runningJob(deps.db);
      if (other && !(await failIfStale(deps, other))) {
        throw new AppError('CONFLICT', `Another import is running: ${describe(other)}. One import runs at a time: wait for it to finish.`, {
          fieldErrors: { action: 'another import is running', jobId: other.id },
        });
      }
    }
  }
  if (!row) throw new Error('the import job was not recorded');
  run(deps, row, input, actor.id);
  return { jobId };
}

/** Runs the job in the background; its end (done or failed) is written to its row. */
function run(deps: JobDeps, row: JobRow, input: JobInput, actorId: string | null): void {
  const jobId = row.id;
  const state: Running = { row, progress: { phase: 'reading', rowsChecked: 0, rowsWritten: 0, toWrite: 0, total: 0 }, finished: Promise.resolve() };
  running.set(jobId, state);
  let writing = false;
  const beat = async () => {
    if (writing) return;
    writing = true;
    try {
      const p = state.progress;
      await deps.db
        .updateTable('catalogue_import_jobs')
        .set({ phase: p.phase, rows_checked: p.rowsChecked, rows_written: p.rowsWritten, to_write: p.toWrite, total: p.total, heartbeat_at: nowIso(deps.clock) })
        .where('id', '=', jobId)
        .where('state', '=', 'running')
        .execute();
    } catch (error) {
      deps.log.warn({ err: error, jobId }, 'catalogue import job: progress not written');
    } finally {
      writing = false;
    }
  };
  const heartbeat = setInterval(() => void beat(), JOB_HEARTBEAT_MS);
  heartbeat.unref();
  const onProgress = (p: ImportProgress) => {
    state.progress = p;
  };
  state.finished = (async () => {
    let end: { state: 'done'; result: ImportReport } | { state: 'failed'; error: { code: string; message: string } };
    try {
      const run = { uploadId: input.uploadId, mode: input.mode, stock: input.stock, pictures: input.pictures };
      const result = input.action === 'apply' ? await applyImport(deps, run, actorId, {}, { onProgress }) : await dryRun(deps, run, { onProgress });
      end = { state: 'done', result };
    } catch (error) {
      if (!(error instanceof AppError)) deps.log.error({ err: error, jobId }, 'catalogue import job failed');
      end = {
        state: 'failed',
        error:
          error instanceof AppError
            ? { code: error.appCode, message: error.message }
            : { code: 'INTERNAL', message: 'The import failed on the server; nothing was written. Try again.' },
      };
    }
    clearInterval(heartbeat);
    const p = state.progress;
    try {
      await deps.db
        .updateTable('catalogue_import_jobs')
        .set({
          state: end.state,
          phase: end.state,
          running_slot: null,
          finished_at: nowIso(deps.clock),
          rows_checked: end.state === 'done' ? p.total : p.rowsChecked,
          rows_written: p.rowsWritten,
          to_write: p.toWrite,
          total: p.total,
          result: end.state === 'done' ? JSON.stringify(end.result) : null,
          error: end.state === 'failed' ? JSON.stringify(end.error) : null,
        })
        .where('id', '=', jobId)
        .execute();
    } catch (error) {
      deps.log.error({ err: error, jobId }, 'catalogue import job: its end was not written');
    } finally {
      running.delete(jobId);
    }
  })();
}

/** Resolves once every job this process runs has ended (tests; a graceful shutdown). */
export async function settleJobs(): Promise<void> {
  while (running.size > 0) await Promise.all([...running.values()].map((r) => r.finished));
}

function parseJson<T>(text: string | null): T | null {
  if (text === null) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

function toJob(row: JobRow, now: Date): ImportJob {
  const live = running.get(row.id)?.progress;
  const state = row.state === 'done' || row.state === 'failed' ? row.state : 'running';
  const phase: ImportJobPhase = state === 'running' ? ((live?.phase ?? row.phase) as ImportJobPhase) : state;
  const rowsChecked = live?.rowsChecked ?? Number(row.rows_checked);
  const rowsWritten = live?.rowsWritten ?? Number(row.rows_written);
  const toWrite = live?.toWrite ?? Number(row.to_write);
  const total = live?.total ?? Number(row.total);
  const started = Date.parse(row.started_at);
  const elapsedMs = Math.max(0, (row.finished_at ? Date.parse(row.finished_at) : now.getTime()) - started);
  return {
    jobId: row.id,
    action: row.action === 'apply' ? 'apply' : 'dryRun',
    uploadId: row.upload_id,
    picturesId: row.pictures_upload_id,
    fileName: row.file_name,
    mode: row.mode as ImportMode,
    stock: row.stock_mode as StockMode,
    state,
    phase,
    rowsChecked,
    rowsWritten,
    toWrite,
    total,
    startedBy: { id: row.actor_id, name: row.actor_name },
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    elapsedMs,
    timeLeftMs: state === 'running' ? timeLeft(row.action === 'apply', phase, { rowsChecked, rowsWritten, toWrite, total }, elapsedMs) : null,
    result: parseJson<ImportReport>(row.result),
    error: parseJson<{ code: string; message: string }>(row.error),
  };
}

/**
 * The time left, from the share done so far and the time it took: checking is the whole of a dry
 * run and, by this machine's figures, about half of an apply. Null until 2% is done.
 */
function timeLeft(apply: boolean, phase: ImportJobPhase, p: { rowsChecked: number; rowsWritten: number; toWrite: number; total: number }, elapsedMs: number): number | null {
  const checked = p.total > 0 ? Math.min(1, p.rowsChecked / p.total) : 0;
  const written = p.toWrite > 0 ? Math.min(1, p.rowsWritten / p.toWrite) : 0;
  let share = apply ? checked * 0.5 + written * 0.5 : checked;
  if (phase === 'reading') share = 0;
  if (share < 0.02) return null;
  return Math.round((elapsedMs * (1 - share)) / share);
}

/** A job by id (a dead one marked failed first). @throws AppError NOT_FOUND for an unknown id. */
export async function readJob(deps: JobDeps, jobId: string): Promise<ImportJob> {
  // This process's running job answers from memory (on SQLite its row may wait behind the apply).
  const mine = running.get(jobId);
  if (mine) return toJob(mine.row, deps.clock());
  let row = await findJob(deps.db, jobId);
  if (!row) throw new AppError('NOT_FOUND', 'No such import job.', { fieldErrors: { jobId: 'not found' } });
  if (await failIfStale(deps, row)) row = (await findJob(deps.db, jobId)) ?? row;
  return toJob(row, deps.clock());
}

/** The shop's running import, else its latest; null when there never was one. */
export async function currentJob(deps: JobDeps): Promise<ImportJob | null> {
  let row = await runningJob(deps.db);
  if (row && (await failIfStale(deps, row))) row = await findJob(deps.db, row.id);
  row ??= await deps.db.selectFrom('catalogue_import_jobs').selectAll().orderBy('started_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
  return row ? toJob(row, deps.clock()) : null;
}

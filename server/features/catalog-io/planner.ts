import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { DB } from '../../db/database';
import { sharedTarget } from '../../db/database';
import { AppError } from '../../errors';
import { fileBytes, FilePlan, type Planned, type PlanIo, type PlanOptions } from './file-plan';
import type { Plan, PlanCategory } from './plan';
import type { IoProduct } from './catalog-io.queries';
import type { FromPlanner, PlannerCall, PlanWorkerData, ToPlanner } from './plan-messages';

/**
 * Where an uploaded file is read and planned (issue 28). Checking 300,000 rows is seconds of CPU;
 * in the app's thread it shares the one JavaScript thread with every shopper's request, so a file
 * over WORKER_MIN_BYTES is planned in a worker thread of its own (plan-worker.ts) with its own
 * read-only connection, at a lower priority: the app thread only hears its progress, fetches its
 * pictures (the image store is the app's) and receives the plan. The worker keeps the parsed
 * file, so the apply's transaction can still have the rows of products that moved planned again.
 * A small file, or a database no other thread can reach (`:memory:`), is planned in the app's
 * thread by the same code (file-plan.ts), in slices of the event loop.
 */

/**
 * From this size a file is planned in a worker thread. Starting one from the server bundle takes
 * ~0.8 s and ~80 MB while it lives (it loads the parser, the planner and the queries); a smaller
 * file is planned in this thread in less than that, in slices.
 */
export const WORKER_MIN_BYTES = 2 * 1024 * 1024;

export type PlannerThread = 'auto' | 'worker' | 'app';

/** A planned file: the plan, and the calls the apply makes while its transaction is open. */
export type Planner = {
  readonly planned: Planned;
  readonly total: number;
  readonly categories: readonly PlanCategory[];
  /** The rows of the products in `fresh` (as they are now) planned again; `gone` were deleted since. */
  replanMoved(fresh: IoProduct[], gone: string[]): Promise<Planned>;
  /** The whole file planned again against changed categories (and the products as they are now). */
  replanAll(db: DB, categories: readonly PlanCategory[]): Promise<Planned>;
  errorRowsCsv(): Promise<string>;
  close(): Promise<void>;
};

type FirstAnswer = Planned & { total: number; categories: readonly PlanCategory[] };

/**
 * From the server bundle (`npm start` runs dist-server/) the worker is the bundle's own
 * catalogue-plan-worker.mjs; from the sources (tests, `npm run dev`) it is the .ts file, loaded
 * through tsx's loader registered in the worker (a loader registered here is not inherited).
 */
const BUNDLED = import.meta.url.endsWith('.mjs');

function workerSource(): { code: string; eval: true } | { file: string; eval: false } {
  if (BUNDLED) return { file: path.join(import.meta.dirname, 'catalogue-plan-worker.mjs'), eval: false };
  const entry = pathToFileURL(path.join(import.meta.dirname, 'plan-worker.ts')).href;
  // tsx's ESM API (its package exports name the .mjs beside the .cjs that require() finds).
  const tsx = pathToFileURL(
    createRequire(import.meta.url)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  ).href;
  return { code: `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`, eval: true };
}

function appError(error: NonNullable<(FromPlanner & { type: 'reply' })['error']>): Error {
  if (error.appCode) return new AppError(error.appCode, error.message, { fieldErrors: error.fieldErrors });
  return new Error(`the import's planning thread failed: ${error.message}`);
}

/**
 * Reads and plans an upload's bytes, in a worker thread or in this one (see the module's comment).
 * @throws AppError BAD_INPUT for a file that cannot be read, as planning in this thread would.
 */
export async function openPlanner(db: DB, upload: { uploadId: string; size: number }, options: PlanOptions, io: PlanIo, thread: PlannerThread = 'auto'): Promise<Planner> {
  const target = sharedTarget(db);
  const useWorker = target !== null && (thread === 'worker' || (thread === 'auto' && upload.size >= WORKER_MIN_BYTES));
  // (The worker reads the file's bytes itself: decoding 50 MB of a database row takes this thread's time.)
  if (useWorker) return await inWorker({ target, uploadId: upload.uploadId, options, lowPriority: true }, io);
  return await inThisThread(db, await fileBytes(db, upload.uploadId), options, io);
}

async function inThisThread(db: DB, bytes: Buffer, options: PlanOptions, io: PlanIo): Promise<Planner> {
  const plan = await FilePlan.make(db, bytes, options, io);
  return {
    planned: plan.planned(),
    total: plan.total,
    categories: plan.categories,
    replanMoved: (fresh, gone) => Promise.resolve(plan.replanMoved(fresh, gone)),
    replanAll: (trx, categories) => plan.replanAll(trx, categories),
    errorRowsCsv: () => Promise.resolve(plan.errorRowsCsv()),
    close: () => Promise.resolve(),
  };
}

async function inWorker(data: PlanWorkerData, io: PlanIo): Promise<Planner> {
  const source = workerSource();
  const worker = new Worker(source.eval ? source.code : source.file, { eval: source.eval, workerData: data });
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let calls = 0;
  let ended: Error | null = null;
  const endAll = (error: Error) => {
    ended ??= error;
    for (const w of waiting.values()) w.reject(error);
    waiting.clear();
  };
  worker.on('error', (error) => endAll(new Error(`the import's planning thread failed: ${error.message}`, { cause: error })));
  worker.on('exit', (code) => endAll(new Error(`the import's planning thread ended (exit code ${code})`)));
  const actions = new Map<number, Plan['actions']>();
  worker.on('message', (message: FromPlanner) => {
    if (message.type === 'progress') io.progress(message.rowsChecked, message.total);
    else if (message.type === 'actions') {
      const list = actions.get(message.id) ?? [];
      for (const action of message.actions) list.push(action);
      actions.set(message.id, list);
    } else if (message.type === 'pictures') {
      io.pictures(message.tokens).then(
        (results) => worker.postMessage({ type: 'pictures', id: message.id, results: [...results] } satisfies ToPlanner),
        (error: unknown) => {
          // (resolvePictures answers each picture's own problem; this is a ZIP that cannot be used at all.)
          const found = waiting.get(0);
          waiting.delete(0);
          found?.reject(error instanceof Error ? error : new Error(String(error)));
          void worker.terminate();
        },
      );
    } else {
      const found = waiting.get(message.id);
      waiting.delete(message.id);
      const pieces = actions.get(message.id);
      actions.delete(message.id);
      if (!found) return;
      // (A plan comes with its actions sent ahead in pieces: plan-worker.ts.)
      if (message.ok && pieces) (message.value as Planned).plan.actions = pieces;
      if (message.ok) found.resolve(message.value);
      else found.reject(appError(message.error ?? { message: 'no answer' }));
    }
  });
  const ask = <T>(id: number, send?: PlannerCall): Promise<T> => {
    if (ended) return Promise.reject(ended);
    return new Promise<T>((resolve, reject) => {
      waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      if (send) worker.postMessage({ type: 'call', id, call: send } satisfies ToPlanner);
    });
  };
  let first: FirstAnswer;
  try {
    first = await ask<FirstAnswer>(0);
  } catch (error) {
    await worker.terminate();
    throw error;
  }
  return {
    planned: first,
    total: first.total,
    categories: first.categories,
    replanMoved: (fresh, gone) => ask<Planned>(++calls, { method: 'replanMoved', fresh, gone }),
    replanAll: (_trx, categories) => ask<Planned>(++calls, { method: 'replanAll', categories }),
    errorRowsCsv: () => ask<string>(++calls, { method: 'errorRowsCsv' }),
    close: async () => {
      worker.removeAllListeners('exit');
      await worker.terminate();
    },
  };
}

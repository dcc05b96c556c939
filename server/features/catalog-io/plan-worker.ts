import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { openReadOnlyDatabase } from '../../db/database';
import { AppError } from '../../errors';
import type { PictureResult } from './pictures';
import { fileBytes, FilePlan, type Planned } from './file-plan';
import type { FromPlanner, PlannerCall, PlanWorkerData, ToPlanner } from './plan-messages';

/**
 * The catalogue import's worker thread (see planner.ts): reads and plans one uploaded file
 * against its own read-only connection to the shop's database, so that checking 300,000 rows
 * never takes the app thread's time from shoppers. It then answers the app thread's calls
 * (plan again the moved products, all rows against changed categories, the error rows) until
 * that thread ends it. It writes nothing.
 */

const port = parentPort;
if (!port) throw new Error('plan-worker.ts runs as a worker thread (planner.ts starts it)');
const data = workerData as PlanWorkerData;

// Linux keeps a nice value per thread: this one gives way to the app thread's shoppers. (Nice 10
// starved it under `npm run bench:import`'s browse load: the dry run took 24–30 s against 19–25 s
// at 5, while the shoppers' p99 stayed within 2× at either.)
if (data.lowPriority) {
  try {
    os.setPriority(5);
  } catch {
    // (A system that refuses it: the worker runs at the app's priority.)
  }
}

const post = (message: FromPlanner) => port.postMessage(message);

function failure(error: unknown): FromPlanner & { type: 'reply' } {
  if (error instanceof AppError) return { type: 'reply', id: -1, ok: false, error: { appCode: error.appCode, message: error.message, fieldErrors: error.fieldErrors } };
  return { type: 'reply', id: -1, ok: false, error: { message: error instanceof Error ? (error.stack ?? error.message) : String(error) } };
}

/**
 * A plan's actions go over in messages of ACTIONS_PER_MESSAGE before the plan itself: the app
 * thread takes each message in a task of its own (30,000 actions in one took it ~0.3 s to copy in).
 */
const ACTIONS_PER_MESSAGE = 1000;

function postPlanned(id: number, planned: Planned, extra: object = {}): void {
  const { actions } = planned.plan;
  for (let i = 0; i < actions.length; i += ACTIONS_PER_MESSAGE) post({ type: 'actions', id, actions: actions.slice(i, i + ACTIONS_PER_MESSAGE) });
  post({ type: 'reply', id, ok: true, value: { ...planned, plan: { ...planned.plan, actions: [] }, ...extra } });
}

let pictureRequests = 0;
const waitingPictures = new Map<number, (results: Map<string, PictureResult>) => void>();

const db = openReadOnlyDatabase(data.target);
let filePlan: FilePlan | null = null;

async function answer(call: PlannerCall): Promise<unknown> {
  if (!filePlan) throw new Error('the file is not planned yet');
  switch (call.method) {
    case 'replanMoved':
      return filePlan.replanMoved(call.fresh, call.gone);
    case 'replanAll':
      return await filePlan.replanAll(db, call.categories);
    case 'errorRowsCsv':
      return filePlan.errorRowsCsv();
  }
}

port.on('message', (message: ToPlanner) => {
  if (message.type === 'pictures') {
    waitingPictures.get(message.id)?.(new Map(message.results));
    waitingPictures.delete(message.id);
    return;
  }
  void answer(message.call).then(
    (value) => (message.call.method === 'errorRowsCsv' ? post({ type: 'reply', id: message.id, ok: true, value }) : postPlanned(message.id, value as Planned)),
    (error: unknown) => post({ ...failure(error), id: message.id }),
  );
});

try {
  filePlan = await FilePlan.make(db, await fileBytes(db, data.uploadId), data.options, {
    pictures: (tokens) =>
      new Promise((resolve) => {
        const id = ++pictureRequests;
        waitingPictures.set(id, resolve);
        post({ type: 'pictures', id, tokens });
      }),
    progress: (rowsChecked, total) => post({ type: 'progress', rowsChecked, total }),
  });
  postPlanned(0, filePlan.planned(), { total: filePlan.total, categories: filePlan.categories });
} catch (error) {
  post({ ...failure(error), id: 0 });
}

import type { DatabaseTarget } from '../../db/target';
import type { AppErrorCode } from '../../errors';
import type { PlanOptions } from './file-plan';
import type { Plan, PlanCategory } from './plan';
import type { PictureResult } from './pictures';
import type { IoProduct } from './catalog-io.queries';

/** What the app thread and the import's worker thread (planner.ts, plan-worker.ts) say to each other. */

/** What the worker starts with: the database to read, the upload it reads there and the run's choices. */
export type PlanWorkerData = { target: DatabaseTarget; uploadId: string; options: PlanOptions; lowPriority: boolean };

export type PlannerCall = { method: 'replanMoved'; fresh: IoProduct[]; gone: string[] } | { method: 'replanAll'; categories: readonly PlanCategory[] } | { method: 'errorRowsCsv' };

/** Messages to the worker. */
export type ToPlanner = { type: 'pictures'; id: number; results: [string, PictureResult][] } | { type: 'call'; id: number; call: PlannerCall };
/** Messages from the worker: id 0 answers the first plan. */
export type FromPlanner =
  | { type: 'progress'; rowsChecked: number; total: number }
  /** A piece of the actions of the plan that reply `id` then carries (its own `actions` left empty). */
  | { type: 'actions'; id: number; actions: Plan['actions'] }
  | { type: 'pictures'; id: number; tokens: string[] }
  | {
      type: 'reply';
      id: number;
      ok: boolean;
      value?: unknown;
      error?: { appCode?: AppErrorCode; message: string; fieldErrors?: Record<string, string> | undefined };
    };

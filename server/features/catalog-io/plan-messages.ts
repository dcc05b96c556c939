import type { DatabaseTarget } from '../../db/target';
import type { AppErrorCode } from '../../errors';
import type { PlanOptions } from './file-plan';
import type { PlanCategory } from './plan';
import type { PictureResult } from './pictures';
import type { IoProduct } from './catalog-io.queries';

/** What the app thread and the import's worker thread (planner.ts, plan-worker.ts) say to each other. */

/** What the worker starts with: the database to read, the file (its bytes handed over, not copied) and the run's choices. */
export type PlanWorkerData = { target: DatabaseTarget; bytes: Uint8Array; options: PlanOptions; lowPriority: boolean };

export type PlannerCall = { method: 'replanMoved'; fresh: IoProduct[]; gone: string[] } | { method: 'replanAll'; categories: readonly PlanCategory[] } | { method: 'errorRowsCsv' };

/** Messages to the worker. */
export type ToPlanner = { type: 'pictures'; id: number; results: [string, PictureResult][] } | { type: 'call'; id: number; call: PlannerCall };
/** Messages from the worker: id 0 answers the first plan. */
export type FromPlanner =
  | { type: 'progress'; rowsChecked: number; total: number }
  | { type: 'pictures'; id: number; tokens: string[] }
  | {
      type: 'reply';
      id: number;
      ok: boolean;
      value?: unknown;
      error?: { appCode?: AppErrorCode; message: string; fieldErrors?: Record<string, string> | undefined };
    };

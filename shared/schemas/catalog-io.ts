import { z } from 'zod';

/**
 * The catalogue's spreadsheet import and export (issue 28). The file's columns are described in
 * server/features/catalog-io/columns.ts; this module holds what the admin page and the
 * procedures share: the run's options and the report a dry run or an apply answers with.
 */

/** Create only (rows whose SKU exists are skipped), update only (new rows skipped), or both. */
export const IMPORT_MODES = ['both', 'create', 'update'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];
/** `set`: the Stock column is the figure (compared with the export's); `add`: it is added to the current stock. */
export const STOCK_MODES = ['set', 'add'] as const;
export type StockMode = (typeof STOCK_MODES)[number];

/** What the upload answers: the file's id, and the ZIP of pictures' when one was sent with it. */
export type ImportUpload = { uploadId: string; fileName: string; size: number; picturesId?: string; picturesName?: string };

/** The largest file an import takes. */
export const IMPORT_MAX_BYTES = 50 * 1024 * 1024;
export const IMPORT_MAX_MB = 50;

export const ImportRunInputSchema = z.object({
  uploadId: z
    .string({ error: 'uploadId is required: upload the file first' })
    .trim()
    .regex(/^[a-f0-9]{32}$/, { error: 'uploadId is not an upload of this shop' }),
  mode: z.enum(IMPORT_MODES, { error: `mode must be one of: ${IMPORT_MODES.join(', ')}` }).default('both'),
  stock: z.enum(STOCK_MODES, { error: `stock must be one of: ${STOCK_MODES.join(', ')}` }).default('set'),
  /** The upload id of a ZIP of pictures sent with the file (rows name its files: `s24-grey-1.jpg`). */
  pictures: z
    .string({ error: 'pictures must be the id of an uploaded ZIP' })
    .trim()
    .regex(/^[a-f0-9]{32}$/, { error: 'pictures is not an upload of this shop' })
    .optional(),
});
export type ImportRunInput = z.input<typeof ImportRunInputSchema>;

/** One problem of the file: its row as a spreadsheet numbers it (the header is row 1), its column's header. */
export type ImportError = { row: number; column: string | null; message: string };

/** What one row does to a product or variant, with the fields it changes (as the file writes them). */
export type ImportChange = {
  row: number;
  kind: 'create-product' | 'create-variant' | 'update';
  product: string;
  sku: string;
  changes: { field: string; from: string; to: string }[];
};

export type ImportCounts = { create: number; update: number; unchanged: number; skipped: number };

export type ImportReport = {
  uploadId: string;
  fileName: string;
  /** Data rows read (empty rows are not counted). */
  rows: number;
  products: ImportCounts;
  variants: ImportCounts;
  /** Rows with at least one error (none is written while any is left). */
  errorRows: number;
  /** The first errors, in row order (`errorCount` says how many there are in all). */
  errors: ImportError[];
  errorCount: number;
  /** The first rows that change something, old → new. */
  changes: ImportChange[];
  /** Headers that are not columns of the catalogue: ignored. */
  unknownColumns: string[];
  /** Things the import leaves alone, said once (a column it does not write, images it does not fetch yet). */
  warnings: string[];
  /** True once written (apply); false for a dry run. */
  applied: boolean;
};

/** A long import's dry run or apply as a background job (catalogIo.startJob): one at a time per shop. */
export const IMPORT_JOB_ACTIONS = ['dryRun', 'apply'] as const;
export type ImportJobAction = (typeof IMPORT_JOB_ACTIONS)[number];

export const ImportJobStartInputSchema = ImportRunInputSchema.extend({
  action: z.enum(IMPORT_JOB_ACTIONS, { error: `action must be one of: ${IMPORT_JOB_ACTIONS.join(', ')}` }),
});
export type ImportJobStartInput = z.input<typeof ImportJobStartInputSchema>;

export const ImportJobInputSchema = z.object({
  jobId: z
    .string({ error: 'jobId is required' })
    .trim()
    .regex(/^[a-f0-9]{32}$/, { error: 'jobId is not a job of this shop' }),
});

/** `reading` the file, `checking` its rows, `writing` them (apply), then `done` or `failed`. */
export type ImportJobPhase = 'reading' | 'checking' | 'writing' | 'done' | 'failed';

/** A job as the admin page shows it: its progress bar, then its report or its error. */
export type ImportJob = {
  jobId: string;
  action: ImportJobAction;
  uploadId: string;
  /** The upload id of the ZIP of pictures sent with the file (the error rows' link names it), null without one. */
  picturesId: string | null;
  fileName: string;
  mode: ImportMode;
  stock: StockMode;
  state: 'running' | 'done' | 'failed';
  phase: ImportJobPhase;
  /** Rows of the file checked so far, of `total`. */
  rowsChecked: number;
  /** Rows written so far (apply), of `toWrite` (the rows that change something; 0 until known). */
  rowsWritten: number;
  toWrite: number;
  total: number;
  startedBy: { id: string | null; name: string };
  startedAt: string;
  finishedAt: string | null;
  elapsedMs: number;
  /** Estimated from the pace so far; null while too early to tell or once ended. */
  timeLeftMs: number | null;
  /** The dry run's or apply's report once done. */
  result: ImportReport | null;
  /** Why it failed (the apply's refusal, or "stopped": its process ended). */
  error: { code: string; message: string } | null;
};

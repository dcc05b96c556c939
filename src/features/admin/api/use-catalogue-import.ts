import { useMemo } from 'react';
import type { ImportJob, ImportJobAction, ImportJobStartInput, ImportMode, ImportUpload, StockMode } from '../../../../shared/schemas/catalog-io';
import { errorStatus, trpc } from '../../../lib/trpc';

/*
 * The catalogue import's calls, in one place (issue 28): the upload (multipart, so a plain
 * fetch), then the dry run and the apply, each a background job (catalogIo.startJob) whose
 * progress the page polls (catalogIo.job) and finds again after a reload (catalogIo.currentJob).
 */

/** How often a running job's progress is asked for. */
export const JOB_POLL_MS = 700;

/** The export's downloads (plain GETs: the browser saves the file). */
export const CATALOGUE_CSV_URL = '/admin/catalogue.csv';
export const CATALOGUE_XLSX_URL = '/admin/catalogue.xlsx';

/** The export's download: the whole catalogue, or one category's products (a big catalogue's file stays under the upload limit). */
export function exportUrl(format: 'csv' | 'xlsx', category: string): string {
  const base = format === 'csv' ? CATALOGUE_CSV_URL : CATALOGUE_XLSX_URL;
  return category === '' ? base : `${base}?${new URLSearchParams({ category }).toString()}`;
}
const UPLOAD_URL = '/admin/catalogue-import';

export type ImportChoices = { mode: ImportMode; stock: StockMode };

/** Where the dry run's failing rows download from, as a CSV with an error column. */
export function errorRowsUrl(upload: ImportUpload, choices: ImportChoices): string {
  const query = new URLSearchParams({ mode: choices.mode, stock: choices.stock });
  if (upload.picturesId) query.set('pictures', upload.picturesId);
  return `${UPLOAD_URL}/${encodeURIComponent(upload.uploadId)}/errors.csv?${query.toString()}`;
}

/** Sends the file (and the ZIP of pictures); rejects with the server's own words for a refused file. */
export async function uploadCatalogueFile(file: File, pictures: File | null): Promise<ImportUpload> {
  const body = new FormData();
  body.append('file', file);
  if (pictures) body.append('pictures', pictures);
  let res: Response;
  try {
    res = await fetch(UPLOAD_URL, { method: 'POST', body, credentials: 'same-origin' });
  } catch {
    throw new Error('The upload failed: the connection was lost. Try again.');
  }
  const reply = (await res.json().catch(() => null)) as (Partial<ImportUpload> & { error?: { message?: string } }) | null;
  if (!res.ok || typeof reply?.uploadId !== 'string') {
    throw new Error(reply?.error?.message || (res.status === 413 ? 'The file is too large.' : `The upload failed (${res.status}).`));
  }
  return reply as ImportUpload;
}

/** The job's upload as the page holds one: the file and the ZIP sent with it (its name known only to the page that sent it). */
export function uploadOfJob(job: ImportJob, picturesName?: string): ImportUpload {
  return {
    uploadId: job.uploadId,
    fileName: job.fileName,
    size: 0,
    ...(job.picturesId ? { picturesId: job.picturesId, ...(picturesName ? { picturesName } : {}) } : {}),
  };
}

/** Upload-and-check, then apply, as background jobs: what the Import / export page does with a file. */
export function useCatalogueImport() {
  const utils = trpc.useUtils();
  const { mutateAsync: startJob } = trpc.catalogIo.startJob.useMutation();
  // The same object from render to render (the page's effects call it).
  return useMemo(() => importCalls(utils, startJob), [utils, startJob]);
}

function importCalls(utils: ReturnType<typeof trpc.useUtils>, startJob: (input: ImportJobStartInput) => Promise<{ jobId: string }>) {
  const input = (upload: ImportUpload, choices: ImportChoices) => ({
    uploadId: upload.uploadId,
    mode: choices.mode,
    stock: choices.stock,
    ...(upload.picturesId ? { pictures: upload.picturesId } : {}),
  });
  return {
    /**
     * Starts the upload's dry run (fetching its pictures; writes nothing) or its apply (all or
     * nothing) as a background job. Rejects with 409 "Another import is running: …" (its id in
     * the error's fieldErrors.jobId) while one runs in the shop.
     */
    start: (upload: ImportUpload, choices: ImportChoices, action: ImportJobAction): Promise<{ jobId: string }> => startJob({ ...input(upload, choices), action }),
    /** After an apply: whatever lists products in the admin or the storefront reads them again. */
    applied: () => utils.invalidate(),
    /** The shop's running import, else its latest (null when none), asked afresh (the page finds it again after a reload). */
    current: (): Promise<ImportJob | null> => utils.catalogIo.currentJob.fetch(undefined, { staleTime: 0 }),
    /**
     * Asks for the job's progress every JOB_POLL_MS, each answer to `onProgress`, until it ends;
     * resolves with the ended job (done or failed). A poll that fails on the way (the connection,
     * the server restarting) is tried again, up to a minute; a refusal (the job is gone) rejects,
     * as does `signal` once aborted (the page closed).
     */
    follow: async (jobId: string, onProgress: (job: ImportJob) => void, signal: AbortSignal): Promise<ImportJob> => {
      let failures = 0;
      for (;;) {
        try {
          const job = await utils.catalogIo.job.fetch({ jobId }, { staleTime: 0, retry: false });
          failures = 0;
          if (signal.aborted) throw new DOMException('The page stopped following the import.', 'AbortError');
          if (job.state !== 'running') return job;
          onProgress(job);
        } catch (error) {
          const status = errorStatus(error);
          if (signal.aborted || (status !== undefined && status < 500) || ++failures > 60_000 / JOB_POLL_MS) throw error;
        }
        await pause(JOB_POLL_MS, signal);
      }
    },
  };
}

/** Waits `ms`; rejects at once when `signal` aborts. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new DOMException('The page stopped following the import.', 'AbortError'));
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new DOMException('The page stopped following the import.', 'AbortError'));
      },
      { once: true },
    );
  });
}

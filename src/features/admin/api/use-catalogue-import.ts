import type { ImportMode, ImportReport, ImportUpload, StockMode } from '../../../../shared/schemas/catalog-io';
import { trpc } from '../../../lib/trpc';

/*
 * The catalogue import's calls, in one place (issue 28): the upload (multipart, so a plain
 * fetch), then the dry run and the apply. The page knows only this hook, so moving the dry run
 * and the apply to a background job with progress is a change to this file alone.
 */

/** The export's downloads (plain GETs: the browser saves the file). */
export const CATALOGUE_CSV_URL = '/admin/catalogue.csv';
export const CATALOGUE_XLSX_URL = '/admin/catalogue.xlsx';
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

/** Upload-and-check, then apply: what the Import / export page does with a file. */
export function useCatalogueImport() {
  const utils = trpc.useUtils();
  const dryRun = trpc.catalogIo.dryRun.useMutation();
  const apply = trpc.catalogIo.applyImport.useMutation({
    // Whatever lists products in the admin or the storefront reads them again.
    onSuccess: () => utils.invalidate(),
  });
  const input = (upload: ImportUpload, choices: ImportChoices) => ({
    uploadId: upload.uploadId,
    mode: choices.mode,
    stock: choices.stock,
    ...(upload.picturesId ? { pictures: upload.picturesId } : {}),
  });
  return {
    /** The dry run of an upload (fetching its pictures): what an import would do, written nowhere. */
    check: (upload: ImportUpload, choices: ImportChoices): Promise<ImportReport> => dryRun.mutateAsync(input(upload, choices)),
    /** Imports the upload, all or nothing. */
    apply: (upload: ImportUpload, choices: ImportChoices): Promise<ImportReport> => apply.mutateAsync(input(upload, choices)),
    applying: apply.isPending,
  };
}

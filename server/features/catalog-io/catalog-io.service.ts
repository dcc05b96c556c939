import type { Writable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import type { DB } from '../../db/database';
import { newId, nowIso } from '../../db/database';
import { transaction } from '../../db/transaction';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { writeAudit } from '../../audit/audit';
import { listAdminCategories } from '../catalog/categories.service';
import { IMPORT_MAX_BYTES, IMPORT_MAX_MB, type ImportMode, type ImportReport, type StockMode } from '../../../shared/schemas/catalog-io';
import { matchHeaders, specColumns } from './columns';
import { escapeFormula, splitList, unescapeFormula } from './cells';
import { exportHeaders, exportRows, writeCsv, writeXlsx, type ExportPaging } from './export';
import { parseTable, type ParsedTable } from './parse';
import { errorText, planImport, type Plan, type PlanContext } from './plan';
import { writePlan } from './apply';
import { isWebPicture, isZipPicture, resolvePictures, type PictureResult } from './pictures';
import * as q from './catalog-io.queries';

/**
 * The catalogue in a spreadsheet (issue 28): export every product and variant as CSV or .xlsx,
 * streamed; import such a file (or a shorter one) with a dry run first and an apply that is all
 * or nothing. An upload is kept in the database for an hour (catalogue_uploads), so its dry
 * run, error rows and apply can be asked for by id from any app process.
 */

export type ExportFormat = 'csv' | 'xlsx';

/** How long an upload is kept. */
export const UPLOAD_KEPT_MS = 60 * 60 * 1000;
/** The report lists this many errors (the error file holds every failing row). */
export const ERRORS_LISTED = 200;

export function exportFileName(format: ExportFormat, clock: () => Date): string {
  return `catalogue-${nowIso(clock).slice(0, 10)}.${format}`;
}

/**
 * Streams the whole catalogue (archived products and variants too) into `out`, one row per
 * variant, and records the export in the audit log. Resolves with the rows written.
 */
export async function exportCatalogue(
  deps: Pick<Deps, 'db' | 'clock' | 'env'>,
  format: ExportFormat,
  out: Writable,
  actorId: string | null,
  paging: ExportPaging = {},
): Promise<number> {
  const categories = await listAdminCategories(deps.db);
  const headers = exportHeaders(specColumns(categories));
  const rows = exportRows(deps.db, categories, deps.env.PUBLIC_URL, paging);
  const count = format === 'csv' ? await writeCsv(out, headers, rows) : await writeXlsx(out, headers, rows);
  await writeAudit(deps.db, { at: nowIso(deps.clock), actorId, action: 'catalog.export', detail: { format, rows: count } });
  return count;
}

/** "prices (1).csv" as a file name the shop keeps and shows: one line, at most 200 characters. */
function cleanFileName(name: string): string {
  // eslint-disable-next-line no-control-regex
  const clean = name.replace(/[\u0000-\u001f\u007f/\\]/g, '').trim();
  return (clean || 'catalogue').slice(0, 200);
}

/**
 * Keeps an uploaded file for its dry run and apply; uploads older than an hour go.
 * @throws AppError BAD_INPUT for an empty file, IMAGE_TOO_LARGE-like 413 past IMPORT_MAX_MB.
 */
export async function storeUpload(
  deps: Pick<Deps, 'db' | 'clock'>,
  file: { name: string; bytes: Buffer },
  actorId: string | null,
  field: 'file' | 'pictures' = 'file',
): Promise<{ uploadId: string; fileName: string; size: number }> {
  if (file.bytes.length === 0) throw new AppError('BAD_INPUT', 'The file is empty.', { fieldErrors: { [field]: 'empty' } });
  if (file.bytes.length > IMPORT_MAX_BYTES)
    throw new AppError('BAD_INPUT', `The file is larger than ${IMPORT_MAX_MB} MB: split it into smaller files.`, { fieldErrors: { [field]: 'too large' } });
  const now = deps.clock();
  const id = newId();
  const fileName = cleanFileName(file.name);
  await deps.db
    .deleteFrom('catalogue_uploads')
    .where('created_at', '<', new Date(now.getTime() - UPLOAD_KEPT_MS).toISOString())
    .execute();
  await deps.db
    .insertInto('catalogue_uploads')
    .values({ id, actor_id: actorId, file_name: fileName, size: file.bytes.length, bytes: file.bytes, created_at: now.toISOString() })
    .execute();
  return { uploadId: id, fileName, size: file.bytes.length };
}

/**
 * A ZIP of pictures, by its first bytes (a local file header, or an empty archive's end record).
 * @throws AppError BAD_INPUT naming `pictures` for anything else.
 */
export function checkPicturesZip(bytes: Buffer): void {
  const magic = bytes.subarray(0, 4).toString('latin1');
  if (magic !== 'PK\x03\x04' && magic !== 'PK\x05\x06') {
    throw new AppError('BAD_INPUT', 'The pictures file is not a ZIP archive: put the pictures in a folder and save it as a .zip.', { fieldErrors: { pictures: 'not a ZIP' } });
  }
}

async function readUpload(db: DB, uploadId: string, clock: () => Date): Promise<{ fileName: string; bytes: Buffer }> {
  const row = await db.selectFrom('catalogue_uploads').select(['file_name', 'bytes', 'created_at']).where('id', '=', uploadId).executeTakeFirst();
  if (!row || Date.parse(row.created_at) < clock().getTime() - UPLOAD_KEPT_MS) {
    throw new AppError('NOT_FOUND', 'That upload is gone (uploads are kept for an hour): upload the file again.', { fieldErrors: { uploadId: 'not found' } });
  }
  return { fileName: row.file_name, bytes: Buffer.from(row.bytes) };
}

/** The catalogue the file names: categories, and the products its Handles and SKUs point at. */
async function planContext(db: DB, table: ParsedTable, opts: { mode: ImportMode; stock: StockMode; publicUrl: string }): Promise<PlanContext> {
  const categories = await listAdminCategories(db);
  const { columns } = matchHeaders(table.headers, specColumns(categories));
  const at = (id: 'handle' | 'sku') => columns.findIndex((c) => c?.kind === 'base' && c.id === id);
  const cellsOf = (i: number) => (i < 0 ? [] : table.rows.map((r) => unescapeFormula(r.cells[i] ?? '').trim()).filter((v) => v !== ''));
  const skuOwners = await q.productIdsBySku(db, cellsOf(at('sku')));
  const handles = cellsOf(at('handle')).filter((h) => /^[A-Za-z0-9_-]{1,64}$/.test(h));
  const products = await q.productsById(db, [...handles, ...skuOwners.values()]);
  return {
    categories,
    products: new Map(products.map((p) => [p.id, p])),
    skuOwners,
    mode: opts.mode,
    stockMode: opts.stock,
    publicUrl: opts.publicUrl,
  };
}

function report(uploadId: string, fileName: string, plan: Plan, applied: boolean): ImportReport {
  return {
    uploadId,
    fileName,
    rows: plan.rows,
    products: plan.products,
    variants: plan.variants,
    errorRows: plan.errorRows,
    errors: plan.errors.slice(0, ERRORS_LISTED),
    errorCount: plan.errors.length,
    changes: plan.changes,
    unknownColumns: plan.unknownColumns,
    warnings: plan.warnings,
    applied,
  };
}

type RunInput = { uploadId: string; mode: ImportMode; stock: StockMode; pictures?: string | undefined };
type RunDeps = Pick<Deps, 'db' | 'clock' | 'env' | 'images'>;

/**
 * The pictures the file's `Image URLs` and `Variant image URLs` cells name at other sites
 * (http/https) or by a file name in the ZIP uploaded with it, each once; this shop's own
 * `/images/…` are not among them.
 */
function pictureTokens(table: ParsedTable, publicUrl: string): string[] {
  const { columns } = matchHeaders(table.headers, []);
  const at = columns.flatMap((c, i) => (c?.kind === 'base' && (c.id === 'images' || c.id === 'variantImages') ? [i] : []));
  const own = `${publicUrl}/images/`;
  const tokens = new Set<string>();
  for (const r of table.rows) {
    for (const i of at) {
      for (const token of splitList(unescapeFormula(r.cells[i] ?? '').trim())) {
        if (!token.startsWith('/images/') && !token.startsWith(own) && (isWebPicture(token) || isZipPicture(token))) tokens.add(token);
      }
    }
  }
  return [...tokens];
}

/**
 * Those pictures fetched or unpacked and stored through the image pipeline (outside any
 * transaction): each answers its stored address or its problem. A picture that a product or
 * variant the file names already has (an export's own cell) is kept as it is, not fetched.
 */
async function filePictures(deps: RunDeps, table: ParsedTable, input: RunInput, ctx?: PlanContext): Promise<Map<string, PictureResult>> {
  const tokens = pictureTokens(table, deps.env.PUBLIC_URL);
  if (tokens.length === 0) return new Map();
  const { products } = ctx ?? (await planContext(deps.db, table, { ...input, publicUrl: deps.env.PUBLIC_URL }));
  const known = new Set<string>();
  for (const p of products.values()) for (const url of [...p.images, ...p.variants.flatMap((v) => v.images)]) known.add(url);
  const kept = new Map<string, PictureResult>(tokens.filter((t) => known.has(t)).map((t): [string, PictureResult] => [t, { url: t }]));
  const zip = input.pictures ? (await readUpload(deps.db, input.pictures, deps.clock)).bytes : null;
  const fetched = await resolvePictures({
    tokens: tokens.filter((t) => !known.has(t)),
    zip,
    store: deps.images,
    allowPrivate: deps.env.IMPORT_FETCH_PRIVATE,
    cacheKey: input.uploadId,
  });
  return new Map([...kept, ...fetched]);
}

/** The plan's context with the file's pictures fetched (see filePictures). */
async function planWithPictures(deps: RunDeps, table: ParsedTable, input: RunInput): Promise<PlanContext> {
  const ctx = await planContext(deps.db, table, { ...input, publicUrl: deps.env.PUBLIC_URL });
  return { ...ctx, pictures: await filePictures(deps, table, input, ctx) };
}

/** What an import of the upload would do, written nowhere (its pictures are fetched and stored, so the apply finds them). @throws AppError BAD_INPUT (400) for a file that cannot be read. */
export async function dryRun(deps: RunDeps, input: RunInput): Promise<ImportReport> {
  const upload = await readUpload(deps.db, input.uploadId, deps.clock);
  const table = await parseTable(upload.bytes);
  const plan = planImport(table, await planWithPictures(deps, table, input));
  return report(input.uploadId, upload.fileName, plan, false);
}

/**
 * Applies the upload, all or nothing: in one transaction the file is planned again against the
 * catalogue as it is then (never trusting an earlier dry run), refused whole while any row has an
 * error, else written through the catalogue's services; one audit entry sums it up.
 * @throws AppError BAD_INPUT (nothing written) when rows are in error; whatever a service refuses
 *   while writing (a SKU taken meanwhile: CONFLICT; a stock moved: STOCK_CHANGED), nothing written.
 */
export async function applyImport(deps: RunDeps, input: RunInput, actorId: string | null, hooks: { beforeCommit?: (trx: DB) => Promise<void> } = {}): Promise<ImportReport> {
  const upload = await readUpload(deps.db, input.uploadId, deps.clock);
  const table = await parseTable(upload.bytes);
  // Pictures are fetched and stored before the transaction opens (no transaction waits on the network).
  const pictures = await filePictures(deps, table, input);
  return transaction(deps.db, async (trx) => {
    const ctx = { ...(await planContext(trx, table, { ...input, publicUrl: deps.env.PUBLIC_URL })), pictures };
    const plan = planImport(table, ctx);
    if (plan.errors.length > 0) {
      const first = plan.errors[0];
      throw new AppError(
        'BAD_INPUT',
        `Nothing was imported: ${plan.errorRows} ${plan.errorRows === 1 ? 'row has' : 'rows have'} errors${first ? ` (${errorText(first)})` : ''}. Run the dry run, fix the rows and upload the file again.`,
        { fieldErrors: { file: `${plan.errors.length} errors` } },
      );
    }
    const current = new Map([...ctx.products.values()].map((p) => [p.id, p]));
    await writePlan(trx, plan, current, { deps, actorId, fileName: upload.fileName });
    await writeAudit(trx, {
      at: nowIso(deps.clock),
      actorId,
      action: 'catalog.import',
      detail: {
        fileName: upload.fileName,
        mode: input.mode,
        stock: input.stock,
        rows: plan.rows,
        products: plan.products,
        variants: plan.variants,
        changes: plan.changes.slice(0, 50),
      },
    });
    await hooks.beforeCommit?.(trx);
    return report(input.uploadId, upload.fileName, plan, true);
  });
}

/**
 * The rows in error, as a CSV to fix and upload again: the file's header with an `error` column
 * first, then each failing row as it was, with its errors.
 */
export async function errorRowsCsv(deps: RunDeps, input: RunInput): Promise<{ fileName: string; csv: string }> {
  const upload = await readUpload(deps.db, input.uploadId, deps.clock);
  const table = await parseTable(upload.bytes);
  const plan = planImport(table, await planWithPictures(deps, table, input));
  const byRow = new Map<number, string[]>();
  for (const e of plan.errors) byRow.set(e.row, [...(byRow.get(e.row) ?? []), `${e.column ? `${e.column}: ` : ''}${e.message}`]);
  const records = [['error', ...table.headers]];
  for (const r of table.rows) {
    const messages = byRow.get(r.row);
    if (messages) records.push([`row ${r.row}: ${messages.join('; ')}`, ...r.cells].map((c, i) => (i === 0 ? escapeFormula(c) : c)));
  }
  const base = upload.fileName.replace(/\.(csv|xlsx|txt)$/i, '');
  return { fileName: `${base}-errors.csv`, csv: stringify(records, { bom: true, record_delimiter: '\r\n' }) };
}

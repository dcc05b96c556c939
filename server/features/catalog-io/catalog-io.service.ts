import type { Writable } from 'node:stream';
import type { DB } from '../../db/database';
import { newId, nowIso } from '../../db/database';
import { transaction } from '../../db/transaction';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { writeAudit } from '../../audit/audit';
import { factColumns, toProductFacts } from '../../db/product-row';
import { listAdminCategories } from '../catalog/categories.service';
import { saveVariantEditsBatch, type BatchNewVariants, type BatchVariantEdit } from '../catalog/variants.service';
import { IMPORT_MAX_BYTES, IMPORT_MAX_MB, type ImportMode, type ImportReport, type StockMode } from '../../../shared/schemas/catalog-io';
import { specColumns } from './columns';
import { exportHeaders, exportPages, writeCsv, writeXlsx, type ExportPaging } from './export';
import { parseTable } from './parse';
import { errorText, planImport, type Plan, type UpdateAction } from './plan';
import { factsInput, variantInput, writePlan } from './apply';
import { resolvePictures } from './pictures';
import { fileBytes, filePictures, fingerprint, planContext, uploadGone, type PlanIo } from './file-plan';
import { openPlanner, type PlannerThread } from './planner';
import * as q from './catalog-io.queries';
import type { IoProduct } from './catalog-io.queries';

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

export function exportFileName(format: ExportFormat, clock: () => Date, category?: string): string {
  return `catalogue-${category ? `${category}-` : ''}${nowIso(clock).slice(0, 10)}.${format}`;
}

/**
 * The category an export is limited to, checked: undefined for the whole catalogue.
 * @throws AppError BAD_INPUT naming the category when the shop has none of that name.
 */
export async function exportCategory(db: DB, category: string | undefined): Promise<string | undefined> {
  if (category === undefined || category === '') return undefined;
  const known = (await listAdminCategories(db)).map((c) => c.value);
  if (!known.includes(category)) {
    throw new AppError('BAD_INPUT', `category '${category}' does not exist (the shop's categories: ${known.join(', ')})`, { fieldErrors: { category: 'no such category' } });
  }
  return category;
}

/**
 * Streams the whole catalogue (archived products and variants too), or one category's products
 * (`paging.category`: a big catalogue's file stays under the upload limit), into `out`, one row
 * per variant, and records the export in the audit log. Resolves with the rows written.
 */
export async function exportCatalogue(
  deps: Pick<Deps, 'db' | 'clock' | 'env'>,
  format: ExportFormat,
  out: Writable,
  actorId: string | null,
  paging: ExportPaging = {},
): Promise<number> {
  const all = await listAdminCategories(deps.db);
  // One category's export has that category's spec columns only.
  const categories = paging.category === undefined ? all : all.filter((c) => c.value === paging.category);
  const headers = exportHeaders(specColumns(categories));
  const pages = exportPages(deps.db, categories, deps.env.PUBLIC_URL, paging);
  const count = format === 'csv' ? await writeCsv(out, headers, pages) : await writeXlsx(out, headers, pages);
  await writeAudit(deps.db, {
    at: nowIso(deps.clock),
    actorId,
    action: 'catalog.export',
    detail: { format, rows: count, ...(paging.category === undefined ? {} : { category: paging.category }) },
  });
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
    throw new AppError(
      'BAD_INPUT',
      `The file is larger than ${IMPORT_MAX_MB} MB: split it into smaller files (export one category at a time), or keep only the columns you changed (SKU and the figures).`,
      { fieldErrors: { [field]: 'too large' } },
    );
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

/**
 * The stored upload's name and size, its bytes left in the database (a 50 MB file read here would
 * hold the app's thread while its rows are decoded). @throws AppError NOT_FOUND once it is gone (kept an hour).
 */
export async function uploadInfo(db: DB, uploadId: string, clock: () => Date): Promise<{ fileName: string; size: number }> {
  const row = await db.selectFrom('catalogue_uploads').select(['file_name', 'size', 'created_at']).where('id', '=', uploadId).executeTakeFirst();
  if (!row || Date.parse(row.created_at) < clock().getTime() - UPLOAD_KEPT_MS) throw uploadGone();
  return { fileName: row.file_name, size: Number(row.size) };
}

/** The stored upload. @throws AppError NOT_FOUND once it is gone (kept an hour). */
export async function readUpload(db: DB, uploadId: string, clock: () => Date): Promise<{ fileName: string; bytes: Buffer }> {
  const { fileName } = await uploadInfo(db, uploadId, clock);
  return { fileName, bytes: await fileBytes(db, uploadId) };
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

/** Where planning gets its pictures (fetched or unpacked from the run's ZIP, stored by this thread's image store) and tells its progress. */
function planIo(deps: RunDeps, input: RunInput, progress: (p: ImportProgress) => void): PlanIo {
  return {
    pictures: async (tokens) =>
      await resolvePictures({
        tokens,
        zip: input.pictures ? (await readUpload(deps.db, input.pictures, deps.clock)).bytes : null,
        store: deps.images,
        allowPrivate: deps.env.IMPORT_FETCH_PRIVATE,
        cacheKey: input.uploadId,
      }),
    progress: (rowsChecked, total) => progress({ phase: 'checking', rowsChecked, rowsWritten: 0, toWrite: 0, total }),
  };
}

/** Where a long run is: the admin page's progress bar (the background job reports it). */
export type ImportProgress = { phase: 'reading' | 'checking' | 'writing'; rowsChecked: number; rowsWritten: number; toWrite: number; total: number };

export type RunOptions = {
  onProgress?: (progress: ImportProgress) => void;
  /**
   * 'batch' (the default): planned outside any transaction, then written in one short one, price
   * and stock changes with set-based SQL. 'services': the first slice's way (planned again inside
   * the transaction, every product through the product form's services), kept for the tests that
   * hold the two to the same result.
   */
  path?: 'batch' | 'services';
  /** Where the file is planned (planner.ts): 'auto' (the default) by its size; the tests name one. */
  thread?: PlannerThread;
};

const aTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

function refuseErrors(plan: Plan): void {
  if (plan.errors.length === 0) return;
  const first = plan.errors[0];
  throw new AppError(
    'BAD_INPUT',
    `Nothing was imported: ${plan.errorRows} ${plan.errorRows === 1 ? 'row has' : 'rows have'} errors${first ? ` (${errorText(first)})` : ''}. Run the dry run, fix the rows and upload the file again.`,
    { fieldErrors: { file: `${plan.errors.length} errors` } },
  );
}

/**
 * What an import of the upload would do, written nowhere; planned while the shop keeps serving
 * (planner.ts: in a worker thread, or in slices of this one). @throws AppError BAD_INPUT (400)
 * for a file that cannot be read.
 */
export async function dryRun(deps: RunDeps, input: RunInput, opts: RunOptions = {}): Promise<ImportReport> {
  const { upload, planner } = await readAndPlan(deps, input, opts, false);
  await planner.close();
  return report(input.uploadId, upload.fileName, planner.planned.plan, false);
}

/**
 * The upload read, parsed and planned outside any transaction while the shop serves (planner.ts),
 * telling `opts.onProgress` as it goes. Its pictures are fetched and stored first (so an apply
 * finds them, and no transaction ever waits on the network). The caller closes the planner.
 */
async function readAndPlan(deps: RunDeps, input: RunInput, opts: RunOptions, includeActions: boolean) {
  const progress = opts.onProgress ?? (() => undefined);
  progress({ phase: 'reading', rowsChecked: 0, rowsWritten: 0, toWrite: 0, total: 0 });
  // (Its bytes are read by whichever thread plans it: planner.ts.)
  const upload = await uploadInfo(deps.db, input.uploadId, deps.clock);
  const options = { mode: input.mode, stock: input.stock, publicUrl: deps.env.PUBLIC_URL, includeActions };
  const planner = await openPlanner(deps.db, { uploadId: input.uploadId, size: upload.size }, options, planIo(deps, input, progress), opts.thread);
  return { upload, planner };
}

/**
 * Applies the upload, all or nothing. The file is planned first, outside any transaction and off
 * the shoppers' way (planner.ts), and refused whole while any row has an error. Then, in ONE
 * transaction (on PostgreSQL at READ COMMITTED under the import's lock, the products it changes
 * locked FOR UPDATE): the products the plan changes are read again, and any that moved since it
 * was planned (a sale, an admin's edit: its fingerprint differs) has its rows planned again
 * against what is there now (a stock that moved since the export is then the row's error, as in
 * the dry run); a category changed meanwhile has the whole file planned again. Price, stock and
 * other figure changes of existing variants, and new variants of existing products (with the
 * option values they bring), are written with set-based SQL (variants.service's
 * saveVariantEditsBatch), everything else (new products, product fields, facts, specs, archive
 * and restore) through the product form's services; one audit entry sums it up. A failure
 * anywhere rolls everything back.
 * @throws AppError BAD_INPUT (nothing written) when rows are in error; whatever a service refuses
 *   while writing (a SKU taken meanwhile: CONFLICT; a stock moved: STOCK_CHANGED), nothing written.
 */
export async function applyImport(
  deps: RunDeps,
  input: RunInput,
  actorId: string | null,
  hooks: { beforeCommit?: (trx: DB) => Promise<void>; afterPlan?: () => Promise<void> } = {},
  opts: RunOptions = {},
): Promise<ImportReport> {
  if (opts.path === 'services') return applyThroughServices(deps, input, actorId, hooks);
  const progress = opts.onProgress ?? (() => undefined);
  const { upload, planner } = await readAndPlan(deps, input, opts, true);
  try {
    const total = planner.total;
    refuseErrors(planner.planned.plan);
    // (Tests: a sale or an edit between the plan and the write.)
    await hooks.afterPlan?.();
    progress({ phase: 'writing', rowsChecked: total, rowsWritten: 0, toWrite: 0, total });
    return await transaction(
      deps.db,
      async (trx) => {
        let { plan: final, fingerprints } = planner.planned;
        const categories = await listAdminCategories(trx);
        // A category changed since the plan: the whole file is planned again.
        if (JSON.stringify(categories) !== JSON.stringify(planner.categories)) ({ plan: final, fingerprints } = await planner.replanAll(trx, categories));
        const touched = final.actions.flatMap((a) => (a.kind === 'update' ? [a.productId] : []));
        const current = new Map((await q.lockAndReadProducts(trx, touched)).map((p) => [p.id, p]));
        const moved: IoProduct[] = [];
        const gone: string[] = [];
        for (let i = 0; i < touched.length; i += 500) {
          for (const id of touched.slice(i, i + 500)) {
            const now = current.get(id);
            if (!now) gone.push(id);
            else if (fingerprint(now) !== fingerprints.get(id)) moved.push(now);
          }
          // (A turn between pieces: on SQLite shoppers' reads are answered while the transaction is open.)
          await aTurn();
        }
        if (moved.length > 0 || gone.length > 0) ({ plan: final } = await planner.replanMoved(moved, gone));
        refuseErrors(final);
        const batch: UpdateAction[] = [];
        const rest: Plan['actions'] = [];
        for (const action of final.actions) {
          if (action.kind === 'update' && batchable(action, current.get(action.productId))) batch.push(action);
          else rest.push(action);
        }
        let written = 0;
        const rowsOf = (a: Plan['actions'][number]) => (a.kind === 'update' ? a.edits.length + a.added.length || 1 : a.variants.length);
        const toWrite = final.actions.reduce((n, a) => n + rowsOf(a), 0);
        progress({ phase: 'writing', rowsChecked: total, rowsWritten: 0, toWrite, total });
        for (let i = 0; i < rest.length; i += 200) {
          const chunk = rest.slice(i, i + 200);
          await writePlan(trx, { ...final, actions: chunk }, current, { deps, actorId, fileName: upload.fileName });
          written += chunk.reduce((n, a) => n + rowsOf(a), 0);
          progress({ phase: 'writing', rowsChecked: total, rowsWritten: written, toWrite, total });
        }
        await saveVariantEditsBatch(trx, batchEdits(batch, current), {
          at: nowIso(deps.clock),
          actorId,
          movement: { reason: 'import', note: `import: ${upload.fileName}` },
          added: batchAdded(batch, current),
          // (Read under the lock above: the summaries are worked out from them.)
          variants: new Map(
            batch.flatMap((a) => {
              const p = current.get(a.productId);
              return p ? [[a.productId, p.variants] as const] : [];
            }),
          ),
        });
        written += batch.reduce((n, a) => n + rowsOf(a), 0);
        progress({ phase: 'writing', rowsChecked: total, rowsWritten: written, toWrite, total });
        await auditImport(trx, deps, input, actorId, upload.fileName, final);
        await hooks.beforeCommit?.(trx);
        return report(input.uploadId, upload.fileName, final, true);
      },
      { locks: ['catalogue-import'] },
    );
  } finally {
    await planner.close();
  }
}

async function auditImport(trx: DB, deps: Pick<Deps, 'clock'>, input: RunInput, actorId: string | null, fileName: string, plan: Plan): Promise<void> {
  await writeAudit(trx, {
    at: nowIso(deps.clock),
    actorId,
    action: 'catalog.import',
    detail: {
      fileName,
      mode: input.mode,
      stock: input.stock,
      rows: plan.rows,
      products: plan.products,
      variants: plan.variants,
      changes: plan.changes.slice(0, 50),
    },
  });
}

/**
 * An update the set-based writer does as the product form would: figures (prices, EAN, weight,
 * pictures) and stock of existing variants, new variants (with a SKU) and the new option values
 * they bring, nothing else (product fields, facts, specs, archive, tracking switched and new
 * variants without a SKU go through the services).
 */
export function batchable(a: UpdateAction, product: IoProduct | undefined): boolean {
  if (!product || a.archived !== null) return false;
  if (a.product !== null && !onlyOptions(a.product, product)) return false;
  if (a.added.some((v) => v.sku === undefined || v.archived)) return false;
  return a.edits.every((e) => {
    const v = product.variants.find((x) => x.id === e.variantId);
    if (!v || e.archived !== null || e.specsChanged) return false;
    if (e.fields && (e.fields.sku !== v.sku || JSON.stringify(e.fields.optionValues) !== JSON.stringify(v.optionValues))) return false;
    if (e.stock && !(e.stock.trackStock && v.trackStock && e.stock.stock !== undefined && e.stock.expected !== undefined)) return false;
    return true;
  });
}

/** A product change that is its options alone (new values for new variants): its fields, facts and specs as they are. */
function onlyOptions(p: NonNullable<UpdateAction['product']>, product: IoProduct): boolean {
  if (p.productName !== product.name || p.brandName !== product.brand || p.category !== product.category || p.description !== product.description) return false;
  if (JSON.stringify(p.images) !== JSON.stringify(product.images) || p.specs !== undefined) return false;
  // Facts the form would write back as they are stored (updateProduct's storedFacts).
  const facts = factsInput(p.facts);
  return facts === undefined || JSON.stringify(toProductFacts(factColumns(facts))) === JSON.stringify(product.facts);
}

/** The new variants of batched updates, as the product form's save gets them (after the edited variants). */
function batchAdded(actions: readonly UpdateAction[], products: ReadonlyMap<string, IoProduct>): BatchNewVariants[] {
  return actions.flatMap((a) => {
    const p = products.get(a.productId);
    if (!p || a.added.length === 0) return [];
    const options = a.product?.options;
    return [
      {
        productId: a.productId,
        productName: p.name,
        options: options !== undefined && JSON.stringify(options) !== JSON.stringify(p.options) ? options : null,
        currentOptions: p.options,
        existing: p.variants,
        index: a.edits.filter((e) => e.fields !== null).length,
        variants: a.added.flatMap((v) => (v.sku === undefined ? [] : [{ ...variantInput(v, true), sku: v.sku }])),
      },
    ];
  });
}

function batchEdits(actions: readonly UpdateAction[], products: ReadonlyMap<string, IoProduct>): BatchVariantEdit[] {
  return actions.flatMap((a) => {
    const p = products.get(a.productId);
    if (!p) return [];
    return a.edits.flatMap((e) => {
      const v = p.variants.find((x) => x.id === e.variantId);
      if (!v) return [];
      return [
        {
          productId: a.productId,
          productName: p.name,
          current: v,
          fields: e.fields
            ? {
                ean: e.fields.ean,
                price: e.fields.price,
                sellingPrice: e.fields.sellingPrice,
                weightGrams: e.fields.weightGrams,
                images: e.fields.images,
                lowStockLevel: e.fields.lowStockLevel,
              }
            : null,
          stock: e.stock && e.stock.stock !== undefined && e.stock.expected !== undefined ? { from: e.stock.expected, to: e.stock.stock } : null,
        },
      ];
    });
  });
}

/** The first slice's apply: planned again inside one transaction, written through the catalogue's services. */
async function applyThroughServices(deps: RunDeps, input: RunInput, actorId: string | null, hooks: { beforeCommit?: (trx: DB) => Promise<void> }): Promise<ImportReport> {
  const upload = await readUpload(deps.db, input.uploadId, deps.clock);
  const table = await parseTable(upload.bytes);
  const options = { ...input, publicUrl: deps.env.PUBLIC_URL };
  // Pictures are fetched and stored before the transaction opens (no transaction waits on the network).
  const pictures = await filePictures(
    table,
    await planContext(deps.db, table, options),
    planIo(deps, input, () => undefined),
  );
  return transaction(deps.db, async (trx) => {
    const ctx = { ...(await planContext(trx, table, { ...input, publicUrl: deps.env.PUBLIC_URL })), pictures };
    const plan = planImport(table, ctx);
    refuseErrors(plan);
    const current = new Map([...ctx.products.values()].map((p) => [p.id, p]));
    await writePlan(trx, plan, current, { deps, actorId, fileName: upload.fileName });
    await auditImport(trx, deps, input, actorId, upload.fileName, plan);
    await hooks.beforeCommit?.(trx);
    return report(input.uploadId, upload.fileName, plan, true);
  });
}

/**
 * The rows in error, as a CSV to fix and upload again: the file's header with an `error` column
 * first, then each failing row as it was, with its errors (file-plan.ts).
 */
export async function errorRowsCsv(deps: RunDeps, input: RunInput, opts: RunOptions = {}): Promise<{ fileName: string; csv: string }> {
  const { upload, planner } = await readAndPlan(deps, input, opts, false);
  try {
    const base = upload.fileName.replace(/\.(csv|xlsx|txt)$/i, '');
    return { fileName: `${base}-errors.csv`, csv: await planner.errorRowsCsv() };
  } finally {
    await planner.close();
  }
}

import crypto from 'node:crypto';
import { stringify } from 'csv-stringify/sync';
import type { DB } from '../../db/database';
import { AppError } from '../../errors';
import { listAdminCategories } from '../catalog/categories.service';
import type { ImportCounts, ImportMode, StockMode } from '../../../shared/schemas/catalog-io';
import { matchHeaders, specColumns } from './columns';
import { escapeFormula, splitList, unescapeFormula } from './cells';
import { parseTable, type ParsedTable } from './parse';
import { CHANGES_LISTED, planImport, planImportAsync, type Plan, type PlanCategory, type PlanContext, type UpdateAction } from './plan';
import { isWebPicture, isZipPicture, type PictureResult } from './pictures';
import * as q from './catalog-io.queries';
import type { IoProduct } from './catalog-io.queries';

/**
 * One uploaded file read, parsed and planned against the catalogue (issue 28), and kept so that
 * the apply can plan again the rows of products that moved since. The same code runs in the app's
 * thread (a small file, an in-memory database) and in the import's worker thread (plan-worker.ts),
 * which answers these methods by message: whatever it holds (the parsed rows, the products the
 * file names) stays in that thread, and the app's thread gets the plan and small answers.
 */

export type PlanOptions = { mode: ImportMode; stock: StockMode; publicUrl: string; includeActions: boolean };

/** What planning needs from the app's thread: its pictures fetched and stored, and an ear for progress. */
export type PlanIo = {
  /** Stores the pictures the file names at other sites or in its ZIP (never those the catalogue already has). */
  pictures(tokens: string[]): Promise<Map<string, PictureResult>>;
  progress(rowsChecked: number, total: number): void;
};

/** A product as the plan saw it, in a few bytes: the apply compares it with the product as it is in its transaction. */
export function fingerprint(p: IoProduct): string {
  return crypto.createHash('sha1').update(JSON.stringify(p)).digest('base64');
}

/** What a plan answers: the plan (its actions left out for a dry run) and the fingerprints of the products it updates. */
export type Planned = { plan: Plan; fingerprints: Map<string, string> };

/** An upload that is gone (uploads are kept an hour). */
export const uploadGone = () => new AppError('NOT_FOUND', 'That upload is gone (uploads are kept for an hour): upload the file again.', { fieldErrors: { uploadId: 'not found' } });

/** An uploaded file's bytes, read by the thread that plans it. @throws AppError NOT_FOUND once it is gone. */
export async function fileBytes(db: DB, uploadId: string): Promise<Buffer> {
  const bytes = await q.uploadBytes(db, uploadId);
  if (!bytes) throw uploadGone();
  return bytes;
}

/** The catalogue the file names: categories, and the products its Handles and SKUs point at. */
export async function planContext(
  db: DB,
  table: ParsedTable,
  opts: { mode: ImportMode; stock: StockMode; publicUrl: string },
  categories?: readonly PlanCategory[],
): Promise<PlanContext> {
  const known = categories ?? (await listAdminCategories(db));
  const { columns } = matchHeaders(table.headers, specColumns(known));
  const at = (id: 'handle' | 'sku') => columns.findIndex((c) => c?.kind === 'base' && c.id === id);
  const cellsOf = (i: number) => (i < 0 ? [] : table.rows.map((r) => unescapeFormula(r.cells[i] ?? '').trim()).filter((v) => v !== ''));
  const handles = cellsOf(at('handle')).filter((h) => /^[A-Za-z0-9_-]{1,64}$/.test(h));
  const { skuOwners, products } = await q.productsNamed(db, cellsOf(at('sku')), handles);
  return {
    categories: known,
    products: new Map(products.map((p) => [p.id, p])),
    skuOwners,
    mode: opts.mode,
    stockMode: opts.stock,
    publicUrl: opts.publicUrl,
  };
}

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
 * The file's pictures: one that a product or variant the file names already has (an export's own
 * cell) is kept as it is; the others are fetched or unpacked and stored by `io` (in the app's
 * thread, outside any transaction), each answering its stored address or its problem.
 */
export async function filePictures(table: ParsedTable, ctx: PlanContext, io: PlanIo): Promise<Map<string, PictureResult>> {
  const tokens = pictureTokens(table, ctx.publicUrl);
  if (tokens.length === 0) return new Map();
  const known = new Set<string>();
  for (const p of ctx.products.values()) for (const url of [...p.images, ...p.variants.flatMap((v) => v.images)]) known.add(url);
  const kept = new Map<string, PictureResult>(tokens.filter((t) => known.has(t)).map((t): [string, PictureResult] => [t, { url: t }]));
  const rest = tokens.filter((t) => !known.has(t));
  return new Map([...kept, ...(rest.length > 0 ? await io.pictures(rest) : [])]);
}

export class FilePlan {
  private constructor(
    private readonly table: ParsedTable,
    private ctx: PlanContext,
    private current: Plan,
    private readonly options: PlanOptions,
  ) {}

  /** Reads and plans `bytes` (in slices of the event loop, telling `io` the rows checked). @throws AppError BAD_INPUT for a file that cannot be read. */
  static async make(db: DB, bytes: Uint8Array, options: PlanOptions, io: PlanIo): Promise<FilePlan> {
    const table = await parseTable(bytes);
    const total = table.rows.length;
    io.progress(0, total);
    const bare = await planContext(db, table, options);
    const ctx = { ...bare, pictures: await filePictures(table, bare, io) };
    const plan = await planImportAsync(table, ctx, (rowsChecked) => io.progress(rowsChecked, total));
    return new FilePlan(table, ctx, plan, options);
  }

  get total(): number {
    return this.table.rows.length;
  }

  get categories(): readonly PlanCategory[] {
    return this.ctx.categories;
  }

  /** The plan (without its actions when the options say so) and the fingerprints of the products it updates. */
  planned(): Planned {
    const fingerprints = new Map<string, string>();
    // (A dry run writes nothing: no actions, nothing to compare.)
    if (!this.options.includeActions) return { plan: { ...this.current, actions: [] }, fingerprints };
    for (const a of this.current.actions) {
      const p = a.kind === 'update' ? this.ctx.products.get(a.productId) : undefined;
      if (p) fingerprints.set(p.id, fingerprint(p));
    }
    return { plan: this.current, fingerprints };
  }

  /**
   * The plan with the rows of the products in `fresh` (changed since it was made, as they are now
   * in the apply's transaction) planned again against them: their counts, changes, errors and
   * actions replace the first plan's.
   */
  replanMoved(fresh: readonly IoProduct[], gone: readonly string[]): Planned {
    const { table, ctx, current: plan } = this;
    const movedIds = new Set([...fresh.map((p) => p.id), ...gone]);
    const moved = plan.actions.filter((a): a is UpdateAction => a.kind === 'update' && movedIds.has(a.productId));
    const rowSet = new Set(moved.flatMap((a) => a.rows));
    const sub: ParsedTable = { ...table, rows: table.rows.filter((r) => rowSet.has(r.row)) };
    const products = new Map(ctx.products);
    const skuOwners = new Map(ctx.skuOwners);
    const now = new Map(fresh.map((p) => [p.id, p]));
    for (const id of movedIds) {
      for (const v of ctx.products.get(id)?.variants ?? []) if (skuOwners.get(v.sku.toLowerCase()) === id) skuOwners.delete(v.sku.toLowerCase());
      const p = now.get(id);
      if (p) {
        products.set(id, p);
        for (const v of p.variants) skuOwners.set(v.sku.toLowerCase(), id);
      } else products.delete(id);
    }
    const before = planImport(sub, ctx);
    const after = planImport(sub, { ...ctx, products, skuOwners });
    const counts = (key: 'products' | 'variants') =>
      Object.fromEntries((Object.keys(plan[key]) as (keyof ImportCounts)[]).map((k) => [k, plan[key][k] - before[key][k] + after[key][k]])) as ImportCounts;
    this.ctx = { ...ctx, products, skuOwners };
    this.current = {
      ...plan,
      products: counts('products'),
      variants: counts('variants'),
      errors: after.errors,
      errorRows: after.errorRows,
      changes: [...plan.changes.filter((c) => !rowSet.has(c.row)), ...after.changes].sort((a, b) => a.row - b.row).slice(0, CHANGES_LISTED),
      actions: [...plan.actions.filter((a) => !(a.kind === 'update' && movedIds.has(a.productId))), ...after.actions],
    };
    return this.planned();
  }

  /** The whole file planned again, against `categories` (changed since the plan) and the products as `db` has them now. */
  async replanAll(db: DB, categories: readonly PlanCategory[]): Promise<Planned> {
    const ctx = { ...(await planContext(db, this.table, this.options, categories)), pictures: this.ctx.pictures };
    this.ctx = ctx;
    this.current = planImport(this.table, ctx);
    return this.planned();
  }

  /**
   * The rows in error, as a CSV to fix and upload again: the file's header with an `error` column
   * first, then each failing row as it was, with its errors.
   */
  errorRowsCsv(): string {
    const { table, current: plan } = this;
    const byRow = new Map<number, string[]>();
    for (const e of plan.errors) byRow.set(e.row, [...(byRow.get(e.row) ?? []), `${e.column ? `${e.column}: ` : ''}${e.message}`]);
    const records = [['error', ...table.headers]];
    for (const r of table.rows) {
      const messages = byRow.get(r.row);
      if (messages)
        records.push(
          [`row ${r.row}: ${messages.join('; ')}`, ...Array.from({ length: Math.max(table.headers.length, r.cells.length) }, (_, i) => r.cells[i] ?? '')].map((c, i) =>
            i === 0 ? escapeFormula(c) : c,
          ),
        );
    }
    return stringify(records, { bom: true, record_delimiter: '\r\n' });
  }
}

import { EventEmitter } from 'node:events';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import ExcelJS from 'exceljs';
import type { DB } from '../../db/database';
import type { SpecValue } from '../../../shared/specs';
import { BASE_COLUMNS, specColumns, type ExportColumnId, type SpecColumn } from './columns';
import { escapeFormula, formatRupees, formatYesNo, LIST_SEPARATOR } from './cells';
import { productPage, type IoProduct, type IoVariant } from './catalog-io.queries';

/** Products read per keyset page: an export holds one page (and its variants) at a time. */
export const EXPORT_PAGE = 200;

export type ExportCategory = { value: string; hsn: string; rateBasisPoints: number; template: SpecColumn['attribute'][] };

/** A cell: text, or a number (MRP, prices, stock, weight, warranty, GST rate: numbers in a spreadsheet). */
export type Cell = string | number;

/** "https://shop.example/images/x.webp" for our own pictures; another site's address as it is. */
export function absoluteImage(url: string, publicUrl: string): string {
  return url.startsWith('/images/') ? `${publicUrl}${url}` : url;
}

export function specCell(value: SpecValue | undefined): string {
  if (value === undefined) return '';
  if (typeof value === 'boolean') return formatYesNo(value);
  return String(value);
}

/** The export's header row: the base columns, then every spec attribute of every category. */
export function exportHeaders(specs: readonly SpecColumn[]): string[] {
  return [...BASE_COLUMNS.map((c) => c.header), ...specs.map((s) => s.header)];
}

/** One variant's row, in exportHeaders' order. */
export function exportRow(product: IoProduct, variant: IoVariant, categories: ReadonlyMap<string, ExportCategory>, specs: readonly SpecColumn[], publicUrl: string): Cell[] {
  const category = categories.get(product.category);
  const option = (i: number) => product.options[i];
  const facts = product.facts;
  const base: Record<ExportColumnId, Cell> = {
    handle: product.id,
    name: product.name,
    category: product.category,
    brand: product.brand,
    description: product.description,
    option1Name: option(0)?.name ?? '',
    option1Value: option(0) ? (variant.optionValues[0] ?? '') : '',
    option2Name: option(1)?.name ?? '',
    option2Value: option(1) ? (variant.optionValues[1] ?? '') : '',
    option3Name: option(2)?.name ?? '',
    option3Value: option(2) ? (variant.optionValues[2] ?? '') : '',
    sku: variant.sku,
    ean: variant.ean ?? '',
    mrp: formatRupees(variant.price),
    price: formatRupees(variant.sellingPrice),
    stock: variant.trackStock ? variant.stock : '',
    stockAtExport: variant.trackStock ? variant.stock : '',
    trackStock: formatYesNo(variant.trackStock),
    lowStockLevel: variant.lowStockLevel ?? '',
    weight: variant.weightGrams ?? '',
    hsn: product.hsn ?? category?.hsn ?? '',
    gst: (() => {
      const bp = product.gstRateBp ?? category?.rateBasisPoints;
      return bp === undefined ? '' : bp / 100;
    })(),
    origin: facts.countryOfOrigin ?? '',
    manufacturerName: facts.manufacturerName ?? '',
    manufacturerAddress: facts.manufacturerAddress ?? '',
    importerName: facts.importerName ?? '',
    importerAddress: facts.importerAddress ?? '',
    netQuantity: facts.netQuantity ?? '',
    warrantyMonths: facts.warrantyMonths ?? '',
    warrantyBy: facts.warrantyBy ?? '',
    images: product.images.map((u) => absoluteImage(u, publicUrl)).join(LIST_SEPARATOR),
    variantImages: variant.images.map((u) => absoluteImage(u, publicUrl)).join(LIST_SEPARATOR),
    archived: formatYesNo(product.archived || variant.archived),
  };
  const cells: Cell[] = BASE_COLUMNS.map((c) => base[c.id]);
  for (const s of specs) {
    if (s.category !== product.category) cells.push('');
    else cells.push(specCell(s.attribute.perVariant ? variant.specs[s.attribute.key] : product.specs[s.attribute.key]));
  }
  return cells;
}

/**
 * Every variant's row, product by product, read in keyset pages of EXPORT_PAGE products
 * (`onPage` is told each page's size: the tests check that an export pages).
 */
export async function* exportRows(db: DB, categories: readonly ExportCategory[], publicUrl: string, paging: ExportPaging = {}): AsyncGenerator<Cell[]> {
  for await (const rows of exportPages(db, categories, publicUrl, paging)) yield* rows;
}

/** exportRows a keyset page at a time: the rows of EXPORT_PAGE products (one await per page, not per row). */
export async function* exportPages(db: DB, categories: readonly ExportCategory[], publicUrl: string, paging: ExportPaging = {}): AsyncGenerator<Cell[][]> {
  const specs = specColumns(categories);
  const byValue = new Map(categories.map((c) => [c.value, c]));
  const size = paging.pageSize ?? EXPORT_PAGE;
  let after: string | null = null;
  for (;;) {
    const page = await productPage(db, after, size, paging.category);
    if (page.length === 0) return;
    paging.onPage?.(page.length);
    const rows: Cell[][] = [];
    for (const product of page) for (const variant of product.variants) rows.push(exportRow(product, variant, byValue, specs, publicUrl));
    yield rows;
    after = page[page.length - 1]?.id ?? null;
    if (page.length < size) return;
  }
}

/** Products per page (EXPORT_PAGE), a callback told each page's size, and one category's products only. */
export type ExportPaging = { pageSize?: number; onPage?: (products: number) => void; category?: string | undefined };

/**
 * A cell that must be quoted: a quote, a comma, a line break (CR or LF: Excel ends a row at
 * either) in it, or a space at either end.
 */
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

/** One CSV cell: text guarded against formulas, quoted (its quotes doubled) when it must be; a number as a plain number. */
function csvCell(cell: Cell): string {
  if (typeof cell === 'number') return String(cell);
  if (cell === '') return cell;
  const text = escapeFormula(cell);
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * Rows as CSV text, each ended by CRLF, cells quoted as NEEDS_QUOTES says with their quotes
 * doubled: the text csv-stringify writes with `record_delimiter: '\r\n'` and `quoted_match:
 * /^\s|\s$|[\r\n]/` (export.test.ts holds them side by side; a line break inside a cell is
 * quoted, or Excel would cut the row there), written by hand because the export's
 * 100-odd cells a row (most of them empty spec cells) made csv-stringify's per-cell work the
 * export's largest cost.
 */
export function csvText(rows: readonly (readonly Cell[])[]): string {
  let text = '';
  for (const row of rows) {
    let line = '';
    for (let i = 0; i < row.length; i++) line += i === 0 ? csvCell(row[i]!) : `,${csvCell(row[i]!)}`;
    text += `${line}\r\n`;
  }
  return text;
}

/**
 * Streams the catalogue as CSV into `out`: UTF-8 with a byte-order mark (Excel then reads ₹ and
 * Indic names right), CRLF line ends, RFC 4180 quoting. Resolves with the number of data rows.
 * Each page of rows is written as one chunk (a write per row cost several asynchronous hops, and
 * a pass of the compression middleware, per row); pipeline waits for 'drain' between pages.
 */
export async function writeCsv(out: Writable, headers: readonly string[], pages: AsyncIterable<Cell[][]>): Promise<number> {
  let count = 0;
  async function* chunks(): AsyncGenerator<string> {
    yield `\uFEFF${csvText([headers])}`;
    for await (const rows of pages) {
      if (rows.length === 0) continue;
      count += rows.length;
      yield csvText(rows);
    }
  }
  // One page read ahead (made while the last is compressed and sent): more only kept more alive for the GC.
  await pipeline(Readable.from(chunks(), { highWaterMark: 1 }), out);
  return count;
}

/**
 * Streams the catalogue as an .xlsx workbook into `out` (exceljs's streaming writer: each row is
 * committed and let go), a page of rows at a time. Text stays text (a cell is never a formula in
 * .xlsx, so no apostrophe), numbers are numbers. Resolves with the number of data rows.
 */
export async function writeXlsx(out: Writable, headers: readonly string[], pages: AsyncIterable<Cell[][]>): Promise<number> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Catalogue');
  sheet.addRow([...headers]).commit();
  let count = 0;
  for await (const rows of pages) {
    // An empty cell is left out of the sheet (a spreadsheet, and the import, read it as empty):
    // most of a row's 100-odd spec cells are empty, and each written cell costs its XML.
    for (const row of rows) sheet.addRow(row.map((cell) => (cell === '' ? null : cell))).commit();
    count += rows.length;
    await drained(sheetSink(sheet), out);
  }
  sheet.commit();
  await workbook.commit();
  return count;
}

/** A writable stream as Node's own and readable-stream's (which archiver uses) both are: its buffered bytes, and 'drain'. */
type Backlogged = EventEmitter & { _writableState: { length: number; highWaterMark: number } };

/**
 * Where exceljs hands the sheet's XML on to the ZIP (the PassThrough archiver reads the entry
 * from). exceljs writes into it without waiting for 'drain', so a fast read of the catalogue would
 * pile the whole sheet up there: writeXlsx waits for it to drain between pages instead.
 * Undefined if exceljs is not built that way (then nothing waits, as before).
 */
function sheetSink(sheet: ExcelJS.Worksheet): Backlogged | undefined {
  const pipes = (sheet as unknown as { stream?: { pipes?: unknown } }).stream?.pipes;
  const sink: unknown = Array.isArray(pipes) ? pipes[0] : undefined;
  if (!(sink instanceof EventEmitter)) return undefined;
  const state = (sink as Partial<Backlogged>)._writableState;
  return typeof state?.length === 'number' && typeof state.highWaterMark === 'number' ? (sink as Backlogged) : undefined;
}

/**
 * Resolves when the sheet may take another page: the ZIP has taken in the sheet's XML so far
 * (`sink` holds no more than its high-water mark) and the download has taken the ZIP's output
 * (`out` needs no 'drain': the ZIP, which does not wait for it either, then holds little).
 * Rejects once the download is closed or failed: the reader has gone, the export stops.
 */
async function drained(sink: Backlogged | undefined, out: Writable): Promise<void> {
  for (;;) {
    if (out.destroyed) throw new Error('The download was closed before the export was written');
    const behind: EventEmitter | undefined = sink && sink._writableState.length > sink._writableState.highWaterMark ? sink : out.writableNeedDrain ? out : undefined;
    if (!behind) return;
    await new Promise<void>((resolve) => {
      const done = () => {
        behind.off('drain', done).off('close', done).off('error', done);
        out.off('close', done).off('error', done);
        resolve();
      };
      behind.on('drain', done).on('close', done).on('error', done);
      out.on('close', done).on('error', done);
    });
  }
}

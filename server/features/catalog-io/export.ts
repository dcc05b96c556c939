import { Readable, Transform, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
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
  const specs = specColumns(categories);
  const byValue = new Map(categories.map((c) => [c.value, c]));
  const size = paging.pageSize ?? EXPORT_PAGE;
  let after: string | null = null;
  for (;;) {
    const page = await productPage(db, after, size);
    if (page.length === 0) return;
    paging.onPage?.(page.length);
    for (const product of page) for (const variant of product.variants) yield exportRow(product, variant, byValue, specs, publicUrl);
    after = page[page.length - 1]?.id ?? null;
    if (page.length < size) return;
  }
}

/** Products per page (EXPORT_PAGE), and a callback told each page's size. */
export type ExportPaging = { pageSize?: number; onPage?: (products: number) => void };

/** CSV text cells guarded against formulas; numbers as plain numbers. */
function csvCells(cells: Cell[]): string[] {
  return cells.map((c) => (typeof c === 'number' ? String(c) : escapeFormula(c)));
}

/**
 * Streams the catalogue as CSV into `out`: UTF-8 with a byte-order mark (Excel then reads ₹ and
 * Indic names right), CRLF line ends, RFC 4180 quoting. Resolves with the number of data rows.
 */
export async function writeCsv(out: Writable, headers: readonly string[], rows: AsyncIterable<Cell[]>): Promise<number> {
  let count = 0;
  const counted = new Transform({
    objectMode: true,
    transform(row: Cell[], _enc, done) {
      count += 1;
      done(null, csvCells(row));
    },
  });
  const csv = stringify({ bom: true, record_delimiter: '\r\n', quoted_match: /^\s|\s$/ });
  csv.write(csvCells([...headers]));
  await pipeline(Readable.from(rows), counted, csv, out);
  return count;
}

/**
 * Streams the catalogue as an .xlsx workbook into `out` (exceljs's streaming writer: each row is
 * committed and let go). Text stays text (a cell is never a formula in .xlsx, so no apostrophe),
 * numbers are numbers. Resolves with the number of data rows.
 */
export async function writeXlsx(out: Writable, headers: readonly string[], rows: AsyncIterable<Cell[]>): Promise<number> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Catalogue');
  sheet.addRow([...headers]).commit();
  let count = 0;
  for await (const row of rows) {
    sheet.addRow(row).commit();
    count += 1;
  }
  sheet.commit();
  await workbook.commit();
  return count;
}

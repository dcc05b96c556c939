import { Readable } from 'node:stream';
import { parse as parseCsv, CsvError } from 'csv-parse';
import { AppError } from '../../errors';

/**
 * A catalogue file as rows of text cells: a CSV (UTF-8 with or without a byte-order mark,
 * UTF-16 with one; comma, semicolon or tab between cells, found from the header line; quoted
 * cells may hold new lines) or an .xlsx workbook's first sheet. Rows are numbered as a
 * spreadsheet shows them (the header is row 1); empty rows are skipped (and counted), so a file
 * of a million empty rows is read in a second rather than refused or kept.
 */

/** Data rows one file may hold (100,000 products in three variants each). */
export const MAX_DATA_ROWS = 300_000;
/** Rows read at all, empty ones included: past this the file is refused rather than read on. */
export const MAX_ROWS_READ = 2_000_000;
export const MAX_COLUMNS = 1000;
/** The longest cell (a description is at most 5,000 characters; image lists are longer). */
export const MAX_CELL_CHARS = 32_000;

/** A data row's cells, as many as it holds up to its last non-empty one (a cell past them is empty). */
export type ParsedRow = { row: number; cells: string[] };
export type ParsedTable = { format: 'csv' | 'xlsx'; headers: string[]; rows: ParsedRow[]; emptyRows: number };

const bad = (message: string) => new AppError('BAD_INPUT', message, { fieldErrors: { file: message } });

const NOT_A_TABLE = 'The file is not a CSV or Excel (.xlsx) spreadsheet: export the sheet as “CSV UTF-8” or save it as .xlsx, and upload that.';
export const NOT_UTF8 =
  'The file is not UTF-8 (it looks like Windows-1252, what Excel’s plain “CSV” writes, which has no ₹ sign): in Excel choose Save as → “CSV UTF-8 (Comma delimited)”, or upload the .xlsx, and try again.';

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return prefix.every((b, i) => bytes[i] === b);
}

/** A workbook (.xlsx is a ZIP). */
export function isZip(bytes: Uint8Array): boolean {
  return startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]);
}

/**
 * The file's text. UTF-8 (its BOM taken off) or UTF-16 with a BOM (what Excel's "Unicode text"
 * writes). Bytes that are not UTF-8 are refused with what to do (NOT_UTF8) rather than read as
 * Windows-1252: a guess that is wrong for a file in another old code page would write garbled
 * names into the catalogue without a word, and Windows-1252 cannot hold ₹ anyway.
 */
export function decodeText(bytes: Uint8Array): string {
  if (startsWith(bytes, [0xef, 0xbb, 0xbf])) return utf8(bytes.subarray(3));
  if (startsWith(bytes, [0xff, 0xfe])) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (startsWith(bytes, [0xfe, 0xff])) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  const head = bytes.subarray(0, 8192);
  // Pictures, PDFs, archives and other binary files: a text file holds no NUL byte.
  if (head.includes(0) || startsWith(bytes, [0x89, 0x50, 0x4e, 0x47]) || startsWith(bytes, [0xff, 0xd8, 0xff]) || startsWith(bytes, [0x25, 0x50, 0x44, 0x46])) {
    throw bad(NOT_A_TABLE);
  }
  return utf8(bytes);
}

function utf8(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw bad(NOT_UTF8);
  }
}

/** The delimiter the header line uses most: comma, semicolon (Excel in many locales) or tab. */
export function detectDelimiter(text: string): string {
  let inQuotes = false;
  const counts = new Map<string, number>([
    [',', 0],
    [';', 0],
    ['\t', 0],
  ]);
  for (const ch of text.slice(0, 64 * 1024)) {
    if (ch === '"') inQuotes = !inQuotes;
    else if (!inQuotes && (ch === '\n' || ch === '\r')) break;
    else if (!inQuotes && counts.has(ch)) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  }
  let best = ',';
  for (const [d, n] of counts) if (n > (counts.get(best) ?? 0)) best = d;
  return best;
}

class TableBuilder {
  headers: string[] | null = null;
  rows: ParsedRow[] = [];
  emptyRows = 0;
  read = 0;

  add(rowNumber: number, cells: string[]): void {
    this.read += 1;
    if (this.read > MAX_ROWS_READ)
      throw bad(`The file has more than ${MAX_ROWS_READ.toLocaleString('en-IN')} rows (counting empty ones): split it, or delete the empty rows at its end.`);
    if (cells.length > MAX_COLUMNS) throw bad(`Row ${rowNumber} has ${cells.length} columns: a catalogue file has at most ${MAX_COLUMNS}.`);
    const trimmedEnd = cells.map((c) => c.replace(/\r$/, ''));
    if (this.headers === null) {
      if (trimmedEnd.every((c) => c.trim() === '')) {
        this.emptyRows += 1;
        return;
      }
      this.headers = trimmedEnd.map((c) => c.trim());
      return;
    }
    if (trimmedEnd.every((c) => c.trim() === '')) {
      this.emptyRows += 1;
      return;
    }
    const long = trimmedEnd.findIndex((c) => c.length > MAX_CELL_CHARS);
    if (long >= 0) {
      const header = this.headers[long] ?? `column ${long + 1}`;
      throw bad(`Row ${rowNumber}, column ${header}: the cell holds more than ${MAX_CELL_CHARS.toLocaleString('en-IN')} characters.`);
    }
    if (this.rows.length >= MAX_DATA_ROWS) throw bad(`The file has more than ${MAX_DATA_ROWS.toLocaleString('en-IN')} rows: split it into files of fewer rows.`);
    // A product's columns repeat on each of its variants' rows: keep one copy of a cell that
    // equals the one above it (a 300,000-row file then holds its descriptions once per product).
    const above = this.rows[this.rows.length - 1]?.cells;
    if (above) for (let i = 0; i < trimmedEnd.length; i++) if (trimmedEnd[i] === above[i]) trimmedEnd[i] = above[i]!;
    // Nor the empty cells at its end (the other categories' spec columns): a missing cell reads as empty.
    let end = trimmedEnd.length;
    while (end > 0 && trimmedEnd[end - 1] === '') end -= 1;
    trimmedEnd.length = end;
    this.rows.push({ row: rowNumber, cells: trimmedEnd });
  }

  table(format: 'csv' | 'xlsx'): ParsedTable {
    if (this.headers === null) throw bad('The file is empty: it has no header row.');
    return { format, headers: this.headers, rows: this.rows, emptyRows: this.emptyRows };
  }
}

/**
 * A turn of the event loop (setImmediate) once 8 ms of work went by since the last: the parser's
 * stream hands rows over in promise callbacks only, which never let a shopper's request in, so a
 * big file would hold the shop for its whole parse.
 */
function eventLoopTurns(sliceMs = 8): { due: () => Promise<void> | undefined } {
  let started = performance.now();
  return {
    due() {
      if (performance.now() - started < sliceMs) return undefined;
      return new Promise<void>((resolve) =>
        setImmediate(() => {
          started = performance.now();
          resolve();
        }),
      );
    },
  };
}

/** The text in 64 KB pieces: csv-parse fed one large string copies what is left of it per row (a million rows took minutes). */
function* chunksOf(text: string): Generator<string> {
  for (let i = 0; i < text.length; i += 65_536) yield text.slice(i, i + 65_536);
}

async function parseCsvText(text: string): Promise<ParsedTable> {
  const builder = new TableBuilder();
  const parser = Readable.from(chunksOf(text)).pipe(
    parseCsv({
      delimiter: detectDelimiter(text),
      relax_column_count: true,
      // A supplier's unquoted 5" screen: the quote is part of the cell.
      relax_quotes: true,
      // Skipped by the parser (fast; counted in info.empty_lines, so row numbers stay a spreadsheet's).
      skip_empty_lines: true,
      bom: true,
      info: true,
      max_record_size: MAX_CELL_CHARS * 4,
    }),
  );
  let emptyLines = 0;
  const turns = eventLoopTurns();
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { records: number; empty_lines: number } }>) {
      emptyLines = info.empty_lines;
      builder.add(info.records + info.empty_lines, record);
      await turns.due();
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines;
      const where = typeof line === 'number' ? ` (near line ${line})` : '';
      if (error.code === 'CSV_QUOTE_NOT_CLOSED') throw bad(`The file is not a valid CSV: a quoted cell is never closed${where}.`);
      if (error.code === 'CSV_MAX_RECORD_SIZE') throw bad(`The file is not a valid CSV: a row is longer than ${MAX_CELL_CHARS * 4} characters${where}.`);
      throw bad(`The file is not a valid CSV${where}: ${error.message}`);
    }
    throw error;
  }
  builder.emptyRows += emptyLines;
  return builder.table('csv');
}

/** A cell of an .xlsx as text: a number as written, a date as YYYY-MM-DD, a formula's result, rich text's characters. */
function xlsxCellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    const v = value as { result?: unknown; richText?: { text: string }[]; text?: unknown; error?: unknown };
    if (Array.isArray(v.richText)) return v.richText.map((r) => r.text).join('');
    if ('result' in v) return xlsxCellText(v.result);
    if (typeof v.text === 'string') return v.text;
    if (v.error !== undefined) return '';
  }
  return '';
}

async function parseXlsx(bytes: Uint8Array): Promise<ParsedTable> {
  const builder = new TableBuilder();
  // (Loaded when a workbook comes: a CSV's planning thread does without its ~0.4 s and memory.)
  const { default: ExcelJS } = await import('exceljs');
  try {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([Buffer.from(bytes)]), {
      sharedStrings: 'cache',
      hyperlinks: 'ignore',
      styles: 'ignore',
      worksheets: 'emit',
    });
    for await (const sheet of reader) {
      let last = 0;
      const turns = eventLoopTurns();
      for await (const row of sheet) {
        await turns.due();
        // Rows the sheet leaves out are empty rows.
        builder.emptyRows += Math.max(0, row.number - last - 1);
        last = row.number;
        const values = Array.isArray(row.values) ? (row.values as unknown[]) : [];
        const cells: string[] = [];
        for (let i = 1; i < values.length; i++) cells.push(xlsxCellText(values[i]));
        builder.add(row.number, cells);
      }
      break; // the first sheet only
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw bad('The file is not a readable Excel (.xlsx) workbook: save it again from Excel (or export “CSV UTF-8”) and upload that.');
  }
  return builder.table('xlsx');
}

/** @throws AppError BAD_INPUT (400) naming what is wrong with the file, and what to do. */
export async function parseTable(bytes: Uint8Array): Promise<ParsedTable> {
  if (bytes.length === 0) throw bad('The file is empty.');
  if (isZip(bytes)) return parseXlsx(bytes);
  return parseCsvText(decodeText(bytes));
}

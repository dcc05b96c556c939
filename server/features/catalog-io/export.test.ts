import { Readable, Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import { describe, expect, it } from 'vitest';
import { escapeFormula, unescapeFormula } from './cells';
import { csvText, writeCsv, writeXlsx, type Cell } from './export';
import { parseTable } from './parse';

/** The export's CSV writer before issue 28's speed-up: csv-stringify's stream, a record at a time (and a cell with a line break quoted). */
async function csvStringifyExport(headers: string[], rows: Cell[][]): Promise<string> {
  const cells = (row: Cell[]) => row.map((c) => (typeof c === 'number' ? String(c) : escapeFormula(c)));
  const csv = stringify({ bom: true, record_delimiter: '\r\n', quoted_match: /^\s|\s$|[\r\n]/ });
  csv.write(cells(headers));
  const chunks: Buffer[] = [];
  await pipeline(
    Readable.from(rows),
    new Transform({ objectMode: true, transform: (row: Cell[], _enc, done) => done(null, cells(row)) }),
    csv,
    new Writable({
      write(chunk: Buffer, _enc, done) {
        chunks.push(chunk);
        done();
      },
    }),
  );
  return Buffer.concat(chunks).toString('utf8');
}

/** A Writable that keeps what it is given, chunk by chunk; `stalled` holds every write until `release()`. */
function sink(opts: { stalled?: boolean } = {}) {
  const chunks: Buffer[] = [];
  let held: (() => void)[] | null = opts.stalled ? [] : null;
  const out = new Writable({
    write(chunk: Buffer | string, _enc, done) {
      chunks.push(Buffer.from(chunk));
      if (held) held.push(done);
      else done();
    },
  });
  return {
    out,
    chunks,
    text: () => Buffer.concat(chunks).toString('utf8'),
    release() {
      const waiting = held ?? [];
      held = null;
      for (const done of waiting) done();
    },
  };
}

/** `count` pages of `perPage` rows, counting the pages read so far. */
function pagesOf(count: number, perPage: number, row: (i: number) => Cell[]) {
  const read = { pages: 0 };
  async function* pages(): AsyncGenerator<Cell[][]> {
    for (let p = 0; p < count; p++) {
      await new Promise((resolve) => setImmediate(resolve)); // a page read from the database
      read.pages += 1;
      yield Array.from({ length: perPage }, (_, i) => row(p * perPage + i));
    }
  }
  return { pages: pages(), read };
}

const TRICKY: Cell[] = [
  '',
  'plain',
  'a,b',
  'say "hi"',
  '"',
  'line\nbreak',
  'carriage\rreturn',
  'crlf\r\nend',
  ' leading',
  'trailing ',
  'no-break space\u00a0',
  '\ttab first',
  '=SUM(A1)',
  '-30% off =SUM(A1)',
  '+91 98765 43210',
  '@handle',
  "'quoted already",
  '₹ 89,999 | Rs. 1',
  'हिंदी नाम',
  0,
  -5,
  12.5,
  89999,
];

describe('catalogue CSV writer', () => {
  it('writes the very bytes csv-stringify wrote: BOM, CRLF, RFC 4180 quoting, cells with a space at either end quoted, formulas escaped', async () => {
    const headers = ['Handle', 'Product name', 'RAM (GB) [mobiles]', ' spaced header'];
    const rows: Cell[][] = [TRICKY, [...TRICKY].reverse(), TRICKY.map((c) => (typeof c === 'string' ? `${c}${c}` : c)), ['', '', '', '']];
    const expected = await csvStringifyExport(headers, rows);
    const out = sink();
    const count = await writeCsv(out.out, headers, Readable.from([rows.slice(0, 2), [], rows.slice(2)]));
    expect(count).toBe(rows.length);
    expect(out.text()).toBe(expected);
    expect(out.text().startsWith('\uFEFFHandle,')).toBe(true);
    expect(`\uFEFF${csvText([headers, ...rows])}`).toBe(expected);
  });

  it('reads back as written: every cell of the file comes back from the parser of the import as it was (a line break inside a cell stays in its cell)', async () => {
    const headers = TRICKY.map((_, i) => `Column ${i + 1}`);
    const rows: Cell[][] = [TRICKY, [...TRICKY].reverse()];
    const table = await parseTable(Buffer.from(`\uFEFF${csvText([headers, ...rows])}`));
    expect(table.headers).toEqual(headers);
    expect(table.rows.map((r) => headers.map((_, i) => unescapeFormula(r.cells[i] ?? '')))).toEqual(rows.map((r) => r.map((c) => String(c))));
  });

  it('writes a page of rows as one chunk, not a write per row', async () => {
    const { pages } = pagesOf(5, 40, (i) => [`p${i}`, 'name', i, '']);
    const out = sink();
    expect(await writeCsv(out.out, ['Handle', 'Product name', 'Stock', 'Empty'], pages)).toBe(200);
    // The header, then one chunk per page.
    expect(out.chunks.length).toBe(6);
    expect(out.text().split('\r\n').length - 2).toBe(200);
  });

  it('waits for a slow download: a stalled reader stops the reading of pages', async () => {
    const { pages, read } = pagesOf(60, 20, (i) => [`row ${i}`, 'x'.repeat(2000)]);
    const out = sink({ stalled: true });
    const written = writeCsv(out.out, ['Handle', 'Text'], pages);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(read.pages).toBeLessThanOrEqual(8);
    out.release();
    expect(await written).toBe(1200);
    expect(read.pages).toBe(60);
  });
});

describe('catalogue .xlsx writer', () => {
  const headers = ['Handle', 'Product name', 'Stock', 'RAM (GB) [mobiles]', 'Screen (in) [tvs]'];
  // Text that compresses little, so the ZIP's buffers fill as a real catalogue's would.
  const noise = (i: number) => Array.from({ length: 40 }, (_, k) => ((i * 7919 + k * 104729) % 1000003).toString(36)).join(' ');

  it('leaves empty cells out of the sheet, which reads back as the rows written', async () => {
    const rows: Cell[][] = [
      ['a1', 'Phone', 5, '8', ''],
      ['a2', 'Television', '', '', '55'],
      ['a3', '=not a formula', 0, '', ''],
    ];
    const out = sink();
    expect(await writeXlsx(out.out, headers, Readable.from([rows]))).toBe(3);
    const bytes = Buffer.concat(out.chunks);
    const table = await parseTable(bytes);
    expect(table.headers).toEqual(headers);
    expect(table.rows.map((r) => r.cells)).toEqual([
      ['a1', 'Phone', '5', '8'],
      ['a2', 'Television', '', '', '55'],
      ['a3', '=not a formula', '0'],
    ]);
  });

  it('waits for a slow download between pages instead of piling the sheet up in memory', async () => {
    const { pages, read } = pagesOf(80, 50, (i) => [`h${i}`, noise(i), i, '', noise(i + 1)]);
    const out = sink({ stalled: true });
    const written = writeXlsx(out.out, headers, pages);
    await new Promise((resolve) => setTimeout(resolve, 300));
    // A few hundred kB of the sheet in the ZIP's buffers (not all 80 pages).
    expect(read.pages).toBeLessThanOrEqual(20);
    out.release();
    expect(await written).toBe(4000);
    expect(read.pages).toBe(80);
    const table = await parseTable(Buffer.concat(out.chunks));
    expect(table.rows.length).toBe(4000);
    expect(table.rows[3999]!.cells[0]).toBe('h3999');
  });

  it('stops when the download is closed midway', async () => {
    const { pages, read } = pagesOf(40, 50, (i) => [`h${i}`, noise(i), i, '', noise(i + 1)]);
    const out = sink({ stalled: true });
    const written = writeXlsx(out.out, headers, pages);
    await new Promise((resolve) => setTimeout(resolve, 100));
    out.out.destroy();
    await expect(written).rejects.toThrow(/closed/);
    expect(read.pages).toBeLessThan(40);
  });
});

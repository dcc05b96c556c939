import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Writable } from 'node:stream';
import { sql } from 'kysely';
import { parse as parseCsv } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { afterEach, describe, expect, it } from 'vitest';
import { dialectOf, type DB } from '../../db/database';
import { buildDeps, closeDeps, type Deps } from '../../deps';
import { loadEnv } from '../../env';
import { seedSynthetic } from '../../seed/seed';
import { freshTestDatabase } from '../../testing/test-database';
import type { ChildReport, ChildSettings } from '../../testing/catalogue-import-child';
import { exportCatalogue } from './catalog-io.service';
import { currentJob, JOB_STALE_MS, readJob, settleJobs, startJob } from './import-job';

/**
 * Issue 28's "the process killed during apply leaves the catalogue exactly as it was", for
 * real: a child process (server/testing/catalogue-import-child.ts) imports an edited export
 * through storeUpload and startJob, and is killed with SIGKILL once its job reports rows
 * written inside the apply's one transaction. The shop, opened again on the same database (a
 * SQLite file with a hot WAL; a PostgreSQL database whose server aborted the dead connection's
 * transaction), holds every table as before, reports the job failed and imports the same file.
 */

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');
const CHILD = path.join(ROOT, 'server', 'testing', 'catalogue-import-child.ts');
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
/** Products seeded (about three variant rows each). */
const PRODUCTS = 2000;
/** Products that get a new variant (written set-based with the price and stock edits; the new product through the services, reporting its rows first). */
const NEW_VARIANTS = 600;

/** The tables the child writes on purpose, outside the apply's transaction (its upload, its job). */
const OUTSIDE = new Set(['catalogue_uploads', 'catalogue_import_jobs']);

/** Every other table of the database (the full-text index's own tables on SQLite too), each as its rows sorted; blobs as their SHA-256. */
async function everyTable(db: DB): Promise<Record<string, string[]>> {
  const names =
    dialectOf(db) === 'sqlite'
      ? (await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db)).rows.map((r) => r.name)
      : (
          await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db)
        ).rows.map((r) => r.name);
  const out: Record<string, string[]> = {};
  for (const name of names.filter((n) => !OUTSIDE.has(n)).sort()) {
    // An FTS5 table itself reads through to its content; its own rows live in its shadow tables (listed too).
    if (dialectOf(db) === 'sqlite' && /^create virtual table/i.test(await tableSql(db, name))) continue;
    const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(db)).rows;
    out[name] = rows
      .map((row) => JSON.stringify(row, (_key, value: unknown) => (value instanceof Uint8Array ? crypto.createHash('sha256').update(value).digest('hex') : value)))
      .sort();
  }
  return out;
}

async function tableSql(db: DB, name: string): Promise<string> {
  return (await sql<{ sql: string }>`select sql from sqlite_master where name = ${name}`.execute(db)).rows[0]?.sql ?? '';
}

async function exportCsv(deps: Deps): Promise<string> {
  const chunks: Buffer[] = [];
  const out = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  await exportCatalogue(deps, 'csv', out, null);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The export edited as a week's price list and a delivery would: NEW_VARIANTS products get a new
 * colour, every row of the others a new selling price and, where stock is
 * tracked, a new stock (set-based), and one new product.
 */
function edit(csv: string): { file: Buffer; newSkus: string[]; priced: number } {
  const [header, ...rows] = parseCsv(csv, { bom: true, relax_column_count: true }) as [string[], ...string[][]];
  const col = (name: string) => {
    const at = header.indexOf(name);
    if (at < 0) throw new Error(`the export has no ${name} column`);
    return at;
  };
  const live = rows.filter((r) => r[col('Archived')] === 'no');
  const byHandle = new Map<string, string[][]>();
  for (const r of live) byHandle.set(r[col('Handle')]!, [...(byHandle.get(r[col('Handle')]!) ?? []), r]);
  const added: string[][] = [];
  let priced = 0;
  for (const group of byHandle.values()) {
    const first = group[0]!;
    if (added.length < NEW_VARIANTS && first[col('Option1 name')] !== '') {
      const copy = [...first];
      copy[col('SKU')] = `KILL-NEW-${added.length + 1}`;
      copy[col('EAN')] = '';
      copy[col('Option1 value')] = `Kill Colour ${added.length + 1}`;
      copy[col('Stock at export')] = '';
      copy[col('Stock')] = '3';
      added.push(copy);
      continue;
    }
    for (const r of group) {
      const selling = Number(r[col('Selling price')]);
      r[col('Selling price')] = (selling - 1 >= 1 ? selling - 1 : Math.min(Number(r[col('MRP')]), selling + 1)).toFixed(2);
      if (r[col('Track stock')] === 'yes') r[col('Stock')] = String(Number(r[col('Stock at export')]) + 5);
      priced++;
    }
  }
  if (added.length < NEW_VARIANTS) throw new Error(`only ${added.length} products sold in options`);
  const product = [...live[0]!];
  product[col('Handle')] = 'kill-test-new-product';
  product[col('Product name')] = 'Killtest Import Phone';
  product[col('SKU')] = 'KILL-PRODUCT-1';
  product[col('EAN')] = '';
  product[col('Stock at export')] = '';
  const file = Buffer.from(stringify([header, ...rows, ...added, product], { bom: true, record_delimiter: '\r\n' }));
  return { file, newSkus: [...added.map((r) => r[col('SKU')]!), 'KILL-PRODUCT-1'], priced };
}

type Child = { child: ChildProcess; reports: ChildReport[]; stderr: () => string; exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }> };

let running: ChildProcess | undefined;

afterEach(() => {
  // Only the process this test started, if a failed assertion left it running.
  if (running && running.exitCode === null && running.signalCode === null) running.kill('SIGKILL');
  running = undefined;
});

function startChild(settings: ChildSettings, onReport: (report: ChildReport) => void): Child {
  const child = spawn(process.execPath, ['--import', TSX, CHILD], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, KILL_CHILD_SETTINGS: JSON.stringify(settings) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running = child;
  const reports: ChildReport[] = [];
  let pending = '';
  let stderr = '';
  child.stdout.on('data', (data: Buffer) => {
    pending += data.toString('utf8');
    for (let end = pending.indexOf('\n'); end >= 0; end = pending.indexOf('\n')) {
      const line = pending.slice(0, end);
      pending = pending.slice(end + 1);
      if (!line.startsWith('{')) continue;
      const report = JSON.parse(line) as ChildReport;
      reports.push(report);
      onReport(report);
    }
  });
  child.stderr.on('data', (data: Buffer) => (stderr += data.toString('utf8')));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  return { child, reports, stderr: () => stderr, exited };
}

describe('a catalogue import killed while it writes', () => {
  it('leaves every table exactly as it was; the shop opened again reports the job failed and imports the same file', { timeout: 600_000 }, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'voltmart-import-killed-'));
    const { databaseUrl } = await freshTestDatabase(dataDir);
    const env = loadEnv({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      PUBLIC_URL: 'http://127.0.0.1:9',
      SESSION_SECRET: 'test-secret-that-is-at-least-32-characters-long',
      SEED: 'none',
      LOG_LEVEL: 'silent',
    });
    let skewMs = 0;
    const clock = () => new Date(Date.now() + skewMs);

    // 1. A shop with a catalogue, its export edited; every table as it stands.
    const shop = await buildDeps(env, { clock });
    await seedSynthetic(shop, { count: PRODUCTS });
    const { file, newSkus, priced } = edit(await exportCsv(shop));
    const filePath = path.join(dataDir, 'week-49.csv');
    fs.writeFileSync(filePath, file);
    const before = await everyTable(shop.db);
    expect(Object.keys(before)).toEqual(expect.arrayContaining(['products', 'product_variants', 'spec_values', 'stock_movements', 'audit_log', 'categories']));
    expect(before.products).toHaveLength(PRODUCTS);
    if (dialectOf(shop.db) === 'sqlite') expect(Object.keys(before)).toEqual(expect.arrayContaining(['products_fts_data', 'products_fts_idx', 'products_fts_docsize']));
    await closeDeps(shop);

    // 2. Another process imports it; killed once its job has written rows in the transaction.
    let killedAt: ChildReport | undefined;
    const child = startChild({ dataDir, databaseUrl, publicUrl: env.PUBLIC_URL, file: filePath, fileName: 'week-49.csv' }, (report) => {
      if (killedAt || report.event !== 'progress' || report.phase !== 'writing' || report.rowsWritten === 0) return;
      killedAt = report;
      child.child.kill('SIGKILL');
    });
    const exit = await child.exited;
    const { reports } = child;
    const context = JSON.stringify({ reports: reports.slice(-6), stderr: child.stderr().slice(-2000) });
    expect(exit, context).toEqual({ code: null, signal: 'SIGKILL' });
    // It was inside the apply's transaction: rows written, more to write, never finished.
    expect(killedAt, context).toMatchObject({ phase: 'writing', rowsWritten: expect.any(Number) as number });
    const { rowsWritten, toWrite } = killedAt as Extract<ChildReport, { event: 'progress' }>;
    expect(rowsWritten).toBeGreaterThan(0);
    expect(rowsWritten).toBeLessThan(toWrite);
    expect(reports.map((r) => r.event)).not.toContain('finished');
    let jobId = '';
    let uploadId = '';
    for (const r of reports) {
      if (r.event === 'started') jobId = r.jobId;
      if (r.event === 'stored') uploadId = r.uploadId;
    }
    expect(jobId, context).not.toBe('');

    // 3. The shop opened again, as on a restart: every table as it was. (On SQLite the dead
    // process left its WAL behind, to be recovered on open: its commits kept, the rest dropped.)
    if (env.database.dialect === 'sqlite') expect(fs.statSync(`${env.database.file}-wal`).size).toBeGreaterThan(0);
    const again = await buildDeps(env, { clock });
    try {
      expect(await everyTable(again.db)).toEqual(before);

      // The job is reported failed: at once on SQLite (one app process, and it is not this
      // one's); on PostgreSQL once its heartbeat is JOB_STALE_MS old (another app process may run it).
      if (dialectOf(again.db) === 'postgres') {
        expect(await currentJob(again)).toMatchObject({ jobId, state: 'running' });
        skewMs = JOB_STALE_MS + 1000;
      }
      const failed = await currentJob(again);
      expect(failed).toMatchObject({ jobId, state: 'failed', phase: 'failed', result: null, error: { code: 'STOPPED' } });
      expect((await readJob(again, jobId)).state).toBe('failed');

      // The one-at-a-time slot is free: the same file imports, whole.
      const next = await startJob(again, { uploadId, mode: 'both', stock: 'set', action: 'apply' }, { id: null, name: 'After the kill' });
      await settleJobs();
      const done = await readJob(again, next.jobId);
      expect(done.error).toBeNull();
      expect(done).toMatchObject({ state: 'done', rowsWritten: done.toWrite });
      expect(done.result?.variants).toMatchObject({ create: newSkus.length, update: priced });
      const skus = await again.db.selectFrom('product_variants').select('sku').where('sku', 'in', newSkus).execute();
      expect(skus).toHaveLength(newSkus.length);
    } finally {
      await closeDeps(again);
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});

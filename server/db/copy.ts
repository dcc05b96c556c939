import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import { openDatabase, type DB } from './database';
import { migrateToLatest } from './migrate';
import { MIGRATION_SEEDED_TABLES, quoteIdent, sqliteColumns, sqliteMigrationState, sqliteRowCounts, sqliteShopTables } from './shop-tables';
import { describeTarget, type DatabaseTarget } from './target';

// `npm run db:copy`: moves a SQLite shop's data into a PostgreSQL database, all or nothing,
// and proves the copy equal row by row. scripts/db-copy.ts is the command line around it.

/** A copy that must not start: the message says why and what to do. Nothing was written. */
export class CopyRefused extends Error {}

/** Bind parameters PostgreSQL accepts in one statement (its wire protocol counts them in 16 bits). */
const MAX_PARAMETERS = 65_535;
const DEFAULT_BATCH_ROWS = 1000;
/** Images go in batches of at most this many bytes, so a batch never holds much memory. */
const IMAGE_BATCH_BYTES = 16 * 1024 * 1024;

const CONTENT_TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
};

/** The table a PostgreSQL shop keeps its images in (a SQLite shop keeps files in DATA_DIR/images). */
const IMAGES_TABLE = 'stored_images';

export type CopyOptions = {
  /** The SQLite shop: a file path, or a `file:` / `sqlite:` URL. */
  from: string;
  /** The PostgreSQL database: a postgres:// URL. It is migrated to the latest migration first. */
  to: string;
  /** The source shop's images; default: the `images` folder next to the SQLite file. */
  imagesDir?: string;
  /** Delete what the target's shop tables hold first (otherwise a target with rows is refused). */
  force?: boolean;
  /** Rows per INSERT (fewer when a table's columns would pass PostgreSQL's parameter limit). */
  batchRows?: number;
  onProgress?: (progress: CopyProgress) => void;
};

export type CopyProgress = { step: 'copy' | 'verify'; table: string; done: number; total: number };

/** One table (or the images) compared on both sides. */
export type TableCheck = {
  table: string;
  sourceRows: number;
  targetRows: number;
  sourceChecksum: string;
  targetChecksum: string;
  ok: boolean;
};

export type CopyReport = {
  /** The SQLite file. */
  source: string;
  /** The PostgreSQL database, without its password. */
  target: string;
  /** Per table, in copy order; images last as `stored_images` when they were copied. */
  checks: TableCheck[];
  images: { copied: true; count: number; bytes: number; dir: string; ignored: string[] } | { copied: false; reason: string };
  /** Every check matched (and, for a copy, the transaction committed). */
  ok: boolean;
};

type TablePlan = {
  table: string;
  /** The columns copied: the source's stored columns (the target's generated ones left out). */
  columns: string[];
  /** The order rows are compared in: the primary key, or every column when there is none. */
  orderBy: string[];
  /** Columns PostgreSQL holds as text: compared in byte order (COLLATE "C"), as SQLite does. */
  textColumns: Set<string>;
};

type ImageFile = { name: string; file: string; contentType: string; size: number };

/** Table names here come from the files themselves, not from the schema types. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDB = Kysely<any>;

/**
 * Copies every shop table of a SQLite shop into a PostgreSQL database and its images into the
 * images table, in one PostgreSQL transaction, then compares both sides (row counts and
 * checksums) before committing. The SQLite file is read in one read transaction, so a shop still
 * serving from it cannot change what is copied half-way. A failure or a mismatch rolls back:
 * the target is left as it was.
 *
 * Throws CopyRefused (nothing written) for a source not at the latest migration, or a target
 * whose shop tables hold rows (without `force`). Returns the report; `ok` is false on a mismatch.
 */
export async function copyDatabase(opts: CopyOptions): Promise<CopyReport> {
  const { file, target } = endpoints(opts);
  const imagesDir = opts.imagesDir ?? path.join(path.dirname(file), 'images');
  const source = openSource(file);
  const shop: DB = openDatabase(target);
  const db: AnyDB = shop;
  try {
    await connect(db, target);
    await migrateToLatest(shop);
    const { plans, hasImagesTable } = await planCopy(source, db);
    const images = hasImagesTable ? listImages(imagesDir) : null;
    const base = { source: file, target: describeTarget(target) };

    source.exec('begin'); // every read below sees one snapshot of the file
    try {
      const totals = sqliteRowCounts(
        source,
        plans.map((p) => p.table),
      );
      const report = await db
        .transaction()
        .execute(async (trx) => {
          const shopTables = [...plans.map((p) => p.table), ...(hasImagesTable ? [IMAGES_TABLE] : [])];
          await emptyTarget(trx, shopTables, opts.force === true);
          for (const plan of plans) await copyTable(source, trx, plan, totals[plan.table] ?? 0, opts);
          if (images) await copyImages(trx, images.files, opts.onProgress);
          await resyncSequences(
            trx,
            plans.map((p) => p.table),
          );
          const checks = await compare(source, trx, plans, images?.files ?? null, opts.onProgress);
          const result: CopyReport = {
            ...base,
            checks,
            images: images ? imagesCopied(images, imagesDir) : imagesNotCopied(imagesDir),
            ok: checks.every((c) => c.ok),
          };
          // A copy that does not match is not kept: the transaction rolls back.
          if (!result.ok) throw new Mismatch(result);
          return result;
        })
        .catch((error: unknown) => {
          if (error instanceof Mismatch) return error.report;
          throw error;
        });
      return report;
    } finally {
      source.exec('rollback');
    }
  } finally {
    source.close();
    await db.destroy();
  }
}

/**
 * Compares a SQLite shop with a PostgreSQL database a copy was made into, without writing
 * anything: the same checks copyDatabase makes before it commits.
 */
export async function verifyCopy(opts: Pick<CopyOptions, 'from' | 'to' | 'imagesDir' | 'onProgress'>): Promise<CopyReport> {
  const { file, target } = endpoints(opts);
  const imagesDir = opts.imagesDir ?? path.join(path.dirname(file), 'images');
  const source = openSource(file);
  const db: AnyDB = openDatabase(target);
  try {
    await connect(db, target);
    const { plans, hasImagesTable } = await planCopy(source, db);
    const images = hasImagesTable ? listImages(imagesDir) : null;
    source.exec('begin');
    try {
      const checks = await db
        .transaction()
        .setIsolationLevel('repeatable read')
        .setAccessMode('read only')
        .execute((trx) => compare(source, trx, plans, images?.files ?? null, opts.onProgress));
      return {
        source: file,
        target: describeTarget(target),
        checks,
        images: images ? imagesCopied(images, imagesDir) : imagesNotCopied(imagesDir),
        ok: checks.every((c) => c.ok),
      };
    } finally {
      source.exec('rollback');
    }
  } finally {
    source.close();
    await db.destroy();
  }
}

class Mismatch extends Error {
  constructor(readonly report: CopyReport) {
    super('the copy does not match its source');
  }
}

function imagesCopied(images: { files: ImageFile[]; ignored: string[] }, dir: string): CopyReport['images'] {
  return { copied: true, count: images.files.length, bytes: images.files.reduce((sum, f) => sum + f.size, 0), dir, ignored: images.ignored };
}

function imagesNotCopied(imagesDir: string): CopyReport['images'] {
  return {
    copied: false,
    reason: `the target has no ${IMAGES_TABLE} table (this version of the shop keeps no images in PostgreSQL): copy ${imagesDir} to the new shop's DATA_DIR/images by hand`,
  };
}

function endpoints(opts: Pick<CopyOptions, 'from' | 'to'>): { file: string; target: DatabaseTarget } {
  if (/^postgres(ql)?:\/\//i.test(opts.from)) throw new CopyRefused('--from must be the SQLite shop (a file path or a file: URL), not a PostgreSQL URL');
  if (!/^postgres(ql)?:\/\//i.test(opts.to)) throw new CopyRefused('--to must be a postgres:// URL');
  const file = path.resolve(opts.from.replace(/^sqlite:/, '').replace(/^file:(\/\/)?/, ''));
  return { file, target: { dialect: 'postgres', url: opts.to, poolSize: 2 } };
}

/** A first round trip, so a wrong address or password is named as such (not as a failed migration). */
async function connect(db: AnyDB, target: DatabaseTarget): Promise<void> {
  try {
    await sql`select 1`.execute(db);
  } catch (error) {
    throw new CopyRefused(`Cannot connect to ${describeTarget(target)}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** The source file, opened for reading only, once it is known to be a shop at the latest migration. */
function openSource(file: string): SQLite.Database {
  if (!fs.existsSync(file)) throw new CopyRefused(`No SQLite database at ${file}`);
  const sqlite = new SQLite(file, { fileMustExist: true });
  try {
    sqlite.pragma('busy_timeout = 5000');
    // Belt and braces: nothing here may write to the shop's file.
    sqlite.pragma('query_only = 1');
    const state = sqliteMigrationState(sqlite);
    if (state.latest === null) throw new CopyRefused(`${file} is not a Voltmart database (it has no migrations)`);
    if (state.unknown.length > 0) {
      throw new CopyRefused(`${file} was migrated by a newer version of Voltmart (${state.unknown.join(', ')}): copy it with that version`);
    }
    if (state.missing.length > 0) {
      throw new CopyRefused(
        `${file} is at migration ${state.latest}, behind this version (${state.missing.length} to run, up to ${state.missing.at(-1)}): ` +
          `start the shop once on it (DATABASE_URL=${file} npm start) so it migrates, stop it, then copy`,
      );
    }
    return sqlite;
  } catch (error) {
    sqlite.close();
    throw error;
  }
}

/** Which tables and columns go across, checked against the (migrated) target. */
async function planCopy(source: SQLite.Database, db: AnyDB): Promise<{ plans: TablePlan[]; hasImagesTable: boolean }> {
  const targetColumns = await sql<{ table_name: string; column_name: string; data_type: string; is_generated: string }>`
    select table_name, column_name, data_type, is_generated from information_schema.columns where table_schema = current_schema()`.execute(db);
  const byTable = new Map<string, Map<string, { type: string; generated: boolean }>>();
  for (const c of targetColumns.rows) {
    const columns = byTable.get(c.table_name) ?? new Map<string, { type: string; generated: boolean }>();
    columns.set(c.column_name, { type: c.data_type, generated: c.is_generated === 'ALWAYS' });
    byTable.set(c.table_name, columns);
  }
  const plans = sqliteShopTables(source).map((table): TablePlan => {
    const target = byTable.get(table);
    if (!target) throw new CopyRefused(`The target has no table ${table}: both databases should be at the same migration`);
    const sourceColumns = sqliteColumns(source, table);
    for (const c of sourceColumns) {
      if (!target.has(c.name)) throw new CopyRefused(`The target's ${table} has no column ${c.name}: both databases should be at the same migration`);
    }
    const columns = sourceColumns.filter((c) => target.get(c.name)?.generated !== true);
    const key = columns.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk);
    return {
      table,
      columns: columns.map((c) => c.name),
      orderBy: (key.length > 0 ? key : columns).map((c) => c.name),
      textColumns: new Set(columns.filter((c) => /^(text|character)/.test(target.get(c.name)?.type ?? '')).map((c) => c.name)),
    };
  });
  return { plans, hasImagesTable: byTable.has(IMAGES_TABLE) };
}

/**
 * Refuses a target whose shop tables hold rows, or (force) empties them, children first. The
 * defaults a migration wrote (MIGRATION_SEEDED_TABLES) are not shop data: they always give way
 * to the source's rows.
 */
async function emptyTarget(trx: AnyDB, tables: readonly string[], force: boolean): Promise<void> {
  const held: string[] = [];
  for (const table of tables) {
    if (MIGRATION_SEEDED_TABLES.includes(table)) continue;
    const n = await countRows(trx, table);
    if (n > 0) held.push(`${table} ${n.toLocaleString('en-IN')}`);
  }
  if (held.length === 0) {
    for (const table of [...tables].reverse()) if (MIGRATION_SEEDED_TABLES.includes(table)) await sql`delete from ${sql.table(table)}`.execute(trx);
    return;
  }
  if (!force) {
    throw new CopyRefused(`The target database already holds shop data (${held.join(', ')}): point --to at an empty database, or run again with --force to delete it and copy`);
  }
  // The images table has no foreign keys; the others go children first.
  for (const table of [...tables].reverse()) await sql`delete from ${sql.table(table)}`.execute(trx);
}

async function countRows(db: AnyDB, table: string): Promise<number> {
  const result = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(db);
  return result.rows[0]?.n ?? 0;
}

async function copyTable(source: SQLite.Database, trx: AnyDB, plan: TablePlan, total: number, opts: CopyOptions): Promise<void> {
  const rowsPerInsert = Math.max(1, Math.min(opts.batchRows ?? DEFAULT_BATCH_ROWS, Math.floor(MAX_PARAMETERS / plan.columns.length)));
  const statement = source.prepare<[], Record<string, unknown>>(`select ${plan.columns.map(quoteIdent).join(', ')} from ${quoteIdent(plan.table)}`);
  let batch: Record<string, unknown>[] = [];
  let done = 0;
  opts.onProgress?.({ step: 'copy', table: plan.table, done, total });
  // The iterator stays open across the awaits: nothing else uses the source connection meanwhile.
  for (const row of statement.iterate()) {
    batch.push(row);
    if (batch.length < rowsPerInsert) continue;
    await trx.insertInto(plan.table).values(batch).execute();
    done += batch.length;
    batch = [];
    opts.onProgress?.({ step: 'copy', table: plan.table, done, total });
  }
  if (batch.length > 0) {
    await trx.insertInto(plan.table).values(batch).execute();
    done += batch.length;
    opts.onProgress?.({ step: 'copy', table: plan.table, done, total });
  }
}

/** The images folder's files the images table can hold; anything else is named in `ignored`. */
function listImages(dir: string): { files: ImageFile[]; ignored: string[] } {
  if (!fs.existsSync(dir)) return { files: [], ignored: [] };
  const files: ImageFile[] = [];
  const ignored: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    // Dot files are the image store's temporary files, mid-write.
    if (entry.name.startsWith('.')) continue;
    const contentType = CONTENT_TYPES[path.extname(entry.name).toLowerCase()];
    if (!entry.isFile() || !contentType) ignored.push(entry.name);
    else files.push({ name: entry.name, file: path.join(dir, entry.name), contentType, size: fs.statSync(path.join(dir, entry.name)).size });
  }
  files.sort((a, b) => byteOrder(a.name, b.name));
  return { files, ignored };
}

async function copyImages(trx: AnyDB, files: readonly ImageFile[], onProgress: CopyOptions['onProgress']): Promise<void> {
  let batch: { name: string; content_type: string; bytes: Buffer; created_at: string }[] = [];
  let batchBytes = 0;
  let done = 0;
  const flush = async () => {
    if (batch.length > 0) await trx.insertInto(IMAGES_TABLE).values(batch).execute();
    done += batch.length;
    batch = [];
    batchBytes = 0;
    onProgress?.({ step: 'copy', table: IMAGES_TABLE, done, total: files.length });
  };
  onProgress?.({ step: 'copy', table: IMAGES_TABLE, done, total: files.length });
  for (const image of files) {
    const data = fs.readFileSync(image.file);
    if (batchBytes + data.length > IMAGE_BATCH_BYTES) await flush();
    batch.push({ name: image.name, content_type: image.contentType, bytes: data, created_at: fs.statSync(image.file).mtime.toISOString() });
    batchBytes += data.length;
  }
  await flush();
}

/**
 * Rows were inserted with their ids, so a serial or identity column's sequence would still
 * start at 1 and its next insert would collide. No shop table has one today; one that gains
 * it later is still copied right.
 */
async function resyncSequences(trx: AnyDB, tables: readonly string[]): Promise<void> {
  const serials = await sql<{ table_name: string; column_name: string; sequence: string }>`
    select table_name, column_name, pg_get_serial_sequence(quote_ident(table_name), column_name) as sequence
    from information_schema.columns
    where table_schema = current_schema() and table_name = any(${[...tables]}) and pg_get_serial_sequence(quote_ident(table_name), column_name) is not null`.execute(trx);
  for (const s of serials.rows) {
    await sql`select setval(${s.sequence}, coalesce(max(${sql.ref(s.column_name)}), 0) + 1, false) from ${sql.table(s.table_name)}`.execute(trx);
  }
}

/** Row counts and checksums of every table (and the images), read from both sides. */
async function compare(
  source: SQLite.Database,
  trx: AnyDB,
  plans: readonly TablePlan[],
  images: readonly ImageFile[] | null,
  onProgress: CopyOptions['onProgress'],
): Promise<TableCheck[]> {
  const checks: TableCheck[] = [];
  for (const plan of plans) {
    const total = sqliteRowCounts(source, [plan.table])[plan.table] ?? 0;
    onProgress?.({ step: 'verify', table: plan.table, done: 0, total });
    const order = (dialect: 'sqlite' | 'postgres') =>
      plan.orderBy.map((c) => `${quoteIdent(c)}${plan.textColumns.has(c) ? (dialect === 'sqlite' ? ' collate binary' : ' collate "C"') : ''} nulls first`).join(', ');
    const select = (dialect: 'sqlite' | 'postgres') => `select ${plan.columns.map(quoteIdent).join(', ')} from ${quoteIdent(plan.table)} order by ${order(dialect)}`;

    const sourceSum = new RowChecksum();
    for (const row of source.prepare<[], Record<string, unknown>>(select('sqlite')).iterate()) sourceSum.add(row);
    const targetSum = new RowChecksum();
    await eachPostgresRow(trx, select('postgres'), (row) => targetSum.add(row));
    checks.push(check(plan.table, sourceSum, targetSum));
    onProgress?.({ step: 'verify', table: plan.table, done: total, total });
  }
  if (images) {
    onProgress?.({ step: 'verify', table: IMAGES_TABLE, done: 0, total: images.length });
    const sourceSum = new RowChecksum();
    for (const image of images) {
      sourceSum.add({ name: image.name, content_type: image.contentType, sha256: crypto.createHash('sha256').update(fs.readFileSync(image.file)).digest('hex') });
    }
    const targetSum = new RowChecksum();
    await eachPostgresRow(trx, `select name, content_type, encode(sha256(bytes), 'hex') as sha256 from ${quoteIdent(IMAGES_TABLE)} order by name collate "C"`, (row) =>
      targetSum.add(row),
    );
    checks.push(check(IMAGES_TABLE, sourceSum, targetSum));
    onProgress?.({ step: 'verify', table: IMAGES_TABLE, done: images.length, total: images.length });
  }
  return checks;
}

function check(table: string, source: RowChecksum, target: RowChecksum): TableCheck {
  const sourceChecksum = source.digest();
  const targetChecksum = target.digest();
  return { table, sourceRows: source.rows, targetRows: target.rows, sourceChecksum, targetChecksum, ok: source.rows === target.rows && sourceChecksum === targetChecksum };
}

/** Reads a query's rows through a server-side cursor, a batch at a time (a table need not fit in memory). */
async function eachPostgresRow(trx: AnyDB, query: string, onRow: (row: Record<string, unknown>) => void): Promise<void> {
  await sql.raw(`declare voltmart_copy_rows no scroll cursor for ${query}`).execute(trx);
  try {
    for (;;) {
      const { rows } = await sql.raw<Record<string, unknown>>(`fetch forward ${DEFAULT_BATCH_ROWS} from voltmart_copy_rows`).execute(trx);
      rows.forEach(onRow);
      if (rows.length < DEFAULT_BATCH_ROWS) break;
    }
  } finally {
    await sql.raw('close voltmart_copy_rows').execute(trx);
  }
}

/**
 * sha256 over the rows in order, each as canonical JSON: columns sorted by name, numbers as
 * numbers, text as text, null as null, bytes as base64. Both sides' drivers hand back the same
 * JS values for the same data (PostgreSQL's bigint is read as a number: server/db/database.ts).
 */
class RowChecksum {
  private readonly hash = crypto.createHash('sha256');
  rows = 0;

  add(row: Record<string, unknown>): void {
    const canonical = Object.keys(row)
      .sort()
      .map((key) => [key, canonicalValue(row[key])]);
    this.hash.update(JSON.stringify(canonical)).update('\n');
    this.rows++;
  }

  digest(): string {
    return this.hash.copy().digest('hex');
  }
}

function canonicalValue(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'string') return value;
  if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
  // SQLite has no booleans: the shop stores 0 and 1.
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Uint8Array) return { bytes: Buffer.from(value).toString('base64') };
  if (value instanceof Date) return value.toISOString();
  return JSON.stringify(value);
}

/** Orders names as PostgreSQL's "C" collation and SQLite's BINARY do: by their UTF-8 bytes. */
function byteOrder(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}

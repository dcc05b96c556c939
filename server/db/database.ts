import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresAdapter, PostgresDialect, SqliteDialect, type SqliteDatabase } from 'kysely';
import type { Database } from './schema';
import { SqliteReadWriteDialect } from './sqlite-read-write';
import type { DatabaseTarget, Dialect } from './target';

export type DB = Kysely<Database>;

/**
 * Opens the shop's database: the SQLite file, or a pool of connections to PostgreSQL. Every
 * query in the features is the same on both; what differs lives in server/db (dialect.ts).
 */
export function openDatabase(target: DatabaseTarget | string): DB {
  const t: DatabaseTarget = typeof target === 'string' ? { dialect: 'sqlite', file: target } : target;
  const db = t.dialect === 'sqlite' ? openSqlite(t.file) : openPostgres(t.url, t.poolSize);
  if (t.dialect === 'postgres' || t.file !== ':memory:') targets.set(db, t);
  return db;
}

const targets = new WeakMap<DB, DatabaseTarget>();

/**
 * Where a database opened by openDatabase lives, for another thread or process to open it too;
 * null for an in-memory SQLite database (no other connection can reach it).
 */
export function sharedTarget(db: DB): DatabaseTarget | null {
  return targets.get(db) ?? null;
}

/**
 * A read-only view of the shop's database for a worker thread that only reads (the catalogue
 * import's planning): on SQLite one read-only connection to the (existing, migrated) file, on
 * PostgreSQL a pool of two.
 */
export function openReadOnlyDatabase(target: DatabaseTarget): DB {
  if (target.dialect === 'postgres') return openPostgres(target.url, 2);
  const reader = new SQLite(target.file, { fileMustExist: true });
  reader.pragma('query_only = ON');
  reader.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(reader) }) });
  dialects.set(db, 'sqlite');
  return db;
}

const dialects = new WeakMap<DB, Dialect>();

/** Which database a Kysely instance opened by openDatabase (or a transaction on it) talks to. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function dialectOf(db: Kysely<any>): Dialect {
  const known = dialects.get(db as DB);
  if (known) return known;
  // A transaction is its own Kysely instance: ask its adapter.
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/** int8 (count, bigint money columns) and numeric (sum of bigint) as JS numbers: paise stay far below 2^53. */
const INT8_OID = 20;
const NUMERIC_OID = 1700;
const pgTypes: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (oid === INT8_OID || oid === NUMERIC_OID) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format) as (value: string) => unknown;
  }) as pg.CustomTypesConfig['getTypeParser'],
};

/** Connection settings shared by the pool and the change feed's listening connection. */
export function postgresClientConfig(url: string): pg.ClientConfig {
  return { connectionString: url, types: pgTypes, application_name: 'voltmart' };
}

function openPostgres(url: string, poolSize: number): DB {
  const pool = new pg.Pool({ ...postgresClientConfig(url), max: poolSize, idleTimeoutMillis: 30_000 });
  // An idle connection the server dropped must not crash the process: the next query reconnects.
  pool.on('error', () => {});
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  dialects.set(db, 'postgres');
  return db;
}

/**
 * Opens the SQLite file (creating its folder) with the settings money needs: WAL for readers
 * alongside the writer, synchronous=FULL so a committed order survives a power loss, foreign
 * keys on, a busy timeout for the seed/CLI scripts that may share the file, and a larger page cache.
 *
 * Two connections (sqlite-read-write.ts): the writer runs every write and every transaction, one
 * at a time, so a transaction holds the writer (never await a network call inside one); SELECTs
 * outside a transaction run on a read-only reader and see the last committed state, so a long
 * transaction does not keep shoppers' pages waiting. `:memory:` is one connection (a second one
 * would be another, empty database).
 */
function openSqlite(file: string): DB {
  const memory = file === ':memory:';
  if (!memory) fs.mkdirSync(path.dirname(file), { recursive: true });
  const writer = new SQLite(file);
  writer.pragma('journal_mode = WAL');
  writer.pragma('synchronous = FULL');
  writer.pragma('foreign_keys = ON');
  writer.pragma('busy_timeout = 5000');
  // 16 MB of page cache in all instead of SQLite's 2 MB: a product lookup in a 100k catalogue
  // drops from ~20 µs to ~6 µs once the hot pages stay in memory. Not more: a crawl of every
  // product fills whatever it is given and holds it for good (malloc keeps it), while a page
  // missed here is a read from the system's file cache, a few microseconds (issue 26: 32 MB made
  // the shop 16 MB larger after a crawl, against its 200 MB budget). The reader, which serves
  // the pages, gets 12 MB; the writer, which touches what sales and edits change, 4 MB (16 MB
  // each made the shop 215 MB after `npm run bench`).
  writer.pragma(memory ? 'cache_size = -16000' : 'cache_size = -4000');
  let reader: SQLite.Database | null = null;
  if (!memory) {
    reader = new SQLite(file, { fileMustExist: true });
    // Anything but a read on it is refused, loudly (a write must go through the writer).
    reader.pragma('query_only = ON');
    reader.pragma('busy_timeout = 5000');
    reader.pragma('cache_size = -12000');
  }
  const dialect = reader
    ? new SqliteReadWriteDialect({ writer: withStatementCache(writer), reader: withStatementCache(reader) })
    : new SqliteDialect({ database: withStatementCache(writer) });
  const db = new Kysely<Database>({ dialect });
  handles.set(db, { writer, reader: reader ?? writer });
  dialects.set(db, 'sqlite');
  return db;
}

const handles = new WeakMap<DB, { writer: SQLite.Database; reader: SQLite.Database }>();

/**
 * The better-sqlite3 handles under a Kysely instance opened by openDatabase, for the few readers
 * that must not wait in Kysely's queue (the change feed reads its log synchronously, on the
 * reader: only what has committed).
 */
export function sqliteHandles(db: DB): { writer: SQLite.Database; reader: SQLite.Database } {
  const found = handles.get(db);
  if (!found) throw new Error('sqliteHandles needs a database opened by openDatabase');
  return found;
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query's SQL again on each call; preparing costs more than running most
 * of our indexed lookups. better-sqlite3 runs statements synchronously, so reusing a prepared
 * statement for the same SQL text is safe. Least recently used statements fall out past 500
 * (queries with `in (?, ?, ...)` lists produce many distinct texts).
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = cache.get(sql);
      if (statement) {
        cache.delete(sql);
      } else {
        statement = sqlite.prepare(sql);
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
      }
      cache.set(sql, statement);
      return statement;
    },
  };
}

/**
 * Rows in one statement of a long set-based write (a catalogue import's UPDATE … FROM (VALUES …),
 * its multi-row INSERTs). On SQLite a statement runs synchronously on the app's thread, and a
 * transaction lets shoppers' requests in only between statements (sqlite-read-write.ts): 100 rows
 * take ~6 ms at 300,000 variants, where 400 took 25–35 ms that every request arriving then waited.
 * On PostgreSQL the statement runs on the server while the app's thread serves: 400 rows (fewer
 * round trips).
 */
export function rowsPerStatement(db: DB): number {
  return dialectOf(db) === 'postgres' ? 400 : 100;
}

/** Newly generated ids: random, URL-safe, and the same type on SQLite and Postgres. */
export function newId(): string {
  return crypto.randomUUID().replaceAll('-', '');
}

export function nowIso(clock: () => Date = () => new Date()): string {
  return clock().toISOString();
}

import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { Database } from './schema';

export type DB = Kysely<Database>;

/**
 * Opens the SQLite file (creating its folder) with the settings money needs: WAL for readers
 * alongside the writer, synchronous=FULL so a committed order survives a power loss, foreign
 * keys on, and a busy timeout for the seed/CLI scripts that may share the file.
 *
 * Kysely's SQLite dialect runs everything on this one connection, so a transaction holds the
 * whole database: never await a network call inside one.
 */
export function openDatabase(file: string): DB {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
}

/** Newly generated ids: random, URL-safe, and the same type on SQLite and Postgres. */
export function newId(): string {
  return crypto.randomUUID().replaceAll('-', '');
}

export function nowIso(clock: () => Date = () => new Date()): string {
  return clock().toISOString();
}

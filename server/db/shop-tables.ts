import type SQLite from 'better-sqlite3';
import { migrationNames } from './migrations';

// What a SQLite shop file holds beyond the shop's own data, for the tools that copy it
// (db:copy to PostgreSQL, backup and restore). They read the file with better-sqlite3 directly,
// outside Kysely, so that one read transaction covers everything they read.

/**
 * Tables that are not shop data: SQLite's own, Kysely's migration bookkeeping, the SQLite-only
 * log of stale cached replies (PostgreSQL sends the same news with NOTIFY), and the images table
 * (a SQLite shop keeps its images as files in DATA_DIR/images), and catalogue files uploaded for
 * an import (kept an hour) and the import jobs' progress. Full-text indexes (virtual
 * tables and their shadow tables) are left out below: triggers, or PostgreSQL's generated
 * search column, rebuild them from the products.
 */
const NOT_SHOP_DATA = [/^sqlite_/, /^kysely_migration/, /^cache_invalidations$/, /^stored_images$/, /^catalogue_uploads$/, /^catalogue_import_jobs$/];

/**
 * Tables a migration fills with defaults (the spec's twelve categories with their HSN code and
 * GST rate, migration 2026-12-03-01-categories; before it, the GST migration's category_tax):
 * a freshly migrated target holds these rows without holding any shop data, and a copy
 * replaces them with the source's.
 */
export const MIGRATION_SEEDED_TABLES: readonly string[] = ['categories'];

/** `name` as a quoted SQL identifier (the same quoting on SQLite and PostgreSQL). */
export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/**
 * The shop's tables in the file, parents before children (every table comes after the tables
 * its foreign keys point at), so rows can be inserted in this order and deleted in reverse.
 */
export function sqliteShopTables(sqlite: SQLite.Database): string[] {
  const entries = sqlite.prepare<[], { name: string; sql: string | null }>(`select name, sql from sqlite_master where type = 'table' order by rowid`).all();
  const virtual = entries.filter((e) => /^\s*create\s+virtual\s+table/i.test(e.sql ?? '')).map((e) => e.name);
  const tables = entries
    .map((e) => e.name)
    .filter((name) => !NOT_SHOP_DATA.some((pattern) => pattern.test(name)))
    .filter((name) => !virtual.some((v) => name === v || name.startsWith(`${v}_`)));

  const parents = new Map(
    tables.map((table) => [
      table,
      sqlite
        .prepare<[], { table: string }>(`select "table" from pragma_foreign_key_list(${quoteLiteral(table)})`)
        .all()
        .map((fk) => fk.table)
        .filter((parent) => parent !== table && tables.includes(parent)),
    ]),
  );
  const ordered: string[] = [];
  const visiting = new Set<string>();
  const visit = (table: string) => {
    if (ordered.includes(table)) return;
    if (visiting.has(table)) throw new Error(`Foreign keys form a cycle through ${table}: no insert order exists`);
    visiting.add(table);
    for (const parent of parents.get(table) ?? []) visit(parent);
    visiting.delete(table);
    ordered.push(table);
  };
  tables.forEach(visit);
  return ordered;
}

export type SqliteColumn = { name: string; /** 1-based position in the primary key, 0 when not part of it. */ pk: number };

/** A table's stored columns: generated and hidden ones are left out (nothing can be written to them). */
export function sqliteColumns(sqlite: SQLite.Database, table: string): SqliteColumn[] {
  return sqlite
    .prepare<[], { name: string; pk: number; hidden: number }>(`select name, pk, hidden from pragma_table_xinfo(${quoteLiteral(table)}) order by cid`)
    .all()
    .filter((c) => c.hidden === 0)
    .map(({ name, pk }) => ({ name, pk }));
}

export type MigrationState = {
  /** The last migration the file has run; null when it has none (an empty file, or not the shop's). */
  latest: string | null;
  /** Migrations this version of the shop has that the file has not run yet. */
  missing: string[];
  /** Migrations the file has run that this version does not know (made by a newer version). */
  unknown: string[];
};

export function sqliteMigrationState(sqlite: SQLite.Database): MigrationState {
  const hasTable = sqlite.prepare(`select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'`).get() !== undefined;
  const applied = hasTable
    ? sqlite
        .prepare<[], { name: string }>('select name from kysely_migration order by name')
        .all()
        .map((r) => r.name)
    : [];
  return {
    latest: applied.at(-1) ?? null,
    missing: migrationNames.filter((name) => !applied.includes(name)),
    unknown: applied.filter((name) => !migrationNames.includes(name)),
  };
}

/** Row counts of the shop's tables, in the file's current read snapshot. */
export function sqliteRowCounts(sqlite: SQLite.Database, tables: readonly string[]): Record<string, number> {
  return Object.fromEntries(tables.map((table) => [table, sqlite.prepare<[], { n: number }>(`select count(*) as n from ${quoteIdent(table)}`).get()?.n ?? 0]));
}

function quoteLiteral(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { dialectOf, openDatabase } from './database';
import { migrateToLatest } from './migrate';
import { migrationNames, migrationsFor } from './migrations';
import { freshEmptyTestDatabase, testDialect } from '../testing/test-database';

const dialect = testDialect();

describe(`migrations (${dialect})`, () => {
  it('both databases have the same migrations, in the same order', () => {
    expect(Object.keys(migrationsFor('sqlite'))).toEqual(migrationNames);
    expect(Object.keys(migrationsFor('postgres'))).toEqual(migrationNames);
  });

  it('run forward from an empty database, once', async () => {
    const db = openDatabase(await freshEmptyTestDatabase(fs.mkdtempSync(path.join(os.tmpdir(), 'voltmart-migrate-'))));
    try {
      expect(await migrateToLatest(db)).toEqual(migrationNames);
      expect(await migrateToLatest(db)).toEqual([]);
      const tables = (await db.introspection.getTables()).map((t) => t.name);
      expect(tables).toEqual(
        expect.arrayContaining(['users', 'sessions', 'products', 'cart_items', 'orders', 'order_items', 'banners', 'test_checkout_sessions', 'login_attempts', 'stock_movements']),
      );
      expect(tables).not.toContain('catalog_revision');
      // A transaction knows its database too (the dialect modules are handed either).
      expect(dialectOf(db)).toBe(dialect);
      expect(await db.transaction().execute((trx) => Promise.resolve(dialectOf(trx)))).toBe(dialect);
    } finally {
      await db.destroy();
    }
  });

  it.runIf(dialect === 'sqlite')('open SQLite with WAL, synchronous=FULL, foreign keys and a busy timeout', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'voltmart-pragma-')), 'shop.sqlite');
    const db = openDatabase(file);
    try {
      const pragma = async (name: string) => Object.values((await sql.raw<Record<string, unknown>>(`pragma ${name}`).execute(db)).rows[0] ?? {})[0];
      expect(await pragma('journal_mode')).toBe('wal');
      expect(await pragma('synchronous')).toBe(2); // FULL
      expect(await pragma('foreign_keys')).toBe(1);
      expect(await pragma('busy_timeout')).toBe(5000);
    } finally {
      await db.destroy();
    }
  });

  it.runIf(dialect === 'postgres')('on PostgreSQL, money columns are bigint and read back as numbers', async () => {
    const db = openDatabase(await freshEmptyTestDatabase(fs.mkdtempSync(path.join(os.tmpdir(), 'voltmart-migrate-'))));
    try {
      await migrateToLatest(db);
      const types = await sql<{ column_name: string; data_type: string }>`
        select column_name, data_type from information_schema.columns
        where table_name = 'products' and column_name in ('price', 'selling_price', 'stock')
        order by column_name`.execute(db);
      expect(types.rows).toEqual([
        { column_name: 'price', data_type: 'bigint' },
        { column_name: 'selling_price', data_type: 'bigint' },
        { column_name: 'stock', data_type: 'integer' },
      ]);
      const big = await sql<{ n: number; total: number }>`select count(*) as n, sum(x) as total from (values (9007199254740::bigint), (1::bigint)) as t (x)`.execute(db);
      expect(big.rows[0]).toEqual({ n: 2, total: 9007199254741 });
    } finally {
      await db.destroy();
    }
  });
});

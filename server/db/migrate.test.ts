import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './database';
import { migrateToLatest } from './migrate';
import { migrations } from './migrations';

describe('migrations', () => {
  it('run forward from an empty database file, once', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'voltmart-migrate-')), 'shop.sqlite');
    const db = openDatabase(file);
    try {
      expect(await migrateToLatest(db)).toEqual(Object.keys(migrations));
      expect(await migrateToLatest(db)).toEqual([]);
      const tables = await sql<{ name: string }>`select name from sqlite_master where type in ('table') order by name`.execute(db);
      expect(tables.rows.map((r) => r.name)).toEqual(
        expect.arrayContaining(['users', 'sessions', 'products', 'products_fts', 'cart_items', 'orders', 'order_items', 'banners', 'test_checkout_sessions', 'login_attempts']),
      );
    } finally {
      await db.destroy();
    }
  });

  it('open SQLite with WAL, synchronous=FULL, foreign keys and a busy timeout', async () => {
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
});

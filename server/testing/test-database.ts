import crypto from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import type { DatabaseTarget, Dialect } from '../db/target';
import { openDatabase, type DB } from '../db/database';
import { migrateToLatest } from '../db/migrate';

/** What the `server-pg` project's global setup provides: a server, and a migrated template database to copy. */
export type TestPostgres = { adminUrl: string; template: string; prefix: string };

/** `url` with its database name replaced. */
export function databaseUrl(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

function testPostgres(): TestPostgres | null {
  return inject('postgres') ?? null;
}

/** The database the running suite tests: `postgres` in the server-pg project, `sqlite` elsewhere. */
export function testDialect(): Dialect {
  return testPostgres() ? 'postgres' : 'sqlite';
}

/**
 * A new, empty (migrated) database for one test server: a SQLite file in `dataDir`, or on
 * PostgreSQL a copy of the template database, returned as the DATABASE_URL to start with.
 */
export async function freshTestDatabase(dataDir: string): Promise<{ databaseUrl: string; target: DatabaseTarget }> {
  const postgres = testPostgres();
  if (!postgres) {
    const file = path.join(dataDir, 'shop.sqlite');
    return { databaseUrl: file, target: { dialect: 'sqlite', file } };
  }
  const name = `${postgres.prefix}${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgres.adminUrl });
  await admin.connect();
  try {
    // Two workers copying the template at the same moment can collide; the copy is quick, so wait and retry.
    for (let attempt = 1; ; attempt++) {
      try {
        await admin.query(`create database ${name} template ${postgres.template}`);
        break;
      } catch (error) {
        if (attempt >= 20 || !String(error).includes('is being accessed by other users')) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
      }
    }
  } finally {
    await admin.end();
  }
  const url = databaseUrl(postgres.adminUrl, name);
  return { databaseUrl: url, target: { dialect: 'postgres', url, poolSize: 10 } };
}

/** A fresh, migrated database of the suite's dialect, opened (see freshTestDatabase). */
export async function openTestDatabase(dataDir: string): Promise<{ db: DB; databaseUrl: string; target: DatabaseTarget }> {
  const fresh = await freshTestDatabase(dataDir);
  const db = openDatabase(fresh.target);
  await migrateToLatest(db);
  return { db, ...fresh };
}

/** A new database with nothing in it, not even migrations (to test them): a file, or an empty PostgreSQL database. */
export async function freshEmptyTestDatabase(dataDir: string): Promise<DatabaseTarget> {
  const postgres = testPostgres();
  if (!postgres) return { dialect: 'sqlite', file: path.join(dataDir, 'shop.sqlite') };
  const name = `${postgres.prefix}${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgres.adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  return { dialect: 'postgres', url: databaseUrl(postgres.adminUrl, name), poolSize: 2 };
}

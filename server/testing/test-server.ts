import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadEnv } from '../env';
import { buildDeps, closeDeps } from '../deps';
import { createApp } from '../app';
import type { Deps } from '../deps';
import { freshTestDatabase } from './test-database';

export type TestServer = {
  url: string;
  deps: Deps;
  dataDir: string;
  /** Stops the server and closes the database (the data directory stays). */
  close(): Promise<void>;
};

export type TestServerOptions = {
  env?: Record<string, string | undefined>;
  /** Reuse a data directory (to test a restart); a fresh temp folder otherwise. */
  dataDir?: string;
  clock?: () => Date;
  /**
   * Tests write to the database directly, as another process would, and read at once; so by
   * default every shared read first waits for the change feed to hold what committed before it
   * (on PostgreSQL, where changes arrive as notifications). `false` keeps the production rule,
   * waiting only after this process's own writes, for the tests of that rule.
   */
  catchUpEveryRead?: boolean;
};

/**
 * A real server on 127.0.0.1 with a real database (a SQLite file in a temp folder; a fresh PostgreSQL database in the server-pg project): the same wiring as
 * `npm start`, minus the built client. PUBLIC_URL is the address it actually listens on.
 */
export async function startTestServer(opts: TestServerOptions = {}): Promise<TestServer> {
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'voltmart-test-'));
  const databaseUrl = await testDatabaseIn(dataDir);
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const env = loadEnv({
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    PUBLIC_URL: url,
    SEED: 'none',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    SESSION_SECRET: 'test-secret-that-is-at-least-32-characters-long',
    DATABASE_URL: databaseUrl,
    ...opts.env,
  });
  const deps = await buildDeps(env, opts.clock ? { clock: opts.clock } : {});
  server.on('request', createApp(deps, { client: { kind: 'none' }, catchUpEveryRead: opts.catchUpEveryRead ?? true }));
  return {
    url,
    deps,
    dataDir,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await closeDeps(deps);
    },
  };
}

/**
 * The database of a test data directory: made the first time (a SQLite file in it, or a fresh
 * PostgreSQL database in the server-pg project), the same one when a test restarts on it.
 */
async function testDatabaseIn(dataDir: string): Promise<string> {
  const remembered = path.join(dataDir, '.test-database-url');
  if (fs.existsSync(remembered)) return fs.readFileSync(remembered, 'utf8');
  const { databaseUrl } = await freshTestDatabase(dataDir);
  fs.writeFileSync(remembered, databaseUrl);
  return databaseUrl;
}

export type HttpReply<T = unknown> = { status: number; body: T; headers: Headers };

/** A tiny HTTP client with a cookie jar, acting like a browser on the shop's own origin. */
export class HttpClient {
  /** The cookie jar; pass one in `defaults.cookies` to share it (one browser reaching two app processes behind a balancer). */
  readonly cookies: Map<string, string>;

  constructor(
    readonly baseUrl: string,
    private readonly defaults: { origin?: string | null; cookies?: Map<string, string> } = {},
  ) {
    this.cookies = defaults.cookies ?? new Map<string, string>();
  }

  get<T = any>(pathname: string, init: RequestInit = {}): Promise<HttpReply<T>> {
    return this.request<T>(pathname, { ...init, method: 'GET' });
  }

  /** A download's bytes (a PDF) with this client's cookies. */
  async bytes(pathname: string): Promise<{ status: number; bytes: Buffer; headers: Headers }> {
    const res = await fetch(new URL(pathname, this.baseUrl), { headers: { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') }, redirect: 'manual' });
    return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()), headers: res.headers };
  }

  post<T = any>(pathname: string, body?: unknown, init: RequestInit = {}): Promise<HttpReply<T>> {
    return this.request<T>(pathname, {
      ...init,
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(init.headers as Record<string, string> | undefined) },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
  }

  /** Calls a tRPC procedure the way @trpc/client's httpLink does (no batching). */
  async trpc<T = any>(kind: 'query' | 'mutation', procedure: string, input?: unknown): Promise<HttpReply<T>> {
    const reply =
      kind === 'query'
        ? await this.get(`/trpc/${procedure}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`)
        : await this.post(`/trpc/${procedure}`, input === undefined ? undefined : input);
    const body = reply.body as { result?: { data: T }; error?: unknown };
    return { ...reply, body: (body.result ? body.result.data : body.error) as T };
  }

  async request<T>(pathname: string, init: RequestInit): Promise<HttpReply<T>> {
    const headers = new Headers(init.headers);
    const origin = this.defaults.origin === undefined ? this.baseUrl : this.defaults.origin;
    if (origin !== null && !headers.has('origin')) headers.set('origin', origin);
    if (this.cookies.size > 0) headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await fetch(new URL(pathname, this.baseUrl), { ...init, headers, redirect: 'manual' });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (!value || /max-age=0/i.test(cookie) || /expires=Thu, 01 Jan 1970/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await res.text();
    let parsed: unknown = text;
    if ((res.headers.get('content-type') ?? '').includes('json') && text) parsed = JSON.parse(text);
    return { status: res.status, body: parsed as T, headers: res.headers };
  }
}

/** The SQLite file a test server runs on (tests of SQLite's own behaviour). */
export function sqliteFileOf(server: TestServer): string {
  const target = server.deps.env.database;
  if (target.dialect !== 'sqlite') throw new Error('this test server runs on PostgreSQL, not SQLite');
  return target.file;
}

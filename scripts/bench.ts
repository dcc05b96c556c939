// `npm run bench`: seeds a throw-away DATA_DIR with 100,000 products, starts the real server on
// 127.0.0.1 in a child process and measures with autocannon:
//   - product-details (POST /api/product-details), 32 connections    target p99 < 20 ms
//   - a 24-item category page (tRPC catalog.byCategory), 32 conns     target p99 < 20 ms
//   - a search for a common word (tRPC catalog.search), 1 and 32 conns target p95 < 15 ms
// each against the shop as shipped (its response cache on: the targets are judged here), against
// the same shop with the cache off (every request computed: what a cache miss costs), and a bare
// Express route answering the same JSON body: the ceiling on this machine.
// Options: --products N (default 100000), --duration S (default 10), --log LEVEL (default info),
//          --keep (leave the data directory behind).
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon, { type Request } from 'autocannon';
import pino from 'pino';
import { CATEGORY_VALUES } from '../shared/categories';
import { loadEnv } from '../server/env';
import { openDatabase } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { seedSynthetic } from '../server/seed/seed';

type Scenario = {
  name: string;
  connections: number;
  requests: Request[];
  /** What the target is about, for the verdict column. */
  target?: { percentile: 'p95' | 'p99'; ms: number };
};

type Measured = { rps: number; p50: number; p95: number; p99: number; bytes: number; non2xx: number; errors: number };

const { values: args } = parseArgs({
  options: {
    products: { type: 'string', default: '100000' },
    duration: { type: 'string', default: '10' },
    log: { type: 'string', default: 'info' },
    keep: { type: 'boolean', default: false },
  },
  strict: true,
});
const PRODUCTS = Number(args.products);
const DURATION = Number(args.duration);
const SEARCH_WORD = 'wireless';

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

async function measure(url: string, connections: number, requests: Request[], duration: number): Promise<Measured> {
  const latencies: number[] = [];
  let bytes = 0;
  const instance = autocannon({ url, connections, duration, requests, timeout: 10 });
  instance.on('response', (_client, _status, resBytes, responseTime) => {
    latencies.push(responseTime);
    bytes = resBytes;
  });
  const result = await instance;
  latencies.sort((a, b) => a - b);
  return {
    rps: result.requests.total / result.duration,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    bytes,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

async function seed(dataDir: string): Promise<string[]> {
  const env = loadEnv({ DATA_DIR: dataDir, SEED: 'none', LOG_LEVEL: 'warn' });
  fs.mkdirSync(env.imagesDir, { recursive: true });
  const db = openDatabase(env.databaseFile);
  try {
    await migrateToLatest(db);
    const started = Date.now();
    await seedSynthetic(
      { db, env, log: pino({ level: 'warn' }), clock: () => new Date() },
      {
        count: PRODUCTS,
        onProgress: (done) => process.stdout.write(`\rSeeding ${done.toLocaleString('en-IN')} / ${PRODUCTS.toLocaleString('en-IN')} products`),
      },
    );
    process.stdout.write(` in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
    // A spread of real ids so details requests do not all hit the same row.
    const rows = await db.selectFrom('products').select('id').orderBy('id').limit(500).execute();
    return rows.map((r) => r.id);
  } finally {
    await db.destroy();
  }
}

function startServer(dataDir: string): Promise<{ child: ChildProcess; app: string; uncached: string; bare: string }> {
  const child = fork(path.join(import.meta.dirname, 'bench-server.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'production', ALLOW_TEST_PAYMENTS: '1', SEED: 'none', LOG_LEVEL: args.log, HOST: '127.0.0.1', PORT: '0' },
    // Request logs go where a production log would: written, but not read by this process.
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (message) => {
      const ports = message as { app: number; uncached: number; bare: number };
      const at = (port: number) => `http://127.0.0.1:${port}`;
      resolve({ child, app: at(ports.app), uncached: at(ports.uncached), bare: at(ports.bare) });
    });
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code ?? 'a signal'}`)));
  });
}

const trpcGet = (procedure: string, input: unknown): Request => ({ method: 'GET', path: `/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}` });

function scenarios(ids: string[]): Scenario[] {
  const json = { 'content-type': 'application/json' };
  return [
    {
      name: 'product-details (POST /api/product-details)',
      connections: 32,
      requests: ids.map((productId) => ({ method: 'POST', path: '/api/product-details', headers: json, body: JSON.stringify({ productId }) })),
      target: { percentile: 'p99', ms: 20 },
    },
    {
      name: 'category page, 24 items (tRPC catalog.byCategory)',
      connections: 32,
      requests: CATEGORY_VALUES.map((category) => trpcGet('catalog.byCategory', { category, limit: 24 })),
      target: { percentile: 'p99', ms: 20 },
    },
    {
      name: `search "${SEARCH_WORD}", 24 items (tRPC catalog.search), 1 conn`,
      connections: 1,
      requests: [trpcGet('catalog.search', { q: SEARCH_WORD, limit: 24 })],
      target: { percentile: 'p95', ms: 15 },
    },
    {
      name: `search "${SEARCH_WORD}", 24 items (tRPC catalog.search), 32 conns`,
      connections: 32,
      requests: [trpcGet('catalog.search', { q: SEARCH_WORD, limit: 24 })],
    },
  ];
}

const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '-');

function tableRow(name: string, connections: number, m: Measured, note: string): string[] {
  return [name, String(connections), fmt(m.rps, 0), fmt(m.p50), fmt(m.p95), fmt(m.p99), String(m.bytes), String(m.non2xx + m.errors), note];
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'voltmart-bench-'));
  let child: ChildProcess | undefined;
  try {
    console.log(`Node ${process.version}, ${os.cpus().length} CPUs, ${os.cpus()[0]?.model ?? ''}; data in ${dataDir}`);
    const ids = await seed(dataDir);
    const server = await startServer(dataDir);
    child = server.child;
    const rows: string[][] = [];
    let failures = 0;
    for (const scenario of scenarios(ids)) {
      // A sample reply becomes the bare route's constant body (same bytes, same JSON).
      const first = scenario.requests[0] ?? {};
      const sample = await fetch(server.app + (first.path ?? '/'), { method: first.method ?? 'GET', headers: first.headers, body: first.body as string | undefined });
      if (!sample.ok) throw new Error(`${scenario.name}: ${sample.status} ${await sample.text()}`);
      const key = String(rows.length);
      await fetch(`${server.bare}/sample/${key}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: await sample.text() });

      await measure(server.app, scenario.connections, scenario.requests, 2); // warm-up
      const real = await measure(server.app, scenario.connections, scenario.requests, DURATION);
      await measure(server.uncached, scenario.connections, scenario.requests, 2); // warm-up
      const miss = await measure(server.uncached, scenario.connections, scenario.requests, DURATION);
      const ceiling = await measure(server.bare, scenario.connections, [{ method: 'GET', path: `/bare/${key}` }], Math.max(3, DURATION / 2));
      let verdict = '';
      if (scenario.target) {
        const value = real[scenario.target.percentile];
        const ok = value < scenario.target.ms && real.non2xx === 0 && real.errors === 0;
        if (!ok) failures++;
        verdict = `${ok ? 'PASS' : 'FAIL'} (${scenario.target.percentile} < ${scenario.target.ms} ms)`;
      }
      const missNote = scenario.target ? `(${scenario.target.percentile} ${miss[scenario.target.percentile] < scenario.target.ms ? 'under' : 'over'} ${scenario.target.ms} ms)` : '';
      rows.push(
        tableRow(scenario.name, scenario.connections, real, verdict),
        tableRow('  same, response cache off', scenario.connections, miss, missNote),
        tableRow('  bare Express, same JSON', scenario.connections, ceiling, `real/bare = ${fmt(real.rps / ceiling.rps, 2)}`),
      );
      console.log(`measured: ${scenario.name}`);
    }
    const header = ['endpoint', 'conns', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'bytes', 'errors', ''];
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
    const line = (cells: string[]) => cells.map((c, i) => (i === 0 || i === cells.length - 1 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
    console.log(`\n${PRODUCTS.toLocaleString('en-IN')} products, ${DURATION} s per run, server log level ${args.log}\n`);
    console.log(line(header));
    for (const row of rows) console.log(line(row));
    if (failures > 0) process.exitCode = 1;
  } finally {
    child?.disconnect();
    if (!args.keep) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

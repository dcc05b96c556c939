// `npx tsx scripts/first-start-rss.ts`: the server process's memory after a first start.
// Starts the shop as `npm start` runs it (the server bundle in one process; scripts/bundled-shop.mjs,
// which leaves out only the built client) on an empty DATA_DIR with the default SEED=demo, waits
// for the start lines, then reports the process's RSS at that moment, its peak during the start
// and its RSS once idle.
// Options: --idle S (how long to watch it idle afterwards, default 20), --keep.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { readRssMb, settledRssMb } from './process-rss';
import { ensureServerBundle } from './server-bundle.mjs';

const { values: args } = parseArgs({ options: { idle: { type: 'string', default: '20' }, keep: { type: 'boolean', default: false } }, strict: true });
const root = path.resolve(import.meta.dirname, '..');

async function main(): Promise<void> {
  await ensureServerBundle();
  // A folder of its own, so the repository's data/ is not touched.
  const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'voltmart-first-start-'));
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(HOST|PORT|PUBLIC_URL|NODE_ENV|SEED|ADMIN_|STRIPE_|SESSION_SECRET|DATABASE_URL|DATA_DIR|CORS_|RESPONSE_CACHE_MB)/.test(name)),
  );
  const child = spawn(process.execPath, [path.join(root, 'scripts', 'bundled-shop.mjs')], {
    cwd,
    env: { ...env, PORT: '0', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  const pid = child.pid ?? 0;
  try {
    const started = Date.now();
    let peak = 0;
    while (!/Payments: /.test(stdout)) {
      if (child.exitCode !== null) throw new Error(`the shop exited ${child.exitCode}:\n${stdout}`);
      peak = Math.max(peak, readRssMb(pid) || 0);
      await sleep(100);
    }
    const readyMs = Date.now() - started;
    const atReady = readRssMb(pid);
    process.stdout.write(stdout.replace(/^Admin login: .*$/m, 'Admin login: (hidden)'));
    const settled = await settledRssMb(pid);
    const idleUntil = Date.now() + Number(args.idle) * 1000;
    while (Date.now() < idleUntil) await sleep(500);
    const idle = readRssMb(pid);
    console.log(`\nfirst start on an empty DATA_DIR: ready in ${(readyMs / 1000).toFixed(1)} s`);
    console.log(
      `server process (pid ${pid}) RSS: peak during start ${peak.toFixed(0)} MB, at ready ${atReady.toFixed(0)} MB, settled ${settled.toFixed(0)} MB, idle after ${args.idle} s ${idle.toFixed(0)} MB`,
    );
    console.log(`${idle < 150 ? 'PASS' : 'FAIL'} idle RSS after a first start < 150 MB`);
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(null)));
    if (!args.keep) fs.rmSync(cwd, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

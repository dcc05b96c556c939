import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';

const root = path.resolve(import.meta.dirname, '..', '..');
const tsx = path.join(root, 'node_modules', '.bin', 'tsx');

export type ShopProcess = {
  /** The folder the shop runs in (its `data/` lands here). */
  cwd: string;
  child: ChildProcess;
  /** The URL the shop printed ("running at ..."); rejects if it exits first. */
  ready: Promise<string>;
  exited: Promise<number | null>;
  output: () => { stdout: string; stderr: string };
};

const running: ChildProcess[] = [];

/**
 * Kills every shop process started by startShopProcess that is still running (call in afterEach).
 * tsx runs the shop as a child of its own and cannot pass SIGKILL on, so the whole process group
 * goes: killing tsx alone left the shop running, orphaned.
 */
export function killShopProcesses(): void {
  for (const child of running.splice(0)) {
    if (child.exitCode !== null || child.pid === undefined) continue;
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      child.kill('SIGKILL');
    }
  }
}

/**
 * Runs the real entry point (`server/index.ts`) as its own process, in a folder of its own with
 * a minimal built client (or `cwd`, to restart a shop in the same folder).
 */
export function startShopProcess(env: Record<string, string>, opts: { cwd?: string } = {}): ShopProcess {
  const cwd = opts.cwd ?? fs.mkdtempSync(path.join(os.tmpdir(), 'voltmart-proc-'));
  fs.mkdirSync(path.join(cwd, 'dist'), { recursive: true });
  fs.writeFileSync(path.join(cwd, 'dist', 'index.html'), '<!doctype html><title>Voltmart</title><div id="root"></div>');
  // tsx reads tsconfig.json from the working directory, which is elsewhere here: name it (the
  // server renders the storefront's .tsx screens, which need its JSX setting).
  const child = spawn(tsx, ['--tsconfig', path.join(root, 'tsconfig.json'), path.join(root, 'server', 'index.ts')], {
    cwd,
    env: { PATH: process.env.PATH, HOST: '127.0.0.1', PORT: '0', SEED: 'none', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // A process group of its own, so killShopProcesses can stop tsx and the shop under it together.
    detached: true,
  });
  running.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const ready = new Promise<string>((resolve, reject) => {
    const check = () => {
      const m = /running at (http:\/\/\S+)/.exec(stdout);
      if (m?.[1]) resolve(m[1]);
    };
    child.stdout.on('data', check);
    void exited.then((code) => reject(new Error(`exited ${code}: ${stderr}`)));
  });
  ready.catch(() => undefined); // awaited by the tests that expect a start
  return { cwd, child, ready, exited, output: () => ({ stdout, stderr }) };
}

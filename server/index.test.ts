import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const tsx = path.join(root, 'node_modules', '.bin', 'tsx');
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

/** Runs the real entry point in a folder of its own, with a minimal built client. */
function startShop(env: Record<string, string>) {
  const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'voltmart-proc-'));
  fs.mkdirSync(path.join(cwd, 'dist'));
  fs.writeFileSync(path.join(cwd, 'dist', 'index.html'), '<!doctype html><title>Voltmart</title><div id="root"></div>');
  const child = spawn(tsx, [path.join(root, 'server', 'index.ts')], {
    cwd,
    env: { PATH: process.env.PATH, HOST: '127.0.0.1', PORT: '0', SEED: 'none', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
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

describe('the shop process', () => {
  it('starts, prints the URL and a working admin login, serves the client, and exits 0 on SIGTERM', async () => {
    const shop = startShop({});
    const url = await shop.ready;
    const { stdout } = shop.output();
    const [, email, password] = /Admin login: (\S+) \/ (\S+)/.exec(stdout) ?? [];
    expect(email).toBe('admin@localhost');
    expect(fs.readFileSync(path.join(shop.cwd, 'data', 'admin-credentials.txt'), 'utf8')).toContain(password);
    expect(fs.statSync(path.join(shop.cwd, 'data', 'session-secret')).mode & 0o777).toBe(0o600);

    expect(await (await fetch(`${url}/healthz`)).json()).toEqual({ ok: true });
    expect(await (await fetch(`${url}/some/client/route`)).text()).toContain('<div id="root">');
    const login = await fetch(`${url}/api/signin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
    expect(login.status).toBe(200);
    const cookie = login.headers.getSetCookie()[0] ?? '';
    expect((await fetch(`${url}/api/all-user`, { headers: { cookie: cookie.split(';')[0] ?? '' } })).status).toBe(200);

    shop.child.kill('SIGTERM');
    expect(await shop.exited).toBe(0);
    // One structured line per request, with no password, cookie or secret in it.
    const lines = shop.output().stdout.split('\n').filter((l) => l.startsWith('{'));
    const logs = lines.join('\n');
    const requestLine = lines.map((l) => JSON.parse(l) as Record<string, any>).find((l) => l.req?.path === '/api/signin');
    expect(requestLine).toMatchObject({ req: { method: 'POST', id: expect.any(String) }, res: { status: 200 }, responseTime: expect.any(Number) });
    expect(logs).not.toContain(password);
    expect(logs).not.toContain(cookie.split(';')[0]?.split('=')[1] ?? 'no-cookie');
    expect(logs).not.toContain(fs.readFileSync(path.join(shop.cwd, 'data', 'session-secret'), 'utf8').trim());
  });

  it('stops with one line naming a bad setting', async () => {
    const shop = startShop({ PORT: 'eighty' });
    expect(await shop.exited).toBe(1);
    expect(shop.output().stderr.trim()).toMatch(/^Invalid setting PORT: [^\n]+$/);
  });
});

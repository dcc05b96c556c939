import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { killShopProcesses, startShopProcess as startShop } from './testing/shop-process';

afterEach(killShopProcesses);

describe('the shop process', () => {
  it('starts, prints the URL and a working admin login, serves the client, and exits 0 on SIGTERM', async () => {
    const shop = startShop({});
    const url = await shop.ready;
    const { stdout } = shop.output();
    const [, email, password] = /Admin login: (\S+) \/ (\S+)/.exec(stdout) ?? [];
    expect(email).toBe('admin@localhost');
    expect(fs.readFileSync(path.join(shop.cwd, 'data', 'admin-credentials.txt'), 'utf8')).toContain(password);
    expect(fs.statSync(path.join(shop.cwd, 'data', 'session-secret')).mode & 0o777).toBe(0o600);

    expect(await (await fetch(`${url}/healthz`)).json()).toMatchObject({ ok: true, database: { dialect: 'sqlite', ok: true } });
    expect(await (await fetch(`${url}/some/client/route`)).text()).toContain('<div id="root">');
    const login = await fetch(`${url}/api/signin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
    expect(login.status).toBe(200);
    const cookie = login.headers.getSetCookie()[0] ?? '';
    expect((await fetch(`${url}/api/all-user`, { headers: { cookie: cookie.split(';')[0] ?? '' } })).status).toBe(200);

    shop.child.kill('SIGTERM');
    expect(await shop.exited).toBe(0);
    // One structured line per request, with no password, cookie or secret in it.
    const lines = shop
      .output()
      .stdout.split('\n')
      .filter((l) => l.startsWith('{'));
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

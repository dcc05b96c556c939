import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct, signInAs } from '../testing/factories';
import { killShopProcesses, startShopProcess } from '../testing/shop-process';
import { startTestServer, type TestServer } from '../testing/test-server';

/**
 * Faults and load: a start that cannot listen, a crowd pressing Payment for the last units,
 * many adds racing on one cart line.
 */
afterEach(killShopProcesses);

async function holdPort(): Promise<{ port: number; release: () => Promise<void> }> {
  const blocker = net.createServer();
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  return { port: (blocker.address() as AddressInfo).port, release: () => new Promise((resolve) => blocker.close(() => resolve())) };
}

describe('starting the shop', () => {
  it('a port in use stops the start with one line, before anything is written; the next start then prints the admin login', async () => {
    const held = await holdPort();
    const failed = startShopProcess({ PORT: String(held.port) });
    expect(await failed.exited).toBe(1);
    expect(failed.output().stderr.trim()).toBe(`Port ${held.port} is in use: set PORT`);
    expect(failed.output().stdout).toBe('');
    // Nothing written: no database, no session secret, no admin password saved unseen.
    expect(fs.existsSync(path.join(failed.cwd, 'data'))).toBe(false);
    await held.release();

    const first = startShopProcess({ PORT: String(held.port) }, { cwd: failed.cwd });
    const url = await first.ready;
    expect(url).toBe(`http://127.0.0.1:${held.port}`);
    const [, email, password] = /Admin login: (\S+) \/ (\S+)/.exec(first.output().stdout) ?? [];
    expect(email).toBe('admin@localhost');
    const credentials = path.join(first.cwd, 'data', 'admin-credentials.txt');
    expect(fs.readFileSync(credentials, 'utf8')).toContain(password);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    // Every later start names the file while it exists.
    const again = startShopProcess({ PORT: '0' }, { cwd: failed.cwd });
    await again.ready;
    expect(again.output().stdout).toContain(`the generated password is in ${credentials}`);
  });

  it('prints PUBLIC_URL, derived from HOST and PORT, and warns once when the shop is reached under another host', async () => {
    const shop = startShopProcess({ PORT: '0' });
    const url = await shop.ready;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const { port } = new URL(url);
    const viaLocalhost = () =>
      new Promise<number>((resolve, reject) => {
        http.get({ host: '127.0.0.1', port, path: '/', headers: { host: `localhost:${port}` } }, (res) => resolve(res.statusCode ?? 0)).on('error', reject);
      });
    expect(await viaLocalhost()).toBe(200);
    expect(await viaLocalhost()).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const warnings = shop
      .output()
      .stdout.split('\n')
      .filter((line) => line.includes(`A request came for localhost:${port}, but PUBLIC_URL is ${url}`));
    expect(warnings).toHaveLength(1);
  });
});

describe('under load', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });

  afterAll(async () => {
    await server.close();
  });

  it('ten shoppers each pressing Payment three times for five units: five open checkouts, one each, never oversold', async () => {
    const product = await insertProduct(server.deps.db, { stock: 5 });
    const shoppers = await Promise.all(Array.from({ length: 10 }, () => signInAs(server)));
    for (const { client } of shoppers) expect((await client.post('/api/addtocart', { productId: product.id })).status).toBe(200);

    const replies = await Promise.all(shoppers.flatMap(({ client }) => [0, 1, 2].map(() => client.post<{ id?: string; message: string }>('/api/checkout', {}))));
    expect(replies.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    const stock = await server.deps.db.selectFrom('products').select('stock').where('id', '=', product.id).executeTakeFirstOrThrow();
    expect(stock.stock).toBe(0);
    const pending = await server.deps.db.selectFrom('orders').select(['user_id']).where('status', '=', 'pending').execute();
    expect(pending).toHaveLength(5);
    expect(new Set(pending.map((p) => p.user_id)).size).toBe(5);
    // Each winner got one session however many times they pressed.
    for (const { user } of shoppers) {
      const mine = replies.filter((_r, i) => shoppers[Math.floor(i / 3)]?.user.id === user.id && _r.status === 200);
      expect(new Set(mine.map((r) => r.body.id)).size).toBeLessThanOrEqual(1);
    }
    const refused = replies.find((r) => r.status === 409);
    expect(refused?.body.message).toMatch(/out of stock/);
  });

  it('thirty simultaneous adds of one product to one cart: one line, capped at 10', async () => {
    const product = await insertProduct(server.deps.db, { stock: 100 });
    const { client, user } = await signInAs(server);
    const replies = await Promise.all(Array.from({ length: 30 }, () => client.post('/api/addtocart', { productId: product.id })));
    expect(replies.filter((r) => r.status === 200)).toHaveLength(10);
    expect(replies.filter((r) => r.status !== 200).every((r) => r.status === 400)).toBe(true);
    const lines = await server.deps.db.selectFrom('cart_items').select('quantity').where('user_id', '=', user.id).execute();
    expect(lines).toEqual([{ quantity: 10 }]);
  });
});

import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { killShopProcesses, startShopProcess } from './testing/shop-process';
import { freshEmptyTestDatabase, testDialect } from './testing/test-database';
import { HttpClient } from './testing/test-server';
import { testPayForm } from './testing/factories';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '..');

type Envelope<T> = { success: boolean; message: string; data: T };

afterEach(() => killShopProcesses());

/**
 * README's "When you outgrow one machine", end to end with real processes: a shop started on
 * SQLite seeds the demo catalogue and takes a paid order; stopped, it is copied with
 * `npm run db:copy` into an empty PostgreSQL database; two app processes started on that
 * database (each with a DATA_DIR of its own, so nothing comes from the old folder) serve the
 * catalogue and its images, the owner's and the shopper's old sessions, and the order.
 */
describe.runIf(testDialect() === 'postgres')('moving a live shop from SQLite to PostgreSQL and two processes', () => {
  it('copies a seeded shop that then runs on PostgreSQL in two processes', { timeout: 240_000 }, async () => {
    const secret = 'outgrow-test-secret-of-at-least-32-characters';
    const owner = { email: 'owner@example.com', password: 'owner-password-1' };
    const sqliteShop = startShopProcess({ SEED: 'demo', ADMIN_EMAIL: owner.email, ADMIN_PASSWORD: owner.password, SESSION_SECRET: secret, LOG_LEVEL: 'warn' });
    const first = await sqliteShop.ready;

    // A shopper buys on the SQLite shop; the owner signs in there too.
    const shopperJar = new Map<string, string>();
    const shopper = new HttpClient(first, { cookies: shopperJar });
    const person = { name: 'Asha Rao', email: 'asha@example.com', password: 'asha-password-1' };
    expect((await shopper.post('/api/signup', { ...person, confirmPassword: person.password })).status).toBe(201);
    expect((await shopper.post('/api/signin', { email: person.email, password: person.password })).status).toBe(200);
    const products = (await shopper.get<Envelope<{ _id: string; productImage: string[] }[]>>('/api/get-product')).body.data;
    expect(products.length).toBeGreaterThan(100);
    const bought = products[0]!;
    expect((await shopper.post('/api/addtocart', { productId: bought._id })).status).toBe(200);
    const checkout = await shopper.post<{ id: string; data: string }>('/api/checkout', {});
    expect(checkout.status).toBe(200);
    const paid = await shopper.request(`/test-checkout/${checkout.body.id}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: testPayForm('standard'),
    });
    expect(paid.status).toBe(303);
    const ownerJar = new Map<string, string>();
    expect((await new HttpClient(first, { cookies: ownerJar }).post('/api/signin', owner)).status).toBe(200);

    sqliteShop.child.kill('SIGTERM');
    expect(await sqliteShop.exited).toBe(0);

    // The copy, as an owner runs it.
    const target = await freshEmptyTestDatabase(sqliteShop.cwd);
    if (target.dialect !== 'postgres') throw new Error('expected PostgreSQL');
    const copy = await run(process.execPath, ['--import', 'tsx', 'scripts/db-copy.ts', '--from', path.join(sqliteShop.cwd, 'data', 'shop.sqlite'), '--to', target.url], {
      cwd: root,
      env: { PATH: process.env.PATH },
    });
    expect(copy.stdout).toMatch(/orders/);

    // Two app processes on the one database, each in a folder of its own.
    const env = { DATABASE_URL: target.url, SESSION_SECRET: secret, LOG_LEVEL: 'warn' };
    const [a, b] = [startShopProcess(env), startShopProcess(env)];
    const [urlA, urlB] = await Promise.all([a.ready, b.ready]);

    // The catalogue and its pictures, from either process.
    const visitor = new HttpClient(urlB);
    const listed = (await visitor.get<Envelope<unknown[]>>('/api/get-product')).body.data;
    expect(listed).toHaveLength(products.length);
    const image = await fetch(new URL(bought.productImage[0]!, urlB));
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/^image\//);
    expect((await fetch(new URL(bought.productImage[0]!, urlA))).status).toBe(200);

    // Sessions made on SQLite still open on PostgreSQL, on both processes; the order is there.
    const orders = await new HttpClient(urlA, { cookies: shopperJar }).get<Envelope<{ _id: string; status?: string }[]>>('/api/order-list');
    expect(orders.status).toBe(200);
    expect(orders.body.data.map((o) => o._id)).toContain(checkout.body.data);
    const allOrders = await new HttpClient(urlB, { cookies: ownerJar }).get<Envelope<unknown[]>>('/api/all-order');
    expect(allOrders.status).toBe(200);
    expect(allOrders.body.data).toHaveLength(1);

    // And it keeps selling: the shopper buys again through the other process.
    const again = new HttpClient(urlB, { cookies: shopperJar });
    expect((await again.post('/api/addtocart', { productId: products[1]!._id })).status).toBe(200);
    expect((await again.post('/api/checkout', {})).status).toBe(200);
  });
});

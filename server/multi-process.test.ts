import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../shared/schemas/catalog';
import { runExclusively } from './db/exclusive';
import { insertProduct, insertUser, type TestUser } from './testing/factories';
import { testDialect } from './testing/test-database';
import { HttpClient, startTestServer, type TestServer } from './testing/test-server';
import { testPayForm } from './testing/factories';

/**
 * Two app processes on one PostgreSQL database behave as one shop. Each server here has what
 * a process has of its own (its connection pool, its change feed's listening connection, its
 * shared-reply cache, its background jobs); they share only the database, and both answer for
 * the shop's one PUBLIC_URL, as behind a load balancer.
 */
type Envelope<T> = { success: boolean; error: boolean; message: string; data: T };

describe.runIf(testDialect() === 'postgres')('two app processes on one PostgreSQL database', () => {
  let a: TestServer;
  let b: TestServer;

  beforeAll(async () => {
    a = await startTestServer();
    const target = a.deps.env.database;
    if (target.dialect !== 'postgres') throw new Error('expected PostgreSQL');
    b = await startTestServer({ env: { DATABASE_URL: target.url, PUBLIC_URL: a.url } });
  });

  afterAll(async () => {
    await b.close();
    await a.close();
  });

  /** One browser: one cookie jar, its requests reaching either process. */
  function browser(): { a: HttpClient; b: HttpClient } {
    const cookies = new Map<string, string>();
    return { a: new HttpClient(a.url, { cookies }), b: new HttpClient(b.url, { origin: a.url, cookies }) };
  }

  async function signedIn(user: TestUser): Promise<{ a: HttpClient; b: HttpClient }> {
    const tab = browser();
    const reply = await tab.a.post('/api/signin', { email: user.email, password: user.password });
    expect(reply.status).toBe(200);
    return tab;
  }

  it('a session made on one works on the other, and a logout on one ends it on both', async () => {
    const user = await insertUser(a.deps.db);
    const tab = await signedIn(user);
    expect((await tab.b.get<Envelope<{ email: string }>>('/api/user-details')).body.data.email).toBe(user.email);
    const stolen = new Map(tab.a.cookies);
    expect((await tab.b.get('/api/userLogout')).status).toBe(200);
    // The same cookie, replayed to the other process after the logout, is refused there too.
    const replay = new HttpClient(a.url, { cookies: stolen });
    expect((await replay.get('/api/user-details')).status).toBe(401);
  });

  it("a product edit on one process is served fresh by the other's cache within a second", async () => {
    const product = await insertProduct(a.deps.db, { productName: 'Before Phone', category: 'mobiles', stock: 7 });
    const read = () => new HttpClient(b.url).post<Envelope<Product>>('/api/product-details', { productId: product.id });
    expect((await read()).body.data.productName).toBe('Before Phone');
    expect((await read()).headers.get('etag')).toBeTruthy();
    const admin = await insertUser(a.deps.db, { role: 'ADMIN' });
    const adminTab = await signedIn(admin);
    const current = (await read()).body.data;
    const edit = await adminTab.a.post('/api/update-product', { ...current, productName: 'After Phone', price: current.price, sellingPrice: current.sellingPrice });
    expect(edit.status).toBe(200);
    const editedAt = Date.now();
    let seen = '';
    while (Date.now() - editedAt < 1000 && seen !== 'After Phone') seen = (await read()).body.data.productName;
    expect(seen).toBe('After Phone');
  });

  it('twenty shoppers racing for the last unit through both processes leave exactly one paid order', async () => {
    const product = await insertProduct(a.deps.db, { stock: 1, productName: 'Last One' });
    const shoppers = await Promise.all(Array.from({ length: 20 }, async () => signedIn(await insertUser(a.deps.db))));
    for (const [i, tab] of shoppers.entries()) {
      expect((await (i % 2 === 0 ? tab.a : tab.b).post('/api/addtocart', { productId: product.id })).status).toBe(200);
    }
    const checkouts = await Promise.all(shoppers.map((tab, i) => (i % 2 === 0 ? tab.b : tab.a).post<{ id: string; data: string }>('/api/checkout', {})));
    expect(checkouts.filter((r) => r.status === 409)).toHaveLength(19);
    const winner = checkouts.findIndex((r) => r.status === 200);
    expect(winner).toBeGreaterThanOrEqual(0);
    // Everyone presses Pay on whatever they have; only the winner has a payment page.
    const tab = shoppers[winner]!;
    const sessionId = checkouts[winner]!.body.id;
    const pay = await (winner % 2 === 0 ? tab.a : tab.b).request<string>(`/test-checkout/${sessionId}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: testPayForm('standard'),
    });
    expect(pay.status).toBe(303);
    const orders = await a.deps.db
      .selectFrom('orders')
      .innerJoin('order_items', 'order_items.order_id', 'orders.id')
      .select(['orders.status'])
      .where('order_items.product_id', '=', product.id)
      .execute();
    expect(orders).toEqual([{ status: 'paid' }]);
    const stock = await b.deps.db.selectFrom('products').select('stock').where('id', '=', product.id).executeTakeFirstOrThrow();
    expect(stock.stock).toBe(0);
  });

  it('a background job runs in one process at a time', async () => {
    let running = 0;
    let most = 0;
    const job = async () => {
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 200));
      running--;
      return 'done';
    };
    const runs = await Promise.all([runExclusively(a.deps.db, 'test-job', job), runExclusively(b.deps.db, 'test-job', job)]);
    expect(runs.filter((r) => r.ran)).toHaveLength(1);
    expect(most).toBe(1);
    // Released after: the next turn runs.
    expect(await runExclusively(b.deps.db, 'test-job', job)).toEqual({ ran: true, result: 'done' });
  });
  it('login throttling counts failures made on either process', async () => {
    const user = await insertUser(a.deps.db);
    for (let i = 0; i < 10; i++) {
      const tab = browser();
      const reply = await (i % 2 === 0 ? tab.a : tab.b).post('/api/signin', { email: user.email, password: 'wrong password' });
      expect(reply.status).toBe(401);
    }
    const locked = await browser().b.post<Envelope<unknown>>('/api/signin', { email: user.email, password: user.password });
    expect(locked.status).toBe(429);
    expect((await browser().a.post('/api/signin', { email: user.email, password: user.password })).status).toBe(429);
    // Every client here is 127.0.0.1, now locked out by address too: let later tests sign in.
    await a.deps.db.deleteFrom('login_attempts').execute();
  });
});

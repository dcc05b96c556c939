import zlib from 'node:zlib';
import http from 'node:http';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product, ProductPage } from '../../shared/schemas/catalog';
import { insertProduct, signInAs } from '../testing/factories';
import { HttpClient, startTestServer, type TestServer } from '../testing/test-server';
import { catalogRevisionReader } from '../db/database';
import { ResponseCache } from './response-cache';

type Envelope<T> = { success: boolean; error: boolean; message: string; data: T };

describe('ResponseCache', () => {
  const body = (text: string) => Buffer.from(text);

  it('answers a stored reply only while the revision stays where it was computed', () => {
    let revision = 1;
    const cache = new ResponseCache({ maxBytes: 1024 * 1024, revision: () => revision });
    cache.put('a', cache.revision(), { contentType: 'application/json' }, body('{"a":1}'));
    expect(cache.get('a')?.body.toString()).toBe('{"a":1}');
    revision = 2;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.stats).toEqual({ entries: 0, bytes: 0 });
  });

  it('drops a reply computed while the revision moved', () => {
    let revision = 1;
    const cache = new ResponseCache({ maxBytes: 1024 * 1024, revision: () => revision });
    const before = cache.revision();
    revision = 2;
    const reply = cache.put('a', before, { contentType: 'application/json' }, body('{"stale":true}'));
    expect(reply.body.toString()).toBe('{"stale":true}');
    expect(cache.get('a')).toBeUndefined();
  });

  it('stays within its byte budget, evicting the least recently used first', () => {
    const cache = new ResponseCache({ maxBytes: 1000, revision: () => 1 });
    const hundred = Buffer.alloc(99, 'x');
    for (const key of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j']) cache.put(key, 1, { contentType: 'text/plain' }, hundred);
    expect(cache.stats).toEqual({ entries: 10, bytes: 1000 });
    cache.get('a');
    cache.put('k', 1, { contentType: 'text/plain' }, hundred);
    expect(cache.stats.bytes).toBeLessThanOrEqual(1000);
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('b')).toBeUndefined();
    // Too big for one entry (over an eighth of the budget): sent, not kept.
    cache.put('big', 1, { contentType: 'text/plain' }, Buffer.alloc(200));
    expect(cache.get('big')).toBeUndefined();
    // A key no real request has (a huge body) is never kept either, however roomy the cache.
    const roomy = new ResponseCache({ maxBytes: 1024 * 1024, revision: () => 1 });
    roomy.put('k'.repeat(4096), 1, { contentType: 'text/plain' }, Buffer.alloc(1));
    roomy.put('k'.repeat(4097), 1, { contentType: 'text/plain' }, Buffer.alloc(1));
    expect(roomy.get('k'.repeat(4096))).toBeDefined();
    expect(roomy.get('k'.repeat(4097))).toBeUndefined();
  });

  it('keeps nothing when its budget is 0', () => {
    const cache = new ResponseCache({ maxBytes: 0, revision: () => 1 });
    expect(cache.enabled).toBe(false);
    cache.put('a', 1, { contentType: 'application/json' }, body('{}'));
    expect(cache.get('a')).toBeUndefined();
  });
});

describe('catalogRevisionReader', () => {
  it("moves with this connection's committed writes at once, not with a rolled-back one, and with another process's by the next turn", async () => {
    const server = await startTestServer();
    try {
      const { db } = server.deps;
      const revision = catalogRevisionReader(db);
      const product = await insertProduct(db, { stock: 4 });
      const start = revision();
      await db.updateTable('products').set({ stock: 3 }).where('id', '=', product.id).execute();
      expect(revision()).toBe(start + 1);

      await expect(
        db.transaction().execute(async (trx) => {
          await trx.updateTable('products').set({ stock: 2 }).where('id', '=', product.id).execute();
          throw new Error('changed my mind');
        }),
      ).rejects.toThrow('changed my mind');
      expect(revision()).toBe(start + 1);

      const other = new SQLite(server.deps.env.databaseFile);
      other.prepare('update products set stock = 1 where id = ?').run(product.id);
      other.close();
      await new Promise((resolve) => setImmediate(resolve));
      expect(revision()).toBe(start + 2);
    } finally {
      await server.close();
    }
  });
});

describe('shared catalogue replies over HTTP', () => {
  let server: TestServer;
  let visitor: HttpClient;
  let admin: HttpClient;

  beforeAll(async () => {
    server = await startTestServer();
    visitor = new HttpClient(server.url);
    admin = (await signInAs(server, 'ADMIN')).client;
  });

  afterAll(async () => {
    await server.close();
  });

  it('serves the same bytes again and shows an admin edit on the very next read, through tRPC and /api', async () => {
    const product = await insertProduct(server.deps.db, { productName: 'Cached Camera', category: 'camera', price: 5_000_000, sellingPrice: 4_500_000 });
    const page = `/trpc/catalog.byCategory?input=${encodeURIComponent(JSON.stringify({ category: 'camera', limit: 24 }))}`;
    const first = await visitor.get(page);
    const second = await visitor.get(page);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    const details = await visitor.post<Envelope<Product>>('/api/product-details', { productId: product.id });
    expect(details.body.data.sellingPrice).toBe(45_000);

    const edit = await admin.trpc<Product>('query', 'catalog.details', { productId: product.id });
    const updated = await admin.trpc<Product>('mutation', 'catalog.update', { ...edit.body, sellingPrice: 3_999_900, stock: 0 });
    expect(updated.status).toBe(200);

    const after = await visitor.trpc<ProductPage>('query', 'catalog.byCategory', { category: 'camera', limit: 24 });
    expect(after.body.items.find((p) => p._id === product.id)).toMatchObject({ sellingPrice: 3_999_900, stock: 0 });
    const detailsAfter = await visitor.post<Envelope<Product>>('/api/product-details', { productId: product.id });
    expect(detailsAfter.body.data).toMatchObject({ sellingPrice: 39_999, stock: 0 });
  });

  it('sees writes made by another process sharing the database file', async () => {
    const product = await insertProduct(server.deps.db, { productName: 'Elsewhere Watch', category: 'watches', stock: 5 });
    const read = () => visitor.post<Envelope<Product>>('/api/product-details', { productId: product.id });
    expect((await read()).body.data.stock).toBe(5);
    expect((await read()).body.data.stock).toBe(5);
    const other = new SQLite(server.deps.env.databaseFile);
    try {
      other.prepare('update products set stock = 2 where id = ?').run(product.id);
    } finally {
      other.close();
    }
    expect((await read()).body.data.stock).toBe(2);
  });

  it('shows stock taken by a checkout at once', async () => {
    const product = await insertProduct(server.deps.db, { productName: 'Last Speaker', category: 'speakers', stock: 3 });
    const shopper = (await signInAs(server, 'GENERAL')).client;
    expect((await visitor.trpc<Product>('query', 'catalog.details', { productId: product.id })).body.stock).toBe(3);
    await shopper.trpc('mutation', 'cart.addItem', { productId: product.id });
    const checkout = await shopper.trpc('mutation', 'checkout.start', {});
    expect(checkout.status).toBe(200);
    expect((await visitor.trpc<Product>('query', 'catalog.details', { productId: product.id })).body.stock).toBe(2);
  });

  it('never shares a personal reply: a batch with a personal query is answered for each caller', async () => {
    const batch = `/trpc/catalog.banners,account.details?batch=1&input=${encodeURIComponent(JSON.stringify({}))}`;
    const asAdmin = await admin.get<{ result: { data: unknown } }[]>(batch);
    const asVisitor = await visitor.get<{ result: { data: unknown } }[]>(batch);
    expect(asAdmin.body[1]?.result.data).toMatchObject({ role: 'ADMIN' });
    // account.details is not a shared procedure: a visitor gets a 401 for it, never the admin's record.
    expect(asVisitor.body[1]).not.toHaveProperty('result');
    expect(JSON.stringify(asVisitor.body)).not.toContain('ADMIN');
  });

  it('answers the same for a signed-in caller as for a visitor (shared procedures do not see the user)', async () => {
    const product = await insertProduct(server.deps.db, { productName: 'Archived Trimmer', category: 'trimmers', archived: true });
    const asAdmin = await admin.trpc('query', 'catalog.details', { productId: product.id });
    const asVisitor = await visitor.trpc('query', 'catalog.details', { productId: product.id });
    expect(asAdmin.status).toBe(404);
    expect(asVisitor.status).toBe(404);
  });

  it('answers a GET that already holds the reply with a bodiless 304, until the catalogue changes', async () => {
    const product = await insertProduct(server.deps.db, { productName: 'Revalidated Mouse', category: 'Mouse' });
    const page = `/trpc/catalog.details?input=${encodeURIComponent(JSON.stringify({ productId: product.id }))}`;
    // The computed reply and the cached one go out alike.
    const computed = await rawGet(server.url + page, {});
    const cached = await rawGet(server.url + page, {});
    const etag = String(cached.headers.etag);
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(computed.headers.etag).toBe(etag);
    expect(computed.headers['content-length']).toBe(cached.headers['content-length']);
    expect(computed.body.equals(cached.body)).toBe(true);
    const again = await rawGet(server.url + page, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);

    await server.deps.db.updateTable('products').set({ stock: 0 }).where('id', '=', product.id).execute();
    const changed = await rawGet(server.url + page, { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(JSON.parse(changed.body.toString())).toMatchObject({ result: { data: { stock: 0 } } });
  });

  it('sends brotli or gzip to clients that take them, and the same JSON after decoding', async () => {
    // Enough products for a reply over the 1 KB below which nothing is compressed.
    for (let i = 0; i < 4; i++) await insertProduct(server.deps.db, { productName: `Zip Phone ${i}`, category: 'mobiles' });
    const page = `/trpc/catalog.byCategory?input=${encodeURIComponent(JSON.stringify({ category: 'mobiles', limit: 24 }))}`;
    const plain = await rawGet(server.url + page, {});
    for (const encoding of ['br', 'gzip'] as const) {
      // Twice: the first reply is computed, the second comes from the cache.
      for (let i = 0; i < 2; i++) {
        const reply = await rawGet(server.url + page, { 'accept-encoding': encoding });
        expect(reply.headers['content-encoding']).toBe(encoding);
        const decoded = encoding === 'br' ? zlib.brotliDecompressSync(reply.body) : zlib.gunzipSync(reply.body);
        expect(decoded.toString()).toBe(plain.body.toString());
      }
    }
  });
});

/** A GET with exactly the given headers (fetch would add and undo Accept-Encoding itself). */
function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product, ProductPage } from '../../../../shared/schemas/catalog';
import { insertProduct } from '../../../testing/factories';
import { testDialect } from '../../../testing/test-database';
import { HttpClient, startTestServer, type HttpReply, type TestServer } from '../../../testing/test-server';
import { searchTerms } from './search';
import { ftsMatch } from './sqlite-search';
import { tsqueryText } from './postgres-search';

/**
 * The one search suite: the server project runs it on SQLite's FTS5 implementation, the
 * server-pg project on PostgreSQL's tsvector one. Both must pass every test, through the same
 * procedures and /api path shoppers use.
 */
type Envelope<T> = { success: boolean; error: boolean; message: string; data: T };

let server: TestServer;
let visitor: HttpClient;

beforeAll(async () => {
  server = await startTestServer();
  visitor = new HttpClient(server.url);
});

afterAll(async () => {
  await server.close();
});

const names = (page: ProductPage) => page.items.map((p) => p.productName);

describe(`search (${testDialect()})`, () => {
  beforeAll(async () => {
    const db = server.deps.db;
    await insertProduct(db, { productName: 'Apple AirPods Pro (2nd generation)', brandName: 'Apple', category: 'airpodes', description: 'Noise cancelling earbuds.' });
    await insertProduct(db, { productName: 'Zephyr Portable Speaker', brandName: 'Windy', category: 'speakers', description: 'Loud and clear.' });
    await insertProduct(db, { productName: 'Plain Box Speaker', brandName: 'Boxy', category: 'speakers', description: 'It sounds like a zephyr, a zephyr breeze.' });
    await insertProduct(db, { productName: 'Café Racer Headphones', brandName: 'Crème', category: 'earphones', description: 'Wired.' });
    await insertProduct(db, { productName: 'Zephyr Archived Speaker', brandName: 'Windy', category: 'speakers', archived: true });
  });

  it('finds AirPods from the prefix "airp", through tRPC and GET /api/search', async () => {
    const trpc = await visitor.trpc<ProductPage>('query', 'catalog.search', { q: 'airp' });
    expect(trpc.body.items[0]?.productName).toBe('Apple AirPods Pro (2nd generation)');
    const rest = await visitor.get<Envelope<Product[]>>('/api/search?q=airp');
    expect(rest.status).toBe(200);
    expect(rest.body).toMatchObject({ success: true, message: 'Search Product list' });
    expect(rest.body.data.map((p) => p.productName)).toContain('Apple AirPods Pro (2nd generation)');
  });

  it('ranks a name match above a description match and never returns archived products', async () => {
    const reply = await visitor.trpc<ProductPage>('query', 'catalog.search', { q: 'zephyr' });
    expect(reply.body.items.map((p) => p.productName)).toEqual(['Zephyr Portable Speaker', 'Plain Box Speaker']);
  });

  it('is case- and accent-insensitive', async () => {
    for (const q of ['cafe', 'CAFÉ', 'Cafe racer', 'creme']) {
      const reply = await visitor.trpc<ProductPage>('query', 'catalog.search', { q });
      expect(
        reply.body.items.map((p) => p.productName),
        q,
      ).toContain('Café Racer Headphones');
    }
  });

  it('pages through results by relevance with a cursor', async () => {
    const first = await visitor.trpc<ProductPage>('query', 'catalog.search', { q: 'speaker', limit: 1 });
    expect(first.body.items).toHaveLength(1);
    expect(first.body.nextCursor).not.toBeNull();
    const second = await visitor.trpc<ProductPage>('query', 'catalog.search', { q: 'speaker', limit: 1, cursor: first.body.nextCursor });
    expect(second.body.items).toHaveLength(1);
    expect(second.body.items[0]?._id).not.toBe(first.body.items[0]?._id);
    const sorted = await visitor.trpc<ProductPage>('query', 'catalog.search', { q: 'speaker', sort: 'asc' });
    const prices = sorted.body.items.map((p) => p.sellingPrice);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it('answers an empty query with the newest products (documented choice)', async () => {
    const empty = await visitor.trpc<ProductPage>('query', 'catalog.search', { q: '   ' });
    const newest = await visitor.trpc<ProductPage>('query', 'catalog.list', { limit: 24 });
    expect(empty.body.items.map((p) => p._id)).toEqual(newest.body.items.map((p) => p._id));
  });

  it('treats hostile text as plain words: no FTS syntax error ever reaches the user', async () => {
    const hostile = [
      '"',
      '""',
      "'",
      '*',
      '**',
      'OR',
      'AND',
      'NOT',
      'NEAR',
      'NEAR(a b, 2)',
      'a OR b',
      'a NOT b',
      '-',
      '-phone',
      'phone -case',
      'product_name:phone',
      '{product_name brand_name}: x',
      '^phone',
      '(',
      ')',
      '(phone',
      '+',
      '\\',
      '%',
      '_',
      'phone"',
      '"phone',
      'a"b"c',
      ':',
      'col:',
      '😀',
      '手机',
      'Ünïcödé',
      'x'.repeat(1000),
      'a '.repeat(500),
      '\u0000',
      'a\u0301',
      '\u200b',
      'null',
      "'; drop table products; --",
      '<script>alert(1)</script>',
      '%00',
      '\ud800',
    ];
    for (const q of hostile) {
      const trpc = await visitor.trpc<ProductPage>('query', 'catalog.search', { q });
      expect(trpc.status, JSON.stringify(q)).toBe(200);
      expect(Array.isArray(trpc.body.items)).toBe(true);
      // A lone surrogate cannot be URL-encoded: send the bytes of invalid UTF-8 instead.
      const encoded = q === '\ud800' ? '%ED%A0%80%FF' : encodeURIComponent(q);
      const rest = await visitor.get<Envelope<Product[]>>(`/api/search?q=${encoded}`);
      expect(rest.status, JSON.stringify(q)).toBe(200);
      expect(Array.isArray(rest.body.data)).toBe(true);
    }
  });

  it('refuses text over 1,000 characters with a 400 naming q', async () => {
    const rest = await visitor.get<Envelope<unknown>>(`/api/search?q=${'x'.repeat(1001)}`);
    expect(rest.status).toBe(400);
    expect(rest.body).toMatchObject({ success: false, data: [] });
    expect(rest.body.message).toMatch(/^q /);
  });

  it('builds FTS5 MATCH and tsquery texts from quoted words only', () => {
    const terms = (text: string) => searchTerms(text) ?? [];
    expect(ftsMatch(terms('AirP'))).toBe('"airp"*');
    expect(ftsMatch(terms('samsung "galaxy" OR NEAR(x)'))).toBe('"samsung"* "galaxy"* "or"* "near"* "x"');
    expect(tsqueryText(terms("samsung 'galaxy' | !x & (y)"))).toBe("'samsung':* & 'galaxy':* & 'x' & 'y'");
    expect(searchTerms('-*:^()')).toBeNull();
    expect(searchTerms('w '.repeat(100))).toHaveLength(12);
  });

  it('ranks a match in the name above the brand, the category, then the description', async () => {
    const db = server.deps.db;
    await insertProduct(db, { productName: 'Nimbus Desk Lamp', brandName: 'Lumo', category: 'camera', description: 'A lamp.' });
    await insertProduct(db, { productName: 'Glow Bulb', brandName: 'Nimbus', category: 'camera', description: 'A bulb.' });
    await insertProduct(db, { productName: 'Plain Stand', brandName: 'Stando', category: 'camera', description: 'Holds a nimbus lamp.' });
    expect(names((await visitor.trpc<ProductPage>('query', 'catalog.search', { q: 'nimbus' })).body)).toEqual(['Nimbus Desk Lamp', 'Glow Bulb', 'Plain Stand']);
    await insertProduct(db, { productName: 'Wall Unit', brandName: 'Mounty', category: 'refrigerator', description: 'Cool.' });
    await insertProduct(db, { productName: 'Door Seal', brandName: 'Sealy', category: 'printers', description: 'Fits any refrigerator door.' });
    expect(names((await visitor.trpc<ProductPage>('query', 'catalog.search', { q: 'refrigerator' })).body).slice(0, 2)).toEqual(['Wall Unit', 'Door Seal']);
  });

  it('matches every word, each as a prefix; a single letter only as a whole word', async () => {
    const db = server.deps.db;
    await insertProduct(db, { productName: 'Quasar X Smartwatch', brandName: 'Quasar', category: 'watches' });
    await insertProduct(db, { productName: 'Quasar Buds', brandName: 'Quasar', category: 'earphones' });
    expect(names((await visitor.trpc<ProductPage>('query', 'catalog.search', { q: 'quas smartw' })).body)).toEqual(['Quasar X Smartwatch']);
    expect(names((await visitor.trpc<ProductPage>('query', 'catalog.search', { q: 'quasar x' })).body)).toEqual(['Quasar X Smartwatch']);
    expect(names((await visitor.trpc<ProductPage>('query', 'catalog.search', { q: 'q' })).body)).toEqual([]);
  });

  it('pages a price-sorted search with a cursor, every match once, in order', async () => {
    const db = server.deps.db;
    for (let i = 1; i <= 5; i++) await insertProduct(db, { productName: `Pulsar Cam ${i}`, category: 'camera', price: 900_000, sellingPrice: 100_000 * i });
    const seen: Product[] = [];
    let cursor: string | null = null;
    do {
      const reply: HttpReply<ProductPage> = await visitor.trpc<ProductPage>('query', 'catalog.search', { q: 'pulsar', sort: 'dsc', limit: 2, cursor });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      const page: ProductPage = reply.body;
      seen.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen.map((p) => p.sellingPrice)).toEqual([500_000, 400_000, 300_000, 200_000, 100_000]);
  });

  it('refuses a cursor it did not make with a 400', async () => {
    const reply = await visitor.trpc<{ data: { httpStatus: number } }>('query', 'catalog.search', { q: 'speaker', cursor: 'not-a-cursor' });
    expect(reply.status).toBe(400);
  });
});

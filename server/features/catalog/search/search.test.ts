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

  it('orders results by relevance (the default) or by price either way, through tRPC and /api/search?sort=', async () => {
    const db = server.deps.db;
    await insertProduct(db, { productName: 'Quokka Mid Radio', category: 'printers', sellingPrice: 300_000, price: 400_000 });
    await insertProduct(db, { productName: 'Budget Lamp', category: 'printers', description: 'Shaped like a quokka.', sellingPrice: 100_000, price: 100_000 });
    await insertProduct(db, { productName: 'Quokka Deluxe Radio', category: 'printers', sellingPrice: 900_000, price: 900_000 });
    const order = async (input: Record<string, unknown>) => names((await visitor.trpc<ProductPage>('query', 'catalog.search', { q: 'quokka', ...input })).body);

    const byRelevance = await order({});
    expect(byRelevance.at(-1)).toBe('Budget Lamp');
    expect(await order({ sort: 'relevance' })).toEqual(byRelevance);
    expect(await order({ sort: 'asc' })).toEqual(['Budget Lamp', 'Quokka Mid Radio', 'Quokka Deluxe Radio']);
    expect(await order({ sort: 'dsc' })).toEqual(['Quokka Deluxe Radio', 'Quokka Mid Radio', 'Budget Lamp']);

    const rest = await visitor.get<Envelope<Product[]>>('/api/search?q=quokka&sort=dsc');
    expect(rest.body.data.map((p) => [p.productName, p.sellingPrice])).toEqual([
      ['Quokka Deluxe Radio', 9000],
      ['Quokka Mid Radio', 3000],
      ['Budget Lamp', 1000],
    ]);
    expect((await visitor.get<Envelope<Product[]>>('/api/search?q=quokka')).body.data.map((p) => p.productName)).toEqual(byRelevance);
    // A form's default radio sends an empty sort=: the default order, not a refusal.
    expect((await visitor.get<Envelope<Product[]>>('/api/search?q=quokka&sort=')).body.data.map((p) => p.productName)).toEqual(byRelevance);
    const bad = await visitor.get<Envelope<Product[]>>('/api/search?q=quokka&sort=cheapest');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ success: false, error: true, data: [], message: expect.stringMatching(/^sort must be one of: relevance, newest, asc, dsc/) });
  });

  it('ranks a name match above a description match and never returns archived products', async () => {
    const reply = await visitor.trpc<ProductPage & { total: number }>('query', 'catalog.search', { q: 'zephyr' });
    expect(reply.body.items.map((p) => p.productName)).toEqual(['Zephyr Portable Speaker', 'Plain Box Speaker']);
    // The total is counted in the full-text index less the archived matches (and, refined, over the products).
    expect(reply.body.total).toBe(2);
    const refined = await visitor.trpc<ProductPage & { total: number }>('query', 'catalog.search', { q: 'zephyr', brands: ['Windy'] });
    expect(refined.body.total).toBe(1);
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

describe(`search that forgives typos (${testDialect()})`, () => {
  beforeAll(async () => {
    const db = server.deps.db;
    await insertProduct(db, { productName: 'Apple iPhone 15 (128 GB, Black)', brandName: 'Apple', category: 'mobiles', description: 'A16 Bionic.' });
    await insertProduct(db, { productName: 'Samsung Galaxy S24 Ultra', brandName: 'Samsung', category: 'mobiles', description: 'Titanium frame.' });
    await insertProduct(db, { productName: 'Samsung Crystal 4K Smart TV', brandName: 'Samsung', category: 'televisions', description: '55 inch.' });
    await insertProduct(db, { productName: 'boAt Stone 1200 Bluetooth Speaker', brandName: 'boAt', category: 'speakers', description: 'Portable.' });
    await insertProduct(db, { productName: 'JBL Flip 6 Bluetooth Speaker', brandName: 'JBL', category: 'speakers', description: 'Waterproof.' });
    await insertProduct(db, { productName: 'Whirlpool 265 L Refrigerator', brandName: 'Whirlpool', category: 'refrigerator', description: 'Frost free.' });
    await insertProduct(db, { productName: 'Canon EOS R50 Mirrorless Camera', brandName: 'Canon', category: 'camera', description: 'Vlogging kit.' });
    await insertProduct(db, { productName: 'Noise ColorFit Pro 5 Smartwatch', brandName: 'Noise', category: 'watches', description: 'AMOLED.' });
  });

  const search = (q: string, extra: Record<string, unknown> = {}) =>
    visitor.trpc<ProductPage & { total: number; correctedQuery: string | null }>('query', 'catalog.search', { q, ...extra });

  // Real misspellings, and the product each must find first.
  it.each([
    ['iphne', 'iphone', 'Apple iPhone 15 (128 GB, Black)'],
    ['iphone 15', null, 'Apple iPhone 15 (128 GB, Black)'],
    ['samsang galxy', 'samsung galaxy', 'Samsung Galaxy S24 Ultra'],
    ['refrigrator', 'refrigerator', 'Whirlpool 265 L Refrigerator'],
    ['whirlpol', 'whirlpool', 'Whirlpool 265 L Refrigerator'],
    ['cannon camera', 'canon camera', 'Canon EOS R50 Mirrorless Camera'],
    ['noyse colorfit', 'noise colorfit', 'Noise ColorFit Pro 5 Smartwatch'],
    ['mirorless', 'mirrorless', 'Canon EOS R50 Mirrorless Camera'],
  ])('"%s" searches for "%s" and finds %s first', async (q, corrected, first) => {
    const reply = await search(q);
    expect(reply.status).toBe(200);
    expect(reply.body.correctedQuery).toBe(corrected);
    expect(reply.body.items[0]?.productName).toBe(first);
    expect(reply.body.total).toBeGreaterThanOrEqual(1);
  });

  it('"smartwach" finds the smartwatches (two of them rank alike, in either order)', async () => {
    const reply = await search('smartwach');
    expect(reply.body.correctedQuery).toBe('smartwatch');
    expect(names(reply.body).sort()).toEqual(['Noise ColorFit Pro 5 Smartwatch', 'Quasar X Smartwatch']);
  });

  it('"blutooth speaker" finds both Bluetooth speakers and counts them', async () => {
    const reply = await search('blutooth speaker');
    expect(reply.body.correctedQuery).toBe('bluetooth speaker');
    expect(names(reply.body).sort()).toEqual(['JBL Flip 6 Bluetooth Speaker', 'boAt Stone 1200 Bluetooth Speaker']);
    expect(reply.body.total).toBe(2);
  });

  it('ranks exact matches above corrected ones, each product once, and counts every match', async () => {
    // "samsang" matches nothing; "galaxy" alone would; "samsung tv galxy"... here one exact hit:
    // "crystal" is exact (one product), and "crystl" would be corrected to it.
    const exact = await search('crystal');
    expect(exact.body.correctedQuery).toBeNull();
    expect(names(exact.body)).toEqual(['Samsung Crystal 4K Smart TV']);
    expect(exact.body.total).toBe(1);
    // "flip" finds the JBL exactly (one match); the corrected "flip" is the same word, so no correction is offered.
    expect((await search('flip')).body.correctedQuery).toBeNull();
  });

  it('leaves well-spelt queries, short words and nonsense alone', async () => {
    for (const q of ['speaker', 'tv', 'qqqqqqqq zzzzzz']) {
      const reply = await search(q);
      expect(reply.body.correctedQuery, q).toBeNull();
    }
    expect((await search('qqqqqqqq zzzzzz')).body).toMatchObject({ items: [], total: 0 });
  });

  it('pages through corrected results with the cursor, and a price order uses the correction too', async () => {
    const first = await search('samsang', { limit: 1 });
    expect(first.body.correctedQuery).toBe('samsung');
    expect(first.body.total).toBe(2);
    const second = await search('samsang', { limit: 1, cursor: first.body.nextCursor });
    expect([...names(first.body), ...names(second.body)].sort()).toEqual(['Samsung Crystal 4K Smart TV', 'Samsung Galaxy S24 Ultra']);
    expect(second.body.nextCursor).toBeNull();
    const byPrice = await search('samsang', { sort: 'asc' });
    expect(byPrice.body.correctedQuery).toBe('samsung');
    expect(byPrice.body.items).toHaveLength(2);
  });
});

describe(`facets: brand, price band and in stock, on search and category lists (${testDialect()})`, () => {
  type Facets = { total: number; brands: { name: string; count: number }[]; priceBands: { id: string; count: number }[]; inStock: number };
  beforeAll(async () => {
    const db = server.deps.db;
    await insertProduct(db, { productName: 'Facet Phone One', brandName: 'Facetco', category: 'mobiles', sellingPrice: 1_499_900, price: 1_999_900, stock: 4 });
    await insertProduct(db, { productName: 'Facet Phone Two', brandName: 'Facetco', category: 'mobiles', sellingPrice: 2_999_900, price: 3_499_900, stock: 0 });
    await insertProduct(db, { productName: 'Facet Phone Max', brandName: 'Otherfacet', category: 'mobiles', sellingPrice: 7_999_900, price: 8_999_900, stock: 2 });
    await insertProduct(db, { productName: 'Facet Buds', brandName: 'Otherfacet', category: 'earphones', sellingPrice: 99_900, price: 199_900, trackStock: false });
  });

  const band = (facets: Facets, id: string) => facets.priceBands.find((b) => b.id === id)?.count;

  it('counts a search’s matches by brand, price band and availability', async () => {
    const reply = await visitor.trpc<Facets>('query', 'catalog.facets', { q: 'facet' });
    expect(reply.status).toBe(200);
    expect(reply.body.total).toBe(4);
    expect(reply.body.brands).toEqual([
      { name: 'Facetco', count: 2 },
      { name: 'Otherfacet', count: 2 },
    ]);
    expect(band(reply.body, 'under-1000')).toBe(1);
    expect(band(reply.body, '10000-20000')).toBe(1);
    expect(band(reply.body, '20000-50000')).toBe(1);
    expect(band(reply.body, 'over-50000')).toBe(1);
    expect(reply.body.priceBands.map((b) => b.id)).toEqual(['under-1000', '1000-5000', '5000-10000', '10000-20000', '20000-50000', 'over-50000']);
    expect(reply.body.inStock).toBe(3);
  });

  it('refines search results and their count by brand, price band and in stock only', async () => {
    const search = (extra: Record<string, unknown>) => visitor.trpc<ProductPage & { total: number }>('query', 'catalog.search', { q: 'facet', ...extra });
    const byBrand = await search({ brands: ['Facetco'] });
    expect(names(byBrand.body).sort()).toEqual(['Facet Phone One', 'Facet Phone Two']);
    expect(byBrand.body.total).toBe(2);
    const inStock = await search({ brands: ['Facetco'], inStock: true });
    expect(names(inStock.body)).toEqual(['Facet Phone One']);
    expect(inStock.body.total).toBe(1);
    const pricey = await search({ price: 'over-50000', sort: 'asc' });
    expect(names(pricey.body)).toEqual(['Facet Phone Max']);
    expect((await search({ price: 'not-a-band' })).status).toBe(400);
  });

  it('counts and refines a category page the same way', async () => {
    const facets = await visitor.trpc<Facets>('query', 'catalog.facets', { categories: ['mobiles'] });
    expect(facets.body.brands.filter((b) => b.name.includes('acet'))).toEqual([
      { name: 'Facetco', count: 2 },
      { name: 'Otherfacet', count: 1 },
    ]);
    const page = await visitor.trpc<ProductPage & { total: number }>('query', 'catalog.filter', { categories: ['mobiles'], brands: ['Otherfacet'] });
    expect(names(page.body)).toEqual(['Facet Phone Max']);
    expect(page.body.total).toBe(1);
    const none = await visitor.trpc<Facets>('query', 'catalog.facets', { categories: [] });
    expect(none.body).toMatchObject({ total: 0, brands: [], inStock: 0 });
  });
});

import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORY_VALUES, type CategoryInfo } from '../../shared/categories';
import type { Banners, Product } from '../../shared/schemas/catalog';
import { storedImageNames } from '../testing/stored-images';
import { HttpClient, startTestServer, type TestServer } from '../testing/test-server';
import { seedDemo, seedSynthetic } from './seed';
import { syntheticProduct } from './synthetic-catalog';

type Envelope<T> = { success: boolean; message: string; data: T };

let server: TestServer;
let client: HttpClient;

// The real demo seed renders ~370 illustrations: this file is the one slow test of the catalogue.
beforeAll(async () => {
  server = await startTestServer();
  client = new HttpClient(server.url);
}, 120_000);

afterAll(async () => {
  await server.close();
});

const imageExists = (url: string): Promise<boolean> => server.deps.images.has(path.basename(url));
const storedImageCount = async (): Promise<number> => (await storedImageNames(server.deps.db, server.deps.env.imagesDir)).length;

describe('seedDemo', () => {
  it('fills an empty shop with 120+ illustrated products and 5 + 5 banners', { timeout: 120_000 }, async () => {
    const result = await seedDemo(server.deps);
    expect(result).toMatchObject({ seeded: true, banners: 10 });
    expect(result.seeded && result.products).toBeGreaterThanOrEqual(120);

    const all = await client.get<Envelope<Product[]>>('/api/get-product');
    expect(all.body.data.length).toBeGreaterThanOrEqual(120);
    for (const category of CATEGORY_VALUES) {
      expect(all.body.data.filter((p) => p.category === category).length, category).toBeGreaterThanOrEqual(10);
    }
    for (const product of all.body.data) {
      expect(product.productImage.length, product.productName).toBeGreaterThanOrEqual(2);
      expect(product.productImage.length, product.productName).toBeLessThanOrEqual(4);
      for (const url of product.productImage) {
        expect(url).toMatch(/^\/images\/[0-9a-f]{32}\.webp$/);
        expect(await imageExists(url), url).toBe(true);
        expect(await imageExists(url.replace('.webp', '-w640.webp')), url).toBe(true);
      }
    }
    expect(all.body.data[0]?.productName).toMatch(/^Apple AirPods Pro/);
    // Every demo product's page shows the legal facts (issue 27): origin, maker, contents, warranty.
    const first = await client.trpc<Product>('query', 'catalog.details', { productId: all.body.data[0]?._id });
    expect(first.body.facts).toMatchObject({ countryOfOrigin: 'China', importerName: 'Apple India Pvt. Ltd.', warrantyMonths: 12 });
    const withoutFacts = await server.deps.db
      .selectFrom('products')
      .select('id')
      .where((eb) => eb.or([eb('origin_country', 'is', null), eb('manufacturer_name', 'is', null), eb('net_quantity', 'is', null), eb('warranty_months', 'is', null)]))
      .execute();
    expect(withoutFacts).toEqual([]);
    // The demo owner's categories (issue 27): Laptops and Power banks added, with products and home
    // rows; every category has a spec template (the values are a later slice).
    const categories = await client.trpc<CategoryInfo[]>('query', 'catalog.categories');
    expect(categories.body.slice(-2)).toMatchObject([
      { value: 'laptops', label: 'Laptops', hidden: false, homeRow: { heading: 'Laptops for work and study', cards: 'large' } },
      { value: 'power-banks', label: 'Power banks', hidden: false, homeRow: { heading: 'Power banks', cards: 'large' } },
    ]);
    for (const value of ['laptops', 'power-banks']) expect(all.body.data.filter((p) => p.category === value).length, value).toBeGreaterThanOrEqual(3);
    const templates = await server.deps.db.selectFrom('categories').select(['value', 'spec_template']).execute();
    for (const row of templates) expect((JSON.parse(row.spec_template) as unknown[]).length, row.value).toBeGreaterThanOrEqual(4);
    // Packing asks a laptop its serial number, as the spec's categories with a number on the box (issue 29).
    const unitIds = await server.deps.db
      .selectFrom('categories')
      .select(['value', 'unit_ids'])
      .where('value', 'in', ['laptops', 'power-banks', 'mobiles'])
      .orderBy('value')
      .execute();
    expect(unitIds).toEqual([
      { value: 'laptops', unit_ids: 'serial' },
      { value: 'mobiles', unit_ids: 'imei' },
      { value: 'power-banks', unit_ids: 'none' },
    ]);
    const powerBanks = JSON.parse(templates.find((r) => r.value === 'power-banks')!.spec_template) as { key: string; type: string; filter: boolean }[];
    expect(powerBanks.filter((a) => a.filter).map((a) => [a.key, a.type])).toEqual([
      ['capacity', 'number'],
      ['fast_charging', 'yesno'],
    ]);

    // A phone by storage × colour, a TV by size and a watch by strap come in several variants.
    const multi = all.body.data.filter((p) => /^(Samsung Galaxy S24 5G|Sony Bravia X74L|Apple Watch Series 9)/.test(p.productName));
    expect(multi).toHaveLength(3);
    const counts = await Promise.all(
      multi.map(async (p) => (await client.trpc<{ variants: { sku: string; optionValues: string[] }[] }>('query', 'catalog.details', { productId: p._id })).body.variants.length),
    );
    expect(counts.sort()).toEqual([3, 4, 5]);
    const phone = multi.find((p) => p.productName.startsWith('Samsung Galaxy S24'));
    // Its summary: the cheapest variant in stock (128 GB, Onyx Black at ₹64,999).
    expect(phone).toMatchObject({ sellingPrice: 64_999, stock: 14 });
    // Each colour has its own pictures (the phone drawn in its swatch), shared by the variants of that colour.
    const phoneDetails = await client.trpc<{ productImage: string[]; variants: { optionValues: string[]; images: string[] }[] }>('query', 'catalog.details', {
      productId: phone?._id,
    });
    const picturesOf = (colour: string) => [...new Set(phoneDetails.body.variants.filter((v) => v.optionValues[1] === colour).map((v) => JSON.stringify(v.images)))];
    const [black, grey, violet] = ['Onyx Black', 'Marble Grey', 'Cobalt Violet'].map((colour) => {
      const sets = picturesOf(colour);
      expect(sets, colour).toHaveLength(1);
      return JSON.parse(sets[0] ?? '[]') as string[];
    });
    // Onyx Black is the product's own art; the others are new drawings, as many views.
    expect(black).toEqual(phoneDetails.body.productImage);
    for (const own of [grey, violet]) {
      expect(own).toHaveLength(phoneDetails.body.productImage.length);
      for (const url of own ?? []) {
        expect(phoneDetails.body.productImage).not.toContain(url);
        expect(await imageExists(url), url).toBe(true);
      }
    }
    expect(grey).not.toEqual(violet);

    const search = await client.get<Envelope<Product[]>>('/api/search?q=airp');
    expect(search.body.data.some((p) => p.productName.startsWith('Apple AirPods'))).toBe(true);

    const banners = await client.trpc<Banners>('query', 'catalog.banners');
    expect(banners.body.desktop).toHaveLength(5);
    expect(banners.body.mobile).toHaveLength(5);
    for (const banner of [...banners.body.desktop, ...banners.body.mobile]) {
      expect(await imageExists(banner.imageUrl), banner.imageUrl).toBe(true);
      expect(banner.alt.length).toBeGreaterThan(5);
    }
    const served = await fetch(new URL(banners.body.desktop[0]?.imageUrl ?? '', server.url));
    expect(served.headers.get('content-type')).toBe('image/webp');
  });

  it('does nothing once the shop has products', async () => {
    const before = await server.deps.db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(await seedDemo(server.deps)).toEqual({ seeded: false });
    const after = await server.deps.db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
    expect(await server.deps.db.selectFrom('banners').select('id').execute()).toHaveLength(10);
  });
});

describe('seedSynthetic', () => {
  it('adds N searchable products over all categories, sharing the demo illustrations', { timeout: 60_000 }, async () => {
    const imagesBefore = await storedImageCount();
    const progress: number[] = [];
    const result = await seedSynthetic(server.deps, { count: 6000, startIndex: 0, onProgress: (done) => progress.push(done) });
    expect(result.products).toBe(6000);
    expect(progress).toEqual([5000, 6000]);
    // The shared image sets were rendered by the demo seed already (same cache): no new images.
    expect(await storedImageCount()).toBe(imagesBefore);

    const counts = await server.deps.db
      .selectFrom('products')
      .select(['category', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('category')
      .execute();
    // Spread over the spec's twelve (the demo's Laptops and Power banks hold only its own few).
    const spec = counts.filter((row) => (CATEGORY_VALUES as readonly string[]).includes(row.category));
    expect(spec).toHaveLength(12);
    for (const row of spec) expect(row.n).toBeGreaterThanOrEqual(500);

    const page = await client.trpc<{ items: Product[] }>('query', 'catalog.byCategory', { category: 'televisions', limit: 24, sort: 'dsc' });
    expect(page.body.items).toHaveLength(24);
    for (const p of page.body.items) expect(await Promise.all(p.productImage.map(imageExists))).not.toContain(false);

    const sample = syntheticProduct(7);
    const found = await client.trpc<{ items: Product[] }>('query', 'catalog.search', { q: sample.productName, limit: 5 });
    expect(found.body.items.map((p) => p.productName)).toContain(sample.productName);
  });

  it('generates the same products for the same index, with sound prices', () => {
    expect(syntheticProduct(42)).toEqual(syntheticProduct(42));
    for (let i = 0; i < 2000; i++) {
      const p = syntheticProduct(i);
      expect(Number.isInteger(p.price) && Number.isInteger(p.sellingPrice)).toBe(true);
      expect(p.sellingPrice).toBeGreaterThan(0);
      expect(p.sellingPrice).toBeLessThanOrEqual(p.price);
      expect(p.stock).toBeGreaterThanOrEqual(0);
    }
  });
});

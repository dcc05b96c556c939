import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompareReply } from '../../../shared/compare';
import type { Product } from '../../../shared/schemas/catalog';
import type { SpecAttribute } from '../../../shared/schemas/categories';
import { signInAs } from '../../testing/factories';
import { testDialect } from '../../testing/test-database';
import { HttpClient, startTestServer, type TestServer } from '../../testing/test-server';

/**
 * Issue 27, compare: catalog.compare answers up to four products of one category with their spec
 * values (a per-variant attribute as every value the product comes in), facts, MRP range and the
 * category's template; unknown and archived ids are dropped, another category's products are left
 * out and named, a fifth id is a 400. One suite for both databases (server and server-pg).
 */

type TrpcError = { message: string; data: { httpStatus: number; fieldErrors: Record<string, string> | null } };

let server: TestServer;
let admin: HttpClient;
let visitor: HttpClient;

const TEMPLATE: SpecAttribute[] = [
  { key: 'ram', name: 'RAM', unit: 'GB', type: 'number', options: [], filter: true, onCard: true, perVariant: false },
  { key: 'storage', name: 'Storage', unit: 'GB', type: 'number', options: [], filter: true, onCard: true, perVariant: true },
  { key: 'five_g', name: '5G', unit: '', type: 'yesno', options: [], filter: true, onCard: false, perVariant: false },
  { key: 'chip', name: 'Chipset', unit: '', type: 'text', options: [], filter: false, onCard: false, perVariant: false },
];
const CATEGORY = 'compare-phones';
const ids: Record<string, string> = {};
const FACTS = {
  countryOfOrigin: 'Vietnam',
  manufacturerName: 'Nimbus Ltd',
  manufacturerAddress: '1 Nimbus Road, Hanoi',
  importerName: 'Nimbus India',
  importerAddress: 'Plot 5, Noida',
  netQuantity: '1 N',
  warrantyMonths: 12,
  warrantyBy: 'Nimbus India',
};

async function create(body: Record<string, unknown>) {
  const reply = await admin.trpc<Product & TrpcError>('mutation', 'catalog.create', {
    brandName: 'Nimbus',
    category: CATEGORY,
    productImage: ['/images/p.webp'],
    price: 1_000_000,
    sellingPrice: 1_000_000,
    stock: 5,
    ...body,
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body._id;
}
async function compare(input: unknown) {
  await server.deps.changes.catchUp?.();
  return visitor.trpc<CompareReply & TrpcError>('query', 'catalog.compare', input);
}

beforeAll(async () => {
  server = await startTestServer();
  ({ client: admin } = await signInAs(server, 'ADMIN'));
  visitor = new HttpClient(server.url);
  for (const [value, label, template] of [
    [CATEGORY, 'Compare phones', TEMPLATE],
    ['compare-chargers', 'Compare chargers', [{ key: 'output', name: 'Output', unit: 'W', type: 'number', filter: true }]],
  ] as const) {
    const made = await admin.trpc('mutation', 'catalog.createCategory', { value, label, hsn: '8517', rateBasisPoints: 1800, template });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
  }
  ids.alpha = await create({
    productName: 'Compare Alpha',
    specs: { ram: 8, five_g: true, chip: 'Snapdragon' },
    facts: FACTS,
    options: [{ name: 'Storage', values: [{ value: '256 GB' }, { value: '128 GB' }] }],
    variants: [
      { optionValues: ['256 GB'], price: 2_199_900, sellingPrice: 2_099_900, stock: 0, specs: { storage: 256 } },
      { optionValues: ['128 GB'], price: 1_899_900, sellingPrice: 1_799_900, stock: 3, specs: { storage: 128 } },
    ],
  });
  ids.beta = await create({ productName: 'Compare Beta', specs: { ram: 12, storage: 256, five_g: true }, stock: 0 });
  ids.gamma = await create({ productName: 'Compare Gamma', specs: { ram: 8, storage: 128, five_g: false, chip: 'Dimensity' } });
  ids.delta = await create({ productName: 'Compare Delta', specs: { ram: 6 } });
  ids.gone = await create({ productName: 'Compare Gone', specs: { ram: 4 } });
  ids.charger = await create({ productName: 'Compare Charger', category: 'compare-chargers', specs: { output: 65 } });
  expect((await admin.trpc('mutation', 'catalog.archive', { productId: ids.gone })).status).toBe(200);
});

afterAll(async () => {
  await server.close();
});

describe(`catalog.compare (${testDialect()})`, () => {
  it('answers each product with its spec values, per-variant ones as every value it comes in, in the order asked', async () => {
    const reply = await compare({ ids: [ids.gamma, ids.alpha, ids.beta] });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const body = reply.body;
    expect(body.category).toEqual({ value: CATEGORY, label: 'Compare phones' });
    expect(body.template.map((a) => a.key)).toEqual(['ram', 'storage', 'five_g', 'chip']);
    expect(body.products.map((p) => p.productName)).toEqual(['Compare Gamma', 'Compare Alpha', 'Compare Beta']);
    const [gamma, alpha, beta] = body.products;
    // Storage differs by variant: both values, ascending, whatever the variants' order.
    expect(alpha?.specs).toEqual({ ram: [8], storage: [128, 256], five_g: [true], chip: ['Snapdragon'] });
    expect(gamma?.specs).toEqual({ ram: [8], storage: [128], five_g: [false], chip: ['Dimensity'] });
    expect(beta?.specs).toEqual({ ram: [12], storage: [256], five_g: [true] });
    // Prices, MRP range, stock and facts for each column's head.
    expect(alpha).toMatchObject({ priceMin: 1_799_900, priceMax: 2_099_900, mrpMin: 1_899_900, mrpMax: 2_199_900, inStock: true, variantCount: 2 });
    expect(alpha?.facts).toMatchObject({ countryOfOrigin: 'Vietnam', warrantyMonths: 12, warrantyBy: 'Nimbus India' });
    expect(beta).toMatchObject({ inStock: false, mrpMin: 1_000_000, mrpMax: 1_000_000 });
    expect(beta?.facts.countryOfOrigin).toBeNull();
    expect(body.leftOut).toEqual([]);
    // Which rows differ is the page's to compute: nothing of the kind in the reply.
    expect(JSON.stringify(body)).not.toMatch(/differ/i);
  });

  it('drops unknown and archived ids, and counts a repeated id once', async () => {
    const reply = await compare({ ids: ['no-such-product', ids.gone, ids.delta, ids.delta] });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.products.map((p) => p._id)).toEqual([ids.delta]);
    const none = await compare({ ids: ['no-such-product', ids.gone] });
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ category: null, template: [], products: [], leftOut: [] });
    const empty = await compare({ ids: [] });
    expect(empty.body.products).toEqual([]);
  });

  it('compares the first product’s category only and names the products left out', async () => {
    const reply = await compare({ ids: [ids.beta, ids.charger, ids.gamma] });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.products.map((p) => p.productName)).toEqual(['Compare Beta', 'Compare Gamma']);
    expect(reply.body.leftOut).toEqual([{ _id: ids.charger, productName: 'Compare Charger', category: 'compare-chargers' }]);
    const charger = await compare({ ids: [ids.charger, ids.beta] });
    expect(charger.body.category?.value).toBe('compare-chargers');
    expect(charger.body.template.map((a) => a.key)).toEqual(['output']);
    expect(charger.body.products[0]?.specs).toEqual({ output: [65] });
  });

  it('refuses a fifth id and malformed input with a 400 naming ids', async () => {
    const five = await compare({ ids: [ids.alpha, ids.beta, ids.gamma, ids.delta, ids.charger] });
    expect(five.status).toBe(400);
    expect(five.body.message).toMatch(/compare at most 4 products/);
    expect(five.body.data.fieldErrors).toHaveProperty(['ids']);
    for (const input of [{}, { ids: 'abc' }, { ids: [''] }, { ids: [42] }, { ids: ['x'.repeat(65)] }]) {
      const bad = await compare(input);
      expect(bad.status, JSON.stringify(input)).toBe(400);
      expect(Object.keys(bad.body.data.fieldErrors ?? {}).join()).toMatch(/^ids/);
    }
  });

  it('follows a change at once: a spec edit and an archive reach a cached comparison', async () => {
    const before = await compare({ ids: [ids.delta, ids.gamma] });
    expect(before.body.products[0]?.specs.ram).toEqual([6]);
    const saved = await admin.trpc('mutation', 'catalog.update', {
      _id: ids.delta,
      productName: 'Compare Delta',
      brandName: 'Nimbus',
      category: CATEGORY,
      productImage: ['/images/p.webp'],
      price: 1_000_000,
      sellingPrice: 1_000_000,
      specs: { ram: 16 },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await compare({ ids: [ids.delta, ids.gamma] })).body.products[0]?.specs.ram).toEqual([16]);
    expect((await admin.trpc('mutation', 'catalog.archive', { productId: ids.gamma })).status).toBe(200);
    expect((await compare({ ids: [ids.delta, ids.gamma] })).body.products.map((p) => p._id)).toEqual([ids.delta]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Facets } from '../../../shared/facets';
import type { Product, ProductPage } from '../../../shared/schemas/catalog';
import type { AdminCategory, SpecAttribute } from '../../../shared/schemas/categories';
import type { AdminVariant, ProductOption } from '../../../shared/schemas/variants';
import { signInAs } from '../../testing/factories';
import { testDialect } from '../../testing/test-database';
import { HttpClient, startTestServer, type TestServer } from '../../testing/test-server';

/**
 * Issue 27, per-variant spec values from the admin's variant grid: the grid's save (catalog.update
 * with variants, and catalog.updateVariants) carries each variant's values of the per-variant
 * attributes; the server checks them against the category's template (400 naming the row, the
 * SKU and the attribute, nothing saved) and the filters and facets follow them, through the live
 * variants only. Both databases (server and server-pg projects).
 */

type TrpcError = { message: string; data: { httpStatus: number; fieldErrors: Record<string, string> | null } };

const TEMPLATE: SpecAttribute[] = [
  { key: 'capacity', name: 'Capacity', unit: 'mAh', type: 'number', options: [], filter: true, onCard: true, perVariant: true },
  { key: 'output', name: 'Output', unit: 'W', type: 'number', options: [], filter: false, onCard: false, perVariant: false },
  { key: 'fast_charging', name: 'Fast charging', unit: '', type: 'yesno', options: [], filter: true, onCard: false, perVariant: true },
  { key: 'cell', name: 'Cell', unit: '', type: 'list', options: ['Li-ion', 'Li-polymer'], filter: true, onCard: false, perVariant: true },
];
const CATEGORY = 'grid-power-banks';
const OPTIONS: ProductOption[] = [
  { name: 'Capacity', values: [{ value: '10000 mAh' }, { value: '20000 mAh' }] },
  {
    name: 'Colour',
    values: [
      { value: 'Black', swatch: '#111111' },
      { value: 'Blue', swatch: '#1d4ed8' },
    ],
  },
];

let server: TestServer;
let admin: HttpClient;
let visitor: HttpClient;
let productId = '';

const caughtUp = () => server.deps.changes.catchUp?.();
const product = {
  productName: 'Gridcell Power 2K',
  brandName: 'Gridcell',
  category: CATEGORY,
  productImage: ['/images/p.webp'],
  description: '',
};
const figures = (sellingPrice: number) => ({ price: sellingPrice + 50_000, sellingPrice, stock: 4 });

async function variants(): Promise<AdminVariant[]> {
  const reply = await admin.trpc<{ variants: AdminVariant[] }>('query', 'catalog.variants', { productId });
  expect(reply.status).toBe(200);
  return reply.body.variants;
}
const byLabel = async (label: string) => (await variants()).find((v) => v.label === label) as AdminVariant;

async function filtered(specs: Record<string, string[]>): Promise<string[]> {
  await caughtUp();
  const reply = await visitor.trpc<ProductPage>('query', 'catalog.filter', { categories: [CATEGORY], specs });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.items.map((p) => p.productName);
}
async function facet(key: string): Promise<Record<string, number>> {
  await caughtUp();
  const reply = await visitor.trpc<Facets>('query', 'catalog.facets', { categories: [CATEGORY] });
  expect(reply.status).toBe(200);
  const found = (reply.body.specs ?? []).find((f) => f.key === key);
  return Object.fromEntries((found?.choices ?? []).map((c) => [c.value, c.count]));
}

beforeAll(async () => {
  server = await startTestServer();
  ({ client: admin } = await signInAs(server, 'ADMIN'));
  visitor = new HttpClient(server.url);
  const made = await admin.trpc<AdminCategory>('mutation', 'catalog.createCategory', {
    value: CATEGORY,
    label: 'Grid power banks',
    hsn: '8507',
    rateBasisPoints: 1800,
    template: TEMPLATE,
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  const created = await admin.trpc<Product & TrpcError>('mutation', 'catalog.create', {
    ...product,
    specs: { output: 22.5 },
    options: OPTIONS,
    variants: [
      { optionValues: ['10000 mAh', 'Black'], sku: 'GC2K-10-BLK', ...figures(149_900), specs: { capacity: '10000 mAh', fast_charging: 'no' } },
      { optionValues: ['10000 mAh', 'Blue'], sku: 'GC2K-10-BLU', ...figures(149_900), specs: { capacity: 10000, fast_charging: false } },
      { optionValues: ['20000 mAh', 'Black'], sku: 'GC2K-20-BLK', ...figures(199_900), specs: { capacity: 20000, fast_charging: true } },
      { optionValues: ['20000 mAh', 'Blue'], sku: 'GC2K-20-BLU', ...figures(199_900) },
    ],
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  productId = created.body._id;
});

afterAll(async () => {
  await server.close();
});

describe(`per-variant spec values from the variant grid (${testDialect()})`, () => {
  it('catalog.variants gives each variant its own values, archived ones too', async () => {
    const all = await variants();
    expect(Object.fromEntries(all.map((v) => [v.sku, v.specs]))).toEqual({
      'GC2K-10-BLK': { capacity: 10000, fast_charging: false },
      'GC2K-10-BLU': { capacity: 10000, fast_charging: false },
      'GC2K-20-BLK': { capacity: 20000, fast_charging: true },
      'GC2K-20-BLU': {},
    });
  });

  it('saves a row’s values through catalog.update, and a filter finds the product through its live variant until that variant is archived', async () => {
    expect(await filtered({ cell: ['li-polymer'] })).toEqual([]);
    const current = await variants();
    const reply = await admin.trpc('mutation', 'catalog.update', {
      ...product,
      _id: productId,
      price: 199_900,
      sellingPrice: 149_900,
      options: OPTIONS,
      variants: current.map((v) => ({
        _id: v._id,
        sku: v.sku,
        optionValues: v.optionValues,
        price: v.price,
        sellingPrice: v.sellingPrice,
        // The grid sends every per-variant column of every row: null for an empty cell.
        specs: {
          capacity: v.optionValues[0],
          fast_charging: v.label === '20000 mAh, Blue' ? 'yes' : (v.specs?.fast_charging ?? null),
          cell: v.optionValues[1] === 'Blue' && v.optionValues[0] === '20000 mAh' ? 'li-polymer' : null,
        },
      })),
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect((await byLabel('20000 mAh, Blue')).specs).toEqual({ capacity: 20000, fast_charging: true, cell: 'Li-polymer' });
    expect(await filtered({ cell: ['li-polymer'] })).toEqual(['Gridcell Power 2K']);
    expect(await filtered({ capacity: ['20000-'], fast_charging: ['yes'] })).toEqual(['Gridcell Power 2K']);
    expect(await facet('cell')).toEqual({ 'li-polymer': 1 });

    const blue20k = await byLabel('20000 mAh, Blue');
    expect((await admin.trpc('mutation', 'catalog.archiveVariant', { variantId: blue20k._id })).status).toBe(200);
    expect(await filtered({ cell: ['li-polymer'] })).toEqual([]);
    expect(await facet('cell')).toEqual({});
    // The other 20000 mAh variant (Black, fast charging) still answers those filters.
    expect(await filtered({ capacity: ['20000-'], fast_charging: ['yes'] })).toEqual(['Gridcell Power 2K']);
    expect((await admin.trpc('mutation', 'catalog.restoreVariant', { variantId: blue20k._id })).status).toBe(200);
    expect(await filtered({ cell: ['li-polymer'] })).toEqual(['Gridcell Power 2K']);
  });

  it('catalog.updateVariants saves values with the figures, in one transaction, audited', async () => {
    const black20k = await byLabel('20000 mAh, Black');
    const saved = await admin.trpc<AdminVariant[]>('mutation', 'catalog.updateVariants', {
      productId,
      variants: [{ _id: black20k._id, sellingPrice: 189_900, specs: { fast_charging: 'no', cell: 'Li-ion' } }],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const after = await byLabel('20000 mAh, Black');
    expect(after.sellingPrice).toBe(189_900);
    expect(after.specs).toEqual({ capacity: 20000, fast_charging: false, cell: 'Li-ion' });
    expect(await facet('cell')).toEqual({ 'li-ion': 1, 'li-polymer': 1 });
    const rows = await server.deps.db.selectFrom('audit_log').select('detail').where('action', '=', 'product.update').execute();
    const changes = rows.flatMap((r) => (JSON.parse(r.detail) as { changes?: { field: string; from: unknown; to: unknown }[] }).changes ?? []);
    expect(changes).toContainEqual({ field: `variants.${black20k._id}.specs.cell`, from: null, to: 'Li-ion' });
  });

  it('refuses a value that does not fit the template with a 400 naming the row, its SKU and the attribute, and saves nothing', async () => {
    const black10k = await byLabel('10000 mAh, Black');
    const blue10k = await byLabel('10000 mAh, Blue');
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ capacity: 'ten thousand' }, 'variants.1.specs.capacity', /Capacity must be a number in mAh \(variant 2, 10000 mAh, Blue, SKU GC2K-10-BLU\)/],
      [{ cell: 'NiMH' }, 'variants.1.specs.cell', /Cell must be one of: Li-ion, Li-polymer \(variant 2, 10000 mAh, Blue, SKU GC2K-10-BLU\)/],
      [{ fast_charging: 'maybe' }, 'variants.1.specs.fast_charging', /Fast charging must be yes or no .*SKU GC2K-10-BLU/],
      [{ output: 20 }, 'variants.1.specs.output', /Output is the same for every variant.*SKU GC2K-10-BLU/],
      [{ colour: 'Blue' }, 'variants.1.specs.colour', /“colour” is not an attribute of Grid power banks.*SKU GC2K-10-BLU/],
    ];
    for (const [specs, field, message] of cases) {
      const reply = await admin.trpc<TrpcError>('mutation', 'catalog.updateVariants', {
        productId,
        variants: [
          { _id: black10k._id, sellingPrice: 99_900 },
          { _id: blue10k._id, specs },
        ],
      });
      expect(reply.status, field).toBe(400);
      expect(reply.body.message).toMatch(message);
      expect(Object.keys(reply.body.data.fieldErrors ?? {})).toEqual([field]);
    }
    // Through the product form's save too (catalog.update), naming the row it was sent at.
    const current = await variants();
    const viaUpdate = await admin.trpc<TrpcError>('mutation', 'catalog.update', {
      ...product,
      _id: productId,
      price: 199_900,
      sellingPrice: 149_900,
      variants: current.map((v) => ({
        _id: v._id,
        optionValues: v.optionValues,
        price: v.price,
        sellingPrice: v.sellingPrice,
        specs: v.sku === 'GC2K-20-BLU' ? { capacity: '20 Ah' } : {},
      })),
    });
    expect(viaUpdate.status).toBe(400);
    const index = current.findIndex((v) => v.sku === 'GC2K-20-BLU');
    expect(viaUpdate.body.message).toMatch(/Capacity must be a number in mAh \(variant \d, 20000 mAh, Blue, SKU GC2K-20-BLU\)/);
    expect(viaUpdate.body.data.fieldErrors).toEqual({ [`variants.${index}.specs.capacity`]: 'Capacity must be a number in mAh' });
    // Nothing of the refused saves stuck.
    expect((await byLabel('10000 mAh, Black')).sellingPrice).toBe(149_900);
    expect((await byLabel('10000 mAh, Blue')).specs).toEqual({ capacity: 10000, fast_charging: false });
    expect((await byLabel('20000 mAh, Blue')).specs?.capacity).toBe(20000);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Facets } from '../../../shared/facets';
import type { Product, ProductPage } from '../../../shared/schemas/catalog';
import type { AdminCategory, SpecAttribute } from '../../../shared/schemas/categories';
import type { SpecSheetRow } from '../../../shared/specs';
import type { ProductVariant } from '../../../shared/schemas/variants';
import { signInAs } from '../../testing/factories';
import { testDialect } from '../../testing/test-database';
import { HttpClient, startTestServer, type TestServer } from '../../testing/test-server';

/**
 * Issue 27, spec sheets and filters: values checked against the category's template, indexed
 * (spec_values) for filters and facet counts, searchable, and conformed when the template changes
 * or a product moves. One suite for both databases (server and server-pg projects).
 */

type TrpcError = { message: string; data: { httpStatus: number; fieldErrors: Record<string, string> | null } };

let server: TestServer;
let admin: HttpClient;
let visitor: HttpClient;

const TEMPLATE: SpecAttribute[] = [
  { key: 'ram', name: 'RAM', unit: 'GB', type: 'number', options: [], filter: true, onCard: true, perVariant: false },
  { key: 'storage', name: 'Storage', unit: 'GB', type: 'number', options: [], filter: true, onCard: true, perVariant: true },
  { key: 'five_g', name: '5G', unit: '', type: 'yesno', options: [], filter: true, onCard: true, perVariant: false },
  { key: 'display', name: 'Display', unit: '', type: 'list', options: ['AMOLED', 'LCD'], filter: true, onCard: false, perVariant: false },
  { key: 'chip', name: 'Chipset', unit: '', type: 'text', options: [], filter: false, onCard: false, perVariant: false },
];
const CATEGORY = 'spec-phones';
const ids: Record<string, string> = {};

const caughtUp = () => server.deps.changes.catchUp?.();
async function create(body: Record<string, unknown>) {
  const reply = await admin.trpc<Product & TrpcError>('mutation', 'catalog.create', { brandName: 'Nimbus', category: CATEGORY, productImage: ['/images/p.webp'], ...body });
  return reply;
}
const one = (name: string, sellingPrice: number, specs: Record<string, unknown>) => ({ productName: name, price: sellingPrice, sellingPrice, stock: 5, specs });
async function filtered(input: Record<string, unknown>) {
  await caughtUp();
  const reply = await visitor.trpc<ProductPage & { total: number }>('query', 'catalog.filter', { categories: [CATEGORY], ...input });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return { names: reply.body.items.map((p) => p.productName).sort(), total: reply.body.total };
}
async function facets(input: Record<string, unknown>) {
  await caughtUp();
  const reply = await visitor.trpc<Facets>('query', 'catalog.facets', input);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return Object.fromEntries((reply.body.specs ?? []).map((f) => [f.key, Object.fromEntries(f.choices.map((c) => [c.value, c.count]))]));
}
async function search(q: string, extra: Record<string, unknown> = {}) {
  await caughtUp();
  const reply = await visitor.trpc<ProductPage>('query', 'catalog.search', { q, ...extra });
  return reply.body.items.map((p) => p.productName).sort();
}

beforeAll(async () => {
  server = await startTestServer();
  ({ client: admin } = await signInAs(server, 'ADMIN'));
  visitor = new HttpClient(server.url);
  const made = await admin.trpc<AdminCategory>('mutation', 'catalog.createCategory', {
    value: CATEGORY,
    label: 'Spec phones',
    hsn: '8517',
    rateBasisPoints: 1800,
    template: TEMPLATE,
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  const other = await admin.trpc('mutation', 'catalog.createCategory', {
    value: 'spec-chargers',
    label: 'Spec chargers',
    hsn: '8504',
    rateBasisPoints: 1800,
    template: [{ key: 'output', name: 'Output', unit: 'W', type: 'number', filter: true }],
  });
  expect(other.status).toBe(200);

  const alpha = await create({
    productName: 'Quill Phone Alpha',
    specs: { ram: '8 GB', five_g: 'yes', display: 'amoled', chip: 'Snapdragon' },
    options: [{ name: 'Storage', values: [{ value: '128 GB' }, { value: '256 GB' }] }],
    variants: [
      { optionValues: ['128 GB'], price: 1_899_900, sellingPrice: 1_799_900, stock: 3, specs: { storage: 128 } },
      { optionValues: ['256 GB'], price: 2_199_900, sellingPrice: 2_099_900, stock: 3, specs: { storage: '256 GB' } },
    ],
  });
  expect(alpha.status, JSON.stringify(alpha.body)).toBe(200);
  ids.alpha = alpha.body._id;
  for (const [key, body] of [
    ['beta', one('Quill Phone Beta', 6_000_000, { ram: 12, storage: 256, five_g: true, display: 'LCD', chip: 'Exynos' })],
    ['gamma', one('Quill Phone Gamma', 1_500_000, { ram: 6, storage: 128, five_g: true, display: 'LCD' })],
    ['delta', one('Quill Phone Delta', 1_800_000, { ram: 8, storage: 128, five_g: false, display: 'AMOLED' })],
    ['gone', one('Quill Phone Gone', 1_800_000, { ram: 8, storage: 512, five_g: true })],
  ] as const) {
    const reply = await create(body);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    ids[key] = reply.body._id;
  }
  expect((await admin.trpc('mutation', 'catalog.archive', { productId: ids.gone })).status).toBe(200);
});

afterAll(async () => {
  await server.close();
});

describe(`spec values (${testDialect()})`, () => {
  it('refuses a value that does not fit the template with a 400 naming the attribute', async () => {
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ specs: { ram: 'eight' } }, 'specs.ram', /RAM must be a number in GB/],
      [{ specs: { colour: 'Red' } }, 'specs.colour', /“colour” is not an attribute of Spec phones/],
      [{ specs: { display: 'OLED' } }, 'specs.display', /Display must be one of: AMOLED, LCD/],
      [{ specs: { five_g: 'maybe' } }, 'specs.five_g', /5G must be yes or no/],
      [{ specs: { chip: 'x'.repeat(201) } }, 'specs.chip', /Chipset must be one line of text of at most 200 characters/],
      [{ variants: [{ optionValues: [], price: 100_000, sellingPrice: 100_000, specs: { ram: 8 } }] }, 'variants.0.specs.ram', /RAM is the same for every variant/],
    ];
    for (const [body, field, message] of cases) {
      const reply = await create({ productName: 'Refused', price: 100_000, sellingPrice: 100_000, ...body });
      expect(reply.status, field).toBe(400);
      expect(reply.body.message).toMatch(message);
      expect(reply.body.message).toContain(field);
      expect(reply.body.data.fieldErrors).toHaveProperty([field]);
    }
    const bad = await visitor.trpc<TrpcError>('query', 'catalog.filter', { categories: [CATEGORY], specs: { 'RAM!': ['8-'] } });
    expect(bad.status).toBe(400);
    expect((await search('refused')).length).toBe(0);
  });

  it('stores values as the template types them, with a card line and a Specifications table', async () => {
    await caughtUp();
    const details = await visitor.trpc<Product & { specSheet: SpecSheetRow[]; variants: ProductVariant[] }>('query', 'catalog.details', { productId: ids.alpha });
    expect(details.body.specLine).toBe('8 GB RAM · 128/256 GB Storage · 5G');
    const rows = Object.fromEntries(details.body.specSheet.map((r) => [r.key, r]));
    expect(Object.keys(rows)).toEqual(['ram', 'storage', 'five_g', 'display', 'chip']);
    expect(rows.ram?.value).toBe(8);
    expect(rows.display?.value).toBe('AMOLED');
    expect(rows.five_g?.value).toBe(true);
    const bySku = Object.fromEntries(details.body.variants.map((v) => [v.optionValues[0], rows.storage?.byVariant[v._id]]));
    expect(bySku).toEqual({ '128 GB': 128, '256 GB': 256 });
    const list = await visitor.trpc<ProductPage>('query', 'catalog.filter', { categories: [CATEGORY] });
    expect(list.body.items.find((p) => p._id === ids.delta)?.specLine).toBe('8 GB RAM · 128 GB Storage');
  });

  it('filters a category by two spec filters and a price band, and counts each facet under the other filters', async () => {
    expect(await filtered({ specs: { ram: ['8-'], five_g: ['yes'] } })).toEqual({ names: ['Quill Phone Alpha', 'Quill Phone Beta'], total: 2 });
    expect(await filtered({ specs: { ram: ['8-'], five_g: ['yes'] }, price: '10000-20000' })).toEqual({ names: ['Quill Phone Alpha'], total: 1 });
    expect(await filtered({ specs: { display: ['amoled', 'LCD'], ram: ['-7'] } })).toEqual({ names: ['Quill Phone Gamma'], total: 1 });

    const counts = await facets({ categories: [CATEGORY], specs: { ram: ['8-'], five_g: ['yes'] }, price: '10000-20000' });
    // RAM under 5G and the price band: Alpha (8) and Gamma (6).
    expect(counts.ram).toEqual({ '6-': 2, '8-': 1 });
    // 5G under RAM ≥ 8 and the price band: Alpha (yes) and Delta (no).
    expect(counts.five_g).toEqual({ yes: 1, no: 1 });
    // Storage under all three: Alpha, whose variants have 128 and 256.
    expect(counts.storage).toEqual({ '128-': 1, '256-': 1 });
    expect(counts.display).toEqual({ amoled: 1 });
    expect(counts.chip).toBeUndefined();

    const all = await facets({ categories: [CATEGORY] });
    expect(all.ram).toEqual({ '6-': 4, '8-': 3, '12-': 1 });
    expect(all.five_g).toEqual({ yes: 3, no: 1 });
  });

  it('pages a spec-filtered list in order, counting every match on the first page only (archived ones never)', async () => {
    await caughtUp();
    const page = async (input: Record<string, unknown>) => {
      const reply = await visitor.trpc<ProductPage & { total: number | null }>('query', 'catalog.filter', { categories: [CATEGORY], specs: { ram: ['8-'] }, limit: 1, ...input });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      return reply.body;
    };
    // RAM ≥ 8 on sale: Alpha (₹17,999 from its cheapest variant), Beta (₹60,000), Delta (₹18,000); Gone is archived.
    const seen: string[] = [];
    let cursor: string | null = null;
    let first = true;
    do {
      const body: ProductPage & { total: number | null } = await page({ sort: 'asc', ...(cursor ? { cursor } : {}) });
      expect(body.total).toBe(first ? 3 : null);
      seen.push(...body.items.map((p) => p.productName));
      cursor = body.nextCursor;
      first = false;
    } while (cursor);
    expect(seen).toEqual(['Quill Phone Alpha', 'Quill Phone Delta', 'Quill Phone Beta']);
    const none = await page({ specs: { ram: ['64-'] } });
    expect(none).toMatchObject({ items: [], total: 0, nextCursor: null });
  });

  it('matches a variant-level filter when one live variant matches', async () => {
    expect((await filtered({ specs: { storage: ['256-'] } })).names).toEqual(['Quill Phone Alpha', 'Quill Phone Beta']);
    expect((await filtered({ specs: { storage: ['256'] } })).names).toEqual(['Quill Phone Alpha', 'Quill Phone Beta']);
    const variants = await admin.trpc<{ variants: (ProductVariant & { archivedAt: string | null })[] }>('query', 'catalog.variants', { productId: ids.alpha });
    const big = variants.body.variants.find((v) => v.optionValues[0] === '256 GB');
    expect((await admin.trpc('mutation', 'catalog.archiveVariant', { variantId: big?._id })).status).toBe(200);
    expect((await filtered({ specs: { storage: ['256-'] } })).names).toEqual(['Quill Phone Beta']);
    expect((await search('256gb')).includes('Quill Phone Alpha')).toBe(false);
    expect((await admin.trpc('mutation', 'catalog.restoreVariant', { variantId: big?._id })).status).toBe(200);
    expect((await filtered({ specs: { storage: ['256-'] } })).names).toEqual(['Quill Phone Alpha', 'Quill Phone Beta']);
  });

  it('finds products by their attribute values in search, and filters search results', async () => {
    expect(await search('256gb')).toEqual(['Quill Phone Alpha', 'Quill Phone Beta']);
    expect(await search('8gb ram quill')).toEqual(['Quill Phone Alpha', 'Quill Phone Delta']);
    expect(await search('5g quill phone')).toEqual(['Quill Phone Alpha', 'Quill Phone Beta', 'Quill Phone Gamma']);
    expect(await search('amoled')).toEqual(['Quill Phone Alpha', 'Quill Phone Delta']);
    expect(await search('quill', { specs: { ram: ['8-'], five_g: ['yes'] } })).toEqual(['Quill Phone Alpha', 'Quill Phone Beta']);
    const counts = await facets({ q: 'quill', specs: { five_g: ['yes'] } });
    expect(counts.ram).toEqual({ '6-': 3, '8-': 2, '12-': 1 });
  });

  it('conforms values when the template changes: a removed attribute is dropped, a changed type kept where it reads', async () => {
    const next = TEMPLATE.filter((a) => a.key !== 'display').map((a) =>
      a.key === 'chip' ? { ...a, type: 'list' as const, options: ['Snapdragon', 'Dimensity'], filter: true } : a,
    );
    const saved = await admin.trpc('mutation', 'catalog.updateCategory', { value: CATEGORY, template: next });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    await caughtUp();
    const sheet = async (id: string) =>
      (await visitor.trpc<{ specSheet: SpecSheetRow[] }>('query', 'catalog.details', { productId: id })).body.specSheet.map((r) => [r.key, r.value]);
    expect(await sheet(ids.alpha as string)).toEqual([
      ['ram', 8],
      ['storage', null],
      ['five_g', true],
      ['chip', 'Snapdragon'],
    ]);
    expect(await sheet(ids.beta as string)).toEqual([
      ['ram', 12],
      ['storage', null],
      ['five_g', true],
    ]);
    const counts = await facets({ categories: [CATEGORY] });
    expect(counts.display).toBeUndefined();
    expect(counts.chip).toEqual({ snapdragon: 1 });
    expect(await search('amoled')).toEqual([]);
    const entries = await server.deps.db.selectFrom('audit_log').select('detail').where('action', '=', 'category.update').execute();
    // Display dropped from Alpha, Beta, Gamma and Delta; Beta's chipset (Exynos) is not among the list's options.
    expect(entries.map((e) => JSON.parse(e.detail) as Record<string, unknown>)).toContainEqual(
      expect.objectContaining({ value: CATEGORY, specValuesChanged: 5, productsChanged: 4 }),
    );
  });

  it('drops the values a product’s new category has no attribute for, and records them', async () => {
    const reply = await admin.trpc('mutation', 'catalog.update', {
      _id: ids.delta,
      productName: 'Quill Phone Delta',
      brandName: 'Nimbus',
      category: 'spec-chargers',
      productImage: ['/images/p.webp'],
      description: '',
      price: 1_800_000,
      sellingPrice: 1_800_000,
      specs: { output: '20 W' },
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    await caughtUp();
    const details = await visitor.trpc<{ specSheet: SpecSheetRow[]; specLine: string }>('query', 'catalog.details', { productId: ids.delta });
    expect(details.body.specSheet.map((r) => [r.key, r.value])).toEqual([['output', 20]]);
    expect((await filtered({ specs: { ram: ['8-'] } })).names).not.toContain('Quill Phone Delta');
    const rows = await server.deps.db.selectFrom('audit_log').select('detail').where('action', '=', 'product.update').execute();
    const changes = rows.flatMap((r) => (JSON.parse(r.detail) as { productId: string; changes: { field: string; from: unknown; to: unknown }[] }).changes ?? []);
    expect(changes).toEqual(
      expect.arrayContaining([
        { field: 'specs.ram', from: 8, to: null },
        { field: 'specs.output', from: null, to: 20 },
      ]),
    );
  });
});

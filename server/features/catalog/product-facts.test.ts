import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../shared/schemas/audit';
import type { AdminProduct, Page } from '../../../shared/schemas/admin';
import type { Product } from '../../../shared/schemas/catalog';
import { NO_FACTS, type ProductFacts } from '../../../shared/product-facts';
import { signInAs } from '../../testing/factories';
import { HttpClient, startTestServer, type TestServer } from '../../testing/test-server';

/**
 * Issue 27, "Facts a product page must show": the admin's create and update take an optional
 * `facts` object that must be complete when sent (the importer too for goods made outside India),
 * the spec's /api neither shows nor needs them (an update without them keeps them), and an edit
 * of them is audited, old → new. Runs on SQLite here and on PostgreSQL in the server-pg project.
 */

type Envelope<T> = { success: boolean; error: boolean; message: string; data: T };
type TrpcError = { message: string; data: { httpStatus: number; fieldErrors: Record<string, string> | null } };

const CONTRACT_PRODUCT_KEYS = [
  '_id',
  'brandName',
  'category',
  'createdAt',
  'description',
  'price',
  'productImage',
  'productName',
  'sellingPrice',
  'stock',
  'trackStock',
  'updatedAt',
];

const IMPORTED: ProductFacts = {
  countryOfOrigin: 'Vietnam',
  manufacturerName: 'Samsung Electronics Vietnam Co., Ltd.',
  manufacturerAddress: 'Yen Phong I Industrial Park, Bac Ninh, Vietnam',
  importerName: 'Samsung India Electronics Pvt. Ltd.',
  importerAddress: '6th Floor, DLF Centre, Sansad Marg, New Delhi 110001',
  netQuantity: '1 N: handset, USB-C cable, SIM ejector',
  warrantyMonths: 12,
  warrantyBy: 'Samsung India (manufacturer)',
};

const form = {
  productName: 'Facts Phone',
  brandName: 'Samsung',
  category: 'mobiles',
  productImage: ['/images/facts.webp'],
  price: 2_000_000,
  sellingPrice: 1_800_000,
};

let server: TestServer;
let admin: HttpClient;
let visitor: HttpClient;

beforeAll(async () => {
  server = await startTestServer();
  admin = (await signInAs(server, 'ADMIN')).client;
  visitor = new HttpClient(server.url);
});

afterAll(async () => {
  await server.close();
});

async function create(facts?: unknown) {
  return admin.trpc<Product & TrpcError>('mutation', 'catalog.create', { ...form, ...(facts === undefined ? {} : { facts }) });
}

const factsRow = (id: string) =>
  server.deps.db
    .selectFrom('products')
    .select(['origin_country', 'manufacturer_name', 'importer_name', 'importer_address', 'net_quantity', 'warranty_months', 'warranty_by'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe('product facts', () => {
  it('are stored with a product created with all of them, shown with its page, and kept out of the /api', async () => {
    const created = await create(IMPORTED);
    expect(created.status).toBe(200);
    expect(created.body.facts).toEqual(IMPORTED);
    const id = created.body._id;

    const details = await visitor.trpc<Product>('query', 'catalog.details', { productId: id });
    expect(details.body.facts).toEqual(IMPORTED);
    // Lists do not carry them (cards never show them).
    const list = await visitor.trpc<{ items: Product[] }>('query', 'catalog.list', { limit: 5 });
    expect(list.body.items.find((p) => p._id === id)).not.toHaveProperty('facts');

    // The spec's client sees the contract's product and nothing more, wherever a product comes back.
    const apiDetails = await visitor.post<Envelope<Product>>('/api/product-details', { productId: id });
    expect(Object.keys(apiDetails.body.data).sort()).toEqual(CONTRACT_PRODUCT_KEYS);
    const uploaded = await admin.post<Envelope<Product>>('/api/upload-product', { ...form, price: 20000, sellingPrice: 18000 });
    expect(uploaded.status).toBe(201);
    expect(Object.keys(uploaded.body.data).sort()).toEqual(CONTRACT_PRODUCT_KEYS);
  });

  it('refuse an incomplete set with a 400 naming the missing fact, and save nothing', async () => {
    const { manufacturerAddress: _address, ...withoutAddress } = IMPORTED;
    const missing = await create(withoutAddress);
    expect(missing.status).toBe(400);
    expect(missing.body.data.fieldErrors).toMatchObject({ 'facts.manufacturerAddress': 'manufacturer address is required' });
    expect(missing.body.message).toContain('facts.manufacturerAddress');

    const blankOrigin = await create({ ...IMPORTED, countryOfOrigin: '  ' });
    expect(blankOrigin.status).toBe(400);
    expect(blankOrigin.body.data.fieldErrors).toMatchObject({ 'facts.countryOfOrigin': 'country of origin is required' });

    const noWarranty = await create({ ...IMPORTED, warrantyMonths: undefined });
    expect(noWarranty.status).toBe(400);
    expect(Object.keys(noWarranty.body.data.fieldErrors ?? {})).toEqual(['facts.warrantyMonths']);

    const noGiver = await create({ ...IMPORTED, warrantyBy: '' });
    expect(noGiver.status).toBe(400);
    expect(noGiver.body.data.fieldErrors).toEqual({ 'facts.warrantyBy': expect.stringContaining('warranty giver is required') });

    const notAnObject = await create('made in India');
    expect(notAnObject.status).toBe(400);
    expect(Object.keys(notAnObject.body.data.fieldErrors ?? {})).toEqual(['facts']);

    const names = await server.deps.db.selectFrom('products').select('id').where('product_name', '=', form.productName).execute();
    expect(names).toHaveLength(2); // the first test's two products only
  });

  it('require the importer for goods made outside India, not for goods made in India', async () => {
    const imported = await create({ ...IMPORTED, importerName: '', importerAddress: null });
    expect(imported.status).toBe(400);
    expect(imported.body.data.fieldErrors).toEqual({
      'facts.importerName': 'importer name is required for goods made outside India',
      'facts.importerAddress': 'importer address is required for goods made outside India',
    });
    expect(imported.body.message).toBe('facts.importerName: importer name is required for goods made outside India');

    const indian = await create({
      ...IMPORTED,
      countryOfOrigin: 'india',
      manufacturerName: 'Dixon Technologies (India) Ltd.',
      importerName: 'left over from an edit',
      importerAddress: '',
      warrantyMonths: 0,
      warrantyBy: 'nobody',
    });
    expect(indian.status).toBe(200);
    // Goods made in India have no importer, and no warranty has no giver: nothing is stored for either.
    expect(indian.body.facts).toMatchObject({ countryOfOrigin: 'india', importerName: null, importerAddress: null, warrantyMonths: 0, warrantyBy: null });
    expect(await factsRow(indian.body._id)).toMatchObject({ importer_name: null, importer_address: null, warranty_months: 0, warranty_by: null });
  });

  it('are kept by an /api/update-product that does not send them, and the product without them has none', async () => {
    const created = await create(IMPORTED);
    const id = created.body._id;
    const loaded = await admin.post<Envelope<Product>>('/api/product-details', { productId: id });
    const updated = await admin.post<Envelope<Product>>('/api/update-product', { ...loaded.body.data, productName: 'Facts Phone Renamed', sellingPrice: 17500 });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ productName: 'Facts Phone Renamed', sellingPrice: 17500 });
    expect(updated.body.data).not.toHaveProperty('facts');
    const details = await visitor.trpc<Product>('query', 'catalog.details', { productId: id });
    expect(details.body.facts).toEqual(IMPORTED);

    // A product made by the spec's client (no facts) has none, and the admin grid says so.
    const uploaded = await admin.post<Envelope<Product>>('/api/upload-product', { ...form, productName: 'Facts Phone Without', price: 20000, sellingPrice: 18000 });
    const grid = await admin.trpc<Page<AdminProduct>>('query', 'admin.products', { q: 'Facts Phone Without' });
    expect(grid.body.items.find((p) => p._id === uploaded.body.data._id)?.facts).toEqual(NO_FACTS);
    expect(grid.body.items.find((p) => p._id === uploaded.body.data._id)?.facts.countryOfOrigin).toBeNull();
  });

  it('changed by an edit are audited, old → new, each fact that changed', async () => {
    const created = await create(IMPORTED);
    const id = created.body._id;
    const stock = { stock: 0, trackStock: false };
    // The same facts sent back: no change, no entry.
    expect((await admin.trpc('mutation', 'catalog.update', { _id: id, ...form, ...stock, facts: IMPORTED })).status).toBe(200);
    const next = { ...IMPORTED, countryOfOrigin: 'China', warrantyMonths: 24 };
    const edited = await admin.trpc<Product>('mutation', 'catalog.update', { _id: id, ...form, ...stock, facts: next });
    expect(edited.status).toBe(200);
    expect(edited.body.facts).toEqual(next);

    const entries = await server.deps.db.selectFrom('audit_log').select('detail').where('action', '=', 'product.update').execute();
    const mine = entries.map((e) => JSON.parse(e.detail) as { productId: string; changes: unknown[] }).filter((d) => d.productId === id);
    expect(mine).toEqual([
      {
        productId: id,
        name: form.productName,
        changes: [
          { field: 'countryOfOrigin', from: 'Vietnam', to: 'China' },
          { field: 'warrantyMonths', from: 12, to: 24 },
        ],
      },
    ]);
    const log = await admin.trpc<Page<AuditEntry>>('query', 'admin.audit', { kind: 'product', limit: 20 });
    const entry = log.body.items.find((e) => e.action === 'product.update' && (e.detail as { productId?: string }).productId === id);
    expect(entry).toMatchObject({ label: 'Legal details changed', summary: 'Facts Phone: country of origin “Vietnam” → “China”; warranty 1 year → 2 years' });

    // Facts given to a product that had none are recorded from "none".
    const bare = await admin.post<Envelope<Product>>('/api/upload-product', { ...form, productName: 'Facts Phone Bare', price: 20000, sellingPrice: 18000 });
    const given = await admin.trpc('mutation', 'catalog.update', { _id: bare.body.data._id, ...form, productName: 'Facts Phone Bare', ...stock, facts: IMPORTED });
    expect(given.status).toBe(200);
    const later = await admin.trpc<Page<AuditEntry>>('query', 'admin.audit', { kind: 'product', limit: 20 });
    const first = later.body.items.find((e) => (e.detail as { productId?: string }).productId === bare.body.data._id && e.action === 'product.update');
    expect(first?.summary).toContain('country of origin none → “Vietnam”');
    expect(first?.summary).toContain('warranty none given → 1 year');
  });
});

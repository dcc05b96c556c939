import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs, testShopSettings } from '../../testing/factories';
import { startTestServer, type HttpClient, type TestServer } from '../../testing/test-server';
import type { ImportReport } from '../../../shared/schemas/catalog-io';
import type { AdminVariant } from '../../../shared/schemas/variants';
import { matchHeaders } from './columns';

/**
 * The quick price and stock update (issue 28): a distributor's 2–4-column sheet (SKU with any of
 * Selling price, MRP, Stock, Stock change) through the same upload, dry run and apply, over real
 * HTTP on both databases. It only ever updates: an unknown SKU is a row error, no field the file
 * does not name changes.
 */
let server: TestServer;
let admin: HttpClient;

type TrpcError = { message: string; data: { httpStatus: number; appCode: string } };

beforeAll(async () => {
  server = await startTestServer();
  admin = (await signInAs(server, 'ADMIN')).client;
  expect((await admin.trpc('mutation', 'settings.update', testShopSettings())).status).toBe(200);
}, 120_000);

afterAll(async () => {
  await server.close();
});

function cookieOf(client: HttpClient): string {
  return [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
}

async function dryRun(text: string, opts: { mode?: string; name?: string } = {}) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(Buffer.from(text, 'utf8'))]), opts.name ?? 'distributor.csv');
  const res = await fetch(`${server.url}/admin/catalogue-import`, { method: 'POST', body: form, headers: { cookie: cookieOf(admin), origin: server.url } });
  const up = (await res.json()) as { uploadId: string };
  expect(res.status).toBe(201);
  const reply = await admin.trpc<ImportReport>('mutation', 'catalogIo.dryRun', { uploadId: up.uploadId, mode: opts.mode ?? 'both', stock: 'set' });
  expect(reply.status).toBe(200);
  return {
    report: reply.body,
    apply: () => admin.trpc<ImportReport & TrpcError>('mutation', 'catalogIo.applyImport', { uploadId: up.uploadId, mode: opts.mode ?? 'both', stock: 'set' }),
  };
}

let n = 0;
const sku = (base: string) => `${base}-${Date.now().toString(36)}${(n++).toString(36)}`.toUpperCase();

/** A phone in three variants (one of them not tracked) with a description, facts, EANs, weights and pictures. */
async function createPhone() {
  const skus = [sku('QP-128'), sku('QP-256'), sku('QP-512')];
  const reply = await admin.trpc<{ _id: string }>('mutation', 'catalog.create', {
    productName: `Quickphone ${n}`,
    brandName: 'Zorbix',
    category: 'mobiles',
    description: 'A phone with a long description that a price list must never clear.',
    productImage: ['/images/quickphone.webp'],
    facts: {
      countryOfOrigin: 'India',
      manufacturerName: 'Zorbix Devices',
      manufacturerAddress: 'Plot 4, Noida',
      importerName: '',
      importerAddress: '',
      netQuantity: '1 phone',
      warrantyMonths: 12,
      warrantyBy: 'Zorbix Devices',
    },
    options: [{ name: 'Storage', values: [{ value: '128 GB' }, { value: '256 GB' }, { value: '512 GB' }] }],
    variants: [
      { sku: skus[0], ean: '8901234567890', weightGrams: 190, optionValues: ['128 GB'], price: 2_000_000, sellingPrice: 1_800_000, stock: 4 },
      { sku: skus[1], optionValues: ['256 GB'], price: 2_400_000, sellingPrice: 2_200_000, stock: 10, images: ['/images/quickphone-256.webp'] },
      { sku: skus[2], optionValues: ['512 GB'], price: 3_000_000, sellingPrice: 2_900_000, trackStock: false },
    ],
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return { productId: reply.body._id, skus: skus as [string, string, string] };
}

async function variantsOf(productId: string) {
  const { variants } = (await admin.trpc<{ variants: AdminVariant[] }>('query', 'catalog.variants', { productId })).body;
  return variants;
}

async function productRow(productId: string) {
  return server.deps.db
    .selectFrom('products')
    .select(['product_name', 'brand_name', 'description', 'images', 'origin_country', 'manufacturer_name', 'warranty_months', 'options'])
    .where('id', '=', productId)
    .executeTakeFirstOrThrow();
}

describe('quick price and stock update', () => {
  it('reads the headers suppliers write, Stock change among them', () => {
    const { columns, unknown } = matchHeaders(['sku', 'Selling Price (Rs.)', 'MRP (₹)', 'Stock Change', 'Qty change', 'Stock qty', 'Dealer note'], []);
    expect(columns.map((c) => (c?.kind === 'base' ? c.id : null))).toEqual(['sku', 'price', 'mrp', 'stockChange', 'stockChange', 'stock', null]);
    expect(unknown).toEqual(['Dealer note']);
  });

  it('SKU + prices: never creates (an unknown SKU is a row error, whatever the mode), changes only the prices, same dry run; applied and audited with the file name', async () => {
    const { productId, skus } = await createPhone();
    const before = await productRow(productId);
    const file = `SKU,Selling Price,MRP\r\n${skus[0]},"17,499",20000\r\n${skus[1]},₹ 2100,\r\nNOPE-${skus[2]},999,1299\r\n`;
    for (const mode of ['both', 'create', 'update']) {
      const run = await dryRun(file, { mode });
      expect(run.report.errors).toEqual([{ row: 4, column: null, message: `SKU NOPE-${skus[2]} is not in the catalogue` }]);
      expect(run.report.products.create).toBe(0);
      expect(run.report.variants.create).toBe(0);
    }
    const refused = await (await dryRun(file)).apply();
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain(`row 4: SKU NOPE-${skus[2]} is not in the catalogue`);
    expect((await variantsOf(productId)).map((v) => v.sellingPrice)).toEqual([1_800_000, 2_200_000, 2_900_000]);

    // Fixed: the dry run says what changes, old -> new; the apply writes exactly that.
    const fixed = await dryRun(file.split('\r\n').slice(0, 3).join('\r\n') + '\r\n', { name: 'zorbix-prices.csv' });
    expect(fixed.report.errors).toEqual([]);
    expect(fixed.report.variants).toMatchObject({ create: 0, update: 2 });
    expect(fixed.report.changes.map((c) => [c.sku, c.changes])).toEqual([
      [skus[0], [{ field: 'Selling Price', from: '18000.00', to: '17499.00' }]],
      [skus[1], [{ field: 'Selling Price', from: '22000.00', to: '2100.00' }]],
    ]);
    const applied = await fixed.apply();
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    const after = await variantsOf(productId);
    expect(after.map((v) => [v.sku, v.price, v.sellingPrice, v.stock, v.trackStock])).toEqual([
      [skus[0], 2_000_000, 1_749_900, 4, true],
      [skus[1], 2_400_000, 210_000, 10, true],
      [skus[2], 3_000_000, 2_900_000, 0, false],
    ]);
    // Nothing the file does not name changed: EAN, weight, pictures, options, the product's text and facts.
    expect(after[0]).toMatchObject({ ean: '8901234567890', weightGrams: 190, optionValues: ['128 GB'] });
    expect(after[1]?.images).toEqual(['/images/quickphone-256.webp']);
    expect(await productRow(productId)).toEqual(before);
    const audit = await server.deps.db.selectFrom('audit_log').select('detail').where('action', '=', 'catalog.import').orderBy('at', 'desc').executeTakeFirstOrThrow();
    expect(JSON.parse(audit.detail)).toMatchObject({ fileName: 'zorbix-prices.csv', variants: { update: 2 } });
  });

  it('Stock change adds a signed delta to the stock now (recorded with the file name); refused below 0, beside Stock, or on a variant that does not track stock', async () => {
    const { productId, skus } = await createPhone();
    const bad = await dryRun(`SKU,Stock,Stock change\r\n${skus[0]},,-9\r\n${skus[1]},12,+1\r\n${skus[2]},,+3\r\n${skus[0]}X,,abc\r\n`);
    expect(bad.report.errors).toEqual([
      { row: 2, column: 'Stock change', message: 'takes 9 units but only 4 are in stock' },
      { row: 3, column: 'Stock change', message: 'give Stock or Stock change, not both' },
      { row: 4, column: 'Stock change', message: `SKU ${skus[2]} does not track stock (switch Track stock on in the product form first)` },
      { row: 5, column: null, message: `SKU ${skus[0]}X is not in the catalogue` },
    ]);
    const untracked = await dryRun(`SKU,Stock\r\n${skus[2]},4\r\n`);
    expect(untracked.report.errors).toEqual([{ row: 2, column: 'Stock', message: `SKU ${skus[2]} does not track stock (switch Track stock on in the product form first)` }]);
    const run = await dryRun(`SKU,Stock change\r\n${skus[0]},+5\r\n${skus[1]},−2\r\n`, { name: 'stock-week-48.csv' });
    expect(run.report.errors).toEqual([]);
    expect(run.report.changes.map((c) => c.changes)).toEqual([[{ field: 'Stock', from: '4', to: '9' }], [{ field: 'Stock', from: '10', to: '8' }]]);
    // A sale between the dry run and the apply: the delta is added to the stock then, the sale kept.
    const [first] = await variantsOf(productId);
    await server.deps.db.updateTable('product_variants').set({ stock: 3 }).where('id', '=', first!._id).execute();
    const applied = await run.apply();
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect((await variantsOf(productId)).map((v) => v.stock)).toEqual([8, 8, 0]);
    const moves = await server.deps.db
      .selectFrom('stock_movements')
      .select(['variant_id', 'reason', 'note', 'stock_before', 'stock_after'])
      .where('product_id', '=', productId)
      .where('reason', '=', 'import')
      .orderBy('stock_before')
      .execute();
    expect(moves.map((m) => [m.reason, m.note, Number(m.stock_before), Number(m.stock_after)])).toEqual([
      ['import', 'import: stock-week-48.csv', 3, 8],
      ['import', 'import: stock-week-48.csv', 10, 8],
    ]);
  });

  it('a selling price above the MRP is a row error naming the column', async () => {
    const { skus } = await createPhone();
    const run = await dryRun(`SKU,Selling price\r\n${skus[0]},25000\r\n`);
    expect(run.report.errors).toEqual([{ row: 2, column: 'Selling price', message: 'selling price above MRP (25000.00 > 20000.00)' }]);
  });
});

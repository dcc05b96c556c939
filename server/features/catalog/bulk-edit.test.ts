import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialectOf } from '../../db/database';
import { signInAs, testShopSettings } from '../../testing/factories';
import { sqliteFileOf, startTestServer, type HttpClient, type TestServer } from '../../testing/test-server';
import type { BulkGridPage, BulkGridRow, BulkUpdateResult, BulkUpdateRow } from '../../../shared/schemas/bulk-edit';
import { gridQuery } from './bulk-edit.queries';

/** The bulk edit grid over real HTTP (both databases): filters, keyset pages, the save with row-by-row conflicts, stock history, audit. */
let server: TestServer;
let admin: HttpClient;

type TrpcError = { message: string; data: { httpStatus: number; appCode: string; fieldErrors: Record<string, string> | null } };

beforeAll(async () => {
  server = await startTestServer();
  admin = (await signInAs(server, 'ADMIN')).client;
  expect((await admin.trpc('mutation', 'settings.update', testShopSettings())).status).toBe(200);
}, 120_000);

afterAll(async () => {
  await server.close();
});

let n = 0;
const unique = () => `${Date.now().toString(36)}${(n++).toString(36)}`.toUpperCase();

/** A product in `stocks.length` variants (Colour A, B, …) of one brand. */
async function createProduct(brand: string, category: string, stocks: (number | null)[], price = 1_000_000, selling = 900_000) {
  const tag = unique();
  const values = stocks.map((_, i) => `Colour ${String.fromCharCode(65 + i)}`);
  const reply = await admin.trpc<{ _id: string }>('mutation', 'catalog.create', {
    productName: `${brand} Model ${tag}`,
    brandName: brand,
    category,
    productImage: ['/images/bulk.webp'],
    options: [{ name: 'Colour', values: values.map((value) => ({ value })) }],
    variants: stocks.map((stock, i) => ({
      sku: `BK-${tag}-${i}`,
      optionValues: [values[i]],
      price: price + i * 100_000,
      sellingPrice: selling + i * 100_000,
      ...(stock === null ? { trackStock: false } : { stock }),
    })),
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body._id;
}

async function grid(input: Record<string, unknown>) {
  const reply = await admin.trpc<BulkGridPage>('query', 'catalog.bulkGrid', input);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body;
}

async function save(rows: BulkUpdateRow[]) {
  return admin.trpc<BulkUpdateResult & TrpcError>('mutation', 'catalog.bulkUpdateVariants', { rows });
}

/** +10 % on MRP and selling price, rounded to the rupee (as the grid does). */
const raise = (paise: number) => Math.round((paise * 1.1) / 100) * 100;

describe('bulk edit grid: reading', () => {
  it('filters by brand, category, stock level, search and view; keyset pages walk every row once, newest product first, variants in order', async () => {
    const brand = `Gridbrand${unique()}`;
    const a = await createProduct(brand, 'mobiles', [0, 3, 40]);
    const b = await createProduct(brand, 'mobiles', [7, null]);
    const c = await createProduct(brand, 'televisions', [2]);
    const all = await grid({ brand: brand.toLowerCase(), limit: 200 });
    expect(all.nextCursor).toBeNull();
    expect(all.items).toHaveLength(6);
    // Newest product first, its variants in position order.
    expect(all.items.map((r) => r.productId)).toEqual([c, b, b, a, a, a]);
    expect(all.items.find((r) => r.productId === b && !r.trackStock)).toMatchObject({ brand, category: 'mobiles', label: 'Colour B', stock: 0, archived: false });
    // Pages of 2: the same rows in the same order, each once.
    const walked: BulkGridRow[] = [];
    let cursor: string | null = null;
    do {
      const page: BulkGridPage = await grid({ brand, limit: 2, ...(cursor ? { cursor } : {}) });
      expect(page.items.length).toBeLessThanOrEqual(2);
      walked.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    expect(walked.map((r) => r.variantId)).toEqual(all.items.map((r) => r.variantId));

    expect((await grid({ brand, category: 'televisions' })).items.map((r) => r.productId)).toEqual([c]);
    const stocks = async (stock: string) => (await grid({ brand, stock })).items.map((r) => (r.trackStock ? r.stock : 'untracked'));
    expect(await stocks('out')).toEqual([0]);
    expect(await stocks('low')).toEqual([2, 3]);
    expect(await stocks('in')).toEqual([7, 'untracked', 40]);
    const bySku = all.items.find((r) => r.productId === a && r.stock === 40)!;
    expect((await grid({ q: bySku.sku.toLowerCase() })).items.map((r) => r.variantId)).toEqual([bySku.variantId]);
    expect((await grid({ brand, q: 'model' })).items).toHaveLength(6);

    // Archived rows: only in the archived and all views.
    expect((await admin.trpc('mutation', 'catalog.archive', { productId: c })).status).toBe(200);
    expect((await grid({ brand })).items).toHaveLength(5);
    expect((await grid({ brand, view: 'archived' })).items.map((r) => [r.productId, r.archived, r.productArchived])).toEqual([[c, true, true]]);
    expect((await grid({ brand, view: 'all' })).items).toHaveLength(6);

    // The brand filter's list.
    const brands = await admin.trpc<string[]>('query', 'catalog.bulkGridBrands', { category: 'televisions' });
    expect(brands.body).toContain(brand);
  });

  it('bad filters and cursors are a 400 naming the field; shoppers and visitors are refused', async () => {
    const bad = await admin.trpc<TrpcError>('query', 'catalog.bulkGrid', { stock: 'some' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('stock must be one of: out, low, in');
    const cursor = await admin.trpc<TrpcError>('query', 'catalog.bulkGrid', { cursor: 'bm90IGEgY3Vyc29y' });
    expect(cursor.status).toBe(400);
    expect(cursor.body.message).toBe('cursor is not valid');
    const limit = await admin.trpc<TrpcError>('query', 'catalog.bulkGrid', { limit: 1000 });
    expect(limit.status).toBe(400);
    const shopper = (await signInAs(server, 'GENERAL')).client;
    expect((await shopper.trpc('query', 'catalog.bulkGrid', {})).status).toBe(403);
    expect((await shopper.trpc('mutation', 'catalog.bulkUpdateVariants', { rows: [] })).status).toBe(403);
  });

  it('walks the indexes: products newest first (by category too), each product’s variants by product_id; out of stock by the stock index (SQLite plan)', () => {
    if (dialectOf(server.deps.db) !== 'sqlite') return;
    const file = new Database(sqliteFileOf(server), { readonly: true });
    const explain = (filter: Parameters<typeof gridQuery>[1]) => {
      const compiled = gridQuery(server.deps.db, filter, { createdAt: '2030-01-01T00:00:00.000Z', productId: 'z', position: 0, variantId: 'z' }, 51).compile();
      return file
        .prepare(`explain query plan ${compiled.sql}`)
        .all(...compiled.parameters)
        .map((r) => (r as { detail: string }).detail)
        .join('\n');
    };
    expect(explain({ view: 'active' })).toMatch(/products USING INDEX products_created/);
    expect(explain({ view: 'active' })).toMatch(/product_variants USING INDEX product_variants_product/);
    expect(explain({ view: 'active', category: 'mobiles' })).toMatch(/products USING INDEX products_category_created/);
    // In stock (most rows): still products first, variants by product. Out of stock or low (few rows): those variants first, then sorted.
    expect(explain({ view: 'active', stock: 'in' })).toMatch(/products USING INDEX products_created[\s\S]*product_variants USING INDEX product_variants_product/);
    expect(explain({ view: 'active', stock: 'out' })).toMatch(/^SEARCH product_variants USING INDEX product_variants_low_stock/);
    file.close();
  });
});

describe('bulk edit grid: saving', () => {
  it('+10 % on 3 rows: one save, prices and summaries changed, seen on the storefront, each change audited', async () => {
    const brand = `Raisebrand${unique()}`;
    const p = await createProduct(brand, 'mobiles', [9, 4]);
    const q = await createProduct(brand, 'mobiles', [5], 1_299_900, 1_199_900);
    const rows = (await grid({ brand })).items;
    expect(rows).toHaveLength(3);
    const reply = await save(
      rows.map((r) => ({
        variantId: r.variantId,
        expected: { price: r.price, sellingPrice: r.sellingPrice, stock: r.stock },
        set: { price: raise(r.price), sellingPrice: raise(r.sellingPrice) },
      })),
    );
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.refused).toEqual([]);
    expect(reply.body.counts).toEqual({ variants: 3, prices: 3, stock: 0, archived: 0, restored: 0 });
    expect(reply.body.saved.map((r) => [r.sku, r.price, r.sellingPrice])).toEqual(rows.map((r) => [r.sku, raise(r.price), raise(r.sellingPrice)]));
    expect(raise(1_199_900)).toBe(1_319_900);
    // The storefront's product (its summary: the cheapest live variant) shows the new prices.
    const shop = await admin.trpc<{ sellingPrice: number; price: number }>('query', 'catalog.details', { productId: q });
    expect([shop.body.price, shop.body.sellingPrice]).toEqual([raise(1_299_900), 1_319_900]);
    const summary = await server.deps.db.selectFrom('products').select(['price_min', 'price_max']).where('id', '=', p).executeTakeFirstOrThrow();
    expect([Number(summary.price_min), Number(summary.price_max)]).toEqual([raise(900_000), raise(1_000_000)]);
    const audit = await server.deps.db
      .selectFrom('audit_log')
      .select(['action', 'detail'])
      .where('at', '>=', new Date(Date.now() - 60_000).toISOString())
      .execute();
    const updates = audit.filter((e) => e.action === 'variant.update' && rows.some((r) => e.detail.includes(r.sku)));
    expect(updates).toHaveLength(3);
    const bulk = audit.filter((e) => e.action === 'catalog.bulk-edit').map((e) => JSON.parse(e.detail) as { counts: unknown; skus: string[] });
    expect(bulk.find((e) => e.skus.includes(rows[0]!.sku))).toMatchObject({ counts: { variants: 3, prices: 3 } });
    const log = await admin.trpc<{ items: { label: string; summary: string }[] }>('query', 'admin.audit', { kind: 'catalog', limit: 5 });
    expect(log.body.items[0]).toMatchObject({ label: 'Bulk edit saved' });
    expect(log.body.items[0]?.summary).toContain('3 price changes');
  });

  it('a row changed since the grid loaded is refused alone with its figure now; the others are saved; stock moves are in the stock history as "bulk edit"', async () => {
    const brand = `Conflictbrand${unique()}`;
    const p = await createProduct(brand, 'mobiles', [9, 6, 5]);
    const loaded = (await grid({ brand })).items;
    const [sold, edited, fine] = loaded as [BulkGridRow, BulkGridRow, BulkGridRow];
    // Meanwhile: two units of the first are taken (a sale), another admin changes the second's selling price.
    expect((await admin.trpc('mutation', 'catalog.updateVariants', { productId: p, variants: [{ _id: sold.variantId, stock: 7, expectedStock: 9 }] })).status).toBe(200);
    expect((await admin.trpc('mutation', 'catalog.updateVariants', { productId: p, variants: [{ _id: edited.variantId, sellingPrice: 950_000 }] })).status).toBe(200);
    const reply = await save([
      { variantId: sold.variantId, expected: { price: sold.price, sellingPrice: sold.sellingPrice, stock: 9 }, set: { stock: 12 } },
      { variantId: edited.variantId, expected: { price: edited.price, sellingPrice: edited.sellingPrice, stock: 6 }, set: { sellingPrice: 999_900 } },
      { variantId: fine.variantId, expected: { price: fine.price, sellingPrice: fine.sellingPrice, stock: 5 }, set: { stock: 15, sellingPrice: 1_050_000 } },
    ]);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.refused.map((r) => [r.sku, r.field, r.message, r.current?.stock, r.current?.sellingPrice])).toEqual([
      [sold.sku, 'stock', 'stock is now 7 (was 9 when you loaded)', 7, sold.sellingPrice],
      [edited.sku, 'sellingPrice', 'selling price is now ₹9,500 (was ₹10,000 when you loaded)', 6, 950_000],
    ]);
    expect(reply.body.saved.map((r) => [r.sku, r.stock, r.sellingPrice])).toEqual([[fine.sku, 15, 1_050_000]]);
    expect(reply.body.counts).toMatchObject({ variants: 1, prices: 1, stock: 1 });
    const history = await admin.trpc<{ items: { reason: string; note: string; before: number; after: number; variantId: string | null }[] }>('query', 'catalog.stockHistory', {
      productId: p,
      variantId: fine.variantId,
    });
    expect(history.status).toBe(200);
    expect(history.body.items[0]).toMatchObject({ reason: 'bulk_edit', note: 'bulk edit', before: 5, after: 15, variantId: fine.variantId });
    // The audit log shows the stock move too, with who made it.
    const stockLog = await admin.trpc<{ items: { label: string }[] }>('query', 'admin.audit', { kind: 'stock', limit: 5 });
    expect(stockLog.body.items[0]?.label).toBe('Stock changed in bulk edit');
    // Nothing written for the refused rows.
    const now = (await grid({ brand })).items;
    expect(now.map((r) => [r.stock, r.sellingPrice])).toEqual([
      [7, sold.sellingPrice],
      [6, 950_000],
      [15, 1_050_000],
    ]);
  });

  it('archives (every live variant of a product: the product) and restores', async () => {
    const brand = `Archivebrand${unique()}`;
    const p = await createProduct(brand, 'mobiles', [1, 2]);
    const r = await createProduct(brand, 'mobiles', [3, 4]);
    const rows = (await grid({ brand })).items;
    const ofR = rows.filter((x) => x.productId === r);
    const oneOfP = rows.find((x) => x.productId === p)!;
    const row = (x: BulkGridRow, archived: boolean): BulkUpdateRow => ({ variantId: x.variantId, expected: { price: x.price, sellingPrice: x.sellingPrice }, set: { archived } });
    const reply = await save([...ofR.map((x) => row(x, true)), row(oneOfP, true)]);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.counts).toMatchObject({ variants: 3, archived: 3 });
    const products = await server.deps.db.selectFrom('products').select(['id', 'archived_at']).where('id', 'in', [p, r]).execute();
    expect(products.find((x) => x.id === r)?.archived_at).not.toBeNull();
    expect(products.find((x) => x.id === p)?.archived_at).toBeNull();
    expect((await grid({ brand })).items.map((x) => x.variantId)).toEqual(rows.filter((x) => x.productId === p && x.variantId !== oneOfP.variantId).map((x) => x.variantId));
    const back = await save([...ofR.map((x) => row(x, false)), row(oneOfP, false)]);
    expect(back.body.counts).toMatchObject({ restored: 3 });
    expect((await grid({ brand })).items).toHaveLength(4);
  });

  it('bad input refuses the whole save with a 400 naming the row, SKU and field', async () => {
    const brand = `Badbrand${unique()}`;
    await createProduct(brand, 'mobiles', [3, 3]);
    const [x, y] = (await grid({ brand })).items as [BulkGridRow, BulkGridRow];
    const above = await save([
      { variantId: x.variantId, expected: { price: x.price, sellingPrice: x.sellingPrice }, set: { sellingPrice: x.sellingPrice - 100 } },
      { variantId: y.variantId, expected: { price: y.price, sellingPrice: y.sellingPrice }, set: { sellingPrice: y.price + 100 } },
    ]);
    expect(above.status).toBe(400);
    expect(above.body.message).toBe(
      `Row 2 (SKU ${y.sku}): selling price ₹${((y.price + 100) / 100).toLocaleString('en-IN')} is above the MRP ₹${(y.price / 100).toLocaleString('en-IN')}`,
    );
    expect(above.body.data.fieldErrors).toEqual({ 'rows.1.set.sellingPrice': 'must not be more than the MRP' });
    expect((await grid({ brand })).items[0]?.sellingPrice).toBe(x.sellingPrice);
    const negative = await save([{ variantId: x.variantId, expected: { price: x.price, sellingPrice: x.sellingPrice, stock: 3 }, set: { stock: -1 } }]);
    expect(negative.status).toBe(400);
    expect(negative.body.message).toContain('stock must be 0 or more');
    const twice = await save([
      { variantId: x.variantId, expected: { price: x.price, sellingPrice: x.sellingPrice }, set: { archived: true } },
      { variantId: x.variantId, expected: { price: x.price, sellingPrice: x.sellingPrice }, set: { archived: false } },
    ]);
    expect(twice.status).toBe(400);
    expect(twice.body.message).toContain('given twice (rows 1 and 2)');
    const noExpected = await save([{ variantId: x.variantId, expected: { price: x.price, sellingPrice: x.sellingPrice }, set: { stock: 4 } }]);
    expect(noExpected.status).toBe(400);
    expect(noExpected.body.message).toBe(`Row 1 (SKU ${x.sku}): expected.stock is required to change the stock (the figure the grid loaded)`);
  });
});

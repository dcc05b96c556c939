import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product, StockMovement } from '../../shared/schemas/catalog';
import type { AdminProduct, Page } from '../../shared/schemas/admin';
import { insertProduct, signInAs } from '../testing/factories';
import { snapshotDb } from '../testing/db-snapshot';
import type { HttpClient, TestServer } from '../testing/test-server';
import { startTestServer } from '../testing/test-server';
import { testPayForm } from '../testing/factories';

/**
 * Business-logic attacks and faults on stock: what a careless client (the spec's own, which
 * echoes whole products back) or a busy shop does to the numbers that decide what can be sold.
 */
let server: TestServer;
let admin: HttpClient;
let now = Date.now();

beforeAll(async () => {
  server = await startTestServer({ clock: () => new Date(now) });
  admin = (await signInAs(server, 'ADMIN')).client;
});

afterAll(async () => {
  await server.close();
});

type Envelope<T> = { success: boolean; error: boolean; message: string; data: T };

const product = async (id: string) => server.deps.db.selectFrom('products').select(['stock', 'track_stock', 'updated_at']).where('id', '=', id).executeTakeFirstOrThrow();

const history = async (productId: string) => (await admin.trpc<{ items: StockMovement[] }>('query', 'catalog.stockHistory', { productId })).body.items;

/** A shopper buys `quantity` of a product through checkout and the built-in test checkout's Pay. */
async function buy(productId: string, quantity = 1): Promise<string> {
  const { client } = await signInAs(server);
  for (let i = 0; i < quantity; i++) expect((await client.post('/api/addtocart', { productId })).status).toBe(200);
  const started = await client.post<{ id: string; data: string }>('/api/checkout', {});
  expect(started.status).toBe(200);
  const pay = await client.request(`/test-checkout/${started.body.id}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: testPayForm('standard'),
  });
  expect(pay.status).toBe(303);
  return started.body.data;
}

const UPLOAD = {
  productName: 'Spec Client Speaker',
  brandName: 'Boomtone',
  category: 'speakers',
  productImage: ['/images/test.webp'],
  description: 'Made with the spec’s Upload Product dialog, which has no stock field.',
  price: 2999,
  sellingPrice: 2499,
};

describe('untracked stock: a product created without a stock figure', () => {
  it('is not tracked and can always be bought (it was stock 0 and unsellable before)', async () => {
    const created = await admin.post<Envelope<Product>>('/api/upload-product', UPLOAD);
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ trackStock: false, stock: 0 });
    const id = created.body.data._id;

    const { client } = await signInAs(server);
    const added = await client.post<Envelope<unknown>>('/api/addtocart', { productId: id });
    expect(added.status).toBe(200);
    const line = (await client.get<Envelope<{ _id: string }[]>>('/api/view-card-product')).body.data[0];
    // Up to the per-line cap of 10, however many are "in stock".
    expect((await client.post('/api/update-cart-product', { _id: line?._id, quantity: 10 })).status).toBe(200);
    expect((await client.post('/api/update-cart-product', { _id: line?._id, quantity: 11 })).status).toBe(400);

    const orderId = await buy(id, 3);
    const order = await server.deps.db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow();
    expect(order.status).toBe('paid');
    expect(await product(id)).toMatchObject({ stock: 0, track_stock: 0 });
    expect(await history(id)).toEqual([]);
  });

  it('a stock figure makes a product tracked, as before; trackStock without a figure is refused', async () => {
    const tracked = await admin.post<Envelope<Product>>('/api/upload-product', { ...UPLOAD, stock: 4 });
    expect(tracked.body.data).toMatchObject({ trackStock: true, stock: 4 });
    const before = await snapshotDb(server.deps.db);
    const refused = await admin.trpc<{ message: string }>('mutation', 'catalog.create', { ...UPLOAD, price: 299_900, sellingPrice: 249_900, trackStock: true });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('stock is required when trackStock is on');
    expect(await snapshotDb(server.deps.db)).toEqual(before);
  });

  it('the category bubble is a product that can be bought, not the newest one regardless', async () => {
    const older = await insertProduct(server.deps.db, { category: 'televisions', stock: 2, createdAt: new Date(now - 60_000).toISOString() });
    await insertProduct(server.deps.db, { category: 'televisions', stock: 0, createdAt: new Date(now).toISOString() });
    const bubbles = await admin.get<Envelope<Product[]>>('/api/get-categoryProduct');
    expect(bubbles.body.data.find((p) => p.category === 'televisions')?._id).toBe(older.id);

    // A category where nothing can be bought still shows (its newest), so it stays reachable.
    const soldOut = await insertProduct(server.deps.db, { category: 'printers', stock: 0 });
    const again = await admin.get<Envelope<Product[]>>('/api/get-categoryProduct');
    expect(again.body.data.find((p) => p.category === 'printers')?._id).toBe(soldOut.id);
  });
});

describe('stock edits never undo sales', () => {
  it('the spec client’s Edit Product echoes the stock it loaded: a sale made meanwhile stays sold', async () => {
    const created = await admin.post<Envelope<Product>>('/api/upload-product', { ...UPLOAD, productName: 'Echo Phone', stock: 33 });
    const id = created.body.data._id;
    now += 1000;
    // The admin list as the original client loaded it.
    const loaded = (await admin.get<Envelope<Product[]>>('/api/get-product')).body.data.find((p) => p._id === id);
    expect(loaded?.stock).toBe(33);

    now += 1000;
    await buy(id);
    expect((await product(id)).stock).toBe(32);

    now += 1000;
    // Save a description change with the whole loaded product, stock 33 and its updatedAt included.
    const saved = await admin.post<Envelope<Product>>('/api/update-product', { ...loaded, description: 'Now with a better description' });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ description: 'Now with a better description', stock: 32 });
    expect((await product(id)).stock).toBe(32);
  });

  it('our own form sends the figure it showed: a changed figure after a sale is refused with 409 and nothing is saved', async () => {
    const p = await insertProduct(server.deps.db, { productName: 'CAS Watch', stock: 33 });
    const shown = (await admin.trpc<Page<AdminProduct>>('query', 'admin.products', { q: 'CAS Watch' })).body.items[0];
    expect(shown?.stock).toBe(33);
    now += 1000;
    await buy(p.id);

    const before = await snapshotDb(server.deps.db);
    const edit = {
      _id: p.id,
      productName: 'CAS Watch (renamed)',
      brandName: 'Testbrand',
      category: 'mobiles',
      productImage: ['/images/test.webp'],
      description: '',
      price: 2_999_900,
      sellingPrice: 2_499_900,
    };
    const refused = await admin.trpc<{ message: string; data: { appCode: string; fieldErrors: Record<string, string> } }>('mutation', 'catalog.update', {
      ...edit,
      stock: 40,
      expectedStock: 33,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.data.appCode).toBe('STOCK_CHANGED');
    expect(refused.body.message).toMatch(/changed from 33 to 32 since this form was loaded/);
    expect(refused.body.data.fieldErrors.stock).toMatch(/changed from 33 to 32/);
    expect(await snapshotDb(server.deps.db)).toEqual(before);

    // The same form sent back unchanged (33 shown, 33 sent) saves the rename and keeps the sale.
    const echoed = await admin.trpc<Product>('mutation', 'catalog.update', { ...edit, stock: 33, expectedStock: 33 });
    expect(echoed.status).toBe(200);
    expect(echoed.body).toMatchObject({ productName: 'CAS Watch (renamed)', stock: 32 });

    // Reloaded at 32, set to 40 with a reason: applied and in the history, with who and why.
    now += 1000;
    const set = await admin.trpc<Product>('mutation', 'catalog.update', { ...edit, stock: 40, expectedStock: 32, stockNote: 'Delivery from the distributor' });
    expect(set.body.stock).toBe(40);
    const [latest, sale] = await history(p.id);
    expect(latest).toMatchObject({ reason: 'admin', delta: 8, before: 32, after: 40, note: 'Delivery from the distributor', actor: { email: expect.any(String) } });
    expect(sale).toMatchObject({ reason: 'sale', delta: -1, before: 33, after: 32, orderId: expect.any(String), actor: null });
  });

  it('tracking can be switched off and on from an edit; low-stock lists only tracked products', async () => {
    const p = await insertProduct(server.deps.db, { productName: 'Toggle Earbuds', stock: 2 });
    const base = {
      _id: p.id,
      productName: 'Toggle Earbuds',
      brandName: 'Testbrand',
      category: 'mobiles',
      productImage: ['/images/test.webp'],
      price: 2_999_900,
      sellingPrice: 2_499_900,
    };
    const off = await admin.trpc<Product>('mutation', 'catalog.update', { ...base, trackStock: false });
    expect(off.body).toMatchObject({ trackStock: false, stock: 0 });
    const dashboard = await admin.trpc<{ lowStock: { _id: string }[] }>('query', 'admin.dashboard');
    expect(dashboard.body.lowStock.map((l) => l._id)).not.toContain(p.id);

    const missing = await admin.trpc<{ message: string }>('mutation', 'catalog.update', { ...base, trackStock: true });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('stock is required when trackStock is on');

    const on = await admin.trpc<Product>('mutation', 'catalog.update', { ...base, trackStock: true, stock: 7 });
    expect(on.body).toMatchObject({ trackStock: true, stock: 7 });
    expect((await history(p.id))[0]).toMatchObject({ reason: 'tracking_on', after: 7 });
  });

  it('a stock figure that is not a whole number from 0 to 1,000,000 is refused by name', async () => {
    const p = await insertProduct(server.deps.db, { stock: 5 });
    const before = await snapshotDb(server.deps.db);
    for (const stock of [-1, 1.5, 1_000_001, '12abc', null]) {
      const reply = await admin.post<Envelope<null>>('/api/update-product', {
        _id: p.id,
        productName: 'Bad Stock',
        brandName: 'Testbrand',
        category: 'mobiles',
        productImage: ['/images/test.webp'],
        price: 100,
        sellingPrice: 90,
        stock,
      });
      expect(reply.status).toBe(400);
      expect(reply.body.message).toMatch(/stock/);
    }
    expect(await snapshotDb(server.deps.db)).toEqual(before);
  });

  it('the stock history is for admins only and names an unknown product', async () => {
    const p = await insertProduct(server.deps.db, { stock: 5 });
    const { client: shopper } = await signInAs(server);
    expect((await shopper.trpc('query', 'catalog.stockHistory', { productId: p.id })).status).toBe(403);
    expect((await admin.trpc<{ message: string }>('query', 'catalog.stockHistory', { productId: 'nope' })).body.message).toBe('Product not found');
  });
});

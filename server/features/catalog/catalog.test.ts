import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORY_VALUES } from '../../../shared/categories';
import type { Product, ProductPage } from '../../../shared/schemas/catalog';
import { insertProduct, signInAs } from '../../testing/factories';
import { HttpClient, startTestServer, type TestServer } from '../../testing/test-server';
import { insertBanners } from './catalog.queries';

const PRODUCT_KEYS = ['_id', 'brandName', 'category', 'createdAt', 'description', 'price', 'productImage', 'productName', 'sellingPrice', 'stock', 'trackStock', 'updatedAt'];

type Envelope<T> = { success: boolean; error: boolean; message: string; data: T };
type TrpcError = { message: string; data: { httpStatus: number; appCode: string; fieldErrors: Record<string, string> | null } };

let server: TestServer;
let visitor: HttpClient;
let admin: HttpClient;
let shopper: HttpClient;

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

beforeAll(async () => {
  server = await startTestServer();
  visitor = new HttpClient(server.url);
  admin = (await signInAs(server, 'ADMIN')).client;
  shopper = (await signInAs(server, 'GENERAL')).client;
});

afterAll(async () => {
  await server.close();
});

describe('the product shape and the storefront lists', () => {
  let newest: Awaited<ReturnType<typeof insertProduct>>;
  let archived: Awaited<ReturnType<typeof insertProduct>>;
  let soldOut: Awaited<ReturnType<typeof insertProduct>>;

  beforeAll(async () => {
    const db = server.deps.db;
    await insertProduct(db, { productName: 'Shape Phone Old', category: 'mobiles', price: 1_999_900, sellingPrice: 1_499_950, createdAt: minutesAgo(30) });
    soldOut = await insertProduct(db, { productName: 'Shape Camera Sold Out', category: 'camera', stock: 0, createdAt: minutesAgo(20) });
    archived = await insertProduct(db, { productName: 'Shape Archived Mouse', category: 'Mouse', archived: true, createdAt: minutesAgo(10) });
    newest = await insertProduct(db, { productName: 'Shape Phone New', category: 'mobiles', price: 129_950, sellingPrice: 99_900, createdAt: minutesAgo(5) });
  });

  it('GET /api/get-product lists products on sale, newest first, in rupees with the contract keys', async () => {
    const reply = await visitor.get<Envelope<Product[]>>('/api/get-product');
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ success: true, error: false, message: 'All Product' });
    const names = reply.body.data.map((p) => p.productName);
    expect(names.indexOf('Shape Phone New')).toBeLessThan(names.indexOf('Shape Camera Sold Out'));
    expect(names.indexOf('Shape Camera Sold Out')).toBeLessThan(names.indexOf('Shape Phone Old'));
    expect(names).not.toContain('Shape Archived Mouse');
    const product = reply.body.data.find((p) => p._id === newest.id);
    expect(Object.keys(product ?? {}).sort()).toEqual(PRODUCT_KEYS);
    expect(product).toMatchObject({ price: 1299.5, sellingPrice: 999, productImage: ['/images/test.webp'], category: 'mobiles' });
    expect(reply.body.data.find((p) => p._id === soldOut.id)?.stock).toBe(0);
  });

  it('catalog.list pages through everything with a keyset cursor, in each sort order', async () => {
    const all: Product[] = [];
    let cursor: string | null = null;
    do {
      const reply: { status: number; body: ProductPage } = await visitor.trpc<ProductPage>('query', 'catalog.list', { limit: 2, cursor, sort: 'newest' });
      expect(reply.status).toBe(200);
      expect(reply.body.items.length).toBeLessThanOrEqual(2);
      all.push(...reply.body.items);
      cursor = reply.body.nextCursor;
    } while (cursor);
    const ids = all.map((p) => p._id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain(newest.id);
    expect(ids).not.toContain(archived.id);
    const times = all.map((p) => p.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(all.find((p) => p._id === newest.id)).toMatchObject({ price: 129_950, sellingPrice: 99_900 });

    for (const sort of ['asc', 'dsc'] as const) {
      const prices: number[] = [];
      let next: string | null = null;
      do {
        const reply: { body: ProductPage } = await visitor.trpc<ProductPage>('query', 'catalog.list', { limit: 3, cursor: next, sort });
        prices.push(...reply.body.items.map((p) => p.sellingPrice));
        next = reply.body.nextCursor;
      } while (next);
      expect(prices).toHaveLength(all.length);
      expect(prices).toEqual([...prices].sort((a, b) => (sort === 'asc' ? a - b : b - a)));
    }
  });

  it('refuses a limit above 100 and a forged or mismatched cursor with 400', async () => {
    const tooMany = await visitor.trpc<TrpcError>('query', 'catalog.list', { limit: 101 });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toContain('limit');
    const forged = await visitor.trpc<TrpcError>('query', 'catalog.list', { cursor: 'not-a-cursor' });
    expect(forged.status).toBe(400);
    expect(forged.body.message).toContain('cursor');
    const page = await visitor.trpc<ProductPage>('query', 'catalog.list', { limit: 1, sort: 'newest' });
    const mismatched = await visitor.trpc<TrpcError>('query', 'catalog.list', { limit: 1, sort: 'asc', cursor: page.body.nextCursor });
    expect(mismatched.status).toBe(400);
  });

  it('catalog.byCategory and POST /api/category-product list one category', async () => {
    const trpc = await visitor.trpc<ProductPage>('query', 'catalog.byCategory', { category: 'mobiles', limit: 24 });
    expect(trpc.body.items.map((p) => p.productName)).toEqual(['Shape Phone New', 'Shape Phone Old']);
    const rest = await visitor.post<Envelope<Product[]>>('/api/category-product', { category: 'mobiles' });
    expect(rest.status).toBe(200);
    expect(rest.body).toMatchObject({ success: true, message: 'Product' });
    expect(rest.body.data.map((p) => p.productName)).toEqual(['Shape Phone New', 'Shape Phone Old']);
    expect(rest.body.data[0]?.price).toBe(1299.5);
  });

  it('an unknown category is a 400 naming the field, with data []', async () => {
    const rest = await visitor.post<Envelope<unknown>>('/api/category-product', { category: 'toasters' });
    expect(rest.status).toBe(400);
    expect(rest.body).toMatchObject({ success: false, error: true, data: [] });
    expect(rest.body.message).toMatch(/^category/);
    const missing = await visitor.post<Envelope<unknown>>('/api/category-product', {});
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/^category/);
  });

  it('catalog.filter and POST /api/filter-product list products in any checked category', async () => {
    const trpc = await visitor.trpc<ProductPage>('query', 'catalog.filter', { categories: ['camera', 'mobiles'], sort: 'asc' });
    expect(trpc.body.items.map((p) => p.category).sort()).toEqual(['camera', 'mobiles', 'mobiles']);
    const rest = await visitor.post<Envelope<Product[]>>('/api/filter-product', { category: ['camera', 'Mouse'] });
    expect(rest.body).toMatchObject({ success: true, message: 'product' });
    expect(rest.body.data.map((p) => p.productName)).toEqual(['Shape Camera Sold Out']);
    const none = await visitor.post<Envelope<Product[]>>('/api/filter-product', { category: [] });
    expect(none.status).toBe(200);
    expect(none.body.data).toEqual([]);
    const bad = await visitor.post<Envelope<unknown>>('/api/filter-product', { category: ['mobiles', 'toasters'] });
    expect(bad.status).toBe(400);
    // The categories are the owner's rows now: the message names the one that does not exist.
    expect(bad.body.message).toBe("category 'toasters' does not exist");
    expect(bad.body).toMatchObject({ fieldErrors: { categories: "category 'toasters' does not exist" } });
  });

  it('catalog.categoryBubbles and GET /api/get-categoryProduct give one product per category that has products', async () => {
    const rest = await visitor.get<Envelope<Product[]>>('/api/get-categoryProduct');
    expect(rest.body).toMatchObject({ success: true, message: 'category product' });
    const categories = rest.body.data.map((b) => b.category);
    expect(new Set(categories).size).toBe(categories.length);
    expect(categories).toContain('mobiles');
    expect(categories).not.toContain('Mouse');
    expect(categories).toEqual(CATEGORY_VALUES.filter((c) => categories.includes(c)));
    const mobiles = rest.body.data.find((b) => b.category === 'mobiles');
    expect(mobiles).toMatchObject({ productName: 'Shape Phone New', productImage: ['/images/test.webp'] });
    const trpc = await visitor.trpc<Product[]>('query', 'catalog.categoryBubbles');
    expect(trpc.body.map((b) => b.category)).toEqual(categories);
  });

  it('catalog.details and POST /api/product-details return one product; unknown, malformed and archived ids are 404', async () => {
    const trpc = await visitor.trpc<Product>('query', 'catalog.details', { productId: newest.id });
    expect(trpc.body).toMatchObject({ _id: newest.id, price: 129_950 });
    const rest = await visitor.post<Envelope<Product>>('/api/product-details', { productId: soldOut.id });
    expect(rest.status).toBe(200);
    expect(rest.body).toMatchObject({ success: true, message: 'Ok', data: { _id: soldOut.id, stock: 0 } });
    for (const productId of ['0123456789abcdef0123456789abcdef', 'not an id', '../../etc/passwd', "' or 1=1 --", '', archived.id]) {
      const missing = await visitor.post<Envelope<unknown>>('/api/product-details', { productId });
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ success: false, error: true, message: 'Product not found', data: null });
    }
    const absent = await visitor.post<Envelope<unknown>>('/api/product-details', {});
    expect(absent.status).toBe(400);
    expect(absent.body.message).toMatch(/^productId/);
  });
});

describe('banners', () => {
  it('catalog.banners groups the home page banners by kind, in position order', async () => {
    const now = new Date().toISOString();
    await insertBanners(server.deps.db, [
      { id: 'b-d2', kind: 'desktop', position: 1, imageUrl: '/images/d2.webp', alt: 'Second', link: '/', createdAt: now },
      { id: 'b-d1', kind: 'desktop', position: 0, imageUrl: '/images/d1.webp', alt: 'First', link: '/product-category?category=mobiles', createdAt: now },
      { id: 'b-m1', kind: 'mobile', position: 0, imageUrl: '/images/m1.webp', alt: 'Mobile', link: '/', createdAt: now },
    ]);
    const reply = await visitor.trpc<{ desktop: { _id: string }[]; mobile: { _id: string }[] }>('query', 'catalog.banners');
    expect(reply.body.desktop.map((b) => b._id)).toEqual(['b-d1', 'b-d2']);
    expect(reply.body.mobile).toEqual([{ _id: 'b-m1', kind: 'mobile', position: 0, imageUrl: '/images/m1.webp', alt: 'Mobile', link: '/' }]);
  });
});

const validProduct = {
  productName: 'Test Upload Phone',
  brandName: 'Testbrand',
  category: 'mobiles',
  productImage: ['/images/0123456789abcdef0123456789abcdef.webp'],
  description: 'A phone. It rings.',
  price: 1299.5,
  sellingPrice: 999,
  stock: 7,
};

describe('admin writes', () => {
  it('POST /api/upload-product creates a product (201) from rupees, and it shows up in the storefront', async () => {
    const reply = await admin.post<Envelope<Product>>('/api/upload-product', validProduct);
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ success: true, error: false, message: 'Product upload successfully' });
    expect(Object.keys(reply.body.data).sort()).toEqual(PRODUCT_KEYS);
    expect(reply.body.data).toMatchObject({ ...validProduct, price: 1299.5, sellingPrice: 999 });
    const row = await server.deps.db.selectFrom('products').select(['price', 'selling_price', 'stock']).where('id', '=', reply.body.data._id).executeTakeFirstOrThrow();
    expect(row).toEqual({ price: 129_950, selling_price: 99_900, stock: 7 });
    const details = await visitor.post<Envelope<Product>>('/api/product-details', { productId: reply.body.data._id });
    expect(details.body.data.productName).toBe('Test Upload Phone');
    const found = await visitor.trpc<ProductPage>('query', 'catalog.search', { q: 'upload phone' });
    expect(found.body.items.map((p) => p._id)).toContain(reply.body.data._id);
  });

  it('accepts prices as numeric strings (form fields) and defaults stock to 0 when left out', async () => {
    const { stock: _stock, ...withoutStock } = validProduct;
    const reply = await admin.post<Envelope<Product>>('/api/upload-product', { ...withoutStock, price: '499.99', sellingPrice: '450' });
    expect(reply.status).toBe(201);
    expect(reply.body.data).toMatchObject({ price: 499.99, sellingPrice: 450, stock: 0 });
  });

  it('catalog.create over tRPC takes paise', async () => {
    const reply = await admin.trpc<Product>('mutation', 'catalog.create', { ...validProduct, productName: 'Paise Phone', price: 50_000, sellingPrice: 45_000 });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ productName: 'Paise Phone', price: 50_000, sellingPrice: 45_000 });
  });

  it('POST /api/update-product rewrites the product; leaving stock out keeps it', async () => {
    const created = await admin.post<Envelope<Product>>('/api/upload-product', { ...validProduct, productName: 'Before Edit' });
    const original = created.body.data;
    const { stock: _stock, ...edit } = {
      ...original,
      productName: 'After Edit',
      sellingPrice: 899.99,
      productImage: ['/images/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.webp', 'https://example.com/x.jpg'],
    };
    const reply = await admin.post<Envelope<Product>>('/api/update-product', edit);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ success: true, message: 'Product update successfully' });
    expect(reply.body.data).toMatchObject({ _id: original._id, productName: 'After Edit', sellingPrice: 899.99, stock: 7, createdAt: original.createdAt });
    expect(reply.body.data.productImage).toHaveLength(2);
    expect(reply.body.data.updatedAt >= original.updatedAt).toBe(true);
    const oldName = await visitor.trpc<ProductPage>('query', 'catalog.search', { q: 'before edit' });
    expect(oldName.body.items.map((p) => p._id)).not.toContain(original._id);
    const newName = await visitor.trpc<ProductPage>('query', 'catalog.search', { q: 'after edit' });
    expect(newName.body.items.map((p) => p._id)).toContain(original._id);

    const restock = await admin.trpc<Product>('mutation', 'catalog.update', { ...edit, price: 129_950, sellingPrice: 89_999, stock: 0 });
    expect(restock.body).toMatchObject({ stock: 0, sellingPrice: 89_999 });
    const unknown = await admin.post<Envelope<unknown>>('/api/update-product', { ...edit, _id: 'no-such-product' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ success: false, message: 'Product not found', data: null });
  });

  it('POST /api/delete-product archives: gone from the storefront, still in the table, idempotent', async () => {
    const created = await admin.post<Envelope<Product>>('/api/upload-product', { ...validProduct, productName: 'Doomed Gadget' });
    const id = created.body.data._id;
    const reply = await admin.post<Envelope<{ _id: string; archivedAt: string }>>('/api/delete-product', { _id: id });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ success: true, data: { _id: id } });
    const again = await admin.trpc<{ archivedAt: string }>('mutation', 'catalog.archive', { productId: id });
    expect(again.body.archivedAt).toBe(reply.body.data.archivedAt);
    expect((await visitor.post('/api/product-details', { productId: id })).status).toBe(404);
    const all = await visitor.get<Envelope<Product[]>>('/api/get-product');
    expect(all.body.data.map((p) => p._id)).not.toContain(id);
    const search = await visitor.trpc<ProductPage>('query', 'catalog.search', { q: 'doomed' });
    expect(search.body.items).toEqual([]);
    const row = await server.deps.db.selectFrom('products').select(['archived_at']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.archived_at).toBe(reply.body.data.archivedAt);
    expect((await admin.post('/api/delete-product', { _id: 'no-such-product' })).status).toBe(404);
  });

  it('restores an archived product: its page, search and category list show it again; the archived page can name it meanwhile', async () => {
    const created = await admin.post<Envelope<Product>>('/api/upload-product', { ...validProduct, productName: 'Comeback Camera', category: 'camera' });
    const id = created.body.data._id;
    expect((await visitor.trpc('query', 'catalog.unavailable', { productId: id })).body).toBeNull();
    expect((await admin.post('/api/delete-product', { _id: id })).status).toBe(200);
    expect((await visitor.post('/api/product-details', { productId: id })).status).toBe(404);
    // While archived, its page can say what it was and where to look instead.
    expect((await visitor.trpc('query', 'catalog.unavailable', { productId: id })).body).toEqual({ _id: id, productName: 'Comeback Camera', category: 'camera' });
    expect((await visitor.trpc('query', 'catalog.unavailable', { productId: 'never-a-product' })).body).toBeNull();

    expect((await visitor.trpc('mutation', 'catalog.restore', { productId: id })).status).toBe(401);
    expect((await shopper.trpc('mutation', 'catalog.restore', { productId: id })).status).toBe(403);
    const restored = await admin.trpc('mutation', 'catalog.restore', { productId: id });
    expect(restored.status).toBe(200);
    expect(restored.body).toEqual({ _id: id, archived: false });
    expect((await visitor.post<Envelope<Product>>('/api/product-details', { productId: id })).body.data.productName).toBe('Comeback Camera');
    expect((await visitor.trpc<ProductPage>('query', 'catalog.search', { q: 'comeback' })).body.items.map((p) => p._id)).toEqual([id]);
    expect((await visitor.trpc('query', 'catalog.unavailable', { productId: id })).body).toBeNull();
    // Idempotent, and through the old API too.
    expect((await admin.post('/api/restore-product', { _id: id })).status).toBe(200);
    expect((await admin.post('/api/restore-product', { _id: 'no-such-product' })).status).toBe(404);
  });

  it('admin-only paths answer 401 to visitors and 403 to GENERAL users, and change nothing', async () => {
    const before = await server.deps.db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const someId = (await visitor.get<Envelope<Product[]>>('/api/get-product')).body.data[0]?._id;
    const rest: [string, unknown][] = [
      ['/api/upload-product', validProduct],
      ['/api/update-product', { ...validProduct, _id: someId }],
      ['/api/delete-product', { _id: someId }],
      ['/api/restore-product', { _id: someId }],
    ];
    for (const [path, body] of rest) {
      const anonymous = await visitor.post<Envelope<unknown>>(path, body);
      expect(anonymous.status, path).toBe(401);
      expect(anonymous.body).toMatchObject({ success: false, error: true, message: 'Please Login...!', data: null });
      const general = await shopper.post<Envelope<unknown>>(path, body);
      expect(general.status, path).toBe(403);
      expect(general.body).toMatchObject({ success: false, error: true, data: null });
    }
    for (const [procedure, input] of [
      ['catalog.create', { ...validProduct, price: 100, sellingPrice: 100 }],
      ['catalog.update', { ...validProduct, _id: someId, price: 100, sellingPrice: 100 }],
      ['catalog.archive', { productId: someId }],
    ] as const) {
      expect((await visitor.trpc('mutation', procedure, input)).status, procedure).toBe(401);
      expect((await shopper.trpc('mutation', procedure, input)).status, procedure).toBe(403);
    }
    const after = await server.deps.db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
    expect((await visitor.post('/api/product-details', { productId: someId })).status).toBe(200);
  });
});

describe('product validation (spec §5): each rule is a 400 naming its field', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['productName missing', { productName: undefined }, 'productName'],
    ['productName blank', { productName: '   ' }, 'productName'],
    ['productName over 200', { productName: 'x'.repeat(201) }, 'productName'],
    ['brandName missing', { brandName: undefined }, 'brandName'],
    ['brandName over 200', { brandName: 'b'.repeat(201) }, 'brandName'],
    ['category missing', { category: undefined }, 'category'],
    ['category not one of the twelve', { category: 'mouse' }, 'category'],
    ['price missing', { price: undefined }, 'price'],
    ['price not numeric', { price: 'abc' }, 'price'],
    ['price zero', { price: 0, sellingPrice: 0.01 }, 'price'],
    ['price negative', { price: -5 }, 'price'],
    ['price with 3 decimals', { price: 1299.555 }, 'price'],
    ['sellingPrice missing', { sellingPrice: undefined }, 'sellingPrice'],
    ['sellingPrice not numeric', { sellingPrice: [] }, 'sellingPrice'],
    ['sellingPrice zero', { sellingPrice: 0 }, 'sellingPrice'],
    ['sellingPrice with 3 decimals', { sellingPrice: 10.001 }, 'sellingPrice'],
    ['sellingPrice above price', { price: 100, sellingPrice: 100.01 }, 'sellingPrice'],
    ['no image', { productImage: [] }, 'productImage'],
    ['images missing', { productImage: undefined }, 'productImage'],
    ['image not a URL', { productImage: ['javascript:alert(1)'] }, 'productImage'],
    ['description over 5000', { description: 'd'.repeat(5001) }, 'description'],
    ['stock negative', { stock: -1 }, 'stock'],
    ['stock fractional', { stock: 1.5 }, 'stock'],
  ];

  it.each(cases)('%s', async (_label, change, field) => {
    const body = { ...validProduct, ...change };
    const reply = await admin.post<Envelope<unknown> & { fieldErrors?: Record<string, string> }>('/api/upload-product', body);
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ success: false, error: true, data: null });
    expect(reply.body.message.startsWith(field)).toBe(true);
    expect(Object.keys(reply.body.fieldErrors ?? {}).some((key) => key === field || key.startsWith(`${field}.`))).toBe(true);
  });

  it('accepts the limits themselves: 200-character names, 5,000-character description, prices equal', async () => {
    const reply = await admin.post<Envelope<Product>>('/api/upload-product', {
      ...validProduct,
      productName: 'n'.repeat(200),
      brandName: 'b'.repeat(200),
      description: 'd'.repeat(5000),
      price: 0.01,
      sellingPrice: 0.01,
    });
    expect(reply.status).toBe(201);
    expect(reply.body.data).toMatchObject({ price: 0.01, sellingPrice: 0.01 });
  });

  it('update-product validates the same way', async () => {
    const someId = (await visitor.get<Envelope<Product[]>>('/api/get-product')).body.data[0]?._id;
    const reply = await admin.post<Envelope<unknown>>('/api/update-product', { ...validProduct, _id: someId, sellingPrice: 5000 });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toMatch(/^sellingPrice/);
    const noId = await admin.post<Envelope<unknown>>('/api/update-product', validProduct);
    expect(noId.status).toBe(400);
    expect(noId.body.message).toMatch(/^_id/);
  });
});

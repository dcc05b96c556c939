import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct, signInAs, TEST_PAGE_ADDRESS, testShopSettings } from '../../testing/factories';
import { HttpClient, startTestServer, type TestServer } from '../../testing/test-server';
import type { AdminVariant, ProductVariant } from '../../../shared/schemas/variants';
import type { ProductOption } from '../../../shared/schemas/variants';

/** Product variants over real HTTP: the admin's procedures, the storefront's reads, carts, stock, orders and invoices. */
let server: TestServer;
let admin: HttpClient;

type TrpcError = { message: string; data: { httpStatus: number; appCode: string; fieldErrors: Record<string, string> | null } };
type Details = { _id: string; price: number; sellingPrice: number; stock: number; options: ProductOption[]; variants: ProductVariant[] };

beforeAll(async () => {
  server = await startTestServer();
  admin = (await signInAs(server, 'ADMIN')).client;
  expect((await admin.trpc('mutation', 'settings.update', testShopSettings())).status).toBe(200);
});

afterAll(async () => {
  await server.close();
});

let skuCounter = 0;
const sku = (base: string) => `${base}-${Date.now().toString(36)}${(skuCounter++).toString(36)}`.toUpperCase();

const OPTIONS = [
  { name: 'Storage', values: [{ value: '128 GB' }, { value: '256 GB' }] },
  {
    name: 'Colour',
    values: [
      { value: 'Onyx Black', swatch: '#111827' },
      { value: 'Marble Grey', swatch: '#9ca3af' },
    ],
  },
];

/** A phone sold as 128 GB Black, 256 GB Black and 256 GB Grey (128 GB Grey is not sold). */
async function createPhone(stocks: [number, number, number] = [4, 2, 3]) {
  const skus = [sku('S24-128-BLK'), sku('S24-256-BLK'), sku('S24-256-GRY')];
  const reply = await admin.trpc<{ _id: string }>('mutation', 'catalog.create', {
    productName: 'Galaxy S24 5G',
    brandName: 'Samsung',
    category: 'mobiles',
    productImage: ['/images/s24.webp'],
    options: OPTIONS,
    variants: [
      { sku: skus[0], optionValues: ['128 GB', 'Onyx Black'], price: 7_999_900, sellingPrice: 7_499_900, stock: stocks[0] },
      { sku: skus[1], optionValues: ['256 GB', 'Onyx Black'], price: 8_999_900, sellingPrice: 8_499_900, stock: stocks[1] },
      { sku: skus[2], optionValues: ['256 GB', 'Marble Grey'], price: 8_999_900, sellingPrice: 8_299_900, stock: stocks[2], images: ['/images/s24-grey.webp'] },
    ],
  });
  expect(reply.status).toBe(200);
  const productId = reply.body._id;
  const { variants } = (await admin.trpc<{ variants: AdminVariant[] }>('query', 'catalog.variants', { productId })).body;
  const bySku = (s: string) => variants.find((v) => v.sku === s)!;
  return { productId, skus, black128: bySku(skus[0]!), black256: bySku(skus[1]!), grey256: bySku(skus[2]!) };
}

const variantRow = (id: string) =>
  server.deps.db.selectFrom('product_variants').select(['stock', 'price', 'selling_price', 'sku', 'archived_at']).where('id', '=', id).executeTakeFirstOrThrow();
const productRow = (id: string) =>
  server.deps.db
    .selectFrom('products')
    .select(['price', 'selling_price', 'stock', 'track_stock', 'price_min', 'price_max', 'variant_count', 'colour_count'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe('product variants: the admin', () => {
  it('creates a product with options and variants; the product row summarises them; shoppers get options and live variants', async () => {
    const { productId, black128, grey256 } = await createPhone();
    // The summary: the cheapest variant in stock; from / to prices, 3 variants, 2 colours.
    expect(await productRow(productId)).toMatchObject({ selling_price: 7_499_900, price: 7_999_900, stock: 4, track_stock: 1, variant_count: 3, colour_count: 2 });
    const row = await productRow(productId);
    expect([Number(row.price_min), Number(row.price_max)]).toEqual([7_499_900, 8_499_900]);
    expect(black128.label).toBe('128 GB, Onyx Black');

    const visitor = new HttpClient(server.url);
    const details = (await visitor.trpc<Details>('query', 'catalog.details', { productId })).body;
    expect(details.options).toEqual(OPTIONS);
    expect(details.variants.map((v) => [v.label, v.sellingPrice, v.stock, v.inStock])).toEqual([
      ['128 GB, Onyx Black', 7_499_900, 4, true],
      ['256 GB, Onyx Black', 8_499_900, 2, true],
      ['256 GB, Marble Grey', 8_299_900, 3, true],
    ]);
    expect(details.variants[2]?.images).toEqual(['/images/s24-grey.webp']);
    expect(details.variants.find((v) => v._id === grey256._id)).not.toHaveProperty('archivedAt');
    // Cards: from / to prices, the number of variants and colours.
    const list = (await visitor.trpc<{ items: Record<string, unknown>[] }>('query', 'catalog.byCategory', { category: 'mobiles', limit: 100 })).body.items;
    expect(list.find((p) => p._id === productId)).toMatchObject({ priceMin: 7_499_900, priceMax: 8_499_900, variantCount: 3, colourCount: 2, sellingPrice: 7_499_900 });
    // The spec's /api: the contract's product, its figures the summary variant's, nothing added.
    const api = await visitor.post('/api/product-details', { productId });
    expect(Object.keys(api.body.data as object).sort()).toEqual(
      ['_id', 'brandName', 'category', 'createdAt', 'description', 'price', 'productImage', 'productName', 'sellingPrice', 'stock', 'trackStock', 'updatedAt'].sort(),
    );
    expect(api.body.data).toMatchObject({ price: 79_999, sellingPrice: 74_999, stock: 4 });
  });

  it('refuses a SKU in use (any case) with 409 naming it, a selling price above the MRP with 400 naming the variant, and options that do not fit', async () => {
    const { skus } = await createPhone();
    const base = { productName: 'Galaxy S24 5G', brandName: 'Samsung', category: 'mobiles', productImage: ['/images/s24.webp'], options: OPTIONS };
    const taken = await admin.trpc<TrpcError>('mutation', 'catalog.create', {
      ...base,
      variants: [{ sku: skus[0]!.toLowerCase(), optionValues: ['128 GB', 'Onyx Black'], price: 100_000, sellingPrice: 90_000 }],
    });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toContain(`SKU ${skus[0]!.toLowerCase()} is already used`);
    expect(taken.body.data.fieldErrors).toHaveProperty(['variants.0.sku']);

    const above = await admin.trpc<TrpcError>('mutation', 'catalog.create', {
      ...base,
      variants: [
        { optionValues: ['128 GB', 'Onyx Black'], price: 100_000, sellingPrice: 90_000 },
        { sku: sku('OVER'), optionValues: ['256 GB', 'Onyx Black'], price: 100_000, sellingPrice: 120_000 },
      ],
    });
    expect(above.status).toBe(400);
    expect(above.body.message).toMatch(/^Variant 256 GB, Onyx Black \(SKU OVER-.*\): sellingPrice must not be more than price/);
    expect(above.body.data.fieldErrors).toHaveProperty(['variants.1.sellingPrice']);

    const unknownValue = await admin.trpc<TrpcError>('mutation', 'catalog.create', {
      ...base,
      variants: [{ optionValues: ['512 GB', 'Onyx Black'], price: 100_000, sellingPrice: 90_000 }],
    });
    expect(unknownValue.status).toBe(400);
    expect(unknownValue.body.message).toContain('512 GB is not a value of Storage');

    const twice = await admin.trpc<TrpcError>('mutation', 'catalog.create', {
      ...base,
      variants: [
        { optionValues: ['128 GB', 'Onyx Black'], price: 100_000, sellingPrice: 90_000 },
        { optionValues: ['128 GB', 'Onyx Black'], price: 100_000, sellingPrice: 80_000 },
      ],
    });
    expect(twice.status).toBe(400);
    expect(twice.body.message).toContain('have the same options (128 GB, Onyx Black)');

    const badEan = await admin.trpc<TrpcError>('mutation', 'catalog.create', {
      ...base,
      variants: [{ optionValues: ['128 GB', 'Onyx Black'], price: 100_000, sellingPrice: 90_000, ean: '8806095467480' }],
    });
    expect(badEan.status).toBe(400);
    expect(badEan.body.data.fieldErrors).toHaveProperty(['variants.0.ean']);
    // Nothing of the refused products was written.
    expect(await server.deps.db.selectFrom('product_variants').select('id').where('sku', 'like', 'OVER-%').execute()).toEqual([]);
  });

  it('edits a variant, saves the grid all or none, archives and restores a variant, and keeps one on sale; each change audited', async () => {
    const { productId, black128, black256, grey256 } = await createPhone();
    const update = await admin.trpc('mutation', 'catalog.update', {
      _id: productId,
      productName: 'Galaxy S24 5G',
      brandName: 'Samsung',
      category: 'mobiles',
      productImage: ['/images/s24.webp'],
      variants: [
        { _id: grey256._id, sku: grey256.sku, optionValues: ['256 GB', 'Marble Grey'], price: 8_999_900, sellingPrice: 7_999_900, ean: '8806095467481' },
        { sku: sku('S24-128-GRY'), optionValues: ['128 GB', 'Marble Grey'], price: 7_999_900, sellingPrice: 7_299_900, stock: 1 },
      ],
    });
    expect(update.status).toBe(200);
    expect(await variantRow(grey256._id)).toMatchObject({ selling_price: 7_999_900 });
    expect(await productRow(productId)).toMatchObject({ selling_price: 7_299_900, variant_count: 4, stock: 1 });

    // The grid: one bad row (selling price above MRP) and nothing is saved.
    const bad = await admin.trpc<TrpcError>('mutation', 'catalog.updateVariants', {
      productId,
      variants: [
        { _id: black128._id, sellingPrice: 7_000_000 },
        { _id: black256._id, sellingPrice: 9_500_000 },
      ],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fieldErrors).toHaveProperty(['variants.1.sellingPrice']);
    expect(await variantRow(black128._id)).toMatchObject({ selling_price: 7_499_900 });
    // A stock that moved since the grid loaded: 409, nothing saved.
    const moved = await admin.trpc<TrpcError>('mutation', 'catalog.updateVariants', { productId, variants: [{ _id: black256._id, stock: 9, expectedStock: 7 }] });
    expect(moved.status).toBe(409);
    expect(moved.body.data.appCode).toBe('STOCK_CHANGED');
    // SKUs swapped and prices changed in one save.
    const saved = await admin.trpc<AdminVariant[]>('mutation', 'catalog.updateVariants', {
      productId,
      variants: [
        { _id: black128._id, sku: black256.sku, price: 7_899_900, stock: 6, expectedStock: 4 },
        { _id: black256._id, sku: black128.sku },
      ],
    });
    expect(saved.status).toBe(200);
    expect(await variantRow(black128._id)).toMatchObject({ sku: black256.sku, stock: 6 });
    expect(await variantRow(black256._id)).toMatchObject({ sku: black128.sku });
    const audit = await admin.trpc<{ items: { label: string; summary: string }[] }>('query', 'admin.audit', { kind: 'product', limit: 20 });
    expect(audit.body.items.map((e) => e.label)).toEqual(expect.arrayContaining(['Variant added', 'Price changed']));
    expect(audit.body.items.find((e) => e.summary.includes(`SKU ${black256.sku} (128 GB, Onyx Black)`) && e.label === 'Price changed')?.summary).toContain(
      'price ₹79,999.00 → ₹78,999.00',
    );

    // Archive one: gone from the page and the summary; archiving every other one stops at the last.
    expect((await admin.trpc('mutation', 'catalog.archiveVariant', { variantId: grey256._id })).status).toBe(200);
    const details = (await new HttpClient(server.url).trpc<Details>('query', 'catalog.details', { productId })).body;
    expect(details.variants.map((v) => v._id)).not.toContain(grey256._id);
    expect(await productRow(productId)).toMatchObject({ variant_count: 3 });
    const live = details.variants.map((v) => v._id);
    for (const id of live.slice(1)) expect((await admin.trpc('mutation', 'catalog.archiveVariant', { variantId: id })).status).toBe(200);
    const last = await admin.trpc<TrpcError>('mutation', 'catalog.archiveVariant', { variantId: live[0] });
    expect(last.status).toBe(409);
    expect(last.body.message).toContain('last variant on sale');
    expect((await admin.trpc('mutation', 'catalog.restoreVariant', { variantId: grey256._id })).status).toBe(200);
    expect(await productRow(productId)).toMatchObject({ variant_count: 2 });
    const labels = (await admin.trpc<{ items: { label: string }[] }>('query', 'admin.audit', { kind: 'product', limit: 50 })).body.items.map((e) => e.label);
    expect(labels).toEqual(expect.arrayContaining(['Variant archived', 'Variant restored']));
    // Only admins.
    const { client: shopper } = await signInAs(server);
    expect((await shopper.trpc('mutation', 'catalog.updateVariants', { productId, variants: [{ _id: black128._id, price: 1 }] })).status).toBe(403);
  });

  it("keeps the spec's upload-product and update-product working on a product's single variant, and refuses a product-level price for several", async () => {
    const created = await admin.post('/api/upload-product', {
      productName: 'Power Bank 10000',
      brandName: 'Ambrane',
      category: 'mobiles',
      productImage: ['/images/pb.webp'],
      price: 1999,
      sellingPrice: 1499,
      stock: 7,
    });
    expect(created.status).toBe(201);
    const id = (created.body.data as { _id: string })._id;
    expect(await variantRow(id)).toMatchObject({ stock: 7, sku: `VM-${id.slice(0, 10).toUpperCase()}` });
    const updated = await admin.post('/api/update-product', { ...(created.body.data as object), sellingPrice: 1299, stock: 9, expectedStock: 7 });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ sellingPrice: 1299, stock: 9 });
    expect(await variantRow(id)).toMatchObject({ selling_price: 129_900, stock: 9 });

    const { productId } = await createPhone();
    const product = (await admin.post('/api/product-details', { productId })).body.data as Record<string, unknown>;
    const same = await admin.post('/api/update-product', { ...product, description: 'Now described' });
    expect(same.status).toBe(200);
    const priced = await admin.post('/api/update-product', { ...product, sellingPrice: 100 });
    expect(priced.status).toBe(409);
    expect(priced.body.message).toContain('has 3 variants');
  });
});

describe('product variants: carts, stock, orders and invoices', () => {
  it('a cart line is a variant: the same variant twice is one line, another is a second line; the stock check is the variant’s', async () => {
    const { productId, black128, black256 } = await createPhone([4, 1, 3]);
    const { client } = await signInAs(server);
    const first = await client.trpc<{ line: { _id: string; quantity: number; variant: { sku: string; label: string }; productId: { sellingPrice: number } } }>(
      'mutation',
      'cart.addItem',
      { productId, variantId: black256._id },
    );
    expect(first.body.line).toMatchObject({ quantity: 1, variant: { sku: black256.sku, label: '256 GB, Onyx Black' }, productId: { sellingPrice: 8_499_900 } });
    const again = await client.trpc<TrpcError>('mutation', 'cart.addItem', { productId, variantId: black256._id });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Only 1 of Galaxy S24 5G (256 GB, Onyx Black) left in stock (your cart already has 1)');
    // Without a variant: the one standing for the product (cheapest in stock), as the spec's addtocart.
    const api = await client.post('/api/addtocart', { productId });
    expect(api.body).toMatchObject({ success: true, alreadyInCart: false, data: { productId: { sellingPrice: 74_999 } } });
    expect(Object.keys(api.body.data as object).sort()).toEqual(['_id', 'productId', 'quantity', 'userId']);
    await client.trpc('mutation', 'cart.addItem', { productId, variantId: black128._id });
    const lines = (await client.trpc<{ quantity: number; variant: { _id: string } }[]>('query', 'cart.list')).body;
    expect(lines.map((l) => [l.variant._id, l.quantity])).toEqual([
      [black256._id, 1],
      [black128._id, 2],
    ]);
    // A variant of another product is not this product's.
    const other = await insertProduct(server.deps.db);
    expect((await client.trpc('mutation', 'cart.addItem', { productId: other.id, variantId: black128._id })).status).toBe(404);
    // An archived variant leaves the cart.
    await admin.trpc('mutation', 'catalog.archiveVariant', { variantId: black256._id });
    expect((await client.trpc<unknown[]>('query', 'cart.list')).body).toHaveLength(1);
    expect((await client.get('/api/countAddToCartProduct')).body.data).toEqual({ count: 1 });
  });

  it('twenty buyers race for the last unit of one variant: exactly one wins, the other variants are untouched', async () => {
    const { productId, black128, black256, grey256 } = await createPhone([5, 1, 3]);
    const shoppers = await Promise.all(Array.from({ length: 20 }, () => signInAs(server)));
    for (const { client } of shoppers) {
      expect((await client.trpc('mutation', 'cart.addItem', { productId, variantId: black256._id })).status).toBe(200);
    }
    const replies = await Promise.all(shoppers.map(({ client }) => client.post('/api/checkout', {})));
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    expect(replies.filter((r) => r.status === 409)).toHaveLength(19);
    expect(replies.find((r) => r.status === 409)?.body.message).toBe('Galaxy S24 5G (256 GB, Onyx Black) is out of stock: remove it from your cart to continue');
    expect(await variantRow(black256._id)).toMatchObject({ stock: 0 });
    expect(await variantRow(black128._id)).toMatchObject({ stock: 5 });
    expect(await variantRow(grey256._id)).toMatchObject({ stock: 3 });
    const moved = await server.deps.db.selectFrom('stock_movements').select(['variant_id', 'delta']).where('product_id', '=', productId).where('reason', '=', 'sale').execute();
    expect(moved).toEqual([{ variant_id: black256._id, delta: -1 }]);
    // The product still sells (its other variants): the summary is in stock.
    expect(await productRow(productId)).toMatchObject({ stock: 5, selling_price: 7_499_900 });
  });

  it('an order line and its invoice name the variant and its SKU; only that variant’s stock moved', async () => {
    const { productId, black128, grey256 } = await createPhone([4, 2, 3]);
    const { client } = await signInAs(server);
    await client.trpc('mutation', 'cart.addItem', { productId, variantId: grey256._id });
    const started = await client.post('/api/checkout', {});
    expect(started.status).toBe(200);
    const { id: sessionId, data: orderId } = started.body as { id: string; data: string };
    const page = await client.get<string>(`/test-checkout/${sessionId}`);
    expect(page.body).toContain('Galaxy S24 5G (256 GB, Marble Grey)');
    const pay = await client.request(`/test-checkout/${sessionId}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ shipping: 'standard', ...TEST_PAGE_ADDRESS }).toString(),
    });
    expect(pay.status).toBe(303);
    expect(await variantRow(grey256._id)).toMatchObject({ stock: 2 });
    expect(await variantRow(black128._id)).toMatchObject({ stock: 4 });
    const item = await server.deps.db
      .selectFrom('order_items')
      .select(['variant_id', 'sku', 'variant_label', 'unit_price'])
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(item).toMatchObject({ variant_id: grey256._id, sku: grey256.sku, variant_label: '256 GB, Marble Grey' });
    expect(Number(item.unit_price)).toBe(8_299_900);

    const mine = (await client.trpc<{ _id: string; productDetails: Record<string, unknown>[] }[]>('query', 'order.list')).body.find((o) => o._id === orderId);
    expect(mine?.productDetails[0]).toMatchObject({ sku: grey256.sku, variantLabel: '256 GB, Marble Grey', variantId: grey256._id });
    const apiOrder = ((await client.get('/api/order-list')).body.data as { _id: string; productDetails: object[] }[]).find((o) => o._id === orderId);
    expect(Object.keys(apiOrder?.productDetails[0] ?? {}).sort()).toEqual(['image', 'name', 'notInStock', 'price', 'productId', 'quantity']);

    const res = await fetch(new URL(`/orders/${orderId}/invoice.pdf`, server.url), { headers: { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
    expect(res.status).toBe(200);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'voltmart-variant-invoice-')), 'invoice.pdf');
    fs.writeFileSync(file, Buffer.from(await res.arrayBuffer()));
    // (The description column wraps: compare without the spaces and line breaks.)
    const text = execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, '');
    expect(text).toContain(`GalaxyS245G(256GB,MarbleGrey),SKU${grey256.sku}`);

    // The order confirmation mail names the variant on its line, as the payment page does.
    const mails = await server.deps.db.selectFrom('mail_outbox').select(['text_body', 'html']).where('kind', '=', 'order-paid').execute();
    const { order_number: number } = await server.deps.db.selectFrom('orders').select('order_number').where('id', '=', orderId).executeTakeFirstOrThrow();
    const confirmation = mails.find((m) => m.text_body.includes(`Order ${number}`));
    expect(confirmation?.text_body).toContain('Galaxy S24 5G (256 GB, Marble Grey) x 1: ₹82,999.00');
    expect(confirmation?.html).toContain('Galaxy S24 5G (256 GB, Marble Grey) &times; 1');
  });
});

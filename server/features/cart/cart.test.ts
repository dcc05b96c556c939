import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct, insertUser, signInAs } from '../../testing/factories';
import { HttpClient, startTestServer, type TestServer } from '../../testing/test-server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.close();
});

async function cartRows(userId: string) {
  return server.deps.db.selectFrom('cart_items').select(['id', 'product_id', 'quantity', 'user_id', 'guest_id']).where('user_id', '=', userId).execute();
}

describe('cart over /api', () => {
  it('adds a product, then adds one more and says so; counts lines; lists lines with the product populated in rupees', async () => {
    const { client, user } = await signInAs(server);
    const phone = await insertProduct(server.deps.db, { price: 2_999_900, sellingPrice: 2_499_950, stock: 5 });
    const watch = await insertProduct(server.deps.db, { category: 'watches', stock: 3 });

    const first = await client.post('/api/addtocart', { productId: phone.id });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ success: true, error: false, message: 'Product Added in Cart', alreadyInCart: false });
    expect(first.body.data).toMatchObject({ quantity: 1, userId: user.id, productId: { _id: phone.id, sellingPrice: 24_999.5, price: 29_999 } });

    const again = await client.post('/api/addtocart', { productId: phone.id });
    expect(again.body).toMatchObject({ success: true, alreadyInCart: true, data: { _id: first.body.data._id, quantity: 2 } });

    await client.post('/api/addtocart', { productId: watch.id });
    const count = await client.get('/api/countAddToCartProduct');
    expect(count.body).toEqual({ success: true, error: false, message: 'ok', data: { count: 2 } });

    const list = await client.get('/api/view-card-product');
    expect(list.body.data).toHaveLength(2);
    expect(list.body.data[0]).toMatchObject({
      quantity: 2,
      productId: { _id: phone.id, productName: phone.productName, productImage: ['/images/test.webp'], sellingPrice: 24_999.5 },
    });
    expect(list.body.data[1]).toMatchObject({ quantity: 1, productId: { _id: watch.id, category: 'watches' } });
  });

  it('updates and deletes only the caller’s own lines', async () => {
    const { client, user } = await signInAs(server);
    const other = await signInAs(server);
    const product = await insertProduct(server.deps.db, { stock: 8 });
    const added = await client.post('/api/addtocart', { productId: product.id });
    const lineId: string = added.body.data._id;

    const update = await client.post('/api/update-cart-product', { _id: lineId, quantity: 4 });
    expect(update.body).toMatchObject({ success: true, message: 'Product Updated', data: { _id: lineId, quantity: 4 } });

    const foreignUpdate = await other.client.post('/api/update-cart-product', { _id: lineId, quantity: 1 });
    expect(foreignUpdate.status).toBe(404);
    expect(foreignUpdate.body).toMatchObject({ success: false, error: true, data: null });
    const foreignDelete = await other.client.post('/api/delete-cart-product', { _id: lineId });
    expect(foreignDelete.status).toBe(404);
    expect((await cartRows(user.id))[0]?.quantity).toBe(4);

    const visitor = new HttpClient(server.url);
    expect((await visitor.post('/api/delete-cart-product', { _id: lineId })).status).toBe(404);

    const deleted = await client.post('/api/delete-cart-product', { _id: lineId });
    expect(deleted.body).toEqual({ success: true, error: false, message: 'Product Deleted From Cart', data: null });
    expect(await cartRows(user.id)).toHaveLength(0);
    expect((await client.post('/api/delete-cart-product', { _id: lineId })).status).toBe(404);
  });

  it.each([
    ['zero', 0],
    ['a negative number', -1],
    ['a fraction', 1.5],
    ['text', 'abc'],
    ['a numeric string', '2'],
    ['null', null],
    ['more than 10', 11],
  ])('refuses a quantity of %s with a 400 and a message, changing nothing', async (_name, quantity) => {
    const { client, user } = await signInAs(server);
    const product = await insertProduct(server.deps.db, { stock: 50 });
    const added = await client.post('/api/addtocart', { productId: product.id });
    const reply = await client.post('/api/update-cart-product', { _id: added.body.data._id, quantity });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ success: false, error: true, data: null });
    expect(reply.body.message).toMatch(/quantity/i);
    expect((await cartRows(user.id))[0]?.quantity).toBe(1);
  });

  it('refuses more than the stock, and archived, sold-out or unknown products', async () => {
    const { client, user } = await signInAs(server);
    const scarce = await insertProduct(server.deps.db, { stock: 2, productName: 'Scarce Phone' });
    const added = await client.post('/api/addtocart', { productId: scarce.id });
    const tooMany = await client.post('/api/update-cart-product', { _id: added.body.data._id, quantity: 3 });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.message).toBe('Only 2 of Scarce Phone left in stock');
    await client.post('/api/addtocart', { productId: scarce.id });
    const third = await client.post('/api/addtocart', { productId: scarce.id });
    expect(third.status).toBe(409);
    expect(third.body.message).toMatch(/Only 2 of Scarce Phone left in stock \(your cart already has 2\)/);
    expect((await cartRows(user.id))[0]?.quantity).toBe(2);

    const archived = await insertProduct(server.deps.db, { archived: true });
    const soldOut = await insertProduct(server.deps.db, { stock: 0, productName: 'Gone Phone' });
    const archivedReply = await client.post('/api/addtocart', { productId: archived.id });
    expect(archivedReply.status).toBe(404);
    expect(archivedReply.body).toMatchObject({ success: false, data: null, message: 'This product is no longer available' });
    const soldOutReply = await client.post('/api/addtocart', { productId: soldOut.id });
    expect(soldOutReply.status).toBe(409);
    expect(soldOutReply.body.message).toBe('Gone Phone is out of stock');
    expect((await client.post('/api/addtocart', { productId: 'nope' })).status).toBe(404);
    expect((await client.post('/api/addtocart', {})).status).toBe(400);
    expect(await cartRows(user.id)).toHaveLength(1);
  });

  it('caps a line at 10 units whatever the stock', async () => {
    const { client } = await signInAs(server);
    const plenty = await insertProduct(server.deps.db, { stock: 100 });
    const added = await client.post('/api/addtocart', { productId: plenty.id });
    expect((await client.post('/api/update-cart-product', { _id: added.body.data._id, quantity: 10 })).status).toBe(200);
    const eleventh = await client.post('/api/addtocart', { productId: plenty.id });
    expect(eleventh.status).toBe(400);
    expect(eleventh.body.message).toMatch(/at most 10/);
  });

  it('hides lines of products archived after they were added', async () => {
    const { client } = await signInAs(server);
    const product = await insertProduct(server.deps.db);
    await client.post('/api/addtocart', { productId: product.id });
    await server.deps.db.updateTable('products').set({ archived_at: new Date().toISOString() }).where('id', '=', product.id).execute();
    expect((await client.get('/api/countAddToCartProduct')).body.data).toEqual({ count: 0 });
    expect((await client.get('/api/view-card-product')).body.data).toEqual([]);
  });
});

describe('visitor cart', () => {
  it('reads an empty cart without handing out a cookie', async () => {
    const visitor = new HttpClient(server.url);
    expect((await visitor.get('/api/countAddToCartProduct')).body).toEqual({ success: true, error: false, message: 'ok', data: { count: 0 } });
    expect((await visitor.get('/api/view-card-product')).body.data).toEqual([]);
    expect(visitor.cookies.size).toBe(0);
  });

  it('keeps a guest cart in the session and merges it at sign-in: quantities add up, capped at min(stock, 10)', async () => {
    const db = server.deps.db;
    const user = await insertUser(db);
    const shared = await insertProduct(db, { stock: 4 });
    const guestOnly = await insertProduct(db, { stock: 20 });
    const guestArchivedLater = await insertProduct(db, { stock: 5 });

    // The account already has 3 of `shared`.
    const earlier = new HttpClient(server.url);
    await earlier.post('/api/signin', { email: user.email, password: user.password });
    await earlier.post('/api/addtocart', { productId: shared.id });
    const line = (await earlier.get('/api/view-card-product')).body.data[0];
    await earlier.post('/api/update-cart-product', { _id: line._id, quantity: 3 });

    const visitor = new HttpClient(server.url);
    for (let i = 0; i < 2; i++) await visitor.post('/api/addtocart', { productId: shared.id });
    await visitor.post('/api/addtocart', { productId: guestOnly.id });
    await visitor.post('/api/addtocart', { productId: guestArchivedLater.id });
    expect(visitor.cookies.size).toBe(1);
    expect((await visitor.get('/api/countAddToCartProduct')).body.data).toEqual({ count: 3 });
    await db.updateTable('products').set({ archived_at: new Date().toISOString() }).where('id', '=', guestArchivedLater.id).execute();

    const signIn = await visitor.post('/api/signin', { email: user.email, password: user.password });
    expect(signIn.status).toBe(200);

    const merged = (await visitor.get('/api/view-card-product')).body.data as { quantity: number; productId: { _id: string } }[];
    const byProduct = Object.fromEntries(merged.map((l) => [l.productId._id, l.quantity]));
    expect(byProduct).toEqual({ [shared.id]: 4, [guestOnly.id]: 1 });
    // The guest lines are gone, not duplicated.
    const guestLeft = await db.selectFrom('cart_items').select('id').where('guest_id', 'is not', null).where('product_id', 'in', [shared.id, guestOnly.id]).execute();
    expect(guestLeft).toHaveLength(0);
  });

  it('survives a restart', async () => {
    const first = await startTestServer();
    const product = await insertProduct(first.deps.db);
    const visitor = new HttpClient(first.url);
    await visitor.post('/api/addtocart', { productId: product.id });
    const dataDir = first.dataDir;
    await first.close();

    const second = await startTestServer({ dataDir });
    try {
      const again = new HttpClient(second.url);
      for (const [name, value] of visitor.cookies) again.cookies.set(name, value);
      expect((await again.get('/api/countAddToCartProduct')).body.data).toEqual({ count: 1 });
    } finally {
      await second.close();
    }
  });
});

describe('cart over tRPC', () => {
  it('answers the same procedures in paise', async () => {
    const { client } = await signInAs(server);
    const product = await insertProduct(server.deps.db, { sellingPrice: 129_950, price: 150_000 });
    const added = await client.trpc('mutation', 'cart.addItem', { productId: product.id });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ alreadyInCart: false, line: { quantity: 1, productId: { sellingPrice: 129_950 } } });
    const again = await client.trpc('mutation', 'cart.addItem', { productId: product.id });
    expect(again.body).toMatchObject({ alreadyInCart: true, message: expect.stringMatching(/already in your cart: quantity is now 2/) });
    expect((await client.trpc('query', 'cart.count')).body).toEqual({ count: 1 });
  });
});

describe('cart + and − (cart.changeQuantity)', () => {
  type Line = { _id: string; quantity: number; productId: { _id: string; stock: number } };
  type Refusal = { message: string; data: { httpStatus: number; appCode?: string; fieldErrors?: Record<string, string> | null } };

  /** A signed-in shopper with one line of `product`, and a second tab: another client on the same cookies. */
  async function twoTabs(product: { id: string }) {
    const { client, user } = await signInAs(server);
    const added = await client.trpc<{ line: Line }>('mutation', 'cart.addItem', { productId: product.id });
    expect(added.status).toBe(200);
    const tab2 = new HttpClient(server.url, { cookies: client.cookies });
    return { tab1: client, tab2, user, lineId: added.body.line._id };
  }
  const change = (tab: HttpClient, lineId: string, by: unknown) => tab.trpc<Line & Refusal>('mutation', 'cart.changeQuantity', { _id: lineId, change: by });

  it("steps from the server's figure, so a stale tab's + never lowers the quantity", async () => {
    const product = await insertProduct(server.deps.db, { stock: 10 });
    const { tab1, tab2, user, lineId } = await twoTabs(product);
    // Tab 1 shows 1 and goes to 3; tab 2 still shows 1. Its + used to send 1 + 1 = 2.
    expect((await change(tab1, lineId, 1)).body.quantity).toBe(2);
    expect((await change(tab1, lineId, 1)).body.quantity).toBe(3);
    const stale = await change(tab2, lineId, 1);
    expect(stale.status).toBe(200);
    expect(stale.body).toMatchObject({ _id: lineId, quantity: 4, productId: { _id: product.id } });
    expect((await change(tab2, lineId, -1)).body.quantity).toBe(3);
    expect((await cartRows(user.id))[0]?.quantity).toBe(3);
  });

  it('adds two when two tabs press + at the same moment', async () => {
    const product = await insertProduct(server.deps.db, { stock: 10 });
    const { tab1, tab2, user, lineId } = await twoTabs(product);
    for (const expected of [3, 5, 7]) {
      const replies = await Promise.all([change(tab1, lineId, 1), change(tab2, lineId, 1)]);
      expect(replies.map((r) => r.status)).toEqual([200, 200]);
      expect(replies.map((r) => r.body.quantity).sort()).toEqual([expected - 1, expected]);
      expect((await cartRows(user.id))[0]?.quantity).toBe(expected);
    }
  });

  it('stops at the stock, also when two tabs race for the last unit, and says why', async () => {
    const product = await insertProduct(server.deps.db, { stock: 3 });
    const { tab1, tab2, user, lineId } = await twoTabs(product);
    expect((await change(tab1, lineId, 1)).body.quantity).toBe(2);
    const replies = await Promise.all([change(tab1, lineId, 1), change(tab2, lineId, 1)]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
    const refused = replies.find((r) => r.status === 409)!;
    expect(refused.body.message).toBe(`Only 3 of ${product.productName} left in stock (your cart already has 3)`);
    expect(refused.body.data.appCode).toBe('OUT_OF_STOCK');
    expect((await cartRows(user.id))[0]?.quantity).toBe(3);
    expect((await change(tab2, lineId, 1)).status).toBe(409);
    expect((await cartRows(user.id))[0]?.quantity).toBe(3);
  });

  it('stops at 10 per line for a product whose stock is not counted', async () => {
    const product = await insertProduct(server.deps.db, { stock: 0, trackStock: false });
    const { tab1, user, lineId } = await twoTabs(product);
    expect((await change(tab1, lineId, 9)).body.quantity).toBe(10);
    const over = await change(tab1, lineId, 1);
    expect(over.status).toBe(400);
    expect(over.body.message).toBe(`You can have at most 10 of ${product.productName} in your cart`);
    expect((await cartRows(user.id))[0]?.quantity).toBe(10);
  });

  it('goes down even while the line holds more than is left, but never below 1', async () => {
    const product = await insertProduct(server.deps.db, { stock: 5 });
    const { tab1, user, lineId } = await twoTabs(product);
    expect((await change(tab1, lineId, 4)).body.quantity).toBe(5);
    await server.deps.db.updateTable('products').set({ stock: 2 }).where('id', '=', product.id).execute();
    await server.deps.db.updateTable('product_variants').set({ stock: 2 }).where('product_id', '=', product.id).execute();
    const down = await change(tab1, lineId, -1);
    expect(down.body).toMatchObject({ quantity: 4, productId: { stock: 2 } });
    expect((await change(tab1, lineId, 1)).status).toBe(409);

    const below = await change(tab1, lineId, -4);
    expect(below.status).toBe(400);
    expect(below.body.data.fieldErrors).toEqual({ change: 'takes the quantity below 1 (it is 4)' });
    expect((await cartRows(user.id))[0]?.quantity).toBe(4);
  });

  it.each([
    ['zero', 0],
    ['a fraction', 0.5],
    ['text', 'one'],
    ['a numeric string', '1'],
    ['null', null],
    ['10', 10],
    ['-10', -10],
  ])('refuses a change of %s with a 400 naming the field', async (_name, by) => {
    const product = await insertProduct(server.deps.db, { stock: 10 });
    const { tab1, user, lineId } = await twoTabs(product);
    const reply = await change(tab1, lineId, by);
    expect(reply.status).toBe(400);
    expect(Object.keys(reply.body.data.fieldErrors ?? {})).toEqual(['change']);
    expect(reply.body.message).toMatch(/^change /);
    expect((await cartRows(user.id))[0]?.quantity).toBe(1);
  });

  it("refuses another shopper's line, and a visitor's, with a 404", async () => {
    const product = await insertProduct(server.deps.db, { stock: 10 });
    const { user, lineId } = await twoTabs(product);
    const other = await signInAs(server);
    expect((await change(other.client, lineId, 1)).status).toBe(404);
    expect((await change(new HttpClient(server.url), lineId, 1)).status).toBe(404);
    expect((await cartRows(user.id))[0]?.quantity).toBe(1);
  });

  it('keeps /api/update-cart-product an absolute quantity, as the contract has it', async () => {
    const product = await insertProduct(server.deps.db, { stock: 10 });
    const { tab1, tab2, lineId } = await twoTabs(product);
    await change(tab1, lineId, 4);
    const set = await tab2.post('/api/update-cart-product', { _id: lineId, quantity: 2 });
    expect(set.body).toMatchObject({ success: true, message: 'Product Updated', data: { _id: lineId, quantity: 2 } });
  });

  it('shows each line the stock a shopper may see: exact up to 10, and counting what their own open checkout holds', async () => {
    const plenty = await insertProduct(server.deps.db, { stock: 33 });
    const scarce = await insertProduct(server.deps.db, { stock: 3 });
    const { client } = await signInAs(server);
    await client.trpc('mutation', 'cart.addItem', { productId: plenty.id });
    const added = await client.trpc<{ line: Line }>('mutation', 'cart.addItem', { productId: scarce.id });
    expect(added.body.line.productId.stock).toBe(3);
    const stockOf = async () => Object.fromEntries((await client.trpc<Line[]>('query', 'cart.list')).body.map((l) => [l.productId._id, l.productId.stock]));
    expect(await stockOf()).toEqual({ [plenty.id]: 10, [scarce.id]: 3 });
    const api = await client.get('/api/view-card-product');
    expect(api.body.data.map((l: { productId: { stock: number } }) => l.productId.stock)).toEqual([10, 3]);

    // An open checkout holds all three scarce units (0 left for sale): they are still this shopper's.
    expect((await client.trpc('mutation', 'cart.changeQuantity', { _id: added.body.line._id, change: 2 })).status).toBe(200);
    const started = await client.post('/api/checkout', {});
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const row = await server.deps.db.selectFrom('products').select('stock').where('id', '=', scarce.id).executeTakeFirstOrThrow();
    expect(row.stock).toBe(0);
    expect(await stockOf()).toEqual({ [plenty.id]: 10, [scarce.id]: 3 });
    const more = await client.trpc<Refusal>('mutation', 'cart.changeQuantity', { _id: added.body.line._id, change: 1 });
    expect(more.body.message).toBe(`Only 3 of ${scarce.productName} left in stock (your cart already has 3)`);
  });
});

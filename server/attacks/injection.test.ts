import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct, signInAs, type TestProduct, type TestUser } from '../testing/factories';
import { snapshotDb } from '../testing/db-snapshot';
import { HttpClient, startTestServer, type HttpReply, type TestServer } from '../testing/test-server';
import { expectApiRefusal, expectNoLeak, expectTrpcRefusal, timed, type Envelope, type TrpcError } from './attack-kit';

/**
 * Hostile input: bodies built to blow the stack or the memory, SQL and FTS5 syntax where text
 * is expected, prototype pollution, and values of the wrong type. Each gets a clear 4xx (or,
 * for search, an ordinary list), never a 500, and writes nothing.
 */
let server: TestServer;
let visitor: HttpClient;
let admin: HttpClient;
let shopper: { client: HttpClient; user: TestUser };
let phone: TestProduct;
let lineId: string;

beforeAll(async () => {
  server = await startTestServer();
  visitor = new HttpClient(server.url);
  admin = (await signInAs(server, 'ADMIN')).client;
  shopper = await signInAs(server);
  phone = await insertProduct(server.deps.db, { productName: 'Zenith Phone', brandName: 'Zenith', description: 'A phone for tests.' });
  await insertProduct(server.deps.db, { productName: 'Aurora Buds', brandName: 'Aurora', category: 'earphones', description: 'Buds for tests.' });
  lineId = (await shopper.client.post<Envelope<{ _id: string }>>('/api/addtocart', { productId: phone.id })).body.data._id;
});

afterAll(async () => {
  await server.close();
});

const TOO_DEEP = 'The request body nests too deeply (at most 32 levels of arrays and objects)';
const NOT_JSON = 'The request body is not valid JSON';

const deepArray = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
const deepObject = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

describe('deeply nested JSON is refused before anything walks it', () => {
  const SHAPES = [
    ['arrays', deepArray(10_000)],
    ['objects', deepObject(10_000)],
  ] as const;
  // filter-product's `data` (a list path) is checked in 'list paths keep data: [] ...' below.
  const API_BODIES: [string, (deep: string) => string, [] | null | undefined][] = [
    ['/api/product-details', (deep) => `{"productId": ${deep}}`, null],
    ['/api/filter-product', (deep) => `{"category": ${deep}}`, undefined],
    ['/api/signin', (deep) => `{"email": ${deep}, "password": "x"}`, null],
    ['/api/addtocart', (deep) => `{"productId": ${deep}}`, null],
  ];

  describe.each(SHAPES)('10,000 levels of %s', (_shape, deep) => {
    it.each(API_BODIES)('%s → 400 "nests too deeply", quickly', async (path, body, empty) => {
      const before = await snapshotDb(server.deps.db);
      const { result, ms } = await timed(() => shopper.client.post(path, body(deep)));
      expectApiRefusal(result, 400, TOO_DEEP, empty);
      expect(ms).toBeLessThan(1000);
      expect(await snapshotDb(server.deps.db)).toEqual(before);
    });

    it('a /trpc POST mutation (cart.addItem, and the same in a batch) → 400, quickly', async () => {
      const before = await snapshotDb(server.deps.db);
      for (const [path, body] of [
        ['/trpc/cart.addItem', `{"productId": ${deep}}`],
        ['/trpc/cart.addItem,cart.addItem?batch=1', `{"0": {"productId": ${deep}}, "1": {"productId": "x"}}`],
      ] as const) {
        const { result, ms } = await timed(() => shopper.client.post<{ error: TrpcError }>(path, body));
        expect(result.status).toBe(400);
        expect(result.body.error.message).toBe(TOO_DEEP);
        expectNoLeak(result);
        expect(ms).toBeLessThan(1000);
      }
      expect(await snapshotDb(server.deps.db)).toEqual(before);
    });
  });

  // The query's input travels in the URL, so the depth is what a URL under Node's 16 KB header
  // limit can carry: 2,000 levels of arrays, 1,500 of objects (`{"":` is 8 characters encoded).
  it.each([
    ['2,000 levels of arrays', `{%22productId%22:${deepArray(2_000)}}`],
    ['1,500 levels of objects', `{%22productId%22:${'{%22%22:'.repeat(1_500)}1${'}'.repeat(1_500)}}`],
  ])('a /trpc GET query (catalog.details?input=) with %s → 400, quickly', async (_name, input) => {
    for (const path of [`/trpc/catalog.details?input=${input}`, `/trpc/catalog.details,catalog.search?batch=1&input={%220%22:${input}}`]) {
      expect(path.length).toBeLessThan(16_000);
      const { result, ms } = await timed(() => visitor.get<{ error: TrpcError }>(path));
      expect(result.status).toBe(400);
      expect(result.body.error.message).toBe(TOO_DEEP);
      expectNoLeak(result);
      expect(ms).toBeLessThan(1000);
    }
  });

  it('32 levels, the limit, are still parsed (and then refused by the schema, naming the field)', async () => {
    const reply = await visitor.post('/api/product-details', `{"productId": ${deepArray(31)}}`);
    expectApiRefusal(reply, 400, /productId/, null);
  });
});

describe('malformed and oversized bodies', () => {
  it.each([
    ['cut short', '{"productId": "abc"'],
    ['single quotes', "{'productId': 'abc'}"],
    ['a trailing comma', '{"productId": "abc",}'],
    ['NaN', '{"productId": NaN}'],
    ['two documents', '{"productId": "a"}{"productId": "b"}'],
    ['a bare word', 'undefined'],
  ])('/api: JSON %s → 400 "not valid JSON"', async (_name, body) => {
    const before = await snapshotDb(server.deps.db);
    expectApiRefusal(await shopper.client.post('/api/addtocart', body), 400, NOT_JSON, null);
    expect(await snapshotDb(server.deps.db)).toEqual(before);
  });

  it('/trpc: malformed JSON in a mutation body or a query input → 400 that says JSON', async () => {
    const before = await snapshotDb(server.deps.db);
    for (const reply of [
      await shopper.client.post<{ error: TrpcError }>('/trpc/cart.addItem', '{"productId": "abc"'),
      await shopper.client.post<{ error: TrpcError }>('/trpc/cart.addItem', "{'productId': 'abc'}"),
      await visitor.get<{ error: TrpcError }>('/trpc/catalog.details?input={bad'),
    ]) {
      expect(reply.status).toBe(400);
      expect(reply.body.error.message).toMatch(/JSON/);
      expectNoLeak(reply);
    }
    expect(await snapshotDb(server.deps.db)).toEqual(before);
  });

  it('a body over 10 MB → 413 with a message naming the limit, on /api and /trpc', async () => {
    const before = await snapshotDb(server.deps.db);
    const huge = JSON.stringify({ email: `${'x'.repeat(10 * 1024 * 1024 + 1)}@example.com`, password: 'x' });
    const api = await visitor.post('/api/signin', huge);
    expectApiRefusal(api, 413, 'The request body is too large (at most 10 MB)', null);
    const trpc = await visitor.post<{ error: TrpcError }>('/trpc/account.signIn', huge);
    expect(trpc.status).toBe(413);
    expect(trpc.body.error.message).toBe('The request body is too large (at most 10 MB)');
    expect(await snapshotDb(server.deps.db)).toEqual(before);
  });

  it('list paths keep data: [] in these refusals too (the contract: clients call data.map unguarded)', async () => {
    const replies = {
      tooDeep: await visitor.post('/api/filter-product', `{"category": ${deepArray(10_000)}}`),
      notJson: await visitor.post('/api/filter-product', '{"category": ['),
      tooLarge: await visitor.post('/api/category-product', JSON.stringify({ category: 'x'.repeat(10 * 1024 * 1024 + 1) })),
    };
    expectApiRefusal(replies.tooDeep, 400, TOO_DEEP, []);
    expectApiRefusal(replies.notJson, 400, NOT_JSON, []);
    expectApiRefusal(replies.tooLarge, 413, 'The request body is too large (at most 10 MB)', []);
  });

  it('a huge flat list (500,000 categories) is refused by its size, quickly', async () => {
    const body = JSON.stringify({ category: Array.from({ length: 500_000 }, () => 'mobiles') });
    const { result, ms } = await timed(() => visitor.post('/api/filter-product', body));
    expectApiRefusal(result, 400, 'categories lists too many values', []);
    expect(ms).toBeLessThan(2000);
  });
});

describe('SQL and FTS5 syntax in search', () => {
  const PAYLOADS = [
    '" OR 1=1 --',
    "' OR '1'='1",
    "'; DROP TABLE products; --",
    'NEAR(',
    'NEAR(zenith aurora, 1)',
    '*',
    'zen*',
    'products_fts MATCH',
    "products_fts MATCH '*'",
    '"unbalanced',
    "unbalanced'",
    '(((',
    'zenith AND',
    'NOT zenith',
    '-zenith',
    '^zenith',
    'product_name:zenith',
    '{product_name brand_name}: zenith',
    'a\u0000b',
    '\u0000',
    'x'.repeat(1000),
    'zenith '.repeat(142).slice(0, 1000),
    '😀📱 phone',
    'ｚｅｎｉｔｈ',
    '%',
    '_',
    '\\',
  ];

  it.each(PAYLOADS.map((q) => [JSON.stringify(q).slice(0, 50), q]))('/api/search?q=%s → 200 with a list', async (_label, q) => {
    const reply = await visitor.get<Envelope<unknown[]>>(`/api/search?q=${encodeURIComponent(q)}`);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ success: true, error: false, message: 'Search Product list' });
    expect(Array.isArray(reply.body.data)).toBe(true);
    expectNoLeak(reply);
    const trpc = await visitor.trpc<{ items: unknown[] }>('query', 'catalog.search', { q });
    expect(trpc.status).toBe(200);
    expect(Array.isArray(trpc.body.items)).toBe(true);
  });

  it('SQL in the query matches words, not the whole catalogue; the index still works afterwards', async () => {
    const names = async (q: string) => (await visitor.get<Envelope<{ productName: string }[]>>(`/api/search?q=${encodeURIComponent(q)}`)).body.data.map((p) => p.productName);
    expect(await names('" OR 1=1 --')).toEqual([]);
    expect(await names("' OR ''='")).toEqual([]);
    expect(await names('zenith" OR "aurora')).toEqual([]);
    expect(await names('zen')).toEqual(['Zenith Phone']);
    expect(await names('aurora buds')).toEqual(['Aurora Buds']);
  });

  it('a q over 1,000 characters, or given twice (a list), → 400 naming q', async () => {
    expectApiRefusal(await visitor.get(`/api/search?q=${'x'.repeat(1001)}`), 400, 'q must be at most 1000 characters', []);
    expectApiRefusal(await visitor.get('/api/search?q=a&q=b'), 400, 'q must be text', []);
  });

  it('a forged cursor or sort → 400 naming it', async () => {
    expectTrpcRefusal(await visitor.trpc('query', 'catalog.search', { q: 'zenith', cursor: "' OR 1=1 --" }), 400, 'cursor is not valid');
    const forged = Buffer.from(JSON.stringify(["1' OR '1'='1", 'x'])).toString('base64url');
    expectTrpcRefusal(await visitor.trpc('query', 'catalog.search', { q: 'zenith', cursor: forged }), 400, 'cursor is not valid');
    expectTrpcRefusal(await visitor.trpc('query', 'catalog.list', { cursor: forged, sort: 'asc' }), 400, 'cursor is not valid');
    expectTrpcRefusal(await visitor.trpc('query', 'catalog.search', { q: 'zenith', sort: 'price; DROP TABLE products' }), 400, /^sort must be one of/);
  });
});

describe('SQL in ids', () => {
  const SQL_IDS = ["1' OR '1'='1", "' OR 1=1 --", "x'; DROP TABLE products; --", '" OR ""="', '1 UNION SELECT password_hash FROM users'];

  it.each(SQL_IDS)('productId %j → 404 "Product not found" (details, add to cart), nothing written', async (id) => {
    const before = await snapshotDb(server.deps.db);
    expectApiRefusal(await visitor.post('/api/product-details', { productId: id }), 404, 'Product not found', null);
    expectTrpcRefusal(await visitor.trpc('query', 'catalog.details', { productId: id }), 404, 'Product not found');
    expectApiRefusal(await shopper.client.post('/api/addtocart', { productId: id }), 404, 'Product not found', null);
    expect(await snapshotDb(server.deps.db)).toEqual(before);
  });

  it.each(SQL_IDS)('cart line _id %j → 404 "Cart item not found", the shopper’s line untouched', async (id) => {
    const before = await snapshotDb(server.deps.db);
    expectApiRefusal(await shopper.client.post('/api/update-cart-product', { _id: id, quantity: 3 }), 404, 'Cart item not found', null);
    expectApiRefusal(await shopper.client.post('/api/delete-cart-product', { _id: id }), 404, 'Cart item not found', null);
    expect(await snapshotDb(server.deps.db)).toEqual(before);
  });

  it.each(SQL_IDS)('admin paths with the id %j archive nothing and promote no one', async (id) => {
    const before = await snapshotDb(server.deps.db);
    expectApiRefusal(await admin.post('/api/delete-product', { _id: id }), 404, 'Product not found', null);
    expectApiRefusal(await admin.post('/api/update-user', { userId: id, role: 'ADMIN' }), 404, 'User not found', null);
    expectTrpcRefusal(await admin.trpc('mutation', 'admin.setOrderStatus', { orderId: id, status: 'shipped' }), 404, 'Order not found');
    expect(await snapshotDb(server.deps.db)).toEqual(before);
  });

  it('a category with SQL in it → 400 naming the category, not a list of everything', async () => {
    // Refused by its form before any query (a category's value is letters, digits and hyphens).
    expectApiRefusal(await visitor.post('/api/category-product', { category: "mobiles' OR 1=1 --" }), 400, /^category must be a category’s value/, []);
    expectApiRefusal(await visitor.post('/api/filter-product', { category: ["mobiles' OR '1'='1"] }), 400, /category must be a category’s value/, []);
  });
});

describe('prototype pollution', () => {
  const signUp = (email: string, extra: string) => `{"name":"Proto","email":"${email}","password":"correct horse battery","confirmPassword":"correct horse battery",${extra}}`;
  const POLLUTERS = [
    ['__proto__', '"__proto__":{"role":"ADMIN","isAdmin":true}'],
    ['constructor.prototype', '"constructor":{"prototype":{"role":"ADMIN","isAdmin":true}}'],
    ['both, nested', '"profile":{"__proto__":{"role":"ADMIN"}},"__proto__":{"__proto__":{"role":"ADMIN"}}'],
  ] as const;

  afterAll(() => {
    // Belt and braces: whatever happened above, never leave a polluted prototype to later files.
    for (const key of ['role', 'isAdmin']) delete (Object.prototype as Record<string, unknown>)[key];
  });

  const expectUnpolluted = async () => {
    expect(({} as Record<string, unknown>).role).toBeUndefined();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    // A pollution that reached the role check would let a visitor in.
    expectApiRefusal(await new HttpClient(server.url).get('/api/all-user'), 401, 'Please Login...!', []);
  };

  it.each(POLLUTERS)('sign-up with %s creates a GENERAL user and pollutes nothing (/api and /trpc)', async (_name, extra) => {
    const stamp = `${Date.now()}-${Math.random().toString(36).slice(2)}`;
    const api = await new HttpClient(server.url).post<Envelope<{ role: string }>>('/api/signup', signUp(`proto-api-${stamp}@example.com`, extra));
    expect(api.status).toBe(201);
    expect(api.body.data.role).toBe('GENERAL');
    const trpc = await new HttpClient(server.url).post<{ result: { data: { role: string } } }>('/trpc/account.signUp', signUp(`proto-trpc-${stamp}@example.com`, extra));
    expect(trpc.status).toBe(200);
    expect(trpc.body.result.data.role).toBe('GENERAL');
    const roles = await server.deps.db.selectFrom('users').select('role').where('email', 'like', `proto-%-${stamp}@example.com`).execute();
    expect(roles).toEqual([{ role: 'GENERAL' }, { role: 'GENERAL' }]);
    await expectUnpolluted();
  });

  it.each(POLLUTERS)('update paths with %s change nothing and grant nothing', async (_name, extra) => {
    const before = await snapshotDb(server.deps.db);
    // A shopper promoting themselves: refused for the role, whatever the body says.
    expectApiRefusal(await shopper.client.post('/api/update-user', `{"userId":"${shopper.user.id}",${extra}}`), 403, 'Permission denied: this needs an admin account.', null);
    // An admin's request whose role only sits on the prototype: it has no role.
    expectApiRefusal(await admin.post('/api/update-user', `{"userId":"${shopper.user.id}",${extra}}`), 400, 'role must be ADMIN or GENERAL', null);
    expectApiRefusal(await shopper.client.post('/api/update-cart-product', `{"_id":"${lineId}","__proto__":{"quantity":10},${extra}}`), 400, /^quantity/, null);
    expectApiRefusal(await shopper.client.post('/api/addtocart', `{"__proto__":{"productId":"${phone.id}"},${extra}}`), 400, 'productId is required', null);
    expectApiRefusal(await admin.post('/api/update-product', `{"_id":"${phone.id}","__proto__":{"price":1,"sellingPrice":1},${extra}}`), 400, /productName|price/, null);
    const trpc = await admin.post<{ error: TrpcError }>('/trpc/account.updateRole', `{"userId":"${shopper.user.id}",${extra}}`);
    expect(trpc.status).toBe(400);
    expect(trpc.body.error.message).toBe('role must be ADMIN or GENERAL');
    expect(await snapshotDb(server.deps.db)).toEqual(before);
    expect((await shopper.client.get<Envelope<{ role: string }>>('/api/user-details')).body.data.role).toBe('GENERAL');
    await expectUnpolluted();
  });
});

describe('values of the wrong type where text is expected', () => {
  const WRONG = [
    ['a number', 42],
    ['an array', ['x']],
    ['an object', { $gt: '' }],
    ['null', null],
    ['a boolean', true],
  ] as const;

  type Case = { path: string; field: string; message?: RegExp; empty: [] | null; client: () => HttpClient; body: (value: unknown) => Record<string, unknown> };
  const pw = 'correct horse battery';
  const CASES: Case[] = [
    { path: '/api/product-details', field: 'productId', empty: null, client: () => visitor, body: (v) => ({ productId: v }) },
    { path: '/api/addtocart', field: 'productId', empty: null, client: () => shopper.client, body: (v) => ({ productId: v }) },
    { path: '/api/signin', field: 'email', empty: null, client: () => new HttpClient(server.url), body: (v) => ({ email: v, password: pw }) },
    { path: '/api/signin', field: 'password', empty: null, client: () => new HttpClient(server.url), body: (v) => ({ email: 'someone@example.com', password: v }) },
    {
      path: '/api/signup',
      field: 'name',
      empty: null,
      client: () => new HttpClient(server.url),
      body: (v) => ({ name: v, email: 'typed@example.com', password: pw, confirmPassword: pw }),
    },
    { path: '/api/signup', field: 'email', empty: null, client: () => new HttpClient(server.url), body: (v) => ({ name: 'N', email: v, password: pw, confirmPassword: pw }) },
    {
      path: '/api/signup',
      field: 'profilePic',
      empty: null,
      client: () => new HttpClient(server.url),
      body: (v) => ({ name: 'N', email: 'typed@example.com', password: pw, confirmPassword: pw, profilePic: v }),
    },
    { path: '/api/update-cart-product', field: '_id', empty: null, client: () => shopper.client, body: (v) => ({ _id: v, quantity: 2 }) },
    { path: '/api/delete-cart-product', field: '_id', empty: null, client: () => shopper.client, body: (v) => ({ _id: v }) },
    { path: '/api/update-user', field: 'userId', empty: null, client: () => admin, body: (v) => ({ userId: v, role: 'ADMIN' }) },
    { path: '/api/category-product', field: 'category', empty: [], client: () => visitor, body: (v) => ({ category: v }) },
    // The legacy body calls it `category`; the procedure `categories`.
    { path: '/api/filter-product', field: 'categor', empty: [], client: () => visitor, body: (v) => ({ category: v }) },
  ];

  describe.each(WRONG)('%s', (_name, value) => {
    it.each(CASES)('$path with $field → 400 naming the field', async ({ path, field, empty, client, body }) => {
      const before = await snapshotDb(server.deps.db);
      const reply = await client().post<Envelope>(path, body(value));
      expectApiRefusal(reply, 400, new RegExp(field.replace('_', '_?')), empty);
      expect(Object.keys(reply.body.fieldErrors ?? {}).join(' ')).toMatch(new RegExp(field === 'categor' ? 'categories' : `^${field}`));
      expect(await snapshotDb(server.deps.db)).toEqual(before);
    });
  });

  it.each([
    ['a string', '2'],
    ['a fraction', 1.5],
    ['zero', 0],
    ['a negative number', -3],
    ['1e308', 1e308],
    ['an array', [2]],
    ['null', null],
  ])('a quantity that is %s → 400 naming quantity, the line unchanged', async (_name, quantity) => {
    const before = await snapshotDb(server.deps.db);
    const reply = await shopper.client.post<Envelope>('/api/update-cart-product', { _id: lineId, quantity });
    expectApiRefusal(reply, 400, /quantity/, null);
    expect(await snapshotDb(server.deps.db)).toEqual(before);
  });

  it('the same on /trpc: a wrong type is a 400 naming the field', async () => {
    const replies: HttpReply[] = [
      await visitor.trpc('query', 'catalog.details', { productId: 42 }),
      await shopper.client.trpc('mutation', 'cart.addItem', { productId: ['x'] }),
      await new HttpClient(server.url).trpc('mutation', 'account.signIn', { email: { $ne: null }, password: pw }),
    ];
    expectTrpcRefusal(replies[0]!, 400, 'productId is required');
    expectTrpcRefusal(replies[1]!, 400, 'productId is required');
    expectTrpcRefusal(replies[2]!, 400, 'email is required');
  });
});

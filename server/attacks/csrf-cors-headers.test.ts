import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { insertProduct, insertUser, signInAs, type TestProduct, type TestUser } from '../testing/factories';
import { STATE_TABLES, snapshotDb } from '../testing/db-snapshot';
import { HttpClient, startTestServer, type HttpReply, type TestServer } from '../testing/test-server';
import { SESSION_COOKIE } from '../sessions/session';
import { twoTone } from '../images/image.fixtures';
import { CROSS_SITE_REFUSED, SEND_JSON, crossSite, expectApiRefusal, expectNoLeak, rawRequest, type Envelope, type TrpcError } from './attack-kit';
import { storedImageNames } from '../testing/stored-images';

/**
 * Cross-site request forgery, cross-origin reads and the headers that keep the shop's pages
 * and replies from being framed, sniffed or scripted.
 */
const EVIL = 'https://evil.example';
/** Sign-ins and sessions change on a successful login CSRF: compared along with the shop's state. */
const WATCHED_TABLES = [...STATE_TABLES, 'sessions', 'login_attempts'];

let server: TestServer;
let admin: { client: HttpClient; user: TestUser };
let shopper: { client: HttpClient; user: TestUser };
let product: TestProduct;
let lineId: string;

/** Closed after the tests: servers and temp folders this file started. */
const cleanups: (() => Promise<void> | void)[] = [];

beforeAll(async () => {
  server = await startTestServer();
  cleanups.push(() => server.close());
  admin = await signInAs(server, 'ADMIN');
  shopper = await signInAs(server);
  product = await insertProduct(server.deps.db, { stock: 20 });
  lineId = (await shopper.client.post<Envelope<{ _id: string }>>('/api/addtocart', { productId: product.id })).body.data._id;
});

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function listen(handler: http.RequestListener): Promise<{ url: string; server: http.Server }> {
  const listener = http.createServer(handler);
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        listener.closeAllConnections();
        listener.close(() => resolve());
      }),
  );
  return { url: `http://127.0.0.1:${(listener.address() as AddressInfo).port}`, server: listener };
}

const png = () => twoTone(40, 30).png().toBuffer();

function multipart(bytes: Buffer): FormData {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'a.png');
  return form;
}

describe('cross-site POSTs are refused with 403 and change nothing', () => {
  type Forger = { name: string; client: (victim: HttpClient) => HttpClient; headers: Record<string, string> };
  const FORGERS: Forger[] = [
    { name: 'Origin https://evil.example', client: (v) => crossSite(v, EVIL), headers: {} },
    { name: 'Origin null (a sandboxed frame or data: page)', client: (v) => crossSite(v, 'null'), headers: {} },
    { name: 'no Origin, a Referer from evil.example', client: (v) => crossSite(v, null), headers: { referer: `${EVIL}/win-a-phone.html` } },
    { name: 'a look-alike origin (the shop’s, then .evil.example)', client: (v) => crossSite(v, `${v.baseUrl}.evil.example`), headers: {} },
    { name: 'the shop’s host under another scheme', client: (v) => crossSite(v, v.baseUrl.replace('http:', 'https:')), headers: {} },
  ];

  type Attack = { name: string; victim: () => HttpClient; send: (client: HttpClient, headers: Record<string, string>) => Promise<HttpReply> };
  // Bodies are built when the test runs: the ids they name exist only after beforeAll.
  const trpc = (procedure: string, input: () => unknown) => (c: HttpClient, headers: Record<string, string>) => c.post(`/trpc/${procedure}`, input(), { headers });
  const api = (p: string, body: () => unknown) => (c: HttpClient, headers: Record<string, string>) => c.post(p, body(), { headers });
  const ATTACKS: Attack[] = [
    {
      name: 'POST /api/signin (log the victim into the attacker’s account)',
      victim: () => new HttpClient(server.url),
      send: api('/api/signin', () => ({ email: 'attacker@example.com', password: 'attacker password' })),
    },
    {
      name: 'POST /api/signup',
      victim: () => new HttpClient(server.url),
      send: api('/api/signup', () => ({ name: 'X', email: 'csrf@example.com', password: 'password123', confirmPassword: 'password123' })),
    },
    { name: 'POST /api/addtocart', victim: () => shopper.client, send: api('/api/addtocart', () => ({ productId: product.id })) },
    { name: 'POST /api/update-cart-product', victim: () => shopper.client, send: api('/api/update-cart-product', () => ({ _id: lineId, quantity: 10 })) },
    { name: 'POST /api/delete-cart-product', victim: () => shopper.client, send: api('/api/delete-cart-product', () => ({ _id: lineId })) },
    { name: 'POST /api/checkout', victim: () => shopper.client, send: api('/api/checkout', () => ({})) },
    {
      name: 'POST /api/update-user (an admin’s cookie promoting the attacker)',
      victim: () => admin.client,
      send: api('/api/update-user', () => ({ userId: shopper.user.id, role: 'ADMIN' })),
    },
    {
      name: 'POST /api/upload-product (admin)',
      victim: () => admin.client,
      send: api('/api/upload-product', () => ({ productName: 'Forged', brandName: 'X', category: 'mobiles', productImage: ['/images/x.webp'], price: 10, sellingPrice: 1 })),
    },
    { name: 'POST /api/delete-product (admin)', victim: () => admin.client, send: api('/api/delete-product', () => ({ _id: product.id })) },
    {
      name: 'POST /api/upload-image (admin, multipart)',
      victim: () => admin.client,
      send: async (c, headers) => c.request('/api/upload-image', { method: 'POST', body: multipart(await png()), headers }),
    },
    { name: 'POST /trpc/account.updateRole (admin)', victim: () => admin.client, send: trpc('account.updateRole', () => ({ userId: shopper.user.id, role: 'ADMIN' })) },
    { name: 'POST /trpc/catalog.archive (admin)', victim: () => admin.client, send: trpc('catalog.archive', () => ({ productId: product.id })) },
    { name: 'POST /trpc/cart.addItem', victim: () => shopper.client, send: trpc('cart.addItem', () => ({ productId: product.id })) },
    { name: 'POST /trpc/checkout.start', victim: () => shopper.client, send: trpc('checkout.start', () => ({})) },
    { name: 'POST /trpc/account.logout', victim: () => shopper.client, send: trpc('account.logout', () => undefined) },
    {
      name: 'POST /trpc batch (cart.addItem + account.updateRole)',
      victim: () => admin.client,
      send: (c, headers) => c.post('/trpc/cart.addItem,account.updateRole?batch=1', { 0: { productId: product.id }, 1: { userId: shopper.user.id, role: 'ADMIN' } }, { headers }),
    },
  ];

  describe.each(FORGERS)('$name', ({ client, headers }) => {
    it.each(ATTACKS)('$name → 403', async ({ name, victim, send }) => {
      const before = await snapshotDb(server.deps.db, WATCHED_TABLES);
      const images = await storedImageNames(server.deps.db, server.deps.env.imagesDir);
      const reply = await send(client(victim()), headers);
      expect(reply.status).toBe(403);
      if (name.startsWith('POST /api/')) {
        expectApiRefusal(reply, 403, CROSS_SITE_REFUSED, null);
      } else {
        expect((reply.body as { error: TrpcError }).error).toMatchObject({ message: CROSS_SITE_REFUSED, data: { httpStatus: 403 } });
        expectNoLeak(reply);
      }
      expect(reply.headers.getSetCookie()).toEqual([]);
      expect(reply.headers.get('access-control-allow-origin')).toBeNull();
      expect(await snapshotDb(server.deps.db, WATCHED_TABLES)).toEqual(before);
      expect(await storedImageNames(server.deps.db, server.deps.env.imagesDir)).toEqual(images);
    });
  });

  it('the same requests from the shop’s own pages go through (the refusals are about the origin)', async () => {
    expect((await shopper.client.post('/api/update-cart-product', { _id: lineId, quantity: 2 })).status).toBe(200);
    expect((await shopper.client.post('/api/addtocart', { productId: product.id }, { headers: { referer: `${server.url}/product/${product.id}` } })).status).toBe(200);
    expect((await shopper.client.trpc('query', 'cart.count')).body).toEqual({ count: 1 });
    // A non-browser client (no Origin, no Referer) is no cookie-riding page: allowed.
    expect((await crossSite(shopper.client, null).post('/api/update-cart-product', { _id: lineId, quantity: 1 })).status).toBe(200);
  });
});

describe('bodies a cross-site form can send are refused on JSON paths (415)', () => {
  type Case = { name: string; client: () => HttpClient; path: string; contentType: string | null; body: string | FormData };
  const form = () => {
    const f = new FormData();
    f.append('productId', 'x');
    return f;
  };
  const CASES: Case[] = [
    { name: 'form-urlencoded to /api/addtocart', client: () => shopper.client, path: '/api/addtocart', contentType: 'application/x-www-form-urlencoded', body: 'productId=abc' },
    { name: 'text/plain JSON to /api/signin', client: () => new HttpClient(server.url), path: '/api/signin', contentType: 'text/plain', body: '{"email":"a@b.co","password":"x"}' },
    { name: 'multipart to /api/signup', client: () => new HttpClient(server.url), path: '/api/signup', contentType: null, body: form() },
    { name: 'text/plain to /api/update-user (admin)', client: () => admin.client, path: '/api/update-user', contentType: 'text/plain', body: `{"userId":"x","role":"ADMIN"}` },
    { name: 'text/plain to /api/checkout', client: () => shopper.client, path: '/api/checkout', contentType: 'text/plain;charset=UTF-8', body: '{}' },
    {
      name: 'application/json-patch+json to /api/addtocart',
      client: () => shopper.client,
      path: '/api/addtocart',
      contentType: 'application/json-patch+json',
      body: '{"productId":"x"}',
    },
    { name: 'text/plain to /trpc/cart.addItem', client: () => shopper.client, path: '/trpc/cart.addItem', contentType: 'text/plain', body: '{"productId":"x"}' },
    {
      name: 'form-urlencoded to /trpc/account.signIn',
      client: () => new HttpClient(server.url),
      path: '/trpc/account.signIn',
      contentType: 'application/x-www-form-urlencoded',
      body: 'email=a%40b.co&password=x',
    },
    { name: 'multipart to /trpc/account.updateRole (admin)', client: () => admin.client, path: '/trpc/account.updateRole', contentType: null, body: form() },
  ];

  it.each(CASES)('$name → 415, nothing changed', async ({ client, path: p, contentType, body }) => {
    const before = await snapshotDb(server.deps.db, WATCHED_TABLES);
    const reply = await client().request<Envelope | { error: TrpcError }>(p, { method: 'POST', headers: contentType ? { 'content-type': contentType } : {}, body });
    expect(reply.status).toBe(415);
    if (p.startsWith('/api/')) expectApiRefusal(reply, 415, SEND_JSON, null);
    else expect((reply.body as { error: TrpcError }).error).toMatchObject({ message: SEND_JSON, data: { httpStatus: 415 } });
    expect(reply.headers.getSetCookie()).toEqual([]);
    expect(await snapshotDb(server.deps.db, WATCHED_TABLES)).toEqual(before);
  });

  it('a body with no Content-Type at all → 415', async () => {
    const reply = await rawRequest(server.url, '/api/signin', { method: 'POST', headers: { origin: server.url, 'content-length': '30' }, body: '{"email":"a@b.co","password":1}' });
    expect(reply.status).toBe(415);
    expect(JSON.parse(reply.body.toString())).toEqual({ success: false, error: true, message: SEND_JSON, data: null });
  });

  it('list paths keep data: [] in a 403 or 415 (the contract: clients call data.map unguarded)', async () => {
    const forged = await crossSite(shopper.client, EVIL).post('/api/filter-product', { category: ['mobiles'] });
    expectApiRefusal(forged, 403, CROSS_SITE_REFUSED, []);
    const form = await shopper.client.request('/api/category-product', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '{"category":"mobiles"}' });
    expectApiRefusal(form, 415, SEND_JSON, []);
  });
});

describe('security headers', () => {
  function directives(csp: string | null): Map<string, string[]> {
    expect(csp).toBeTruthy();
    return new Map(
      (csp ?? '')
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .filter((parts) => parts[0])
        .map(([name = '', ...values]) => [name.toLowerCase(), values]),
    );
  }

  function expectHardened(reply: { headers: Headers }, label: string): void {
    const h = reply.headers;
    const csp = directives(h.get('content-security-policy'));
    const scripts = csp.get('script-src') ?? csp.get('default-src') ?? [];
    expect({ label, scripts }).toEqual({ label, scripts: expect.arrayContaining(["'self'"]) });
    for (const unsafe of ["'unsafe-inline'", "'unsafe-eval'", '*', 'data:', 'http:', 'https:'])
      expect({ label, scripts }).not.toEqual({ label, scripts: expect.arrayContaining([unsafe]) });
    expect({ label, frameAncestors: csp.get('frame-ancestors') }).toEqual({ label, frameAncestors: ["'none'"] });
    expect({ label, objectSrc: csp.get('object-src') }).toEqual({ label, objectSrc: ["'none'"] });
    expect({ label, baseUri: csp.get('base-uri') }).toEqual({ label, baseUri: ["'self'"] });
    expect({ label, nosniff: h.get('x-content-type-options') }).toEqual({ label, nosniff: 'nosniff' });
    expect({ label, referrer: h.get('referrer-policy') }).toEqual({
      label,
      referrer: expect.stringMatching(/^(no-referrer|same-origin|strict-origin|strict-origin-when-cross-origin)$/),
    });
    expect({ label, frameOptions: h.get('x-frame-options') }).toEqual({ label, frameOptions: expect.stringMatching(/^(DENY|SAMEORIGIN)$/) });
    expect({ label, poweredBy: h.get('x-powered-by') }).toEqual({ label, poweredBy: null });
  }

  it('the HTML client routes (index.html for every page) carry them', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'voltmart-client-'));
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(
      path.join(dir, 'index.html'),
      '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>',
    );
    fs.writeFileSync(path.join(dir, 'assets', 'app.js'), 'console.log("shop")');
    const client = await listen(createApp(server.deps, { client: { kind: 'static', dir } }));
    const headerProduct = await insertProduct(server.deps.db, { productName: 'Header Phone' });
    // A product's page carries its own head; one that is not on sale is a 404 (the app still loads),
    // and so is an address the app has no page for (rendered by the server as the app's not-found page).
    const pages = {
      '/': 200,
      [`/product/${headerProduct.id}`]: 200,
      '/product/abc': 404,
      '/cart': 200,
      '/admin/all-products': 404,
      '/admit-panel/all-products': 200,
      '/search?q=%3Cscript%3E': 200,
      '/assets/app.js': 200,
    };
    for (const [page, status] of Object.entries(pages)) {
      const reply = await fetch(new URL(page, client.url));
      expect({ page, status: reply.status }).toEqual({ page, status });
      if (page !== '/assets/app.js') expect(reply.headers.get('content-type')).toMatch(/^text\/html/);
      expectHardened(reply, page);
    }
  });

  it('API replies carry them too: /api and /trpc, successes, cached replies and errors', async () => {
    const visitor = new HttpClient(server.url);
    const replies: [string, HttpReply][] = [
      ['GET /api/get-product', await visitor.get('/api/get-product')],
      ['GET /api/get-product (from the cache)', await visitor.get('/api/get-product')],
      ['POST /api/product-details 404', await visitor.post('/api/product-details', { productId: 'nope' })],
      ['GET /api/nowhere 404', await visitor.get('/api/nowhere')],
      ['GET /api/all-user 401', await visitor.get('/api/all-user')],
      ['GET /trpc/catalog.list', await visitor.get('/trpc/catalog.list')],
      ['GET /trpc/admin.dashboard 401', await visitor.get('/trpc/admin.dashboard')],
      ['POST /api/addtocart 403 (cross-site)', await crossSite(shopper.client, EVIL).post('/api/addtocart', { productId: product.id })],
      ['GET /images/missing.webp 404', await visitor.get('/images/missing.webp')],
      ['GET /healthz', await visitor.get('/healthz')],
    ];
    for (const [label, reply] of replies) expectHardened(reply, label);
  });

  it('the built-in test checkout page carries them (with its own same-origin referrer policy)', async () => {
    const { client } = await signInAs(server);
    await client.post('/api/addtocart', { productId: product.id });
    const started = await client.post<{ id: string }>('/api/checkout', {});
    const page = await client.get<string>(`/test-checkout/${started.body.id}`);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expectHardened(page, 'test checkout');
    expect(page.headers.get('referrer-policy')).toBe('same-origin');
  });

  it('HSTS is sent when the shop is on https, and not on plain http', async () => {
    expect((await fetch(new URL('/api/get-product', server.url))).headers.get('strict-transport-security')).toBeNull();
    const https = await startTestServer({ env: { PUBLIC_URL: 'https://shop.example' } });
    cleanups.push(() => https.close());
    const reply = await fetch(new URL('/api/get-product', https.url));
    expect(reply.headers.get('strict-transport-security')).toMatch(/max-age=\d{7,}/);
    expectHardened(reply, 'https shop');
  });
});

describe('CORS: only the listed origins may call with credentials', () => {
  let listed: string;
  let shop: TestServer;

  beforeAll(async () => {
    const page = await listen((_req, res) => res.end('<!doctype html><title>the shop’s client on another origin</title>'));
    listed = page.url;
    shop = await startTestServer({ env: { CORS_ORIGINS: `${listed}, https://unused.example` } });
    cleanups.push(() => shop.close());
  });

  const preflight = (url: string, p: string, origin: string) =>
    fetch(new URL(p, url), { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' } });

  it.each(['/api/addtocart', '/trpc/cart.addItem'])('a preflight for POST %s from the listed origin → 204 with its exact origin, credentials, POST and content-type', async (p) => {
    const reply = await preflight(shop.url, p, listed);
    expect(reply.status).toBe(204);
    expect(reply.headers.get('access-control-allow-origin')).toBe(listed);
    expect(reply.headers.get('access-control-allow-credentials')).toBe('true');
    expect(reply.headers.get('access-control-allow-methods')?.split(/\s*,\s*/)).toContain('POST');
    expect(
      reply.headers
        .get('access-control-allow-headers')
        ?.toLowerCase()
        .split(/\s*,\s*/),
    ).toContain('content-type');
    expect(reply.headers.get('vary')).toMatch(/Origin/);
  });

  it('a credentialed client on the listed origin signs in and shops: 200s carrying ACAO and ACAC', async () => {
    const user = await insertUser(shop.deps.db);
    const browser = new HttpClient(shop.url, { origin: listed });
    const signIn = await browser.post('/api/signin', { email: user.email, password: user.password });
    expect(signIn.status).toBe(200);
    expect(browser.cookies.has(SESSION_COOKIE)).toBe(true);
    const item = await insertProduct(shop.deps.db);
    for (const reply of [
      signIn,
      await browser.post('/api/addtocart', { productId: item.id }),
      await browser.trpc('mutation', 'cart.addItem', { productId: item.id }),
      await browser.get('/api/view-card-product'),
      await browser.get('/api/user-details'),
    ]) {
      expect(reply.status).toBe(200);
      expect(reply.headers.get('access-control-allow-origin')).toBe(listed);
      expect(reply.headers.get('access-control-allow-credentials')).toBe('true');
    }
    const lines = await shop.deps.db.selectFrom('cart_items').select(['product_id', 'quantity']).where('user_id', '=', user.id).execute();
    expect(lines).toEqual([{ product_id: item.id, quantity: 2 }]);
  });

  const UNLISTED = () => [EVIL, 'null', `${listed}.evil.example`, listed.replace(/:\d+$/, ':1'), listed.replace('http:', 'https:'), `${listed}/`];

  it('unlisted origins (look-alikes included) get no CORS headers on a preflight', async () => {
    for (const origin of UNLISTED()) {
      const reply = await preflight(shop.url, '/api/addtocart', origin);
      expect({ origin, acao: reply.headers.get('access-control-allow-origin'), acac: reply.headers.get('access-control-allow-credentials') }).toEqual({
        origin,
        acao: null,
        acac: null,
      });
      expect(reply.headers.get('access-control-allow-methods')).toBeNull();
    }
  });

  it('an unlisted origin’s credentialed POST is 403 with nothing changed; its reads get no ACAO', async () => {
    const { client: victim } = await signInAs(shop);
    const item = await insertProduct(shop.deps.db);
    for (const origin of UNLISTED()) {
      const attacker = crossSite(victim, origin);
      const before = await snapshotDb(shop.deps.db, WATCHED_TABLES);
      const post = await attacker.post('/api/addtocart', { productId: item.id });
      expectApiRefusal(post, 403, CROSS_SITE_REFUSED, null);
      expect(post.headers.get('access-control-allow-origin')).toBeNull();
      const mutation = await attacker.post('/trpc/cart.addItem', { productId: item.id });
      expect(mutation.status).toBe(403);
      expect(await snapshotDb(shop.deps.db, WATCHED_TABLES)).toEqual(before);
      const read = await attacker.get('/api/user-details');
      expect({ origin, acao: read.headers.get('access-control-allow-origin') }).toEqual({ origin, acao: null });
    }
  });

  it('without CORS_ORIGINS nothing carries CORS headers, whoever asks', async () => {
    for (const origin of [listed, EVIL, server.url]) {
      const pre = await preflight(server.url, '/api/addtocart', origin);
      expect(pre.headers.get('access-control-allow-origin')).toBeNull();
      expect(pre.headers.get('access-control-allow-credentials')).toBeNull();
      expect(pre.headers.get('access-control-allow-methods')).toBeNull();
      const read = await fetch(new URL('/api/get-product', server.url), { headers: { origin } });
      expect(read.headers.get('access-control-allow-origin')).toBeNull();
    }
    // And a page on that origin is just another site: its POSTs are refused.
    const before = await snapshotDb(server.deps.db, WATCHED_TABLES);
    expectApiRefusal(await crossSite(shopper.client, listed).post('/api/addtocart', { productId: product.id }), 403, CROSS_SITE_REFUSED, null);
    expect(await snapshotDb(server.deps.db, WATCHED_TABLES)).toEqual(before);
  });
});

describe('the session cookie’s attributes follow PUBLIC_URL and CORS_ORIGINS', () => {
  async function cookieAfterSignIn(env: Record<string, string>): Promise<{ signIn: string; guest: string }> {
    const shop = await startTestServer({ env });
    cleanups.push(() => shop.close());
    const user = await insertUser(shop.deps.db);
    const signIn = await new HttpClient(shop.url).post('/api/signin', { email: user.email, password: user.password });
    expect(signIn.status).toBe(200);
    const item = await insertProduct(shop.deps.db);
    const guest = await new HttpClient(shop.url).post('/api/addtocart', { productId: item.id });
    expect(guest.status).toBe(200);
    const find = (reply: HttpReply) => reply.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`)) ?? '';
    return { signIn: find(signIn), guest: find(guest) };
  }

  /** `samesite=none`, `secure`, `httponly`, `path`, ...: the attributes after the value, lower-cased, values kept only for SameSite. */
  const attributes = (cookie: string): string[] =>
    cookie
      .split(';')
      .slice(1)
      .map((a) => a.trim().toLowerCase())
      .map((a) => (a.startsWith('samesite=') ? a : (a.split('=')[0] ?? '')));

  it('https with CORS_ORIGINS: SameSite=None; Secure; HttpOnly (a listed client on another site must send it)', async () => {
    const { signIn, guest } = await cookieAfterSignIn({ PUBLIC_URL: 'https://shop.example', CORS_ORIGINS: 'https://client.example' });
    for (const cookie of [signIn, guest]) expect(attributes(cookie)).toEqual(expect.arrayContaining(['samesite=none', 'secure', 'httponly', 'path']));
  });

  it('https without CORS_ORIGINS: SameSite=Lax; Secure; HttpOnly', async () => {
    const { signIn, guest } = await cookieAfterSignIn({ PUBLIC_URL: 'https://shop.example' });
    for (const cookie of [signIn, guest]) {
      expect(attributes(cookie)).toEqual(expect.arrayContaining(['samesite=lax', 'secure', 'httponly']));
      expect(attributes(cookie)).not.toContain('samesite=none');
    }
  });

  it('plain http: SameSite=Lax; HttpOnly, never SameSite=None (which browsers drop without Secure)', async () => {
    const { signIn } = await cookieAfterSignIn({ CORS_ORIGINS: 'http://client.example' });
    expect(attributes(signIn)).toEqual(expect.arrayContaining(['samesite=lax', 'httponly']));
    expect(attributes(signIn)).not.toContain('samesite=none');
  });
});

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, launchBrowser, startShop, type ShopServer } from './harness';

/*
 * The spec's client deployed on its own origin (spec §1: "all calls go to one backend host"):
 * a page served from another port of 127.0.0.1 calls the shop's /api with `fetch(...,
 * { credentials: 'include' })`, as the original client does. With that origin in CORS_ORIGINS
 * its preflights and credentialed calls work end to end in Chromium; a page on an origin that
 * is not listed is refused by the browser and changes nothing.
 */

const CLIENT_PAGE = '<!doctype html><html><head><title>Spec client</title><script src="/client.js" defer></script></head><body><pre id="out">running</pre></body></html>';

/** What the page runs: sign in, a signed-in read, add a product to the cart, count the cart; results land in #out. */
function clientScript(shopUrl: string, productId: string): string {
  return `
    const out = document.getElementById('out');
    const call = async (path, body) => {
      const res = await fetch(${JSON.stringify(shopUrl)} + path, body === undefined
        ? { credentials: 'include' }
        : { method: 'POST', credentials: 'include', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
      return { status: res.status, body: await res.json() };
    };
    (async () => {
      const results = {};
      try {
        results.signin = await call('/api/signin', { email: ${JSON.stringify(ADMIN_EMAIL)}, password: ${JSON.stringify(ADMIN_PASSWORD)} });
        results.user = await call('/api/user-details');
        results.add = await call('/api/addtocart', { productId: ${JSON.stringify(productId)} });
        results.count = await call('/api/countAddToCartProduct');
      } catch (error) {
        results.error = String(error);
      }
      out.textContent = JSON.stringify(results);
    })();
  `;
}

/** Serves the client page on 127.0.0.1 (`port` 0: any free port), its own origin. */
async function serveClient(port: number, productId: string): Promise<{ origin: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    if (req.url === '/client.js') return void res.writeHead(200, { 'content-type': 'text/javascript' }).end(clientScript(shop.url, productId));
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(CLIENT_PAGE);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Reserves a port for the client's origin before the shop starts (the shop must know it). */
async function reservePort(): Promise<number> {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

let shop: ShopServer;
let browser: Browser;
let listedPort: number;

beforeAll(async () => {
  listedPort = await reservePort();
  shop = await startShop({ env: { SEED: 'none', CORS_ORIGINS: `http://127.0.0.1:${listedPort}` } });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

async function adminCookie(): Promise<string> {
  const signin = await fetch(`${shop.url}/api/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
  });
  return signin.headers.getSetCookie()[0]?.split(';')[0] ?? '';
}

async function adminCartCount(cookie: string): Promise<number> {
  const reply = await fetch(`${shop.url}/api/countAddToCartProduct`, { headers: { cookie } });
  return ((await reply.json()) as { data: { count: number } }).data.count;
}

async function createProduct(): Promise<string> {
  const cookie = await adminCookie();
  const created = await fetch(`${shop.url}/api/upload-product`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, origin: shop.url },
    body: JSON.stringify({ productName: 'Split Client Earbuds', brandName: 'Boat', category: 'airpodes', productImage: ['/images/none.webp'], price: 1999, sellingPrice: 1499 }),
  });
  expect(created.status).toBe(201);
  return ((await created.json()) as { data: { _id: string } }).data._id;
}

type ClientResults = { error?: string } & Partial<Record<'signin' | 'user' | 'add' | 'count', { status: number; body: { data: unknown; message: string } }>>;

async function runClient(origin: string): Promise<ClientResults> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(origin);
  await page.waitForFunction(() => document.getElementById('out')?.textContent !== 'running');
  const text = (await page.locator('#out').textContent()) ?? '{}';
  await context.close();
  return JSON.parse(text) as ClientResults;
}

describe('the spec client on another origin', () => {
  it('works from an origin in CORS_ORIGINS: sign-in, a signed-in read and a cart write, with the cookie', async () => {
    const productId = await createProduct();
    const client = await serveClient(listedPort, productId);
    try {
      const results = await runClient(client.origin);
      expect(results.error).toBeUndefined();
      expect(results.signin).toMatchObject({ status: 200, body: { message: 'Login successfully' } });
      expect(results.user).toMatchObject({ status: 200, body: { data: { email: ADMIN_EMAIL } } });
      expect(results.add).toMatchObject({ status: 200, body: { message: 'Product Added in Cart' } });
      expect(results.count).toMatchObject({ status: 200, body: { data: { count: 1 } } });
    } finally {
      await client.close();
    }
  });

  it('is refused from an origin that is not listed, and nothing is written', async () => {
    const productId = await createProduct();
    const cookie = await adminCookie();
    const before = await adminCartCount(cookie);
    const client = await serveClient(0, productId);
    try {
      const results = await runClient(client.origin);
      // The preflight gets no CORS headers, so the browser never sends the call: fetch rejects.
      expect(results.error).toMatch(/TypeError|Failed to fetch/);
      expect(results.signin).toBeUndefined();
    } finally {
      await client.close();
    }
    expect(await adminCartCount(cookie)).toBe(before);
  });
});

import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { getQueryKey } from '@trpc/react-query';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatINR } from '../../../shared/money';
import { trpc } from '../../../src/lib/trpc';
import { createApp } from '../../app';
import { insertProduct, type TestProduct } from '../../testing/factories';
import { startTestServer, type TestServer } from '../../testing/test-server';

/*
 * The storefront's pages as the server renders them: what a search engine or a browser without
 * scripts reads, the data the browser hydrates from (under the keys the screens' hooks read),
 * and the shared-reply seam they go through (validators, staling on a change).
 */

let server: TestServer;
let shop: http.Server;
let url: string;
let phone: TestProduct;
let cheapPhone: TestProduct;
let buds: TestProduct;

/** index.html as the build makes it: the app shell in #root, ended by its marker. */
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Voltmart: phones and more." />
    <title>Voltmart · Consumer electronics</title>
    <script type="module" crossorigin src="/assets/index-test.js"></script>
  </head>
  <body>
    <div id="root">
      <header class="shell">Voltmart</header>
      <!--/app-shell-->
    </div>
  </body>
</html>
`;

beforeAll(async () => {
  server = await startTestServer();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'voltmart-client-'));
  fs.writeFileSync(path.join(dir, 'index.html'), INDEX_HTML);
  shop = http.createServer(createApp(server.deps, { client: { kind: 'static', dir } }));
  await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(shop.address() as AddressInfo).port}`;
  phone = await insertProduct(server.deps.db, { productName: 'Rendered Phone <Pro>', brandName: 'Acme', price: 9_999_900, sellingPrice: 8_999_900 });
  cheapPhone = await insertProduct(server.deps.db, { productName: 'Budget Rendered Phone', sellingPrice: 999_900, price: 1_299_900 });
  buds = await insertProduct(server.deps.db, { productName: 'Rendered Buds', category: 'airpodes', sellingPrice: 249_900, price: 299_900 });
});

afterAll(async () => {
  shop.closeAllConnections();
  await new Promise((resolve) => shop.close(resolve));
  await server.close();
});

type DehydratedQuery = { queryKey: unknown; state: { data: unknown; status: string } };

/** The page's dehydrated queries (the JSON data block the browser hydrates from). */
function stateOf(html: string): DehydratedQuery[] {
  const match = /<script type="application\/json" id="vm-state">([^<]*)<\/script>/.exec(html);
  if (!match) throw new Error('the page carries no state');
  return (JSON.parse(match[1]!) as { queries: DehydratedQuery[] }).queries;
}

/** The text of the app's HTML, tags removed and entities decoded (what a reader without scripts sees). */
function textOf(html: string): string {
  const root = html.slice(html.indexOf('<div id="root">'), html.indexOf('<script type="application/json"'));
  return root
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

function conditionalGet(address: string, etag: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(address, { headers: { 'if-none-match': etag } }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      })
      .on('error', reject);
  });
}

async function page(address: string, headers: Record<string, string> = {}) {
  const reply = await fetch(`${url}${address}`, { headers: { accept: 'text/html', ...headers } });
  return { reply, html: await reply.text() };
}

describe('server-rendered storefront pages', () => {
  it('a product page carries the product in its HTML, and its data under the key useProduct reads', async () => {
    const { reply, html } = await page(`/product/${phone.id}`);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/^text\/html/);
    const text = textOf(html);
    expect(text).toContain('Rendered Phone <Pro>');
    expect(text).toContain(formatINR(8_999_900));
    expect(text).toContain('Add To Cart');
    // The shell is gone: the app's own layout took its place.
    expect(html).not.toContain('class="shell"');
    const [details] = stateOf(html);
    expect(details?.queryKey).toEqual(getQueryKey(trpc.catalog.details, { productId: phone.id }, 'query'));
    expect(details?.state).toMatchObject({ status: 'success', data: { _id: phone.id, productName: 'Rendered Phone <Pro>', sellingPrice: 8_999_900 } });
  });

  it('a product page shows its MRP, saving, legal information and honest star row without scripts; an edit of its facts stales it', async () => {
    const item = await insertProduct(server.deps.db, { productName: 'Rendered Facts Phone', brandName: 'Acme', price: 2_000_000, sellingPrice: 1_800_000 });
    const before = await page(`/product/${item.id}`);
    expect(textOf(before.html)).toContain('M.R.P.: ₹20,000.00 (inclusive of all taxes)');
    expect(textOf(before.html)).toContain('You save ₹2,000.00 (10%)');
    expect(textOf(before.html)).toContain('No reviews yet');
    expect(before.html).toContain('aria-label="No reviews yet"');
    expect(before.html).not.toMatch(/out of 5/);
    // No facts given: no block, nothing invented.
    expect(textOf(before.html)).not.toContain('Legal information');

    await server.deps.db
      .updateTable('products')
      .set({
        origin_country: 'China',
        manufacturer_name: 'Acme Shenzhen Ltd.',
        importer_name: 'Acme India Pvt. Ltd.',
        net_quantity: '1 N: phone, cable',
        warranty_months: 12,
        warranty_by: 'Acme India',
      })
      .where('id', '=', item.id)
      .execute();
    await server.deps.changes.catchUp?.();
    expect(await conditionalGet(`${url}/product/${item.id}`, before.reply.headers.get('etag')!)).toBe(200);
    const text = textOf((await page(`/product/${item.id}`)).html);
    for (const shown of [
      'Legal information',
      'Country of origin China',
      'Manufacturer Acme Shenzhen Ltd.',
      'Importer Acme India Pvt. Ltd.',
      'Net quantity / in the box 1 N: phone, cable',
      'Warranty 1 year, from Acme India',
    ])
      expect(text).toContain(shown);
  });

  it('runs no inline script: only the module script, JSON data blocks and JSON-LD', async () => {
    for (const address of ['/', `/product/${phone.id}`, '/product-category?category=mobiles', '/search?q=phone', '/login', '/no-such-page']) {
      const { html } = await page(address);
      const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((m) => m[1]!.trim());
      for (const attributes of scripts)
        expect(attributes, address).toMatch(/^(type="module" crossorigin src="[^"]+"|type="application\/json" id="vm-state"|type="application\/ld\+json")$/);
      expect(html, address).not.toContain('<template');
    }
  });

  it('the home page links every category with products and renders its first rows', async () => {
    const { reply, html } = await page('/');
    expect(reply.status).toBe(200);
    expect(html).toContain('href="/product-category?category=mobiles"');
    expect(html).toContain('href="/product-category?category=airpodes"');
    // "Top's Airpodes", the first row, with its product linked.
    expect(textOf(html)).toContain("Top's Airpodes");
    expect(html).toContain(`href="/product/${buds.id}"`);
    const keys = stateOf(html).map((query) => query.queryKey);
    expect(keys).toContainEqual(getQueryKey(trpc.catalog.banners, undefined, 'query'));
    expect(keys).toContainEqual(getQueryKey(trpc.catalog.categoryBubbles, undefined, 'query'));
    expect(keys).toContainEqual(getQueryKey(trpc.catalog.byCategory, { category: 'airpodes', limit: 12 }, 'query'));
    expect(html).toContain(`<link rel="canonical" href="${server.url}/" />`);
  });

  it('a category page lists its products in the order asked, as an infinite query’s first page', async () => {
    const { html } = await page('/product-category?category=mobiles&sort=asc');
    const text = textOf(html);
    expect(text).toContain('Budget Rendered Phone');
    expect(text).not.toContain('Rendered Buds');
    expect(text.indexOf('Budget Rendered Phone')).toBeLessThan(text.indexOf('Rendered Phone <Pro>'));
    // (After the footer's settings and the categories, which decide what the list is.)
    const list = stateOf(html).find((query) => JSON.stringify(query.queryKey).startsWith('[["catalog","filter"]'));
    expect(list?.queryKey).toEqual(getQueryKey(trpc.catalog.filter, { categories: ['mobiles'], sort: 'asc', limit: 48 }, 'infinite'));
    expect(list?.state.data).toMatchObject({ pageParams: [null], pages: [{ items: expect.arrayContaining([expect.objectContaining({ _id: cheapPhone.id })]) as unknown }] });
    // One canonical address per choice of categories, whatever the sort; the checkboxes filter without scripts.
    expect(html).toContain(`<link rel="canonical" href="${server.url}/product-category?category=mobiles" />`);
    expect(html).toContain('<title>Mobiles · Voltmart</title>');
    expect(html).toMatch(/<form action="\/product-category" method="get">/);
    const mobiles = /<input[^>]*value="mobiles"[^>]*>/.exec(html)?.[0] ?? '';
    expect(mobiles).toMatch(/type="checkbox"/);
    expect(mobiles).toMatch(/name="category"/);
    expect(mobiles).toMatch(/checked=""/);
  });

  it('a search page shows its results, keeps out of search engines, and the header searches by a GET form', async () => {
    const { html } = await page('/search?q=rendered');
    expect(textOf(html)).toContain('Rendered Buds');
    expect(html).toContain('<meta name="robots" content="noindex, follow" />');
    expect(html).toContain('<title>Search results for “rendered” · Voltmart</title>');
    const form = /<form role="search"[^>]*>/.exec(html)?.[0] ?? '';
    expect(form).toMatch(/action="\/search"/);
    expect(form).toMatch(/method="get"/);
    const input = /<input id="header-search"[^>]*>/.exec(html)?.[0] ?? '';
    expect(input).toMatch(/name="q"/);
    expect(input).toMatch(/value="rendered"/);
  });

  it('a compare page renders its columns without scripts, its data under the key the screen reads, and keeps out of search engines', async () => {
    const address = `/compare?ids=${phone.id},${buds.id},no-such-product,${cheapPhone.id}`;
    const { reply, html } = await page(address);
    expect(reply.status).toBe(200);
    const text = textOf(html);
    // Mobiles only (the first product's category): the earbuds are left out and named, the unknown id dropped.
    expect(text).toContain('Compare Mobiles');
    expect(text).toContain('Rendered Phone <Pro>');
    expect(text).toContain('Budget Rendered Phone');
    expect(text).toMatch(/Only Mobiles are compared: Rendered Buds \(\w+\) was left out/);
    expect(text).toContain('1 product is no longer on sale and was left out.');
    expect(text).toContain(formatINR(8_999_900));
    expect(html.match(/data-testid="compare-column"/g)).toHaveLength(2);
    expect(text).toContain('These products have no specifications to compare yet.');
    expect(html).toContain('<meta name="robots" content="noindex, follow" />');
    expect(html).toContain('<title>Compare: Rendered Phone &lt;Pro&gt; vs Budget Rendered Phone · Voltmart</title>');
    const ids = [phone.id, buds.id, 'no-such-product', cheapPhone.id];
    const seeded = stateOf(html).find((q) => JSON.stringify(q.queryKey) === JSON.stringify(getQueryKey(trpc.catalog.compare, { ids }, 'query')));
    expect(seeded?.state.status).toBe('success');
    const empty = await page('/compare');
    expect(textOf(empty.html)).toContain('Nothing to compare yet');
  });

  it('pages are shared replies: an ETag, a 304 for a fresh copy, and a change stales them', async () => {
    const first = await page(`/product/${phone.id}`);
    const etag = first.reply.headers.get('etag');
    expect(etag).toBeTruthy();
    expect(first.reply.headers.get('cache-control')).toBe('public, no-cache');
    // A conditional GET as a browser sends it (fetch would add Cache-Control: no-cache to it).
    const again = await conditionalGet(`${url}/product/${phone.id}`, etag!);
    expect(again).toBe(304);

    // The page shows its variant's price (issue 27): the variant and the product row's summary change together, as the catalogue writes them.
    await server.deps.db.updateTable('product_variants').set({ selling_price: 7_777_700 }).where('product_id', '=', phone.id).execute();
    await server.deps.db.updateTable('products').set({ selling_price: 7_777_700 }).where('id', '=', phone.id).execute();
    await server.deps.changes.catchUp?.();
    expect(await conditionalGet(`${url}/product/${phone.id}`, etag!)).toBe(200);
    const changed = await page(`/product/${phone.id}`);
    expect(textOf(changed.html)).toContain(formatINR(7_777_700));
    expect(changed.html).toContain('"sellingPrice":7777700');
  });

  it('an unknown address is a 404 with the app’s error page; client-only pages get index.html as it is', async () => {
    const missing = await page('/no-such-page');
    expect(missing.reply.status).toBe(404);
    expect(textOf(missing.html)).toContain('Unexpected Application Error!');
    expect(missing.html).toContain('<meta name="robots" content="noindex, follow" />');
    // One page for every unknown address (kept once, whatever the address).
    const other = await page('/another/missing/page?x=1');
    expect([other.reply.status, other.reply.headers.get('etag')]).toEqual([404, missing.reply.headers.get('etag')]);

    // Malformed escapes are an unknown page or an unknown product, never a server error.
    for (const address of ['/%', '/product/%E0%A4%A', '/search%ZZ']) expect((await page(address)).reply.status, address).toBe(404);

    const file = await page('/old-build/app-123.js');
    expect(file.reply.status).toBe(404);
    expect(file.html).toBe('Not found');
    const icon = await fetch(`${url}/favicon.ico`, { redirect: 'manual' });
    expect([icon.status, icon.headers.get('location')]).toEqual([301, '/favicon.svg']);

    const cart = await page('/cart');
    expect(cart.reply.status).toBe(200);
    expect(cart.reply.headers.get('cache-control')).toBe('no-cache');
    expect(cart.html).toBe(INDEX_HTML);
    // The admin panel's first page (its Dashboard) is an index route as home is, yet the browser's alone.
    const dashboard = await page('/admit-panel');
    expect(dashboard.reply.status).toBe(200);
    expect(dashboard.html).toBe(INDEX_HTML);
  });

  it('the sign-in pages render without data and ask not to be indexed', async () => {
    const { reply, html } = await page('/login');
    expect(reply.status).toBe(200);
    expect(html).toContain('<title>Login · Voltmart</title>');
    expect(html).toContain('<meta name="robots" content="noindex, follow" />');
    expect(html).toMatch(/<input[^>]*type="email"/);
  });
});

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORY_VALUES } from '../../shared/categories';
import { insertProduct, type TestProduct } from '../testing/factories';
import { HttpClient, startTestServer, type TestServer } from '../testing/test-server';
import { createSitemapRouter } from './sitemap.routes';

let server: TestServer;
let onSale: TestProduct[];
let archived: TestProduct;

beforeAll(async () => {
  server = await startTestServer();
  onSale = [];
  for (let i = 0; i < 5; i++) onSale.push(await insertProduct(server.deps.db, { productName: `Mapped Phone ${i}` }));
  archived = await insertProduct(server.deps.db, { productName: 'Retired Phone', archived: true });
});

afterAll(async () => {
  await server.close();
});

/** Every <loc> of a sitemap or sitemap index. */
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));

describe('robots.txt and the sitemaps', () => {
  it('robots.txt keeps crawlers out of private screens and names the sitemap on PUBLIC_URL', async () => {
    const reply = await fetch(`${server.url}/robots.txt`);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await reply.text();
    expect(text).toMatch(/^User-agent: \*$/m);
    for (const path of ['/admit-panel/', '/cart', '/order', '/api/', '/trpc/']) expect(text).toContain(`Disallow: ${path}\n`);
    expect(text).not.toMatch(/Disallow: \/product/);
    expect(text).toContain(`Sitemap: ${server.url}/sitemap.xml`);
  });

  it('the index lists the pages sitemap and the product pages; every URL in them resolves', async () => {
    const index = await fetch(`${server.url}/sitemap.xml`);
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toMatch(/^application\/xml/);
    expect(index.headers.get('cache-control')).toBe('public, max-age=3600');
    const body = await index.text();
    expect(body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    const sitemaps = locs(body);
    expect(sitemaps).toEqual([`${server.url}/sitemaps/pages.xml`, `${server.url}/sitemaps/products-1.xml`]);

    const urls: string[] = [];
    for (const sitemap of sitemaps) {
      const reply = await fetch(sitemap);
      expect(reply.status, sitemap).toBe(200);
      urls.push(...locs(await reply.text()));
    }
    expect(urls).toContain(`${server.url}/`);
    for (const category of CATEGORY_VALUES) expect(urls).toContain(`${server.url}/product-category?category=${category}`);
    const products = urls.filter((u) => u.startsWith(`${server.url}/product/`)).map((u) => u.slice(`${server.url}/product/`.length));
    expect(products.sort()).toEqual(onSale.map((p) => p.id).sort());
    expect(products).not.toContain(archived.id);
    // Each product URL names a product on sale (the page itself is the client's route).
    const visitor = new HttpClient(server.url);
    for (const productId of products) expect((await visitor.post('/api/product-details', { productId })).status).toBe(200);
  });

  it('pages a large catalogue, each page with its last change; past the end is a 404', async () => {
    // The same router with two URLs per page, on this shop's database.
    const app = express().use(createSitemapRouter(server.deps, { pageSize: 2 }));
    const paged = http.createServer(app);
    await new Promise<void>((resolve) => paged.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(paged.address() as AddressInfo).port}`;
    try {
      const sitemaps = locs(await (await fetch(`${url}/sitemap.xml`)).text());
      expect(sitemaps.filter((s) => /\/sitemaps\/products-\d+\.xml$/.test(s))).toHaveLength(3);
      const seen: string[] = [];
      for (let page = 1; page <= 3; page++) {
        const xml = await (await fetch(`${url}/sitemaps/products-${page}.xml`)).text();
        expect(xml.match(/<lastmod>\d{4}-\d\d-\d\dT[^<]+<\/lastmod>/g)?.length).toBe(locs(xml).length);
        seen.push(...locs(xml));
      }
      expect(seen).toHaveLength(5);
      expect(new Set(seen).size).toBe(5);
      for (const path of ['/sitemaps/products-4.xml', '/sitemaps/products-0.xml', '/sitemaps/products-x.xml', '/sitemaps/products-99999999.xml']) {
        expect((await fetch(`${url}${path}`)).status, path).toBe(404);
      }
    } finally {
      paged.closeAllConnections();
      await new Promise((resolve) => paged.close(resolve));
    }
  });
});

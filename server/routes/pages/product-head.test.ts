import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import { insertProduct, type TestProduct } from '../../testing/factories';
import { startTestServer, type TestServer } from '../../testing/test-server';

/** What WhatsApp's and other link-preview fetchers send: no script runs, only the HTML is read. */
const BOT = { 'user-agent': 'WhatsApp/2.23.20.0 A', accept: 'text/html' };

let server: TestServer;
let shop: http.Server;
let url: string;
let product: TestProduct;
let soldOut: TestProduct;

beforeAll(async () => {
  server = await startTestServer();
  // The shop with a built client: an index.html of the same head as the real one.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'voltmart-client-'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html>\n<html lang="en">\n  <head>\n    <meta charset="UTF-8" />\n    <meta name="description" content="Voltmart: phones and more." />\n    <title>Voltmart · Consumer electronics</title>\n  </head>\n  <body><div id="root"></div></body>\n</html>\n`,
  );
  shop = http.createServer(createApp(server.deps, { client: { kind: 'static', dir } }));
  await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(shop.address() as AddressInfo).port}`;
  product = await insertProduct(server.deps.db, {
    productName: 'Pixel 10 "Pro" <5G>',
    brandName: 'Google',
    category: 'mobiles',
    description: 'A phone & a camera.',
    price: 7_999_900,
    sellingPrice: 6_999_950,
    stock: 4,
    images: ['/images/0123456789abcdef0123456789abcdef.webp'],
  });
  soldOut = await insertProduct(server.deps.db, { productName: 'Gone Buds', category: 'earphones', stock: 0 });
});

afterAll(async () => {
  shop.closeAllConnections();
  await new Promise((resolve) => shop.close(resolve));
  await server.close();
});

const unescape = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

function metaTags(html: string): Record<string, string> {
  const tags: Record<string, string> = {};
  for (const m of html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)" \/>/g)) tags[m[1]!] = unescape(m[2]!);
  return tags;
}

function jsonLd(html: string): { '@type': string; [key: string]: unknown }[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((m) => JSON.parse(m[1]!) as { '@type': string });
}

describe('a product page as a link preview or a search engine reads it', () => {
  it('has the product in its title, description, canonical URL and Open Graph tags', async () => {
    const reply = await fetch(`${url}/product/${product.id}`, { headers: BOT });
    expect(reply.status).toBe(200);
    const html = await reply.text();
    expect(html).toContain('<title>Pixel 10 &quot;Pro&quot; &lt;5G&gt; · Voltmart</title>');
    expect(html).not.toContain('<5G>');
    expect(html).toContain(`<link rel="canonical" href="${server.url}/product/${product.id}" />`);
    const tags = metaTags(html);
    expect(tags).toMatchObject({
      description: expect.stringContaining('₹69,999.50') as unknown,
      'og:type': 'product',
      'og:title': 'Pixel 10 "Pro" <5G>',
      'og:url': `${server.url}/product/${product.id}`,
      'og:image': `${server.url}/images/0123456789abcdef0123456789abcdef-w1280.webp`,
      'product:price:amount': '69999.50',
      'product:price:currency': 'INR',
      'twitter:card': 'summary_large_image',
    });
    expect(tags['og:description']).toContain('A phone & a camera.');
  });

  it('carries schema.org Product and BreadcrumbList JSON-LD that match the product', async () => {
    const html = await (await fetch(`${url}/product/${product.id}`, { headers: BOT })).text();
    const [item, crumbs] = jsonLd(html);
    expect(item).toMatchObject({
      '@type': 'Product',
      name: 'Pixel 10 "Pro" <5G>',
      sku: product.id,
      brand: { name: 'Google' },
      image: [`${server.url}/images/0123456789abcdef0123456789abcdef-w1280.webp`],
      offers: { '@type': 'Offer', price: '69999.50', priceCurrency: 'INR', availability: 'https://schema.org/InStock' },
    });
    expect(crumbs).toMatchObject({ '@type': 'BreadcrumbList' });
    expect((crumbs!.itemListElement as { item: string }[]).map((i) => i.item)).toEqual([
      `${server.url}/`,
      `${server.url}/product-category?category=mobiles`,
      `${server.url}/product/${product.id}`,
    ]);
    // A data block no text can close early: the name's "<" is escaped inside the script.
    expect(html).toContain('\\u003c5G>');
  });

  it('offers the MRP as the strikethrough price, the country of origin when known, and no made-up rating', async () => {
    const [item] = jsonLd(await (await fetch(`${url}/product/${product.id}`, { headers: BOT })).text());
    expect(item?.offers).toMatchObject({
      price: '69999.50',
      priceSpecification: { '@type': 'UnitPriceSpecification', priceType: 'https://schema.org/StrikethroughPrice', price: '79999.00', priceCurrency: 'INR' },
    });
    // No facts given: no origin is invented.
    expect(item).not.toHaveProperty('countryOfOrigin');
    for (const fabricated of ['aggregateRating', 'review']) expect(item).not.toHaveProperty(fabricated);

    const sold = await insertProduct(server.deps.db, { productName: 'Origin Speaker', category: 'speakers', price: 499_900, sellingPrice: 499_900 });
    await server.deps.db.updateTable('products').set({ origin_country: 'China', manufacturer_name: 'Acme Audio Co.' }).where('id', '=', sold.id).execute();
    const html = await (await fetch(`${url}/product/${sold.id}`, { headers: BOT })).text();
    const [speaker] = jsonLd(html);
    expect(speaker).toMatchObject({ countryOfOrigin: { '@type': 'Country', name: 'China' } });
    // Sold at its MRP: nothing to strike through.
    expect(speaker?.offers).not.toHaveProperty('priceSpecification');
    expect(html).not.toMatch(/aggregateRating|ratingValue/);
  });

  it('says out of stock for a product that cannot be bought', async () => {
    const html = await (await fetch(`${url}/product/${soldOut.id}`, { headers: BOT })).text();
    expect(jsonLd(html)[0]).toMatchObject({ offers: { availability: 'https://schema.org/OutOfStock' } });
    expect(metaTags(html).description).toContain('(out of stock)');
  });

  it('answers 404 (with the app, which shows its own page) for an unknown or archived product', async () => {
    const archived = await insertProduct(server.deps.db, { productName: 'Old Phone', archived: true });
    for (const id of ['no-such-product', archived.id]) {
      const reply = await fetch(`${url}/product/${id}`, { headers: BOT });
      expect(reply.status).toBe(404);
      const html = await reply.text();
      expect(html).toContain('<div id="root">');
      expect(html).not.toContain('og:title');
    }
  });

  it('other client routes still get the plain index.html', async () => {
    const reply = await fetch(`${url}/cart`);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('cache-control')).toBe('no-cache');
    expect(await reply.text()).toContain('<title>Voltmart · Consumer electronics</title>');
  });
});

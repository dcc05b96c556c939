import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminVariant } from '../../../shared/schemas/variants';
import { createApp } from '../../app';
import { insertProduct, signInAs } from '../../testing/factories';
import { startTestServer, type HttpClient, type TestServer } from '../../testing/test-server';

/*
 * A product sold in variants, as the server renders its page for `?variant=<SKU>`: that
 * variant's price, picture and chosen chips in the HTML (readable without scripts), an unknown
 * SKU falling back to the default variant, a canonical URL without `?variant=`, ProductGroup
 * JSON-LD with every variant's offer, and the page kept per address and staled with the product.
 */

let server: TestServer;
let shop: http.Server;
let url: string;
let admin: HttpClient;
let productId: string;
let variants: AdminVariant[];
const stamp = Date.now().toString(36).toUpperCase();
const SKU = { black128: `PG-128-BLK-${stamp}`, black256: `PG-256-BLK-${stamp}`, grey256: `PG-256-GRY-${stamp}` };
const GREY_PICTURE = 'c'.repeat(32);
const EAN = '4006381333931';

beforeAll(async () => {
  server = await startTestServer();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'voltmart-client-'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html>\n<html lang="en">\n  <head>\n    <meta charset="UTF-8" />\n    <meta name="description" content="Voltmart" />\n    <title>Voltmart</title>\n  </head>\n  <body><div id="root"></div></body>\n</html>\n`,
  );
  shop = http.createServer(createApp(server.deps, { client: { kind: 'static', dir } }));
  await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(shop.address() as AddressInfo).port}`;
  admin = (await signInAs(server, 'ADMIN')).client;
  const created = await admin.trpc<{ _id: string }>('mutation', 'catalog.create', {
    productName: 'Paged Galaxy S24',
    brandName: 'Samsung',
    category: 'mobiles',
    description: 'A compact flagship.',
    productImage: [`/images/${'a'.repeat(32)}.webp`],
    options: [
      { name: 'Storage', values: [{ value: '128 GB' }, { value: '256 GB' }] },
      {
        name: 'Colour',
        values: [
          { value: 'Onyx Black', swatch: '#111827' },
          { value: 'Marble Grey', swatch: '#9ca3af' },
        ],
      },
    ],
    variants: [
      { sku: SKU.black128, optionValues: ['128 GB', 'Onyx Black'], price: 7_999_900, sellingPrice: 7_499_900, stock: 4 },
      { sku: SKU.black256, optionValues: ['256 GB', 'Onyx Black'], price: 8_999_900, sellingPrice: 8_499_900, stock: 0 },
      { sku: SKU.grey256, ean: EAN, optionValues: ['256 GB', 'Marble Grey'], price: 8_999_900, sellingPrice: 8_299_900, stock: 3, images: [`/images/${GREY_PICTURE}.webp`] },
    ],
  });
  expect(created.status).toBe(200);
  productId = created.body._id;
  variants = (await admin.trpc<{ variants: AdminVariant[] }>('query', 'catalog.variants', { productId })).body.variants;
});

afterAll(async () => {
  shop.closeAllConnections();
  await new Promise((resolve) => shop.close(resolve));
  await server.close();
});

async function page(address: string) {
  const reply = await fetch(`${url}${address}`, { headers: { accept: 'text/html' } });
  return { reply, html: await reply.text() };
}

/** The app's HTML as text (what a reader without scripts sees). */
const textOf = (html: string) =>
  html
    .slice(html.indexOf('<div id="root">'), html.indexOf('<script type="application/json"'))
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

/** The option values whose radio the HTML has checked. */
const checkedValues = (html: string) =>
  [...html.matchAll(/<input type="radio"[^>]*>/g)]
    .map((m) => m[0])
    .filter((tag) => / checked=""/.test(tag))
    .map((tag) => /value="([^"]*)"/.exec(tag)?.[1]);

type Ld = { '@type': string; [key: string]: unknown };
const jsonLd = (html: string): Ld[] => [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Ld);
const canonical = (html: string) => /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];

function conditionalGet(address: string, etag: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(`${url}${address}`, { headers: { 'if-none-match': etag, accept: 'text/html' } }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      })
      .on('error', reject);
  });
}

describe('a product page with ?variant=', () => {
  it('renders the variant the address names: its price, MRP, picture and chosen chips, without scripts', async () => {
    const { reply, html } = await page(`/product/${productId}?variant=${SKU.grey256}`);
    expect(reply.status).toBe(200);
    const text = textOf(html);
    expect(text).toContain('₹82,999.00');
    expect(text).toContain('M.R.P.: ₹89,999.00');
    expect(text).toContain('Only 3 left in stock');
    expect(text).not.toContain('₹74,999.00');
    expect(checkedValues(html)).toEqual(['256 GB', 'Marble Grey']);
    // Its own picture is the main image.
    expect(/<img [^>]*fetchPriority="high"[^>]*>|<img [^>]*fetchpriority="high"[^>]*>/.exec(html)?.[0]).toContain(GREY_PICTURE);
    // The sold-out combination is greyed, and still a choice.
    expect(text).toContain('Out of stock');
    // The SKU's case does not matter.
    expect(checkedValues((await page(`/product/${productId}?variant=${SKU.grey256.toLowerCase()}`)).html)).toEqual(['256 GB', 'Marble Grey']);
  });

  it('falls back to the default (summary) variant for an unknown SKU, not an error', async () => {
    const { reply, html } = await page(`/product/${productId}?variant=NO-SUCH-SKU`);
    expect(reply.status).toBe(200);
    expect(checkedValues(html)).toEqual(['128 GB', 'Onyx Black']);
    expect(textOf(html)).toContain('₹74,999.00');
  });

  it('points its canonical URL at the product without ?variant=, and lists every variant in ProductGroup JSON-LD', async () => {
    const { html } = await page(`/product/${productId}?variant=${SKU.grey256}`);
    const productUrl = `${server.deps.env.PUBLIC_URL}/product/${productId}`;
    expect(canonical(html)).toBe(productUrl);
    const group = jsonLd(html).find((ld) => ld['@type'] === 'ProductGroup')!;
    expect(jsonLd(html).some((ld) => ld['@type'] === 'Product')).toBe(false);
    expect(group).toMatchObject({ name: 'Paged Galaxy S24', productGroupID: productId, url: productUrl, variesBy: ['https://schema.org/color'], brand: { name: 'Samsung' } });
    const hasVariant = group.hasVariant as Ld[];
    expect(hasVariant.map((v) => v.sku)).toEqual(variants.map((v) => v.sku));
    const grey = hasVariant.find((v) => v.sku === SKU.grey256)!;
    expect(grey).toMatchObject({
      '@type': 'Product',
      gtin: EAN,
      name: 'Paged Galaxy S24 (256 GB, Marble Grey)',
      color: 'Marble Grey',
      additionalProperty: [{ '@type': 'PropertyValue', name: 'Storage', value: '256 GB' }],
      url: `${productUrl}?variant=${SKU.grey256}`,
      offers: {
        '@type': 'Offer',
        price: '82999.00',
        priceCurrency: 'INR',
        availability: 'https://schema.org/InStock',
        priceSpecification: { priceType: 'https://schema.org/StrikethroughPrice', price: '89999.00' },
      },
    });
    expect((grey.image as string[])[0]).toContain(GREY_PICTURE);
    expect(hasVariant.find((v) => v.sku === SKU.black256)).toMatchObject({ offers: { price: '84999.00', availability: 'https://schema.org/OutOfStock' } });
    expect(hasVariant.find((v) => v.sku === SKU.black128)?.gtin).toBeUndefined();
    // The link preview shows the variant named.
    expect(html).toContain('<meta property="product:price:amount" content="82999.00" />');
    expect(html).toContain('<meta property="og:title" content="Paged Galaxy S24 (256 GB, Marble Grey)" />');
  });

  it('keeps today’s Product JSON-LD for a product sold one way', async () => {
    const single = await insertProduct(server.deps.db, { productName: 'Paged Single Buds', category: 'airpodes', price: 299_900, sellingPrice: 249_900 });
    const { html } = await page(`/product/${single.id}?variant=ANYTHING`);
    const types = jsonLd(html).map((ld) => ld['@type']);
    expect(types).toEqual(['Product', 'BreadcrumbList']);
    expect(jsonLd(html)[0]).toMatchObject({ sku: single.id, offers: { price: '2499.00' } });
    expect(checkedValues(html)).toEqual([]);
  });

  it('is kept per address and goes stale with the product: a variant’s new price reaches every ?variant= page', async () => {
    const grey = await page(`/product/${productId}?variant=${SKU.grey256}`);
    const black = await page(`/product/${productId}?variant=${SKU.black128}`);
    const greyTag = grey.reply.headers.get('etag')!;
    const blackTag = black.reply.headers.get('etag')!;
    expect(grey.reply.headers.get('cache-control')).toBe('public, no-cache');
    expect(greyTag).not.toBe(blackTag);
    expect(await conditionalGet(`/product/${productId}?variant=${SKU.grey256}`, greyTag)).toBe(304);
    expect(await conditionalGet(`/product/${productId}?variant=${SKU.black128}`, greyTag)).toBe(200);

    const greyVariant = variants.find((v) => v.sku === SKU.grey256)!;
    const saved = await admin.trpc('mutation', 'catalog.updateVariants', { productId, variants: [{ _id: greyVariant._id, sellingPrice: 7_999_900 }] });
    expect(saved.status).toBe(200);
    await server.deps.changes.catchUp?.();
    expect(await conditionalGet(`/product/${productId}?variant=${SKU.grey256}`, greyTag)).toBe(200);
    expect(await conditionalGet(`/product/${productId}?variant=${SKU.black128}`, blackTag)).toBe(200);
    expect(textOf((await page(`/product/${productId}?variant=${SKU.grey256}`)).html)).toContain('₹79,999.00');
  });
});

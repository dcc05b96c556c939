import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { istToInstant } from '../../../shared/offers';
import type { CartPricing } from '../../../shared/schemas/cart';
import { createApp } from '../../app';
import { insertProduct, signInAs } from '../../testing/factories';
import { insertOffer } from '../../testing/offers';
import { HttpClient, startTestServer, type TestServer } from '../../testing/test-server';

/*
 * A sale price on the storefront (issue 30), at its boundaries on the shop's clock: "until Sunday
 * 23:59 IST" applies at 23:59:59 and not at Monday 00:00:00, on the server-rendered page, in the
 * cached /api reply and in the cart; a sale not yet started is not shown before its start though
 * the reply made before it was kept.
 */

let server: TestServer;
let shop: http.Server;
let url: string;
let now = Date.parse(istToInstant('2026-12-06T20:00:00'));

beforeAll(async () => {
  server = await startTestServer({ clock: () => new Date(now) });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'voltmart-client-'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html>\n<html lang="en">\n  <head>\n    <meta charset="UTF-8" />\n    <title>Voltmart</title>\n  </head>\n  <body><div id="root"></div></body>\n</html>\n`,
  );
  shop = http.createServer(createApp(server.deps, { client: { kind: 'static', dir } }));
  await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(shop.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => shop.close(() => resolve()));
  await server.close();
});

const page = async (productId: string) => {
  const reply = await fetch(`${url}/product/${productId}`, { headers: { accept: 'text/html' } });
  expect(reply.status).toBe(200);
  return reply.text();
};

const apiDetails = (productId: string) => new HttpClient(server.url).post<{ data: { sellingPrice: number; sale?: unknown } }>('/api/product-details', { productId });

describe('sale prices on the storefront', () => {
  it('a sale until Sunday 23:59 IST applies at 23:59:59 and not at 00:00:00, on the page, in the cached /api reply and in the cart', async () => {
    const product = await insertProduct(server.deps.db, { productName: 'Sale Phone', category: 'mobiles', price: 2_999_900, sellingPrice: 2_499_900, stock: 5 });
    const ends = istToInstant('2026-12-07T00:00');
    await insertOffer(server.deps.db, {
      kind: 'sale-price',
      definition: { productId: product.id, variantId: null, pricePaise: 1_999_900, from: istToInstant('2026-12-04T00:00'), to: ends },
    });

    now = Date.parse(istToInstant('2026-12-06T22:00:00'));
    const first = await apiDetails(product.id);
    expect(first.body.data.sellingPrice).toBe(19_999);
    expect(first.body.data).not.toHaveProperty('sale');
    const html = await page(product.id);
    expect(html).toContain('₹19,999.00');
    expect(html).toContain('Sale ends');
    expect(html).toContain('Monday, 7 December, 12:00 am IST');

    // The tRPC reply carries the sale and says when the kept reply runs out.
    const details = await new HttpClient(server.url).trpc<{ sellingPrice: number; sale: { pricePaise: number; endsAt: string }; saleChangesAt: string }>(
      'query',
      'catalog.details',
      {
        productId: product.id,
      },
    );
    expect(details.body).toMatchObject({ sellingPrice: 2_499_900, sale: { pricePaise: 1_999_900, endsAt: ends }, saleChangesAt: ends });

    const { client } = await signInAs(server);
    await client.post('/api/addtocart', { productId: product.id });
    now = Date.parse(istToInstant('2026-12-06T23:59:59'));
    const kept = await apiDetails(product.id);
    expect(kept.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(kept.body.data.sellingPrice).toBe(19_999);
    expect(await page(product.id)).toContain('₹19,999.00');
    const cart = await client.trpc<CartPricing>('query', 'cart.pricing');
    expect(cart.body.lines[0]).toMatchObject({ listUnitPrice: 2_499_900, unitPrice: 1_999_900, saleEndsAt: ends, net: 1_999_900 });

    // Monday 00:00:00 IST: the kept replies are not served past the sale's end.
    now = Date.parse(ends);
    const after = await apiDetails(product.id);
    expect(after.body.data.sellingPrice).toBe(24_999);
    expect(after.headers.get('etag')).not.toBe(first.headers.get('etag'));
    const afterHtml = await page(product.id);
    expect(afterHtml).not.toContain('₹19,999.00');
    expect(afterHtml).not.toContain('Sale ends');
    expect((await client.trpc<CartPricing>('query', 'cart.pricing')).body.lines[0]).toMatchObject({ unitPrice: 2_499_900, saleEndsAt: null, net: 2_499_900 });
  });

  it('a sale not yet started shows the usual price until its start, then the sale price, though the earlier reply was kept', async () => {
    const product = await insertProduct(server.deps.db, { productName: 'Soon Phone', category: 'mobiles', price: 2_999_900, sellingPrice: 2_499_900, stock: 5 });
    const starts = istToInstant('2026-12-08T10:00');
    await insertOffer(server.deps.db, {
      kind: 'sale-price',
      definition: { productId: product.id, variantId: null, pricePaise: 2_199_900, from: starts, to: istToInstant('2026-12-09T00:00') },
    });
    now = Date.parse(starts) - 60_000;
    const list = () => new HttpClient(server.url).trpc<{ items: { _id: string; sale?: { pricePaise: number } }[] }>('query', 'catalog.byCategory', { category: 'mobiles' });
    const before = await list();
    expect(before.body.items.find((p) => p._id === product.id)?.sale).toBeUndefined();
    expect((await apiDetails(product.id)).body.data.sellingPrice).toBe(24_999);
    now = Date.parse(starts);
    expect((await list()).body.items.find((p) => p._id === product.id)?.sale).toMatchObject({ pricePaise: 2_199_900 });
    expect((await apiDetails(product.id)).body.data.sellingPrice).toBe(21_999);
  });
  it('a sale the owner adds, pauses or deletes while it is live shows at once in the kept list, product and /api replies (their caches are staled)', async () => {
    now = Date.parse(istToInstant('2026-12-10T12:00:00'));
    const product = await insertProduct(server.deps.db, { productName: 'Flash Phone', category: 'mobiles', price: 2_999_900, sellingPrice: 2_499_900, stock: 5 });
    const list = async () =>
      (await new HttpClient(server.url).trpc<{ items: { _id: string; sale?: { pricePaise: number } }[] }>('query', 'catalog.byCategory', { category: 'mobiles' })).body.items.find(
        (p) => p._id === product.id,
      )?.sale?.pricePaise ?? null;
    const details = async () =>
      (await new HttpClient(server.url).trpc<{ sale?: { pricePaise: number } }>('query', 'catalog.details', { productId: product.id })).body.sale?.pricePaise ?? null;
    // Read (and kept) before any sale.
    expect(await list()).toBeNull();
    expect(await details()).toBeNull();
    expect((await apiDetails(product.id)).body.data.sellingPrice).toBe(24_999);
    const id = await insertOffer(server.deps.db, {
      kind: 'sale-price',
      definition: { productId: product.id, variantId: null, pricePaise: 1_999_900, from: istToInstant('2026-12-10T00:00'), to: istToInstant('2026-12-13T00:00') },
    });
    // (PostgreSQL's notification arrives just after the commit: polled.)
    await expect.poll(list).toBe(1_999_900);
    await expect.poll(details).toBe(1_999_900);
    await expect.poll(async () => (await apiDetails(product.id)).body.data.sellingPrice).toBe(19_999);
    await server.deps.db.updateTable('offers').set({ paused: 1 }).where('id', '=', id).execute();
    await expect.poll(list).toBeNull();
    await expect.poll(details).toBeNull();
    await server.deps.db.updateTable('offers').set({ paused: 0 }).where('id', '=', id).execute();
    await expect.poll(list).toBe(1_999_900);
    await server.deps.db.deleteFrom('offers').where('id', '=', id).execute();
    await expect.poll(list).toBeNull();
    await expect.poll(async () => (await apiDetails(product.id)).body.data.sellingPrice).toBe(24_999);
  });
});

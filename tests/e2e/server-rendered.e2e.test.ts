import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openShopPage, startShop, type ShopServer } from './harness';

/*
 * The storefront as the server renders it (issue 13), in Debian's Chromium against the
 * production build: read and browsed with JavaScript off, hydrated without asking for its data
 * again with JavaScript on, and previewed by a link-preview fetcher that runs no script.
 */

type ApiProduct = { _id: string; productName: string; sellingPrice: number; productImage: string[] };

let shop: ShopServer;
let browser: Browser;

beforeAll(async () => {
  shop = await startShop();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

async function trpcQuery<T>(path: string, input: unknown): Promise<T> {
  const reply = await fetch(`${shop.url}/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`);
  return ((await reply.json()) as { result: { data: T } }).result.data;
}

/** "₹74,999.00" for 7499900 paise, as the shop prints prices. */
const rupees = (paise: number) => `₹${Math.floor(paise / 100).toLocaleString('en-IN')}.${String(paise % 100).padStart(2, '0')}`;

describe('with JavaScript turned off', () => {
  it('a phone shopper browses a category, reads a product’s name and price, and searches', async () => {
    const sp = await openShopPage(browser, shop, 'phone', { javaScript: false });
    const { page } = sp;
    try {
      await page.goto('/');
      // The note and the phone's search form, from <noscript> (which Playwright's text engine skips).
      expect(await page.locator('noscript > p').first().innerText()).toContain('JavaScript is turned off');
      await page.locator('#noscript-search').waitFor();
      // A category bubble is a plain link.
      await page.locator('a[href="/product-category?category=mobiles"]').first().click();
      await page.waitForURL('**/product-category?category=mobiles');
      await page.getByRole('heading', { name: 'Mobiles', level: 1 }).waitFor();

      const card = page.getByTestId('product-card').first();
      const link = card.locator('a[href^="/product/"]').first();
      const href = await link.getAttribute('href');
      const productId = href!.split('/').pop()!;
      await link.click();
      await page.waitForURL(`**/product/${productId}`);

      const product = await trpcQuery<ApiProduct>('catalog.details', { productId });
      const heading = page.getByRole('heading', { level: 1 });
      expect(await heading.textContent()).toBe(product.productName);
      const html = await page.content();
      expect(html).toContain(rupees(product.sellingPrice));
      expect(await page.title()).toBe(`${product.productName} · Voltmart`);
      expect(await page.locator('main noscript p').allInnerTexts()).toContain('Buying needs JavaScript and a sign-in: turn JavaScript on to add this to your cart.');

      // The phone's search, a plain GET form when there is no script to open the header's.
      await page.locator('#noscript-search').fill('sony');
      await page.locator('#noscript-search').press('Enter');
      await page.waitForURL('**/search?q=sony');
      await page.getByText(/^Search Results : [1-9]\d*$/).waitFor();
      expect(sp.consoleErrors).toEqual([]);
    } finally {
      await sp.close();
    }
  });

  it('a desktop shopper filters a category with the checkboxes and the Apply button', async () => {
    const sp = await openShopPage(browser, shop, 'desktop', { javaScript: false });
    const { page } = sp;
    try {
      await page.goto('/product-category?category=mobiles');
      await page.getByRole('checkbox', { name: 'Watches' }).check();
      await page.getByRole('radio', { name: 'Price - Low to High' }).check();
      await page.getByRole('button', { name: 'Apply' }).click();
      await page.waitForURL(/\/product-category\?/);
      const params = new URL(page.url()).searchParams;
      expect(params.getAll('category').sort()).toEqual(['mobiles', 'watches']);
      expect(params.get('sort')).toBe('asc');
      await page.getByRole('heading', { name: 'Mobiles, Watches', level: 1 }).waitFor();
      // Cheapest first, across both categories.
      const prices = await page
        .getByTestId('product-card')
        .evaluateAll((cards) => cards.map((card) => Number((card.textContent ?? '').match(/₹([\d,]+\.\d\d)/)?.[1]?.replace(/,/g, '') ?? 'NaN')));
      expect(prices.length).toBeGreaterThan(1);
      expect(prices).toEqual([...prices].sort((a, b) => a - b));
      // The header search is a GET form too.
      await page.locator('#header-search').fill('watch');
      await page.locator('#header-search').press('Enter');
      await page.waitForURL('**/search?q=watch');
      await page.getByTestId('product-card').first().waitFor();
      expect(sp.consoleErrors).toEqual([]);
    } finally {
      await sp.close();
    }
  });
});

describe('with JavaScript on', () => {
  it('hydrates a product page without asking for its data again, then navigates in the browser', async () => {
    const sp = await openShopPage(browser, shop, 'phone');
    const { page } = sp;
    const catalogCalls: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/trpc/') && url.pathname.includes('catalog.details')) catalogCalls.push(url.pathname);
    });
    let documents = 0;
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents++;
    });
    try {
      const [first] = (await trpcQuery<{ items: ApiProduct[] }>('catalog.byCategory', { category: 'watches', limit: 1 })).items;
      await page.goto(`/product/${first!._id}`);
      expect(await page.title()).toBe(`${first!.productName} · Voltmart`);
      // Interactive once hydrated (the harness waits for it): the phone's search opens (a script does it).
      await page.getByRole('button', { name: 'Open search' }).click();
      await page.locator('#mobile-search').waitFor();
      expect(catalogCalls).toEqual([]);

      // A link now changes the page in the browser, with no new document.
      await page.getByRole('button', { name: 'Close search' }).click();
      await page.getByRole('link', { name: 'Voltmart home' }).click();
      await page.waitForURL(`${shop.url}/`);
      await page.getByRole('heading', { name: "Top's Airpodes" }).waitFor();
      expect(documents).toBe(1);
      // The tab's title follows the page, as the server would have written it.
      await expect.poll(() => page.title()).toBe('Voltmart · Consumer electronics');
      expect(sp.consoleErrors).toEqual([]);
    } finally {
      await sp.close();
    }
  });
});

describe('a link preview', () => {
  it('fetched as WhatsApp and Facebook do, yields the product’s name, price and picture', async () => {
    const [product] = (await trpcQuery<{ items: ApiProduct[] }>('catalog.byCategory', { category: 'mobiles', limit: 1 })).items;
    for (const userAgent of ['WhatsApp/2.23.20.0 A', 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)', 'TelegramBot (like TwitterBot)']) {
      const reply = await fetch(`${shop.url}/product/${product!._id}`, { headers: { 'user-agent': userAgent, accept: 'text/html' } });
      expect(reply.status).toBe(200);
      const html = await reply.text();
      const meta = (key: string) => new RegExp(`<meta (?:property|name)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)"`).exec(html)?.[1];
      expect(meta('og:title')).toBe(product!.productName.replace(/&/g, '&amp;').replace(/"/g, '&quot;'));
      expect(meta('product:price:amount')).toBe((product!.sellingPrice / 100).toFixed(2));
      expect(meta('product:price:currency')).toBe('INR');
      const image = meta('og:image')!;
      expect(image.startsWith(`${shop.url}/images/`)).toBe(true);
      const picture = await fetch(image);
      expect(picture.status).toBe(200);
      expect(picture.headers.get('content-type')).toBe('image/webp');
    }
  });
});

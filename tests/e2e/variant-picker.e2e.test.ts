import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testShopSettings } from '../../server/testing/factories';
import { addDeliveryAddress, ADMIN_EMAIL, ADMIN_PASSWORD, expectHealthy, launchBrowser, openShopPage, openSignedIn, type ShopPage, type ShopServer, startShop } from './harness';

/*
 * Issue 27, "Done when": a phone shopper picks 256 GB / Marble Grey of the demo's Galaxy S24,
 * sees its price, MRP, pictures and stock; the shared address opens on that variant with
 * JavaScript off (server-rendered); the shopper adds it to the cart and pays on the test
 * checkout; the invoice line names the variant and its SKU; only that variant's stock moved.
 */

const shopper = { name: 'Pia Shopper', email: `pia-${Date.now().toString(36)}@example.com`, password: 'pia-password-1' };
const GREY = 'DEMO-S24-256-GRY';

type Variant = { _id: string; sku: string; stock: number; images: string[] };

let shop: ShopServer;
let browser: Browser;
let owner: ShopPage;
let productId = '';
let stockBefore: Record<string, number> = {};
const open: ShopPage[] = [];

const signedIn = (email: string, password: string, viewport: 'phone' | 'desktop') => openSignedIn(browser, shop, { email, password }, viewport, { track: open });

async function adminVariants(): Promise<Variant[]> {
  const reply = await owner.page.request.get(`/trpc/catalog.variants?input=${encodeURIComponent(JSON.stringify({ productId }))}`);
  return ((await reply.json()) as { result: { data: { variants: Variant[] } } }).result.data.variants;
}

beforeAll(async () => {
  shop = await startShop();
  browser = await launchBrowser();
  const reply = await fetch(`${shop.url}/api/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...shopper, confirmPassword: shopper.password, profilePic: '' }),
  });
  if (reply.status !== 201) throw new Error(`sign-up failed: ${reply.status} ${await reply.text()}`);
  owner = await signedIn(ADMIN_EMAIL, ADMIN_PASSWORD, 'desktop');
  // A seller to invoice as.
  const saved = await owner.page.request.post('/trpc/settings.update', { data: testShopSettings() });
  expect(saved.status(), await saved.text()).toBe(200);
  const search = await owner.page.request.get(`/trpc/catalog.search?input=${encodeURIComponent(JSON.stringify({ q: 'Galaxy S24' }))}`);
  const items = ((await search.json()) as { result: { data: { items: { _id: string; productName: string; variantCount?: number }[] } } }).result.data.items;
  productId = items.find((p) => p.productName.startsWith('Samsung Galaxy S24') && (p.variantCount ?? 0) > 1)!._id;
  stockBefore = Object.fromEntries((await adminVariants()).map((v) => [v.sku, v.stock]));
}, 180_000);

afterAll(async () => {
  for (const p of open) await p.close().catch(() => undefined);
  await browser?.close();
  await shop?.stop();
});

const group = (page: Page, name: string) => page.getByRole('group', { name: new RegExp(`^${name}:`) });
const choose = (page: Page, option: string, value: string) => group(page, option).locator('label', { hasText: value }).click();
const priceBlock = (page: Page) => page.getByTestId('price-block').textContent();

describe('a phone shopper buys one variant', () => {
  let buyer: ShopPage;

  it('picks 256 GB / Marble Grey: price, MRP, pictures, stock and the address follow, without a reload', async () => {
    buyer = await signedIn(shopper.email, shopper.password, 'phone');
    const page = buyer.page;
    await page.goto(`/product/${productId}`);
    // The default: the cheapest that can be bought, 128 GB Onyx Black.
    expect(
      await group(page, 'Storage')
        .getByRole('radio', { name: /^128 GB/ })
        .isChecked(),
    ).toBe(true);
    expect(await priceBlock(page)).toContain('₹64,999.00');
    const productPicture = await page.getByTestId('main-image').locator('img').getAttribute('src');
    await buyer.screenshot('demo-colour-onyx-black-phone');
    await page.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });
    await page.evaluate(() => window.scrollTo(0, 300));
    const scrolled = await page.evaluate(() => window.scrollY);

    // The sold-out combination: greyed, viewable, not buyable.
    const violet = group(page, 'Colour').locator('label', { hasText: 'Cobalt Violet' });
    expect(await violet.textContent()).toContain('Out of stock');
    await violet.click();
    expect(await priceBlock(page)).toContain('₹64,999.00');
    expect(await page.getByRole('main').getByRole('button', { name: 'Add To Cart' }).isDisabled()).toBe(true);
    await page.getByText('Out of stock: 128 GB, Cobalt Violet').waitFor();

    await choose(page, 'Storage', '256 GB');
    await choose(page, 'Colour', 'Marble Grey');
    await page.waitForURL(`**/product/${productId}?variant=${GREY}`);
    expect(
      await group(page, 'Storage')
        .getByRole('radio', { name: /^256 GB/ })
        .isChecked(),
    ).toBe(true);
    expect(
      await group(page, 'Colour')
        .getByRole('radio', { name: /^Marble Grey/ })
        .isChecked(),
    ).toBe(true);
    const prices = await priceBlock(page);
    expect(prices).toContain('₹74,999.00');
    expect(prices).toContain('M.R.P.: ₹89,999.00');
    expect(prices).toContain('You save ₹15,000.00 (16%)');
    // 6 in stock: more than "Only N left" tells; buyable.
    expect(await page.getByText(/left in stock/).count()).toBe(0);
    expect(await page.getByRole('main').getByRole('button', { name: 'Add To Cart' }).isEnabled()).toBe(true);
    // Marble Grey has pictures of its own (the phone drawn in grey, shared by the grey variants): they replace the black ones.
    const greyPictures = (await adminVariants()).find((v) => v.sku === GREY)?.images ?? [];
    expect(greyPictures.length).toBeGreaterThan(1);
    const shown = (await page.getByTestId('main-image').locator('img').getAttribute('src')) ?? '';
    expect(shown).not.toBe(productPicture);
    expect(shown).toContain(path.basename(greyPictures[0] ?? '-', '.webp'));
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    await page.evaluate(() => window.scrollTo(0, 0));
    await buyer.screenshot('demo-colour-marble-grey-phone');
    await expectHealthy(buyer, 'variant-picker-phone');
    expect(buyer.consoleErrors).toEqual([]);
  });

  it('the same picture at 1440 px', async () => {
    const desktop = await openShopPage(browser, shop, 'desktop');
    open.push(desktop);
    await desktop.page.goto(`/product/${productId}?variant=${GREY}`);
    expect(
      await group(desktop.page, 'Colour')
        .getByRole('radio', { name: /^Marble Grey/ })
        .isChecked(),
    ).toBe(true);
    // The grey pictures from the first paint (server-rendered), in the gallery's thumbnails too.
    const greyPictures = (await adminVariants()).find((v) => v.sku === GREY)?.images ?? [];
    expect((await desktop.page.getByTestId('main-image').locator('img').getAttribute('src')) ?? '').toContain(path.basename(greyPictures[0] ?? '-', '.webp'));
    await expectHealthy(desktop, 'variant-picker-desktop');
    expect(desktop.consoleErrors).toEqual([]);
  });

  it('the shared address opens on that variant with JavaScript off', async () => {
    const reader = await openShopPage(browser, shop, 'phone', { javaScript: false });
    open.push(reader);
    const page = reader.page;
    await page.goto(`/product/${productId}?variant=${GREY}`);
    const prices = await priceBlock(page);
    expect(prices).toContain('₹74,999.00');
    expect(prices).toContain('M.R.P.: ₹89,999.00');
    expect(
      await group(page, 'Storage')
        .getByRole('radio', { name: /^256 GB/ })
        .isChecked(),
    ).toBe(true);
    expect(
      await group(page, 'Colour')
        .getByRole('radio', { name: /^Marble Grey/ })
        .isChecked(),
    ).toBe(true);
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(new RegExp(`/product/${productId}$`));
    await reader.screenshot('variant-picker-phone-no-javascript');
  });

  it('adds it to the cart, pays, and the invoice line names the variant and its SKU; only its stock moved', async () => {
    const page = buyer.page;
    await page.goto(`/product/${productId}?variant=${GREY}`);
    await page.getByRole('main').getByRole('button', { name: 'Add To Cart' }).click();
    await page.getByRole('link', { name: /^Cart, 1 item/ }).waitFor();
    await page.goto('/cart');
    const line = page.getByTestId('cart-line');
    expect(await line.getByTestId('variant-label').textContent()).toBe('256 GB, Marble Grey');
    expect(await line.getByRole('link').first().getAttribute('href')).toBe(`/product/${productId}?variant=${GREY}`);
    await page.getByRole('button', { name: 'Payment' }).click();
    await page.waitForURL('**/checkout');
    await addDeliveryAddress(page, 'Pia Rao');
    expect(await page.getByRole('list', { name: 'Items' }).textContent()).toContain('256 GB, Marble Grey');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.waitForURL('**/test-checkout/**');
    await page.getByRole('button', { name: 'Pay (test)' }).click();
    await page.getByRole('heading', { name: 'Payment Successfully' }).waitFor();

    await page.goto('/order');
    expect(await page.getByTestId('order-line-variant').first().textContent()).toBe(`256 GB, Marble Grey · SKU ${GREY}`);
    const invoice = page.getByRole('link', { name: /^Invoice / });
    await invoice.waitFor();
    const downloads = fs.mkdtempSync(path.join(os.tmpdir(), 'voltmart-variant-e2e-'));
    const [file] = await Promise.all([page.waitForEvent('download'), invoice.click()]);
    const pdf = path.join(downloads, file.suggestedFilename());
    await file.saveAs(pdf);
    // The description column wraps: compare without spaces and line breaks.
    const text = execFileSync('pdftotext', ['-raw', pdf, '-'], { encoding: 'utf8' }).replace(/\s+/g, '');
    fs.rmSync(downloads, { recursive: true, force: true });
    expect(text).toContain(`(256GB,MarbleGrey),SKU${GREY}`);

    const after = Object.fromEntries((await adminVariants()).map((v) => [v.sku, v.stock]));
    expect(after).toEqual({ ...stockBefore, [GREY]: stockBefore[GREY]! - 1 });
    expect(buyer.consoleErrors).toEqual([]);
  });
});

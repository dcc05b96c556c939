import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeViolations, hasHorizontalOverflow, launchBrowser, openShopPage, RESULTS_DIR, seriousA11yViolations, startShop, type ShopServer, signInAsOwner } from './harness';

/*
 * Issue 27, "Facts a product page must show" and "Honest ratings", in a real browser: the owner
 * uploads a product with its legal details (an imported one, so the form asks for the importer),
 * and its page shows them, the MRP inclusive of all taxes with the saving, and five outlined
 * stars with "No reviews yet", as the server renders it (no JavaScript) on a phone and a desktop.
 */

let shop: ShopServer;
let browser: Browser;
let imageDir: string;

beforeAll(async () => {
  shop = await startShop();
  browser = await launchBrowser();
  imageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'voltmart-facts-e2e-'));
  await sharp({ create: { width: 800, height: 800, channels: 3, background: '#1e3a8a' } })
    .png()
    .toFile(path.join(imageDir, 'phone.png'));
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  if (imageDir) fs.rmSync(imageDir, { recursive: true, force: true });
});

const NAME = 'Galaxy Facts 5G (8GB RAM, 128GB)';

describe('legal facts on a product page', () => {
  let productId = '';

  it('the owner fills the legal details in the admin form; the importer is asked for goods made abroad', async () => {
    const owner = await openShopPage(browser, shop, 'desktop');
    await signInAsOwner(owner.page);
    await owner.page.goto('/admit-panel/all-products');
    await owner.page.getByRole('button', { name: 'Upload Product' }).click();
    const dialog = owner.page.getByRole('dialog', { name: 'Upload Product' });
    await dialog.getByLabel('Product Name').fill(NAME);
    await dialog.getByLabel('Brand Name').fill('Samsung');
    await dialog.getByLabel('Category').selectOption('mobiles');
    await dialog.getByLabel('Stock', { exact: true }).fill('8');
    await dialog.getByLabel('Price (₹)', { exact: true }).fill('20000');
    await dialog.getByLabel('Selling Price (₹)').fill('18000');
    await dialog.getByTestId('product-image-input').setInputFiles(path.join(imageDir, 'phone.png'));

    // Saving without the legal details is refused beside the fields.
    await dialog.getByRole('button', { name: 'Upload Product' }).click();
    await dialog.getByText('country of origin is required').waitFor();
    expect(await dialog.getByLabel('Importer', { exact: true }).count()).toBe(0);

    await dialog.getByLabel('Country of origin').fill('Vietnam');
    await dialog.getByLabel('Manufacturer', { exact: true }).fill('Samsung Electronics Vietnam Co., Ltd.');
    await dialog.getByLabel('Manufacturer’s address').fill('Yen Phong I Industrial Park, Bac Ninh, Vietnam');
    await dialog.getByLabel('Net quantity / in the box').fill('1 N: handset, USB-C cable, SIM ejector');
    await dialog.getByLabel('Warranty (months)').fill('12');
    await dialog.getByLabel('Warranty given by').fill('Samsung India');
    await dialog.getByRole('button', { name: 'Upload Product' }).click();
    await dialog.getByText('importer name is required for goods made outside India').waitFor();
    await dialog.getByLabel('Importer', { exact: true }).fill('Samsung India Electronics Pvt. Ltd.');
    await dialog.getByLabel('Importer’s address').fill('6th Floor, DLF Centre, Sansad Marg, New Delhi 110001');
    // The dialog scrolls inside the page: its Legal details section, as the owner sees it.
    fs.mkdirSync(RESULTS_DIR, { recursive: true });
    await dialog.getByTestId('legal-details').screenshot({ path: path.join(RESULTS_DIR, 'product-facts-admin-legal-details.png') });
    await dialog.getByRole('button', { name: 'Upload Product' }).click();
    await owner.page.getByText('Product upload successfully').first().waitFor();
    await dialog.waitFor({ state: 'detached' });

    const found = (await (await fetch(`${shop.url}/api/search?q=${encodeURIComponent('Galaxy Facts')}`)).json()) as { data: { _id: string; productName: string }[] };
    productId = found.data.find((p) => p.productName === NAME)?._id ?? '';
    expect(productId).not.toBe('');
    // The admin grid flags no missing legal details on it.
    const card = owner.page.locator(`[data-product-id="${productId}"]`);
    await card.waitFor();
    expect(await card.getByTestId('facts-missing').count()).toBe(0);
    expect(owner.consoleErrors).toEqual([]);
    await owner.close();
  });

  for (const viewport of ['phone', 'desktop'] as const) {
    it(`the product page shows them server-rendered, without JavaScript, on a ${viewport}`, async () => {
      expect(productId).not.toBe('');
      const shopper = await openShopPage(browser, shop, viewport, { javaScript: false });
      await shopper.page.goto(`/product/${productId}`);
      await shopper.page.getByRole('heading', { level: 1, name: NAME }).waitFor();
      const price = shopper.page.getByTestId('price-block');
      expect(await price.innerText()).toMatch(/₹18,000\.00\s+M\.R\.P\.: ₹20,000\.00 \(inclusive of all taxes\)\s+You save ₹2,000\.00 \(10%\)/);
      await shopper.page.getByRole('img', { name: 'No reviews yet' }).waitFor();
      expect(await shopper.page.getByText(/out of 5/).count()).toBe(0);
      const legal = shopper.page.getByRole('region', { name: 'Legal information' });
      const text = await legal.innerText();
      for (const shown of [
        'Vietnam',
        'Samsung Electronics Vietnam Co., Ltd.',
        'Samsung India Electronics Pvt. Ltd.',
        '6th Floor, DLF Centre',
        '1 N: handset, USB-C cable, SIM ejector',
        '1 year, from Samsung India',
      ])
        expect(text).toContain(shown);
      expect(await hasHorizontalOverflow(shopper.page)).toBe(false);
      await shopper.screenshot(`product-facts-${viewport}-no-js`);
      await shopper.close();

      // With JavaScript, after hydration: the same, and nothing an accessibility check objects to.
      const live = await openShopPage(browser, shop, viewport);
      await live.page.goto(`/product/${productId}`);
      await live.page.getByRole('region', { name: 'Legal information' }).waitFor();
      expect(describeViolations(await seriousA11yViolations(live.page))).toBe('');
      await live.screenshot(`product-facts-${viewport}`);
      expect(live.consoleErrors).toEqual([]);
      await live.close();
    });
  }
});

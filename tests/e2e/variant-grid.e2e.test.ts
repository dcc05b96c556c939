import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasHorizontalOverflow, launchBrowser, openShopPage, RESULTS_DIR, startShop, type ShopServer, signInAsOwner } from './harness';

/*
 * Issue 27, the owner's side of variants in a real browser: a power bank in two colours × two
 * capacities is made in the admin form (options typed in as chips, the grid proposing the four
 * combinations, a picture per colour), shown on the storefront, then one variant's price is
 * edited in the grid and one variant archived from its row, and the storefront follows.
 */

let shop: ShopServer;
let browser: Browser;
let imageDir: string;

beforeAll(async () => {
  shop = await startShop();
  browser = await launchBrowser();
  imageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'voltmart-variants-e2e-'));
  await sharp({ create: { width: 800, height: 800, channels: 3, background: '#111827' } })
    .png()
    .toFile(path.join(imageDir, 'black.png'));
  await sharp({ create: { width: 800, height: 800, channels: 3, background: '#1d4ed8' } })
    .png()
    .toFile(path.join(imageDir, 'blue.png'));
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  if (imageDir) fs.rmSync(imageDir, { recursive: true, force: true });
});

async function addOption(dialog: Locator, index: number, name: string, values: string[]): Promise<void> {
  await dialog.getByRole('button', { name: 'Add option' }).click();
  await dialog.getByLabel(`Option ${index} name`).fill(name);
  const input = dialog.getByLabel(`Add a value of ${name}`);
  for (const value of values) {
    await input.fill(value);
    await input.press('Enter');
  }
}

const NAME = 'Ambrane Stylo Grid 20K';
const ROWS = [
  { label: '10000 mAh, Black', mrp: '1499', selling: '999', stock: '5' },
  { label: '10000 mAh, Blue', mrp: '1499', selling: '1049', stock: '3' },
  { label: '20000 mAh, Black', mrp: '2499', selling: '1799', stock: '8' },
  { label: '20000 mAh, Blue', mrp: '2499', selling: '1899', stock: '2' },
];

async function priceOnPage(page: Page, productId: string): Promise<string> {
  await page.goto(`/product/${productId}`);
  await page.getByRole('heading', { level: 1, name: NAME }).waitFor();
  return page.getByTestId('price-block').innerText();
}

describe('the variant grid', () => {
  let productId = '';

  it('the owner makes a power bank in two colours × two capacities, and shoppers see it', async () => {
    const owner = await openShopPage(browser, shop, 'desktop');
    await signInAsOwner(owner.page);
    await owner.page.goto('/admit-panel/all-products');
    await owner.page.getByRole('button', { name: 'Upload Product' }).click();
    const dialog = owner.page.getByRole('dialog', { name: 'Upload Product' });
    await dialog.getByLabel('Product Name').fill(NAME);
    await dialog.getByLabel('Brand Name').fill('Ambrane');
    await dialog.getByLabel('Category').selectOption('power-banks');
    await dialog.getByTestId('product-image-input').setInputFiles([path.join(imageDir, 'black.png'), path.join(imageDir, 'blue.png')]);
    await dialog.getByLabel('Country of origin').fill('India');
    await dialog.getByLabel('Manufacturer', { exact: true }).fill('Ambrane India Pvt. Ltd.');
    await dialog.getByLabel('Manufacturer’s address').fill('Plot 12, Sector 63, Noida 201301');
    await dialog.getByLabel('Net quantity / in the box').fill('1 N: power bank, USB-C cable');
    await dialog.getByLabel('Warranty (months)').fill('6');
    await dialog.getByLabel('Warranty given by').fill('Ambrane (manufacturer)');

    await addOption(dialog, 1, 'Capacity', ['10000 mAh', '20000 mAh']);
    await addOption(dialog, 2, 'Colour', ['Black', 'Blue']);
    await dialog.getByLabel('Swatch colour of Blue').fill('#1d4ed8');
    const rows = dialog.getByTestId('variant-row');
    expect(await rows.evaluateAll((els) => els.map((el) => el.getAttribute('data-row')))).toEqual(ROWS.map((r) => r.label));
    expect(await dialog.getByLabel('SKU of 20000 mAh, Blue').inputValue()).toBe('20K-20000-BL');

    // The MRP once, filled down; then each row's selling price and stock, row by row.
    await dialog.getByLabel('MRP (₹) of 10000 mAh, Black').fill('1499');
    await dialog.getByRole('button', { name: 'Fill down MRP (₹)' }).click();
    for (const row of ROWS) {
      if (row.mrp !== '1499') await dialog.getByLabel(`MRP (₹) of ${row.label}`).fill(row.mrp);
      await dialog.getByLabel(`Selling (₹) of ${row.label}`).fill(row.selling);
      await dialog.getByLabel(`Stock of ${row.label}`, { exact: true }).fill(row.stock);
    }
    // A picture per colour: the first for black, the second for blue.
    for (const row of ROWS) {
      await dialog.getByLabel(`Images of ${row.label}`).click();
      await dialog.getByLabel(`Picture ${row.label.endsWith('Black') ? 1 : 2} for ${row.label}`).check();
      await dialog.getByLabel(`Images of ${row.label}`).click();
    }
    fs.mkdirSync(RESULTS_DIR, { recursive: true });
    await dialog.getByTestId('options-editor').scrollIntoViewIfNeeded();
    await owner.page.screenshot({ path: path.join(RESULTS_DIR, 'variant-grid-1440-options.png') });
    await dialog.getByTestId('variant-grid').scrollIntoViewIfNeeded();
    await owner.page.screenshot({ path: path.join(RESULTS_DIR, 'variant-grid-1440.png') });
    await owner.page.setViewportSize({ width: 1366, height: 900 });
    expect(await hasHorizontalOverflow(owner.page)).toBe(false);
    expect(await dialog.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    await owner.page.screenshot({ path: path.join(RESULTS_DIR, 'variant-grid-1366.png') });

    await dialog.getByRole('button', { name: 'Upload Product' }).click();
    await owner.page.getByText('Product upload successfully').first().waitFor();
    await dialog.waitFor({ state: 'detached' });
    const card = owner.page.getByTestId('admin-product').filter({ has: owner.page.getByRole('heading', { name: NAME }) });
    await card.waitFor();
    productId = (await card.getAttribute('data-product-id')) ?? '';
    expect(await card.getByTestId('admin-product-variants').innerText()).toBe('4 variants');
    expect(await card.getByTestId('admin-product-price').innerText()).toBe('₹999.00 – ₹1,899.00');
    expect(owner.consoleErrors).toEqual([]);
    await owner.close();

    const shopper = await openShopPage(browser, shop, 'desktop');
    expect(await priceOnPage(shopper.page, productId)).toContain('₹999.00');
    await shopper.close();
  });

  it('the owner edits one variant’s price in the grid and archives another; the storefront follows', async () => {
    expect(productId).not.toBe('');
    const owner = await openShopPage(browser, shop, 'desktop');
    await signInAsOwner(owner.page);
    await owner.page.goto('/admit-panel/all-products');
    const card = owner.page.locator(`[data-product-id="${productId}"]`);
    await card.getByRole('button', { name: `Edit ${NAME}` }).click();
    const dialog = owner.page.getByRole('dialog', { name: 'Edit Product' });
    const selling = dialog.getByLabel('Selling (₹) of 10000 mAh, Blue');
    await selling.waitFor();
    expect(await selling.inputValue()).toBe('1049');
    expect(await dialog.getByLabel('Stock of 20000 mAh, Black', { exact: true }).inputValue()).toBe('8');
    await selling.fill('1029');
    await dialog.getByRole('button', { name: 'Update Product' }).click();
    await owner.page.getByText('Product update successfully').first().waitFor();
    await dialog.waitFor({ state: 'detached' });

    await card.getByRole('button', { name: `Edit ${NAME}` }).click();
    await dialog.getByRole('button', { name: 'Archive 10000 mAh, Black' }).click();
    await dialog.getByRole('button', { name: 'Restore 10000 mAh, Black' }).waitFor();
    await owner.page.screenshot({ path: path.join(RESULTS_DIR, 'variant-grid-archived-row.png') });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => card.getByTestId('admin-product-variants').innerText()).toBe('3 variants');
    expect(owner.consoleErrors).toEqual([]);
    await owner.close();

    // The cheapest live variant is now 10000 mAh Blue at its new price.
    const shopper = await openShopPage(browser, shop, 'desktop');
    const price = await priceOnPage(shopper.page, productId);
    expect(price).toContain('₹1,029.00');
    expect(price).not.toContain('₹999.00');
    await shopper.screenshot('variant-grid-storefront-after');
    await shopper.close();
  });
});

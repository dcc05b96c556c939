import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openShopPage, RESULTS_DIR, signInAsOwner, startShop, type ShopPage, type ShopServer } from './harness';

/*
 * Issue 27, "Done when", the owner's journey in one go, in Chromium, on a shop with no catalogue
 * (SEED=none, so Power banks is a category the owner creates, not the demo's): the owner creates
 * Power banks with its template (capacity in mAh per variant, a filter; output W; ports; fast
 * charging yes/no, a filter); adds a power bank in two colours (swatches) × two capacities, four
 * variants with their own prices and stock and a picture per colour uploaded in the form (the
 * grid's Capacity column filled from the option), and a second, plain power bank so filters have
 * something to leave out; sees it on the storefront category page, whose Capacity and Fast
 * charging filters narrow the list with the right counts; edits one variant's price in the grid
 * and sees it on the storefront; archives one variant and sees it gone from the picker.
 * Screenshots of each step: test-results/owner-pb-*.png.
 */

let shop: ShopServer;
let browser: Browser;
let imageDir: string;

const NAME = 'Volt Charge Duo Power Bank';
const PLAIN = 'Volt Basic 10000 mAh Power Bank';
/** Colour × Capacity, as the grid proposes them (first option slowest). */
const ROWS = [
  { label: 'Black, 10000 mAh', mrp: '1999', selling: '1299', stock: '12', picture: 1 },
  { label: 'Black, 20000 mAh', mrp: '2999', selling: '1899', stock: '6', picture: 1 },
  { label: 'Blue, 10000 mAh', mrp: '1999', selling: '1349', stock: '4', picture: 2 },
  { label: 'Blue, 20000 mAh', mrp: '2999', selling: '1999', stock: '2', picture: 2 },
];

/** A power bank drawn in `body`: a rounded slab with a USB-C port and four charge dots. */
async function drawPowerBank(file: string, body: string): Promise<void> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800">
    <rect width="800" height="800" fill="#f4f4f5"/>
    <rect x="250" y="120" width="300" height="560" rx="48" fill="${body}"/>
    <rect x="370" y="140" width="60" height="14" rx="7" fill="#18181b"/>
    ${[0, 1, 2, 3].map((i) => `<circle cx="${340 + i * 40}" cy="600" r="9" fill="#22c55e"/>`).join('')}
  </svg>`;
  await sharp(Buffer.from(svg)).png().toFile(file);
}

beforeAll(async () => {
  shop = await startShop({ env: { SEED: 'none' } });
  browser = await launchBrowser();
  imageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'voltmart-owner-pb-'));
  await drawPowerBank(path.join(imageDir, 'black.png'), '#1f2937');
  await drawPowerBank(path.join(imageDir, 'blue.png'), '#1d4ed8');
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  if (imageDir) fs.rmSync(imageDir, { recursive: true, force: true });
});

const shot = async (page: Page, name: string) => {
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(RESULTS_DIR, `owner-pb-${name}.png`) });
};

async function addOption(dialog: Locator, index: number, name: string, values: string[]): Promise<void> {
  await dialog.getByRole('button', { name: 'Add option' }).click();
  await dialog.getByLabel(`Option ${index} name`).fill(name);
  const input = dialog.getByLabel(`Add a value of ${name}`);
  for (const value of values) {
    await input.fill(value);
    await input.press('Enter');
  }
}

/** The legal facts the form requires before a product can be on sale. */
async function fillFacts(dialog: Locator): Promise<void> {
  await dialog.getByLabel('Country of origin').fill('India');
  await dialog.getByLabel('Manufacturer', { exact: true }).fill('Volt Devices Pvt. Ltd.');
  await dialog.getByLabel('Manufacturer’s address').fill('14 Electronic City, Phase 1, Bengaluru 560100');
  await dialog.getByLabel('Net quantity / in the box').fill('1 N: power bank, USB-C cable');
  await dialog.getByLabel('Warranty (months)').fill('6');
  await dialog.getByLabel('Warranty given by').fill('Volt Devices (manufacturer)');
}

const results = (page: Page) => page.getByRole('status').first().textContent();
const names = async (page: Page) => (await page.locator('main article h3').allTextContents()).map((t) => t.trim()).sort();
const group = (page: Page, name: string) => page.getByRole('group', { name: new RegExp(`^${name}:`) });

describe('the owner’s power bank, from an empty shop to the storefront', () => {
  it('creates Power banks with a template, adds a power bank in 2 colours × 2 capacities, filters it on the storefront, edits a price, archives a variant', async () => {
    const owner: ShopPage = await openShopPage(browser, shop, 'desktop');
    const { page } = owner;
    await signInAsOwner(page);

    // 1. The category, with its spec template.
    await page.goto('/admit-panel/categories');
    await page.getByRole('heading', { name: 'Categories', level: 1 }).waitFor();
    const labels = await page.getByTestId('category-row').locator('th span:first-child').allTextContents();
    expect(labels).not.toContain('Power banks');
    await page.getByRole('button', { name: 'Add category' }).click();
    const categoryDialog = page.getByRole('dialog', { name: 'Add category' });
    await categoryDialog.getByLabel('Label').fill('Power banks');
    await categoryDialog.getByLabel('HSN code').fill('85076000');
    const attributes = categoryDialog.getByTestId('spec-attribute');
    const attribute = async (name: string, unit: string, type: string, flags: string[]) => {
      await categoryDialog.getByRole('button', { name: 'Add attribute' }).click();
      const row = attributes.last();
      await row.getByLabel('Name').fill(name);
      await row.getByLabel('Unit').fill(unit);
      await row.getByLabel('Type').selectOption(type);
      for (const flag of flags) await row.getByLabel(flag).check();
    };
    await attribute('Capacity', 'mAh', 'number', ['Filter', 'On cards', 'Per variant']);
    await attribute('Output', 'W', 'number', []);
    await attribute('Ports', '', 'text', []);
    await attribute('Fast charging', '', 'yesno', ['Filter']);
    await shot(page, '1-category');
    await categoryDialog.getByRole('button', { name: 'Add category' }).click();
    await page.getByText('Category added: Power banks').first().waitFor();

    // 2. A plain power bank (no options): its values in the Specifications section.
    await page.goto('/admit-panel/all-products');
    await page.getByRole('button', { name: 'Upload Product' }).click();
    let dialog = page.getByRole('dialog', { name: 'Upload Product' });
    await dialog.getByLabel('Product Name').fill(PLAIN);
    await dialog.getByLabel('Brand Name').fill('Volt');
    await dialog.getByLabel('Category').selectOption('power-banks');
    await dialog.getByTestId('product-image-input').setInputFiles([path.join(imageDir, 'black.png')]);
    await dialog.getByLabel('Price (₹)', { exact: true }).fill('1499');
    await dialog.getByLabel('Selling Price (₹)').fill('999');
    await dialog.getByLabel('Stock', { exact: true }).fill('20');
    await fillFacts(dialog);
    let specs = dialog.getByTestId('specifications-fields');
    await specs.getByLabel(/^Capacity/).fill('10000');
    await specs.getByLabel(/^Fast charging/).selectOption('no');
    await dialog.getByRole('button', { name: 'Upload Product' }).click();
    await page.getByText('Product upload successfully').first().waitFor();
    await dialog.waitFor({ state: 'detached' });

    // 3. The power bank in two colours × two capacities, a picture per colour.
    await page.getByRole('button', { name: 'Upload Product' }).click();
    dialog = page.getByRole('dialog', { name: 'Upload Product' });
    await dialog.getByLabel('Product Name').fill(NAME);
    await dialog.getByLabel('Brand Name').fill('Volt');
    await dialog.getByLabel('Category').selectOption('power-banks');
    await dialog.getByTestId('product-image-input').setInputFiles([path.join(imageDir, 'black.png'), path.join(imageDir, 'blue.png')]);
    await fillFacts(dialog);
    await addOption(dialog, 1, 'Colour', ['Black', 'Blue']);
    await dialog.getByLabel('Swatch colour of Black').fill('#1f2937');
    await dialog.getByLabel('Swatch colour of Blue').fill('#1d4ed8');
    await addOption(dialog, 2, 'Capacity', ['10000 mAh', '20000 mAh']);
    const rows = dialog.getByTestId('variant-row');
    expect(await rows.evaluateAll((els) => els.map((el) => el.getAttribute('data-row')))).toEqual(ROWS.map((r) => r.label));
    // The grid's Capacity column (a per-variant attribute) is filled from the Capacity option.
    for (const row of ROWS) expect(await dialog.getByLabel(`Capacity (mAh) of ${row.label}`).inputValue()).toBe(row.label.endsWith('20000 mAh') ? '20000' : '10000');
    for (const row of ROWS) {
      await dialog.getByLabel(`MRP (₹) of ${row.label}`).fill(row.mrp);
      await dialog.getByLabel(`Selling (₹) of ${row.label}`).fill(row.selling);
      await dialog.getByLabel(`Stock of ${row.label}`, { exact: true }).fill(row.stock);
      await dialog.getByLabel(`Images of ${row.label}`).click();
      await dialog.getByLabel(`Picture ${row.picture} for ${row.label}`).check();
      await dialog.getByLabel(`Images of ${row.label}`).click();
    }
    // The product-level values: the section no longer offers Capacity (it is the grid's).
    specs = dialog.getByTestId('specifications-fields');
    expect(await specs.getByLabel(/^Capacity/).count()).toBe(0);
    await specs.getByLabel(/^Output/).fill('22.5');
    await specs.getByLabel(/^Ports/).fill('USB-C in/out, 2 × USB-A');
    await specs.getByLabel(/^Fast charging/).selectOption('yes');
    await dialog.getByTestId('variant-grid').scrollIntoViewIfNeeded();
    await shot(page, '2-variant-grid');
    await dialog.getByRole('button', { name: 'Upload Product' }).click();
    await page.getByText('Product upload successfully').first().waitFor();
    await dialog.waitFor({ state: 'detached' });
    const card = page.getByTestId('admin-product').filter({ has: page.getByRole('heading', { name: NAME }) });
    const productId = (await card.getAttribute('data-product-id')) ?? '';
    expect(productId).not.toBe('');
    expect(await card.getByTestId('admin-product-variants').innerText()).toBe('4 variants');
    await shot(page, '3-products');

    // 4. The storefront's category page: both power banks, then the filters narrow them.
    const shopper = await openShopPage(browser, shop, 'desktop');
    const store = shopper.page;
    await store.goto('/product-category?category=power-banks');
    await store.getByRole('heading', { name: 'Power banks', level: 1 }).waitFor();
    await expect.poll(() => results(store)).toBe('Search Results : 2');
    expect(await names(store)).toEqual([PLAIN, NAME].sort());
    const ours = store.locator('main article').filter({ hasText: NAME });
    expect(await ours.innerText()).toMatch(/from\s*₹1,299/);
    expect(await ours.innerText()).toContain('2 colours');
    const panel = store.getByRole('complementary', { name: 'Filters' });
    const capacity = panel.getByRole('group', { name: 'Capacity' });
    const fast = panel.getByRole('group', { name: 'Fast charging' });
    // The counts over both: 10,000 mAh & above both, 20,000 mAh & above ours (its 20000 mAh variants); fast charging one each.
    expect(await capacity.locator('label', { hasText: /^10,000 mAh & above/ }).textContent()).toContain('(2)');
    expect(await capacity.locator('label', { hasText: /^20,000 mAh & above/ }).textContent()).toContain('(1)');
    expect(await fast.locator('label', { hasText: 'Yes' }).textContent()).toContain('(1)');
    expect(await fast.locator('label', { hasText: 'No' }).textContent()).toContain('(1)');
    await capacity.getByLabel(/^20,000 mAh & above/).check();
    await store.waitForURL(/spec\.capacity=20000-/);
    await expect.poll(() => results(store)).toBe('Search Results : 1');
    expect(await names(store)).toEqual([NAME]);
    // Under 20,000 mAh & above, Fast charging counts ours only.
    expect(await fast.locator('label', { hasText: 'Yes' }).textContent()).toContain('(1)');
    await shot(store, '4-storefront-capacity-filter');
    await capacity.getByLabel(/^Any/).check();
    await expect.poll(() => results(store)).toBe('Search Results : 2');
    await fast.getByLabel(/^No/).check();
    await store.waitForURL(/spec\.fast_charging=no/);
    await expect.poll(() => results(store)).toBe('Search Results : 1');
    expect(await names(store)).toEqual([PLAIN]);
    // Under "no fast charging", the capacity counts are the plain one's: 10,000 mAh & above (1), nothing at 20,000.
    expect(await capacity.locator('label', { hasText: /^10,000 mAh & above/ }).textContent()).toContain('(1)');
    const none = capacity.locator('label', { hasText: /^20,000 mAh & above/ });
    expect((await none.count()) === 0 || ((await none.textContent()) ?? '').includes('(0)')).toBe(true);
    await fast.getByLabel(/^No/).uncheck();
    await fast.getByLabel(/^Yes/).check();
    await store.waitForURL(/spec\.fast_charging=yes/);
    await expect.poll(() => results(store)).toBe('Search Results : 1');
    expect(await names(store)).toEqual([NAME]);
    await shot(store, '5-storefront-fast-charging-filter');

    // Its page: Blue shows the blue picture and its price.
    await store.goto(`/product/${productId}`);
    await store.getByRole('heading', { level: 1, name: NAME }).waitFor();
    expect(await store.getByTestId('price-block').innerText()).toContain('₹1,299.00');
    const blackPicture = await store.getByTestId('main-image').locator('img').getAttribute('src');
    await group(store, 'Colour').locator('label', { hasText: 'Blue' }).click();
    await expect.poll(() => store.getByTestId('price-block').innerText()).toContain('₹1,349.00');
    expect(await store.getByTestId('main-image').locator('img').getAttribute('src')).not.toBe(blackPicture);
    await shot(store, '6-product-blue');

    // 5. The owner lowers Blue, 10000 mAh's price in the grid; the storefront shows it.
    await card.getByRole('button', { name: `Edit ${NAME}` }).click();
    dialog = page.getByRole('dialog', { name: 'Edit Product' });
    const selling = dialog.getByLabel('Selling (₹) of Blue, 10000 mAh');
    await selling.waitFor();
    expect(await selling.inputValue()).toBe('1349');
    expect(await dialog.getByLabel('Capacity (mAh) of Blue, 20000 mAh').inputValue()).toBe('20000');
    await selling.fill('1249');
    await dialog.getByRole('button', { name: 'Update Product' }).click();
    await page.getByText('Product update successfully').first().waitFor();
    await dialog.waitFor({ state: 'detached' });
    await store.goto(`/product/${productId}`);
    // The cheapest in stock now: Blue, 10000 mAh at its new price.
    await expect.poll(() => store.getByTestId('price-block').innerText()).toContain('₹1,249.00');
    expect(await group(store, 'Colour').getByRole('radio', { name: /^Blue/ }).isChecked()).toBe(true);
    await shot(store, '7-price-edited');

    // 6. The owner archives Blue, 20000 mAh; the picker no longer offers it.
    expect(await group(store, 'Capacity').locator('label', { hasText: '20000 mAh' }).getAttribute('data-state')).toBe('available');
    await card.getByRole('button', { name: `Edit ${NAME}` }).click();
    dialog = page.getByRole('dialog', { name: 'Edit Product' });
    await dialog.getByRole('button', { name: 'Archive Blue, 20000 mAh' }).click();
    await dialog.getByRole('button', { name: 'Restore Blue, 20000 mAh' }).waitFor();
    await dialog.getByTestId('variant-grid').scrollIntoViewIfNeeded();
    await shot(page, '8-archived-row');
    // The grid, with its Capacity and row-action columns, fits its box at 1440 px.
    expect(await dialog.getByTestId('variant-grid').evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => card.getByTestId('admin-product-variants').innerText()).toBe('3 variants');

    await store.goto(`/product/${productId}`);
    await store.getByRole('heading', { level: 1, name: NAME }).waitFor();
    expect(await group(store, 'Colour').getByRole('radio', { name: /^Blue/ }).isChecked()).toBe(true);
    // With Blue chosen, 20000 mAh is no longer a combination: choosing it moves to Black, 20000 mAh.
    const big = group(store, 'Capacity').locator('label', { hasText: '20000 mAh' });
    expect(await big.getAttribute('data-state')).toBe('elsewhere');
    await big.click();
    await expect
      .poll(() =>
        group(store, 'Colour')
          .getByRole('radio', { name: /^Black/ })
          .isChecked(),
      )
      .toBe(true);
    expect(await store.getByTestId('price-block').innerText()).toContain('₹1,899.00');
    await shot(store, '9-picker-after-archive');

    expect(owner.consoleErrors).toEqual([]);
    expect(shopper.consoleErrors).toEqual([]);
    await shopper.close();
    await owner.close();
  }, 240_000);
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatINR } from '../../shared/money';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  describeViolations,
  fillTestCheckoutAddress,
  hasHorizontalOverflow,
  launchBrowser,
  openShopPage,
  seriousA11yViolations,
  startShop,
  type ShopPage,
  type ShopServer,
} from './harness';

/*
 * The admin panel in Chromium against the production build: who gets in, roles, products with
 * photos from upload to archive (checked on the storefront), and an order from paid to shipped
 * as its shopper sees it. The tests run in order and build on each other's data.
 */

let shop: ShopServer;
let browser: Browser;
let imageDir: string;
const open: ShopPage[] = [];

const run = Date.now().toString(36);
const PRODUCT_NAME = `Voltwave Speaker ${run}`;
const shopper = {
  name: 'Shopper Sana',
  email: `sana-${run}@example.com`,
  password: 'shopper-pass-123',
};
const promoted = {
  name: 'Promoted Pia',
  email: `pia-${run}@example.com`,
  password: 'promoted-pass-123',
};
let productId = '';

beforeAll(async () => {
  shop = await startShop();
  browser = await launchBrowser();
  imageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'voltmart-admin-e2e-'));
  const colours = { red: '#d62828', blue: '#1d4ed8' };
  for (const [name, background] of Object.entries(colours)) {
    await sharp({
      create: { width: 800, height: 600, channels: 3, background },
    })
      .png()
      .toFile(path.join(imageDir, `${name}.png`));
  }
  for (const user of [shopper, promoted]) {
    const reply = await fetch(`${shop.url}/api/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        ...user,
        confirmPassword: user.password,
        profilePic: '',
      }),
    });
    if (reply.status !== 201) throw new Error(`sign-up of ${user.email} failed: ${reply.status} ${await reply.text()}`);
  }
});

afterAll(async () => {
  for (const p of open) await p.close().catch(() => undefined);
  await browser?.close();
  await shop?.stop();
  if (imageDir) fs.rmSync(imageDir, { recursive: true, force: true });
});

/** A desktop page signed in as `email` (the session cookie is shared by the page and its request context). */
async function signedIn(email: string, password: string): Promise<ShopPage> {
  const shopPage = await openShopPage(browser, shop, 'desktop');
  open.push(shopPage);
  const reply = await shopPage.page.request.post('/api/signin', {
    data: { email, password },
  });
  expect(reply.status(), await reply.text()).toBe(200);
  return shopPage;
}

let adminPage: ShopPage | undefined;
async function admin(): Promise<Page> {
  adminPage ??= await signedIn(ADMIN_EMAIL, ADMIN_PASSWORD);
  return adminPage.page;
}

let shopperPage: ShopPage | undefined;
async function asShopper(): Promise<Page> {
  shopperPage ??= await signedIn(shopper.email, shopper.password);
  return shopperPage.page;
}

/** Console errors other than the refusals a test provokes on purpose (they show as failed loads). */
function unexpectedConsoleErrors(p: ShopPage | undefined): string[] {
  return (p?.consoleErrors ?? []).filter((e) => !/status of 409/.test(e));
}

async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  const violations = await seriousA11yViolations(page);
  expect(violations, describeViolations(violations)).toEqual([]);
}

describe('admin panel', () => {
  it('sends a GENERAL user who types /admit-panel/all-users back to /', async () => {
    const page = await asShopper();
    await page.goto('/admit-panel/all-users');
    await page.waitForURL((url) => url.pathname === '/');
    expect(await page.getByRole('heading', { name: 'All Users' }).count()).toBe(0);
    // The server refuses them too, whatever the client does.
    const direct = await page.request.get('/trpc/admin.orders?input=%7B%7D');
    expect(direct.status()).toBe(403);
    await shopperPage?.screenshot('admin-general-user-redirected');
  });

  it('shows the sidebar, refuses to demote the last admin, and promotes a user', async () => {
    const page = await admin();
    await page.goto('/admit-panel/all-users');
    const sidebar = page.getByRole('complementary', { name: 'Admin panel' });
    await expect.poll(() => sidebar.getByTestId('admin-role').textContent()).toBe('ADMIN');
    expect(await sidebar.getByRole('link').allTextContents()).toEqual([
      'Dashboard',
      'All Users',
      'All Products',
      'All Orders',
      'Returns',
      'Import / export',
      'Bulk edit',
      'Banners',
      'Offers',
      'Categories',
      'Invoices',
      'Settings',
      'Mail',
      'Audit log',
    ]);
    await page.getByRole('heading', { name: 'All Users' }).waitFor();
    await expectNoSeriousA11yViolations(page);

    // The only admin cannot be made GENERAL: the server's message shows in the dialog.
    const search = page.getByLabel('Search by email');
    await search.fill(ADMIN_EMAIL);
    await expect.poll(() => page.getByTestId('user-row').count()).toBe(1);
    await page
      .getByRole('button', {
        name: new RegExp(`^Edit role of .*\\(${ADMIN_EMAIL}\\)$`),
      })
      .click();
    let dialog = page.getByRole('dialog', { name: 'Change User Role' });
    await dialog.getByLabel('Role').selectOption('GENERAL');
    await dialog.getByRole('button', { name: 'Change Role' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'This is the last admin' }).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await search.fill(promoted.email);
    const row = page.getByTestId('user-row').filter({ hasText: promoted.email });
    await expect.poll(() => page.getByTestId('user-row').count()).toBe(1);
    expect(await row.textContent()).toContain('GENERAL');
    expect(await row.locator('td').nth(4).textContent()).toMatch(/^\d{1,2} [A-Z][a-z]+ \d{4}$/);
    await row.getByRole('button', { name: /^Edit role of / }).click();
    dialog = page.getByRole('dialog', { name: 'Change User Role' });
    await expectNoSeriousA11yViolations(page);
    await dialog.getByLabel('Role').selectOption('ADMIN');
    await dialog.getByRole('button', { name: 'Change Role' }).click();
    await page.getByText(`User Updated: ${promoted.name} is now ADMIN`).waitFor();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => row.locator('td').nth(3).textContent()).toBe('ADMIN');

    expect(unexpectedConsoleErrors(adminPage)).toEqual([]);
    await adminPage?.screenshot('admin-user-promoted');
  });

  it('uploads a product with two images, removes one, and the storefront sells it at the right price', async () => {
    const page = await admin();
    await page.goto('/admit-panel/all-products');
    await page.getByRole('heading', { name: 'All Products' }).waitFor();
    await page.getByRole('button', { name: 'Upload Product' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload Product' });
    // The spec's red hint waits until the owner tries to save without an image.
    await dialog.getByLabel('Product Name').waitFor();
    expect(await dialog.getByText('*Please upload product image').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Upload Product' }).click();
    await dialog.getByText('*Please upload product image').waitFor();

    await dialog.getByLabel('Product Name').fill(PRODUCT_NAME);
    await dialog.getByLabel('Brand Name').fill('Voltwave');
    await dialog.getByLabel('Category').selectOption('speakers');
    await dialog.getByLabel('Stock', { exact: true }).fill('20');
    await dialog.getByLabel('Price (₹)', { exact: true }).fill('15999');
    await dialog.getByLabel('Selling Price (₹)').fill('12345.5');
    await dialog.getByLabel(/^Description/).fill('A loud little speaker made by the admin test.');
    // The facts the law asks the listing to show: the form requires them (goods made in India, no importer).
    await dialog.getByLabel('Country of origin').fill('India');
    await dialog.getByLabel('Manufacturer', { exact: true }).fill('Voltwave Audio Pvt. Ltd.');
    await dialog.getByLabel('Manufacturer’s address').fill('Plot 7, Electronic City Phase 1, Bengaluru 560100');
    await dialog.getByLabel('Net quantity / in the box').fill('1 N: speaker, USB-C cable');
    await dialog.getByLabel('Warranty (months)').fill('12');
    await dialog.getByLabel('Warranty given by').fill('Voltwave (manufacturer)');

    // Both files in one pick: two uploads with their own progress, then two thumbnails.
    await dialog.getByTestId('product-image-input').setInputFiles([path.join(imageDir, 'red.png'), path.join(imageDir, 'blue.png')]);
    const thumbnails = dialog.getByTestId('product-images').locator('li');
    await expect.poll(() => thumbnails.count()).toBe(2);
    expect(await dialog.getByText('*Please upload product image').count()).toBe(0);
    await adminPage?.screenshot('admin-upload-dialog-two-images');

    // A thumbnail opens the full image; Escape closes only the preview.
    await dialog.getByRole('button', { name: 'Preview image 1' }).click();
    const preview = page.getByRole('dialog', { name: 'Image preview' });
    await preview.getByTestId('image-preview').waitFor();
    expect(await preview.getByTestId('image-preview').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Escape');
    await preview.waitFor({ state: 'detached' });
    expect(await dialog.isVisible()).toBe(true);

    const kept = await thumbnails.nth(0).locator('img').getAttribute('src');
    await dialog.getByRole('button', { name: 'Remove image 2' }).click();
    await expect.poll(() => thumbnails.count()).toBe(1);
    await dialog.getByRole('button', { name: 'Upload Product', exact: true }).click();
    await page.getByText('Product upload successfully').waitFor();
    await dialog.waitFor({ state: 'detached' });

    const card = page.getByTestId('admin-product').filter({ hasText: PRODUCT_NAME });
    await card.waitFor();
    expect(await card.getByTestId('admin-product-price').textContent()).toBe(formatINR(1_234_550));
    productId = (await card.getAttribute('data-product-id')) ?? '';
    expect(productId).not.toBe('');

    // Stored as sent: one image (the one kept), prices in rupees on the legacy API.
    const details = await page.request.post('/api/product-details', {
      data: { productId },
    });
    const product = (
      (await details.json()) as {
        data: {
          productImage: string[];
          price: number;
          sellingPrice: number;
          stock: number;
        };
      }
    ).data;
    // Shoppers are shown stock up to what one cart line may hold (10); the admin's list has the exact figure.
    expect(product).toMatchObject({
      price: 15999,
      sellingPrice: 12345.5,
      stock: 10,
    });
    const all = (await (await page.request.get('/api/get-product')).json()) as { data: { _id: string; stock: number }[] };
    expect(all.data.find((p) => p._id === productId)?.stock).toBe(20);
    expect(product.productImage).toHaveLength(1);
    expect(kept).toContain(product.productImage[0]?.replace(/\.webp$/, ''));

    const storefront = await asShopper();
    await storefront.goto(`/search?q=${encodeURIComponent(PRODUCT_NAME)}`);
    const main = storefront.getByRole('main');
    await main.getByText('Search Results : 1').waitFor();
    await expect.poll(async () => (await main.textContent()) ?? '').toContain(formatINR(1_234_550));

    expect(unexpectedConsoleErrors(adminPage)).toEqual([]);
    await adminPage?.screenshot('admin-product-uploaded');
  });

  it('edits the price, and the storefront shows the new one', async () => {
    const page = await admin();
    await page.goto('/admit-panel/all-products');
    await page.getByLabel('Search name or brand').fill(PRODUCT_NAME);
    await expect.poll(() => page.getByTestId('admin-product').count()).toBe(1);
    await page.getByRole('button', { name: `Edit ${PRODUCT_NAME}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Product' });
    expect(await dialog.getByLabel('Selling Price (₹)').inputValue()).toBe('12345.5');
    expect(await dialog.getByTestId('product-images').locator('li').count()).toBe(1);

    // The form refuses a selling price above the price before anything is sent.
    await dialog.getByLabel('Selling Price (₹)').fill('17000');
    await dialog.getByRole('button', { name: 'Update Product' }).click();
    await dialog.getByText('sellingPrice must not be more than price').waitFor();
    expect(await dialog.getByLabel('Selling Price (₹)').getAttribute('aria-invalid')).toBe('true');

    await dialog.getByLabel('Selling Price (₹)').fill('9999');
    await dialog.getByRole('button', { name: 'Update Product' }).click();
    await page.getByText('Product update successfully').waitFor();
    await dialog.waitFor({ state: 'detached' });
    const card = page.getByTestId('admin-product').filter({ hasText: PRODUCT_NAME });
    await expect.poll(() => card.getByTestId('admin-product-price').textContent()).toBe(formatINR(999_900));

    const storefront = await asShopper();
    await storefront.goto(`/product/${productId}`);
    const main = storefront.getByRole('main');
    await main.getByText(PRODUCT_NAME).first().waitFor();
    await expect.poll(async () => (await main.textContent()) ?? '').toContain(formatINR(999_900));
    expect(await main.textContent()).not.toContain(formatINR(1_234_550));

    expect(unexpectedConsoleErrors(adminPage)).toEqual([]);
    await adminPage?.screenshot('admin-product-edited');
  });

  it('names the price change in the audit log, old → new, with who made it, on a wide and on the narrowest panel', async () => {
    const page = await admin();
    await page.goto('/admit-panel/audit');
    await page.getByRole('heading', { name: 'Audit log' }).waitFor();
    const change = `${PRODUCT_NAME}: selling price ${formatINR(1_234_550)} → ${formatINR(999_900)}`;
    const row = page.getByTestId('audit-row').filter({ hasText: change });
    await row.waitFor();
    expect(await row.getByTestId('audit-kind').textContent()).toBe('Product');
    expect(await row.getByTestId('audit-label').textContent()).toBe('Price changed');
    expect(await row.textContent()).toContain(`Admin${ADMIN_EMAIL}`);
    // Words, never the server's keys.
    expect(await page.getByTestId('audit-table').textContent()).not.toMatch(/product\.(create|update)|order\.(status|refund)/);
    await page
      .getByTestId('audit-row')
      .filter({ hasText: `Added ${PRODUCT_NAME}` })
      .getByText('Product added')
      .waitFor();
    await expectNoSeriousA11yViolations(page);
    await adminPage?.screenshot('admin-audit-price-changed-1440');

    // One kind at a time.
    await page.getByLabel('Show').selectOption('stock');
    await page.getByTestId('audit-table').getByText(`Stock of ${PRODUCT_NAME}: 0 → 20`).waitFor();
    expect(await row.count()).toBe(0);
    expect(new Set(await page.getByTestId('audit-table').getByTestId('audit-kind').allTextContents())).toEqual(new Set(['Stock']));
    await page.getByLabel('Show').selectOption('');
    await row.waitFor();

    // The narrowest window the panel shows (the spec keeps it off phones): one card per change.
    await page.setViewportSize({ width: 1024, height: 800 });
    const card = page.getByTestId('audit-cards').getByRole('listitem').filter({ hasText: change });
    await card.waitFor();
    expect(await card.getByTestId('audit-label').textContent()).toBe('Price changed');
    expect(await card.textContent()).toContain(`Admin${ADMIN_EMAIL}`);
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await adminPage?.screenshot('admin-audit-price-changed-1024');
    await page.setViewportSize({ width: 1440, height: 900 });

    // On a phone the panel is not shown (the spec's wide-screen rule): the note says why.
    const phone = await openShopPage(browser, shop, 'phone');
    open.push(phone);
    expect((await phone.page.request.post('/api/signin', { data: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } })).status()).toBe(200);
    await phone.page.goto('/admit-panel/audit');
    await phone.page.getByText('The admin panel needs a wider window.', { exact: false }).waitFor();
    await phone.screenshot('admin-audit-phone-375');
    expect(unexpectedConsoleErrors(adminPage)).toEqual([]);
  });

  it('marks a paid order shipped, and its shopper sees it on /order', async () => {
    // The shopper buys the product on the built-in test checkout.
    const buyer = await asShopper();
    expect((await buyer.request.post('/api/addtocart', { data: { productId } })).status()).toBe(200);
    const checkout = await buyer.request.post('/api/checkout', {
      data: { cartItems: [] },
    });
    expect(checkout.status(), await checkout.text()).toBe(200);
    const { url } = (await checkout.json()) as { url: string };
    await buyer.goto(url);
    // The legacy checkout carries no address: the payment page asks for it.
    await fillTestCheckoutAddress(buyer);
    await buyer.getByRole('button', { name: 'Pay (test)' }).click();
    await buyer.waitForURL((u) => u.pathname === '/success');
    await buyer.getByText('Payment Successfully').waitFor();

    const page = await admin();
    // The panel's first page: the Dashboard, first in the sidebar.
    await page.goto('/admit-panel');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await page.getByTestId('revenue-chart').waitFor();
    expect(Number(await page.getByTestId('today-orders').textContent())).toBeGreaterThanOrEqual(1);
    expect(await page.getByTestId('revenue-chart').locator('rect').count()).toBe(30);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'All Orders' }).click();
    await page.getByRole('heading', { name: 'All Orders' }).waitFor();
    expect(await page.getByTestId('revenue-chart').count()).toBe(0);

    await page.getByLabel('Status').selectOption('paid');
    const order = page.getByTestId('admin-order').filter({ hasText: shopper.email });
    await order.waitFor();
    expect(await order.getByTestId('customer-name').textContent()).toBe(shopper.name);
    expect(await order.textContent()).toContain(PRODUCT_NAME);
    expect(await order.getByTestId('order-status').textContent()).toBe('paid');
    // Pack & ship: a speaker needs no serial number, so the dialog opens on Ship.
    await order.getByRole('button', { name: /^Pack & ship/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Pack & ship' });
    await dialog.getByText('Nothing in this order needs a serial number or IMEI').waitFor();
    await dialog.getByLabel('Courier name').fill('Blue Dart');
    await dialog.getByLabel('AWB (air waybill number)').fill(`BD${run}`.toUpperCase());
    await dialog.getByRole('button', { name: 'Ship' }).click();
    await page.getByText(`Shipped with Blue Dart, AWB ${`BD${run}`.toUpperCase()}`).waitFor();
    await dialog.waitFor({ state: 'detached' });
    // Filtered on "paid", the shipped order leaves the list; all statuses show it shipped.
    await order.waitFor({ state: 'detached' });
    await page.getByLabel('Status').selectOption('');
    await expect.poll(() => order.getByTestId('order-status').textContent()).toBe('shipped');
    expect(await order.getByRole('button', { name: /^Mark delivered/ }).isVisible()).toBe(true);
    expect(await order.getByTestId('parcel-courier').textContent()).toContain(`Blue Dart · AWB ${`BD${run}`.toUpperCase()}`);

    await buyer.goto('/order');
    const mine = buyer.getByTestId('order').filter({ hasText: PRODUCT_NAME });
    await expect.poll(() => mine.getByTestId('order-status').textContent()).toBe('shipped');

    expect(unexpectedConsoleErrors(adminPage)).toEqual([]);
    await adminPage?.screenshot('admin-order-shipped');
    await shopperPage?.screenshot('admin-order-shipped-shopper-view');
  });

  it('fits a 1024 px window without sideways scrolling, and asks for a wider one at 768 px', async () => {
    const page = await admin();
    await page.setViewportSize({ width: 1024, height: 800 });
    for (const section of ['all-users', 'all-products', 'all-orders']) {
      await page.goto(`/admit-panel/${section}`);
      await page.getByRole('complementary', { name: 'Admin panel' }).waitFor();
      await page.getByRole('heading', { level: 1 }).last().waitFor();
      expect(await hasHorizontalOverflow(page), section).toBe(false);
    }
    await page.getByTestId('admin-order').first().waitFor();
    await adminPage?.screenshot('admin-all-orders-1024');

    // All orders stays on a narrow window (issue 29: the order search on a call, Pack & ship at the
    // packing table), without the sidebar; the rest of the panel asks for a wider window.
    await page.setViewportSize({ width: 768, height: 1024 });
    await page.goto('/admit-panel/all-orders');
    await page.getByTestId('admin-order').first().waitFor();
    expect(await page.getByRole('complementary', { name: 'Admin panel' }).count()).toBe(0);
    await page.goto('/admit-panel/all-users');
    await page.getByText('The admin panel needs a wider window.', { exact: false }).waitFor();
    expect(await page.getByRole('complementary', { name: 'Admin panel' }).count()).toBe(0);
    await adminPage?.screenshot('admin-narrow-window');
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('archives the product: gone from the storefront, still in the old order', async () => {
    const page = await admin();
    await page.goto('/admit-panel/all-products');
    await page.getByLabel('Search name or brand').fill(PRODUCT_NAME);
    await expect.poll(() => page.getByTestId('admin-product').count()).toBe(1);
    await page.getByRole('button', { name: `Archive ${PRODUCT_NAME}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Archive product?' });
    await confirm.getByRole('button', { name: 'Archive' }).click();
    await page.getByText(`Product archived: ${PRODUCT_NAME}`).waitFor();
    await expect.poll(() => page.getByTestId('admin-product').count()).toBe(0);
    await page.getByLabel('Show').selectOption('archived');
    await page.getByTestId('admin-product').filter({ hasText: 'Archived' }).waitFor();

    const storefront = await asShopper();
    await storefront.goto(`/search?q=${encodeURIComponent(PRODUCT_NAME)}`);
    await storefront.getByText('No Data Found....').waitFor();
    const details = await storefront.request.post('/api/product-details', {
      data: { productId },
    });
    expect(details.status()).toBe(404);

    await storefront.goto('/order');
    const mine = storefront.getByTestId('order').filter({ hasText: PRODUCT_NAME });
    await mine.waitFor();
    expect(await mine.textContent()).toContain(formatINR(999_900));

    // Its old link says what happened and where to look, instead of an application error.
    const gone = await storefront.goto(`/product/${productId}`);
    expect(gone?.status()).toBe(404);
    await storefront.getByRole('heading', { name: 'This product is no longer available' }).waitFor();
    await storefront.getByRole('link', { name: /^See / }).waitFor();
    await shopperPage?.screenshot('archived-product-page');

    expect(unexpectedConsoleErrors(adminPage)).toEqual([]);
    await adminPage?.screenshot('admin-product-archived');
    await shopperPage?.screenshot('admin-product-archived-shopper-orders');

    // Undo: the owner restores it, and its page and search work again.
    await page.getByRole('button', { name: `Restore ${PRODUCT_NAME}` }).click();
    await page.getByText(`Product restored: ${PRODUCT_NAME}`).waitFor();
    await storefront.goto(`/product/${productId}`);
    await storefront.getByRole('heading', { name: PRODUCT_NAME }).waitFor();
    await storefront.goto(`/search?q=${encodeURIComponent(PRODUCT_NAME)}`);
    await storefront.getByText('Search Results : 1').waitFor();
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openShopPage, startShop, type ShopServer, signInAsOwner } from './harness';

/*
 * Issue 16's owner, in a real browser on a demo shop of its own: "Remove demo data" empties the
 * catalogue, the home page then shows the admin a setup checklist (on a desktop and a phone) and
 * shoppers no empty rows; a banner added on the Banners page, through the image pipeline, shows
 * in the shoppers' carousel.
 */

let shop: ShopServer;
let browser: Browser;
let imageDir: string;

beforeAll(async () => {
  shop = await startShop();
  browser = await launchBrowser();
  imageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'voltmart-owner-e2e-'));
  await sharp({ create: { width: 1920, height: 560, channels: 3, background: '#f97316' } })
    .png()
    .toFile(path.join(imageDir, 'sale.png'));
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  if (imageDir) fs.rmSync(imageDir, { recursive: true, force: true });
});

describe('the owner’s shop', () => {
  it('removes the demo data, then shows the owner a setup checklist and shoppers no empty rows', async () => {
    const owner = await openShopPage(browser, shop, 'desktop');
    await signInAsOwner(owner.page);
    // Signing in on a desktop lands on the panel's Dashboard, where the demo data card is.
    await owner.page.waitForURL((url) => url.pathname === '/admit-panel');
    await owner.page.getByRole('button', { name: 'Remove demo data' }).click();
    const dialog = owner.page.getByRole('dialog', { name: 'Remove demo data?' });
    await dialog.getByRole('button', { name: 'Remove demo data' }).click();
    await owner.page.getByText(/^Demo data removed: \d+ products deleted/).waitFor();
    await owner.screenshot('owner-demo-removed-desktop');

    await owner.page.goto('/');
    const checklist = owner.page.getByRole('region', { name: 'Set up your shop' });
    await checklist.waitFor();
    await checklist.getByRole('link', { name: 'Add your first product' }).waitFor();
    await owner.screenshot('owner-setup-checklist-desktop');

    const phone = await openShopPage(browser, shop, 'phone');
    await signInAsOwner(phone.page);
    await phone.page.getByRole('region', { name: 'Set up your shop' }).waitFor();
    await phone.screenshot('owner-setup-checklist-phone');

    // A shopper sees neither the checklist nor a row of "No products found" boxes.
    const shopper = await openShopPage(browser, shop, 'phone');
    await shopper.page.goto('/');
    expect(await shopper.page.getByRole('region', { name: 'Set up your shop' }).count()).toBe(0);
    expect(await shopper.page.getByText(/No products found|No Data Found/).count()).toBe(0);
    expect(await shopper.page.getByRole('region', { name: "Popular's Watches" }).count()).toBe(0);
    await shopper.screenshot('empty-shop-home-shopper-phone');

    for (const p of [owner, phone, shopper]) expect(p.consoleErrors).toEqual([]);
    await owner.close();
    await phone.close();
    await shopper.close();
  });

  it('adds a banner through the image pipeline, and shoppers see it in the carousel', async () => {
    const owner = await openShopPage(browser, shop, 'desktop');
    await signInAsOwner(owner.page);
    await owner.page.goto('/admit-panel/banners');
    await owner.page.getByRole('button', { name: 'Add banner' }).first().click();
    const dialog = owner.page.getByRole('dialog', { name: 'Add banner' });
    await dialog.getByTestId('banner-image-input').setInputFiles(path.join(imageDir, 'sale.png'));
    await dialog.getByLabel('Alt text').fill('Great Indian festival sale on phones');
    await dialog.getByLabel('Link').fill('/product-category?category=mobiles');
    await dialog.getByRole('button', { name: 'Add banner' }).click();
    await owner.page.getByText('Banner added').first().waitFor();
    await owner.screenshot('owner-banners-desktop');

    const shopper = await openShopPage(browser, shop, 'desktop');
    await shopper.page.goto('/');
    const banner = shopper.page.getByRole('img', { name: 'Great Indian festival sale on phones' }).first();
    await banner.waitFor();
    expect(await banner.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await shopper.screenshot('owner-banner-shopper-desktop');
    // The checklist's banner step is done now.
    await owner.page.goto('/');
    await owner.page.getByRole('region', { name: 'Set up your shop' }).waitFor();
    expect(owner.consoleErrors).toEqual([]);
    expect(shopper.consoleErrors).toEqual([]);
    await owner.close();
    await shopper.close();
  });

  it('shows times on the shop’s clock (India by default), not the browser’s', async () => {
    // An owner travelling in California: the audit log still reads in India Standard Time.
    const desk = await browser.newContext({ baseURL: shop.url, viewport: { width: 1440, height: 900 }, locale: 'en-IN', timezoneId: 'America/Los_Angeles' });
    const page = await desk.newPage();
    await signInAsOwner(page);
    await page.goto('/admit-panel/audit');
    const row = page.getByRole('row').filter({ hasText: 'Removed the demo data' }).first();
    await row.waitFor();
    const shown = (await row.locator('time').first().textContent()) ?? '';
    expect(shown).toMatch(/\d{4}, \d{1,2}:\d{2} (am|pm) IST$/);
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('America/Los_Angeles');
    await desk.close();

    // A shopper's phone in California: the account page's devices list reads in IST too.
    const phone = await browser.newContext({
      baseURL: shop.url,
      viewport: { width: 375, height: 812 },
      isMobile: true,
      hasTouch: true,
      locale: 'en-IN',
      timezoneId: 'America/Los_Angeles',
    });
    const mobile = await phone.newPage();
    await signInAsOwner(mobile);
    await mobile.goto('/account');
    const device = mobile.getByRole('region', { name: 'Signed-in devices' }).locator('time').first();
    await device.waitFor({ state: 'attached' });
    expect(await device.getAttribute('title')).toMatch(/IST$/);
    await phone.close();
  });
});

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openShopPage, signInAsOwner, startShop, type ShopServer } from './harness';

/*
 * Issue 29 in a real browser against the production server and its own background job: the
 * owner sets the stock alerts in Settings (the mail's time set to midnight, so the job, which
 * looks every minute, sends it at its next look), the daily low-stock mail arrives in the
 * outbox (no SMTP_URL) naming the demo catalogue's low variants, and its product link opens that
 * product's form on All products, where the product's own level is set.
 */

let shop: ShopServer;
let browser: Browser;

beforeAll(async () => {
  shop = await startShop();
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

describe('the daily low-stock mail', () => {
  it('is set up in Settings, arrives in the outbox, and its link opens the product’s form to set its own level', async () => {
    const owner = await openShopPage(browser, shop, 'desktop');
    const { page } = owner;
    await signInAsOwner(page);

    await page.goto('/admit-panel/settings');
    const alerts = page.getByRole('region', { name: 'Stock alerts' });
    await expect.poll(() => alerts.getByLabel('Default low-stock level (units)').inputValue()).toBe('5');
    expect(await alerts.getByRole('checkbox', { name: 'Email the admins about low stock' }).isChecked()).toBe(true);
    await alerts.getByLabel('Default low-stock level (units)').fill('-1');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await alerts.getByText('default low-stock level must be 0 or more').waitFor();
    await alerts.getByLabel('Default low-stock level (units)').fill('3');
    await alerts.getByLabel('Send the email at').fill('00:00');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Settings saved').first().waitFor();
    await alerts.scrollIntoViewIfNeeded();
    await owner.screenshot('stock-alerts-settings-desktop');

    // The job looks every minute: the mail is in the outbox within one look or two.
    const row = page.getByTestId('mail-row').filter({ hasText: 'Low stock alert' }).first();
    await expect
      .poll(
        async () => {
          await page.goto('/admit-panel/mail');
          await page.getByTestId('mail-table').waitFor();
          return row.count();
        },
        { timeout: 150_000, interval: 5_000 },
      )
      .toBeGreaterThan(0);
    const subject = (await row.getByRole('button', { name: /^Low stock: / }).innerText()).trim();
    expect(subject).toMatch(/^Low stock: \d+ variants? at or below (their|its) level$/);
    await row.getByRole('button', { name: subject }).click();
    const dialog = page.getByRole('dialog', { name: subject });
    const link = dialog.getByRole('link', { name: /\/admit-panel\/all-products\?edit=/ }).first();
    const href = (await link.getAttribute('href')) ?? '';
    expect(href).toMatch(new RegExp(`^${shop.url}/admit-panel/all-products\\?edit=[a-z0-9]+$`));
    await owner.screenshot('stock-alerts-mail-desktop');

    await page.goto(href);
    const form = page.getByRole('dialog', { name: 'Edit Product' });
    await form.waitFor();
    // A product without options has the field; one with options has the grid's column.
    const level = form.getByLabel(/^Low-stock alert at/).first();
    await level.fill('1');
    await owner.screenshot('stock-alerts-product-level-desktop');
    await form.getByRole('button', { name: 'Update Product' }).click();
    await form.waitFor({ state: 'detached' });
    expect(page.url()).not.toContain('edit=');
    expect(owner.consoleErrors).toEqual([]);
    await owner.close();
  });
});

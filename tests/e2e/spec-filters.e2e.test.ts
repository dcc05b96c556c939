import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasHorizontalOverflow, launchBrowser, openShopPage, startShop, type ShopServer } from './harness';

/*
 * Issue 27, "Done when": a category page (Mobiles) filtered by RAM ≥ 8 GB and 5G shows the right
 * count and products, at 375 and 1440 px, chosen in the filter panel (desktop) and the Filter
 * sheet (phone); the choice lives in the address, so a reload shows the same list.
 */

let shop: ShopServer;
let browser: Browser;
let expected: { total: number; names: string[] };

beforeAll(async () => {
  shop = await startShop();
  browser = await launchBrowser();
  // What the server answers for the filter (the facet counts and the list must agree with it).
  const input = { categories: ['mobiles'], limit: 100, specs: { ram: ['8-'], five_g: ['yes'] } };
  const reply = await fetch(`${shop.url}/trpc/catalog.filter?input=${encodeURIComponent(JSON.stringify(input))}`);
  const body = (await reply.json()) as { result: { data: { total: number; items: { productName: string }[] } } };
  expected = { total: body.result.data.total, names: body.result.data.items.map((p) => p.productName).sort() };
  const all = await fetch(`${shop.url}/trpc/catalog.filter?input=${encodeURIComponent(JSON.stringify({ categories: ['mobiles'], limit: 100 }))}`);
  const everything = ((await all.json()) as { result: { data: { total: number } } }).result.data.total;
  // The demo's phones: some, not all, have 8 GB or more and 5G.
  expect(expected.total).toBeGreaterThan(0);
  expect(expected.total).toBeLessThan(everything);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

async function shownNames(page: Page): Promise<string[]> {
  return (await page.locator('main article h3').allTextContents()).map((t) => t.trim()).sort();
}

describe('spec filters on a category page', () => {
  it('desktop (1440): RAM 8 GB & above and 5G in the panel give the server’s count and products, and survive a reload', async () => {
    const shopPage = await openShopPage(browser, shop, 'desktop');
    const { page } = shopPage;
    await page.goto('/product-category?category=mobiles');
    const panel = page.getByRole('complementary', { name: 'Filters' });
    await panel
      .getByRole('group', { name: 'RAM' })
      .getByLabel(/^8 GB & above/)
      .check();
    await page.waitForURL(/spec\.ram=8-/);
    await panel.getByRole('group', { name: '5G' }).getByLabel(/^Yes/).check();
    await page.waitForURL(/spec\.five_g=yes/);
    await expect.poll(() => page.getByRole('status').first().textContent()).toBe(`Search Results : ${expected.total}`);
    await expect.poll(() => shownNames(page)).toEqual(expected.names);
    // Each facet's count respects the other choice: 5G's "Yes" counts the phones with 8 GB or more.
    expect(await panel.getByRole('group', { name: '5G' }).locator('label', { hasText: 'Yes' }).textContent()).toContain(`(${expected.total})`);
    await shopPage.screenshot('spec-filters-1440');

    await page.reload();
    await expect.poll(() => page.getByRole('status').first().textContent()).toBe(`Search Results : ${expected.total}`);
    expect(await shownNames(page)).toEqual(expected.names);
    expect(
      await panel
        .getByRole('group', { name: 'RAM' })
        .getByLabel(/^8 GB & above/)
        .isChecked(),
    ).toBe(true);
    expect(await panel.getByRole('group', { name: '5G' }).getByLabel(/^Yes/).isChecked()).toBe(true);
    // A card shows its on-card values.
    expect((await page.getByTestId('spec-line').allTextContents()).some((line) => /GB RAM/.test(line))).toBe(true);
    await shopPage.close();
  }, 120_000);

  it('phone (375): the Filter sheet sets the same filters; the address reloads to the same list', async () => {
    const shopPage = await openShopPage(browser, shop, 'phone');
    const { page } = shopPage;
    await page.goto('/product-category?category=mobiles');
    await page.getByRole('button', { name: /^Filter/ }).click();
    const sheet = page.getByRole('dialog', { name: 'Filter' });
    await sheet
      .getByRole('group', { name: 'RAM' })
      .getByLabel(/^8 GB & above/)
      .check();
    await sheet.getByRole('group', { name: '5G' }).getByLabel(/^Yes/).check();
    await sheet.getByRole('button', { name: 'Show results' }).click();
    await page.waitForURL(/spec\.ram=8-.*spec\.five_g=yes|spec\.five_g=yes.*spec\.ram=8-/);
    await expect.poll(() => page.getByRole('status').first().textContent()).toBe(`Search Results : ${expected.total}`);
    await expect.poll(() => shownNames(page)).toEqual(expected.names);
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await shopPage.screenshot('spec-filters-375');

    await page.reload();
    await expect.poll(() => page.getByRole('status').first().textContent()).toBe(`Search Results : ${expected.total}`);
    expect(await shownNames(page)).toEqual(expected.names);
    // The category and the two spec choices.
    expect(await page.getByRole('button', { name: 'Filter (3)' }).count()).toBe(1);
    await shopPage.close();
  }, 120_000);

  it('the product page shows a Specifications table, server-rendered', async () => {
    const shopPage = await openShopPage(browser, shop, 'phone', { javaScript: false });
    const list = await fetch(`${shop.url}/trpc/catalog.filter?input=${encodeURIComponent(JSON.stringify({ categories: ['mobiles'], limit: 1 }))}`);
    const id = ((await list.json()) as { result: { data: { items: { _id: string }[] } } }).result.data.items[0]?._id;
    await shopPage.page.goto(`/product/${id}`);
    const table = shopPage.page.getByTestId('specifications');
    expect(await table.getByRole('rowheader', { name: 'RAM' }).count()).toBe(1);
    expect(await table.getByRole('rowheader', { name: 'Storage' }).count()).toBe(1);
    await shopPage.screenshot('spec-sheet-375');
    await shopPage.close();
  }, 60_000);
});

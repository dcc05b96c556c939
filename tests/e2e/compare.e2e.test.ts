import fs from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasHorizontalOverflow, launchBrowser, openShopPage, startShop, type ShopServer } from './harness';

/*
 * Issue 27, "Done when": compare shows three phones side by side. On a phone (375×812) a shopper
 * ticks three phones on the Mobiles page, goes to another page and back (the tray still holds
 * three), opens Compare: three columns, two visible at a time, the third a sideways scroll away,
 * a differing row highlighted. The same address without JavaScript is server-rendered with the
 * three columns; at 1280 px all three show side by side.
 */

const SHOTS = '/tmp/shots';
let shop: ShopServer;
let browser: Browser;

beforeAll(async () => {
  shop = await startShop();
  browser = await launchBrowser();
  fs.mkdirSync(SHOTS, { recursive: true });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not visible');
  return found;
}

/** How much of `locator`'s width shows, 0 to 1: inside the viewport, and inside `clip` (the table's scroller) when given. */
async function visibleShare(page: Page, locator: Locator, clip?: Locator): Promise<number> {
  const b = await box(locator);
  let left = 0;
  let right = page.viewportSize()?.width ?? 0;
  if (clip) {
    const c = await box(clip);
    left = Math.max(left, c.x);
    right = Math.min(right, c.x + c.width);
  }
  const shown = Math.max(0, Math.min(b.x + b.width, right) - Math.max(b.x, left));
  return shown / b.width;
}

let compareUrl = '';
let names: string[] = [];

describe('compare', () => {
  it('phone (375): three phones ticked on Mobiles survive navigation and open side by side, two at a time', async () => {
    const shopPage = await openShopPage(browser, shop, 'phone');
    const { page } = shopPage;
    await page.goto('/product-category?category=mobiles');
    const ticks = page.locator('main').getByRole('checkbox', { name: /^Compare / });
    for (const i of [0, 1, 2]) await ticks.nth(i).check();
    const tray = page.getByTestId('compare-tray');
    await expect.poll(() => tray.getByTestId('compare-tray-item').count()).toBe(3);
    names = (await tray.getByTestId('compare-tray-item').allTextContents()).map((t) => t.replace(/×$/, '').trim());
    await page.screenshot({ path: `${SHOTS}/compare-phone-tray.png` });

    // To a product page (its own tick is on, the tray leaves room for its buttons) and back.
    await page.locator('main article h3 a').first().click();
    await page.waitForURL(/\/product\//);
    await expect.poll(() => page.getByTestId('compare-tray-item').count()).toBe(3);
    await expect
      .poll(() =>
        page
          .locator('main')
          .getByRole('checkbox', { name: /^Compare / })
          .isChecked(),
      )
      .toBe(true);
    const trayHeight = (await box(page.getByTestId('compare-tray'))).height;
    const room = await page.evaluate(() => parseFloat(document.body.style.paddingBottom));
    expect(Math.abs(room - trayHeight)).toBeLessThanOrEqual(1);
    // Scrolled to the bottom (once the lazy rows have loaded), the page's end, footer included, sits above the tray.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForTimeout(500);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const footer = await box(page.getByRole('contentinfo'));
    expect(footer.y + footer.height).toBeLessThanOrEqual((await box(page.getByTestId('compare-tray'))).y + 1);
    await page.screenshot({ path: `${SHOTS}/compare-phone-product.png` });
    await page.goBack();
    await page.waitForURL(/product-category/);
    await expect.poll(() => page.getByTestId('compare-tray-item').count()).toBe(3);
    expect(await ticks.nth(0).isChecked()).toBe(true);

    await page.getByRole('link', { name: 'Compare (3)' }).click();
    await page.waitForURL(/\/compare\?ids=/);
    compareUrl = new URL(page.url()).pathname + new URL(page.url()).search;
    const columns = page.getByTestId('compare-column');
    const scroller = page.getByTestId('compare-scroller');
    await expect.poll(() => columns.count()).toBe(3);
    expect(await page.getByTestId('compare-name').allTextContents()).toEqual(names);
    expect(await page.title()).toBe(`Compare: ${names.join(' vs ')} · Voltmart`);
    // Two columns in view, the third off to the right; the page itself never scrolls sideways.
    expect(page.viewportSize()?.width).toBe(375);
    expect(await page.evaluate(() => window.innerWidth)).toBe(375);
    expect(await visibleShare(page, columns.nth(0), scroller)).toBeGreaterThan(0.97);
    expect(await visibleShare(page, columns.nth(1), scroller)).toBeGreaterThan(0.97);
    expect(await visibleShare(page, columns.nth(2), scroller)).toBeLessThan(0.1);
    expect(await hasHorizontalOverflow(page)).toBe(false);
    // A differing row is highlighted, with words for screen readers.
    const differing = page.locator('tr[data-differs="true"]');
    expect(await differing.count()).toBeGreaterThan(0);
    expect(await differing.first().locator('th').textContent()).toContain('(values differ)');
    expect(
      await differing
        .first()
        .locator('th')
        .evaluate((th) => getComputedStyle(th).backgroundColor),
    ).not.toBe('rgba(0, 0, 0, 0)');
    await page.screenshot({ path: `${SHOTS}/compare-phone.png`, fullPage: true });

    // Swipe: the table snaps to the next columns; the attribute names stay in view.
    await scroller.evaluate((el) => el.scrollBy({ left: el.clientWidth / 2, behavior: 'instant' }));
    await expect.poll(() => visibleShare(page, columns.nth(2), scroller)).toBeGreaterThan(0.97);
    const label = page.getByRole('rowheader').first();
    // The first column went under the attribute names' column, which stays in view.
    const first = await box(columns.nth(0));
    expect(first.x + first.width).toBeLessThanOrEqual((await box(label)).x + (await box(label)).width + 1);
    expect(await visibleShare(page, columns.nth(1), scroller)).toBeGreaterThan(0.97);
    expect((await box(label)).x).toBeGreaterThanOrEqual(0);
    expect(await visibleShare(page, label)).toBeGreaterThan(0.95);
    await page.screenshot({ path: `${SHOTS}/compare-phone-swiped.png` });

    // Only the differences.
    await page.getByLabel('Show only differences').check();
    await page.waitForURL(/diff=1/);
    expect(await page.locator('tbody tr').count()).toBe(await differing.count());
    expect(shopPage.consoleErrors).toEqual([]);
    await shopPage.close();
  }, 120_000);

  it('without JavaScript the compare address is server-rendered with the three columns, not indexed', async () => {
    const shopPage = await openShopPage(browser, shop, 'phone', { javaScript: false });
    const { page } = shopPage;
    await page.goto(compareUrl);
    expect(await page.getByTestId('compare-column').count()).toBe(3);
    expect(await page.getByTestId('compare-name').allTextContents()).toEqual(names);
    expect(await page.locator('tr[data-differs="true"]').count()).toBeGreaterThan(0);
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toMatch(/^noindex/);
    expect(await page.title()).toBe(`Compare: ${names.join(' vs ')} · Voltmart`);
    await page.screenshot({ path: `${SHOTS}/compare-phone-nojs.png`, fullPage: true });
    await shopPage.close();
  }, 60_000);

  it('desktop (1280): all three columns side by side', async () => {
    const shopPage = await openShopPage(browser, shop, 'desktop');
    const { page } = shopPage;
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(compareUrl);
    const columns = page.getByTestId('compare-column');
    expect(await columns.count()).toBe(3);
    for (const i of [0, 1, 2]) expect(await visibleShare(page, columns.nth(i))).toBeGreaterThan(0.99);
    const tops = await Promise.all([0, 1, 2].map(async (i) => (await box(columns.nth(i))).y));
    expect(new Set(tops).size).toBe(1);
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await page.screenshot({ path: `${SHOTS}/compare-desktop.png`, fullPage: true });
    expect(shopPage.consoleErrors).toEqual([]);
    await shopPage.close();
  }, 60_000);
});

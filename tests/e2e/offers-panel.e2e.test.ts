import path from 'node:path';
import Database from 'better-sqlite3';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emi } from '../../shared/offers';
import { CouponSchema, SalePriceSchema } from '../../shared/schemas/offers';
import { rupees } from '../../src/features/catalog/components/offers-panel';
import { ADMIN_EMAIL, ADMIN_PASSWORD, demoProduct, expectHealthy, launchBrowser, openShopPage, openSignedIn, startShop, trpcFrom, type ShopPage, type ShopServer } from './harness';

/*
 * Issue 30, the offers panel on the product page, in Chromium against the production build: with
 * SAVE1000 (phones only), a sale price on a phone and the owner's no-cost EMI plan saved through
 * offers.saveEmiSettings, the phone's page shows the coupon, the sale's end and "No-cost EMI from
 * ₹X/month" with the plan in a disclosure, on a phone and on a desktop, and in the server's HTML
 * with JavaScript off. Screenshots phone 390×844 and desktop 1366×900.
 */

let shop: ShopServer;
let browser: Browser;
const open: ShopPage[] = [];
let phone: { _id: string; productName: string; sellingPrice: number };
let salePrice = 0;

beforeAll(async () => {
  shop = await startShop();
  browser = await launchBrowser();
  const owner = await openSignedIn(browser, shop, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, 'desktop', { track: open });
  phone = await demoProduct(owner.page, 'mobiles', /./);
  salePrice = phone.sellingPrice - 100_000;
  await trpcFrom(owner.page, 'mutation', 'offers.saveEmiSettings', {
    plans: [
      { bank: 'HDFC Bank', months: 12, annualRateBp: 1500, minPricePaise: 1_000_000 },
      { bank: 'ICICI Bank', months: 6, annualRateBp: 1400, minPricePaise: 1_000_000 },
    ],
    bankOffers: [],
  });
  const coupon = CouponSchema.parse({
    id: 'save1000-panel',
    code: 'SAVE1000',
    kind: 'amount',
    amountPaise: 100_000,
    minCartPaise: 2_000_000,
    validFrom: '2026-01-01T00:00:00Z',
    validTo: null,
    totalUses: 50,
    usesPerShopper: 1,
    include: { categories: ['mobiles'] },
  });
  const now = Date.now();
  const sale = SalePriceSchema.parse({
    id: 'sale-panel',
    productId: phone._id,
    variantId: null,
    pricePaise: salePrice,
    from: new Date(now - 86_400_000).toISOString(),
    to: new Date(now + 3 * 86_400_000).toISOString(),
  });
  const db = new Database(path.join(shop.dataDir, 'shop.sqlite'));
  const at = new Date().toISOString();
  db.prepare(
    `insert into offers (id, kind, name, code, definition, paused, valid_from, valid_to, uses_limit, uses_count, created_at, updated_at) values (?, 'coupon', 'SAVE1000', ?, ?, 0, ?, null, ?, 0, ?, ?)`,
  ).run(coupon.id, coupon.code, JSON.stringify(coupon), coupon.validFrom, coupon.totalUses, at, at);
  db.prepare(
    `insert into offers (id, kind, name, product_id, variant_id, definition, paused, valid_from, valid_to, uses_count, created_at, updated_at) values (?, 'sale-price', 'Weekend sale', ?, null, ?, 0, ?, ?, 0, ?, ?)`,
  ).run(sale.id, phone._id, JSON.stringify(sale), sale.from, sale.to, at, at);
  db.close();
});

afterAll(async () => {
  for (const p of open) await p.close().catch(() => undefined);
  await browser?.close();
  await shop?.stop();
});

const lowestMonthly = () => rupees(emi(salePrice, 12, 1500).monthly);

describe('the offers panel on the product page', () => {
  it('a phone shows SAVE1000, the sale end and no-cost EMI from ₹X/month, the plans in a disclosure', async () => {
    const shopPage = await openShopPage(browser, shop, 'phone');
    open.push(shopPage);
    const { page } = shopPage;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/product/${phone._id}`);
    const panel = page.getByTestId('offers-panel');
    await panel.waitFor();
    await expect.poll(() => panel.getByTestId('offer-coupon').first().textContent()).toBe('Coupon Save ₹1,000 with SAVE1000 on orders above ₹20,000 (once per shopper)');
    expect(await panel.getByTestId('offer-sale').textContent()).toMatch(
      new RegExp(`^Sale price ${rupees(salePrice).replace(/[.$]/g, '\\$&')}, ends \\w+day, \\d+ \\w+, \\d+:\\d\\d [ap]m IST$`),
    );
    const summary = panel.locator('summary');
    expect(await summary.textContent()).toBe(`No-cost EMI from ${lowestMonthly()}/month`);
    await summary.click();
    const rows = panel.getByRole('row');
    expect(await rows.count()).toBe(3);
    expect(await rows.nth(1).textContent()).toContain('ICICI Bank');
    expect(await rows.nth(2).textContent()).toContain(`HDFC Bank${lowestMonthly()}12no interest`);
    await panel.scrollIntoViewIfNeeded();
    console.log('screenshot', await expectHealthy(shopPage, 'offers-panel-phone'));
  });

  it('a desktop shows the same panel beside the product', async () => {
    const shopPage = await openShopPage(browser, shop, 'desktop');
    open.push(shopPage);
    const { page } = shopPage;
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(`/product/${phone._id}`);
    const panel = page.getByTestId('offers-panel');
    await panel.waitFor();
    await panel.locator('summary').click();
    expect(await panel.locator('summary').textContent()).toBe(`No-cost EMI from ${lowestMonthly()}/month`);
    console.log('screenshot', await expectHealthy(shopPage, 'offers-panel-desktop'));
  });

  it('is in the server-rendered page, without JavaScript', async () => {
    const shopPage = await openShopPage(browser, shop, 'phone', { javaScript: false });
    open.push(shopPage);
    const { page } = shopPage;
    await page.goto(`/product/${phone._id}`);
    const panel = page.getByTestId('offers-panel');
    expect(await panel.getByTestId('offer-coupon').first().textContent()).toContain('SAVE1000');
    expect(await panel.getByTestId('offer-sale').textContent()).toContain('ends');
    expect(await panel.locator('summary').textContent()).toBe(`No-cost EMI from ${lowestMonthly()}/month`);
    // The disclosure opens without a script.
    await panel.locator('summary').click();
    expect(await panel.getByRole('row').nth(1).isVisible()).toBe(true);
  });
});

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  buyWithTestCheckout,
  demoProduct,
  expectHealthy,
  launchBrowser,
  openSignedIn,
  type ShopPage,
  type ShopServer,
  startShop,
  validImei,
  variantIdBySku,
} from './harness';

/*
 * Issue 29 in Chromium against the production build, with the manual courier and no courier
 * keys: a shopper pays for a phone and earphones; the owner opens Pack & ship, is asked an IMEI
 * for the phone and nothing for the earphones, types a wrong IMEI (the check digit refuses it),
 * then a right one, saves, reads the packing slip PDF back, and ships with the courier and AWB;
 * the shopper's order page shows the parcel (courier, AWB, tracking link, IMEI), then Delivered.
 * A ₹75,000 phone, packed and shipped on a phone, cannot ship without its e-way bill; with it, it
 * does. The ₹40,000 one above shipped without one.
 */

const run = Date.now().toString(36);
const shopper = { name: 'Pallavi Parcel', email: `pallavi-${run}@example.com`, password: 'pallavi-pass-123' };
const TRACKING = 'https://www.delhivery.com/track/package/{awb}';
const GOOD_IMEI = validImei(2901);
/** GOOD_IMEI with its check digit wrong. */
const BAD_IMEI = `${GOOD_IMEI.slice(0, 14)}${(Number(GOOD_IMEI.at(-1)) + 1) % 10}`;
const AWB = `DLV${run.toUpperCase()}1`;
const BIG_AWB = `DLV${run.toUpperCase()}2`;

let shop: ShopServer;
let browser: Browser;
let slipDir: string;
const open: ShopPage[] = [];
/** The phone and earphones (₹40,000-odd), then the ₹75,000 phone. */
let smallOrderId = '';
let bigOrderId = '';
let smallOrderNumber = '';
let bigOrderNumber = '';

beforeAll(async () => {
  shop = await startShop();
  browser = await launchBrowser();
  slipDir = fs.mkdtempSync(path.join(os.tmpdir(), 'voltmart-shipping-e2e-'));
  const reply = await fetch(`${shop.url}/api/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...shopper, confirmPassword: shopper.password, profilePic: '' }),
  });
  if (reply.status !== 201) throw new Error(`sign-up failed: ${reply.status} ${await reply.text()}`);
});

afterAll(async () => {
  for (const p of open) await p.close().catch(() => undefined);
  await browser?.close();
  await shop?.stop();
  if (slipDir) fs.rmSync(slipDir, { recursive: true, force: true });
});

/** A signed-in page at the task's sizes: a 390×844 phone, a 1366×900 desktop. */
const signedIn = (email: string, password: string, viewport: 'phone' | 'desktop') =>
  openSignedIn(browser, shop, { email, password }, viewport, { size: viewport === 'phone' ? { width: 390, height: 844 } : { width: 1366, height: 900 }, track: open });

const adminCard = (page: Page, orderId: string) => page.locator(`[data-testid="admin-order"][data-order-id="${orderId}"]`);
const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

let owner: ShopPage;
let buyer: ShopPage;

describe('packing and shipping with the manual courier', () => {
  it('a shopper pays for a phone and earphones (about ₹40,000), and for a ₹75,000 phone', async () => {
    buyer = await signedIn(shopper.email, shopper.password, 'phone');
    const page = buyer.page;
    const pixel = await demoProduct(page, 'mobiles', /^Google Pixel 8a/);
    const earphones = await demoProduct(page, 'earphones', /./);
    const galaxy = await demoProduct(page, 'mobiles', /^Samsung Galaxy S24 5G/);
    expect(pixel.sellingPrice + earphones.sellingPrice).toBeLessThan(5_000_000);
    smallOrderId = await buyWithTestCheckout(page, [{ productId: pixel._id }, { productId: earphones._id }]);
    // The 256 GB Galaxy S24 at ₹74,999 (free standard delivery): a ₹75,000 parcel.
    bigOrderId = await buyWithTestCheckout(page, [{ productId: galaxy._id, variantId: await variantIdBySku(page, galaxy._id, 'DEMO-S24-256-BLK') }]);
    // People see orders by their readable numbers (VM-2026-000123).
    const mine = (await (await page.request.get('/trpc/order.list')).json()) as { result: { data: { _id: string; orderNumber: string }[] } };
    smallOrderNumber = mine.result.data.find((o) => o._id === smallOrderId)!.orderNumber;
    bigOrderNumber = mine.result.data.find((o) => o._id === bigOrderId)!.orderNumber;
    expect(smallOrderNumber).toMatch(/^VM-\d{4}-\d{6}$/);
  });

  it('the owner packs the phone with its IMEI (a wrong one refused), nothing for the earphones, reads the packing slip back, and ships with the courier and AWB', async () => {
    owner = await signedIn(ADMIN_EMAIL, ADMIN_PASSWORD, 'desktop');
    const page = owner.page;
    await page.goto('/admit-panel/all-orders');
    const card = adminCard(page, smallOrderId);
    await card.waitFor();
    expect(await card.getByRole('button', { name: /^Mark shipped/ }).count()).toBe(0);
    await card.getByRole('button', { name: `Pack & ship: order ${smallOrderNumber}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Pack & ship' });
    const imei = dialog.getByLabel(/^IMEI of Google Pixel 8a/);
    await imei.waitFor();
    // The scanner's box has the focus; the earphones ask nothing; no e-way bill under ₹50,000.
    await expect.poll(() => isFocused(imei)).toBe(true);
    expect(await imei.getAttribute('inputmode')).toBe('numeric');
    const earphonesLine = dialog.getByTestId('pack-line').nth(1);
    expect(await earphonesLine.getByTestId('nothing-to-scan').textContent()).toContain('Nothing to scan');
    expect(await earphonesLine.getByRole('textbox').count()).toBe(0);
    expect(await dialog.getByTestId('eway-bill').count()).toBe(0);

    // A wrong digit: the check digit refuses it, and the box stays selected for the next scan.
    await page.keyboard.type(BAD_IMEI);
    await page.keyboard.press('Enter');
    await dialog.getByText('IMEI: this IMEI fails its check digit: a digit is mistyped').waitFor();
    expect(await imei.getAttribute('aria-invalid')).toBe('true');
    expect(await isFocused(imei)).toBe(true);
    await page.keyboard.type(GOOD_IMEI);
    await page.keyboard.press('Enter');
    await expect.poll(() => imei.getAttribute('aria-invalid')).toBeNull();
    expect(await imei.inputValue()).toBe(GOOD_IMEI);
    expect(await isFocused(dialog.getByLabel(/^Second IMEI \(dual-SIM\) of Google Pixel 8a/))).toBe(true);
    await expectHealthy(owner, 'shipping-pack-dialog-desktop');

    await dialog.getByRole('button', { name: 'Save packing' }).click();
    const packed = dialog.getByTestId('packed-summary');
    await packed.waitFor();
    expect(await packed.textContent()).toContain(`IMEI ${GOOD_IMEI}`);

    // The packing slip, fetched with the owner's cookies and read back.
    const slipLink = dialog.getByRole('link', { name: 'Packing slip (PDF)' });
    expect(await slipLink.getAttribute('href')).toBe(`/admin/orders/${smallOrderId}/packing-slip.pdf`);
    const slip = await page.request.get(`/admin/orders/${smallOrderId}/packing-slip.pdf`);
    expect(slip.status()).toBe(200);
    expect(slip.headers()['content-type']).toBe('application/pdf');
    const file = path.join(slipDir, 'slip.pdf');
    fs.writeFileSync(file, await slip.body());
    const text = execFileSync('/usr/bin/pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    const sheet = (await (await page.request.get(`/trpc/shipping.packingSheet?input=${encodeURIComponent(JSON.stringify({ orderId: smallOrderId }))}`)).json()) as {
      result: { data: { lines: { name: string; sku: string | null }[] } };
    };
    const sku = sheet.result.data.lines[0]!.sku;
    expect(sku).toBeTruthy();
    expect(text).toContain(smallOrderNumber);
    expect(text).toContain(`IMEI ${GOOD_IMEI}`);
    expect(text).toContain(sku!);
    expect(text).toContain('Google Pixel 8a');

    // Ship: the courier's name, an AWB (a space refused), the tracking link pattern.
    await dialog.getByLabel('Courier name').fill('Delhivery');
    const awb = dialog.getByLabel('AWB (air waybill number)');
    await awb.fill(`${AWB.slice(0, 4)} ${AWB.slice(4)}`);
    await dialog.getByLabel('Tracking link').fill(TRACKING);
    await dialog.getByRole('button', { name: 'Ship' }).click();
    await dialog.getByText('AWB must be letters and digits without spaces').waitFor();
    await awb.fill(AWB);
    await dialog.getByText(TRACKING.replace('{awb}', AWB)).waitFor();
    await owner.screenshot('shipping-ship-step-desktop');
    await dialog.getByRole('button', { name: 'Ship' }).click();
    await page.getByText(`Shipped with Delhivery, AWB ${AWB}`).waitFor();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => card.getByTestId('order-status').textContent()).toBe('shipped');
    const parcel = card.getByTestId('order-parcel');
    await expect.poll(() => parcel.getByTestId('parcel-status').textContent()).toBe('Shipped');
    expect(await parcel.getByTestId('parcel-courier').textContent()).toContain(`Delhivery · AWB ${AWB}`);
    expect(await parcel.getByTestId('parcel-units').textContent()).toContain(`IMEI ${GOOD_IMEI}`);
    await expectHealthy(owner, 'shipping-admin-parcel-desktop');
    expect(owner.consoleErrors).toEqual([]);
  });

  it('the shopper’s order page shows Shipped, the courier, AWB, tracking link and the IMEI; then Delivered once the owner marks it', async () => {
    const page = buyer.page;
    await page.goto('/order');
    const mine = page.getByTestId('order').filter({ hasText: smallOrderNumber });
    await expect.poll(() => mine.getByTestId('order-status').textContent()).toBe('shipped');
    const parcel = mine.getByTestId('order-parcel');
    await parcel.waitFor();
    expect(await parcel.getByTestId('parcel-status').textContent()).toBe('Shipped');
    expect(await parcel.getByTestId('parcel-courier').textContent()).toBe(`Delhivery · AWB ${AWB}`);
    const track = parcel.getByRole('link', { name: /^Track your parcel/ });
    expect(await track.getAttribute('href')).toBe(TRACKING.replace('{awb}', AWB));
    expect(await track.getAttribute('target')).toBe('_blank');
    expect(await track.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await parcel.getByTestId('parcel-timeline').textContent()).toContain(`Shipped with Delhivery, AWB ${AWB}`);
    expect(await mine.getByTestId('line-unit-numbers').textContent()).toBe(`IMEI ${GOOD_IMEI}`);
    await expectHealthy(buyer, 'shipping-shopper-shipped-phone');
    await page.setViewportSize({ width: 1366, height: 900 });
    await expectHealthy(buyer, 'shipping-shopper-shipped-desktop');
    await page.setViewportSize({ width: 390, height: 844 });

    const admin = owner.page;
    const card = adminCard(admin, smallOrderId);
    await card.getByRole('button', { name: `Mark delivered: order ${smallOrderNumber}` }).click();
    await admin.getByText('Order marked delivered').first().waitFor();
    await expect.poll(() => card.getByTestId('parcel-status').textContent()).toBe('Delivered');

    await page.reload();
    await expect.poll(() => mine.getByTestId('order-status').textContent()).toBe('delivered');
    expect(await parcel.getByTestId('parcel-status').textContent()).toBe('Delivered');
    expect(await parcel.getByTestId('parcel-timeline').textContent()).toContain('Delivered');
    expect(await mine.getByTestId('line-unit-numbers').textContent()).toBe(`IMEI ${GOOD_IMEI}`);
    await expectHealthy(buyer, 'shipping-shopper-delivered-phone');
    expect(buyer.consoleErrors).toEqual([]);
  });

  it('on a phone, the owner cannot ship the ₹75,000 phone without its e-way bill; with it, it ships', async () => {
    const phoneOwner = await signedIn(ADMIN_EMAIL, ADMIN_PASSWORD, 'phone');
    const page = phoneOwner.page;
    await page.goto('/admit-panel/all-orders');
    const card = adminCard(page, bigOrderId);
    await card.getByRole('button', { name: `Pack & ship: order ${bigOrderNumber}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Pack & ship' });
    const notice = dialog.getByTestId('eway-bill');
    await notice.waitFor();
    expect(await notice.textContent()).toContain('This parcel is worth ₹74,999.00, over ₹50,000.00: it needs an e-way bill');
    await dialog.getByLabel(/^IMEI of Samsung Galaxy S24/).fill(validImei(2902));
    await expectHealthy(phoneOwner, 'shipping-pack-dialog-phone');
    await dialog.getByRole('button', { name: 'Save packing' }).click();
    await dialog.getByTestId('packed-summary').waitFor();

    // The server refuses it too (the dialog checks first, as below).
    const refused = await page.request.post('/trpc/shipping.shipManual', { data: { orderId: bigOrderId, courierName: 'Delhivery', awb: BIG_AWB } });
    expect(refused.status()).toBe(400);
    expect(JSON.stringify(await refused.json())).toContain('e-way bill number and date to ship it');

    await dialog.getByLabel('Courier name').fill('Delhivery');
    await dialog.getByLabel('AWB (air waybill number)').fill(BIG_AWB);
    await dialog.getByRole('button', { name: 'Ship' }).click();
    const number = dialog.getByLabel('E-way bill number');
    await dialog.getByText('e-way bill number is required to ship this parcel').waitFor();
    expect(await number.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => isFocused(number)).toBe(true);
    await phoneOwner.screenshot('shipping-ship-step-eway-bill-phone');
    expect(await card.getByTestId('order-status').textContent()).toBe('paid');

    await number.fill('3312 3456 7890');
    await dialog.getByLabel('E-way bill date').fill('2026-11-26');
    await dialog.getByRole('button', { name: 'Ship' }).click();
    await page.getByText(`Shipped with Delhivery, AWB ${BIG_AWB}`).waitFor();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => card.getByTestId('order-status').textContent()).toBe('shipped');
    await expect.poll(() => card.getByTestId('parcel-eway-bill').textContent()).toBe('E-way bill 331234567890 of 2026-11-26');
    await expectHealthy(phoneOwner, 'shipping-admin-orders-phone');
    expect(phoneOwner.consoleErrors).toEqual([]);
  });
});

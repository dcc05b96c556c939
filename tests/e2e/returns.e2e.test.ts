import path from 'node:path';
import Database from 'better-sqlite3';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  buyWithTestCheckout,
  demoProduct,
  expectHealthy,
  launchBrowser,
  openSignedIn,
  trpcFrom,
  validImei,
  type ShopPage,
  type ShopServer,
  startShop,
} from './harness';

/*
 * Issue 31 (first slice) in Chromium against the production build: a shopper on a phone asks to
 * replace a defective phone delivered 3 days ago (delivery recorded at that instant), with a
 * photo; the owner approves, schedules the pickup (courier and AWB), marks it picked up and
 * receives it with the matching IMEI; the shopper's page shows each step and the mails are in
 * the outbox. Screenshots of the request form and the queue at 390×844 and 1366×900.
 */

const run = Date.now().toString(36);
const shopper = { name: 'Rekha Return', email: `rekha-${run}@example.com`, password: 'rekha-pass-123' };
const IMEI = validImei(3101);
const PICKUP_AWB = `RVP${run.toUpperCase()}1`;
const PHOTO_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAGUlEQVQokWM4YWREEmIY1WA0GkonhmvSAAAUBCwQKt3UcwAAAABJRU5ErkJggg==',
  'base64',
);

let shop: ShopServer;
let browser: Browser;
const open: ShopPage[] = [];
let orderId = '';
let orderNumber = '';

beforeAll(async () => {
  shop = await startShop();
  browser = await launchBrowser();
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
});

const signedIn = (email: string, password: string, viewport: 'phone' | 'desktop') =>
  openSignedIn(browser, shop, { email, password }, viewport, { size: viewport === 'phone' ? { width: 390, height: 844 } : { width: 1366, height: 900 }, track: open });

let buyer: ShopPage;
let owner: ShopPage;

describe('a replacement for a defective phone', () => {
  it('the phone is bought, packed with its IMEI, shipped and delivered 3 days ago', async () => {
    buyer = await signedIn(shopper.email, shopper.password, 'phone');
    const pixel = await demoProduct(buyer.page, 'mobiles', /^Google Pixel 8a/);
    orderId = await buyWithTestCheckout(buyer.page, [{ productId: pixel._id }]);
    owner = await signedIn(ADMIN_EMAIL, ADMIN_PASSWORD, 'desktop');
    const sheet = await trpcFrom<{ lines: { itemId: string }[] }>(owner.page, 'query', 'shipping.packingSheet', { orderId });
    orderNumber = (await trpcFrom<{ _id: string; orderNumber: string }[]>(buyer.page, 'query', 'order.list')).find((o) => o._id === orderId)!.orderNumber;
    await trpcFrom(owner.page, 'mutation', 'shipping.pack', { orderId, units: [{ itemId: sheet.lines[0]!.itemId, unit: 0, imei: IMEI }] });
    await trpcFrom(owner.page, 'mutation', 'shipping.shipManual', { orderId, courierName: 'Delhivery', awb: `DLV${run.toUpperCase()}9` });
    await trpcFrom(owner.page, 'mutation', 'admin.setOrderStatus', { orderId, status: 'delivered' });
    // Delivered 3 days ago: the delivery's instant, recorded straight in the shop's file.
    const db = new Database(path.join(shop.dataDir, 'shop.sqlite'));
    try {
      db.prepare('update shipments set delivered_at = ? where order_id = ?').run(new Date(Date.now() - 3 * 86_400_000).toISOString(), orderId);
    } finally {
      db.close();
    }
  });

  it('the shopper, on a phone, asks to replace it: reason, description, a photo; the request shows as requested', async () => {
    const page = buyer.page;
    await page.goto('/order');
    const mine = page.getByTestId('order').filter({ hasText: orderNumber });
    const returns = mine.getByTestId('line-returns');
    await returns.waitFor();
    expect(await returns.textContent()).toContain('7 days replacement');
    await returns.getByRole('button', { name: /^Return or replace/ }).click();
    const form = returns.getByTestId('return-form');
    await form.getByLabel('Reason').selectOption('defective');
    await form.getByLabel('What is wrong?').fill('The phone restarts every few minutes and will not charge.');
    await form.getByLabel(/^Photos of the item and its box/).setInputFiles({ name: 'phone.png', mimeType: 'image/png', buffer: PHOTO_PNG });
    await form.getByRole('img', { name: 'Photo for the return' }).waitFor();
    // Replacement is the only resolution a phone is offered.
    expect(await form.getByRole('radio').count()).toBe(1);
    await expectHealthy(buyer, 'returns-request-form-phone');
    await page.setViewportSize({ width: 1366, height: 900 });
    await expectHealthy(buyer, 'returns-request-form-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await form.getByRole('button', { name: 'Request return' }).click();
    const request = returns.getByTestId('return-request');
    await expect.poll(() => request.getByTestId('return-status').textContent()).toBe('Requested');
  });

  it('the owner approves, schedules the pickup, marks it picked up and receives it with the matching IMEI', async () => {
    const page = owner.page;
    await page.goto('/admit-panel/returns');
    const card = page.getByTestId('return-card').filter({ hasText: orderNumber });
    await card.waitFor();
    expect(await card.getByTestId('delivered-number').textContent()).toBe(IMEI);
    await expectHealthy(owner, 'returns-queue-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectHealthy(owner, 'returns-queue-phone');
    await page.setViewportSize({ width: 1366, height: 900 });

    await card.getByLabel('Message to the shopper (needed to reject)').fill('Sorry about this: we will replace it.');
    await card.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => card.getByTestId('return-card-status').textContent()).toBe('Approved');
    await card.getByLabel('Pickup courier').fill('Delhivery');
    await card.getByLabel('Pickup AWB').fill(PICKUP_AWB);
    await card.getByRole('button', { name: 'Schedule pickup' }).click();
    await expect.poll(() => card.getByTestId('return-card-status').textContent()).toBe('Pickup scheduled');
    await card.getByRole('button', { name: 'Mark picked up' }).click();
    await expect.poll(() => card.getByTestId('return-card-status').textContent()).toBe('Picked up');
    await card.getByLabel('Scan the serial / IMEI of the unit that came back').fill(IMEI);
    await card.getByRole('button', { name: 'Receive' }).click();
    // Received and matched: it leaves the open queue; All shows it with the match.
    await page.getByTestId('no-returns').waitFor();
    await page.getByLabel('Show').selectOption('all');
    await expect.poll(() => card.getByTestId('received-number').textContent()).toContain(`${IMEI} ✓ matches`);
    expect(owner.consoleErrors).toEqual([]);
  });

  it('the shopper’s page shows each step, and each step’s mail is in the outbox', async () => {
    const page = buyer.page;
    await page.goto('/order');
    const request = page.getByTestId('order').filter({ hasText: orderNumber }).getByTestId('return-request');
    await expect.poll(() => request.getByTestId('return-status').textContent()).toBe('Received');
    const steps = await request.getByRole('list', { name: 'Return steps' }).textContent();
    for (const step of ['Return requested', 'Approved', 'Pickup scheduled', 'Picked up by the courier', 'Received and checked at our store']) expect(steps).toContain(step);
    expect(await request.textContent()).toContain(`Delhivery · AWB ${PICKUP_AWB}`);
    await expectHealthy(buyer, 'returns-shopper-received-phone');

    const mail = await trpcFrom<{ items: { kind: string; to: string }[] }>(owner.page, 'query', 'admin.mail', { limit: 100 });
    const kinds = mail.items.filter((m) => m.to === shopper.email && m.kind.startsWith('return-')).map((m) => m.kind);
    expect(kinds.sort()).toEqual(['return-approved', 'return-picked-up', 'return-pickup-scheduled', 'return-received', 'return-requested']);
    expect(buyer.consoleErrors).toEqual([]);
  });
});

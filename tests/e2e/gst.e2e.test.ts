import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gstinCheckCharacter } from '../../shared/gst';
import {
  addDeliveryAddress,
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  describeViolations,
  hasHorizontalOverflow,
  launchBrowser,
  openShopPage,
  seriousA11yViolations,
  startShop,
  type ShopPage,
  type ShopServer,
  type ViewportName,
} from './harness';

/*
 * Issue 14 in Chromium against the production build: the owner fills in Settings, a phone
 * shopper checks delivery to a PIN, gives an address at the address step, pays, and downloads
 * the GST invoice from /order; the owner sees it on the Invoices page and downloads the month's
 * GSTR-1 CSV; the footer names the seller and the grievance officer.
 */

const SELLER_GSTIN = `29AAACV1234F1Z${gstinCheckCharacter('29AAACV1234F1Z')}`;
const shopper = { name: 'Gita Shopper', email: `gita-${Date.now().toString(36)}@example.com`, password: 'gita-password-1' };

let shop: ShopServer;
let browser: Browser;
let downloads: string;
const open: ShopPage[] = [];

beforeAll(async () => {
  shop = await startShop();
  browser = await launchBrowser();
  downloads = fs.mkdtempSync(path.join(os.tmpdir(), 'voltmart-gst-e2e-'));
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
  if (downloads) fs.rmSync(downloads, { recursive: true, force: true });
});

async function signedIn(email: string, password: string, viewport: ViewportName): Promise<ShopPage> {
  const shopPage = await openShopPage(browser, shop, viewport);
  open.push(shopPage);
  const reply = await shopPage.page.request.post('/api/signin', { data: { email, password } });
  expect(reply.status(), await reply.text()).toBe(200);
  return shopPage;
}

async function expectHealthy(shopPage: ShopPage, label: string): Promise<void> {
  const violations = await seriousA11yViolations(shopPage.page);
  expect(violations, `${label}: axe found\n${describeViolations(violations)}`).toEqual([]);
  expect(await hasHorizontalOverflow(shopPage.page), `${label}: the page scrolls sideways`).toBe(false);
  await shopPage.screenshot(label);
}

/** Saves a download the page triggers by clicking `click`, and returns its path. */
async function download(shopPage: ShopPage, click: () => Promise<void>): Promise<string> {
  const [file] = await Promise.all([shopPage.page.waitForEvent('download'), click()]);
  const target = path.join(downloads, file.suggestedFilename());
  await file.saveAs(target);
  return target;
}

let invoiceNumber = '';

describe('selling with GST invoices', () => {
  it('the owner fills in the seller, the grievance officer and a serviceable PIN list in Settings', async () => {
    const owner = await signedIn(ADMIN_EMAIL, ADMIN_PASSWORD, 'desktop');
    const page = owner.page;
    await page.goto('/admit-panel/settings');
    await page.getByText('Never saved: these are the defaults').waitFor();
    await page.getByLabel('Legal name').fill('Voltmart Retail Private Limited');
    await page.getByLabel('Trade name').fill('Voltmart');
    await page.getByLabel('GSTIN').fill(SELLER_GSTIN.slice(0, 14) + (SELLER_GSTIN.endsWith('A') ? 'B' : 'A'));
    await page.getByText('does not match the others').first().waitFor();
    await page.getByLabel('GSTIN').fill(SELLER_GSTIN);
    await page.getByLabel('Registered address: line 1').fill('42 Residency Road');
    await page.getByLabel('City').first().fill('Bengaluru');
    await page.getByLabel('State', { exact: true }).selectOption('29');
    await page.getByLabel('PIN code').first().fill('560025');
    await page.getByLabel('Contact email').fill('accounts@voltmart.example');
    await page.getByLabel('Contact phone').fill('8041234567');
    await page.getByLabel('Invoice number prefix').fill('VM');
    const officer = page.getByRole('region', { name: 'Grievance officer' });
    await officer.getByLabel('Name').fill('Meera Iyer');
    await officer.getByLabel('Email').fill('grievance@voltmart.example');
    await officer.getByLabel('Phone').fill('9845012345');
    await page.getByLabel(/Serviceable PIN codes/).fill('56\n400001');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText(/^Last saved /).waitFor();
    await expectHealthy(owner, 'gst-settings-desktop');
    expect(owner.consoleErrors).toEqual([]);
  });

  it('every page’s footer names the seller, its GSTIN and the grievance officer, in the server’s HTML', async () => {
    const html = await (await fetch(`${shop.url}/`)).text();
    expect(html).toContain('Voltmart Retail Private Limited');
    expect(html).toContain(`GSTIN ${SELLER_GSTIN}`);
    expect(html).toContain('Meera Iyer');
    const policies = await fetch(`${shop.url}/policies`);
    expect(policies.status).toBe(200);
    expect(await policies.text()).toContain('Returns and refunds');
  });

  it('a phone shopper checks the PIN, gives an address, pays, and downloads the invoice from /order', async () => {
    const buyer = await signedIn(shopper.email, shopper.password, 'phone');
    const page = buyer.page;
    const list = (await (await page.request.get(`/trpc/catalog.byCategory?input=${encodeURIComponent(JSON.stringify({ category: 'mobiles', limit: 5 }))}`)).json()) as {
      result: { data: { items: { _id: string; stock: number }[] } };
    };
    const product = list.result.data.items.find((p) => p.stock > 0)!;
    await page.goto(`/product/${product._id}`);
    const deliverTo = page.getByLabel('Deliver to');
    await deliverTo.fill('110001');
    await page.getByRole('button', { name: 'Check' }).click();
    await page.getByText(/do not deliver to 110001/).waitFor();
    await deliverTo.fill('560001');
    await page.getByRole('button', { name: 'Check' }).click();
    await page.getByText('Deliver to 560001: available, arrives in 3–5 days').waitFor();
    await page.getByRole('main').getByRole('button', { name: 'Add To Cart' }).first().click();
    await page.getByRole('link', { name: /^Cart, 1 item/ }).waitFor();

    await page.goto('/cart');
    await page.getByRole('button', { name: 'Payment' }).click();
    await page.waitForURL('**/checkout');
    await addDeliveryAddress(page, 'Gita Rao');
    await expectHealthy(buyer, 'gst-checkout-phone');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.waitForURL('**/test-checkout/**');
    expect(await page.locator('p', { hasText: 'Delivering to' }).textContent()).toContain('12 MG Road');
    await page.getByRole('button', { name: 'Pay (test)' }).click();
    await page.getByRole('heading', { name: 'Payment Successfully' }).waitFor();

    await page.goto('/order');
    const invoice = page.getByRole('link', { name: /^Invoice / });
    await invoice.waitFor();
    invoiceNumber = ((await invoice.textContent()) ?? '').replace(/^Invoice\s*/, '').trim();
    expect(invoiceNumber).toMatch(/^VM\/\d{4}\/00001$/);
    await expectHealthy(buyer, 'gst-orders-phone');
    const pdf = await download(buyer, () => invoice.click());
    const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    for (const field of ['Tax Invoice', invoiceNumber, SELLER_GSTIN, 'Gita Rao', '12 MG Road', 'Karnataka', 'Place of supply', 'CGST', 'SGST', 'reverse charge', 'Rupees']) {
      expect(text, field).toContain(field);
    }
    expect(buyer.consoleErrors).toEqual([]);
  });

  it('the owner sees the invoice on the Invoices page and downloads the month’s GSTR-1 CSV', async () => {
    const owner = open[0]!;
    const page = owner.page;
    await page.goto('/admit-panel/invoices');
    await page.getByText(invoiceNumber).first().waitFor();
    await expectHealthy(owner, 'gst-invoices-desktop');
    const csv = fs.readFileSync(await download(owner, () => page.getByRole('link', { name: 'Download GSTR-1 CSV' }).click()), 'utf8');
    expect(csv).toContain('b2cs');
    expect(csv).toContain('29-Karnataka');
    expect(owner.consoleErrors).toEqual([]);
  });
});

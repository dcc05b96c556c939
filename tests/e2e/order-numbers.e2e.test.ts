import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartCheckoutResult } from '../../shared/schemas/order';
import { HttpClient } from '../../server/testing/test-server';
import { expectHealthy, launchBrowser, openShopPage, type ShopPage, type ShopServer, signInAsOwner, startShop, type ViewportName } from './harness';

/*
 * Issue 29's readable order numbers in Chromium against the production build: two shoppers
 * check out to their saved addresses; the owner finds each order on the all-orders page by its
 * number typed carelessly, by the shopper's phone, PIN and part of their email, on a desktop
 * and on a phone; the shopper's order page names the order by the same number.
 */

let shop: ShopServer;
let browser: Browser;
const open: ShopPage[] = [];

type Placed = { orderId: string; number: string; email: string; password: string };
const placed: Placed[] = [];

const SHOPPERS = [
  { name: 'Meera Iyer', phone: '98860 12345', pin: '560034', stateCode: '29', city: 'Bengaluru' },
  { name: 'Ravi Kumar', phone: '98201 55555', pin: '400001', stateCode: '27', city: 'Mumbai' },
];

beforeAll(async () => {
  shop = await startShop();
  browser = await launchBrowser();
  const products = (await (await fetch(`${shop.url}/trpc/catalog.byCategory?input=${encodeURIComponent(JSON.stringify({ category: 'mobiles', limit: 24 }))}`)).json()) as {
    result: { data: { items: { _id: string; stock: number }[] } };
  };
  const product = products.result.data.items.find((p) => p.stock > 3);
  if (!product) throw new Error('no phone in stock in the demo catalogue');
  for (const [i, s] of SHOPPERS.entries()) {
    const email = `${s.name.split(' ')[0]!.toLowerCase()}-${Date.now().toString(36)}-${i}@example.com`;
    const password = 'shopper-password-1';
    const client = new HttpClient(shop.url);
    expect((await client.post('/api/signup', { name: s.name, email, password, confirmPassword: password, profilePic: '' })).status).toBe(201);
    expect((await client.post('/api/signin', { email, password })).status).toBe(200);
    expect((await client.post('/api/addtocart', { productId: product._id })).status).toBe(200);
    const address = await client.trpc<{ _id: string }>('mutation', 'address.create', {
      name: s.name,
      phone: s.phone,
      line1: '1 Main Road',
      line2: '',
      city: s.city,
      stateCode: s.stateCode,
      pin: s.pin,
      gstin: '',
    });
    expect(address.status).toBe(200);
    const started = await client.trpc<StartCheckoutResult>('mutation', 'checkout.start', { addressId: address.body._id });
    expect(started.status).toBe(200);
    const orders = await client.get<{ data: { _id: string; orderNumber: string }[] }>('/api/order-list');
    // Awaiting payment, the order is not in the shopper's list yet: the admin's list has it.
    expect(orders.body.data).toEqual([]);
    placed.push({ orderId: started.body.orderId, number: '', email, password });
  }
});

afterAll(async () => {
  for (const p of open) await p.close().catch(() => undefined);
  await browser?.close();
  await shop?.stop();
});

async function ownerOn(viewport: ViewportName): Promise<ShopPage> {
  const shopPage = await openShopPage(browser, shop, viewport);
  open.push(shopPage);
  await signInAsOwner(shopPage.page);
  await shopPage.page.goto('/admit-panel/all-orders');
  return shopPage;
}

const cards = (shopPage: ShopPage) => shopPage.page.getByTestId('admin-order');
const shownIds = async (shopPage: ShopPage) => Promise.all((await cards(shopPage).all()).map((card) => card.getAttribute('data-order-id')));

async function searchFor(shopPage: ShopPage, term: string, expected: string[]): Promise<void> {
  await shopPage.page.getByRole('searchbox', { name: 'Search orders' }).fill(term);
  await expect.poll(() => shownIds(shopPage), { timeout: 10_000 }).toEqual(expected);
}

describe('order numbers and the order search', () => {
  it('on a desktop, the owner finds an order by its number typed any way, by phone and by PIN', async () => {
    const owner = await ownerOn('desktop');
    const page = owner.page;
    for (const p of placed) {
      const card = page.locator(`[data-testid="admin-order"][data-order-id="${p.orderId}"]`);
      const text = (await card.getByTestId('order-number').textContent()) ?? '';
      expect(text).toMatch(/^Order VM-\d{4}-\d{6}$/);
      p.number = text.slice('Order '.length);
    }
    const [meera, ravi] = placed as [Placed, Placed];
    expect(Number(ravi.number.slice(-6))).toBe(Number(meera.number.slice(-6)) + 1);

    await searchFor(owner, ` ${ravi.number.replace(/-/g, '').toLowerCase()} `, [ravi.orderId]);
    await searchFor(owner, '+91 98860-12345', [meera.orderId]);
    await searchFor(owner, '400 001', [ravi.orderId]);
    await searchFor(owner, meera.number.toLowerCase(), [meera.orderId]);
    await expectHealthy(owner, 'order-search-desktop');
    await searchFor(owner, 'VM-1999-000001', []);
    expect(await page.getByTestId('no-search-results').textContent()).toBe('No order matches “VM-1999-000001”.');
    expect(owner.consoleErrors).toEqual([]);
  });

  it('on a phone, the search box sits above the filters and finds by part of the email', async () => {
    const owner = await ownerOn('phone');
    const [meera] = placed as [Placed];
    await searchFor(owner, meera.email.split('@')[0]!.toUpperCase(), [meera.orderId]);
    const box = await owner.page.getByRole('searchbox', { name: 'Search orders' }).boundingBox();
    const status = await owner.page.getByLabel('Status').boundingBox();
    expect(box!.width).toBeGreaterThan(300);
    expect(box!.y).toBeLessThan(status!.y);
    await expectHealthy(owner, 'order-search-phone');
    expect(owner.consoleErrors).toEqual([]);
  });

  it('the shopper’s order page names a paid order by the same number', async () => {
    // Meera pays on the test checkout page; her order then shows in her list.
    const [meera] = placed as [Placed];
    const shopper = await openShopPage(browser, shop, 'phone');
    open.push(shopper);
    const reply = await shopper.page.request.post('/api/signin', { data: { email: meera.email, password: meera.password } });
    expect(reply.status()).toBe(200);
    const started = (await (await shopper.page.request.post('/trpc/checkout.start', { data: {}, headers: { origin: shop.url } })).json()) as {
      result: { data: StartCheckoutResult };
    };
    // The same cart again: the same open checkout, so the same order and number.
    expect(started.result.data.orderId).toBe(meera.orderId);
    await shopper.page.goto(started.result.data.url);
    await shopper.page.getByRole('button', { name: 'Pay (test)' }).click();
    await shopper.page.waitForURL('**/success?session_id=**');
    expect(await shopper.page.getByTestId('success-order-number').textContent()).toBe(`Order ${meera.number}`);
    await shopper.page.goto('/order');
    const card = shopper.page.getByTestId('order').filter({ hasText: meera.number });
    expect(await card.getByTestId('order-number').textContent()).toBe(`Order ${meera.number}`);
    expect(await shopper.page.textContent('main')).not.toContain(meera.orderId);
    await expectHealthy(shopper, 'order-number-shopper-phone');
    expect(shopper.consoleErrors).toEqual([]);
  });
});

import type { Browser, Page } from 'playwright-core';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, addDeliveryAddress, hasHorizontalOverflow, launchBrowser, openShopPage, startShop, type ShopServer, type ViewportName } from './harness';

/*
 * Issue 15 in a real browser, on a shop started without SMTP_URL (as a fresh `npm start` is):
 * the account page on a phone and a desktop; a shopper who forgot the password resets it from
 * the link the admin reads on the Mail page, and the order confirmation shows there too; and
 * two-factor sign-in turned on from the QR page's key, after which the password alone signs
 * nobody in.
 */

let shop: ShopServer;
let browser: Browser;
let n = 0;

beforeAll(async () => {
  shop = await startShop();
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

async function signUp(name: string): Promise<{ email: string; password: string }> {
  const email = `account-e2e-${Date.now()}-${n++}@example.com`;
  const password = 'account e2e pass';
  const reply = await fetch(`${shop.url}/api/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: shop.url },
    body: JSON.stringify({ name, email, password, confirmPassword: password }),
  });
  expect(reply.status).toBe(201);
  return { email, password };
}

async function signIn(page: Page, user: { email: string; password: string }): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

describe.each<ViewportName>(['phone', 'desktop'])('the account page on a %s', (viewport) => {
  it('changes the name, lists this device, and offers the data download', async () => {
    const user = await signUp('Kavya Account');
    const shopPage = await openShopPage(browser, shop, viewport);
    const { page, consoleErrors } = shopPage;
    await signIn(page, user);
    await page.getByRole('button', { name: /^Account menu for / }).waitFor();
    await page.getByRole('button', { name: /^Account menu for / }).click();
    await page.getByRole('link', { name: 'My account' }).click();
    await page.waitForURL('**/account');
    await page.waitForFunction(() => document.title === 'My account · Voltmart');

    const name = page.getByLabel('Name', { exact: true });
    await name.fill('Kavya Menon');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Profile saved').first().waitFor();
    await page.getByRole('button', { name: 'Account menu for Kavya Menon' }).waitFor();

    const devices = page.getByRole('region', { name: 'Signed-in devices' });
    await devices.getByText('This device').waitFor();
    await devices
      .getByText(/Chrome on (Linux|Android)/)
      .first()
      .waitFor();
    expect(await page.getByRole('link', { name: 'Download my data (JSON)' }).getAttribute('href')).toBe('/account/my-data.json');
    await shopPage.screenshot(`account-page-${viewport}`);
    expect(await hasHorizontalOverflow(page)).toBe(false);
    expect(consoleErrors).toEqual([]);
    await shopPage.close();
  });
});

describe('no SMTP: the outbox stands in for the inbox', () => {
  it('lets a shopper reset a forgotten password from the link on the Mail page, and shows an order confirmation there', async () => {
    const shopper = await signUp('Farah Forgot');
    // The shopper pays an order first (the confirmation goes to the outbox) and signs out.
    const phone = await openShopPage(browser, shop, 'phone');
    await signIn(phone.page, shopper);
    await phone.page.getByRole('button', { name: /^Account menu for / }).waitFor();
    await phone.page.getByRole('region', { name: "Popular's Watches" }).getByRole('button', { name: 'Add to Cart' }).first().click();
    await phone.page.getByRole('link', { name: 'Cart, 1 item' }).waitFor();
    await phone.page.goto('/cart');
    await phone.page.getByRole('button', { name: 'Payment' }).click();
    await phone.page.waitForURL('**/checkout');
    await addDeliveryAddress(phone.page, 'Farah Forgot');
    await phone.page.getByRole('button', { name: 'Continue to payment' }).click();
    await phone.page.waitForURL('**/test-checkout/**');
    await phone.page.getByRole('button', { name: 'Pay (test)' }).click();
    await phone.page.getByRole('heading', { name: 'Payment Successfully' }).waitFor();
    await phone.page.getByRole('button', { name: 'Logout' }).click();
    await phone.page.getByRole('link', { name: 'Login' }).first().waitFor();

    await phone.page.goto('/forgot-password');
    await phone.page.getByLabel('Email').fill(shopper.email);
    await phone.page.getByRole('button', { name: 'Send reset link' }).click();
    await phone.page
      .getByText(/If an account exists for that email/)
      .first()
      .waitFor();

    // The owner reads the outbox.
    const desk = await openShopPage(browser, shop, 'desktop');
    await signIn(desk.page, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    await desk.page.getByRole('button', { name: /^Account menu for / }).waitFor();
    await desk.page.goto('/admit-panel/mail');
    const rows = desk.page.locator('tr', { hasText: shopper.email });
    await rows
      .filter({ hasText: /Order VM-\d{4}-\d{6} confirmed: ₹[\d,]+\.\d\d at Voltmart/ })
      .first()
      .waitFor();
    await rows.filter({ hasText: 'Reset your Voltmart password' }).getByRole('button', { name: 'Reset your Voltmart password' }).click();
    const dialog = desk.page.getByRole('dialog');
    const link = dialog.getByRole('link', { name: /\/reset-password\?token=/ }).first();
    const href = (await link.getAttribute('href')) ?? '';
    expect(href).toMatch(new RegExp(`^${shop.url}/reset-password\\?token=[A-Za-z0-9_-]+$`));
    await desk.screenshot('mail-outbox-reset-link-desktop');

    await phone.page.goto(href);
    await phone.page.getByLabel('New password', { exact: true }).fill('a fresh password');
    await phone.page.getByLabel('Confirm new password').fill('a fresh password');
    await phone.page.getByRole('button', { name: 'Save new password' }).click();
    await phone.page.waitForURL((u) => u.pathname === '/');
    await phone.page.getByRole('button', { name: 'Account menu for Farah Forgot' }).waitFor();
    expect(phone.consoleErrors).toEqual([]);

    // The same link again, on a desktop: it says at once that it was used, before anything is typed.
    await desk.page.goto(href);
    const used = desk.page.getByRole('alert');
    await used.getByText('This reset link has expired or was already used. Ask for a new one.').waitFor();
    expect(await desk.page.getByLabel('New password', { exact: true }).count()).toBe(0);
    expect(await used.getByRole('link', { name: 'Ask for a new reset link' }).getAttribute('href')).toBe('/forgot-password');
    await desk.screenshot('reset-link-used-desktop');
    await phone.close();
    await desk.close();
  });
});

describe('two-factor sign-in', () => {
  it('turns on from the key shown beside the QR code; then the password alone signs nobody in', async () => {
    const user = await signUp('Tara Twofactor');
    const shopPage = await openShopPage(browser, shop, 'phone');
    const { page, consoleErrors, context } = shopPage;
    await signIn(page, user);
    await page.getByRole('button', { name: /^Account menu for / }).waitFor();
    await page.goto('/account/two-factor');
    await page.getByRole('button', { name: 'Set up' }).click();
    const qr = page.getByRole('img', { name: 'QR code for your authenticator app' });
    await qr.waitFor();
    // The QR code is the shop's own drawing, decoded by the browser.
    expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0 && img.src.startsWith('data:image/svg+xml'))).toBe(true);
    const secret = ((await page.getByTestId('two-factor-secret').textContent()) ?? '').replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await shopPage.screenshot('two-factor-enrolment-phone');

    await page.getByLabel('6-digit code').fill(await generate({ secret }));
    await page.getByRole('button', { name: 'Turn on' }).click();
    const codes = page.getByTestId('recovery-codes').locator('li');
    await codes.first().waitFor();
    expect(await codes.count()).toBe(10);
    await shopPage.screenshot('two-factor-recovery-codes-phone');
    await page.getByLabel('I have saved my recovery codes').check();
    await page.getByRole('button', { name: /Done/ }).click();
    await page.waitForURL('**/account');

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('link', { name: 'Login' }).first().waitFor();
    await context.clearCookies();

    await signIn(page, user);
    const codeField = page.getByLabel('Authentication code');
    await codeField.waitFor();
    // The password alone started no session.
    expect((await page.request.get('/api/user-details')).status()).toBe(401);
    await shopPage.screenshot('login-code-step-phone');
    // The code of the step after the one used at enrolment (each step works once).
    await codeField.fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    await page.getByRole('button', { name: 'Account menu for Tara Twofactor' }).waitFor();
    expect(consoleErrors.filter((e) => !/401/.test(e))).toEqual([]);
    await shopPage.close();
  });
});

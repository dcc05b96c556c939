import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openShopPage, startShop, type ShopServer, signInAsOwner } from './harness';

/*
 * Issue 26, item 1, in Chromium on a demo shop (five desktop and five phone banners): the owner
 * adds a phone banner with its own picture, alt text and link. A 375-px phone shows it in the
 * phone carousel, sixth and then first once moved up, with that alt text, and a tap opens its
 * link; a 1440-px desktop still shows the five desktop banners and never the phone one.
 */

const ALT = 'Monsoon camera deals for phones';
const LINK = '/product-category?category=camera';

let shop: ShopServer;
let browser: Browser;
let imageDir: string;

beforeAll(async () => {
  shop = await startShop();
  browser = await launchBrowser();
  imageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'voltmart-banners-e2e-'));
  await sharp({ create: { width: 800, height: 800, channels: 3, background: '#0d9488' } })
    .png()
    .toFile(path.join(imageDir, 'phone-banner.png'));
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  if (imageDir) fs.rmSync(imageDir, { recursive: true, force: true });
});

/** The content hashes of the pictures of one kind of banner the shop shows. */
async function pictureHashes(kind: 'desktop' | 'mobile'): Promise<string[]> {
  const reply = (await (await fetch(`${shop.url}/trpc/catalog.banners`)).json()) as { result: { data: Record<typeof kind, { imageUrl: string }[]> } };
  return reply.result.data[kind].map((b) => /([0-9a-f]{32})/.exec(b.imageUrl)?.[1] ?? b.imageUrl);
}

/** Every image URL the page asks the shop for, from now on. */
function imageRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/images/')) urls.push(request.url());
  });
  return urls;
}

/** The window's width as the page started and at every resize after, to explain a failure. */
async function recordWidths(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const widths: string[] = [`start ${window.innerWidth}`];
    (window as unknown as { widths: string[] }).widths = widths;
    window.addEventListener('resize', () => widths.push(`${performance.now().toFixed(0)} ms ${window.innerWidth}`));
  });
}
const widthsOf = (page: Page) => page.evaluate(() => (window as unknown as { widths: string[] }).widths.join(', '));

/** The picture has arrived and been drawn, not only its box. */
const loaded = (img: Locator) => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 1);

describe('phone and desktop banners', () => {
  it('a phone banner the owner adds shows on phones with its own alt text and link; desktops keep their own banners', async () => {
    const owner = await openShopPage(browser, shop, 'desktop');
    await signInAsOwner(owner.page);
    await owner.page.goto('/admit-panel/banners');
    await owner.page.getByRole('button', { name: 'Add banner' }).first().click();
    const dialog = owner.page.getByRole('dialog', { name: 'Add banner' });
    await dialog.getByRole('radio', { name: /^Phone/ }).check();
    await dialog.getByTestId('banner-image-input').setInputFiles(path.join(imageDir, 'phone-banner.png'));
    await dialog.getByLabel('Alt text').fill(ALT);
    await dialog.getByLabel('Link').fill(LINK);
    await dialog.getByRole('button', { name: 'Add banner' }).click();
    await owner.page.getByText('Banner added').first().waitFor();
    const phoneRows = owner.page.getByRole('list', { name: 'Phone banners' }).getByTestId('banner-row');
    await expect.poll(() => phoneRows.count()).toBe(6);
    expect(await phoneRows.nth(5).textContent()).toContain(ALT);

    // A phone: the phone list's six slides, the owner's sixth, with its own alt text and link.
    const phone = await openShopPage(browser, shop, 'phone');
    const phoneRequests = imageRequests(phone.page);
    await phone.page.goto('/');
    const carousel = phone.page.getByRole('region', { name: 'Featured offers' });
    expect(await carousel.getAttribute('data-screen')).toBe('phone');
    expect(await carousel.getByTestId('banner-slide').count()).toBe(6);
    await carousel.getByRole('button', { name: 'Show slide 6' }).tap();
    const sixth = carousel.getByRole('group', { name: '6 of 6' });
    const picture = sixth.getByRole('img', { name: ALT });
    await picture.waitFor();
    await expect.poll(() => loaded(picture)).toBe(true);
    await sixth.getByRole('link').tap();
    await phone.page.waitForURL(`**${LINK}`);

    // Moved to the top of the phone list (the desktop list is not touched): the first thing a phone shows.
    for (let i = 4; i >= 0; i--) {
      await owner.page.getByRole('button', { name: `Move ${ALT} up` }).click();
      await expect.poll(() => phoneRows.nth(i).textContent()).toContain(ALT);
    }
    await owner.screenshot('banners-admin-phone-list-desktop');
    await phone.page.goto('/');
    await carousel.getByRole('button', { name: 'Pause slide rotation' }).tap();
    const first = carousel.getByRole('group', { name: '1 of 6' });
    const firstPicture = first.getByRole('img', { name: ALT });
    await firstPicture.waitFor();
    await expect.poll(() => loaded(firstPicture)).toBe(true);
    expect(await firstPicture.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\/images\/[0-9a-f]{32}-w\d+\.webp$/);
    await phone.screenshot('banners-phone-own-banner-phone');
    await first.getByRole('link').tap();
    await phone.page.waitForURL(`**${LINK}`);

    // A desktop: the five desktop banners with their own alt text and links; the phone banner nowhere.
    const desktop = await openShopPage(browser, shop, 'desktop');
    const desktopRequests = imageRequests(desktop.page);
    await recordWidths(desktop.page);
    await desktop.page.goto('/');
    const wide = desktop.page.getByRole('region', { name: 'Featured offers' });
    expect(await wide.getAttribute('data-screen')).toBe('desktop');
    expect(await wide.getByTestId('banner-slide').count()).toBe(5);
    await wide.getByRole('button', { name: 'Pause slide rotation' }).click();
    const cover = wide.getByRole('group', { name: '1 of 5' }).getByRole('img');
    await expect.poll(() => loaded(cover)).toBe(true);
    expect(await cover.getAttribute('alt')).not.toBe(ALT);
    expect(await wide.getByRole('group', { name: '1 of 5' }).getByRole('link').getAttribute('href')).toBe('/product-category?category=mobiles');
    expect(await desktop.page.getByRole('img', { name: ALT }).count()).toBe(0);

    // Each screen downloaded its own banners' pictures and none of the other list's. Checked
    // before the desktop's screenshot: a full-page screenshot narrows the window to 1 px for a
    // moment, and a page that responds to its width then (rightly) shows the phone carousel.
    await desktop.page.waitForLoadState('networkidle');
    const [wideHashes, phoneHashes] = [await pictureHashes('desktop'), await pictureHashes('mobile')];
    expect(phoneHashes).toHaveLength(6);
    expect(desktopRequests.some((url) => url.includes(wideHashes[0]!))).toBe(true);
    expect(
      desktopRequests.filter((url) => phoneHashes.some((hash) => url.includes(hash))),
      `window widths: ${await widthsOf(desktop.page)}`,
    ).toEqual([]);
    expect(phoneRequests.some((url) => url.includes(phoneHashes[0]!))).toBe(true);
    expect(phoneRequests.filter((url) => wideHashes.some((hash) => url.includes(hash)))).toEqual([]);
    await desktop.screenshot('banners-desktop-own-banners-desktop');

    for (const p of [owner, phone, desktop]) expect(p.consoleErrors).toEqual([]);
    await owner.close();
    await phone.close();
    await desktop.close();
  });
});

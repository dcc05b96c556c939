import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openShopPage, signInAsOwner, startShop, type ShopServer } from './harness';

/*
 * Issue 30, the owner's side, in a real browser against the production build: the owner creates
 * SAVE1000 (₹1,000 off above ₹20,000, phones only, 1 use per shopper, 50 in all) and a weekend
 * sale price on one TV through the screens, sees them listed with their status and window in
 * IST, and previews a cart: the discount sits on the phone's line only; the TV's sale price
 * applies on the Saturday of the sale and not now. Phone (390 px) and desktop (1366 px).
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

const IST_MS = 330 * 60_000;
/** 'YYYY-MM-DDTHH:mm' on India's clock, `days` from now at `time`. */
function istDay(days: number, time: string): string {
  return `${new Date(Date.now() + IST_MS + days * 86_400_000).toISOString().slice(0, 10)}T${time}`;
}
/** Days from today (IST) to the next Friday at least two days away. */
function daysToFriday(): number {
  const today = new Date(Date.now() + IST_MS).getUTCDay();
  let days = (5 - today + 7) % 7;
  if (days < 2) days += 7;
  return days;
}

/** Picks the option of a select whose text holds `text`. */
async function chooseOption(select: Locator, text: string): Promise<void> {
  const value = await select.locator('option', { hasText: text }).first().getAttribute('value');
  await select.selectOption(value ?? '');
}

const noOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth + 1);

describe('the owner’s offers', () => {
  it('creates SAVE1000 and a weekend TV sale through the screens, lists them and previews a cart', async () => {
    const owner = await openShopPage(browser, shop, 'desktop');
    const { page } = owner;
    await page.setViewportSize({ width: 1366, height: 900 });
    await signInAsOwner(page);
    await page.goto('/admit-panel');
    await page.getByRole('link', { name: 'Offers' }).click();
    await page.getByRole('heading', { name: 'Offers', level: 1 }).waitFor();

    // SAVE1000.
    await page.getByRole('button', { name: 'New offer' }).click();
    const dialog = page.getByRole('dialog', { name: 'New offer' });
    await dialog.getByRole('button', { name: /^Coupon/ }).click();
    const form = dialog.getByRole('form', { name: 'Coupon form' });
    await form.getByLabel('Name').fill('SAVE1000 on phones');
    await form.getByLabel('Code').fill('save1000');
    await form.getByLabel('Amount off (₹)').fill('1000.555');
    await form.getByRole('button', { name: 'Add coupon' }).click();
    await form.getByText('Amount off must have at most 2 decimals').waitFor();
    await form.getByLabel('Amount off (₹)').fill('1000');
    await form.getByLabel('Minimum cart (₹)').fill('20000');
    await form.getByLabel('Uses in all').fill('50');
    expect(await form.getByLabel('Uses per shopper').inputValue()).toBe('1');
    await form.getByRole('group', { name: 'Applies to: categories' }).getByLabel('Mobiles').check();
    await owner.screenshot('offers-admin-coupon-form-desktop');
    await form.getByRole('button', { name: 'Add coupon' }).click();
    await page.getByText('Offer added: SAVE1000 on phones').first().waitFor();
    await dialog.waitFor({ state: 'detached' });

    // The same code again: refused beside the code box.
    await page.getByRole('button', { name: 'New offer' }).click();
    await page
      .getByRole('dialog', { name: 'New offer' })
      .getByRole('button', { name: /^Coupon/ })
      .click();
    const again = page.getByRole('form', { name: 'Coupon form' });
    await again.getByLabel('Name').fill('Again');
    await again.getByLabel('Code').fill('SAVE1000');
    await again.getByLabel('Amount off (₹)').fill('500');
    await again.getByRole('button', { name: 'Add coupon' }).click();
    await again.getByText('SAVE1000 is already a coupon: choose another code').waitFor();
    await page.getByRole('dialog', { name: 'New offer' }).getByRole('button', { name: 'Cancel' }).click();

    // The TV's weekend sale: Friday 00:00 to Sunday 23:59 IST.
    const friday = daysToFriday();
    await page.getByRole('button', { name: 'New offer' }).click();
    await page
      .getByRole('dialog', { name: 'New offer' })
      .getByRole('button', { name: /^Sale price/ })
      .click();
    const sale = page.getByRole('form', { name: 'Sale price form' });
    await sale.getByLabel('Name').fill('Bravia weekend');
    await sale.getByLabel('Product on sale').fill('Bravia X74L');
    await sale.getByRole('button', { name: /^Sony Bravia X74L/ }).click();
    await sale.getByTestId('sale-product').waitFor();
    // The TV comes in sizes: the sale is on the ₹57,990 one; a price not below the smallest's refused for "every variant".
    await sale.getByLabel('Sale price (₹)').fill('49990');
    await sale.getByLabel('Starts (IST)').fill(istDay(friday, '00:00'));
    await sale.getByLabel('Ends (IST, last minute included)').fill(istDay(friday + 2, '23:59'));
    await sale.getByRole('button', { name: 'Add sale price' }).click();
    await sale.getByText(/^Sale price must be below the selling price ₹/).waitFor();
    await chooseOption(sale.getByLabel('Variant'), '₹57,990.00');
    await sale.getByRole('button', { name: 'Add sale price' }).click();
    await page.getByText('Offer added: Bravia weekend').first().waitFor();

    // Listed: the coupon live with 0 / 50 uses, the sale scheduled for its weekend.
    const couponRow = page.getByTestId('offer-row').filter({ hasText: 'SAVE1000 on phones' });
    await expect.poll(() => couponRow.getByTestId('offer-status').innerText()).toBe('Live');
    expect(await couponRow.innerText()).toContain('0 / 50');
    expect(await couponRow.innerText()).toContain('₹1,000.00 off above ₹20,000.00');
    const saleRow = page.getByTestId('offer-row').filter({ hasText: 'Bravia weekend' });
    expect(await saleRow.getByTestId('offer-status').innerText()).toBe('Scheduled');
    expect(await saleRow.innerText()).toMatch(/Fri \d+ \w+ \d{4}, 00:00 – Sun \d+ \w+ \d{4}, 23:59 IST/);
    expect(await noOverflow(page)).toBe(true);
    await owner.screenshot('offers-admin-list-desktop');

    // Preview: a ₹74,999 phone and ₹9,999 earbuds with save1000: ₹1,000 off the phone's line only.
    const preview = page.getByRole('form', { name: 'Preview a cart' });
    const add = async (search: string, name: RegExp) => {
      await preview.getByLabel('Add a product to the preview').fill(search);
      await preview.getByRole('button', { name }).click();
    };
    await add('Galaxy S24', /^Samsung Galaxy S24 5G \(8GB RAM\)/);
    await add('Buds2 Pro', /^Samsung Galaxy Buds2 Pro/);
    // A product with variants asks which one.
    for (const select of await preview.getByRole('combobox', { name: /^Variant of / }).all()) await select.selectOption({ index: 1 });
    await preview.getByLabel('Coupon code').fill('save1000');
    await preview.getByLabel('PIN (optional)').fill('560001');
    await preview.getByRole('button', { name: 'Preview' }).click();
    const result = page.getByTestId('offer-preview');
    await expect.poll(() => result.getByTestId('preview-coupon').innerText()).toBe('SAVE1000 applied: you save ₹1,000.00');
    const phoneLine = result.getByTestId('preview-line').filter({ hasText: 'Galaxy S24' });
    const budsLine = result.getByTestId('preview-line').filter({ hasText: 'Buds2 Pro' });
    expect(await phoneLine.innerText()).toContain('SAVE1000 on phones: −₹1,000.00');
    expect(await budsLine.innerText()).not.toContain('SAVE1000');
    expect(await result.getByTestId('preview-totals').innerText()).toMatch(/Discounts\s+−₹1,000\.00/);
    await result.scrollIntoViewIfNeeded();
    await owner.screenshot('offers-admin-preview-desktop');

    // The TV now, and on the Saturday of its sale.
    await preview.getByRole('button', { name: 'Remove Samsung Galaxy S24 5G (8GB RAM)' }).click();
    await preview.getByRole('button', { name: 'Remove Samsung Galaxy Buds2 Pro' }).click();
    await add('Bravia X74L', /^Sony Bravia X74L/);
    await chooseOption(preview.getByRole('combobox', { name: /^Variant of / }), '₹57,990.00');
    await preview.getByLabel('Coupon code').fill('');
    await preview.getByRole('button', { name: 'Preview' }).click();
    await expect.poll(() => result.getByTestId('preview-line').first().innerText()).not.toContain('49,990');
    expect(await result.getByTestId('preview-line').first().innerText()).toContain('₹57,990.00');
    await preview.getByLabel('At (IST, empty: now)').fill(istDay(friday + 1, '12:00'));
    await preview.getByRole('button', { name: 'Preview' }).click();
    await expect.poll(() => result.getByTestId('preview-line').first().innerText()).toContain('₹49,990.00');
    expect(await result.getByTestId('preview-line').first().locator('s').innerText()).toBe('₹57,990.00');
    // The two refusals above (the code taken, the price not below every size's) are the only failed requests.
    expect(owner.consoleErrors).toEqual([expect.stringContaining('409 (Conflict)'), expect.stringContaining('400 (Bad Request)')]);
    await owner.close();

    // On a phone: the list as cards and the coupon's form, nothing wider than the screen.
    const phone = await openShopPage(browser, shop, 'phone');
    await phone.page.setViewportSize({ width: 390, height: 844 });
    await signInAsOwner(phone.page);
    await phone.page.goto('/admit-panel/offers');
    const card = phone.page.getByTestId('offer-card').filter({ hasText: 'SAVE1000 on phones' });
    await card.waitFor();
    expect(await card.innerText()).toContain('0 / 50');
    expect(await noOverflow(phone.page)).toBe(true);
    await phone.screenshot('offers-admin-list-phone');
    await card.getByRole('button', { name: 'Edit SAVE1000 on phones' }).click();
    const edit = phone.page.getByRole('form', { name: 'Coupon form' });
    expect(await edit.getByLabel('Code').inputValue()).toBe('SAVE1000');
    expect(await edit.getByLabel('Amount off (₹)').inputValue()).toBe('1000');
    expect(await edit.getByLabel('Minimum cart (₹)').inputValue()).toBe('20000');
    expect(await noOverflow(phone.page)).toBe(true);
    await phone.screenshot('offers-admin-coupon-form-phone');
    expect(phone.consoleErrors).toEqual([]);
    await phone.close();
  }, 180_000);
});

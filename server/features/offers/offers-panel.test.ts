import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { istToInstant } from '../../../shared/offers';
import type { z } from 'zod';
import type { CouponInput, PrepaidDiscountSchema } from '../../../shared/schemas/offers';
import type { ProductOffers } from '../../../shared/schemas/offers-panel';
import type { CartPricing } from '../../../shared/schemas/cart';
import { insertProduct, insertUser, signInAs } from '../../testing/factories';
import { insertOffer, save1000 } from '../../testing/offers';
import { HttpClient, startTestServer, type TestServer } from '../../testing/test-server';
import { saveOffersSettings } from '../settings/settings.service';

/*
 * The product page's offers panel (issue 30), through catalog.offers as a shopper's browser and
 * the server-rendered page ask for it: only what applies to the product now, at the shop's clock,
 * and a kept reply made again at the next offer's start or end.
 */

type PrepaidInput = Omit<z.input<typeof PrepaidDiscountSchema>, 'id'>;

let server: TestServer;
let now = Date.parse(istToInstant('2026-12-05T12:00:00'));

beforeAll(async () => {
  server = await startTestServer({ clock: () => new Date(now) });
});

afterAll(async () => {
  await server.close();
});

const offersFor = async (productId: string) => {
  const reply = await new HttpClient(server.url).trpc<ProductOffers>('query', 'catalog.offers', { productId });
  expect(reply.status).toBe(200);
  return reply.body;
};

describe('the offers panel (catalog.offers)', () => {
  it('shows the coupons whose scope covers the product, its sale end, the prepaid discount, EMI plans its price reaches and live bank offers; validUntil at the next boundary', async () => {
    const db = server.deps.db;
    const owner = await insertUser(db, { role: 'ADMIN' });
    const phone = await insertProduct(db, { productName: 'Panel Phone', category: 'mobiles', price: 7_999_900, sellingPrice: 6_990_000, stock: 5 });
    const charger = await insertProduct(db, { productName: 'Panel Charger', category: 'accessories', price: 199_900, sellingPrice: 149_900, stock: 5 });
    await insertOffer(db, save1000());
    // Excludes the phone by id: never shown on it.
    await insertOffer(db, save1000({ code: 'NOTPHONE', include: { categories: ['mobiles'] }, exclude: { productIds: [phone.id] } }));
    await insertOffer(db, save1000({ code: 'PAUSED', paused: true }));
    await insertOffer(db, save1000({ code: 'USEDUP', totalUses: 2 }), { usesCount: 2 });
    await insertOffer(db, save1000({ code: 'EXPIRED', validTo: istToInstant('2026-12-05T00:00') }));
    const starts = istToInstant('2026-12-05T18:00');
    await insertOffer(db, save1000({ code: 'LATER', validFrom: starts }));
    await insertOffer(db, {
      kind: 'coupon',
      definition: {
        code: 'WELCOME5',
        kind: 'percent',
        percentBp: 500,
        capPaise: 50_000,
        validFrom: '2026-01-01T00:00:00Z',
        validTo: null,
        totalUses: null,
        usesPerShopper: 1,
        firstOrderOnly: true,
      } as Omit<CouponInput, 'id'>,
    });
    const saleEnds = istToInstant('2026-12-07T00:00');
    await insertOffer(db, {
      kind: 'sale-price',
      definition: { productId: phone.id, variantId: null, pricePaise: 6_500_000, from: istToInstant('2026-12-04T00:00'), to: saleEnds },
    });
    await insertOffer(db, { kind: 'prepaid', definition: { kind: 'amount', amountPaise: 10_000, minCartPaise: 500_000, from: '2026-01-01T00:00:00Z', to: null } as PrepaidInput });
    await saveOffersSettings(server.deps, owner.id, {
      plans: [
        { bank: 'HDFC Bank', months: 12, annualRateBp: 1500, minPricePaise: 1_500_000 },
        { bank: 'ICICI Bank', months: 6, annualRateBp: 1400, minPricePaise: 3_000_000 },
        { bank: 'Axis Bank', months: 9, annualRateBp: 1500, minPricePaise: 10_000_000 },
      ],
      bankOffers: [
        { id: 'b1', bank: 'HDFC Bank', text: '10% instant discount on HDFC credit cards, up to ₹1,500', from: '2026-12-01T00:00:00.000Z', to: istToInstant('2026-12-31T00:00') },
        { id: 'b2', bank: 'SBI', text: 'Gone', from: '2026-11-01T00:00:00.000Z', to: '2026-11-30T00:00:00.000Z' },
      ],
    });

    const panel = await offersFor(phone.id);
    const mine = panel.variants[phone.id]!;
    expect(mine.coupons.map((c) => c.code)).toEqual(['SAVE1000', 'WELCOME5']);
    expect(mine.coupons[0]).toEqual({
      code: 'SAVE1000',
      kind: 'amount',
      amountPaise: 100_000,
      percentBp: null,
      capPaise: null,
      minCartPaise: 2_000_000,
      firstOrderOnly: false,
      usesPerShopper: 1,
    });
    expect(mine.coupons[1]).toMatchObject({ code: 'WELCOME5', kind: 'percent', percentBp: 500, capPaise: 50_000, firstOrderOnly: true });
    expect(mine.sale).toEqual({ pricePaise: 6_500_000, endsAt: saleEnds });
    expect(mine.prepaidSavingPaise).toBe(10_000);
    // ₹65,000 (the sale price) reaches HDFC's ₹15,000 and ICICI's ₹30,000, not Axis' ₹1,00,000: ₹65,000 / 6 = ₹10,833.33, / 12 = ₹5,416.66.
    expect(mine.emi.map((e) => [e.bank, e.months, e.monthly])).toEqual([
      ['ICICI Bank', 6, 1_083_333],
      ['HDFC Bank', 12, 541_666],
    ]);
    expect(mine.emi.every((e) => e.interestPaise > 0 && e.interestPaise < 6_500_000)).toBe(true);
    expect(panel.bankOffers).toEqual([{ bank: 'HDFC Bank', text: '10% instant discount on HDFC credit cards, up to ₹1,500', validTo: istToInstant('2026-12-31T00:00') }]);
    // LATER starts before the sale ends: the reply is good until then.
    expect(panel.validUntil).toBe(starts);
    expect(JSON.stringify(panel)).not.toMatch(/usesCount|uses_count|offerId/);

    // The charger is out of SAVE1000's scope (phones only): only the shop-wide coupon, no sale, no EMI plan reaches ₹1,499.
    const chargerPanel = (await offersFor(charger.id)).variants[charger.id]!;
    expect(chargerPanel.coupons.map((c) => c.code)).toEqual(['WELCOME5']);
    expect(chargerPanel.sale).toBeNull();
    expect(chargerPanel.prepaidSavingPaise).toBeNull();
    expect(chargerPanel.emi).toEqual([]);

    // At LATER's start the kept reply is made again: LATER shows, and the next boundary is the sale's end.
    now = Date.parse(starts);
    const later = await offersFor(phone.id);
    expect(later.variants[phone.id]!.coupons.map((c) => c.code)).toEqual(['SAVE1000', 'LATER', 'WELCOME5']);
    expect(later.validUntil).toBe(saleEnds);
    // After the sale: the usual price, so ₹69,900's EMI, and no sale.
    now = Date.parse(saleEnds);
    const after = (await offersFor(phone.id)).variants[phone.id]!;
    expect(after.sale).toBeNull();
    expect(after.emi.find((e) => e.months === 12)?.monthly).toBe(582_500);

    // Pausing a coupon stales the kept reply (on PostgreSQL the notification arrives a moment after the commit).
    await db.updateTable('offers').set({ paused: 1 }).where('code', '=', 'WELCOME5').execute();
    await expect.poll(async () => (await offersFor(phone.id)).variants[phone.id]!.coupons.map((c) => c.code)).toEqual(['SAVE1000', 'LATER']);
  });

  it('an unknown product is refused as not found, never a 500', async () => {
    const reply = await new HttpClient(server.url).trpc('query', 'catalog.offers', { productId: 'nope' });
    expect(reply.status).toBeLessThan(500);
    expect(reply.status).toBeGreaterThanOrEqual(400);
  });
});

describe('/api cart replies during a sale', () => {
  it("the product's sellingPrice is the sale price while it lasts (what /api/checkout charges), the usual price after; the shape kept", async () => {
    now = Date.parse(istToInstant('2026-12-11T12:00:00'));
    const tv = await insertProduct(server.deps.db, { productName: 'Sale TV', category: 'tv', price: 5_999_900, sellingPrice: 4_999_900, stock: 5 });
    const ends = istToInstant('2026-12-14T00:00');
    await insertOffer(server.deps.db, {
      kind: 'sale-price',
      definition: { productId: tv.id, variantId: null, pricePaise: 3_999_900, from: istToInstant('2026-12-11T00:00'), to: ends },
    });
    const { client } = await signInAs(server);
    type ApiLine = { _id: string; quantity: number; productId: Record<string, unknown> & { sellingPrice: number; price: number } };

    const added = await client.post<{ data: ApiLine }>('/api/addtocart', { productId: tv.id });
    expect(added.status).toBe(200);
    expect(added.body.data.productId).toMatchObject({ sellingPrice: 39_999, price: 59_999 });
    expect(added.body.data.productId).not.toHaveProperty('sale');
    expect(added.body.data).not.toHaveProperty('variant');

    const listed = await client.get<{ data: ApiLine[] }>('/api/view-card-product');
    expect(listed.body.data.map((l) => l.productId.sellingPrice)).toEqual([39_999]);
    const updated = await client.post<{ data: ApiLine }>('/api/update-cart-product', { _id: listed.body.data[0]!._id, quantity: 2 });
    expect(updated.body.data).toMatchObject({ quantity: 2, productId: { sellingPrice: 39_999 } });

    // The cart's pricing: cash on delivery ₹79,998, online ₹100 less (the first test's prepaid discount), as checkout charges.
    const priced = await client.trpc<CartPricing>('query', 'cart.pricing');
    expect(priced.body.totals.total).toBe(7_999_800);
    expect(priced.body.prepaid).toEqual({ saving: 10_000, onlineTotal: 7_989_800 });

    now = Date.parse(ends);
    expect((await client.get<{ data: ApiLine[] }>('/api/view-card-product')).body.data.map((l) => l.productId.sellingPrice)).toEqual([49_999]);
  });
});

import { describe, expect, it } from 'vitest';
import { BuyXGetYSchema, CouponSchema, PrepaidDiscountSchema, SalePriceSchema, type CouponInput } from '../schemas/offers';
import { istToInstant } from './time';
import { comboCancellation, NO_OFFERS, priceCart, type AutomaticOffers, type CartLineInput, type PriceCartInput } from './price-cart';
import { refundForUnits, taxLines } from './tax';

// Golden tests for issue 30's rules. Every figure is worked out by hand in the comments beside it
// (paise: ₹24,999 = 2,499,900). GST-inclusive splits at 18 %: CGST = SGST = round(net × 900 / 11,800),
// taxable = net − CGST − SGST (shared/gst.ts); at 5 %: round(net × 250 / 10,500).

const NOW = istToInstant('2026-12-05T12:00'); // Saturday 5 December 2026, noon IST

const phone: CartLineInput = {
  key: 'phone',
  productId: 'p-phone',
  variantId: 'v-phone-128',
  category: 'mobiles',
  brand: 'Voltphone',
  listUnitPrice: 2_499_900,
  quantity: 1,
  gstRateBp: 1800,
};
const charger: CartLineInput = {
  key: 'charger',
  productId: 'p-charger',
  variantId: 'v-charger',
  category: 'accessories',
  brand: 'Voltcharge',
  listUnitPrice: 149_900,
  quantity: 1,
  gstRateBp: 1800,
};
const earbuds: CartLineInput = {
  key: 'earbuds',
  productId: 'p-earbuds',
  variantId: 'v-earbuds',
  category: 'earphones',
  brand: 'Voltsound',
  listUnitPrice: 299_900,
  quantity: 1,
  gstRateBp: 1800,
};

function coupon(input: Partial<CouponInput> & Pick<CouponInput, 'kind'> & Record<string, unknown>) {
  return CouponSchema.parse({
    id: `c-${String(input.code ?? 'x').toLowerCase()}`,
    code: 'X',
    validFrom: '2026-12-01T00:00:00+05:30',
    validTo: null,
    totalUses: null,
    usesPerShopper: null,
    ...input,
  });
}

/** SAVE1000: ₹1,000 off above ₹20,000, phones only, 1 use per shopper, 50 in all. */
const SAVE1000 = coupon({
  code: 'save1000',
  kind: 'amount',
  amountPaise: 100_000,
  minCartPaise: 2_000_000,
  include: { categories: ['Mobiles'] },
  usesPerShopper: 1,
  totalUses: 50,
});

function cart(overrides: Partial<PriceCartInput> & { lines: CartLineInput[] }): PriceCartInput {
  return { now: NOW, offers: NO_OFFERS, couponCode: null, coupon: null, payment: null, delivery: { amount: 0, rateBp: 1800 }, ...overrides };
}

function withCoupon(definition: ReturnType<typeof coupon> | null, typed: string, usage = { totalUsed: 0, usedByShopper: 0 }, shopperPaidOrders = 0) {
  return { couponCode: typed, coupon: { definition, usage, shopperPaidOrders } };
}

const offers = (o: Partial<AutomaticOffers>): AutomaticOffers => ({ ...NO_OFFERS, ...o });
const line = (result: ReturnType<typeof priceCart>, key: string) => result.lines.find((l) => l.key === key)!;

describe('coupons', () => {
  it('SAVE1000 on a phone and a charger: the discount on the phone only, GST after it, totals to the paisa', () => {
    const result = priceCart(cart({ lines: [phone, charger], ...withCoupon(SAVE1000, ' Save1000 '), delivery: { amount: 4_900, rateBp: 1800 } }));
    expect(result.coupon).toEqual({ code: 'SAVE1000', applied: true, saving: 100_000 });
    // The phone alone is in scope: 24,99,900 ≥ 20,00,000, so ₹1,000 comes off it: 2,499,900 − 100,000 = 2,399,900.
    expect(line(result, 'phone')).toMatchObject({ gross: 2_499_900, discount: 100_000, net: 2_399_900, discounts: [{ offerId: 'c-save1000', kind: 'coupon', amount: 100_000 }] });
    expect(line(result, 'charger')).toMatchObject({ gross: 149_900, discount: 0, net: 149_900, discounts: [] });
    expect(result.applied).toEqual([{ offerId: 'c-save1000', kind: 'coupon', code: 'SAVE1000', on: 'lines', amount: 100_000, lines: [{ key: 'phone', amount: 100_000 }] }]);
    // 2,649,800 list − 100,000 + 4,900 delivery = 2,554,700.
    expect(result.totals).toEqual({ listTotal: 2_649_800, saleSavings: 0, discountTotal: 100_000, deliveryAmount: 4_900, total: 2_554_700 });

    const taxed = taxLines(result, true);
    // Phone: 2,399,900 × 900 / 11,800 = 183,043.22 -> CGST = SGST = 183,043; taxable 2,399,900 − 366,086 = 2,033,814.
    // (Taxed before the discount it would have been 2,118,559: the discount lowers the taxable value.)
    expect(taxed.lines[0]).toEqual({
      key: 'phone',
      quantity: 1,
      gross: 2_499_900,
      discount: 100_000,
      net: 2_399_900,
      taxable: 2_033_814,
      cgst: 183_043,
      sgst: 183_043,
      igst: 0,
      rateBp: 1800,
    });
    // Charger: 149,900 × 900 / 11,800 = 11,433.05 -> 11,433 each; taxable 149,900 − 22,866 = 127,034.
    expect(taxed.lines[1]).toEqual({ key: 'charger', quantity: 1, gross: 149_900, discount: 0, net: 149_900, taxable: 127_034, cgst: 11_433, sgst: 11_433, igst: 0, rateBp: 1800 });
    // Delivery ₹49: 4,900 × 900 / 11,800 = 373.73 -> 374 each; taxable 4,900 − 748 = 4,152.
    expect(taxed.delivery).toEqual({ amount: 4_900, taxable: 4_152, cgst: 374, sgst: 374, igst: 0, rateBp: 1800 });
    // 2,033,814 + 127,034 + 4,152 = 2,165,000 taxable; 183,043 + 11,433 + 374 = 194,850 each tax;
    // 2,165,000 + 2 × 194,850 = 2,554,700 = the cart's total.
    expect(taxed.totals).toEqual({ taxable: 2_165_000, cgst: 194_850, sgst: 194_850, igst: 0, total: 2_554_700 });

    // Another state: IGST = round(2,399,900 × 1,800 / 11,800) = round(366,086.44) = 366,086.
    expect(taxLines(result, false).lines[0]).toMatchObject({ taxable: 2_033_814, cgst: 0, sgst: 0, igst: 366_086 });
  });

  it('tells the shopper how much more to add, measured on the eligible lines only', () => {
    // A ₹17,700 phone: 2,000,000 − 1,770,000 = 230,000 short; the charger's ₹1,499 is not a phone and does not count.
    const result = priceCart(cart({ lines: [{ ...phone, listUnitPrice: 1_770_000 }, charger], ...withCoupon(SAVE1000, 'SAVE1000') }));
    expect(result.coupon).toEqual({ code: 'SAVE1000', applied: false, reason: 'min-cart', message: 'Add ₹2,300.00 more to use SAVE1000' });
    expect(result.totals.discountTotal).toBe(0);
    expect(result.applied).toEqual([]);
  });

  it('a percentage coupon stops at its cap, spread over the lines by value', () => {
    const SAVE10 = coupon({ code: 'SAVE10', kind: 'percent', percentBp: 1000, capPaise: 150_000 });
    const result = priceCart(cart({ lines: [phone, charger], ...withCoupon(SAVE10, 'save10') }));
    // 10 % of 2,649,800 = 264,980, capped at 150,000, spread over 2,499,900 and 149,900:
    //   150,000 × 2,499,900 / 2,649,800 = 141,514.454 -> 141,514 (remainder .454)
    //   150,000 × 149,900 / 2,649,800 = 8,485.546 -> 8,485 (remainder .546: it takes the paisa left) -> 8,486
    expect(result.coupon).toEqual({ code: 'SAVE10', applied: true, saving: 150_000 });
    expect(line(result, 'phone')).toMatchObject({ discount: 141_514, net: 2_358_386 });
    expect(line(result, 'charger')).toMatchObject({ discount: 8_486, net: 141_414 });
    expect(result.totals.total).toBe(2_649_800 - 150_000);

    // Under the cap: 10 % of the charger alone = 14,990.
    expect(priceCart(cart({ lines: [charger], ...withCoupon(SAVE10, 'SAVE10') })).coupon).toEqual({ code: 'SAVE10', applied: true, saving: 14_990 });
  });

  it('₹500 off the order across three lines at 5 % and 18 % GST, each taxed after its share', () => {
    const FLAT500 = coupon({ code: 'FLAT500', kind: 'amount', amountPaise: 50_000 });
    const lantern: CartLineInput = { key: 'lantern', productId: 'p-lantern', variantId: null, category: 'solar', brand: null, listUnitPrice: 99_900, quantity: 1, gstRateBp: 500 };
    const cable: CartLineInput = { ...charger, key: 'cable', productId: 'p-cable', variantId: 'v-cable', listUnitPrice: 149_900 };
    const speaker: CartLineInput = { ...charger, key: 'speaker', productId: 'p-speaker', variantId: 'v-speaker', category: 'speakers', listUnitPrice: 249_900 };
    const result = priceCart(cart({ lines: [lantern, cable, speaker], ...withCoupon(FLAT500, 'flat500') }));
    // Shares of 50,000 over 99,900 + 149,900 + 249,900 = 499,700 (allocate.test.ts works it): 9,996, 14,999, 25,005.
    expect(result.applied[0]!.lines).toEqual([
      { key: 'lantern', amount: 9_996 },
      { key: 'cable', amount: 14_999 },
      { key: 'speaker', amount: 25_005 },
    ]);
    const taxed = taxLines(result, true);
    // Lantern at 5 %: net 99,900 − 9,996 = 89,904; 89,904 × 250 / 10,500 = 2,140.57 -> 2,141 each; taxable 89,904 − 4,282 = 85,622.
    expect(taxed.lines[0]).toMatchObject({ net: 89_904, taxable: 85_622, cgst: 2_141, sgst: 2_141, rateBp: 500 });
    // Cable at 18 %: net 149,900 − 14,999 = 134,901; × 900 / 11,800 = 10,289.06 -> 10,289 each; taxable 134,901 − 20,578 = 114,323.
    expect(taxed.lines[1]).toMatchObject({ net: 134_901, taxable: 114_323, cgst: 10_289, sgst: 10_289, rateBp: 1800 });
    // Speaker at 18 %: net 249,900 − 25,005 = 224,895; × 900 / 11,800 = 17,153.01 -> 17,153 each; taxable 224,895 − 34,306 = 190,589.
    expect(taxed.lines[2]).toMatchObject({ net: 224_895, taxable: 190_589, cgst: 17_153, sgst: 17_153, rateBp: 1800 });
    // 499,700 − 50,000 = 449,700 = 85,622 + 114,323 + 190,589 + 2 × (2,141 + 10,289 + 17,153) = 390,534 + 59,166.
    expect(taxed.totals).toEqual({ taxable: 390_534, cgst: 29_583, sgst: 29_583, igst: 0, total: 449_700 });
    expect(result.totals.total).toBe(449_700);
  });

  it('a fixed discount larger than the cart takes only what the eligible lines are worth, never a negative line', () => {
    // Medusa #14934 turned a fixed ₹ discount into 50,000 % off. ₹5,000 off a ₹1,499 charger takes 149,900, leaving 0.
    const FLAT5000 = coupon({ code: 'FLAT5000', kind: 'amount', amountPaise: 500_000, include: { categories: ['accessories'] } });
    const result = priceCart(cart({ lines: [charger, phone], ...withCoupon(FLAT5000, 'FLAT5000'), delivery: { amount: 4_900, rateBp: 1800 } }));
    expect(result.coupon).toEqual({ code: 'FLAT5000', applied: true, saving: 149_900 });
    expect(line(result, 'charger')).toMatchObject({ discount: 149_900, net: 0 });
    expect(line(result, 'phone')).toMatchObject({ discount: 0, net: 2_499_900 });
    // 2,499,900 + 0 + 4,900 delivery.
    expect(result.totals.total).toBe(2_504_800);
    expect(taxLines(result, true).lines[0]).toMatchObject({ net: 0, taxable: 0, cgst: 0, sgst: 0 });
  });

  it('a free-delivery coupon waives the delivery charge, taxed then on ₹0', () => {
    const FREESHIP = coupon({ code: 'FREESHIP', kind: 'free-delivery', minCartPaise: 100_000 });
    const result = priceCart(cart({ lines: [charger], ...withCoupon(FREESHIP, 'freeship'), delivery: { amount: 4_900, rateBp: 1800 } }));
    expect(result.coupon).toEqual({ code: 'FREESHIP', applied: true, saving: 4_900 });
    expect(result.delivery).toEqual({ listAmount: 4_900, amount: 0, free: true, rateBp: 1800 });
    expect(result.applied).toEqual([{ offerId: 'c-freeship', kind: 'coupon', code: 'FREESHIP', on: 'delivery', amount: 4_900, lines: [] }]);
    expect(result.totals).toMatchObject({ discountTotal: 0, deliveryAmount: 0, total: 149_900 });
    expect(taxLines(result, true).delivery).toEqual({ amount: 0, taxable: 0, cgst: 0, sgst: 0, igst: 0, rateBp: 1800 });
  });

  describe('a clear reason when a code does not apply', () => {
    const price = (definition: ReturnType<typeof coupon> | null, typed: string, usage = { totalUsed: 0, usedByShopper: 0 }, paidOrders = 0, now = NOW) =>
      priceCart(cart({ now, lines: [phone, charger], ...withCoupon(definition, typed, usage, paidOrders) }));
    const refused = (result: ReturnType<typeof priceCart>) => {
      // Nothing comes off when a code is refused.
      expect(result.totals.discountTotal).toBe(0);
      expect(result.coupon?.applied).toBe(false);
      return result.coupon;
    };

    it('unknown, paused, not started, expired', () => {
      expect(refused(priceCart(cart({ lines: [phone], couponCode: 'save1000', coupon: null })))).toMatchObject({
        code: 'SAVE1000',
        reason: 'unknown',
        message: 'SAVE1000 is not a valid code',
      });
      expect(refused(price(null, 'nope-2'))).toMatchObject({ code: 'NOPE-2', reason: 'unknown', message: 'NOPE-2 is not a valid code' });
      expect(refused(price({ ...SAVE1000, paused: true }, 'SAVE1000'))).toMatchObject({ reason: 'paused', message: 'SAVE1000 is not available right now' });

      const december = { ...SAVE1000, validFrom: istToInstant('2026-12-04T00:00'), validTo: istToInstant('2026-12-07T00:00') };
      // Thursday 3 December 23:59:59 IST: a second early; the date is India's (it is 18:29:59 UTC).
      expect(refused(price(december, 'SAVE1000', undefined, 0, istToInstant('2026-12-03T23:59:59')))).toMatchObject({
        reason: 'not-started',
        message: 'This code starts on Friday, 4 December',
      });
      expect(price(december, 'SAVE1000', undefined, 0, istToInstant('2026-12-04T00:00')).coupon).toMatchObject({ applied: true });
      expect(price(december, 'SAVE1000', undefined, 0, istToInstant('2026-12-06T23:59:59')).coupon).toMatchObject({ applied: true });
      expect(refused(price(december, 'SAVE1000', undefined, 0, istToInstant('2026-12-07T00:00')))).toMatchObject({ reason: 'expired', message: 'This code has expired' });
      // Starting in another year, the year is said.
      const nextYear = { ...SAVE1000, validFrom: istToInstant('2027-01-04T00:00') };
      expect(refused(price(nextYear, 'SAVE1000'))).toMatchObject({ message: 'This code starts on Monday, 4 January 2027' });
    });

    it('used up, already used by this shopper, first order only', () => {
      expect(refused(price(SAVE1000, 'SAVE1000', { totalUsed: 50, usedByShopper: 0 }))).toMatchObject({ reason: 'used-up', message: 'SAVE1000 has been used up' });
      expect(price(SAVE1000, 'SAVE1000', { totalUsed: 49, usedByShopper: 0 }).coupon).toMatchObject({ applied: true });
      expect(refused(price(SAVE1000, 'SAVE1000', { totalUsed: 3, usedByShopper: 1 }))).toMatchObject({ reason: 'already-used', message: 'You have already used SAVE1000' });
      const WELCOME = coupon({ code: 'WELCOME', kind: 'percent', percentBp: 500, capPaise: null, firstOrderOnly: true });
      expect(refused(price(WELCOME, 'welcome', undefined, 1))).toMatchObject({ reason: 'first-order-only', message: 'WELCOME is only for your first order' });
      // 5 % of 2,649,800 = 132,490.
      expect(price(WELCOME, 'welcome', undefined, 0).coupon).toEqual({ code: 'WELCOME', applied: true, saving: 132_490 });
    });

    it('nothing in the cart it applies to: out of its scope, or excluded', () => {
      const TVS = coupon({ code: 'TV2000', kind: 'amount', amountPaise: 200_000, include: { categories: ['televisions'] } });
      expect(refused(price(TVS, 'TV2000'))).toMatchObject({ reason: 'not-applicable', message: 'TV2000 doesn’t apply to anything in your cart' });
      // Everything but the brand Voltphone (any case): only the charger is left, 10 % of 149,900 = 14,990.
      const NOTVOLT = coupon({ code: 'NOTVOLT', kind: 'percent', percentBp: 1000, capPaise: null, exclude: { brands: ['VOLTPHONE'] } });
      const result = price(NOTVOLT, 'NOTVOLT');
      expect(line(result, 'phone').discount).toBe(0);
      expect(line(result, 'charger').discount).toBe(14_990);
      expect(refused(priceCart(cart({ lines: [phone], ...withCoupon(NOTVOLT, 'NOTVOLT') })))).toMatchObject({ reason: 'not-applicable' });
    });
  });
});

describe('sale prices', () => {
  // A weekend sale on one TV: Friday 4 December 00:00 IST to the end of Sunday (Monday 00:00 IST, excluded).
  const tv: CartLineInput = {
    key: 'tv',
    productId: 'p-tv',
    variantId: 'v-tv-55',
    category: 'televisions',
    brand: 'Voltvision',
    listUnitPrice: 4_499_900,
    quantity: 1,
    gstRateBp: 1800,
  };
  const sale = SalePriceSchema.parse({
    id: 's-weekend',
    productId: 'p-tv',
    variantId: 'v-tv-55',
    pricePaise: 3_999_900,
    from: '2026-12-04T00:00:00+05:30',
    to: '2026-12-07T00:00:00+05:30',
  });
  const at = (local: string) => priceCart(cart({ now: istToInstant(local), lines: [tv], offers: offers({ salePrices: [sale] }) }));

  it('applies at Sunday 23:59:59 IST and not at Monday 00:00:00; from Friday 00:00:00, not a second before', () => {
    expect(sale.to).toBe('2026-12-06T18:30:00.000Z');
    expect(line(at('2026-12-06T23:59:59'), 'tv')).toMatchObject({
      listUnitPrice: 4_499_900,
      unitPrice: 3_999_900,
      saleOfferId: 's-weekend',
      saleEndsAt: '2026-12-06T18:30:00.000Z',
      gross: 3_999_900,
      net: 3_999_900,
    });
    expect(priceCart(cart({ now: '2026-12-06T18:29:59.999Z', lines: [tv], offers: offers({ salePrices: [sale] }) })).lines[0]!.unitPrice).toBe(3_999_900);
    expect(line(at('2026-12-07T00:00:00'), 'tv')).toMatchObject({ unitPrice: 4_499_900, saleOfferId: null, saleEndsAt: null, gross: 4_499_900 });
    expect(line(at('2026-12-04T00:00:00'), 'tv').unitPrice).toBe(3_999_900);
    expect(line(at('2026-12-03T23:59:59'), 'tv').unitPrice).toBe(4_499_900);
    // 4,499,900 − 3,999,900 = 500,000 saved; a sale is the price, not a discount.
    expect(at('2026-12-05T10:00').totals).toEqual({ listTotal: 4_499_900, saleSavings: 500_000, discountTotal: 0, deliveryAmount: 0, total: 3_999_900 });
  });

  it('matches the variant, or every variant of a product; the lowest live price wins; never raises a price', () => {
    const otherVariant = { ...tv, key: 'tv-65', variantId: 'v-tv-65' };
    const productWide = SalePriceSchema.parse({ ...sale, id: 's-all', variantId: null, pricePaise: 4_199_900 });
    const dearer = SalePriceSchema.parse({ ...sale, id: 's-dearer', pricePaise: 4_999_900 });
    const result = priceCart(cart({ lines: [tv, otherVariant], offers: offers({ salePrices: [dearer, productWide, sale] }) }));
    expect(line(result, 'tv')).toMatchObject({ unitPrice: 3_999_900, saleOfferId: 's-weekend' });
    expect(line(result, 'tv-65')).toMatchObject({ unitPrice: 4_199_900, saleOfferId: 's-all' });
    expect(line(priceCart(cart({ lines: [tv], offers: offers({ salePrices: [dearer] }) })), 'tv')).toMatchObject({ unitPrice: 4_499_900, saleOfferId: null });
  });

  it('a coupon applies on the sale price, and a non-combinable one still takes a sale-priced line', () => {
    const NOCOMBO = coupon({ code: 'NOCOMBO', kind: 'percent', percentBp: 1000, capPaise: null, combinable: false });
    const result = priceCart(cart({ now: istToInstant('2026-12-05T10:00'), lines: [tv], offers: offers({ salePrices: [sale] }), ...withCoupon(NOCOMBO, 'NOCOMBO') }));
    // 10 % of the sale price 3,999,900 = 399,990.
    expect(line(result, 'tv')).toMatchObject({ gross: 3_999_900, discount: 399_990, net: 3_599_910 });
  });
});

describe('buy X get Y', () => {
  const window = { from: '2026-12-01T00:00:00+05:30', to: null };
  const phoneEarbuds = BuyXGetYSchema.parse({
    id: 'b-earbuds',
    name: 'Earbuds free with a Voltphone',
    buy: { scope: { categories: ['mobiles'] }, quantity: 1 },
    get: { scope: { productIds: ['p-earbuds'] }, quantity: 1 },
    limitPerOrder: 1,
    cancelRule: 'cancel-combo',
    ...window,
  });

  it('buy a phone, get earbuds free: the earbuds line is ₹0 and taxed on ₹0', () => {
    const result = priceCart(cart({ lines: [phone, earbuds], offers: offers({ buyXGetY: [phoneEarbuds] }) }));
    expect(line(result, 'earbuds')).toMatchObject({ gross: 299_900, discount: 299_900, net: 0, discounts: [{ offerId: 'b-earbuds', kind: 'buy-x-get-y', amount: 299_900 }] });
    expect(line(result, 'phone')).toMatchObject({ discount: 0, net: 2_499_900 });
    expect(result.applied).toEqual([
      {
        offerId: 'b-earbuds',
        kind: 'buy-x-get-y',
        on: 'lines',
        amount: 299_900,
        lines: [{ key: 'earbuds', amount: 299_900 }],
        combo: { applications: 1, cancelRule: 'cancel-combo', buy: [{ key: 'phone', units: 1 }], get: [{ key: 'earbuds', units: 1 }] },
      },
    ]);
    const taxed = taxLines(result, true);
    expect(taxed.lines[1]).toEqual({ key: 'earbuds', quantity: 1, gross: 299_900, discount: 299_900, net: 0, taxable: 0, cgst: 0, sgst: 0, igst: 0, rateBp: 1800 });
    expect(taxed.totals.total).toBe(2_499_900);
    // Without a phone nothing is free; two earbuds with one phone: one free (limit 1).
    expect(priceCart(cart({ lines: [earbuds], offers: offers({ buyXGetY: [phoneEarbuds] }) })).totals.discountTotal).toBe(0);
    expect(line(priceCart(cart({ lines: [phone, { ...earbuds, quantity: 2 }], offers: offers({ buyXGetY: [phoneEarbuds] }) })), 'earbuds')).toMatchObject({
      gross: 599_800,
      discount: 299_900,
      net: 299_900,
    });
    // Cancelling the phone alone cancels the combo (the owner's rule here); cancelling the free earbuds alone is fine.
    expect(comboCancellation(result.applied, ['phone'])).toEqual({ allowed: true, keys: ['phone', 'earbuds'] });
    expect(comboCancellation(result.applied, ['earbuds'])).toEqual({ allowed: true, keys: ['earbuds'] });
    const refusing = priceCart(cart({ lines: [phone, earbuds], offers: offers({ buyXGetY: [{ ...phoneEarbuds, cancelRule: 'refuse' }] }) }));
    expect(comboCancellation(refusing.applied, ['phone'])).toMatchObject({ allowed: false, offerId: 'b-earbuds' });
    expect(comboCancellation(refusing.applied, ['phone', 'earbuds'])).toEqual({ allowed: true, keys: ['phone', 'earbuds'] });
    // Out of its window, nothing.
    const ended = { ...phoneEarbuds, to: '2026-12-05T06:30:00.000Z' };
    expect(priceCart(cart({ lines: [phone, earbuds], offers: offers({ buyXGetY: [ended] }) })).totals.discountTotal).toBe(0);
  });

  const buy2get1 = (limitPerOrder: number, percentOffBp = 10_000) =>
    BuyXGetYSchema.parse({
      id: 'b-2for1',
      name: 'Buy 2 earphones, get 1 free',
      buy: { scope: { categories: ['earphones'] }, quantity: 2 },
      get: { scope: { categories: ['earphones'] }, quantity: 1, percentOffBp },
      limitPerOrder,
      cancelRule: 'refuse',
      ...window,
    });
  const dear: CartLineInput = { ...earbuds, key: 'dear', productId: 'p-dear', variantId: 'v-dear', listUnitPrice: 299_900 };
  const middle: CartLineInput = { ...earbuds, key: 'middle', productId: 'p-middle', variantId: 'v-middle', listUnitPrice: 199_900 };
  const cheap: CartLineInput = { ...earbuds, key: 'cheap', productId: 'p-cheap', variantId: 'v-cheap', listUnitPrice: 99_900 };

  it('buy 2 get 1 free in one category: the cheapest is the free one', () => {
    const result = priceCart(cart({ lines: [dear, cheap, middle], offers: offers({ buyXGetY: [buy2get1(1)] }) }));
    // ₹2,999 + ₹999 + ₹1,999: the ₹999 one is free.
    expect(result.lines.map((l) => l.discount)).toEqual([0, 99_900, 0]);
    expect(result.applied[0]!.combo).toEqual({
      applications: 1,
      cancelRule: 'refuse',
      buy: [
        { key: 'dear', units: 1 },
        { key: 'middle', units: 1 },
      ],
      get: [{ key: 'cheap', units: 1 }],
    });
    // Two units only: no application (a unit is never both bought and free).
    expect(priceCart(cart({ lines: [{ ...dear, quantity: 2 }], offers: offers({ buyXGetY: [buy2get1(1)] }) })).totals.discountTotal).toBe(0);
    // At 50 % off instead of free: 50 % of 99,900 = 49,950.
    expect(priceCart(cart({ lines: [dear, cheap, middle], offers: offers({ buyXGetY: [buy2get1(1, 5_000)] }) })).lines[1]!.discount).toBe(49_950);
  });

  it('repeats per multiple up to the limit', () => {
    const lines = [
      { ...dear, quantity: 5 },
      { ...cheap, quantity: 4 },
    ];
    // 9 units hold 3 sets of 3, but the limit is 2: the 2 cheapest units are free, 2 × 99,900 = 199,800; 4 dear units are bought.
    const limited = priceCart(cart({ lines, offers: offers({ buyXGetY: [buy2get1(2)] }) }));
    expect(line(limited, 'cheap')).toMatchObject({ gross: 399_600, discount: 199_800, net: 199_800 });
    expect(line(limited, 'dear').discount).toBe(0);
    expect(limited.applied[0]!.combo).toMatchObject({ applications: 2, buy: [{ key: 'dear', units: 4 }], get: [{ key: 'cheap', units: 2 }] });
    // A limit of 5: 3 sets. 3 cheap units free (299,700); the 6 bought are the 5 dear and the 4th cheap one.
    const three = priceCart(cart({ lines, offers: offers({ buyXGetY: [buy2get1(5)] }) }));
    expect(line(three, 'cheap')).toMatchObject({ discount: 299_700, net: 99_900 });
    expect(three.applied[0]!.combo).toMatchObject({
      applications: 3,
      buy: [
        { key: 'dear', units: 5 },
        { key: 'cheap', units: 1 },
      ],
      get: [{ key: 'cheap', units: 3 }],
    });
  });

  it('when the scopes overlap, the free units leave enough to be bought', () => {
    // Buy a phone, get any item (the phones included) at 100 % off, the cheapest free. Phone ₹24,999 + charger ₹1,499:
    // the charger is free. Two phones alone: one is bought, one free.
    const anyFree = BuyXGetYSchema.parse({
      id: 'b-any',
      name: 'Any item free with a phone',
      buy: { scope: { categories: ['mobiles'] }, quantity: 1 },
      get: { scope: {}, quantity: 1 },
      limitPerOrder: 3,
      cancelRule: 'refuse',
      ...window,
    });
    expect(priceCart(cart({ lines: [phone, charger], offers: offers({ buyXGetY: [anyFree] }) })).lines.map((l) => l.discount)).toEqual([0, 149_900]);
    expect(priceCart(cart({ lines: [phone], offers: offers({ buyXGetY: [anyFree] }) })).totals.discountTotal).toBe(0);
    const twoPhones = priceCart(cart({ lines: [{ ...phone, quantity: 2 }], offers: offers({ buyXGetY: [anyFree] }) }));
    expect(twoPhones.lines[0]).toMatchObject({ discount: 2_499_900, net: 2_499_900 });
    // Phone ×1 and charger ×3: get units cheapest first; the only phone must be bought, so only 1 application (1 buy unit).
    expect(priceCart(cart({ lines: [phone, { ...charger, quantity: 3 }], offers: offers({ buyXGetY: [anyFree] }) })).lines[1]!.discount).toBe(149_900);
  });

  it('a non-combinable coupon skips the lines a combo discounts, and says so when nothing else is left', () => {
    const EAR10 = coupon({ code: 'EAR10', kind: 'percent', percentBp: 1000, capPaise: null, include: { categories: ['earphones'] }, combinable: false });
    const refused = priceCart(cart({ lines: [phone, earbuds], offers: offers({ buyXGetY: [phoneEarbuds] }), ...withCoupon(EAR10, 'EAR10') }));
    expect(refused.coupon).toEqual({ code: 'EAR10', applied: false, reason: 'not-combinable', message: 'EAR10 can’t be combined with other offers on these items' });
    const ALL10 = { ...EAR10, code: 'ALL10', include: { categories: [], brands: [], productIds: [], variantIds: [] } };
    const skipped = priceCart(cart({ lines: [phone, earbuds], offers: offers({ buyXGetY: [phoneEarbuds] }), ...withCoupon(ALL10, 'ALL10') }));
    // Only the phone: 10 % of 2,499,900 = 249,990; the earbuds stay free and nothing more.
    expect(skipped.coupon).toEqual({ code: 'ALL10', applied: true, saving: 249_990 });
    expect(line(skipped, 'earbuds').discounts.map((d) => d.kind)).toEqual(['buy-x-get-y']);
    // A combinable one takes what the earbuds line has left (₹0) and the phone: also 249,990, but across both lines' value.
    const combined = priceCart(
      cart({ lines: [phone, { ...earbuds, quantity: 2 }], offers: offers({ buyXGetY: [phoneEarbuds] }), ...withCoupon({ ...ALL10, combinable: true }, 'ALL10') }),
    );
    // 10 % of (2,499,900 + 299,900 left on the earbuds line) = 279,980.
    expect(combined.coupon).toEqual({ code: 'ALL10', applied: true, saving: 279_980 });
  });
});

describe('prepaid discount', () => {
  const PREPAID = PrepaidDiscountSchema.parse({ id: 'pp-100', kind: 'amount', amountPaise: 10_000, minCartPaise: 50_000, from: '2026-12-01T00:00:00+05:30', to: null });

  it('₹100 off when paying online, spread over the lines; nothing on cash on delivery', () => {
    const online = priceCart(cart({ lines: [phone, charger], offers: offers({ prepaid: [PREPAID] }), payment: 'online' }));
    // 10,000 × 2,499,900 / 2,649,800 = 9,434.30 -> 9,434; 10,000 × 149,900 / 2,649,800 = 565.70 -> 565 + the paisa left = 566.
    expect(online.applied).toEqual([
      {
        offerId: 'pp-100',
        kind: 'prepaid',
        on: 'lines',
        amount: 10_000,
        lines: [
          { key: 'phone', amount: 9_434 },
          { key: 'charger', amount: 566 },
        ],
      },
    ]);
    expect(online.prepaid).toEqual({ offerId: 'pp-100', saving: 10_000, applied: true });
    expect(online.totals.total).toBe(2_639_800);

    const cod = priceCart(cart({ lines: [phone, charger], offers: offers({ prepaid: [PREPAID] }), payment: 'cod' }));
    expect(cod.totals.discountTotal).toBe(0);
    // Still said, so checkout can offer it: "Save ₹100 by paying online".
    expect(cod.prepaid).toEqual({ offerId: 'pp-100', saving: 10_000, applied: false });
    // Below its minimum (₹499 < ₹500): none.
    expect(priceCart(cart({ lines: [{ ...charger, listUnitPrice: 49_900 }], offers: offers({ prepaid: [PREPAID] }), payment: 'online' })).prepaid).toBeNull();
  });

  it('comes last: after the coupon, on what is left; a percentage stops at its cap; the better of two applies', () => {
    const pct = PrepaidDiscountSchema.parse({ id: 'pp-5pc', kind: 'percent', percentBp: 500, capPaise: 20_000, from: '2026-12-01T00:00:00+05:30', to: null });
    const result = priceCart(cart({ lines: [phone, charger], offers: offers({ prepaid: [PREPAID, pct] }), payment: 'online', ...withCoupon(SAVE1000, 'SAVE1000') }));
    // After SAVE1000 the goods are 2,549,800; 5 % = 127,490, capped at 20,000 > ₹100: the 5 % offer applies, 20,000.
    expect(result.applied.map((a) => [a.kind, a.amount])).toEqual([
      ['coupon', 100_000],
      ['prepaid', 20_000],
    ]);
    // Spread by the value after the coupon: 20,000 × 2,399,900 / 2,549,800 = 18,824.22 -> 18,824; charger 1,175.78 -> 1,176.
    expect(result.applied[1]!.lines).toEqual([
      { key: 'phone', amount: 18_824 },
      { key: 'charger', amount: 1_176 },
    ]);
    expect(line(result, 'phone')).toMatchObject({ discount: 118_824, net: 2_381_076 });
    expect(result.totals.total).toBe(2_649_800 - 100_000 - 20_000);
  });
});

describe('refundForUnits: a partial return after a discount', () => {
  it('reverses exactly what the returned units were charged, and all returns add up to the line', () => {
    const FLAT500 = coupon({ code: 'FLAT500', kind: 'amount', amountPaise: 50_000 });
    const result = priceCart(cart({ lines: [{ ...charger, quantity: 3 }], ...withCoupon(FLAT500, 'FLAT500') }));
    const taxed = taxLines(result, true).lines[0]!;
    // 3 × 149,900 = 449,700 − 50,000 = 399,700; 399,700 × 900 / 11,800 = 30,485.59 -> 30,486 each; taxable 399,700 − 60,972 = 338,728.
    expect(taxed).toMatchObject({ quantity: 3, net: 399_700, taxable: 338_728, cgst: 30_486, sgst: 30_486 });
    // Per unit: 399,700 / 3 = 133,233.33 -> 133,234 (the odd paisa to the first unit), 133,233, 133,233.
    // CGST over those: 30,486 × 133,234 / 399,700 = 10,162.05 -> 10,162; 10,161.97 -> 10,162 twice (the 2 paise left).
    const first = refundForUnits(taxed, 1);
    // One unit back: 133,234, CGST 10,162, SGST 10,162, taxable 133,234 − 20,324 = 112,910
    // (not ₹1,499: the shopper paid 133,234 for it after the discount).
    expect(first).toEqual({ units: 1, amount: 133_234, taxable: 112_910, cgst: 10_162, sgst: 10_162, igst: 0 });
    const rest = refundForUnits(taxed, 2, 1);
    // The other two: 266,466, CGST 20,324 each, taxable 266,466 − 40,648 = 225,818.
    expect(rest).toEqual({ units: 2, amount: 266_466, taxable: 225_818, cgst: 20_324, sgst: 20_324, igst: 0 });
    // Together: 399,700, 338,728 taxable, 30,486 each tax: the line's exactly.
    expect(first.amount + rest.amount).toBe(taxed.net);
    expect(first.taxable + rest.taxable).toBe(taxed.taxable);
    expect(first.cgst + rest.cgst).toBe(taxed.cgst);
    expect(refundForUnits(taxed, 3)).toEqual({ units: 3, amount: 399_700, taxable: 338_728, cgst: 30_486, sgst: 30_486, igst: 0 });
    expect(() => refundForUnits(taxed, 3, 1)).toThrow(RangeError);
    expect(() => refundForUnits(taxed, 0)).toThrow(RangeError);
    expect(() => refundForUnits(taxed, 1.5)).toThrow(RangeError);
  });

  it('a free unit refunds ₹0 and its tax ₹0', () => {
    const bx = BuyXGetYSchema.parse({
      id: 'b',
      name: 'Earbuds free',
      buy: { scope: { categories: ['mobiles'] }, quantity: 1 },
      get: { scope: { productIds: ['p-earbuds'] }, quantity: 1 },
      limitPerOrder: 1,
      cancelRule: 'refuse',
      from: '2026-12-01T00:00:00Z',
      to: null,
    });
    const taxed = taxLines(priceCart(cart({ lines: [phone, earbuds], offers: offers({ buyXGetY: [bx] }) })), false);
    expect(refundForUnits(taxed.lines[1]!, 1)).toEqual({ units: 1, amount: 0, taxable: 0, cgst: 0, sgst: 0, igst: 0 });
  });
});

describe('input the engine refuses', () => {
  it('throws a RangeError on money that is not whole paise and other impossible input', () => {
    expect(() => priceCart(cart({ lines: [{ ...phone, listUnitPrice: 2_499_900.5 }] }))).toThrow(RangeError);
    expect(() => priceCart(cart({ lines: [{ ...phone, listUnitPrice: -1 }] }))).toThrow(RangeError);
    expect(() => priceCart(cart({ lines: [{ ...phone, quantity: 0 }] }))).toThrow(RangeError);
    expect(() => priceCart(cart({ lines: [{ ...phone, quantity: 1.5 }] }))).toThrow(RangeError);
    expect(() => priceCart(cart({ lines: [{ ...phone, gstRateBp: 18.5 }] }))).toThrow(RangeError);
    expect(() => priceCart(cart({ lines: [phone, phone] }))).toThrow(/twice/);
    expect(() => priceCart(cart({ lines: [phone], delivery: { amount: 49.5, rateBp: 1800 } }))).toThrow(RangeError);
    expect(() => priceCart(cart({ lines: [phone], now: 'tomorrow' }))).toThrow(RangeError);
    expect(() => priceCart(cart({ lines: [phone], ...withCoupon(SAVE1000, 'SAVE1000', { totalUsed: 0.5, usedByShopper: 0 }) }))).toThrow(RangeError);
  });
});

describe('on random carts', () => {
  it('no line goes below 0, every line discount is whole and within the line, and the tax adds up to the total', () => {
    let seed = 14_934;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
    const categories = ['mobiles', 'earphones', 'accessories'];
    const bx = BuyXGetYSchema.parse({
      id: 'b',
      name: 'b2g1',
      buy: { scope: { categories: ['earphones'] }, quantity: 2 },
      get: { scope: { categories: ['earphones', 'accessories'] }, quantity: 1, percentOffBp: 7_500 },
      limitPerOrder: 2,
      cancelRule: 'refuse',
      from: '2026-12-01T00:00:00Z',
      to: null,
    });
    const coupons = [
      SAVE1000,
      coupon({ code: 'BIG', kind: 'amount', amountPaise: 10_000_000 }),
      coupon({ code: 'PCT', kind: 'percent', percentBp: 3_333, capPaise: 77_777, combinable: false }),
      coupon({ code: 'SHIP', kind: 'free-delivery' }),
    ];
    const prepaid = PrepaidDiscountSchema.parse({ id: 'pp', kind: 'percent', percentBp: 250, capPaise: null, from: '2026-12-01T00:00:00Z', to: null });
    for (let run = 0; run < 400; run++) {
      const lines = Array.from({ length: 1 + Math.floor(next() * 5) }, (_, i) => ({
        key: `l${i}`,
        productId: `p${i}`,
        variantId: `v${i}`,
        category: pick(categories),
        brand: null,
        listUnitPrice: 1 + Math.floor(next() * 5_000_000),
        quantity: 1 + Math.floor(next() * 4),
        gstRateBp: pick([0, 500, 1200, 1800, 2800]),
      }));
      const chosen = pick(coupons);
      const result = priceCart(
        cart({
          lines,
          offers: offers({ buyXGetY: [bx], prepaid: [prepaid] }),
          ...withCoupon(chosen, chosen.code),
          payment: pick(['online', 'cod', null] as const),
          delivery: { amount: Math.floor(next() * 10_000), rateBp: 1800 },
        }),
      );
      for (const l of result.lines) {
        expect(l.net).toBeGreaterThanOrEqual(0);
        expect(l.discount).toBe(l.discounts.reduce((a, d) => a + d.amount, 0));
        expect(l.net).toBe(l.gross - l.discount);
        for (const d of l.discounts) expect(Number.isInteger(d.amount) && d.amount > 0).toBe(true);
      }
      for (const a of result.applied) if (a.on === 'lines') expect(a.lines.reduce((s, x) => s + x.amount, 0)).toBe(a.amount);
      expect(result.totals.total).toBe(result.lines.reduce((a, l) => a + l.net, 0) + result.delivery.amount);
      const taxed = taxLines(result, next() < 0.5);
      expect(taxed.totals.total).toBe(result.totals.total);
      // Returned in random batches, a line's units reverse exactly its net, taxable value and taxes.
      for (const l of taxed.lines) {
        const back = { amount: 0, taxable: 0, cgst: 0, sgst: 0, igst: 0 };
        for (let done = 0; done < l.quantity;) {
          const units = 1 + Math.floor(next() * (l.quantity - done));
          const refund = refundForUnits(l, units, done);
          expect(refund.taxable).toBeGreaterThanOrEqual(0);
          (['amount', 'taxable', 'cgst', 'sgst', 'igst'] as const).forEach((k) => (back[k] += refund[k]));
          done += units;
        }
        expect(back).toEqual({ amount: l.net, taxable: l.taxable, cgst: l.cgst, sgst: l.sgst, igst: l.igst });
      }
    }
  });
});

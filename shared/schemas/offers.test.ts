import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BuyXGetYSchema, CouponSchema, EmiPlanSchema, SalePriceSchema } from './offers';

const fieldErrors = (result: { success: boolean; error?: z.ZodError }) => (result.error ? z.flattenError(result.error).fieldErrors : {});

const save1000 = {
  id: 'c-1',
  code: ' save1000 ',
  kind: 'amount',
  amountPaise: 100_000,
  minCartPaise: 2_000_000,
  validFrom: '2026-12-04T00:00:00+05:30',
  validTo: '2026-12-07T00:00:00+05:30',
  totalUses: 50,
  usesPerShopper: 1,
  include: { categories: ['mobiles'] },
};

describe('offer schemas', () => {
  it('a coupon: the code kept upper-case, times as UTC instants, scopes and flags defaulted', () => {
    expect(CouponSchema.parse(save1000)).toEqual({
      ...save1000,
      code: 'SAVE1000',
      validFrom: '2026-12-03T18:30:00.000Z',
      validTo: '2026-12-06T18:30:00.000Z',
      include: { categories: ['mobiles'], brands: [], productIds: [], variantIds: [] },
      exclude: { categories: [], brands: [], productIds: [], variantIds: [] },
      firstOrderOnly: false,
      combinable: true,
      paused: false,
    });
  });

  it('names the field of each mistake', () => {
    expect(fieldErrors(CouponSchema.safeParse({ ...save1000, code: 'SAVE 1000' }))).toEqual({ code: ['code may hold only letters, digits, - and _'] });
    expect(fieldErrors(CouponSchema.safeParse({ ...save1000, code: 'AB' }))).toEqual({ code: ['code must be at least 3 characters'] });
    expect(fieldErrors(CouponSchema.safeParse({ ...save1000, amountPaise: 99.5 }))).toEqual({ amountPaise: ['amountPaise must be whole paise'] });
    expect(fieldErrors(CouponSchema.safeParse({ ...save1000, validTo: '2026-12-04T00:00:00+05:30' }))).toEqual({ validTo: ['validTo must be after validFrom'] });
    expect(fieldErrors(CouponSchema.safeParse({ ...save1000, validFrom: '2026-12-04' }))).toHaveProperty('validFrom');
    expect(fieldErrors(CouponSchema.safeParse({ ...save1000, kind: 'percent', percentBp: 12_000, capPaise: null }))).toHaveProperty('percentBp');
    expect(CouponSchema.safeParse({ ...save1000, kind: 'bogus' }).success).toBe(false);
    expect(
      fieldErrors(SalePriceSchema.safeParse({ id: 's', productId: 'p', variantId: null, pricePaise: 0, from: '2026-12-04T00:00:00Z', to: '2026-12-05T00:00:00Z' })),
    ).toHaveProperty('pricePaise');
    expect(fieldErrors(EmiPlanSchema.safeParse({ bank: 'HDFC', months: 7, annualRateBp: 1500 }))).toEqual({ months: ['months must be 3, 6, 9 or 12'] });
    expect(
      BuyXGetYSchema.safeParse({
        id: 'b',
        name: 'Free\u202Eearbuds',
        buy: { scope: {}, quantity: 1 },
        get: { scope: {}, quantity: 1 },
        limitPerOrder: 1,
        cancelRule: 'refuse',
        from: '2026-12-04T00:00:00Z',
        to: null,
      }).success,
    ).toBe(false);
  });
});

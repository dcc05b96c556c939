import { describe, expect, it } from 'vitest';
import type { AdminOffer } from '../../../../shared/schemas/offers-admin';
import { blankOfferValues, errorsByField, instantToIstLocal, offerToValues, toOfferInput, untilToInstant, windowLabel, type OfferFormValues } from './offer-form';
import { ratePercentToBp, toEmiTable } from './emi-settings-section';

const coupon = (patch: Partial<OfferFormValues> = {}): OfferFormValues => ({
  ...blankOfferValues('coupon', new Date('2026-12-01T06:30:00Z')),
  name: 'SAVE1000 on phones',
  code: 'save1000',
  amount: '1000',
  minCart: '20,000',
  totalUses: '50',
  perShopper: '1',
  include: { categories: ['mobiles'], brands: '', products: [] },
  ...patch,
});

describe('the offer form', () => {
  it('sends a coupon in exact paise, its start in IST with +05:30', () => {
    const { input, errors } = toOfferInput(coupon({ from: '2026-12-01T00:00' }));
    expect(errors).toEqual({});
    expect(input).toEqual({
      kind: 'coupon',
      name: 'SAVE1000 on phones',
      definition: expect.objectContaining({
        kind: 'amount',
        code: 'save1000',
        amountPaise: 100_000,
        minCartPaise: 2_000_000,
        validFrom: '2026-12-01T00:00:00+05:30',
        validTo: null,
        totalUses: 50,
        usesPerShopper: 1,
        include: { categories: ['mobiles'], brands: [], productIds: [], variantIds: [] },
      }),
    });
    // Float noise never reaches the server: ₹19.99 is 1,999 paise, ₹0.29 is 29.
    expect(toOfferInput(coupon({ amount: '19.99' })).input?.definition).toMatchObject({ amountPaise: 1_999 });
    expect(toOfferInput(coupon({ couponKind: 'percent', percent: '7.5', cap: '0.29' })).input?.definition).toMatchObject({ percentBp: 750, capPaise: 29 });
  });

  it('words each wrong box beside it', () => {
    expect(toOfferInput(coupon({ amount: '10.555' })).errors).toEqual({ amount: 'Amount off must have at most 2 decimals' });
    expect(toOfferInput(coupon({ amount: 'ten' })).errors).toEqual({ amount: 'Amount off must be an amount in rupees, like 1000 or 999.50' });
    expect(toOfferInput(coupon({ amount: '' })).errors).toEqual({ amount: 'Amount off is required' });
    expect(toOfferInput(coupon({ amount: '0' })).errors).toEqual({ amount: 'Amount off must be more than ₹0' });
    expect(toOfferInput(coupon({ couponKind: 'percent', percent: '120' })).errors).toEqual({ percent: 'Percent off must be more than 0 and at most 100' });
    expect(toOfferInput(coupon({ totalUses: '2.5' })).errors).toEqual({ totalUses: 'Uses in all must be a whole number' });
    expect(toOfferInput(coupon({ code: 'S!' })).errors).toEqual({ code: 'Code must be at least 3 characters' });
    expect(toOfferInput(coupon({ name: '' })).errors).toEqual({ name: 'Name is required' });
    expect(toOfferInput(coupon({ from: '2026-12-05T00:00', until: '2026-12-04T23:59' })).errors).toEqual({ until: 'Ends (IST, last minute included) must be after validFrom' });
  });

  it('ends a sale at the minute after the last one typed: Sunday 23:59 IST is Monday 00:00 IST, excluded', () => {
    expect(untilToInstant('2026-12-06T23:59')).toBe('2026-12-07T00:00:00+05:30');
    const { input, errors } = toOfferInput({
      ...blankOfferValues('sale-price'),
      name: 'TV weekend',
      product: { id: 'tv', name: 'Bravia 55' },
      variantId: 'tv',
      salePrice: '69999',
      from: '2026-12-04T00:00',
      until: '2026-12-06T23:59',
    });
    expect(errors).toEqual({});
    expect(input?.definition).toEqual({ productId: 'tv', variantId: 'tv', pricePaise: 6_999_900, from: '2026-12-04T00:00:00+05:30', to: '2026-12-07T00:00:00+05:30' });
    // A sale always ends; a product must be chosen.
    expect(toOfferInput({ ...blankOfferValues('sale-price'), name: 'x', salePrice: '1', until: '' }).errors).toMatchObject({
      product: 'Choose the product on sale',
      until: 'Ends (IST, last minute included) is required',
    });
    // Shown back as typed, and in the list as the last minute included.
    expect(instantToIstLocal('2026-12-06T18:30:00.000Z', 1)).toBe('2026-12-06T23:59');
    expect(windowLabel('2026-12-03T18:30:00.000Z', '2026-12-06T18:30:00.000Z')).toBe('Fri 4 Dec 2026, 00:00 – Sun 6 Dec 2026, 23:59 IST');
  });

  it('maps the server’s field errors to the boxes', () => {
    expect(errorsByField({ 'definition.code': 'SAVE1000 is already a coupon: choose another code' })).toEqual({ code: 'SAVE1000 is already a coupon: choose another code' });
    expect(errorsByField({ 'definition.totalUses': 'totalUses cannot go below the 3 uses already taken' })).toEqual({
      totalUses: 'Uses in all cannot go below the 3 uses already taken',
    });
    expect(errorsByField({ 'definition.pricePaise': 'pricePaise must be below the selling price ₹74,999.00' })).toEqual({
      salePrice: 'Sale price must be below the selling price ₹74,999.00',
    });
  });

  it('reads a saved offer back into the form', () => {
    const offer = {
      _id: 'o1',
      kind: 'coupon',
      name: 'Ten off',
      definition: {
        id: 'o1',
        kind: 'percent',
        code: 'TEN',
        percentBp: 1000,
        capPaise: 150_050,
        minCartPaise: 0,
        validFrom: '2026-11-30T18:30:00.000Z',
        validTo: '2026-12-06T18:30:00.000Z',
        totalUses: null,
        usesPerShopper: 2,
        firstOrderOnly: true,
        include: { categories: [], brands: ['Sony', 'LG'], productIds: [], variantIds: [] },
        exclude: { categories: [], brands: [], productIds: [], variantIds: [] },
        combinable: false,
        paused: false,
      },
    } as unknown as AdminOffer;
    expect(offerToValues(offer)).toMatchObject({
      couponKind: 'percent',
      percent: '10',
      cap: '1500.50',
      minCart: '',
      from: '2026-12-01T00:00',
      until: '2026-12-06T23:59',
      totalUses: '',
      perShopper: '2',
      firstOrderOnly: true,
      combinable: false,
      include: { brands: 'Sony, LG' },
    });
    // And back again, unchanged.
    expect(toOfferInput(offerToValues(offer)).input?.definition).toMatchObject({ percentBp: 1000, capPaise: 150_050, validTo: '2026-12-07T00:00:00+05:30' });
  });
});

describe('the EMI table', () => {
  it('turns rates in percent into basis points and names the row at fault', () => {
    expect(ratePercentToBp('13.5')).toBe(1350);
    expect(ratePercentToBp('13.555')).toBeNull();
    const plans = [{ bank: 'HDFC Bank', months: '6', rate: '15', minPrice: '3000' }];
    expect(toEmiTable(plans, []).table).toEqual({ plans: [{ bank: 'HDFC Bank', months: 6, annualRateBp: 1500, minPricePaise: 300_000 }], bankOffers: [] });
    expect(toEmiTable([{ ...plans[0]!, rate: 'x' }], []).error).toBe('Plan 1: the bank’s rate must be a percentage, like 15 or 13.5');
    expect(toEmiTable([{ ...plans[0]!, bank: '' }], []).error).toBe('Plan 1: bank is required');
    expect(toEmiTable([], [{ id: 'b', bank: 'SBI', text: '5% off', from: '2026-12-01T00:00', until: '2026-12-31T23:59' }]).table?.bankOffers).toEqual([
      { id: 'b', bank: 'SBI', text: '5% off', from: '2026-11-30T18:30:00.000Z', to: '2026-12-31T18:30:00.000Z' },
    ]);
  });
});

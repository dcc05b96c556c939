import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProductOffers, VariantOffers } from '../../../../shared/schemas/offers-panel';
import { couponSentence } from './offers-panel';
import { ProductDetails, type DetailProduct } from './product-details';

const product: DetailProduct = {
  _id: 'p1',
  productName: 'Galaxy S24 5G',
  brandName: 'Samsung',
  category: 'mobiles',
  description: 'A phone.',
  productImage: [],
  price: 7_999_900,
  sellingPrice: 6_990_000,
  stock: 3,
  trackStock: true,
};

const NOTHING: VariantOffers = { coupons: [], sale: null, prepaidSavingPaise: null, emi: [] };
const full: VariantOffers = {
  coupons: [
    { code: 'SAVE1000', kind: 'amount', amountPaise: 100_000, percentBp: null, capPaise: null, minCartPaise: 2_000_000, firstOrderOnly: false, usesPerShopper: null },
    { code: 'WELCOME5', kind: 'percent', amountPaise: null, percentBp: 500, capPaise: 50_000, minCartPaise: 0, firstOrderOnly: true, usesPerShopper: 1 },
  ],
  sale: { pricePaise: 6_500_000, endsAt: '2026-12-06T18:30:00.000Z' },
  prepaidSavingPaise: 10_000,
  emi: [
    { bank: 'ICICI Bank', months: 6, monthly: 1_083_333, interestPaise: 191_234 },
    { bank: 'HDFC Bank', months: 12, monthly: 541_666, interestPaise: 412_345 },
  ],
};
const offers = (variant: VariantOffers, bankOffers: ProductOffers['bankOffers'] = []): ProductOffers => ({
  productId: 'p1',
  variants: { p1: variant },
  bankOffers,
  validUntil: null,
});

const show = (o: ProductOffers | undefined) => render(<ProductDetails product={product} onAddToCart={vi.fn()} onBuy={vi.fn()} busy={false} offers={o} />);

describe('the offers panel on the product page', () => {
  afterEach(cleanup);

  it('lists the sale end, each coupon as a sentence with its limits, the prepaid discount, no-cost EMI from the lowest monthly figure with every plan, and bank offers', () => {
    show(offers(full, [{ bank: 'HDFC Bank', text: '10% instant discount on HDFC credit cards, up to ₹1,500', validTo: null }]));
    const panel = screen.getByTestId('offers-panel');
    expect(within(panel).getByRole('heading', { name: 'Offers' })).toBeTruthy();
    expect(within(panel).getByTestId('offer-sale').textContent).toBe('Sale price ₹65,000, ends Monday, 7 December, 12:00 am IST');
    expect(
      within(panel)
        .getAllByTestId('offer-coupon')
        .map((li) => li.textContent),
    ).toEqual(['Coupon Save ₹1,000 with SAVE1000 on orders above ₹20,000', 'Coupon 5% off (up to ₹500) with WELCOME5 (first order only, once per shopper)']);
    expect(within(panel).getByTestId('offer-prepaid').textContent).toBe('Pay online ₹100 off when you pay online');
    const emi = within(panel).getByTestId('offer-emi');
    expect(emi.querySelector('summary')?.textContent).toBe('No-cost EMI from ₹5,416.66/month');
    // A disclosure (<details>): closed until opened, and it opens without JavaScript on the server-rendered page.
    expect(emi.querySelector('details')?.open).toBe(false);
    const rows = within(emi)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['ICICI Bank', '₹10,833.33', '6', 'no interest (₹1,912.34 off the price)'],
      ['HDFC Bank', '₹5,416.66', '12', 'no interest (₹4,123.45 off the price)'],
    ]);
    expect(within(panel).getByTestId('offer-bank').textContent).toBe('Bank offer 10% instant discount on HDFC credit cards, up to ₹1,500');
  });

  it('shows only what applies: a variant with just an EMI plan has no coupon, sale or prepaid line', () => {
    show(offers({ ...NOTHING, emi: [full.emi[1]!] }));
    const panel = screen.getByTestId('offers-panel');
    expect(within(panel).queryByTestId('offer-coupon')).toBeNull();
    expect(within(panel).queryByTestId('offer-sale')).toBeNull();
    expect(within(panel).queryByTestId('offer-prepaid')).toBeNull();
    expect(within(panel).queryByTestId('offer-bank')).toBeNull();
    expect(within(panel).getByTestId('offer-emi').querySelector('summary')?.textContent).toBe('No-cost EMI from ₹5,416.66/month');
  });

  it('is absent when nothing applies, and while the offers have not arrived', () => {
    show(offers(NOTHING));
    expect(screen.queryByTestId('offers-panel')).toBeNull();
    cleanup();
    show(undefined);
    expect(screen.queryByTestId('offers-panel')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Galaxy S24 5G' })).toBeTruthy();
  });

  it('free delivery and a percentage without a cap read as sentences too', () => {
    const base = { amountPaise: null, percentBp: null, capPaise: null, minCartPaise: 0, firstOrderOnly: false, usesPerShopper: null };
    expect(couponSentence({ ...base, code: 'SHIPFREE', kind: 'free-delivery' })).toBe('Free delivery with SHIPFREE');
    expect(couponSentence({ ...base, code: 'TENOFF', kind: 'percent', percentBp: 1250, minCartPaise: 150_050 })).toBe('12.5% off with TENOFF on orders above ₹1,500.50');
  });
});

import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CartLine, CartPricing } from '../../../../shared/schemas/cart';
import { fakeServer, renderableApp } from '../../../lib/test-providers';
import { CartView } from './cart-view';

/* The prepaid discount (issue 30) in the cart's summary (the checkout's: checkout-summary-prepaid.test.tsx): the server's figures, online the default. */

const phone: CartLine = {
  _id: 'phone',
  quantity: 1,
  userId: 'u1',
  productId: {
    _id: 'p-phone',
    productName: 'Galaxy Offer',
    brandName: 'Testbrand',
    category: 'mobiles',
    productImage: [],
    description: '',
    price: 2_499_900,
    sellingPrice: 2_499_900,
    stock: 5,
    trackStock: true,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
  },
};

// The server says: ₹24,999 for cash on delivery, ₹100 less (₹24,899) paid online.
const pricing: CartPricing = {
  lines: [{ _id: 'phone', listUnitPrice: 2_499_900, unitPrice: 2_499_900, saleEndsAt: null, discounts: [], discount: 0, net: 2_499_900 }],
  coupon: null,
  prepaid: { saving: 10_000, onlineTotal: 2_489_900 },
  totals: { listTotal: 2_499_900, saleSavings: 0, discountTotal: 0, total: 2_499_900 },
};

describe('the prepaid discount in the cart summary', () => {
  afterEach(cleanup);

  it('the cart shows "₹100.00 off for paying online" as a line and the online total, with what cash on delivery costs under it', async () => {
    const server = fakeServer({ 'cart.list': () => [phone], 'cart.pricing': () => pricing });
    render(renderableApp({ routes: [{ path: '/cart', element: <CartView onPayment={() => undefined} paying={false} /> }], initialEntries: ['/cart'], fetch: server.fetch }));
    const prepaid = await screen.findByTestId('summary-prepaid');
    expect(prepaid.parentElement?.textContent).toBe('₹100.00 off for paying online−₹100.00');
    expect(screen.getByTestId('summary-total').textContent).toBe('₹24,899.00');
    expect(screen.getByTestId('summary-cod-total').textContent).toBe('Cash on delivery: ₹24,999.00');
  });
});

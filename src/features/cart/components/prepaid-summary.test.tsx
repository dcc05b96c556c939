import { cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { CartLine, CartPricing } from '../../../../shared/schemas/cart';
import { fakeServer, renderableApp } from '../../../lib/test-providers';
import { CheckoutSummary } from '../../checkout/components/checkout-summary';
import { CartView } from './cart-view';

/* The prepaid discount (issue 30) in the cart's and checkout's summaries: the server's figures, online the default. */

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

const summary = (prepaid: { saving: number; online: boolean } | null, codFee = 0) => {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <CheckoutSummary
            lines={[{ id: 'phone', name: 'Galaxy Offer', quantity: 1, price: 2_499_900, lineTotal: 2_499_900 }]}
            delivery={{ rate: 'standard', label: 'Standard delivery', amount: 4_000, days: '3–5', by: null }}
            expressOnPaymentPage={null}
            freeAbovePaise={null}
            codFee={codFee}
            prepaid={prepaid}
          >
            <button type="button">Pay</button>
          </CheckoutSummary>
        ),
      },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
};

describe('the prepaid discount in the summaries', () => {
  afterEach(cleanup);

  it('the cart shows "₹100.00 off for paying online" as a line and the online total, with what cash on delivery costs under it', async () => {
    const server = fakeServer({ 'cart.list': () => [phone], 'cart.pricing': () => pricing });
    render(renderableApp({ routes: [{ path: '/cart', element: <CartView onPayment={() => undefined} paying={false} /> }], initialEntries: ['/cart'], fetch: server.fetch }));
    const prepaid = await screen.findByTestId('summary-prepaid');
    expect(prepaid.parentElement?.textContent).toBe('₹100.00 off for paying online−₹100.00');
    expect(screen.getByTestId('summary-total').textContent).toBe('₹24,899.00');
    expect(screen.getByTestId('summary-cod-total').textContent).toBe('Cash on delivery: ₹24,999.00');
  });

  it('checkout paying online: the line and the total the provider is asked (items + delivery − ₹100)', () => {
    summary({ saving: 10_000, online: true });
    const list = screen.getByTestId('checkout-prepaid').closest('dl')!;
    expect(within(list).getByText('₹100.00 off for paying online')).toBeTruthy();
    expect(screen.getByTestId('checkout-total').textContent).toBe('₹24,939.00');
    expect(screen.queryByTestId('checkout-prepaid-hint')).toBeNull();
  });

  it('checkout with cash on delivery: the total without it, and "Pay online to save ₹100.00"', () => {
    summary({ saving: 10_000, online: false }, 5_000);
    expect(screen.queryByTestId('checkout-prepaid')).toBeNull();
    expect(screen.getByTestId('checkout-total').textContent).toBe('₹25,089.00');
    expect(screen.getByTestId('checkout-prepaid-hint').textContent).toBe('Pay online to save ₹100.00');
  });

  it('no prepaid discount: neither line nor hint', () => {
    summary(null);
    expect(screen.queryByTestId('checkout-prepaid')).toBeNull();
    expect(screen.queryByTestId('checkout-prepaid-hint')).toBeNull();
    expect(screen.getByTestId('checkout-total').textContent).toBe('₹25,039.00');
  });
});

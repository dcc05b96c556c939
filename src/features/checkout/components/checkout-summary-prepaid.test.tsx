import { cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { CheckoutSummary } from './checkout-summary';

/* The prepaid discount (issue 30) in the checkout summary: the server's saving, taken off when paying online. */

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

describe('the prepaid discount in the checkout summary', () => {
  afterEach(cleanup);

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

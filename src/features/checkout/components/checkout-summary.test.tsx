import { cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { CheckoutSummary } from './checkout-summary';

afterEach(cleanup);

describe('the checkout summary with offers (issue 30)', () => {
  it('shows each line at what it costs after its discount, and the items’ subtotal and total after them', () => {
    const router = createMemoryRouter(
      [
        {
          path: '/',
          element: (
            <CheckoutSummary
              lines={[
                { id: 'phone', name: 'Galaxy Offer', quantity: 1, price: 2_499_900, lineTotal: 2_399_900 },
                { id: 'charger', name: 'Fast Charger', quantity: 1, price: 149_900 },
              ]}
              delivery={{ rate: 'standard', label: 'Standard delivery', amount: 0, days: '3–5', by: null }}
              expressOnPaymentPage={null}
              freeAbovePaise={null}
              codFee={0}
            >
              <button type="button">Continue to payment</button>
            </CheckoutSummary>
          ),
        },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    const items = within(screen.getByRole('list', { name: 'Items' })).getAllByRole('listitem');
    expect(items[0]!.textContent).toContain('₹23,999.00');
    expect(items[1]!.textContent).toContain('₹1,499.00');
    expect(screen.getByTestId('checkout-subtotal').textContent).toBe('₹25,498.00');
    expect(screen.getByTestId('checkout-total').textContent).toBe('₹25,498.00');
  });
});

import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CartLine, CartPricing } from '../../../../shared/schemas/cart';
import { FakeServerError, fakeServer, renderableApp } from '../../../lib/test-providers';
import { CartView } from './cart-view';

const line = (id: string, name: string, category: string, sellingPrice: number): CartLine => ({
  _id: id,
  quantity: 1,
  userId: 'u1',
  productId: {
    _id: `p-${id}`,
    productName: name,
    brandName: 'Testbrand',
    category,
    productImage: [],
    description: '',
    price: sellingPrice,
    sellingPrice,
    stock: 5,
    trackStock: true,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
  },
});

const LINES = [line('phone', 'Galaxy Offer', 'mobiles', 2_499_900), line('charger', 'Fast Charger', 'speakers', 149_900)];

const plain: CartPricing = {
  lines: [
    { _id: 'phone', listUnitPrice: 2_499_900, unitPrice: 2_499_900, saleEndsAt: null, discounts: [], discount: 0, net: 2_499_900 },
    { _id: 'charger', listUnitPrice: 149_900, unitPrice: 149_900, saleEndsAt: null, discounts: [], discount: 0, net: 149_900 },
  ],
  coupon: null,
  prepaid: null,
  totals: { listTotal: 2_649_800, saleSavings: 0, discountTotal: 0, total: 2_649_800 },
};

const withSave1000: CartPricing = {
  ...plain,
  lines: [{ ...plain.lines[0]!, discounts: [{ offerId: 'o1', kind: 'coupon', amount: 100_000 }], discount: 100_000, net: 2_399_900 }, plain.lines[1]!],
  coupon: { code: 'SAVE1000', applied: true, saving: 100_000 },
  totals: { ...plain.totals, discountTotal: 100_000, total: 2_549_800 },
};

function shop() {
  const state = { pricing: plain, applied: [] as unknown[] };
  const server = fakeServer({
    'cart.list': () => LINES,
    'cart.pricing': () => state.pricing,
    'cart.applyCoupon': (input: any) => {
      state.applied.push(input);
      if (String(input.code).trim().toUpperCase() !== 'SAVE1000')
        throw new FakeServerError(400, 'BAD_INPUT', `${String(input.code).toUpperCase()} is not a valid code`, { code: 'x' });
      state.pricing = withSave1000;
      return state.pricing;
    },
    'cart.removeCoupon': () => {
      state.pricing = plain;
      return state.pricing;
    },
  });
  render(renderableApp({ routes: [{ path: '/cart', element: <CartView onPayment={() => undefined} paying={false} /> }], initialEntries: ['/cart'], fetch: server.fetch }));
  return state;
}

const codeBox = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Coupon code' });

describe('the cart’s coupon box (issue 30)', () => {
  afterEach(cleanup);

  it('applies a code: the saving on the phone’s line, in the summary and in the total', async () => {
    const state = shop();
    await waitFor(() => expect(screen.getByTestId('summary-total').textContent).toBe('₹26,498.00'));
    fireEvent.change(codeBox(), { target: { value: 'save1000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.getByTestId('coupon-applied').textContent).toContain('SAVE1000 applied: you save ₹1,000.00'));
    expect(state.applied).toEqual([{ code: 'save1000' }]);
    const [phone, charger] = screen.getAllByTestId('cart-line');
    expect(within(phone!).getByTestId('line-discount').textContent).toBe('Coupon SAVE1000: −₹1,000.00');
    expect(within(phone!).getByTestId('line-total').textContent).toBe('₹23,999.00');
    expect(within(charger!).queryByTestId('line-discount')).toBeNull();
    expect(screen.getByTestId('summary-savings').textContent).toBe('₹1,000.00');
    expect(screen.getByTestId('summary-total').textContent).toBe('₹25,498.00');
  });

  it('shows the server’s refusal under the box and keeps the cart as it was', async () => {
    shop();
    await waitFor(() => expect(screen.getByTestId('summary-total').textContent).toBe('₹26,498.00'));
    fireEvent.change(codeBox(), { target: { value: 'nope99' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    const message = await screen.findByRole('alert');
    expect(message.textContent).toBe('NOPE99 is not a valid code');
    expect(codeBox().getAttribute('aria-invalid')).toBe('true');
    expect(codeBox().getAttribute('aria-describedby')).toBe(message.id);
    expect(screen.queryByTestId('summary-savings')).toBeNull();
    expect(screen.getByTestId('summary-total').textContent).toBe('₹26,498.00');
  });

  it('removes an applied code: the totals go back', async () => {
    const state = shop();
    state.pricing = withSave1000;
    await waitFor(() => expect(screen.getByTestId('summary-total').textContent).toBe('₹25,498.00'));
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.getByTestId('summary-total').textContent).toBe('₹26,498.00'));
    expect(screen.queryByTestId('coupon-applied')).toBeNull();
    expect(codeBox().value).toBe('');
  });
});

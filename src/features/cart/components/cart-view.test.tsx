import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CartLine } from '../../../../shared/schemas/cart';
import { FakeServerError, fakeServer, renderableApp, withToastHost } from '../../../lib/test-providers';
import { CartView, lineLimit } from './cart-view';

const product = (patch: Partial<CartLine['productId']> = {}): CartLine['productId'] => ({
  _id: 'p1',
  productName: 'Boat Airdopes 141',
  brandName: 'boAt',
  category: 'airpodes',
  productImage: [],
  description: '',
  price: 249_000,
  sellingPrice: 129_900,
  stock: 10,
  trackStock: true,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...patch,
});

/**
 * A cart of one line whose figure lives on the "server": `shown` is what the page loads,
 * `held` what the server holds when the step arrives (another tab may have moved it since).
 */
function shop(opts: { shown: number; held?: number; stock?: number; trackStock?: boolean; refuse?: FakeServerError }) {
  const state = { quantity: opts.held ?? opts.shown, loads: 0 };
  const line = (quantity: number): CartLine => ({ _id: 'line1', quantity, userId: 'u1', productId: product({ stock: opts.stock ?? 10, trackStock: opts.trackStock ?? true }) });
  return {
    state,
    server: fakeServer({
      // The first load is the stale page; later loads read the server's figure.
      'cart.list': () => [line(state.loads++ === 0 ? opts.shown : state.quantity)],
      'cart.changeQuantity': (input: any) => {
        if (opts.refuse) throw opts.refuse;
        state.quantity += input.change as number;
        return line(state.quantity);
      },
    }),
  };
}

function renderCart(server: ReturnType<typeof fakeServer>) {
  render(
    renderableApp({ routes: [{ path: '/cart', element: <CartView onPayment={() => undefined} paying={false} /> }], initialEntries: ['/cart'], fetch: server.fetch, toasts: true }),
  );
}

const quantity = () => screen.getByTestId('line-quantity').textContent;
const plus = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Increase quantity' });
const minus = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Decrease quantity' });

describe('the cart’s + and −', () => {
  withToastHost();
  afterEach(cleanup);

  it("sends a step, not a figure, and shows the server's figure: a stale tab's + never lowers the quantity", async () => {
    // This tab shows 2; another tab has taken the line to 5 meanwhile.
    const { server } = shop({ shown: 2, held: 5 });
    renderCart(server);
    await waitFor(() => expect(quantity()).toBe('2'));
    fireEvent.click(plus());
    await waitFor(() => expect(quantity()).toBe('6'));
    expect(server.inputsOf('cart.changeQuantity')).toEqual([{ _id: 'line1', change: 1 }]);
    expect(server.inputsOf('cart.updateQuantity')).toEqual([]);

    fireEvent.click(minus());
    await waitFor(() => expect(quantity()).toBe('5'));
    expect(server.inputsOf('cart.changeQuantity')).toEqual([
      { _id: 'line1', change: 1 },
      { _id: 'line1', change: -1 },
    ]);
    expect(screen.getByTestId('summary-quantity').textContent).toBe('5');
  });

  it('turns + off at the stock and says why, without asking the server', async () => {
    const { server } = shop({ shown: 2, stock: 3 });
    renderCart(server);
    await waitFor(() => expect(quantity()).toBe('2'));
    expect(plus().disabled).toBe(false);
    expect(screen.queryByTestId('line-limit')).toBeNull();

    fireEvent.click(plus());
    await waitFor(() => expect(quantity()).toBe('3'));
    expect(plus().disabled).toBe(true);
    const reason = screen.getByTestId('line-limit');
    expect(reason.textContent).toBe('Only 3 in stock');
    expect(plus().getAttribute('aria-describedby')).toBe(reason.id);
    fireEvent.click(plus());
    expect(server.inputsOf('cart.changeQuantity')).toHaveLength(1);
    // No refusal toast: the button said it first.
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('turns + off at 10 for a product whose stock is not counted', async () => {
    const { server } = shop({ shown: 10, stock: 0, trackStock: false });
    renderCart(server);
    await waitFor(() => expect(quantity()).toBe('10'));
    expect(plus().disabled).toBe(true);
    expect(screen.getByTestId('line-limit').textContent).toBe('At most 10 per product');
  });

  it('takes a refused step back and toasts the reason once', async () => {
    const refusal = new FakeServerError(409, 'OUT_OF_STOCK', 'Only 4 of Boat Airdopes 141 left in stock (your cart already has 4)');
    const { server } = shop({ shown: 4, stock: 5, refuse: refusal });
    renderCart(server);
    await waitFor(() => expect(quantity()).toBe('4'));
    fireEvent.click(plus());
    expect(await screen.findByText(refusal.message)).toBeTruthy();
    await waitFor(() => expect(quantity()).toBe('4'));
    fireEvent.click(plus());
    await waitFor(() => expect(server.inputsOf('cart.changeQuantity')).toHaveLength(2));
    await waitFor(() => expect(quantity()).toBe('4'));
    expect(screen.getAllByRole('status').filter((toast) => within(toast).queryByText(refusal.message))).toHaveLength(1);
  });
});

describe('lineLimit', () => {
  it('is the stock shown below 10, else 10', () => {
    expect(lineLimit({ trackStock: true, stock: 3 })).toEqual({ max: 3, reason: 'Only 3 in stock' });
    expect(lineLimit({ trackStock: true, stock: 0 })).toEqual({ max: 0, reason: 'Out of stock' });
    expect(lineLimit({ trackStock: true, stock: 10 })).toEqual({ max: 10, reason: 'At most 10 per product' });
    expect(lineLimit({ trackStock: false, stock: 0 })).toEqual({ max: 10, reason: 'At most 10 per product' });
  });
});

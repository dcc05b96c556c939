import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeServerError, fakeServer, renderableApp, withToastHost } from '../../../lib/test-providers';
import { useAddToCartAction } from './use-add-to-cart-action';

function AddButton() {
  const cart = useAddToCartAction();
  return (
    <button type="button" onClick={() => void cart.add({ _id: 'p1' })}>
      Add to Cart
    </button>
  );
}

describe('Add to Cart toasts', () => {
  withToastHost();
  afterEach(cleanup);

  it('replace one another instead of stacking: five adds, one toast, the latest message', async () => {
    let quantity = 0;
    const server = fakeServer({
      'cart.addItem': () => {
        quantity += 1;
        if (quantity === 5) throw new FakeServerError(409, 'OUT_OF_STOCK', 'Only 4 of Boat Airdopes 141 left in stock (your cart already has 4)');
        return {
          line: {},
          alreadyInCart: quantity > 1,
          message: quantity === 1 ? 'Product Added in Cart' : `Boat Airdopes 141 was already in your cart: quantity is now ${quantity}`,
        };
      },
      'cart.count': () => ({ count: 1 }),
      'cart.list': () => [],
    });
    render(renderableApp({ routes: [{ path: '/', element: <AddButton /> }], fetch: server.fetch, toasts: true }));
    const button = screen.getByRole('button', { name: 'Add to Cart' });
    for (let n = 1; n <= 4; n++) {
      fireEvent.click(button);
      await waitFor(() => expect(server.inputsOf('cart.addItem')).toHaveLength(n));
      await screen.findByText(n === 1 ? 'Product Added in Cart' : `Boat Airdopes 141 was already in your cart: quantity is now ${n}`);
      expect(screen.getAllByRole('status')).toHaveLength(1);
    }
    fireEvent.click(button);
    await screen.findByText('Only 4 of Boat Airdopes 141 left in stock (your cart already has 4)');
    expect(screen.getAllByRole('status')).toHaveLength(1);
  });
});

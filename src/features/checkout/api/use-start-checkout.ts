import { trpc } from '../../../lib/trpc';

/**
 * Opens a payment session for the signed-in shopper's cart, delivered to one of their saved
 * addresses (`{ addressId }`). The server prices the cart itself; the caller sends the browser
 * to the returned `url`. Refusals: NOT_FOUND (the address is gone), NOT_SERVICEABLE (its PIN),
 * CART_EMPTY, OUT_OF_STOCK. After one, the cart and the addresses are read again: either may
 * have changed in another tab.
 */
export function useStartCheckout() {
  const utils = trpc.useUtils();
  return trpc.checkout.start.useMutation({
    onError: () => Promise.all([utils.cart.list.invalidate(), utils.address.list.invalidate()]),
  });
}

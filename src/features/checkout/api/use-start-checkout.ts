import { trpc } from '../../../lib/trpc';

/**
 * Opens a payment session for the signed-in shopper's cart. The server prices the cart
 * itself; the caller sends the browser to the returned `url`.
 */
export function useStartCheckout() {
  return trpc.checkout.start.useMutation();
}

import { trpc } from '../../../lib/trpc';

/**
 * Places a cash-on-delivery order for the cart, to a saved address with the delivery chosen on
 * the page; the caller sends the browser to the returned `url` (the success page). The bought
 * products leave the cart and the order joins the shopper's list, so both are read again.
 * Refusals: COD_UNAVAILABLE and COD_LIMIT (the message says why), NOT_SERVICEABLE, CART_EMPTY,
 * OUT_OF_STOCK. After one, the cart, the addresses and the checkout options are read again.
 */
export function usePlaceCodOrder() {
  const utils = trpc.useUtils();
  return trpc.checkout.placeCodOrder.useMutation({
    onSuccess: () => Promise.all([utils.cart.count.invalidate(), utils.cart.list.invalidate(), utils.order.list.invalidate()]),
    onError: () => Promise.all([utils.cart.list.invalidate(), utils.address.list.invalidate(), utils.checkout.options.invalidate()]),
  });
}

import { trpc } from '../../../lib/trpc';

/**
 * Tells the server the shopper came back from the payment page. The server asks the provider
 * and fulfils a paid order (the bought products leave the cart), so the cart and the order
 * list are refetched afterwards.
 */
export function useConfirmReturn() {
  const utils = trpc.useUtils();
  return trpc.checkout.confirmReturn.useMutation({
    onSettled: async () => {
      await Promise.all([utils.cart.count.invalidate(), utils.cart.list.invalidate(), utils.order.list.invalidate()]);
    },
  });
}

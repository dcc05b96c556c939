import { trpc } from '../../../lib/trpc';

/** Adds one unit of a product; the badge and the cart page are refreshed afterwards. */
export function useAddToCart() {
  const utils = trpc.useUtils();
  return trpc.cart.addItem.useMutation({
    onSettled: async () => {
      await Promise.all([utils.cart.count.invalidate(), utils.cart.list.invalidate()]);
    },
  });
}

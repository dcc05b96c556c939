import { trpc } from '../../../lib/trpc';

/** Deletes a line optimistically (restored if the server refuses) and refreshes the badge. */
export function useRemoveCartLine() {
  const utils = trpc.useUtils();
  return trpc.cart.removeItem.useMutation({
    onMutate: async ({ _id }) => {
      await Promise.all([utils.cart.list.cancel(), utils.cart.count.cancel()]);
      const previous = utils.cart.list.getData();
      const previousCount = utils.cart.count.getData();
      utils.cart.list.setData(undefined, (lines) => lines?.filter((line) => line._id !== _id));
      if (previousCount) utils.cart.count.setData(undefined, { count: Math.max(0, previousCount.count - 1) });
      return { previous, previousCount };
    },
    onError: (_error, _input, context) => {
      if (context?.previous) utils.cart.list.setData(undefined, context.previous);
      if (context?.previousCount) utils.cart.count.setData(undefined, context.previousCount);
    },
    onSettled: async () => {
      await Promise.all([utils.cart.list.invalidate(), utils.cart.count.invalidate()]);
    },
  });
}

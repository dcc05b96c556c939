import { useQueryClient } from '@tanstack/react-query';
import { getMutationKey } from '@trpc/react-query';
import { trpc } from '../../../lib/trpc';

/**
 * Sets a line's quantity optimistically: the cart shows the new number at once and goes
 * back to the previous one if the server refuses (stock, the per-line cap). The caller
 * toasts the refusal.
 */
export function useUpdateCartQuantity() {
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  return trpc.cart.updateQuantity.useMutation({
    onMutate: async ({ _id, quantity }) => {
      await utils.cart.list.cancel();
      const previous = utils.cart.list.getData();
      utils.cart.list.setData(undefined, (lines) => lines?.map((line) => (line._id === _id ? { ...line, quantity } : line)));
      return { previous };
    },
    onError: (_error, _input, context) => {
      if (context?.previous) utils.cart.list.setData(undefined, context.previous);
    },
    onSettled: async () => {
      // With quick taps several changes are in flight; refetching after the first would
      // briefly show a number the later ones already replaced. The last one refetches.
      if (queryClient.isMutating({ mutationKey: getMutationKey(trpc.cart.updateQuantity) }) > 1) return;
      await utils.cart.list.invalidate();
    },
  });
}

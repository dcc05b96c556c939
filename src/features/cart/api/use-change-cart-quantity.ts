import { useQueryClient } from '@tanstack/react-query';
import { getMutationKey } from '@trpc/react-query';
import { trpc } from '../../../lib/trpc';

/**
 * The cart's + and −: sends a step (+1, −1), never a figure, so a tab showing a stale quantity
 * cannot lower it (cart.changeQuantity adds the step to what the server holds). The line moves
 * by the step at once and takes the server's figure from its answer; a refused step is taken
 * back. The caller toasts the refusal.
 */
export function useChangeCartQuantity() {
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  // With quick taps several steps are in flight, each already shown: an answer to an earlier
  // one would briefly show a figure the later ones moved on from. The last one sets the line.
  const othersInFlight = () => queryClient.isMutating({ mutationKey: getMutationKey(trpc.cart.changeQuantity) }) > 1;
  const step = (lineId: string, change: number) =>
    utils.cart.list.setData(undefined, (lines) => lines?.map((line) => (line._id === lineId ? { ...line, quantity: line.quantity + change } : line)));
  return trpc.cart.changeQuantity.useMutation({
    onMutate: async ({ _id, change }) => {
      await utils.cart.list.cancel();
      step(_id, change);
    },
    onSuccess: (updated) => {
      if (othersInFlight()) return;
      utils.cart.list.setData(undefined, (lines) => lines?.map((line) => (line._id === updated._id ? updated : line)));
    },
    onError: (_error, { _id, change }) => step(_id, -change),
    onSettled: async () => {
      if (othersInFlight()) return;
      await utils.cart.list.invalidate();
    },
  });
}

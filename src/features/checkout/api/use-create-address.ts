import { trpc } from '../../../lib/trpc';

/**
 * Saves a new delivery address (validated again by the server with the same schema). It goes to
 * the top of the list at once, as the server orders it (most recent first), then the list is
 * refetched. Refusals: BAD_INPUT with field errors, or the limit of saved addresses. `onSaved`
 * hears of the save as soon as the server answers, before the refetch (the address is on screen
 * from then on: a half-typed draft of it must go at that moment, not after the refetch).
 */
export function useCreateAddress({ onSaved }: { onSaved?: () => void } = {}) {
  const utils = trpc.useUtils();
  return trpc.address.create.useMutation({
    onSuccess: (saved) => {
      onSaved?.();
      utils.address.list.setData(undefined, (list) => (list ? [saved, ...list.filter((a) => a._id !== saved._id)] : list));
    },
    onSettled: () => utils.address.list.invalidate(),
  });
}

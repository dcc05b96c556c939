import { trpc } from '../../../lib/trpc';

/**
 * Saves a new delivery address (validated again by the server with the same schema). It goes to
 * the top of the list at once, as the server orders it (most recent first), then the list is
 * refetched. Refusals: BAD_INPUT with field errors, or the limit of saved addresses.
 */
export function useCreateAddress() {
  const utils = trpc.useUtils();
  return trpc.address.create.useMutation({
    onSuccess: (saved) => {
      utils.address.list.setData(undefined, (list) => (list ? [saved, ...list.filter((a) => a._id !== saved._id)] : list));
    },
    onSettled: () => utils.address.list.invalidate(),
  });
}

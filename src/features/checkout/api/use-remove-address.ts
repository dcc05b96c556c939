import { trpc } from '../../../lib/trpc';

/** Deletes a saved address; orders placed with it keep their own copy. */
export function useRemoveAddress() {
  const utils = trpc.useUtils();
  return trpc.address.remove.useMutation({
    onSuccess: ({ removed }) => {
      utils.address.list.setData(undefined, (list) => list?.filter((a) => a._id !== removed));
    },
    onSettled: () => utils.address.list.invalidate(),
  });
}

import { trpc } from '../../../lib/trpc';

/** Changes a saved address (the caller's own only: NOT_FOUND otherwise); it becomes the most recent one. */
export function useUpdateAddress() {
  const utils = trpc.useUtils();
  return trpc.address.update.useMutation({
    onSuccess: (saved) => {
      utils.address.list.setData(undefined, (list) => (list ? [saved, ...list.filter((a) => a._id !== saved._id)] : list));
    },
    onSettled: () => utils.address.list.invalidate(),
  });
}

import { trpc } from '../../../lib/trpc';

/** Ends the session; every cached answer belonged to the signed-in user, so all are refetched. */
export function useLogout() {
  const utils = trpc.useUtils();
  return trpc.account.logout.useMutation({
    onSuccess: async () => {
      utils.account.me.setData(undefined, null);
      await utils.invalidate();
    },
  });
}

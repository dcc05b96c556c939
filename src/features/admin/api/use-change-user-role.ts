import { trpc } from '../../../lib/trpc';

/** Sets a user's role; the user lists and the signed-in user (who may have demoted themself) are refreshed. */
export function useChangeUserRole() {
  const utils = trpc.useUtils();
  return trpc.account.updateRole.useMutation({
    onSuccess: async () => {
      await Promise.all([utils.account.list.invalidate(), utils.account.all.invalidate(), utils.account.me.invalidate()]);
    },
  });
}

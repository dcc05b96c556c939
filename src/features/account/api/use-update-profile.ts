import { trpc } from '../../../lib/trpc';

/**
 * Saves the name and photo (`profilePic`: a data URL, '' to remove it, absent to keep it). The
 * header shows both, so "me" takes the saved user at once and is then read again.
 */
export function useUpdateProfile() {
  const utils = trpc.useUtils();
  return trpc.account.updateProfile.useMutation({
    onSuccess: async (user) => {
      utils.account.me.setData(undefined, (me) => (me ? { ...me, ...user } : me));
      await utils.account.me.invalidate();
    },
  });
}

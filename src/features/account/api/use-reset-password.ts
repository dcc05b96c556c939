import { trpc } from '../../../lib/trpc';
import { refetchForNewSession } from './refetch-for-new-session';

/**
 * Sets a new password from an emailed link. The server signs the user in (and ends their other
 * sessions), so, as after signing in, "me" changes and every cached answer is refetched.
 */
export function useResetPassword() {
  const utils = trpc.useUtils();
  return trpc.account.resetPassword.useMutation({
    onSuccess: () => refetchForNewSession(utils),
  });
}

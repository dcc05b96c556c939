import { trpc } from '../../../lib/trpc';

/** Changes the password given the current one; the server ends every other session, so the device list is read again. */
export function useChangePassword() {
  const utils = trpc.useUtils();
  return trpc.account.changePassword.useMutation({
    onSuccess: () => utils.account.sessions.invalidate(),
  });
}

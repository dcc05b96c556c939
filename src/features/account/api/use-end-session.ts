import { trpc } from '../../../lib/trpc';

/** Signs one other device out (NOT_FOUND when it already was); the device list is read again either way. */
export function useEndSession() {
  const utils = trpc.useUtils();
  return trpc.account.endSession.useMutation({
    onSettled: () => utils.account.sessions.invalidate(),
  });
}

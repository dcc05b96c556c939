import { trpc } from '../../../lib/trpc';

/** Signs every device but this one out; the device list is read again. */
export function useEndOtherSessions() {
  const utils = trpc.useUtils();
  return trpc.account.endOtherSessions.useMutation({
    onSettled: () => utils.account.sessions.invalidate(),
  });
}

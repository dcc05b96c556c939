import { trpc } from '../../../lib/trpc';

/** Ten new recovery codes (the old ones stop working), for a current code; the count left is refetched. */
export function useRegenerateRecoveryCodes() {
  const utils = trpc.useUtils();
  return trpc.account.twoFactor.regenerateRecoveryCodes.useMutation({
    onSuccess: () => utils.account.twoFactor.status.invalidate(),
  });
}

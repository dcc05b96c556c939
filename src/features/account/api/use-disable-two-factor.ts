import { trpc } from '../../../lib/trpc';

/**
 * Turns two-factor sign-in off (current password and a code). The answer is the new status;
 * "me" says whether it is on, so it is refetched. WRONG_PASSWORD, TWO_FACTOR_INVALID, FORBIDDEN
 * (the shop requires it of admins), TOO_MANY_ATTEMPTS.
 */
export function useDisableTwoFactor() {
  const utils = trpc.useUtils();
  return trpc.account.twoFactor.disable.useMutation({
    onSuccess: async (status) => {
      utils.account.twoFactor.status.setData(undefined, status);
      await utils.account.me.invalidate();
    },
  });
}

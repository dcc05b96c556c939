import { trpc } from '../../../lib/trpc';

/**
 * Turns two-factor sign-in on with a code from the app; the answer holds the ten recovery
 * codes, which the server never shows again. "Me" (mustEnrolTwoFactor) and the status change at
 * once, not when the shopper presses Done: leaving the page any other way must not send an admin
 * back to enrol a second time. TWO_FACTOR_INVALID (401) for a wrong code, TOO_MANY_ATTEMPTS (429).
 */
export function useConfirmTwoFactor() {
  const utils = trpc.useUtils();
  return trpc.account.twoFactor.confirm.useMutation({
    onSuccess: async () => {
      await Promise.all([utils.account.me.invalidate(), utils.account.twoFactor.status.invalidate()]);
    },
  });
}

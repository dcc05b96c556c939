import { trpc } from '../../../lib/trpc';

/** Whether two-factor sign-in is on for the signed-in account, whether the shop requires it, and how many recovery codes are left. */
export function useTwoFactorStatus(enabled = true) {
  return trpc.account.twoFactor.status.useQuery(undefined, { enabled });
}

import { trpc } from '../../../lib/trpc';

/**
 * Whether the page's emailed reset link can still be used, asked once as the page opens, so a
 * used or expired link says so before anyone types a new password. `enabled` is false for a
 * token the schema already refuses (the page says why without asking).
 */
export function useResetLinkStatus(token: string, enabled: boolean) {
  return trpc.account.resetLinkStatus.useQuery({ token }, { enabled, retry: false, staleTime: Infinity, refetchOnWindowFocus: false });
}

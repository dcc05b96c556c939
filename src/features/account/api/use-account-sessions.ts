import { trpc, type RouterOutputs } from '../../../lib/trpc';

export type AccountSession = RouterOutputs['account']['sessions'][number];

/** The account's signed-in devices, the current one first. */
export function useAccountSessions() {
  return trpc.account.sessions.useQuery();
}

import { trpc, type RouterOutputs } from '../../../lib/trpc';

export type CurrentUser = NonNullable<RouterOutputs['account']['me']>;

/** The signed-in user, or null for a visitor; asked once on load and after sign-in/out. */
export function useCurrentUser() {
  const query = trpc.account.me.useQuery(undefined, { staleTime: 5 * 60_000 });
  return { user: query.data ?? null, isLoading: query.isPending, query };
}

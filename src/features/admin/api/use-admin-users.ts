import { keepPreviousData } from '@tanstack/react-query';
import { trpc } from '../../../lib/trpc';

export const USERS_PAGE_SIZE = 20;

/** One page of users (newest first), optionally only those whose email contains `email`. */
export function useAdminUsers(input: { email: string; cursor: string | undefined }) {
  return trpc.account.list.useQuery(
    {
      limit: USERS_PAGE_SIZE,
      ...(input.email ? { email: input.email } : {}),
      ...(input.cursor ? { cursor: input.cursor } : {}),
    },
    // While the next page or a new search loads, the table keeps showing the last one.
    { placeholderData: keepPreviousData },
  );
}

import { trpc } from '../../../lib/trpc';
import { refetchForNewSession } from './refetch-for-new-session';

/**
 * Signs in: email and password, and `code` for an account with two-factor sign-in on (without
 * it the answer is TWO_FACTOR_REQUIRED, 401; a wrong one TWO_FACTOR_INVALID; too many wrong
 * ones TOO_MANY_ATTEMPTS). Success changes who "me" is and merges the visitor's cart into the
 * account, so every cached answer (user, cart count, cart, orders) is refetched.
 */
export function useSignIn() {
  const utils = trpc.useUtils();
  return trpc.account.signIn.useMutation({
    onSuccess: () => refetchForNewSession(utils),
  });
}

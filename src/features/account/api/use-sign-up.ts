import { trpc } from '../../../lib/trpc';

/** Creates an account; the shopper signs in afterwards (spec §4: sign-up goes to /login). */
export function useSignUp() {
  return trpc.account.signUp.useMutation();
}

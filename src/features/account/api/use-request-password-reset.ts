import { trpc } from '../../../lib/trpc';

/** Asks for a reset link by email. The answer is the same whether or not the account exists; TOO_MANY_ATTEMPTS when throttled. */
export function useRequestPasswordReset() {
  return trpc.account.requestPasswordReset.useMutation();
}

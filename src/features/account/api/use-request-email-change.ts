import { trpc } from '../../../lib/trpc';

/**
 * Emails a confirmation link to a new address; the email only changes when it is opened, so
 * nothing cached changes here. Refusals: WRONG_PASSWORD, EMAIL_TAKEN (both with field errors),
 * TOO_MANY_ATTEMPTS.
 */
export function useRequestEmailChange() {
  return trpc.account.requestEmailChange.useMutation();
}

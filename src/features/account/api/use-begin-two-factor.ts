import { trpc } from '../../../lib/trpc';

/** Enrolment's first step: a new secret as a QR code and as text. Nothing is in force until confirmed; asking again replaces it. */
export function useBeginTwoFactor() {
  return trpc.account.twoFactor.begin.useMutation();
}

import { trpc } from '../../../lib/trpc';

/** Opens the emailed link of an email change (signed in or not): the account's email becomes the new one, so "me" is refetched. */
export function useConfirmEmailChange() {
  const utils = trpc.useUtils();
  return trpc.account.confirmEmailChange.useMutation({
    onSuccess: () => utils.account.me.invalidate(),
  });
}

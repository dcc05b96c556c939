import { trpc } from '../../../lib/trpc';

/**
 * Deletes the account; the server signs this device out too. Every cached answer (user, cart,
 * orders, addresses) belonged to the account, so "me" becomes a visitor and all are refetched.
 * `leave` runs first, so the page can go elsewhere rather than send the visitor "me" now is to
 * the login page. Refusals: WRONG_PASSWORD (field error), LAST_ADMIN, OPEN_ORDERS, TOO_MANY_ATTEMPTS.
 */
export function useDeleteAccount({ leave }: { leave: () => void | Promise<void> }) {
  const utils = trpc.useUtils();
  return trpc.account.deleteAccount.useMutation({
    onSuccess: async () => {
      await leave();
      utils.account.me.setData(undefined, null);
      await utils.invalidate();
    },
  });
}

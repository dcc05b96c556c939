import { trpc } from '../../../lib/trpc';

/**
 * Signs in. Success changes who "me" is and merges the visitor's cart into the account,
 * so every cached answer (user, cart count, cart, orders) is refetched.
 */
export function useSignIn() {
  const utils = trpc.useUtils();
  return trpc.account.signIn.useMutation({
    onSuccess: async (user) => {
      utils.account.me.setData(undefined, user);
      await utils.invalidate();
    },
  });
}

import { trpc } from '../../../lib/trpc';

/** The Settings page's data: every setting and when they were last saved (each category's tax is on the Categories page). */
export function useShopSettings() {
  return trpc.settings.get.useQuery(undefined, { staleTime: 60_000 });
}

/**
 * Saves the whole Settings form. The reply is the saved settings: it replaces the cached ones,
 * and what shoppers see of them (footer, policies, delivery fees and checks, the ways to pay at
 * the checkout) is refetched.
 */
export function useSaveSettings() {
  const utils = trpc.useUtils();
  return trpc.settings.update.useMutation({
    onSuccess: async (saved) => {
      utils.settings.get.setData(undefined, saved);
      await Promise.all([utils.settings.storefront.invalidate(), utils.settings.deliveryCheck.invalidate(), utils.checkout.options.invalidate()]);
    },
  });
}

/** Saves a product's own HSN code and GST rate (null: its category's); the admin grid is refreshed so the next edit opens on them. */
export function useSetProductTax() {
  const utils = trpc.useUtils();
  return trpc.settings.setProductTax.useMutation({
    onSettled: () => utils.admin.products.invalidate(),
  });
}

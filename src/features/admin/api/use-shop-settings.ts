import { trpc } from '../../../lib/trpc';

/** The Settings page's data: every setting, the tax of each category, and when they were last saved. */
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

/** Saves one category's HSN code and GST rate; the reply (every category's) replaces the cached table. */
export function useSetCategoryTax() {
  const utils = trpc.useUtils();
  return trpc.settings.setCategoryTax.useMutation({
    onSuccess: (categoryTax) => {
      utils.settings.get.setData(undefined, (current) => (current ? { ...current, categoryTax } : current));
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

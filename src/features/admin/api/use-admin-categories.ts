import { trpc } from '../../../lib/trpc';

/** Every category with its tax, home row, template and products count (the Categories page, the product form, the product list's filter). */
export function useAdminCategories() {
  return trpc.catalog.adminCategories.useQuery(undefined, { staleTime: 15_000 });
}

/** After any change: the admin's list, and what shoppers see of categories (bubbles, rows, filters, labels). */
function useRefreshCategories() {
  const utils = trpc.useUtils();
  return () => Promise.all([utils.catalog.adminCategories.invalidate(), utils.catalog.categories.invalidate(), utils.catalog.categoryBubbles.invalidate()]);
}

export function useCreateCategory() {
  const refresh = useRefreshCategories();
  return trpc.catalog.createCategory.useMutation({ onSuccess: () => refresh() });
}

export function useUpdateCategory() {
  const refresh = useRefreshCategories();
  return trpc.catalog.updateCategory.useMutation({ onSuccess: () => refresh() });
}

/** Swaps a category with its neighbour (menu or home rows); the reply is the new list, which replaces the cached one at once. */
export function useMoveCategory() {
  const utils = trpc.useUtils();
  const refresh = useRefreshCategories();
  return trpc.catalog.moveCategory.useMutation({
    onSuccess: async (categories) => {
      utils.catalog.adminCategories.setData(undefined, categories);
      await refresh();
    },
  });
}

export function useDeleteCategory() {
  const refresh = useRefreshCategories();
  return trpc.catalog.deleteCategory.useMutation({ onSuccess: () => refresh() });
}

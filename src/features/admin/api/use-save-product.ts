import { errorAppCode, trpc } from '../../../lib/trpc';

/** After any product change: the admin grid, the dashboard's low-stock list, every storefront list and the stock histories (all under `catalog`). */
function useRefreshProducts() {
  const utils = trpc.useUtils();
  return () => Promise.all([utils.admin.products.invalidate(), utils.admin.dashboard.invalidate(), utils.catalog.invalidate()]);
}

export function useCreateProduct() {
  const refresh = useRefreshProducts();
  return trpc.catalog.create.useMutation({ onSuccess: refresh });
}

/** Saves an edit. A STOCK_CHANGED refusal means the grid shows an old figure: it is refreshed, so the form opens on the current stock next time. */
export function useUpdateProduct() {
  const utils = trpc.useUtils();
  const refresh = useRefreshProducts();
  return trpc.catalog.update.useMutation({
    onSuccess: refresh,
    // Not awaited: the refusal must reach the form without waiting for the grid.
    onError: (error) => {
      if (errorAppCode(error) === 'STOCK_CHANGED') void Promise.all([utils.admin.products.invalidate(), utils.catalog.stockHistory.invalidate()]);
    },
  });
}

/** Takes a product off sale; orders keep their own copy of it. */
export function useArchiveProduct() {
  const refresh = useRefreshProducts();
  return trpc.catalog.archive.useMutation({ onSuccess: refresh });
}

/** Puts an archived product back on sale: its old links work again. */
export function useRestoreProduct() {
  const refresh = useRefreshProducts();
  return trpc.catalog.restore.useMutation({ onSuccess: refresh });
}

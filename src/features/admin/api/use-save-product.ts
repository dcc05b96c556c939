import { trpc } from '../../../lib/trpc';

/** After any product change: the admin grid, the dashboard's low-stock list and every storefront list. */
function useRefreshProducts() {
  const utils = trpc.useUtils();
  return () => Promise.all([utils.admin.products.invalidate(), utils.admin.dashboard.invalidate(), utils.catalog.invalidate()]);
}

export function useCreateProduct() {
  const refresh = useRefreshProducts();
  return trpc.catalog.create.useMutation({ onSuccess: refresh });
}

export function useUpdateProduct() {
  const refresh = useRefreshProducts();
  return trpc.catalog.update.useMutation({ onSuccess: refresh });
}

/** Takes a product off sale; orders keep their own copy of it. */
export function useArchiveProduct() {
  const refresh = useRefreshProducts();
  return trpc.catalog.archive.useMutation({ onSuccess: refresh });
}

import { trpc } from '../../../lib/trpc';

/**
 * Takes the units a late-paid order is owed from stock (after a restock), so it can ship.
 * Afterwards the order lists, the dashboard's count and the stock wherever it shows (admin
 * grid, storefront, stock histories) are refreshed. A refusal refreshes too, without holding
 * up its message: "not waiting for stock" means another admin got there first.
 */
export function useResolveShortage() {
  const utils = trpc.useUtils();
  const refresh = () =>
    Promise.all([utils.admin.orders.invalidate(), utils.admin.dashboard.invalidate(), utils.admin.products.invalidate(), utils.catalog.invalidate(), utils.order.invalidate()]);
  return trpc.admin.resolveShortage.useMutation({
    onSuccess: refresh,
    onError: () => void refresh(),
  });
}

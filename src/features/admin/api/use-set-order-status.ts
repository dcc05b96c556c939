import { trpc } from '../../../lib/trpc';

/** Moves an order along (delivered, returned, cancelled); the lists, the dashboard, the parcels and the shoppers' order pages are refreshed. */
export function useSetOrderStatus() {
  const utils = trpc.useUtils();
  return trpc.admin.setOrderStatus.useMutation({
    onSettled: async () => {
      await Promise.all([
        utils.admin.orders.invalidate(),
        utils.admin.dashboard.invalidate(),
        utils.admin.products.invalidate(),
        utils.order.invalidate(),
        utils.shipping.invalidate(),
      ]);
    },
  });
}

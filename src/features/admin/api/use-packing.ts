import { trpc } from '../../../lib/trpc';

/** What the Pack & ship dialog shows for an order: its lines and what each unit needs, the parcel, the e-way bill, the manual courier's defaults. */
export function usePackingSheet(orderId: string) {
  return trpc.shipping.packingSheet.useQuery({ orderId }, { staleTime: 0 });
}

/** Saves the packing table (units' numbers, parcel, e-way bill); the reply is the new sheet, kept at once. The order list's parcels are read again. */
export function usePackOrder() {
  const utils = trpc.useUtils();
  return trpc.shipping.pack.useMutation({
    onSuccess: async (sheet) => {
      utils.shipping.packingSheet.setData({ orderId: sheet.orderId }, sheet);
      await utils.shipping.ofOrders.invalidate();
    },
  });
}

/**
 * Ships with the manual courier. The order moves to shipped: the admin's lists, the dashboard,
 * the parcels and the shoppers' order pages are read again (also after a refusal: the order may
 * have moved meanwhile).
 */
export function useShipManual() {
  const utils = trpc.useUtils();
  return trpc.shipping.shipManual.useMutation({
    onSettled: async () => {
      await Promise.all([utils.admin.orders.invalidate(), utils.admin.dashboard.invalidate(), utils.shipping.invalidate(), utils.order.invalidate()]);
    },
  });
}

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

/** Everything a parcel's move changes: the admin's lists, the dashboard, the parcels (and the NDR queue), the shoppers' order pages. */
function useRefreshAfterParcelMove() {
  const utils = trpc.useUtils();
  return () => Promise.all([utils.admin.orders.invalidate(), utils.admin.dashboard.invalidate(), utils.shipping.invalidate(), utils.order.invalidate()]);
}

/**
 * Books the packed parcel with Shiprocket (AWB, pickup). The reply is the new sheet, kept at once;
 * everything is read again after a failure too (a 502 may come after the AWB was stored).
 */
export function useBookCourier() {
  const utils = trpc.useUtils();
  const refresh = useRefreshAfterParcelMove();
  return trpc.shipping.book.useMutation({
    onSuccess: (sheet) => utils.shipping.packingSheet.setData({ orderId: sheet.orderId }, sheet),
    onSettled: refresh,
  });
}

/** Records the e-way bill of a packed (or booked) parcel before it is booked. */
export function useSetEwayBill() {
  const utils = trpc.useUtils();
  return trpc.shipping.setEwayBill.useMutation({
    onSuccess: async (sheet) => {
      utils.shipping.packingSheet.setData({ orderId: sheet.orderId }, sheet);
      await utils.shipping.ofOrders.invalidate();
    },
  });
}

/** The booked parcel left with the courier before its scan came in: the order ships. */
export function useHandOver() {
  const refresh = useRefreshAfterParcelMove();
  return trpc.shipping.handOver.useMutation({ onSettled: refresh });
}

/** A step the manual courier reported (out for delivery, a failed attempt, returning, back at the shop). */
export function useRecordDeliveryStep() {
  const refresh = useRefreshAfterParcelMove();
  return trpc.shipping.recordStep.useMutation({ onSettled: refresh });
}

/**
 * The couriers Shiprocket offers for the order's parcel (rates, dates, cash on delivery), asked
 * once per opening of the Ship step; a failure comes back in `error` (booking still works).
 */
export function useCourierRates(orderId: string, enabled: boolean) {
  return trpc.shipping.rates.useQuery({ orderId }, { enabled, staleTime: 60_000, retry: false });
}

/** Asks Shiprocket again to cancel a cancelled order's shipment it did not confirm cancelling. */
export function useRetryCourierCancel() {
  const refresh = useRefreshAfterParcelMove();
  return trpc.shipping.retryCancel.useMutation({ onSettled: refresh });
}

/** How many parcels await the courier's pickup (the Print manifest link shows when there are any). */
export function useAwaitingPickup() {
  return trpc.shipping.awaitingPickup.useQuery(undefined, { staleTime: 30_000 });
}

/** The manifest PDF: every parcel awaiting pickup, or those of the given orders. */
export const manifestUrl = (orderIds?: readonly string[]) =>
  orderIds && orderIds.length > 0 ? `/admin/manifest.pdf?ids=${orderIds.map(encodeURIComponent).join(',')}` : '/admin/manifest.pdf';

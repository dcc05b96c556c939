import { trpc } from '../../../lib/trpc';

/** The signed-in shopper's parcels by order id, in one call for their whole order page (never one per order). */
export function useMyShipments(enabled: boolean) {
  return trpc.shipping.mine.useQuery(undefined, { enabled });
}

import { trpc } from '../../../lib/trpc';

/** The signed-in shopper's paid orders, newest first (amounts in paise). */
export function useMyOrders(enabled: boolean) {
  return trpc.order.list.useQuery(undefined, { enabled });
}

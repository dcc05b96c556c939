import { trpc } from '../../../lib/trpc';

/**
 * Asks the provider again for the refund of a cancelled order paid online (after a failed one).
 * The reply is the order with the refund's new state; the lists and the shoppers' order pages
 * are refreshed.
 */
export function useRefundOrder() {
  const utils = trpc.useUtils();
  return trpc.admin.refundOrder.useMutation({
    onSettled: () => Promise.all([utils.admin.orders.invalidate(), utils.order.invalidate()]),
  });
}

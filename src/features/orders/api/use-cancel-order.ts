import { trpc } from '../../../lib/trpc';

/**
 * The shopper cancels their own cash-on-delivery order before it ships. The order list is read
 * again either way: a refusal (INVALID_TRANSITION) usually means it shipped meanwhile.
 */
export function useCancelOrder() {
  const utils = trpc.useUtils();
  return trpc.order.cancel.useMutation({
    onSettled: () => utils.order.list.invalidate(),
  });
}

import { trpc } from '../../../lib/trpc';

/** Parcels whose delivery failed, waiting for the admin's answer (the All orders page's panel). */
export function useNdrQueue() {
  return trpc.shipping.ndrQueue.useQuery(undefined, { staleTime: 15_000 });
}

/** Deliver again (with a note for the courier's agent) or return to the shop; the queue, the parcels and the orders are read again. */
export function useAnswerNdr() {
  const utils = trpc.useUtils();
  return trpc.shipping.answerNdr.useMutation({
    onSettled: () => Promise.all([utils.shipping.invalidate(), utils.admin.orders.invalidate(), utils.admin.dashboard.invalidate(), utils.order.invalidate()]),
  });
}

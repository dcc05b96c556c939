import { useState } from 'react';
import toast from 'react-hot-toast';
import type { Order } from '../../../../shared/schemas/order';
import { errorMessage } from '../../../lib/trpc';
import { useCancelOrder } from '../api/use-cancel-order';

export const ORDER_CANCELLED_MESSAGE = 'Order cancelled';

/**
 * "Cancel order" on a cash-on-delivery order that has not shipped yet, asked twice: nothing is
 * paid, so cancelling only puts its units back on sale. Nothing for any other order (one paid
 * online is cancelled, and refunded, by the shop).
 */
export function CancelCodOrder({ order }: { order: Order }) {
  const cancel = useCancelOrder();
  const [asking, setAsking] = useState(false);
  if (order.paymentMethod !== 'cod' || order.status !== 'confirmed') return null;

  const onConfirm = () =>
    cancel.mutate(
      { orderId: order._id },
      {
        onSuccess: () => toast.success(ORDER_CANCELLED_MESSAGE),
        // "It has shipped": the refetched list shows it so, without the button.
        onError: (error) => toast.error(errorMessage(error)),
        onSettled: () => setAsking(false),
      },
    );

  if (asking) {
    return (
      <div className="flex flex-wrap items-center gap-2 rounded-xl bg-red-50 px-3 py-2" role="group" aria-label={`Cancel order ${order.orderNumber}?`}>
        <span className="text-sm font-medium text-zinc-900">Cancel this order?</span>
        <button type="button" className="btn min-h-9 bg-red-700 px-3 text-white hover:bg-red-800" onClick={onConfirm} disabled={cancel.isPending}>
          {cancel.isPending ? 'Cancelling…' : 'Yes, cancel it'}
        </button>
        <button type="button" className="btn-ghost min-h-9 px-3" onClick={() => setAsking(false)} disabled={cancel.isPending}>
          Keep order
        </button>
      </div>
    );
  }
  return (
    <button type="button" className="btn-outline min-h-10 self-start border-red-700 text-red-800 hover:bg-red-50" onClick={() => setAsking(true)}>
      Cancel order<span className="sr-only"> {order.orderNumber}</span>
    </button>
  );
}

import { useState } from 'react';
import toast from 'react-hot-toast';
import { formatINR } from '../../../../shared/money';
import { ORDER_TRANSITIONS, SHOP_TIME_ZONE, type AdminOrder } from '../../../../shared/schemas/admin';
import type { OrderStatus, ShippingAddress } from '../../../../shared/schemas/order';
import { ProductImage } from '../../../components/product/product-image';
import { NO_ORDERS_MESSAGE } from '../../../components/orders/order-list';
import { groupByLongDate } from '../../../lib/format-date';
import { errorMessage } from '../../../lib/trpc';
import { useSetOrderStatus } from '../api/use-set-order-status';
import { ModalDialog } from './modal-dialog';

const STATUS_STYLE: Record<OrderStatus, string> = {
  pending: 'bg-amber-100 text-amber-900',
  paid: 'bg-emerald-100 text-emerald-900',
  shipped: 'bg-sky-100 text-sky-900',
  delivered: 'bg-brand-100 text-brand-900',
  cancelled: 'bg-zinc-200 text-zinc-800',
};

/** The button wording for moving an order to each status an admin can pick. */
const ACTION_LABEL: Partial<Record<OrderStatus, string>> = {
  shipped: 'Mark shipped',
  delivered: 'Mark delivered',
  cancelled: 'Cancel order',
};

function words(value: string): string {
  return value.replace(/_/g, ' ');
}

export function addressLines(address: ShippingAddress | null): string[] {
  if (!address) return [];
  const cityLine = [address.city, address.state, address.postalCode].filter(Boolean).join(', ');
  return [address.name, address.line1, address.line2, cityLine, address.country].filter((line): line is string => Boolean(line));
}

/**
 * Every order as the shopper's order page lays it out (grouped by the long date it was placed,
 * lines, payment, shipping, total), plus the customer, the shipping address, the status and
 * the buttons that move it along.
 */
export function AdminOrderList({ orders }: { orders: readonly AdminOrder[] }) {
  const [confirmCancel, setConfirmCancel] = useState<AdminOrder | null>(null);
  const setStatus = useSetOrderStatus();

  const move = async (order: AdminOrder, status: OrderStatus) => {
    try {
      await setStatus.mutateAsync({ orderId: order._id, status });
      toast.success(status === 'cancelled' ? 'Order cancelled' : `Order marked ${status}`);
      return true;
    } catch (error) {
      toast.error(errorMessage(error));
      return false;
    }
  };

  if (orders.length === 0) {
    return <p className="card px-4 py-10 text-center text-lg font-semibold text-zinc-800">{NO_ORDERS_MESSAGE}</p>;
  }
  const busyId = setStatus.isPending ? setStatus.variables.orderId : null;

  return (
    <div className="flex flex-col gap-8">
      {groupByLongDate(orders, SHOP_TIME_ZONE).map((group) => (
        <section key={group.date} aria-label={`Orders of ${group.date}`}>
          <h3 className="mb-3 text-lg font-bold text-zinc-900">{group.date}</h3>
          <ul className="flex flex-col gap-4">
            {group.items.map((order) => (
              <AdminOrderCard
                key={order._id}
                order={order}
                busy={busyId === order._id}
                onMove={(status) => {
                  if (status === 'cancelled') setConfirmCancel(order);
                  else void move(order, status);
                }}
              />
            ))}
          </ul>
        </section>
      ))}
      {confirmCancel ? (
        <ModalDialog title="Cancel this order?" onClose={() => setConfirmCancel(null)} widthClassName="max-w-md">
          <p className="text-sm text-zinc-700">
            Order {confirmCancel._id} of {confirmCancel.customer.name} ({formatINR(confirmCancel.totalAmount)}) will be marked cancelled.{' '}
            {confirmCancel.status === 'paid' ? 'Its units go back on sale.' : 'It has shipped, so its units are not put back on sale: edit the product when the parcel comes back.'}{' '}
            Refund the payment at the payment provider.
          </p>
          <div className="mt-5 flex justify-end gap-2">
            <button type="button" className="btn-ghost" onClick={() => setConfirmCancel(null)}>
              Keep order
            </button>
            <button
              type="button"
              className="btn bg-red-700 text-white hover:bg-red-800"
              disabled={setStatus.isPending}
              onClick={() => {
                void move(confirmCancel, 'cancelled').then((done) => {
                  if (done) setConfirmCancel(null);
                });
              }}
            >
              Cancel order
            </button>
          </div>
        </ModalDialog>
      ) : null}
    </div>
  );
}

function AdminOrderCard({ order, busy, onMove }: { order: AdminOrder; busy: boolean; onMove: (status: OrderStatus) => void }) {
  const address = addressLines(order.shippingAddress);
  const next = ORDER_TRANSITIONS[order.status];
  return (
    <li className="card flex flex-col gap-4 p-4" data-testid="admin-order" data-order-id={order._id}>
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-zinc-100 pb-3">
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span className={`rounded-full px-2.5 py-0.5 font-semibold capitalize ${STATUS_STYLE[order.status]}`} data-testid="order-status">
            {order.status}
          </span>
          <span className="text-zinc-600">Order {order._id}</span>
        </div>
        {next.length > 0 ? (
          <div className="flex gap-2">
            {next.map((status) => (
              <button
                key={status}
                type="button"
                className={status === 'cancelled' ? 'btn-ghost text-red-800 hover:bg-red-50' : 'btn-primary'}
                disabled={busy}
                onClick={() => onMove(status)}
                aria-label={`${ACTION_LABEL[status] ?? status}: order ${order._id}`}
              >
                {ACTION_LABEL[status] ?? status}
              </button>
            ))}
          </div>
        ) : null}
      </div>

      <div className="flex flex-col gap-4 xl:flex-row xl:gap-6">
        <ul className="flex min-w-0 flex-1 flex-col gap-3">
          {order.productDetails.map((line, i) => (
            <li key={`${line.productId}-${i}`} className="flex gap-3">
              <div className="aspect-square w-20 shrink-0 overflow-hidden rounded-lg bg-zinc-100">
                <ProductImage url={line.image[0]} alt={line.name} sizes="80px" width={80} height={80} className="h-full w-full object-contain p-1 mix-blend-multiply" />
              </div>
              <div className="min-w-0">
                <p className="line-clamp-2 font-medium text-zinc-900">{line.name}</p>
                <p className="font-semibold text-brand-700">{formatINR(line.price)}</p>
                <p className="text-sm text-zinc-700">Quantity : {line.quantity}</p>
              </div>
            </li>
          ))}
        </ul>

        <div className="grid grid-cols-2 gap-6 border-t border-zinc-100 pt-3 text-sm xl:w-[30rem] xl:shrink-0 xl:border-t-0 xl:pt-0">
          <div className="flex min-w-0 flex-col gap-3">
            <div>
              <h4 className="font-semibold text-zinc-900">Customer :</h4>
              <p className="truncate text-zinc-800" data-testid="customer-name">
                {order.customer.name}
              </p>
              <p className="text-zinc-700 [overflow-wrap:anywhere]">{order.customer.email}</p>
              {order.email !== order.customer.email ? <p className="text-xs text-zinc-600 [overflow-wrap:anywhere]">Checkout email: {order.email}</p> : null}
            </div>
            <div>
              <h4 className="font-semibold text-zinc-900">Shipping Address :</h4>
              {address.length === 0 ? (
                <p className="text-zinc-600">Not given yet</p>
              ) : (
                <address className="not-italic text-zinc-700">
                  {address.map((line, i) => (
                    <span key={i} className="block">
                      {line}
                    </span>
                  ))}
                </address>
              )}
            </div>
          </div>

          <div className="flex min-w-0 flex-col gap-3">
            <div>
              <h4 className="font-semibold text-zinc-900">Payment Details :</h4>
              <p className="text-zinc-700">Payment method : {order.paymentDetails.payment_method_type.map(words).join(', ') || '—'}</p>
              <p className="capitalize text-zinc-700">Payment Status : {words(order.paymentDetails.payment_status)}</p>
              {order.amountMismatch ? (
                <p className="font-semibold text-red-800">Charged {order.amountCharged === null ? '—' : formatINR(order.amountCharged)}: check this payment</p>
              ) : null}
            </div>
            <div>
              <h4 className="font-semibold text-zinc-900">Shipping Details:</h4>
              {order.shipping_options.length === 0 ? (
                <p className="text-zinc-700">Shipping Amount : {formatINR(0)}</p>
              ) : (
                order.shipping_options.map((option, i) => (
                  <p key={i} className="text-zinc-700">
                    {option.shipping_rate ? <span className="capitalize">{words(option.shipping_rate)} · </span> : null}
                    Shipping Amount : {formatINR(option.shipping_amount)}
                  </p>
                ))
              )}
            </div>
            <p className="text-base font-bold text-zinc-900">Total Amount : {formatINR(order.totalAmount)}</p>
          </div>
        </div>
      </div>
    </li>
  );
}

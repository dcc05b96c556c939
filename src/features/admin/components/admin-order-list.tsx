import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { formatINR } from '../../../../shared/money';
import { ORDER_TRANSITIONS, type AdminOrder } from '../../../../shared/schemas/admin';
import type { OrderDocument, OrderStatus, ShippingAddress } from '../../../../shared/schemas/order';
import type { DeliveryAddress } from '../../../../shared/schemas/settings';
import { NoOrders, OrderIdentity, OrderLines, OrderPaymentSummary, OrdersByDate } from '../../../components/orders/order-list';
import { addressLines as deliveryLines, formatPhone } from '../../../lib/format-address';
import { errorMessage } from '../../../lib/trpc';
import { useShopTimeZone } from '../../settings/api/use-shop-time-zone';
import { useResolveShortage } from '../api/use-resolve-shortage';
import { useSetOrderStatus } from '../api/use-set-order-status';
import { ModalDialog } from './modal-dialog';

/** The button wording for moving an order to each status an admin can pick. */
const ACTION_LABEL: Partial<Record<OrderStatus, string>> = {
  shipped: 'Mark shipped',
  delivered: 'Mark delivered',
  cancelled: 'Cancel order',
};

export const STOCK_SHORTFALL_NOTICE = 'Paid, not in stock: restock or refund';
export const SHORTFALL_RESOLVED_MESSAGE = 'Units taken from stock: the order can ship';

export function addressLines(address: ShippingAddress | null): string[] {
  if (!address) return [];
  const cityLine = [address.city, address.state, address.postalCode].filter(Boolean).join(', ');
  return [address.name, address.line1, address.line2, cityLine, address.country].filter((line): line is string => Boolean(line));
}

/** The delivery address chosen at checkout, as printed on the invoice: name, lines, city, state and PIN, phone, and a business buyer's GSTIN. */
export function deliveryAddressLines(address: DeliveryAddress): string[] {
  return [address.name, ...deliveryLines(address), `Phone ${formatPhone(address.phone)}`, ...(address.gstin ? [`GSTIN ${address.gstin}`] : [])];
}

/** What the cancel dialog says about tax documents: a credit note is issued for an invoiced order (once). */
export function creditNoteNotice(order: Pick<AdminOrder, 'invoice' | 'creditNote'>): string | null {
  if (!order.invoice || order.creditNote) return null;
  return `A credit note will be issued for invoice ${order.invoice.number}.`;
}

/**
 * Every order as the shopper's order page lays it out (grouped by the long date it was placed,
 * lines, payment, shipping, total), plus the customer, the shipping address, the status and
 * the buttons that move it along. An order paid for units that were no longer in stock (a late
 * payment) says so in red and cannot ship until its units are taken from stock.
 */
export function AdminOrderList({ orders }: { orders: readonly AdminOrder[] }) {
  const [confirmCancel, setConfirmCancel] = useState<AdminOrder | null>(null);
  const setStatus = useSetOrderStatus();
  const resolveShortage = useResolveShortage();
  const timeZone = useShopTimeZone();

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

  const takeFromStock = async (order: AdminOrder) => {
    try {
      await resolveShortage.mutateAsync({ orderId: order._id });
      toast.success(SHORTFALL_RESOLVED_MESSAGE);
    } catch (error) {
      // OUT_OF_STOCK names the product still short: the admin restocks it and tries again.
      toast.error(errorMessage(error));
    }
  };

  if (orders.length === 0) return <NoOrders />;
  const busyIds = new Set([setStatus.isPending ? setStatus.variables.orderId : null, resolveShortage.isPending ? resolveShortage.variables.orderId : null]);

  return (
    <div className="flex flex-col gap-8">
      <OrdersByDate
        orders={orders}
        timeZone={timeZone}
        heading="h3"
        renderOrder={(order) => (
          <AdminOrderCard
            key={order._id}
            order={order}
            busy={busyIds.has(order._id)}
            onMove={(status) => {
              if (status === 'cancelled') setConfirmCancel(order);
              else void move(order, status);
            }}
            onTakeFromStock={() => void takeFromStock(order)}
          />
        )}
      />
      {confirmCancel ? (
        <ModalDialog title="Cancel this order?" onClose={() => setConfirmCancel(null)} widthClassName="max-w-md">
          <p className="text-sm text-zinc-700">
            Order {confirmCancel._id} of {confirmCancel.customer.name} ({formatINR(confirmCancel.totalAmount)}) will be marked cancelled.{' '}
            {confirmCancel.status === 'paid'
              ? confirmCancel.stockShortfall > 0
                ? 'The units it got from stock go back on sale; the ones it was never given are no longer owed.'
                : 'Its units go back on sale.'
              : 'It has shipped, so its units are not put back on sale: edit the product when the parcel comes back.'}{' '}
            Refund the payment at the payment provider.
          </p>
          {creditNoteNotice(confirmCancel) ? (
            <p className="mt-3 rounded-xl bg-amber-50 px-3 py-2 text-sm font-medium text-amber-950" data-testid="credit-note-notice">
              {creditNoteNotice(confirmCancel)}
            </p>
          ) : null}
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

function AdminOrderCard({ order, busy, onMove, onTakeFromStock }: { order: AdminOrder; busy: boolean; onMove: (status: OrderStatus) => void; onTakeFromStock: () => void }) {
  // The address chosen before payment when there is one; older orders have only the one the payment page collected.
  const address = order.deliveryAddress ? deliveryAddressLines(order.deliveryAddress) : addressLines(order.shippingAddress);
  const next = ORDER_TRANSITIONS[order.status];
  const noticeId = useId();
  const short = order.stockShortfall > 0;
  // The server refuses to ship units it does not have; the notice says what to do instead.
  const blocked = (status: OrderStatus) => short && status === 'shipped';
  return (
    <li className="card flex flex-col gap-4 p-4" data-testid="admin-order" data-order-id={order._id}>
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-zinc-100 pb-3">
        <OrderIdentity order={order} />
        {next.length > 0 ? (
          <div className="flex gap-2">
            {next.map((status) => (
              <button
                key={status}
                type="button"
                className={status === 'cancelled' ? 'btn-ghost text-red-800 hover:bg-red-50' : 'btn-primary'}
                disabled={busy || blocked(status)}
                onClick={() => onMove(status)}
                aria-label={`${ACTION_LABEL[status] ?? status}: order ${order._id}`}
                aria-describedby={blocked(status) ? noticeId : undefined}
              >
                {ACTION_LABEL[status] ?? status}
              </button>
            ))}
          </div>
        ) : null}
      </div>

      {short ? (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border-2 border-red-600 bg-red-50 px-4 py-3 text-red-900" data-testid="stock-shortfall">
          <div id={noticeId} className="min-w-0 flex-1">
            <p className="font-bold">{STOCK_SHORTFALL_NOTICE}</p>
            <p className="text-sm">
              {order.stockShortfall} {order.stockShortfall === 1 ? 'unit was' : 'units were'} paid for after the stock had sold out. Restock the product and take them from stock so
              the order can ship, or cancel the order and refund the payment.
            </p>
          </div>
          {order.status === 'paid' ? (
            <button
              type="button"
              className="btn bg-red-700 text-white hover:bg-red-800"
              disabled={busy}
              onClick={onTakeFromStock}
              aria-label={`Take from stock: order ${order._id}`}
            >
              Take from stock
            </button>
          ) : null}
        </div>
      ) : null}

      <div className="flex flex-col gap-4 xl:flex-row xl:gap-6">
        <OrderLines lines={order.productDetails} className="flex min-w-0 flex-1 flex-col gap-3" showNotInStock />

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
            {order.invoice || order.creditNote ? (
              <div>
                <h4 className="font-semibold text-zinc-900">Tax documents :</h4>
                <ul className="flex flex-col gap-0.5" data-testid="order-documents">
                  {order.invoice ? <DocumentLink label="Invoice" document={order.invoice} orderId={order._id} /> : null}
                  {order.creditNote ? <DocumentLink label="Credit note" document={order.creditNote} orderId={order._id} /> : null}
                </ul>
              </div>
            ) : null}
          </div>

          <OrderPaymentSummary
            order={order}
            heading="h4"
            className="flex min-w-0 flex-col gap-3"
            paymentNote={
              order.amountMismatch ? (
                <p className="font-semibold text-red-800">Charged {order.amountCharged === null ? '—' : formatINR(order.amountCharged)}: check this payment</p>
              ) : null
            }
          />
        </div>
      </div>
    </li>
  );
}

/** A download link to an order's invoice or credit note PDF (a server route, not a screen: a plain link). */
function DocumentLink({ label, document, orderId }: { label: string; document: OrderDocument; orderId: string }) {
  return (
    <li>
      <a href={document.url} className="font-semibold text-brand-700 underline hover:text-brand-800 [overflow-wrap:anywhere]">
        {`${label} ${document.number}`}
        <span className="sr-only">{` of order ${orderId} (PDF)`}</span>
      </a>
    </li>
  );
}

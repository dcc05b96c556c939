import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { formatINR } from '../../../../shared/money';
import { nextStatuses, type AdminOrder } from '../../../../shared/schemas/admin';
import type { OrderDocument, OrderPaymentProvider, OrderRefund, OrderStatus, PaymentMethod, ShippingAddress } from '../../../../shared/schemas/order';
import type { DeliveryAddress } from '../../../../shared/schemas/settings';
import { NoOrders, OrderIdentity, OrderLines, OrderPaymentSummary, OrdersByDate } from '../../../components/orders/order-list';
import { formatDateTime } from '../../../lib/format-date';
import { addressLines as deliveryLines, formatPhone } from '../../../lib/format-address';
import { errorMessage } from '../../../lib/trpc';
import { useShopTimeZone } from '../../../lib/use-shop-time-zone';
import { useRefundOrder } from '../api/use-refund-order';
import { useResolveShortage } from '../api/use-resolve-shortage';
import { useSetOrderStatus } from '../api/use-set-order-status';
import { useOrderShipments } from '../api/use-order-shipments';
import type { AdminShipment } from '../../../../shared/schemas/shipping';
import { ModalDialog } from './modal-dialog';
import { OrderParcel } from './order-parcel';
import { PackAndShipDialog } from './pack-and-ship-dialog';

/**
 * The button wording for moving an order to each status an admin can pick; a COD parcel's
 * delivery is when the cash comes in. Shipping is the Pack & ship dialog, not a bare move.
 */
export function actionLabel(status: OrderStatus, method: PaymentMethod): string {
  switch (status) {
    case 'shipped':
      return 'Pack & ship';
    case 'delivered':
      return method === 'cod' ? 'Delivered, cash collected' : 'Mark delivered';
    case 'returned':
      return 'Returned undelivered';
    case 'cancelled':
      return 'Cancel order';
    default:
      return status;
  }
}

/** Who took (or takes) the money, as the admin list names it. */
export const PROVIDER_LABEL: Record<OrderPaymentProvider, string> = { cod: 'COD', stripe: 'Stripe', razorpay: 'Razorpay', test: 'Test' };
/** The provider in a sentence: "Refund ₹X through Stripe". */
const PROVIDER_IN_TEXT: Record<OrderPaymentProvider, string> = { cod: 'cash on delivery', stripe: 'Stripe', razorpay: 'Razorpay', test: 'the test checkout' };

/** What the admin reads of a refund's outcome (a toast after asking, and on the order). */
export function refundOutcome(refund: OrderRefund): { ok: boolean; text: string } {
  if (refund.status === 'succeeded') return { ok: true, text: `Refunded ${formatINR(refund.amount)}` };
  if (refund.status === 'pending') return { ok: true, text: `Refund of ${formatINR(refund.amount)} in progress` };
  return { ok: false, text: `Refund failed: ${refund.error ?? 'the provider gave no reason'}` };
}

/** An order paid online and not refunded yet: cancelling it can refund it through its provider. */
export function refundable(order: Pick<AdminOrder, 'paidAt' | 'paymentMethod'>): boolean {
  return order.paymentMethod === 'online' && order.paidAt !== null;
}

/** The amount a refund gives back: what the provider charged, else the order's total. */
const refundAmount = (order: AdminOrder) => order.amountCharged ?? order.totalAmount;

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
  const [packing, setPacking] = useState<AdminOrder | null>(null);
  const shipments = useOrderShipments(orders);
  const setStatus = useSetOrderStatus();
  const resolveShortage = useResolveShortage();
  const refundOrder = useRefundOrder();
  const timeZone = useShopTimeZone();

  const move = async (order: AdminOrder, status: OrderStatus, opts: { refund?: boolean } = {}) => {
    try {
      const updated = await setStatus.mutateAsync({ orderId: order._id, status, ...(opts.refund ? { refund: true } : {}) });
      if (status !== 'cancelled') toast.success(`Order marked ${status}`);
      else if (opts.refund && updated.refund) {
        // The order is cancelled whatever the provider said; a failed refund stays on it with Retry refund.
        const outcome = refundOutcome(updated.refund);
        if (outcome.ok) toast.success(`Order cancelled. ${outcome.text}`);
        else toast.error(`Order cancelled. ${outcome.text}`);
      } else toast.success('Order cancelled');
      return true;
    } catch (error) {
      toast.error(errorMessage(error));
      return false;
    }
  };

  const retryRefund = async (order: AdminOrder) => {
    try {
      const updated = await refundOrder.mutateAsync({ orderId: order._id });
      const outcome = updated.refund ? refundOutcome(updated.refund) : { ok: true, text: 'Refund asked for' };
      if (outcome.ok) toast.success(outcome.text);
      else toast.error(outcome.text);
    } catch (error) {
      toast.error(errorMessage(error));
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
  const busyIds = new Set([
    setStatus.isPending ? setStatus.variables.orderId : null,
    resolveShortage.isPending ? resolveShortage.variables.orderId : null,
    refundOrder.isPending ? refundOrder.variables.orderId : null,
  ]);

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
            shipment={shipments[order._id]}
            onMove={(status) => {
              if (status === 'cancelled') setConfirmCancel(order);
              else if (status === 'shipped') setPacking(order);
              else void move(order, status);
            }}
            onTakeFromStock={() => void takeFromStock(order)}
            onRetryRefund={() => void retryRefund(order)}
            timeZone={timeZone}
          />
        )}
      />
      {packing ? <PackAndShipDialog orderId={packing._id} orderNumber={packing.orderNumber} onClose={() => setPacking(null)} /> : null}
      {confirmCancel ? (
        <CancelOrderDialog
          order={confirmCancel}
          pending={setStatus.isPending}
          onClose={() => setConfirmCancel(null)}
          onConfirm={(refund) => {
            void move(confirmCancel, 'cancelled', { refund }).then((done) => {
              if (done) setConfirmCancel(null);
            });
          }}
        />
      ) : null}
    </div>
  );
}

/**
 * "Cancel this order?": what happens to its units, its tax documents and its money. An order
 * paid online offers its refund through the provider that took it, ticked: cancelling a paid
 * order without giving the money back is the exception.
 */
function CancelOrderDialog({ order, pending, onClose, onConfirm }: { order: AdminOrder; pending: boolean; onClose: () => void; onConfirm: (refund: boolean) => void }) {
  const canRefund = refundable(order);
  const [refund, setRefund] = useState(canRefund);
  const checkboxId = useId();
  const units =
    order.status === 'paid' || order.status === 'confirmed'
      ? order.stockShortfall > 0
        ? 'The units it got from stock go back on sale; the ones it was never given are no longer owed.'
        : 'Its units go back on sale.'
      : 'It has shipped, so its units are not put back on sale: edit the product when the parcel comes back.';
  const money =
    order.paymentMethod === 'cod'
      ? 'Nothing was paid for it: it was to be paid in cash on delivery.'
      : canRefund && !refund
        ? 'Refund the payment at the payment provider yourself.'
        : canRefund
          ? ''
          : 'Refund the payment at the payment provider.';
  return (
    <ModalDialog title="Cancel this order?" onClose={onClose} widthClassName="max-w-md">
      <p className="text-sm text-zinc-700">
        Order {order.orderNumber} of {order.customer.name} ({formatINR(order.totalAmount)}) will be marked cancelled. {units}
        {money ? ` ${money}` : null}
      </p>
      {canRefund ? (
        <div className="mt-3 flex items-start gap-3 rounded-xl border border-zinc-200 px-3 py-2">
          <input id={checkboxId} type="checkbox" className="mt-0.5 size-5 shrink-0 accent-brand-700" checked={refund} onChange={(event) => setRefund(event.target.checked)} />
          <label htmlFor={checkboxId} className="text-sm font-medium text-zinc-900">
            Refund {formatINR(refundAmount(order))} through {PROVIDER_IN_TEXT[order.provider]}
          </label>
        </div>
      ) : null}
      {creditNoteNotice(order) ? (
        <p className="mt-3 rounded-xl bg-amber-50 px-3 py-2 text-sm font-medium text-amber-950" data-testid="credit-note-notice">
          {creditNoteNotice(order)}
        </p>
      ) : null}
      <div className="mt-5 flex justify-end gap-2">
        <button type="button" className="btn-ghost" onClick={onClose}>
          Keep order
        </button>
        <button type="button" className="btn bg-red-700 text-white hover:bg-red-800" disabled={pending} onClick={() => onConfirm(canRefund && refund)}>
          {pending ? 'Cancelling…' : 'Cancel order'}
        </button>
      </div>
    </ModalDialog>
  );
}

/**
 * Where a refund stands: its outcome, the provider's refund id and when, and Retry refund after a
 * failure. A cancelled order paid online with no refund asked for (cancelled with the box
 * unticked, or before refunds came to the panel) offers one, asked twice.
 */
function RefundStatus({ order, busy, onRetry, timeZone }: { order: AdminOrder; busy: boolean; onRetry: () => void; timeZone: string }) {
  const { refund } = order;
  if (!refund) return order.status === 'cancelled' && refundable(order) ? <RefundLater order={order} busy={busy} onRefund={onRetry} /> : null;
  const outcome = refundOutcome(refund);
  return (
    <div
      className={`flex flex-wrap items-center justify-between gap-3 rounded-xl px-4 py-3 ${outcome.ok ? 'bg-zinc-50 text-zinc-900' : 'border-2 border-red-600 bg-red-50 text-red-900'}`}
      data-testid="refund-status"
    >
      <div className="min-w-0 flex-1 text-sm">
        <p className="font-bold">{outcome.text}</p>
        <p>
          Through {PROVIDER_IN_TEXT[order.provider]}, {formatDateTime(refund.at, timeZone)}
          {refund.id ? <span className="[overflow-wrap:anywhere]"> · refund {refund.id}</span> : null}
        </p>
      </div>
      {refund.status === 'failed' ? (
        <button type="button" className="btn bg-red-700 text-white hover:bg-red-800" disabled={busy} onClick={onRetry} aria-label={`Retry refund: order ${order.orderNumber}`}>
          Retry refund
        </button>
      ) : null}
    </div>
  );
}

function RefundLater({ order, busy, onRefund }: { order: AdminOrder; busy: boolean; onRefund: () => void }) {
  const [asking, setAsking] = useState(false);
  const what = `Refund ${formatINR(refundAmount(order))} through ${PROVIDER_IN_TEXT[order.provider]}`;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-zinc-50 px-4 py-3 text-zinc-900" data-testid="refund-status">
      <p className="min-w-0 flex-1 text-sm">
        <span className="font-bold">Not refunded through {PROVIDER_IN_TEXT[order.provider]}.</span> Refund it here unless it was refunded another way.
      </p>
      {asking ? (
        <div className="flex flex-wrap items-center gap-2" role="group" aria-label={`${what}?`}>
          <button
            type="button"
            className="btn bg-red-700 text-white hover:bg-red-800"
            disabled={busy}
            onClick={() => {
              setAsking(false);
              onRefund();
            }}
          >
            Yes, refund
          </button>
          <button type="button" className="btn-ghost" onClick={() => setAsking(false)}>
            Not now
          </button>
        </div>
      ) : (
        <button type="button" className="btn-outline" disabled={busy} onClick={() => setAsking(true)} aria-label={`${what}: order ${order.orderNumber}`}>
          {what}
        </button>
      )}
    </div>
  );
}

function AdminOrderCard({
  order,
  busy,
  shipment,
  onMove,
  onTakeFromStock,
  onRetryRefund,
  timeZone,
}: {
  order: AdminOrder;
  busy: boolean;
  /** Its parcel, once packed (the list reads them a page at a time). */
  shipment: AdminShipment | undefined;
  onMove: (status: OrderStatus) => void;
  onTakeFromStock: () => void;
  onRetryRefund: () => void;
  timeZone: string;
}) {
  // The address chosen before payment when there is one; older orders have only the one the payment page collected.
  const address = order.deliveryAddress ? deliveryAddressLines(order.deliveryAddress) : addressLines(order.shippingAddress);
  const next = nextStatuses(order.status, order.paymentMethod);
  const noticeId = useId();
  const short = order.stockShortfall > 0;
  // The server refuses to ship units it does not have; the notice says what to do instead.
  const blocked = (status: OrderStatus) => short && status === 'shipped';
  return (
    <li className="card flex flex-col gap-4 p-4" data-testid="admin-order" data-order-id={order._id}>
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-zinc-100 pb-3">
        <OrderIdentity order={order}>
          <span className="rounded-full border border-zinc-300 px-2 py-0.5 text-xs font-semibold text-zinc-800" data-testid="payment-provider">
            <span className="sr-only">Payment: </span>
            {PROVIDER_LABEL[order.provider]}
          </span>
        </OrderIdentity>
        {next.length > 0 ? (
          <div className="flex flex-wrap gap-2">
            {next.map((status) => (
              <button
                key={status}
                type="button"
                className={status === 'cancelled' ? 'btn-ghost text-red-800 hover:bg-red-50' : status === 'returned' ? 'btn-outline' : 'btn-primary'}
                disabled={busy || blocked(status)}
                onClick={() => onMove(status)}
                aria-label={`${actionLabel(status, order.paymentMethod)}: order ${order.orderNumber}`}
                aria-describedby={blocked(status) ? noticeId : undefined}
              >
                {actionLabel(status, order.paymentMethod)}
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
              aria-label={`Take from stock: order ${order.orderNumber}`}
            >
              Take from stock
            </button>
          ) : null}
        </div>
      ) : null}

      <RefundStatus order={order} busy={busy} onRetry={onRetryRefund} timeZone={timeZone} />

      {shipment ? <OrderParcel orderId={order._id} orderNumber={order.orderNumber} shipment={shipment} lines={order.productDetails} timeZone={timeZone} /> : null}

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
                  {order.invoice ? <DocumentLink label="Invoice" document={order.invoice} orderNumber={order.orderNumber} /> : null}
                  {order.creditNote ? <DocumentLink label="Credit note" document={order.creditNote} orderNumber={order.orderNumber} /> : null}
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
function DocumentLink({ label, document, orderNumber }: { label: string; document: OrderDocument; orderNumber: string }) {
  return (
    <li>
      <a href={document.url} className="font-semibold text-brand-700 underline hover:text-brand-800 [overflow-wrap:anywhere]">
        {`${label} ${document.number}`}
        <span className="sr-only">{` of order ${orderNumber} (PDF)`}</span>
      </a>
    </li>
  );
}

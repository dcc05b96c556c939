import type { ReactNode } from 'react';
import { GST_TIME_ZONE } from '../../../shared/gst';
import { formatINR } from '../../../shared/money';
import type { Order } from '../../../shared/schemas/order';
import { addressOneLine, formatPhone } from '../../lib/format-address';
import { formatLongDate, groupByLongDate } from '../../lib/format-date';
import { ProductImage } from '../product/product-image';

export const NO_ORDERS_MESSAGE = 'No Order available!';

const STATUS_STYLE: Record<Order['status'], string> = {
  pending: 'bg-amber-100 text-amber-900',
  paid: 'bg-emerald-100 text-emerald-900',
  confirmed: 'bg-emerald-100 text-emerald-900',
  shipped: 'bg-sky-100 text-sky-900',
  delivered: 'bg-brand-100 text-brand-900',
  returned: 'bg-zinc-200 text-zinc-800',
  cancelled: 'bg-zinc-200 text-zinc-800',
};

/** What the status pill says (its first letter shown as a capital). */
export const STATUS_LABEL: Record<Order['status'], string> = {
  pending: 'pending',
  paid: 'paid',
  confirmed: 'Confirmed · pay on delivery',
  shipped: 'shipped',
  delivered: 'delivered',
  returned: 'Returned undelivered',
  cancelled: 'cancelled',
};

export const COD_PAYMENT_METHOD = 'Cash on delivery';

/** "Refund of ₹X: processed / in progress / failed", as the shopper reads it. */
export const REFUND_STATE: Record<NonNullable<Order['refund']>['status'], string> = {
  succeeded: 'processed',
  pending: 'in progress',
  failed: 'failed',
};

function words(value: string): string {
  return value.replace(/_/g, ' ');
}

// The pieces below lay out an order the same way on the shopper's order page and the admin's
// all-orders page; `heading` is the level their headings take on the page that uses them.
type HeadingTag = 'h2' | 'h3' | 'h4';

export function NoOrders() {
  return <p className="card px-4 py-10 text-center text-lg font-semibold text-zinc-800">{NO_ORDERS_MESSAGE}</p>;
}

/** Orders grouped under the long-form date they were placed, newest first as they arrive. */
export function OrdersByDate<T extends Order>({
  orders,
  timeZone,
  heading,
  renderOrder,
}: {
  orders: readonly T[];
  /** The shop's zone (useShopTimeZone): the day an order was placed is the shop's day. */
  timeZone: string;
  heading: HeadingTag;
  renderOrder: (order: T) => ReactNode;
}) {
  const Heading = heading;
  return groupByLongDate(orders, timeZone).map((group) => (
    <section key={group.date} aria-label={`Orders of ${group.date}`}>
      <Heading className="mb-3 text-lg font-bold text-zinc-900">{group.date}</Heading>
      <ul className="flex flex-col gap-4">{group.items.map(renderOrder)}</ul>
    </section>
  ));
}

/** The status pill and the order's readable number (VM-2026-000123); `children` follow them on the same line. */
export function OrderIdentity({ order, children }: { order: Order; children?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <span className={`rounded-full px-2.5 py-0.5 font-semibold first-letter:uppercase ${STATUS_STYLE[order.status]}`} data-testid="order-status">
        {STATUS_LABEL[order.status]}
      </span>
      <span className="text-zinc-600" data-testid="order-number">
        Order <span className="font-semibold text-zinc-900 tabular-nums">{order.orderNumber}</span>
      </span>
      {children}
    </div>
  );
}

/**
 * The order's lines; `showNotInStock` (the admin's view) says how many units of a line were paid
 * for but are not in stock; `lineNote(i)` goes under the i-th line (its units' serial numbers).
 */
export function OrderLines({
  lines,
  className,
  showNotInStock = false,
  lineNote,
}: {
  lines: Order['productDetails'];
  className: string;
  showNotInStock?: boolean;
  lineNote?: (index: number) => ReactNode;
}) {
  return (
    <ul className={className}>
      {lines.map((line, i) => (
        <li key={`${line.productId}-${i}`} className="flex gap-3">
          <div className="aspect-square w-20 shrink-0 overflow-hidden rounded-lg bg-zinc-100">
            <ProductImage url={line.image[0]} alt={line.name} sizes="80px" width={80} height={80} className="h-full w-full object-contain p-1 mix-blend-multiply" />
          </div>
          <div className="min-w-0">
            <p className="line-clamp-2 font-medium text-zinc-900">{line.name}</p>
            {line.variantLabel ? (
              <p className="text-sm text-zinc-700" data-testid="order-line-variant">
                {line.variantLabel}
                {line.sku ? <span className="text-zinc-600">{` · SKU ${line.sku}`}</span> : null}
              </p>
            ) : null}
            <p className="font-semibold text-brand-700">{formatINR(line.price)}</p>
            {line.discount ? (
              <p className="text-sm font-medium text-green-800" data-testid="order-line-discount">
                Discount : −{formatINR(line.discount)}
              </p>
            ) : null}
            <p className="text-sm text-zinc-700">
              Quantity : {line.quantity}
              {showNotInStock && line.notInStock > 0 ? <span className="ml-1 font-semibold text-red-800">({line.notInStock} not in stock)</span> : null}
            </p>
            {lineNote?.(i)}
          </div>
        </li>
      ))}
    </ul>
  );
}

/**
 * Payment details, shipping details and the total; `paymentNote` goes under the payment details
 * and `totalNote` under the total.
 */
export function OrderPaymentSummary({
  order,
  heading,
  className,
  paymentNote,
  totalNote,
}: {
  order: Order;
  heading: HeadingTag;
  className: string;
  paymentNote?: ReactNode;
  totalNote?: ReactNode;
}) {
  const Heading = heading;
  const cod = order.paymentMethod === 'cod';
  // Cash is only owed while the parcel is on its way; a cancelled or returned one owes nothing.
  // A payment given back through the provider reads "refunded" (the API's payment_status stays as the provider left it).
  const payOnDelivery = cod && order.paymentDetails.payment_status === 'unpaid' && (order.status === 'confirmed' || order.status === 'shipped');
  return (
    <div className={className}>
      <div>
        <Heading className="font-semibold text-zinc-900">Payment Details :</Heading>
        <p className="text-zinc-700">Payment method : {cod ? COD_PAYMENT_METHOD : order.paymentDetails.payment_method_type.map(words).join(', ') || '—'}</p>
        <p className={payOnDelivery ? 'text-zinc-700' : 'capitalize text-zinc-700'} data-testid="payment-status">
          Payment Status : {payOnDelivery ? 'to be paid on delivery' : order.refund?.status === 'succeeded' ? 'refunded' : words(order.paymentDetails.payment_status)}
        </p>
        {paymentNote}
      </div>
      <div>
        <Heading className="font-semibold text-zinc-900">Shipping Details:</Heading>
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
        {order.codFee > 0 ? (
          <p className="text-zinc-700" data-testid="order-cod-fee">
            Cash on delivery fee : {formatINR(order.codFee)}
          </p>
        ) : null}
      </div>
      <div>
        {order.discountTotal ? (
          <p className="font-medium text-green-800" data-testid="order-discount">
            {order.couponCode ? `Discounts (coupon ${order.couponCode})` : 'Discounts'} : −{formatINR(order.discountTotal)}
          </p>
        ) : null}
        <p className="text-base font-bold text-zinc-900">Total Amount : {formatINR(order.totalAmount)}</p>
        {totalNote}
      </div>
    </div>
  );
}

/** The shopper's line about the refund of a cancelled order paid online: "Refund of ₹X: processed". */
export function OrderRefundLine({ refund }: { refund: Order['refund'] }) {
  if (!refund) return null;
  return (
    <p className={`font-medium ${refund.status === 'failed' ? 'text-red-800' : 'text-zinc-800'}`} data-testid="order-refund">
      Refund of {formatINR(refund.amount)}: {REFUND_STATE[refund.status]}
    </p>
  );
}

/** "incl. GST ₹x" once the order is invoiced: the GST inside the total, split as the invoice splits it. */
export function OrderGst({ tax }: { tax: Order['tax'] }) {
  if (!tax) return null;
  const gst = tax.cgst + tax.sgst + tax.igst;
  const split = tax.intraState ? `CGST ${formatINR(tax.cgst)} + SGST ${formatINR(tax.sgst)}` : `IGST ${formatINR(tax.igst)}`;
  return (
    <p className="text-xs text-zinc-600" title={split} data-testid="order-gst">
      incl. GST {formatINR(gst)}
    </p>
  );
}

/** Where the order goes, on one line (the address chosen before payment). */
export function OrderDeliveryAddress({ address }: { address: Order['deliveryAddress'] }) {
  if (!address) return null;
  return (
    <p className="text-sm text-zinc-700" data-testid="order-delivery-address">
      <span className="font-semibold text-zinc-900">Deliver to: </span>
      {addressOneLine(address)} · {formatPhone(address.phone)}
      {address.gstin ? <> · GSTIN {address.gstin}</> : null}
    </p>
  );
}

/**
 * Downloads of the order's tax invoice and credit note (PDFs from the shop, same origin). Their
 * dates are India's, as the documents print them (GST dates stay on IST whatever the shop's zone).
 */
export function OrderDocuments({ order }: { order: Pick<Order, 'invoice' | 'creditNote'> }) {
  const documents = [
    { label: 'Invoice', what: 'Tax invoice', document: order.invoice },
    { label: 'Credit note', what: 'Credit note', document: order.creditNote },
  ].filter((entry) => entry.document !== null);
  if (documents.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Order documents">
      {documents.map(({ label, what, document }) =>
        document ? (
          <li key={label}>
            <a
              href={document.url}
              download
              className="btn-outline min-h-9 gap-1.5 px-3 text-sm"
              title={`${what} ${document.number}, issued ${formatLongDate(document.issuedAt, GST_TIME_ZONE)} (PDF)`}
            >
              {label}
              <span className="text-xs font-normal text-zinc-600">{document.number}</span>
            </a>
          </li>
        ) : null,
      )}
    </ul>
  );
}

/**
 * The shopper's orders grouped by the long-form date they were placed (spec §2 "Orders").
 * Orders arrive newest first. The admin's list builds its cards from the same pieces.
 * `actions` renders what the shopper can do with an order (cancel it), under its documents;
 * `delivery` its parcel under the lines, `lineNote` what goes under each line (serial numbers).
 */
export function OrderList({
  orders,
  showEmail = false,
  timeZone,
  actions,
  delivery,
  lineNote,
}: {
  orders: readonly Order[];
  showEmail?: boolean;
  timeZone: string;
  actions?: (order: Order) => ReactNode;
  delivery?: (order: Order) => ReactNode;
  lineNote?: (order: Order, index: number) => ReactNode;
}) {
  if (orders.length === 0) return <NoOrders />;
  return (
    <div className="flex flex-col gap-8">
      <OrdersByDate
        orders={orders}
        timeZone={timeZone}
        heading="h2"
        renderOrder={(order) => (
          <OrderCard
            key={order._id}
            order={order}
            showEmail={showEmail}
            actions={actions?.(order)}
            delivery={delivery?.(order)}
            lineNote={lineNote ? (index) => lineNote(order, index) : undefined}
          />
        )}
      />
    </div>
  );
}

function OrderCard({
  order,
  showEmail,
  actions,
  delivery,
  lineNote,
}: {
  order: Order;
  showEmail: boolean;
  actions: ReactNode;
  delivery: ReactNode;
  lineNote: ((index: number) => ReactNode) | undefined;
}) {
  return (
    <li className="card flex flex-col gap-4 p-4 lg:flex-row lg:justify-between" data-testid="order">
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <OrderIdentity order={order}>{showEmail ? <span className="text-zinc-600">· {order.email}</span> : null}</OrderIdentity>
        <OrderLines lines={order.productDetails} className="flex flex-col gap-3" lineNote={lineNote} />
        <OrderDeliveryAddress address={order.deliveryAddress} />
        {delivery}
      </div>
      <div className="flex flex-col gap-3 lg:w-72 lg:shrink-0">
        <OrderPaymentSummary
          order={order}
          heading="h3"
          className="flex flex-col gap-3 text-sm"
          paymentNote={<OrderRefundLine refund={order.refund} />}
          totalNote={<OrderGst tax={order.tax} />}
        />
        <OrderDocuments order={order} />
        {actions}
      </div>
    </li>
  );
}

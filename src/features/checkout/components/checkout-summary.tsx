import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatINR } from '../../../../shared/money';
import type { DeliveryOption } from '../payment-choice';

export interface SummaryLine {
  id: string;
  name: string;
  /** The variant bought ("256 GB, Marble Grey"); '' or absent for a product sold one way. */
  variantLabel?: string;
  quantity: number;
  /** Unit price, paise. */
  price: number;
  /** What the line costs after its offers (issue 30: a coupon, a combo), paise; absent: price × quantity. */
  lineTotal?: number;
}

const totalOf = (line: SummaryLine) => line.lineTotal ?? line.quantity * line.price;

export interface CheckoutSummaryProps {
  lines: readonly SummaryLine[];
  /** The delivery charged: the one chosen on this page, else standard; undefined while it loads. */
  delivery: DeliveryOption | undefined;
  /** Express, when the payment page offers it instead of this page (a note says so); null otherwise. */
  expressOnPaymentPage: DeliveryOption | null;
  /** Items worth this much or more ship standard for free (the shop's terms); null: no threshold, undefined: not known yet. */
  freeAbovePaise: number | null | undefined;
  /** The cash on delivery fee in paise, its own line when above 0. */
  codFee: number;
  /** The prepaid discount (issue 30, the server's figure): taken off when paying online; cash on delivery is told what it would save. */
  prepaid?: { saving: number; online: boolean } | null | undefined;
  /** The button and what it has to say, under the totals. */
  children: ReactNode;
}

/** The order about to be placed: its lines, the items' count and subtotal, the delivery, the cash on delivery fee and the total. */
export function CheckoutSummary({ lines, delivery, expressOnPaymentPage, freeAbovePaise, codFee, prepaid, children }: CheckoutSummaryProps) {
  const count = lines.reduce((sum, line) => sum + line.quantity, 0);
  const subtotal = lines.reduce((sum, line) => sum + totalOf(line), 0);
  const short = delivery?.rate === 'standard' && delivery.amount !== 0 && freeAbovePaise != null ? freeAbovePaise - subtotal : null;

  return (
    <aside className="card flex w-full flex-col gap-4 p-5 lg:sticky lg:top-20" aria-labelledby="checkout-summary-heading">
      <div className="flex items-baseline justify-between gap-4">
        <h2 id="checkout-summary-heading" className="text-lg font-bold">
          Order summary
        </h2>
        <Link to="/cart" className="text-sm font-semibold text-brand-700 hover:underline">
          Edit cart
        </Link>
      </div>

      <ul className="flex flex-col gap-2 border-b border-zinc-200 pb-4 text-sm" aria-label="Items">
        {lines.map((line) => (
          <li key={line.id} className="flex justify-between gap-3">
            <span className="min-w-0 text-zinc-700">
              <span className="line-clamp-2">{line.name}</span>
              {line.variantLabel ? <span className="block text-zinc-800">{line.variantLabel}</span> : null}
              <span className="text-zinc-600">Qty {line.quantity}</span>
            </span>
            <span className="shrink-0 font-medium text-zinc-900">{formatINR(totalOf(line))}</span>
          </li>
        ))}
      </ul>

      <dl className="flex flex-col gap-2 text-base">
        <div className="flex justify-between gap-4">
          <dt className="text-zinc-700">
            Items <span className="text-zinc-600">({count})</span>
          </dt>
          <dd className="font-semibold" data-testid="checkout-subtotal">
            {formatINR(subtotal)}
          </dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-zinc-700">{delivery?.rate === 'express' ? 'Express delivery' : 'Delivery'}</dt>
          <dd className="font-semibold" data-testid="checkout-delivery">
            {delivery === undefined ? (
              <span className="skeleton inline-block h-5 w-16 align-middle">
                <span className="sr-only">Loading</span>
              </span>
            ) : delivery.amount === 0 ? (
              <span className="text-emerald-700">Free</span>
            ) : (
              formatINR(delivery.amount)
            )}
          </dd>
        </div>
        {codFee > 0 ? (
          <div className="flex justify-between gap-4">
            <dt className="text-zinc-700">Cash on delivery fee</dt>
            <dd className="font-semibold" data-testid="checkout-cod-fee">
              {formatINR(codFee)}
            </dd>
          </div>
        ) : null}
        {prepaid?.online ? (
          <div className="flex justify-between gap-4 text-green-800">
            <dt>{`${formatINR(prepaid.saving)} off for paying online`}</dt>
            <dd className="font-semibold" data-testid="checkout-prepaid">
              {`−${formatINR(prepaid.saving)}`}
            </dd>
          </div>
        ) : null}
        <div className="flex justify-between gap-4 border-t border-zinc-200 pt-3 text-lg">
          <dt className="font-bold">Total</dt>
          <dd className="font-bold" data-testid="checkout-total">
            {formatINR(subtotal + (delivery?.amount ?? 0) + codFee - (prepaid?.online ? prepaid.saving : 0))}
          </dd>
        </div>
      </dl>
      {prepaid && !prepaid.online ? (
        <p className="text-sm font-medium text-green-800" data-testid="checkout-prepaid-hint">{`Pay online to save ${formatINR(prepaid.saving)}`}</p>
      ) : null}

      {delivery ? (
        <div className="flex flex-col gap-1 text-sm text-zinc-700">
          <p data-testid="checkout-delivery-by">
            {delivery.by ? `${delivery.by} (${delivery.label.toLowerCase()}).` : `${delivery.label} in ${delivery.days} days.`} Prices include GST.
          </p>
          {short !== null && short > 0 ? <p>Add items worth {formatINR(short)} more for free delivery.</p> : null}
          {expressOnPaymentPage ? (
            <p>
              {expressOnPaymentPage.label} ({whenDelivered(expressOnPaymentPage)}, {expressOnPaymentPage.amount === 0 ? 'free' : formatINR(expressOnPaymentPage.amount)}) can be
              chosen on the payment page.
            </p>
          ) : null}
        </div>
      ) : null}

      {children}
    </aside>
  );
}

/** 'by Tuesday, 1 December' for the chosen address, else the shop's terms ('1–2 days'). */
function whenDelivered(option: DeliveryOption): string {
  return option.by ? option.by.replace(/^Delivery by/, 'by') : `${option.days} days`;
}

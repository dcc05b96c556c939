import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatINR } from '../../../../shared/money';
import type { StorefrontInfo } from '../../../../shared/schemas/settings';

type Shipping = StorefrontInfo['shipping'];

/**
 * The standard delivery fee (paise) for items worth `subtotal` paise: free from the shop's
 * threshold up, as the server charges it (settings.service shippingOptionsFor).
 */
export function standardDeliveryFee(shipping: Pick<Shipping, 'standardPaise' | 'freeAbovePaise'>, subtotal: number): number {
  return shipping.freeAbovePaise !== null && subtotal >= shipping.freeAbovePaise ? 0 : shipping.standardPaise;
}

export interface SummaryLine {
  id: string;
  name: string;
  quantity: number;
  /** Unit price, paise. */
  price: number;
}

export interface CheckoutSummaryProps {
  lines: readonly SummaryLine[];
  /** The shop's delivery terms; undefined while they load. */
  shipping: Shipping | undefined;
  /** The button and what it has to say, under the totals. */
  children: ReactNode;
}

/** The order about to be paid: its lines, the items' count and subtotal, standard delivery and the total. */
export function CheckoutSummary({ lines, shipping, children }: CheckoutSummaryProps) {
  const count = lines.reduce((sum, line) => sum + line.quantity, 0);
  const subtotal = lines.reduce((sum, line) => sum + line.quantity * line.price, 0);
  const fee = shipping ? standardDeliveryFee(shipping, subtotal) : undefined;
  const short = shipping && fee !== 0 && shipping.freeAbovePaise !== null ? shipping.freeAbovePaise - subtotal : null;

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
              <span className="text-zinc-600">Qty {line.quantity}</span>
            </span>
            <span className="shrink-0 font-medium text-zinc-900">{formatINR(line.price * line.quantity)}</span>
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
          <dt className="text-zinc-700">Delivery</dt>
          <dd className="font-semibold" data-testid="checkout-delivery">
            {fee === undefined ? (
              <span className="skeleton inline-block h-5 w-16 align-middle">
                <span className="sr-only">Loading</span>
              </span>
            ) : fee === 0 ? (
              <span className="text-emerald-700">Free</span>
            ) : (
              formatINR(fee)
            )}
          </dd>
        </div>
        <div className="flex justify-between gap-4 border-t border-zinc-200 pt-3 text-lg">
          <dt className="font-bold">Total</dt>
          <dd className="font-bold" data-testid="checkout-total">
            {formatINR(subtotal + (fee ?? 0))}
          </dd>
        </div>
      </dl>

      {shipping ? (
        <div className="flex flex-col gap-1 text-sm text-zinc-700">
          <p>Standard delivery in {shipping.standardDays} days. Prices include GST.</p>
          {short !== null && short > 0 ? <p>Add items worth {formatINR(short)} more for free delivery.</p> : null}
          <p>
            Express delivery ({shipping.expressDays} days, {shipping.expressPaise === 0 ? 'free' : formatINR(shipping.expressPaise)}) can be chosen on the payment page.
          </p>
        </div>
      ) : null}

      {children}
    </aside>
  );
}

import { formatINR } from '../../../../shared/money';
import { hasOffers, type PanelCoupon, type ProductOffers } from '../../../../shared/schemas/offers-panel';
import { saleEndLabel } from '../../../components/product/sale-price';

/** ₹1,000 for whole rupees, ₹5,416.66 otherwise: the panel's figures read as a shop writes them. */
export function rupees(paise: number): string {
  const text = formatINR(paise);
  return text.endsWith('.00') ? text.slice(0, -3) : text;
}

const percent = (bp: number) => `${bp % 100 === 0 ? bp / 100 : (bp / 100).toFixed(2).replace(/0$/, '')}%`;

/** "Save ₹1,000 with SAVE1000 on orders above ₹20,000", "5% off (up to ₹500) with WELCOME5", "Free delivery with SHIPFREE". */
export function couponSentence(coupon: PanelCoupon): string {
  const what =
    coupon.kind === 'amount'
      ? `Save ${rupees(coupon.amountPaise ?? 0)} with ${coupon.code}`
      : coupon.kind === 'percent'
        ? `${percent(coupon.percentBp ?? 0)} off${coupon.capPaise !== null ? ` (up to ${rupees(coupon.capPaise)})` : ''} with ${coupon.code}`
        : `Free delivery with ${coupon.code}`;
  return coupon.minCartPaise > 0 ? `${what} on orders above ${rupees(coupon.minCartPaise)}` : what;
}

/** "first order only", "once per shopper": the limits a shopper should know before counting on it. */
export function couponLimits(coupon: PanelCoupon): string | null {
  const limits = [
    coupon.firstOrderOnly ? 'first order only' : null,
    coupon.usesPerShopper === 1 ? 'once per shopper' : coupon.usesPerShopper !== null ? `${coupon.usesPerShopper} times per shopper` : null,
  ].filter((x): x is string => x !== null);
  return limits.length > 0 ? limits.join(', ') : null;
}

/**
 * The offers panel on the product page (issue 30): for the chosen variant, its sale's end, the
 * coupons usable on it, the prepaid discount, no-cost EMI from the owner's plans (with each bank
 * and tenure in a disclosure, which works without JavaScript) and the bank offers. Only what the
 * server says applies now; nothing at all when nothing does.
 */
export function OffersPanel({ offers, variantId }: { offers: ProductOffers | undefined; variantId: string | undefined }) {
  if (!offers || variantId === undefined) return null;
  const mine = offers.variants[variantId];
  if (!hasOffers(mine, offers.bankOffers)) return null;
  const emi = mine?.emi ?? [];
  const lowest = emi.reduce<number | null>((low, plan) => (low === null || plan.monthly < low ? plan.monthly : low), null);
  return (
    <section aria-labelledby="offers-heading" className="rounded-xl border border-zinc-200 p-4" data-testid="offers-panel">
      <h2 id="offers-heading" className="mb-2 font-semibold text-zinc-900">
        Offers
      </h2>
      <ul className="flex flex-col gap-2 text-sm text-zinc-800">
        {mine?.sale ? (
          <li data-testid="offer-sale">
            <span className="font-semibold text-red-700">Sale price</span> {rupees(mine.sale.pricePaise)}, ends {saleEndLabel(mine.sale.endsAt)}
          </li>
        ) : null}
        {mine?.coupons.map((coupon) => {
          const limits = couponLimits(coupon);
          return (
            <li key={coupon.code} data-testid="offer-coupon">
              <span className="font-semibold text-green-800">Coupon</span> {couponSentence(coupon)}
              {limits ? <span className="text-zinc-600"> ({limits})</span> : null}
            </li>
          );
        })}
        {mine?.prepaidSavingPaise ? (
          <li data-testid="offer-prepaid">
            <span className="font-semibold text-green-800">Pay online</span> {rupees(mine.prepaidSavingPaise)} off when you pay online
          </li>
        ) : null}
        {lowest !== null ? (
          <li data-testid="offer-emi">
            <details>
              <summary className="cursor-pointer">
                <span className="font-semibold text-brand-800">No-cost EMI</span> from {rupees(lowest)}/month
              </summary>
              <table className="mt-2 w-full text-left text-sm">
                <thead>
                  <tr className="text-zinc-600">
                    <th className="py-1 pr-3 font-medium">Bank</th>
                    <th className="py-1 pr-3 font-medium">Monthly</th>
                    <th className="py-1 pr-3 font-medium">Months</th>
                    <th className="py-1 font-medium">Interest</th>
                  </tr>
                </thead>
                <tbody>
                  {emi.map((plan) => (
                    <tr key={`${plan.bank}/${plan.months}`} className="border-t border-zinc-100">
                      <td className="py-1 pr-3">{plan.bank}</td>
                      <td className="py-1 pr-3">{rupees(plan.monthly)}</td>
                      <td className="py-1 pr-3">{plan.months}</td>
                      <td className="py-1">
                        no interest <span className="text-zinc-600">({rupees(plan.interestPaise)} off the price)</span>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </details>
          </li>
        ) : null}
        {offers.bankOffers.map((offer, i) => (
          <li key={`${offer.bank}/${i}`} data-testid="offer-bank">
            <span className="font-semibold text-brand-800">Bank offer</span> {offer.text}
            {offer.validTo ? <span className="text-zinc-600"> (until {saleEndLabel(offer.validTo)})</span> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The offers panel on the product page (issue 30): what applies to each variant of a product now,
 * as `catalog.offers` serves it (a shared reply: nothing personal, no usage counts, no ids but the
 * coupon's code). Money in paise, rates in basis points, times ISO instants.
 */

/** A coupon the shopper could use on this variant (its scope covers it; live, not paused, not used up). */
export type PanelCoupon = {
  code: string;
  kind: 'percent' | 'amount' | 'free-delivery';
  /** kind 'amount': the amount off. */
  amountPaise: number | null;
  /** kind 'percent': the rate off and its cap (null: none). */
  percentBp: number | null;
  capPaise: number | null;
  /** The cart must reach this (0: no minimum). */
  minCartPaise: number;
  firstOrderOnly: boolean;
  /** Uses per shopper (null: no limit). */
  usesPerShopper: number | null;
};

/** A no-cost EMI plan this variant's price reaches: each instalment, the months, and the interest the seller takes off. */
export type PanelEmi = { bank: string; months: number; monthly: number; interestPaise: number };

export type PanelBankOffer = { bank: string; text: string; validTo: string | null };

export type VariantOffers = {
  coupons: PanelCoupon[];
  /** The live sale price of the variant and the first instant it no longer applies. */
  sale: { pricePaise: number; endsAt: string } | null;
  /** What paying online takes off this variant bought alone; null: no prepaid discount applies to it. */
  prepaidSavingPaise: number | null;
  /** By tenure, then bank; the first is the lowest monthly figure only when sorted, see `lowestMonthly`. */
  emi: PanelEmi[];
};

export type ProductOffers = {
  productId: string;
  /** Per variant id (a product without options: its one variant, whose id is the product's). */
  variants: Record<string, VariantOffers>;
  /** The bank offers the owner typed, live now: the same on every product. */
  bankOffers: PanelBankOffer[];
  /** The next instant any offer shown or to be shown starts or ends: the reply is made again then. */
  validUntil: string | null;
};

/** Whether a variant's panel has anything to show (the bank offers count for every variant). */
export function hasOffers(variant: VariantOffers | undefined, bankOffers: readonly PanelBankOffer[]): boolean {
  return bankOffers.length > 0 || (variant !== undefined && (variant.coupons.length > 0 || variant.sale !== null || variant.prepaidSavingPaise !== null || variant.emi.length > 0));
}

import type { BankOffer, EmiPlan } from '../schemas/offers';
import { assertPaise } from './allocate';
import { isLive } from './time';

/**
 * No-cost EMI (issue 30). The bank lends at its own rate; the seller makes the loan cost the
 * shopper nothing by taking the interest off the price up front. The shopper pays `monthly` each
 * month, price ÷ months rounded down to the paisa, so every instalment is the same exact figure
 * the panel shows and they add up to no more than the price (the odd paise, fewer than `months`,
 * are the seller's, inside `discount`). The discount is what makes a standard reducing-balance
 * loan of (price − discount) at the bank's rate over `months` cost exactly `monthly` a month:
 *
 *   principal = monthly × (1 − (1 + r)^−n) / r, r = annual rate / 12
 *
 * computed in exact fractions (BigInt) and rounded to the nearest paisa, so every engine, server
 * or phone, agrees to the paisa (Math.pow is not bound to the last bit across browsers).
 */

export type Emi = {
  months: number;
  annualRateBp: number;
  /** Each instalment the shopper pays. */
  monthly: number;
  /** What the seller takes off the price (the interest it bears, and the odd paise): what each EMI sale costs the owner. */
  discount: number;
  /** price − discount: the loan the bank makes, and the item's price on the invoice. */
  principal: number;
  /** monthly × months: what the shopper pays in all. */
  totalPaid: number;
};

const PERIODS_PER_YEAR_BP = 120_000n; // 12 months × 10,000 basis points

/** n-th power, exact. */
const pow = (base: bigint, n: number) => {
  let out = 1n;
  for (let i = 0; i < n; i++) out *= base;
  return out;
};

/** num / den to the nearest whole (half up), both positive. */
const roundDiv = (num: bigint, den: bigint) => (2n * num + den) / (2n * den);

function checkTerms(months: number, annualRateBp: number): void {
  if (!Number.isInteger(months) || months < 1 || months > 60) throw new RangeError('months must be a whole number from 1 to 60');
  if (!Number.isInteger(annualRateBp) || annualRateBp < 0 || annualRateBp > 10_000) throw new RangeError('annualRateBp must be whole basis points from 0 to 10000');
}

/**
 * The monthly instalment, to the nearest paisa, of a reducing-balance loan of `principal` paise
 * at `annualRateBp` a year over `months`: P × r × (1 + r)^n / ((1 + r)^n − 1), r = rate / 12.
 */
export function reducingBalanceInstalment(principal: number, months: number, annualRateBp: number): number {
  assertPaise('principal', principal);
  checkTerms(months, annualRateBp);
  if (annualRateBp === 0) return Number(roundDiv(BigInt(principal), BigInt(months)));
  // r = bp / 120000, (1 + r)^n = B^n / A^n with A = 120000, B = 120000 + bp.
  const a = PERIODS_PER_YEAR_BP;
  const b = a + BigInt(annualRateBp);
  const bn = pow(b, months);
  const an = pow(a, months);
  return Number(roundDiv(BigInt(principal) * BigInt(annualRateBp) * bn, a * (bn - an)));
}

/** No-cost EMI on `pricePaise` over `months` at the bank's `annualRateBp` (see the module's comment). */
export function emi(pricePaise: number, months: number, annualRateBp: number): Emi {
  assertPaise('price', pricePaise);
  checkTerms(months, annualRateBp);
  const monthly = Math.floor(pricePaise / months);
  let principal: number;
  if (annualRateBp === 0) principal = monthly * months;
  else {
    // principal = monthly × (1 − A^n / B^n) × A / bp = monthly × A × (B^n − A^n) / (bp × B^n).
    const a = PERIODS_PER_YEAR_BP;
    const b = a + BigInt(annualRateBp);
    const bn = pow(b, months);
    const an = pow(a, months);
    principal = Number(roundDiv(BigInt(monthly) * a * (bn - an), BigInt(annualRateBp) * bn));
  }
  return { months, annualRateBp, monthly, discount: pricePaise - principal, principal, totalPaid: monthly * months };
}

export type EmiOption = Emi & { bank: string };

/** The owner's EMI plans that a price qualifies for, worked out, by tenure then bank: nothing the shopper cannot use. */
export function emiOptions(pricePaise: number, plans: readonly EmiPlan[]): EmiOption[] {
  return plans
    .filter((plan) => pricePaise >= plan.minPricePaise && pricePaise >= plan.months)
    .map((plan) => ({ bank: plan.bank, ...emi(pricePaise, plan.months, plan.annualRateBp) }))
    .sort((x, y) => x.months - y.months || x.bank.localeCompare(y.bank));
}

/** The bank offers live at `now`, as the owner typed them. */
export function liveBankOffers(offers: readonly BankOffer[], now: string): BankOffer[] {
  return offers.filter((offer) => isLive(offer, now));
}

/**
 * Money is integer paise everywhere inside the shop. Rupees exist only at the edges:
 * on screen (formatINR) and in the legacy /api JSON, which speaks rupees as numbers.
 */
const inr = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** 129950 -> "₹1,299.50" */
export function formatINR(paise: number): string {
  return inr.format(paise / 100);
}

/** 1299.5 -> 129950. Rounds away float noise (19.99 * 100 = 1998.9999…); callers validate decimals first. */
export function rupeesToPaise(rupees: number): number {
  return Math.round(rupees * 100);
}

/** 129950 -> 1299.5 */
export function paiseToRupees(paise: number): number {
  return paise / 100;
}

/** True when a rupee amount has at most two decimals (checked on the decimal string, not with floats). */
export function hasAtMostTwoDecimals(rupees: number): boolean {
  if (!Number.isFinite(rupees)) return false;
  return Math.abs(rupees * 100 - Math.round(rupees * 100)) < 1e-6;
}

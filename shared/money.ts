/**
 * Money is integer paise everywhere inside the shop. Rupees exist only at the edges:
 * on screen (formatINR) and in the legacy /api JSON, which speaks rupees as numbers.
 */

/**
 * 129950 -> "₹1,299.50"; 1234567800 -> "₹1,23,45,678.00" (Indian grouping: thousands, then lakhs
 * and crores in twos). Exactly what `Intl.NumberFormat('en-IN', { style: 'currency', currency:
 * 'INR' })` prints (shared/money.test.ts checks), without it: setting up that formatter loads
 * the browser's locale data, about 30 ms of a phone's main thread on every page load.
 */
export function formatINR(paise: number): string {
  const whole = Math.round(paise);
  const abs = Math.abs(whole);
  const rupees = String(Math.floor(abs / 100));
  const lastThree = rupees.slice(-3);
  const before = rupees.slice(0, -3);
  const grouped = before ? `${before.replace(/\B(?=(\d{2})+$)/g, ',')},${lastThree}` : lastThree;
  return `${whole < 0 ? '-' : ''}₹${grouped}.${String(abs % 100).padStart(2, '0')}`;
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

/**
 * What a shopper saves against the MRP: the amount in paise and the whole percent, rounded down
 * (a saving is never overstated: ₹2,999 off ₹29,999 is 9%, not 10%), from integer paise only.
 * Null when the selling price is not below the MRP.
 */
export function savingOf(mrpPaise: number, sellingPaise: number): { amount: number; percent: number } | null {
  if (mrpPaise <= 0 || sellingPaise >= mrpPaise) return null;
  const amount = mrpPaise - sellingPaise;
  return { amount, percent: Math.floor((amount * 100) / mrpPaise) };
}

// The shop's time zone setting's default and check, without zod: the storefront's footer and
// every page showing a time import these, and zod would add 28 KB and a CSP eval probe to them.

export const DEFAULT_SHOP_TIME_ZONE = 'Asia/Kolkata';

/** Whether this runtime (Node, or the browser) knows `zone` as an IANA time zone name ('Asia/Kolkata', 'Europe/London', 'UTC'). */
export function isKnownTimeZone(zone: string): boolean {
  // Names only: newer engines also take offsets such as '+05:30', older browsers do not.
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/.test(zone)) return false;
  try {
    // Kept as typed, not as resolvedOptions() gives it back: V8 answers 'Asia/Calcutta' for 'Asia/Kolkata'.
    new Intl.DateTimeFormat('en-IN', { timeZone: zone }).format(0);
    return true;
  } catch {
    return false;
  }
}

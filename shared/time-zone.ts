// The shop's time zone setting's default and check, without zod: the storefront's footer and
// every page showing a time import these, and zod would add 28 KB and a CSP eval probe to them.

export const DEFAULT_SHOP_TIME_ZONE = 'Asia/Kolkata';

/** Whether this runtime (Node, or the browser) knows `zone` as an IANA time zone name ('Asia/Kolkata', 'Europe/London', 'UTC'). */
export function isKnownTimeZone(zone: string): boolean {
  // Every engine knows these two, and asking ICU costs a phone ~140 ms (4x slowed) the first time.
  if (zone === DEFAULT_SHOP_TIME_ZONE || zone === 'UTC') return true;
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

/** India has kept one offset, UTC+05:30, with no daylight saving, since 1945. */
const INDIA_OFFSET_MS = 330 * 60_000;

/**
 * The calendar year at `now` on the clock of `zone` (a zone isKnownTimeZone accepts). India's
 * zone is plain arithmetic: the first Intl.DateTimeFormat with a time zone loads ICU's zone data,
 * the largest single piece of a phone's work while it hydrates the home page's footer.
 */
export function yearInZone(now: Date, zone: string): number {
  if (zone === DEFAULT_SHOP_TIME_ZONE) return new Date(now.getTime() + INDIA_OFFSET_MS).getUTCFullYear();
  if (zone === 'UTC') return now.getUTCFullYear();
  return Number(new Intl.DateTimeFormat('en-IN', { timeZone: zone, year: 'numeric' }).format(now));
}

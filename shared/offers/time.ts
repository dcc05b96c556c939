/**
 * Offer windows and the dates the shopper reads, on India's clock. India has kept UTC+05:30 with
 * no daylight saving since 1945, so this is arithmetic, not ICU (see shared/time-zone.ts): the
 * server and every browser agree on the boundary to the millisecond.
 */

const IST_OFFSET_MS = 330 * 60_000;

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** Milliseconds since the epoch of an ISO instant; a RangeError for anything that is not one. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/;

export function instantMs(name: string, iso: string): number {
  const ms = typeof iso === 'string' && ISO_INSTANT.test(iso) ? Date.parse(iso) : NaN;
  if (Number.isNaN(ms)) throw new RangeError(`${name} must be an ISO instant (got ${String(iso)})`);
  return ms;
}

/** Whether a window [from, to) holds `now`: from included, to excluded (null: no end). */
export function isLive(window: { from: string; to: string | null }, now: string): boolean {
  const at = instantMs('now', now);
  return instantMs('from', window.from) <= at && (window.to === null || at < instantMs('to', window.to));
}

/** An IST wall-clock time as the owner types it ('2026-12-06T23:59:59' or '2026-12-04T00:00') to its UTC instant. */
export function istToInstant(local: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(local);
  if (!match) throw new RangeError(`an IST time looks like 2026-12-04T00:00 (got ${local})`);
  const [, y, mo, d, h, mi, s] = match;
  const utc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? 0)) - IST_OFFSET_MS;
  return new Date(utc).toISOString();
}

/** 'Friday, 4 December' (its IST date), with the year when it is not the year of `now` in IST: 'Monday, 4 January 2027'. */
export function istDayLabel(iso: string, now: string): string {
  const at = new Date(instantMs('date', iso) + IST_OFFSET_MS);
  const thisYear = new Date(instantMs('now', now) + IST_OFFSET_MS).getUTCFullYear();
  const label = `${WEEKDAYS[at.getUTCDay()]!}, ${at.getUTCDate()} ${MONTHS[at.getUTCMonth()]!}`;
  return at.getUTCFullYear() === thisYear ? label : `${label} ${at.getUTCFullYear()}`;
}

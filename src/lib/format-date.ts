/**
 * Long-form date of an ISO timestamp in `timeZone`, e.g. "22 November 2026". Pages pass the
 * shop's zone (useShopTimeZone), never the browser's: a server-rendered page must read the same
 * on the server and in the browser, and every shopper and admin the same date.
 */
export function formatLongDate(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-IN', { dateStyle: 'long', timeZone }).format(new Date(iso));
}

/**
 * Date and time of an ISO timestamp with the zone's short name, e.g. "22 Nov 2026, 1:35 am IST".
 * Pages pass the shop's zone so everyone reads the same clock whatever their browser's.
 */
export function formatDateTime(iso: string, timeZone: string): string {
  const parts = { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' } as const;
  return new Intl.DateTimeFormat('en-IN', { ...parts, timeZone }).format(new Date(iso));
}

export interface DateGroup<T> {
  /** The long-form date shared by every item of the group. */
  date: string;
  items: T[];
}

/**
 * Groups items by the long-form date of `createdAt`, keeping the incoming order both of
 * the groups (first appearance) and inside each group. Orders arrive newest first from
 * the server, so the groups come out newest first as well.
 */
export function groupByLongDate<T extends { createdAt: string }>(items: readonly T[], timeZone: string): DateGroup<T>[] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const date = formatLongDate(item.createdAt, timeZone);
    const group = groups.get(date);
    if (group) group.push(item);
    else groups.set(date, [item]);
  }
  return [...groups].map(([date, grouped]) => ({ date, items: grouped }));
}

const TIME_UNITS: readonly { unit: Intl.RelativeTimeFormatUnit; seconds: number }[] = [
  { unit: 'year', seconds: 365 * 24 * 3600 },
  { unit: 'month', seconds: 30 * 24 * 3600 },
  { unit: 'week', seconds: 7 * 24 * 3600 },
  { unit: 'day', seconds: 24 * 3600 },
  { unit: 'hour', seconds: 3600 },
  { unit: 'minute', seconds: 60 },
];

/**
 * How long before `now` an ISO timestamp was, in the largest whole unit: "now" (under a
 * minute), "5 minutes ago", "2 hours ago", "yesterday", "last week", "3 months ago". A time
 * after `now` also reads "now": the server's clock may run a little ahead of the browser's.
 */
export function formatTimeAgo(iso: string, now: Date | number): string {
  const format = new Intl.RelativeTimeFormat('en-IN', { numeric: 'auto' });
  const elapsed = Math.max(0, (new Date(now).getTime() - new Date(iso).getTime()) / 1000);
  for (const { unit, seconds } of TIME_UNITS) {
    if (elapsed >= seconds) return format.format(-Math.floor(elapsed / seconds), unit);
  }
  return format.format(0, 'second');
}

/**
 * Calendar arithmetic in a named time zone with nothing but Intl, so "today" and "this month"
 * mean the shop owner's day whatever zone the server runs in. Dates are `YYYY-MM-DD` strings.
 */

const partsFormatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = partsFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormatters.set(timeZone, formatter);
  }
  return formatter;
}

type WallClock = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
};

function wallClock(instant: Date, timeZone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/** Milliseconds the zone's wall clock is ahead of UTC at `instant` (+05:30 is 19 800 000). */
function offsetMs(instant: Date, timeZone: string): number {
  const w = wallClock(instant, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The zone's calendar date at `instant`. */
export function localDate(instant: Date, timeZone: string): string {
  const w = wallClock(instant, timeZone);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
}

/** The zone's wall-clock time at `instant`, 'HH:MM' (24-hour; strings compare like the times they name). */
export function localClockTime(instant: Date, timeZone: string): string {
  const w = wallClock(instant, timeZone);
  return `${pad(w.hour)}:${pad(w.minute)}`;
}

function parseDate(date: string): { year: number; month: number; day: number } {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) throw new Error(`not a YYYY-MM-DD date: ${date}`);
  return {
    year: Number(match[1]),
    month: Number(match[2]),
    day: Number(match[3]),
  };
}

/** The UTC instant at which `date` begins in the zone (its local midnight). */
export function startOfLocalDay(date: string, timeZone: string): Date {
  const { year, month, day } = parseDate(date);
  const midnightAsUtc = Date.UTC(year, month - 1, day);
  // The offset at the guessed instant can differ from the one at the real midnight across a
  // DST change, so check once more with the offset found.
  let instant = midnightAsUtc - offsetMs(new Date(midnightAsUtc), timeZone);
  const corrected = midnightAsUtc - offsetMs(new Date(instant), timeZone);
  if (corrected !== instant) instant = corrected;
  return new Date(instant);
}

/**
 * The UTC instant at which the zone's wall clock reads `time` ('HH:MM') on `date`. A time that a
 * daylight-saving change skips or repeats resolves like startOfLocalDay (India has none).
 */
export function localDateTime(date: string, time: string, timeZone: string): Date {
  const { year, month, day } = parseDate(date);
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match) throw new Error(`not an HH:MM time: ${time}`);
  const wallAsUtc = Date.UTC(year, month - 1, day, Number(match[1]), Number(match[2]));
  let instant = wallAsUtc - offsetMs(new Date(wallAsUtc), timeZone);
  const corrected = wallAsUtc - offsetMs(new Date(instant), timeZone);
  if (corrected !== instant) instant = corrected;
  return new Date(instant);
}

const WEEKDAY_NAMES = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;

/** The weekday of a calendar date: 'mon' ... 'sun' (the dispatch settings' names). */
export function weekdayOf(date: string): (typeof WEEKDAY_NAMES)[number] {
  const { year, month, day } = parseDate(date);
  return WEEKDAY_NAMES[new Date(Date.UTC(year, month - 1, day)).getUTCDay()]!;
}

const deliveryDateFormat = new Intl.DateTimeFormat('en-IN', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });

/** 'Thursday, 3 December': a calendar date (already the shop's) as the delivery estimate shows it. */
export function formatDeliveryDate(date: string): string {
  const { year, month, day } = parseDate(date);
  return deliveryDateFormat.format(new Date(Date.UTC(year, month - 1, day)));
}

/** `date` moved by `days` calendar days (negative goes back). */
export function addDays(date: string, days: number): string {
  const { year, month, day } = parseDate(date);
  const moved = new Date(Date.UTC(year, month - 1, day + days));
  return `${pad(moved.getUTCFullYear(), 4)}-${pad(moved.getUTCMonth() + 1)}-${pad(moved.getUTCDate())}`;
}

/** The first day of `date`'s month. */
export function startOfMonth(date: string): string {
  return `${date.slice(0, 8)}01`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * '25 Nov 2026, 3:05 pm IST': an instant on the clock of `timeZone` (the shop's `timeZone`
 * setting), named IST for India and by its IANA name elsewhere ('… 1:35 pm Asia/Dubai').
 */
export function formatShopTime(iso: string, timeZone: string): string {
  const w = wallClock(new Date(iso), timeZone);
  const hour12 = w.hour % 12 === 0 ? 12 : w.hour % 12;
  const zone = timeZone === 'Asia/Kolkata' ? 'IST' : timeZone;
  return `${w.day} ${MONTHS[w.month - 1] ?? ''} ${w.year}, ${hour12}:${pad(w.minute)} ${w.hour < 12 ? 'am' : 'pm'} ${zone}`;
}

/** '25-11-2026': a local date as Indian documents print it. */
export function formatDocumentDate(localDateText: string): string {
  const { year, month, day } = parseDate(localDateText);
  return `${pad(day)}-${pad(month)}-${pad(year, 4)}`;
}

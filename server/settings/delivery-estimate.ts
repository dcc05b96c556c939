// "Delivery by Thursday, 3 December" before buying: the day an order placed now leaves the shop
// (the dispatch settings on the shop's clock), plus the zone's days from the owner's table (or
// the courier's own estimate when one is given), counted as couriers deliver: not on Sundays.
import { deliveryZone, type DeliveryZone } from '../../shared/pin-zones';
import type { DispatchSettings, ShopSettings } from '../../shared/schemas/settings';
import { addDays, formatDeliveryDate, localDate, localDateTime, weekdayOf } from '../lib/shop-calendar';

/** A shop with one working day a week and every one of them a holiday for years finds none: far enough to give up. */
const MAX_DAYS_AHEAD = 3660;

/**
 * The day an order placed at `now` is dispatched: today if today (on the shop's clock) is a
 * working day that is not a holiday and `now` is before its cut-off, else the next such day.
 * `changesAt` is when that answer moves on: the cut-off of the dispatch day.
 */
export function dispatchDay(now: Date, dispatch: DispatchSettings, timeZone: string): { date: string; changesAt: Date } {
  const holidays = new Set(dispatch.holidays);
  const working = (date: string) => dispatch.workingDays.includes(weekdayOf(date)) && !holidays.has(date);
  let date = localDate(now, timeZone);
  if (!working(date) || now.getTime() >= localDateTime(date, dispatch.cutoff, timeZone).getTime()) {
    let ahead = 0;
    do {
      date = addDays(date, 1);
    } while (!working(date) && ++ahead < MAX_DAYS_AHEAD);
  }
  return { date, changesAt: localDateTime(date, dispatch.cutoff, timeZone) };
}

/**
 * `days` courier days after `date`: Sundays are not counted (couriers deliver Monday to
 * Saturday) and a delivery never falls on one. Holidays are the shop's: they hold dispatch, not
 * the courier. 0 days: `date` itself (same-day delivery), or the Monday after it if a Sunday.
 */
export function addCourierDays(date: string, days: number): string {
  let day = date;
  let left = days;
  while (left > 0 || weekdayOf(day) === 'sun') {
    day = addDays(day, 1);
    if (weekdayOf(day) !== 'sun') left--;
  }
  return day;
}

/**
 * A courier's own dates for a PIN (its serviceability answer, 'YYYY-MM-DD'), used over the
 * owner's table when given: a rate set to a date is shown as that date, a rate set to null is
 * not offered by the courier there, a rate left out falls back to the table.
 */
export type CourierEtd = { standard?: string | null; express?: string | null };

export type DeliveryDates = {
  zone: DeliveryZone;
  /** The shop's calendar date the order leaves. */
  dispatchDate: string;
  /** 'YYYY-MM-DD', null when the rate is not offered to this PIN. */
  standard: string | null;
  express: string | null;
  /** When these dates change by the clock alone (the dispatch day's cut-off); settings changes stale them too. */
  validUntil: Date;
};

/** The dispatch PIN the zones count from: the owner's, else the seller's address's, else none. */
export function dispatchPin(settings: Pick<ShopSettings, 'dispatch' | 'seller'>): string | null {
  return settings.dispatch.fromPin ?? settings.seller?.address.pin ?? null;
}

/** The delivery dates of each rate for an order to `pin` placed at `now` (the PIN's serviceability is checked elsewhere). */
export function deliveryDates(
  settings: Pick<ShopSettings, 'dispatch' | 'seller' | 'zoneDays' | 'timeZone'>,
  pin: string,
  now: Date,
  opts: { courierEtd?: CourierEtd } = {},
): DeliveryDates {
  const zone = deliveryZone(pin, dispatchPin(settings));
  const dispatch = dispatchDay(now, settings.dispatch, settings.timeZone);
  const byTable = (days: number | null) => (days === null ? null : addCourierDays(dispatch.date, days));
  const etd = opts.courierEtd ?? {};
  return {
    zone,
    dispatchDate: dispatch.date,
    standard: etd.standard !== undefined ? etd.standard : byTable(settings.zoneDays.standard[zone]),
    express: etd.express !== undefined ? etd.express : byTable(settings.zoneDays.express[zone]),
    validUntil: dispatch.changesAt,
  };
}

/** 'Delivery by Thursday, 3 December'. */
export function deliveryByLabel(date: string): string {
  return `Delivery by ${formatDeliveryDate(date)}`;
}

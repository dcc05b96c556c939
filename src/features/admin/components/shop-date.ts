import { SHOP_TIME_ZONE } from '../../../../shared/schemas/admin';

/** Today's date (YYYY-MM-DD) in the shop's time zone, whatever the browser's. */
export function shopToday(now: Date = new Date()): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** This month ('YYYY-MM') in the shop's time zone: the invoice register's default. */
export function shopMonth(now: Date = new Date()): string {
  return shopToday(now).slice(0, 7);
}

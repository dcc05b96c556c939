import { GST_TIME_ZONE } from '../../../../shared/gst';

/**
 * Today's date (YYYY-MM-DD) in India, whatever the browser's zone and the shop's `timeZone`
 * setting: GST periods and financial years run on India's clock (see GST_TIME_ZONE).
 */
export function gstToday(now: Date = new Date()): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone: GST_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** This month ('YYYY-MM') in India: the invoice register's default, as the server picks it. */
export function gstMonth(now: Date = new Date()): string {
  return gstToday(now).slice(0, 7);
}

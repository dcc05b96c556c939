import { formatDateTime } from '../../lib/format-date';
import { useShopTimeZone } from '../../lib/use-shop-time-zone';

/** An instant as "22 Nov 2026, 1:35 am IST", on the shop's clock (the `timeZone` setting) whatever the browser's. */
export function ShopTime({ iso }: { iso: string }) {
  const timeZone = useShopTimeZone();
  return <time dateTime={iso}>{formatDateTime(iso, timeZone)}</time>;
}

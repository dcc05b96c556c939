import { DEFAULT_SHOP_TIME_ZONE, isKnownTimeZone } from '../../shared/time-zone';
import { useStorefrontInfo } from './use-storefront-info';

/**
 * The zone every date and time is shown in: the owner's `timeZone` setting, read from the
 * storefront info every page already has (the footer's query, seeded into server-rendered pages,
 * so the server and the hydrating browser format alike). India's zone while it loads, or when
 * this browser does not know the saved zone (its time zone data may be older than the server's).
 */
export function useShopTimeZone(): string {
  const zone = useStorefrontInfo().data?.timeZone;
  return zone && isKnownTimeZone(zone) ? zone : DEFAULT_SHOP_TIME_ZONE;
}

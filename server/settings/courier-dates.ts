import type { Deps } from '../deps';
import type { ShopSettings } from '../../shared/schemas/settings';
import { dispatchPin, type CourierEtd } from './delivery-estimate';

/** How long a shopper's delivery check waits for the courier before the owner's table answers. */
export const COURIER_DATES_WAIT_MS = 2500;

/**
 * The courier's own delivery dates for a PIN, when the shop's courier has an API (Shiprocket's
 * serviceability for the dispatch PIN, the default parcel's weight, prepaid): standard is the date
 * of the courier Shiprocket recommends (else the cheapest), express the earliest any courier
 * gives. No courier serving the PIN: both null (the PIN is not served). Undefined (the owner's
 * table of days by zone answers) for the manual courier, without a dispatch PIN, or when the
 * courier fails or takes longer than COURIER_DATES_WAIT_MS: a shopper's check never waits on it
 * for long, and never fails because of it.
 */
export async function courierEtdFor(deps: Pick<Deps, 'courierFor' | 'log'>, settings: ShopSettings, pin: string, opts: { waitMs?: number } = {}): Promise<CourierEtd | undefined> {
  if (settings.fulfilment.courier !== 'shiprocket') return undefined;
  const pickupPin = dispatchPin(settings);
  if (pickupPin === null) return undefined;
  let timer: NodeJS.Timeout | undefined;
  try {
    const courier = deps.courierFor(settings.fulfilment);
    const asked = courier.serviceability({ pickupPin, deliveryPin: pin, weightGrams: settings.fulfilment.parcel.weightGrams, cod: false });
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), opts.waitMs ?? COURIER_DATES_WAIT_MS);
    });
    const options = await Promise.race([asked, late]);
    if (options === 'late') {
      asked.catch(() => undefined);
      deps.log.warn({ pin }, 'the courier took too long for delivery dates: the zone table answered');
      return undefined;
    }
    if (options.length === 0) return { standard: null, express: null };
    const dated = options.filter((o) => o.etdDate !== null);
    if (dated.length === 0) return undefined;
    const cheapest = [...dated].sort((a, b) => a.ratePaise - b.ratePaise)[0]!;
    const standard = (dated.find((o) => o.recommended) ?? cheapest).etdDate;
    const express = [...dated].sort((a, b) => (a.etdDate ?? '').localeCompare(b.etdDate ?? ''))[0]!.etdDate;
    return { standard, express };
  } catch (error) {
    deps.log.warn({ pin, err: error instanceof Error ? error.message : String(error) }, 'the courier could not give delivery dates: the zone table answered');
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}

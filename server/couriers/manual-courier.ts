import { AWB_PATTERN } from '../../shared/schemas/shipping';
import type { Courier } from './courier';
import { CourierError } from './courier-error';

/**
 * The built-in manual courier: no API and no keys. The owner books the parcel with whichever
 * courier they like, then types the courier's name and the AWB, and once in Settings the courier's
 * tracking URL pattern. Whatever needs the network refuses (CourierError 'rejected') or answers
 * nothing: no rates, no label (the shop makes its own), no tracking events (the owner moves the
 * order on by hand).
 */
export function createManualCourier(): Courier {
  const noApi = (what: string) => new CourierError('rejected', `The manual courier has no API: ${what}`);
  return {
    kind: 'manual',
    serviceability: () => Promise.resolve([]),
    findShipment: () => Promise.resolve(null),
    createShipment: () => Promise.reject(noApi('book the parcel with the courier, then type its name and the AWB')),
    assignAwb: () => Promise.reject(noApi('type the AWB the courier gave you')),
    label: () => Promise.resolve(null),
    manifest: () => Promise.resolve(null),
    schedulePickup: () => Promise.resolve({ scheduledDate: null }),
    track: () => Promise.resolve([]),
    // Nothing was booked through the shop, so there is nothing to call off.
    cancel: () => Promise.resolve(),
    // The owner tells their courier by phone; the shop records what they chose.
    ndrAction: () => Promise.resolve(),
    readWebhook: () => {
      throw new CourierError('unauthorised', 'The manual courier takes no webhooks');
    },
  };
}

export type AwbCheck = { ok: true; awb: string } | { ok: false; message: string };

export const AWB_MESSAGE = 'AWB must be letters and digits without spaces';

/** An AWB as typed: trimmed; 6 to 30 letters, digits or dashes; no spaces inside. Letters are kept as typed. */
export function checkAwb(text: string): AwbCheck {
  const awb = text.trim();
  if (!AWB_PATTERN.test(awb)) return { ok: false, message: AWB_MESSAGE };
  return { ok: true, awb };
}

export type TrackingUrlPatternCheck = { ok: true; pattern: string } | { ok: false; message: string };

/** The owner's tracking URL pattern: an https address with `{awb}` where the AWB goes. */
export function checkTrackingUrlPattern(text: string): TrackingUrlPatternCheck {
  const pattern = text.trim();
  if (!pattern.includes('{awb}')) return { ok: false, message: 'The tracking URL must contain {awb} where the AWB goes' };
  let url: URL;
  try {
    url = new URL(pattern.replaceAll('{awb}', 'AWB'));
  } catch {
    return { ok: false, message: 'The tracking URL is not a web address' };
  }
  if (url.protocol !== 'https:') return { ok: false, message: 'The tracking URL must start with https://' };
  return { ok: true, pattern };
}

/**
 * The shopper's tracking link: the owner's pattern with the AWB in place of `{awb}` (encoded, so
 * an AWB can never change the address). Null when the pattern or the AWB fails its check, so a
 * broken setting shows no link rather than a wrong one.
 */
export function trackingUrlFor(pattern: string, awb: string): string | null {
  const checkedPattern = checkTrackingUrlPattern(pattern);
  const checkedAwb = checkAwb(awb);
  if (!checkedPattern.ok || !checkedAwb.ok) return null;
  return checkedPattern.pattern.replaceAll('{awb}', encodeURIComponent(checkedAwb.awb));
}

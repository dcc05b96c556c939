import type { Logger } from 'pino';
import type { Courier, CourierKind } from './courier';
import { CourierError } from './courier-error';
import { createManualCourier } from './manual-courier';
import { createShiprocketCourier } from './shiprocket-courier';

/** The owner's courier settings, as the settings reader gives them (this floor reads no settings itself). */
export interface CourierSettings {
  kind: CourierKind;
  shiprocket: {
    email: string;
    password: string;
    /** Shiprocket's pickup location nickname: the shipping feature puts it in each ShipmentRequest. */
    pickupLocation: string;
    webhookToken: string;
    /** Unset for Shiprocket itself; a local fake's in tests. */
    baseUrl?: string | null;
  };
}

export interface CourierOptions {
  log?: Logger;
  clock?: () => Date;
  timeoutMs?: number;
  retryDelaysMs?: readonly number[];
}

/**
 * The courier the settings choose. Shiprocket without its API user's email and password is a
 * CourierError('unauthorised') saying so, not a silent fall back to the manual courier: the owner
 * chose Shiprocket, and shipments made by hand would not be what they asked for.
 */
export function selectCourier(settings: CourierSettings, opts: CourierOptions = {}): Courier {
  if (settings.kind === 'manual') return createManualCourier();
  const { email, password, webhookToken, baseUrl } = settings.shiprocket;
  if (!email.trim() || !password) throw new CourierError('unauthorised', "Shiprocket is chosen but its API user's email and password are not set (Settings → Shipping)");
  return createShiprocketCourier({ email: email.trim(), password, webhookToken, baseUrl: baseUrl || undefined, ...opts });
}

/**
 * selectCourier that keeps one courier while the settings stay the same: a Shiprocket courier
 * holds its sign-in token in memory, and signing in on every request would be slow and would run
 * into Shiprocket's limits. A change of email, password, token or base URL makes a new one.
 */
export function courierSelector(opts: CourierOptions = {}): (settings: CourierSettings) => Courier {
  let kept: { fingerprint: string; courier: Courier } | null = null;
  return (settings) => {
    const s = settings.shiprocket;
    const fingerprint = JSON.stringify([settings.kind, s.email, s.password, s.webhookToken, s.baseUrl ?? null]);
    if (kept?.fingerprint !== fingerprint) kept = { fingerprint, courier: selectCourier(settings, opts) };
    return kept.courier;
  };
}

// The shop's settings as every part of the server reads them (the owner edits them through
// features/settings): the stored row over the defaults, and the rules that follow from them
// alone (delivery to a PIN, cash on delivery, delivery fees, what the storefront shows).
import type { DB } from '../db/database';
import type { Deps } from '../deps';
import type { ShippingOption } from '../payments/payment-provider';
import { stateByCode } from '../../shared/gst';
import { DEFAULT_ORDER_PREFIX } from '../../shared/order-number';
import {
  DEFAULT_COD_SETTINGS,
  DEFAULT_FULFILMENT_SETTINGS,
  DEFAULT_DISPATCH_SETTINGS,
  DEFAULT_SHOP_TIME_ZONE,
  DEFAULT_ZONE_DAYS,
  DEFAULT_STOCK_ALERTS,
  DEFAULT_OFFERS_SETTINGS,
  ShopSettingsSchema,
  type DeliveryCheck,
  type PostalAddress,
  type ShopSettings,
  type StorefrontInfo,
} from '../../shared/schemas/settings';
import { DEFAULT_RETURN_POLICY as DEFAULT_RETURN_POLICY_RULES } from '../../shared/schemas/return-policy';
import { readSettingsRow } from './shop-settings.queries';
import { deliveryByLabel, deliveryDates, dispatchPin, type CourierEtd } from './delivery-estimate';
import { deliveryZone } from '../../shared/pin-zones';

export const DEFAULT_RETURN_POLICY =
  'Unopened items can be returned within 7 days of delivery for a full refund. A product that arrives damaged or does not work is replaced or refunded: tell us within 48 hours of delivery, with a photo of the package. Refunds go back to the original payment method within 7 working days of the return reaching us.';
export const DEFAULT_SHIPPING_POLICY =
  'We ship to the PIN codes listed as serviceable on each product page. Orders placed before 2 pm on a working day are dispatched the same day. You get a tracking link by email once the order ships.';

/** The settings of a shop whose owner has saved none: fees from SHIPPING_* (their first-start defaults), no seller yet. */
export function defaultSettings(env: { SHIPPING_STANDARD_PAISE: number; SHIPPING_EXPRESS_PAISE: number }): ShopSettings {
  return {
    seller: null,
    invoicePrefix: 'INV',
    orderPrefix: DEFAULT_ORDER_PREFIX,
    grievanceOfficer: null,
    policies: { returns: DEFAULT_RETURN_POLICY, shipping: DEFAULT_SHIPPING_POLICY },
    shipping: {
      standardPaise: env.SHIPPING_STANDARD_PAISE,
      expressPaise: env.SHIPPING_EXPRESS_PAISE,
      freeAbovePaise: null,
      standardDays: '3–5',
      expressDays: '1–2',
      serviceablePins: [],
    },
    tax: { shippingSac: '996812', shippingRateBp: 1800, b2cHsnDigits: 4 },
    security: { requireAdminTwoFactor: false },
    timeZone: DEFAULT_SHOP_TIME_ZONE,
    payments: { online: 'both', cod: DEFAULT_COD_SETTINGS },
    fulfilment: DEFAULT_FULFILMENT_SETTINGS,
    dispatch: DEFAULT_DISPATCH_SETTINGS,
    zoneDays: DEFAULT_ZONE_DAYS,
    stockAlerts: DEFAULT_STOCK_ALERTS,
    offers: DEFAULT_OFFERS_SETTINGS,
    returnPolicy: DEFAULT_RETURN_POLICY_RULES,
  };
}

/** Whether the owner requires two-factor sign-in for admins (read on each admin request: every process sees a change at once). */
export async function requiresAdminTwoFactor(deps: Pick<Deps, 'db' | 'env' | 'log'>): Promise<boolean> {
  return (await loadSettings(deps.db, deps)).security.requireAdminTwoFactor;
}

/**
 * The shop's settings as stored, over the defaults. A stored value that no longer validates (a
 * hand-edited row) is logged and the defaults stand in, rather than failing every checkout.
 */
export async function loadSettings(db: DB, deps: Pick<Deps, 'env' | 'log'>): Promise<ShopSettings & { updatedAt: string | null }> {
  const defaults = defaultSettings(deps.env);
  const row = await readSettingsRow(db);
  if (!row) return { ...defaults, updatedAt: null };
  const stored = { ...defaults, ...(row.value as object) };
  let parsed = ShopSettingsSchema.safeParse(stored);
  if (!parsed.success && parsed.error.issues.every((issue) => issue.path[0] === 'timeZone')) {
    // A zone this runtime's time zone data does not know (saved under another Node version):
    // show India's time rather than dropping the seller and every other setting with it.
    deps.log.error({ issues: parsed.error.issues }, 'stored shop time zone is unknown here: using the default zone');
    parsed = ShopSettingsSchema.safeParse({ ...stored, timeZone: defaults.timeZone });
  }
  if (!parsed.success) {
    deps.log.error({ issues: parsed.error.issues }, 'stored shop settings do not validate: using the defaults');
    return { ...defaults, updatedAt: row.updatedAt };
  }
  return { ...parsed.data, updatedAt: row.updatedAt };
}

/** 'MG Road 1, Floor 2, Bengaluru, Karnataka 560001'. */
export function formatPostalAddress(address: PostalAddress): string {
  return [address.line1, address.line2, address.city, `${stateByCode(address.stateCode)?.name ?? address.stateCode} ${address.pin}`].filter(Boolean).join(', ');
}

export function storefrontInfo(settings: ShopSettings): StorefrontInfo {
  const { seller, grievanceOfficer, policies, shipping, timeZone } = settings;
  return {
    seller: seller
      ? { legalName: seller.legalName, tradeName: seller.tradeName, gstin: seller.gstin, address: formatPostalAddress(seller.address), email: seller.email, phone: seller.phone }
      : null,
    grievanceOfficer,
    policies,
    shipping: {
      standardPaise: shipping.standardPaise,
      expressPaise: shipping.expressPaise,
      freeAbovePaise: shipping.freeAbovePaise,
      standardDays: shipping.standardDays,
      expressDays: shipping.expressDays,
      allIndia: shipping.serviceablePins.length === 0,
    },
    timeZone,
  };
}

/** Whether the courier collects cash at `pin`: every PIN the shop delivers to when the COD list is empty. */
export function codServesPin(settings: Pick<ShopSettings, 'shipping' | 'payments'>, pin: string): boolean {
  const list = settings.payments.cod.pins;
  return isServiceable(settings, pin) && (list.length === 0 || list.some((pattern) => pin.startsWith(pattern)));
}

/** Whether the shop delivers to `pin`: every PIN when the list is empty, else one matching a listed PIN or prefix. */
export function isServiceable(settings: Pick<ShopSettings, 'shipping'>, pin: string): boolean {
  const list = settings.shipping.serviceablePins;
  return list.length === 0 || list.some((pattern) => pin.startsWith(pattern));
}

/**
 * Whether the shop delivers to `pin` and, if so, by when for each rate, for an order placed at
 * `now` (deps.clock). `courierEtd`: the courier's own dates for the PIN, used over the owner's
 * table of days by zone when present (see deliveryDates).
 */
export function deliveryCheck(settings: ShopSettings, pin: string, now: Date, opts: { courierEtd?: CourierEtd } = {}): DeliveryCheck {
  const { standardDays, expressDays } = settings.shipping;
  const dates = isServiceable(settings, pin) ? deliveryDates(settings, pin, now, opts) : null;
  const estimate = (date: string | null | undefined) => (date == null ? null : { date, label: deliveryByLabel(date) });
  const standard = estimate(dates?.standard);
  const express = estimate(dates?.express);
  // A courier that serves neither rate there (courierEtd) does not deliver there either.
  if (!dates || (!standard && !express)) {
    return { pin, serviceable: false, standardDays, expressDays, message: `Sorry, we do not deliver to ${pin} yet`, zone: null, standard: null, express: null, validUntil: null };
  }
  return {
    pin,
    serviceable: true,
    standardDays,
    expressDays,
    message: (standard ?? express)?.label ?? '',
    zone: dates.zone,
    standard,
    express,
    validUntil: dates.validUntil.toISOString(),
  };
}

/**
 * The delivery choices for an order whose items come to `subtotal` paise: standard is free from
 * the threshold up. With the delivery `pin` known, express is left out where the owner's table
 * does not offer it (settings.zoneDays.express null for the PIN's zone).
 */
export function shippingOptionsFor(settings: Pick<ShopSettings, 'shipping' | 'dispatch' | 'seller' | 'zoneDays'>, subtotal: number, pin: string | null = null): ShippingOption[] {
  const { standardPaise, expressPaise, freeAbovePaise } = settings.shipping;
  const free = freeAbovePaise !== null && subtotal >= freeAbovePaise;
  const options: ShippingOption[] = [{ rate: 'standard', label: 'Standard delivery', amount: free ? 0 : standardPaise }];
  if (pin === null || expressOffered(settings, pin)) options.push({ rate: 'express', label: 'Express delivery', amount: expressPaise });
  return options;
}

/** Whether the owner's table offers express delivery in `pin`'s zone. */
export function expressOffered(settings: Pick<ShopSettings, 'dispatch' | 'seller' | 'zoneDays'>, pin: string): boolean {
  return settings.zoneDays.express[deliveryZone(pin, dispatchPin(settings))] !== null;
}

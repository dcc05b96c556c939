import { hasAtMostTwoDecimals, paiseToRupees, rupeesToPaise } from '../../../../shared/money';
import { financialYearOf } from '../../../../shared/gst';
import { GST_RATES_BP, ShopSettingsSchema, WEEKDAYS, type ShopSettings, type Weekday } from '../../../../shared/schemas/settings';
import { DELIVERY_ZONES, DELIVERY_ZONE_WORDS, type DeliveryZone } from '../../../../shared/pin-zones';
import { gstToday } from './gst-date';
import { DEFAULT_ORDER_PREFIX, formatOrderNumber } from '../../../../shared/order-number';
import { DEFAULT_SHOP_TIME_ZONE, isKnownTimeZone, yearInZone } from '../../../../shared/time-zone';

/**
 * The Settings form's fields, named by their path in ShopSettings: the same names key the
 * client's zod issues, the server's fieldErrors and the inputs' ids. Money fields hold rupees as
 * typed (the schema's paise field names are kept so its messages land beside them).
 */
export const SETTINGS_FIELDS = [
  'seller.legalName',
  'seller.tradeName',
  'seller.gstin',
  'seller.address.line1',
  'seller.address.line2',
  'seller.address.city',
  'seller.address.stateCode',
  'seller.address.pin',
  'seller.email',
  'seller.phone',
  'invoicePrefix',
  'orderPrefix',
  'grievanceOfficer.name',
  'grievanceOfficer.email',
  'grievanceOfficer.phone',
  'policies.returns',
  'policies.shipping',
  'shipping.standardPaise',
  'shipping.expressPaise',
  'shipping.freeAbovePaise',
  'shipping.standardDays',
  'shipping.expressDays',
  'shipping.serviceablePins',
  'tax.shippingSac',
  'tax.shippingRateBp',
  'tax.b2cHsnDigits',
  /** A checkbox: 'true' or 'false'. */
  'security.requireAdminTwoFactor',
  /** An IANA zone name from the select. */
  'timeZone',
  /** 'both', 'razorpay' or 'stripe': which provider the Payment button uses when both are set up. */
  'payments.online',
  /** A checkbox: 'true' or 'false'. */
  'payments.cod.enabled',
  'payments.cod.maxOrderPaise',
  'payments.cod.feePaise',
  'payments.cod.pins',
  /** A whole number as typed. */
  'payments.cod.maxOpenOrders',
  /** Rupees as typed. */
  'fulfilment.ewayBillThresholdPaise',
  /** Whole grams and centimetres as typed. */
  'fulfilment.parcel.weightGrams',
  'fulfilment.parcel.lengthCm',
  'fulfilment.parcel.breadthCm',
  'fulfilment.parcel.heightCm',
  /** 'manual' or 'shiprocket'. */
  'fulfilment.courier',
  'fulfilment.manual.courierName',
  'fulfilment.manual.trackingUrl',
  'fulfilment.shiprocket.email',
  /** Shown masked ('••••' and its last 4) as the server sends it; sent back unchanged, the saved one stays. */
  'fulfilment.shiprocket.password',
  'fulfilment.shiprocket.pickupLocation',
  'fulfilment.shiprocket.webhookToken',
  /** 'HH:MM' from a time input. */
  'dispatch.cutoff',
  /** The checked weekdays, comma-separated, Monday first: 'mon,tue,wed,thu,fri,sat'. */
  'dispatch.workingDays',
  /** One date a line, YYYY-MM-DD. */
  'dispatch.holidays',
  /** '' for the seller's address PIN. */
  'dispatch.fromPin',
  /** Whole days as typed; express '' is "not offered in this zone". */
  ...DELIVERY_ZONES.map((zone) => `zoneDays.standard.${zone}` as const),
  ...DELIVERY_ZONES.map((zone) => `zoneDays.express.${zone}` as const),
  /** A checkbox: 'true' or 'false'. */
  'stockAlerts.enabled',
  /** A whole number of units as typed. */
  'stockAlerts.defaultLevel',
  /** 'HH:MM' from a time input (the shop's clock). */
  'stockAlerts.sendAt',
  /** The shop's default return policy (issue 31): whole days as typed (0: no returns). */
  'returnPolicy.windowDays',
  /** 'replacement', 'refund-or-replacement' or 'refund'. */
  'returnPolicy.resolutions',
  /** The reasons offered, comma-separated: 'defective,damaged-in-transit'. */
  'returnPolicy.reasons',
  /** A checkbox: 'true' or 'false'. */
  'returnPolicy.photosRequired',
] as const;

export type SettingsField = (typeof SETTINGS_FIELDS)[number];
export type SettingsFormValues = Record<SettingsField, string>;

const SELLER_FIELDS = SETTINGS_FIELDS.filter((f) => f.startsWith('seller.'));
const GRIEVANCE_FIELDS = SETTINGS_FIELDS.filter((f) => f.startsWith('grievanceOfficer.'));

/** 1800 -> "18%", 25 -> "0.25%". */
export function formatGstRate(basisPoints: number): string {
  return `${basisPoints / 100}%`;
}

export const GST_RATE_OPTIONS = GST_RATES_BP.map((bp) => ({ value: String(bp), label: formatGstRate(bp) }));

/** The zones an Indian shop is most likely to want, India's first; every other zone follows them in the select. */
export const COMMON_TIME_ZONES: readonly { value: string; label: string }[] = [
  { value: 'Asia/Kolkata', label: 'India Standard Time (Asia/Kolkata)' },
  { value: 'Asia/Dubai', label: 'Gulf Standard Time (Asia/Dubai)' },
  { value: 'Asia/Kathmandu', label: 'Nepal Time (Asia/Kathmandu)' },
  { value: 'Asia/Dhaka', label: 'Bangladesh Time (Asia/Dhaka)' },
  { value: 'Asia/Colombo', label: 'Sri Lanka Time (Asia/Colombo)' },
  { value: 'Asia/Singapore', label: 'Singapore Time (Asia/Singapore)' },
  { value: 'Europe/London', label: 'UK Time (Europe/London)' },
  { value: 'America/New_York', label: 'US Eastern Time (America/New_York)' },
  { value: 'UTC', label: 'Coordinated Universal Time (UTC)' },
];

/**
 * Every other zone this browser knows, A to Z, for the select's second group; `saved` is among
 * them even when the browser does not know it (it was saved elsewhere), so the select can show it.
 */
export function otherTimeZones(saved: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const common = new Set(COMMON_TIME_ZONES.map((zone) => zone.value));
  // V8 lists India's zone under its old name only; Asia/Kolkata heads the common ones.
  const others = known.filter((zone) => !common.has(zone) && (zone !== 'Asia/Calcutta' || saved === zone));
  if (saved && !common.has(saved) && !others.includes(saved)) others.push(saved);
  return others.sort();
}

/** The saved settings (paise) as form values (rupees, one PIN pattern a line). */
export function settingsToForm(s: ShopSettings): SettingsFormValues {
  const rupees = (paise: number) => String(paiseToRupees(paise));
  return {
    'seller.legalName': s.seller?.legalName ?? '',
    'seller.tradeName': s.seller?.tradeName ?? '',
    'seller.gstin': s.seller?.gstin ?? '',
    'seller.address.line1': s.seller?.address.line1 ?? '',
    'seller.address.line2': s.seller?.address.line2 ?? '',
    'seller.address.city': s.seller?.address.city ?? '',
    'seller.address.stateCode': s.seller?.address.stateCode ?? '',
    'seller.address.pin': s.seller?.address.pin ?? '',
    'seller.email': s.seller?.email ?? '',
    'seller.phone': s.seller?.phone ?? '',
    invoicePrefix: s.invoicePrefix,
    orderPrefix: s.orderPrefix,
    'grievanceOfficer.name': s.grievanceOfficer?.name ?? '',
    'grievanceOfficer.email': s.grievanceOfficer?.email ?? '',
    'grievanceOfficer.phone': s.grievanceOfficer?.phone ?? '',
    'policies.returns': s.policies.returns,
    'policies.shipping': s.policies.shipping,
    'shipping.standardPaise': rupees(s.shipping.standardPaise),
    'shipping.expressPaise': rupees(s.shipping.expressPaise),
    'shipping.freeAbovePaise': s.shipping.freeAbovePaise === null ? '' : rupees(s.shipping.freeAbovePaise),
    'shipping.standardDays': s.shipping.standardDays,
    'shipping.expressDays': s.shipping.expressDays,
    'shipping.serviceablePins': s.shipping.serviceablePins.join('\n'),
    'tax.shippingSac': s.tax.shippingSac,
    'tax.shippingRateBp': String(s.tax.shippingRateBp),
    'tax.b2cHsnDigits': String(s.tax.b2cHsnDigits),
    'security.requireAdminTwoFactor': String(s.security.requireAdminTwoFactor),
    timeZone: s.timeZone,
    'payments.online': s.payments.online,
    'payments.cod.enabled': String(s.payments.cod.enabled),
    'payments.cod.maxOrderPaise': rupees(s.payments.cod.maxOrderPaise),
    'payments.cod.feePaise': rupees(s.payments.cod.feePaise),
    'payments.cod.pins': s.payments.cod.pins.join('\n'),
    'payments.cod.maxOpenOrders': String(s.payments.cod.maxOpenOrders),
    'fulfilment.ewayBillThresholdPaise': rupees(s.fulfilment.ewayBillThresholdPaise),
    'fulfilment.parcel.weightGrams': String(s.fulfilment.parcel.weightGrams),
    'fulfilment.parcel.lengthCm': String(s.fulfilment.parcel.lengthCm),
    'fulfilment.parcel.breadthCm': String(s.fulfilment.parcel.breadthCm),
    'fulfilment.parcel.heightCm': String(s.fulfilment.parcel.heightCm),
    'fulfilment.courier': s.fulfilment.courier,
    'fulfilment.manual.courierName': s.fulfilment.manual.courierName,
    'fulfilment.manual.trackingUrl': s.fulfilment.manual.trackingUrl,
    'fulfilment.shiprocket.email': s.fulfilment.shiprocket.email,
    'fulfilment.shiprocket.password': s.fulfilment.shiprocket.password,
    'fulfilment.shiprocket.pickupLocation': s.fulfilment.shiprocket.pickupLocation,
    'fulfilment.shiprocket.webhookToken': s.fulfilment.shiprocket.webhookToken,
    'dispatch.cutoff': s.dispatch.cutoff,
    'dispatch.workingDays': s.dispatch.workingDays.join(','),
    'dispatch.holidays': s.dispatch.holidays.join('\n'),
    'dispatch.fromPin': s.dispatch.fromPin ?? '',
    ...zoneDaysToForm(s.zoneDays),
    'stockAlerts.enabled': String(s.stockAlerts.enabled),
    'stockAlerts.defaultLevel': String(s.stockAlerts.defaultLevel),
    'stockAlerts.sendAt': s.stockAlerts.sendAt,
    'returnPolicy.windowDays': String(s.returnPolicy.windowDays),
    'returnPolicy.resolutions': s.returnPolicy.resolutions,
    'returnPolicy.reasons': s.returnPolicy.reasons.join(','),
    'returnPolicy.photosRequired': String(s.returnPolicy.photosRequired),
  };
}

function zoneDaysToForm(days: ShopSettings['zoneDays']): Record<`zoneDays.${'standard' | 'express'}.${DeliveryZone}`, string> {
  const entries = DELIVERY_ZONES.flatMap((zone) => [
    [`zoneDays.standard.${zone}`, String(days.standard[zone])],
    [`zoneDays.express.${zone}`, days.express[zone] === null ? '' : String(days.express[zone])],
  ]);
  return Object.fromEntries(entries) as Record<`zoneDays.${'standard' | 'express'}.${DeliveryZone}`, string>;
}

/** The weekdays of the working-days field, Monday first. */
export function parseWorkingDays(text: string): Weekday[] {
  const picked = text.split(',').map((day) => day.trim());
  return WEEKDAYS.filter((day) => picked.includes(day));
}

/** `text` with `day` checked or not, Monday first. */
export function toggleWorkingDay(text: string, day: Weekday, on: boolean): string {
  const days = new Set(parseWorkingDays(text));
  if (on) days.add(day);
  else days.delete(day);
  return WEEKDAYS.filter((d) => days.has(d)).join(',');
}

/** The dates of the holidays textarea: one a line or comma-separated, blanks and repeats dropped. */
export function parseDateList(text: string): string[] {
  return [...new Set(text.split(/[\s,;]+/).filter(Boolean))];
}

/** The PIN codes and prefixes of the textarea: one a line or comma-separated, blanks and repeats dropped. */
export function parsePinList(text: string): string[] {
  return [...new Set(text.split(/[\s,;]+/).filter(Boolean))];
}

/**
 * The form field a path (a zod issue's, or a server fieldErrors key) belongs to: the field
 * itself, or the field holding it ('shipping.serviceablePins.3' is the PIN textarea); 'form'
 * for anything else, shown with the Save button.
 */
export function fieldOfPath(path: string): SettingsField | 'form' {
  const known = SETTINGS_FIELDS.find((field) => path === field || path.startsWith(`${field}.`));
  return known ?? 'form';
}

/** Rupees as typed into paise; undefined (with an error set) when they are not an amount. */
function rupeesField(values: SettingsFormValues, field: SettingsField, label: string, errors: Record<string, string>, optional = false): number | null | undefined {
  const text = values[field].trim();
  if (text === '') {
    if (optional) return null;
    errors[field] = `${label} is required`;
    return undefined;
  }
  const rupees = Number(text);
  if (!Number.isFinite(rupees)) errors[field] = `${label} must be an amount in rupees`;
  else if (!hasAtMostTwoDecimals(rupees)) errors[field] = `${label} must have at most 2 decimals`;
  else return rupeesToPaise(rupees);
  return undefined;
}

/** A whole number as typed; NaN (the schema words it) when it is not one, undefined (with an error set) when empty. */
function countField(values: SettingsFormValues, field: SettingsField, label: string, errors: Record<string, string>): number | undefined {
  const text = values[field].trim();
  if (text === '') {
    errors[field] = `${label} is required`;
    return undefined;
  }
  return Number(text);
}

/** What booking with Shiprocket cannot do without, and how a missing one is worded. */
const SHIPROCKET_REQUIRED: readonly (readonly [SettingsField, string])[] = [
  ['fulfilment.shiprocket.email', 'Shiprocket needs its API user’s email'],
  ['fulfilment.shiprocket.password', 'Shiprocket needs its API user’s password'],
  ['fulfilment.shiprocket.pickupLocation', 'Shiprocket needs your pickup location’s name, as in its panel'],
];

/** The fields holding a list (PIN codes or prefixes, dates), one a line: a problem names the entry. */
const LIST_FIELDS: readonly SettingsField[] = ['shipping.serviceablePins', 'payments.cod.pins', 'dispatch.holidays'];

/** A zone's days as typed: a whole number (NaN, which the schema words, when not one); '' is an error for standard, "not offered" (null) for express. */
function zoneDayField(values: SettingsFormValues, rate: 'standard' | 'express', zone: DeliveryZone, errors: Record<string, string>): number | null {
  const field: SettingsField = `zoneDays.${rate}.${zone}`;
  const text = values[field].trim();
  if (text === '') {
    if (rate === 'express') return null;
    errors[field] = `standard delivery days (${DELIVERY_ZONE_WORDS[zone]}) are required`;
    return 0;
  }
  return Number(text);
}

/**
 * Checks the form with the server's own schema and builds what settings.update takes (paise,
 * PIN list as an array). A section left entirely empty (seller, grievance officer) is sent as
 * null: "not set up yet". Nothing is sent while `errors` has an entry; errors are keyed by
 * form field (see fieldOfPath).
 */
export function toSettingsInput(values: SettingsFormValues): { input: ShopSettings | null; errors: Partial<Record<SettingsField | 'form', string>> } {
  const errors: Partial<Record<SettingsField | 'form', string>> = {};
  const v = (field: SettingsField) => values[field];
  const standard = rupeesField(values, 'shipping.standardPaise', 'standard delivery fee', errors);
  const express = rupeesField(values, 'shipping.expressPaise', 'express delivery fee', errors);
  const freeAbove = rupeesField(values, 'shipping.freeAbovePaise', 'free delivery threshold', errors, true);
  const pins = parsePinList(v('shipping.serviceablePins'));
  const codLimit = rupeesField(values, 'payments.cod.maxOrderPaise', 'cash on delivery limit', errors);
  const codFee = rupeesField(values, 'payments.cod.feePaise', 'cash on delivery fee', errors);
  const codOpen = countField(values, 'payments.cod.maxOpenOrders', 'open cash orders per shopper', errors);
  const codPins = parsePinList(v('payments.cod.pins'));
  const ewayThreshold = rupeesField(values, 'fulfilment.ewayBillThresholdPaise', 'e-way bill threshold', errors);
  const parcel = {
    weightGrams: countField(values, 'fulfilment.parcel.weightGrams', 'weight', errors) ?? 0,
    lengthCm: countField(values, 'fulfilment.parcel.lengthCm', 'length', errors) ?? 0,
    breadthCm: countField(values, 'fulfilment.parcel.breadthCm', 'breadth', errors) ?? 0,
    heightCm: countField(values, 'fulfilment.parcel.heightCm', 'height', errors) ?? 0,
  };
  const holidays = parseDateList(v('dispatch.holidays'));
  const zoneDays = (rate: 'standard' | 'express') => Object.fromEntries(DELIVERY_ZONES.map((zone) => [zone, zoneDayField(values, rate, zone, errors)]));
  const alertLevel = countField(values, 'stockAlerts.defaultLevel', 'default low-stock level', errors);
  const empty = (fields: readonly SettingsField[]) => fields.every((field) => v(field).trim() === '');

  const candidate = {
    seller: empty(SELLER_FIELDS)
      ? null
      : {
          legalName: v('seller.legalName'),
          tradeName: v('seller.tradeName'),
          gstin: v('seller.gstin'),
          address: {
            line1: v('seller.address.line1'),
            line2: v('seller.address.line2'),
            city: v('seller.address.city'),
            stateCode: v('seller.address.stateCode'),
            pin: v('seller.address.pin'),
          },
          email: v('seller.email'),
          phone: v('seller.phone'),
        },
    invoicePrefix: v('invoicePrefix'),
    orderPrefix: v('orderPrefix'),
    grievanceOfficer: empty(GRIEVANCE_FIELDS) ? null : { name: v('grievanceOfficer.name'), email: v('grievanceOfficer.email'), phone: v('grievanceOfficer.phone') },
    policies: { returns: v('policies.returns'), shipping: v('policies.shipping') },
    shipping: {
      // Placeholders where the amount did not parse: the schema must not word a second error for them.
      standardPaise: standard ?? 0,
      expressPaise: express ?? 0,
      freeAbovePaise: freeAbove === undefined ? null : freeAbove,
      standardDays: v('shipping.standardDays'),
      expressDays: v('shipping.expressDays'),
      serviceablePins: pins,
    },
    tax: { shippingSac: v('tax.shippingSac'), shippingRateBp: Number(v('tax.shippingRateBp')), b2cHsnDigits: Number(v('tax.b2cHsnDigits')) },
    security: { requireAdminTwoFactor: v('security.requireAdminTwoFactor') === 'true' },
    timeZone: v('timeZone'),
    payments: {
      online: v('payments.online'),
      cod: {
        enabled: v('payments.cod.enabled') === 'true',
        maxOrderPaise: codLimit ?? 0,
        feePaise: codFee ?? 0,
        pins: codPins,
        maxOpenOrders: codOpen ?? 0,
      },
    },
    fulfilment: {
      ewayBillThresholdPaise: ewayThreshold ?? 0,
      parcel,
      courier: v('fulfilment.courier'),
      manual: { courierName: v('fulfilment.manual.courierName'), trackingUrl: v('fulfilment.manual.trackingUrl') },
      shiprocket: {
        email: v('fulfilment.shiprocket.email'),
        password: v('fulfilment.shiprocket.password'),
        pickupLocation: v('fulfilment.shiprocket.pickupLocation'),
        webhookToken: v('fulfilment.shiprocket.webhookToken'),
      },
    },
    dispatch: {
      cutoff: v('dispatch.cutoff'),
      workingDays: parseWorkingDays(v('dispatch.workingDays')),
      holidays,
      fromPin: v('dispatch.fromPin').trim() === '' ? null : v('dispatch.fromPin'),
    },
    zoneDays: { standard: zoneDays('standard'), express: zoneDays('express') },
    stockAlerts: {
      enabled: v('stockAlerts.enabled') === 'true',
      defaultLevel: alertLevel ?? 0,
      sendAt: v('stockAlerts.sendAt'),
    },
    returnPolicy: {
      windowDays: countField(values, 'returnPolicy.windowDays', 'return window', errors) ?? 0,
      resolutions: v('returnPolicy.resolutions'),
      reasons: v('returnPolicy.reasons')
        .split(',')
        .map((r) => r.trim())
        .filter((r) => r.length > 0),
      photosRequired: v('returnPolicy.photosRequired') === 'true',
    },
  };

  // Shiprocket chosen: each box it needs is named beside itself (the schema's one rule names none).
  const shiprocketMissing = v('fulfilment.courier') === 'shiprocket' ? SHIPROCKET_REQUIRED.filter(([field]) => v(field).trim() === '') : [];
  for (const [field, message] of shiprocketMissing) errors[field] ??= message;

  const parsed = ShopSettingsSchema.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path.map(String).join('.');
      if (path === 'fulfilment.shiprocket' && shiprocketMissing.length > 0) continue;
      const field = fieldOfPath(path);
      if (errors[field]) continue;
      // Say which PIN (or date) is wrong: the textarea holds hundreds.
      const index = LIST_FIELDS.includes(field as SettingsField) ? issue.path.at(-1) : undefined;
      const list = field === 'payments.cod.pins' ? codPins : field === 'dispatch.holidays' ? holidays : pins;
      const bad = typeof index === 'number' ? list[index] : undefined;
      errors[field] = bad ? `${bad}: ${issue.message}` : issue.message;
    }
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { input: null, errors };
  return { input: parsed.data, errors };
}

/** An order number as `prefix` makes them this year on the shop's clock: "VM-2026-000123" (as server/features/order numbers them). */
export function orderNumberPreview(prefix: string, timeZone: string, now: Date = new Date()): string {
  const shown = prefix.trim().toUpperCase() || DEFAULT_ORDER_PREFIX;
  return formatOrderNumber(shown, yearInZone(now, isKnownTimeZone(timeZone) ? timeZone : DEFAULT_SHOP_TIME_ZONE), 123);
}

/** The first invoice number this financial year would get with `prefix`: "INV/2627/00001" (as server/invoices/invoicing.ts numbers them). */
export function invoiceNumberPreview(prefix: string, today: string = gstToday()): string {
  const fy = financialYearOf(today);
  const shown = prefix.trim().toUpperCase() || 'INV';
  return `${shown}/${fy.slice(2, 4)}${fy.slice(5, 7)}/00001`;
}

import { z } from 'zod';
import { INDIAN_STATES, checkGstin } from '../gst';
import { PIN_MESSAGE, PIN_PATTERN } from '../pin';
import { DELIVERY_ZONES, DELIVERY_ZONE_WORDS, type DeliveryZone } from '../pin-zones';
import { DEFAULT_ORDER_PREFIX, ORDER_PREFIX_PATTERN } from '../order-number';
import { multiLineText, singleLineText } from './text';
import { DEFAULT_LOW_STOCK_LEVEL, lowStockLevelSchema } from './stock-level';
import { EmiTableSchema, type EmiTable } from './offers';
import { DEFAULT_RETURN_POLICY, ReturnPolicySchema } from './return-policy';

export { DEFAULT_LOW_STOCK_LEVEL, LOW_STOCK_LEVEL_MAX, lowStockLevelSchema } from './stock-level';

/**
 * The owner's settings (admin Settings page) and a shopper's delivery address, validated the
 * same way in the browser and on the server. Money is integer paise; GST rates are basis points
 * (18 % = 1800).
 */

const STATE_CODES = INDIAN_STATES.map((s) => s.code) as [string, ...string[]];

const text = (field: string, max: number) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, { error: `${field} is required` })
    .max(max, { error: `${field} must be at most ${max} characters` })
    .check(singleLineText(field));
/** `lines: 'multi'` for a text with paragraphs (a policy). */
const optionalText = (field: string, max: number, lines: 'single' | 'multi' = 'single') =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .max(max, { error: `${field} must be at most ${max} characters` })
    .check(lines === 'multi' ? multiLineText(field) : singleLineText(field))
    .optional()
    .default('');

export const StateCodeSchema = z.enum(STATE_CODES, { error: 'state must be one of India’s states or union territories' });

/** Six digits, not starting with 0: India's postal index numbers. */
export const PinSchema = z.string({ error: 'PIN code is required' }).trim().regex(PIN_PATTERN, { error: PIN_MESSAGE });

/** An Indian phone number: 10 digits, optionally after +91 or 0, spaces and dashes ignored; kept as +91XXXXXXXXXX. */
export const PhoneSchema = z
  .string({ error: 'phone is required' })
  .trim()
  .transform((v) => v.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^(?:\+91|0)?[6-9][0-9]{9}$/, { error: 'phone must be a 10-digit Indian mobile number' }))
  .transform((v) => `+91${v.slice(-10)}`);

const ContactPhoneSchema = z
  .string({ error: 'phone is required' })
  .trim()
  .transform((v) => v.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^(?:\+91|0)?[1-9][0-9]{9}$/, { error: 'phone must be a 10-digit Indian phone number' }))
  .transform((v) => `+91${v.slice(-10)}`);

const EmailSchema = z
  .string({ error: 'email is required' })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'email must be a valid email address' }).max(254));

export const GstinSchema = z.string({ error: 'GSTIN must be text' }).transform((v, ctx) => {
  const check = checkGstin(v);
  if (!check.ok) {
    ctx.addIssue({ code: 'custom', message: `GSTIN: ${check.message}` });
    return z.NEVER;
  }
  return check.gstin;
});

/** An optional GSTIN: '' or absent is none; anything else must be a valid one (the message says why not). */
const OptionalGstinSchema = z
  .string({ error: 'GSTIN must be text' })
  .optional()
  .transform((v, ctx): string | null => {
    const text = (v ?? '').trim();
    if (text === '') return null;
    const check = checkGstin(text);
    if (!check.ok) {
      ctx.addIssue({ code: 'custom', message: `GSTIN: ${check.message}` });
      return z.NEVER;
    }
    return check.gstin;
  });

export const PostalAddressSchema = z.object({
  line1: text('address line 1', 200),
  line2: optionalText('address line 2', 200),
  city: text('city', 100),
  stateCode: StateCodeSchema,
  pin: PinSchema,
});
export type PostalAddress = z.output<typeof PostalAddressSchema>;

export const SellerSchema = z
  .object({
    legalName: text('legal name', 200),
    tradeName: text('trade name', 100),
    gstin: GstinSchema,
    address: PostalAddressSchema,
    email: EmailSchema,
    phone: ContactPhoneSchema,
  })
  .refine((s) => s.gstin.slice(0, 2) === s.address.stateCode, {
    path: ['gstin'],
    error: 'GSTIN: its first two digits must be the state code of the registered address (a GSTIN belongs to one state)',
  });
export type Seller = z.output<typeof SellerSchema>;

/** Up to 4 capital letters or digits: 'VM' gives invoice numbers like VM/2627/00001 (16 characters at most). */
export const InvoicePrefixSchema = z
  .string({ error: 'invoice prefix is required' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{1,4}$/, { error: 'invoice prefix must be 1 to 4 letters or digits' });

/** The readable order numbers' prefix (`VM` in VM-2026-000123): read when a number is given, so a change applies to new orders only. */
export const OrderPrefixSchema = z
  .string({ error: 'order number prefix must be text' })
  .trim()
  .toUpperCase()
  .regex(ORDER_PREFIX_PATTERN, { error: 'order number prefix must be 1 to 4 letters or digits' });

/** A rate in basis points: 0, 0.25 %, 3 %, 5 %, 18 % or 40 % (the slabs in force since 22 September 2025; 12 % and 28 % remain for old stock). */
export const GST_RATES_BP = [0, 25, 300, 500, 1200, 1800, 2800, 4000] as const;
export const GstRateSchema = z
  .number({ error: 'GST rate must be a number' })
  .int({ error: 'GST rate must be a whole number of basis points' })
  .refine((v) => (GST_RATES_BP as readonly number[]).includes(v), { error: `GST rate must be one of ${GST_RATES_BP.map((r) => `${r / 100}%`).join(', ')}` });

/** HSN (goods) or SAC (services) code: 4, 6 or 8 digits. */
export const HsnSchema = z
  .string({ error: 'HSN code is required' })
  .trim()
  .regex(/^(?:[0-9]{4}|[0-9]{6}|[0-9]{8})$/, { error: 'HSN code must be 4, 6 or 8 digits' });

const FeeSchema = (field: string) =>
  z
    .number({ error: `${field} must be a number` })
    .int({ error: `${field} must be whole paise` })
    .min(0, { error: `${field} must be 0 or more` })
    .max(10_000_000, { error: `${field} is too high` });

/** A PIN code (6 digits) or a prefix of one (1 to 5 digits: '56' is every PIN starting 56), named in errors as `what` ("serviceable PIN"). */
const pinPattern = (what: string) =>
  z
    .string()
    .trim()
    .regex(/^[1-9][0-9]{0,5}$/, { error: `each ${what} must be a 6-digit PIN code or its first 1 to 5 digits` });

/** A PIN code or prefix the shop delivers to. */
export const PinPatternSchema = pinPattern('serviceable PIN');

export const ShippingSettingsSchema = z.object({
  standardPaise: FeeSchema('standard delivery fee'),
  expressPaise: FeeSchema('express delivery fee'),
  /** Orders whose items come to this much or more ship standard for free; null: never free unless the fee is 0. */
  freeAbovePaise: FeeSchema('free delivery threshold').nullable(),
  standardDays: text('standard delivery time', 20),
  expressDays: text('express delivery time', 20),
  /** Empty: all of India. */
  serviceablePins: z.array(PinPatternSchema).max(5000, { error: 'at most 5000 serviceable PIN codes or prefixes' }),
});
export type ShippingSettings = z.output<typeof ShippingSettingsSchema>;

export const TaxSettingsSchema = z.object({
  /** SAC of the delivery charge: 996812 (courier services). */
  shippingSac: HsnSchema,
  shippingRateBp: GstRateSchema,
  /** Digits of HSN printed on invoices to unregistered buyers (B2C): 4 below ₹5 crore turnover, 6 above. */
  b2cHsnDigits: z.union([z.literal(4), z.literal(6)], { error: 'HSN digits must be 4 or 6' }),
});

export const GrievanceOfficerSchema = z.object({
  name: text('grievance officer’s name', 100),
  email: EmailSchema,
  phone: ContactPhoneSchema,
});

export const PoliciesSchema = z.object({
  returns: optionalText('return and refund policy', 10_000, 'multi'),
  shipping: optionalText('shipping policy', 10_000, 'multi'),
});

/** Sign-in rules. */
export const SecuritySettingsSchema = z.object({
  /** Every ADMIN account must sign in with a second factor; one without it can only enrol. */
  requireAdminTwoFactor: z.boolean({ error: 'requireAdminTwoFactor must be true or false' }),
});

/** Which online provider the Payment button uses when both Stripe's and Razorpay's keys are set ('both': the shopper picks). */
export const ONLINE_PAYMENT_CHOICES = ['both', 'razorpay', 'stripe'] as const;
export type OnlinePaymentChoice = (typeof ONLINE_PAYMENT_CHOICES)[number];

/** Cash on delivery, off until the owner turns it on. */
export const CodSettingsSchema = z.object({
  enabled: z.boolean({ error: 'cash on delivery must be on or off' }),
  /** The most an order may come to (lines, delivery and fee) to be paid in cash. */
  maxOrderPaise: FeeSchema('cash on delivery limit').min(100, { error: 'cash on delivery limit must be at least ₹1' }),
  /** Added to the order as its own line; 0 for none. */
  feePaise: FeeSchema('cash on delivery fee'),
  /** PIN codes or prefixes where the courier collects cash; empty: wherever the shop delivers. */
  pins: z.array(pinPattern('cash on delivery PIN')).max(5000, { error: 'at most 5000 cash on delivery PIN codes or prefixes' }),
  /** Cash orders a shopper may have open (placed or shipped, not yet delivered) at once. */
  maxOpenOrders: z
    .number({ error: 'open cash orders per shopper must be a number' })
    .int({ error: 'open cash orders per shopper must be a whole number' })
    .min(1, { error: 'open cash orders per shopper must be at least 1' })
    .max(20, { error: 'open cash orders per shopper must be at most 20' }),
});
export type CodSettings = z.output<typeof CodSettingsSchema>;

export const DEFAULT_COD_SETTINGS: CodSettings = { enabled: false, maxOrderPaise: 5_000_000, feePaise: 0, pins: [], maxOpenOrders: 2 };

export const PaymentSettingsSchema = z.object({
  online: z.enum(ONLINE_PAYMENT_CHOICES, { error: `online payment must be one of: ${ONLINE_PAYMENT_CHOICES.join(', ')}` }),
  cod: CodSettingsSchema,
});
export type PaymentSettings = z.output<typeof PaymentSettingsSchema>;

/** The daily low-stock mail to the admins (issue 29). */
export const StockAlertsSettingsSchema = z.object({
  enabled: z.boolean({ error: 'stock alerts must be on or off' }),
  /** A variant without a level of its own is low at this many units or fewer (the dashboard's list too). */
  defaultLevel: lowStockLevelSchema('default low-stock level'),
  /** 'HH:MM' on the shop's clock (the `timeZone` setting): the mail goes at or after it, once a day. */
  sendAt: z
    .string({ error: 'stock alert time must be a time like 09:00' })
    .trim()
    .regex(/^(?:[01][0-9]|2[0-3]):[0-5][0-9]$/, { error: 'stock alert time must be a time like 09:00 (24-hour clock)' }),
});
export type StockAlertsSettings = z.output<typeof StockAlertsSettingsSchema>;

export const DEFAULT_STOCK_ALERTS: StockAlertsSettings = { enabled: true, defaultLevel: DEFAULT_LOW_STOCK_LEVEL, sendAt: '09:00' };

/**
 * The shop's clock when the owner has chosen none: India Standard Time. Dates and times shown to
 * people (order pages, the admin panel, emails, the test checkout's expiry) and the dashboard's
 * days follow the `timeZone` setting; GST documents and periods do not (see GST_TIME_ZONE).
 */
// Zod-free, so pages that only show times (the footer, every order list) do not load zod.
export { DEFAULT_SHOP_TIME_ZONE, isKnownTimeZone } from '../time-zone';
import { DEFAULT_SHOP_TIME_ZONE, isKnownTimeZone } from '../time-zone';

export const TimeZoneSchema = z
  .string({ error: 'time zone must be text' })
  .trim()
  .max(64, { error: 'time zone must be at most 64 characters' })
  .refine(isKnownTimeZone, { error: 'time zone must be an IANA time zone name such as Asia/Kolkata' });

/** The parcel packing assumes unless the admin says otherwise: 500 g in a 20 × 15 × 10 cm box. */
export const ParcelSchema = z.object({
  weightGrams: z
    .number({ error: 'weight must be a number' })
    .int({ error: 'weight must be whole grams' })
    .min(1, { error: 'weight must be at least 1 gram' })
    .max(100_000, { error: 'weight must be at most 100 kg' }),
  lengthCm: z
    .number({ error: 'length must be a number' })
    .int({ error: 'length must be whole centimetres' })
    .min(1, { error: 'length must be at least 1 cm' })
    .max(300, { error: 'length must be at most 300 cm' }),
  breadthCm: z
    .number({ error: 'breadth must be a number' })
    .int({ error: 'breadth must be whole centimetres' })
    .min(1, { error: 'breadth must be at least 1 cm' })
    .max(300, { error: 'breadth must be at most 300 cm' }),
  heightCm: z
    .number({ error: 'height must be a number' })
    .int({ error: 'height must be whole centimetres' })
    .min(1, { error: 'height must be at least 1 cm' })
    .max(300, { error: 'height must be at most 300 cm' }),
});
export type Parcel = z.output<typeof ParcelSchema>;

/** A courier tracking link with `{awb}` where the AWB goes: https only. '' for none. */
export const TrackingUrlPatternSchema = z
  .string({ error: 'tracking link must be text' })
  .trim()
  .max(300, { error: 'tracking link must be at most 300 characters' })
  .refine((v) => v === '' || (/^https:\/\/[^\s]+$/.test(v) && v.includes('{awb}')), { error: 'tracking link must start with https:// and contain {awb} where the AWB goes' });

export const COURIER_CHOICES = ['manual', 'shiprocket'] as const;

/**
 * A secret as the Settings page shows it: '••••' and its last 4 characters, never the whole. Sent
 * back unchanged (still starting with the dots), it keeps the stored secret.
 */
export const SECRET_MASK = '••••';
export function maskSecret(secret: string): string {
  return secret === '' ? '' : `${SECRET_MASK}${secret.length > 8 ? secret.slice(-4) : ''}`;
}
export const isMaskedSecret = (value: string) => value.startsWith(SECRET_MASK);

const SecretSchema = (field: string) =>
  z
    .string({ error: `${field} must be text` })
    .max(200, { error: `${field} must be at most 200 characters` })
    .refine((v) => !/[\p{Cc}]/u.test(v), { error: `${field} must be one line of text` });

/** Shiprocket's API user (Settings → API in Shiprocket's panel), its pickup location's nickname and the webhook token. */
export const ShiprocketSettingsSchema = z.object({
  email: z
    .string({ error: 'Shiprocket API user email must be text' })
    .trim()
    .max(254, { error: 'Shiprocket API user email is too long' })
    .refine((v) => v === '' || z.email().safeParse(v).success, { error: 'Shiprocket API user email must be a valid email address' }),
  password: SecretSchema('Shiprocket API user password'),
  pickupLocation: optionalText('Shiprocket pickup location', 60),
  webhookToken: SecretSchema('Shiprocket webhook token'),
});
export type ShiprocketSettings = z.output<typeof ShiprocketSettingsSchema>;
export const DEFAULT_SHIPROCKET_SETTINGS: ShiprocketSettings = { email: '', password: '', pickupLocation: '', webhookToken: '' };

/** Packing and shipping: the courier, the parcel, the e-way bill threshold. */
export const FulfilmentSettingsSchema = z
  .object({
    /** A consignment worth more than this (with tax) needs an e-way bill number to ship: ₹50,000 by the CGST rules (rule 138). */
    ewayBillThresholdPaise: FeeSchema('e-way bill threshold').max(1_000_000_000, { error: 'e-way bill threshold is too high' }),
    parcel: ParcelSchema,
    courier: z.enum(COURIER_CHOICES, { error: `courier must be one of: ${COURIER_CHOICES.join(', ')}` }),
    /** The manual courier: the name and tracking link the Ship form starts from (the admin may change them per shipment). */
    manual: z.object({
      courierName: optionalText('courier name', 60),
      trackingUrl: TrackingUrlPatternSchema,
    }),
    /** Absent in settings saved before Shiprocket could be chosen: not set up. */
    shiprocket: ShiprocketSettingsSchema.default(DEFAULT_SHIPROCKET_SETTINGS),
  })
  .refine((f) => f.courier !== 'shiprocket' || (f.shiprocket.email !== '' && f.shiprocket.password !== '' && f.shiprocket.pickupLocation !== ''), {
    path: ['shiprocket'],
    error: 'Shiprocket needs its API user’s email and password and your pickup location’s name',
  });
export type FulfilmentSettings = z.output<typeof FulfilmentSettingsSchema>;

export const DEFAULT_FULFILMENT_SETTINGS: FulfilmentSettings = {
  ewayBillThresholdPaise: 5_000_000,
  parcel: { weightGrams: 500, lengthCm: 20, breadthCm: 15, heightCm: 10 },
  courier: 'manual',
  manual: { courierName: '', trackingUrl: '' },
  shiprocket: DEFAULT_SHIPROCKET_SETTINGS,
};

/** Weekdays as the dispatch settings name them, Monday first. */
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `text` is a real calendar date written YYYY-MM-DD (2026-02-30 is not). */
export function isIsoDate(text: string): boolean {
  const match = ISO_DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 2000 && year <= 2100 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * When orders leave the shop (the delivery dates shown before buying count from it): an order
 * placed on a working day that is not a holiday, before the cut-off (the shop's `timeZone`), is
 * dispatched that day, any other on the next such day.
 */
export const DispatchSettingsSchema = z.object({
  /** 'HH:MM', 24-hour, on the shop's clock. */
  cutoff: z
    .string({ error: 'dispatch cut-off time must be text' })
    .trim()
    .regex(/^(?:[01][0-9]|2[0-3]):[0-5][0-9]$/, { error: 'dispatch cut-off time must be a time of day as HH:MM (24-hour), e.g. 14:00' }),
  /** The weekdays orders are dispatched on; kept Monday first, each once. */
  workingDays: z
    .array(z.enum(WEEKDAYS, { error: `each working day must be one of ${WEEKDAYS.join(', ')}` }), { error: 'working days must be a list of weekdays' })
    .min(1, { error: 'choose at least one working day' })
    .max(7, { error: 'at most 7 working days' })
    .transform((days) => WEEKDAYS.filter((day) => days.includes(day))),
  /** Dates ('YYYY-MM-DD', the shop's calendar) nothing is dispatched on; kept in order, each once. */
  holidays: z
    .array(z.string({ error: 'each holiday must be a date' }).trim().refine(isIsoDate, { error: 'each holiday must be a date written YYYY-MM-DD, e.g. 2026-10-20' }), {
      error: 'holidays must be a list of dates',
    })
    .max(366, { error: 'at most 366 holidays' })
    .transform((dates) => [...new Set(dates)].sort()),
  /** The PIN orders are picked up from, which delivery zones count from; null: the seller's address PIN. */
  fromPin: z
    .string({ error: 'dispatch PIN code must be text' })
    .trim()
    .regex(PIN_PATTERN, { error: `dispatch ${PIN_MESSAGE}` })
    .nullable(),
});
export type DispatchSettings = z.output<typeof DispatchSettingsSchema>;

export const DEFAULT_DISPATCH_SETTINGS: DispatchSettings = { cutoff: '14:00', workingDays: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat'], holidays: [], fromPin: null };

const zoneDayCount = (rate: 'standard' | 'express', zone: DeliveryZone) => {
  const field = `${rate} delivery days (${DELIVERY_ZONE_WORDS[zone]})`;
  return z
    .number({ error: `${field} must be a number` })
    .int({ error: `${field} must be a whole number of days` })
    .min(0, { error: `${field} must be 0 or more` })
    .max(60, { error: `${field} must be at most 60` });
};

/**
 * Days from dispatch to delivery, by zone (shared/pin-zones.ts), counted as couriers deliver:
 * every day but Sunday. Express is null in a zone where it is not offered.
 */
export const ZoneDaysSchema = z
  .object({
    standard: z.object({
      sameCity: zoneDayCount('standard', 'sameCity'),
      sameState: zoneDayCount('standard', 'sameState'),
      metro: zoneDayCount('standard', 'metro'),
      restOfIndia: zoneDayCount('standard', 'restOfIndia'),
      northEast: zoneDayCount('standard', 'northEast'),
    }),
    express: z.object({
      sameCity: zoneDayCount('express', 'sameCity').nullable(),
      sameState: zoneDayCount('express', 'sameState').nullable(),
      metro: zoneDayCount('express', 'metro').nullable(),
      restOfIndia: zoneDayCount('express', 'restOfIndia').nullable(),
      northEast: zoneDayCount('express', 'northEast').nullable(),
    }),
  })
  .superRefine((days, ctx) => {
    for (const zone of DELIVERY_ZONES) {
      const express = days.express[zone];
      const standard = days.standard[zone];
      // Only between two valid counts: a bad one has its own message already.
      const valid = (n: number) => Number.isInteger(n) && n >= 0 && n <= 60;
      if (express !== null && valid(express) && valid(standard) && express > standard) {
        ctx.addIssue({
          code: 'custom',
          path: ['express', zone],
          message: `express delivery days (${DELIVERY_ZONE_WORDS[zone]}) must not be more than standard’s (${days.standard[zone]})`,
        });
      }
    }
  });
export type ZoneDays = z.output<typeof ZoneDaysSchema>;

export const DEFAULT_ZONE_DAYS: ZoneDays = {
  standard: { sameCity: 2, sameState: 3, metro: 4, restOfIndia: 5, northEast: 8 },
  express: { sameCity: 1, sameState: 2, metro: 2, restOfIndia: 3, northEast: 6 },
};

/** No no-cost EMI plans and no bank offers until the owner adds them. */
export const DEFAULT_OFFERS_SETTINGS: EmiTable = { plans: [], bankOffers: [] };

/** What the owner saves on the Settings page. `seller` and `grievanceOfficer` are null until filled in. */
export const ShopSettingsSchema = z.object({
  seller: SellerSchema.nullable(),
  invoicePrefix: InvoicePrefixSchema,
  /** Absent in settings saved before it existed (and from older forms): VM. */
  orderPrefix: OrderPrefixSchema.default(DEFAULT_ORDER_PREFIX),
  grievanceOfficer: GrievanceOfficerSchema.nullable(),
  policies: PoliciesSchema,
  shipping: ShippingSettingsSchema,
  tax: TaxSettingsSchema,
  /** Absent in settings saved before it existed (and from older forms): off. */
  security: SecuritySettingsSchema.default({ requireAdminTwoFactor: false }),
  /** The zone dates and times are shown in. Absent in settings saved before it existed (and from older forms): India's. */
  timeZone: TimeZoneSchema.default(DEFAULT_SHOP_TIME_ZONE),
  /** Absent in settings saved before it existed: both online providers offered, cash on delivery off. */
  payments: PaymentSettingsSchema.default({ online: 'both', cod: DEFAULT_COD_SETTINGS }),
  /** Absent in settings saved before it existed: the manual courier, a 500 g parcel, the ₹50,000 e-way bill threshold. */
  fulfilment: FulfilmentSettingsSchema.default(DEFAULT_FULFILMENT_SETTINGS),
  /** Absent in settings saved before it existed: dispatched Monday to Saturday before 2 pm, from the seller's PIN. */
  dispatch: DispatchSettingsSchema.default(DEFAULT_DISPATCH_SETTINGS),
  /** Absent in settings saved before it existed: the defaults above. */
  zoneDays: ZoneDaysSchema.default(DEFAULT_ZONE_DAYS),
  /** Absent in settings saved before it existed: on, level 5, at 09:00. */
  stockAlerts: StockAlertsSettingsSchema.default(DEFAULT_STOCK_ALERTS),
  /**
   * The no-cost EMI plans and the bank offers (issue 30), edited on the Offers page
   * (offers.saveEmiSettings): the Settings page's save keeps them as stored. Absent in settings
   * saved before it existed: no plans, no bank offers.
   */
  offers: EmiTableSchema.default(DEFAULT_OFFERS_SETTINGS),
  /** The return policy of a category without its own (issue 31). Absent in settings saved before it existed: 7 days, replacement only. */
  returnPolicy: ReturnPolicySchema.default(DEFAULT_RETURN_POLICY),
});
export type ShopSettings = z.output<typeof ShopSettingsSchema>;
export type ShopSettingsInput = z.input<typeof ShopSettingsSchema>;

/** A product's own HSN and rate; null for either falls back to its category's. */
export const ProductTaxInputSchema = z.object({
  productId: z.string().trim().min(1, { error: 'productId is required' }).max(64),
  hsn: HsnSchema.nullable(),
  rateBasisPoints: GstRateSchema.nullable(),
});

/** The admin's Settings page (each category's HSN and rate are on the Categories page: catalog.adminCategories). */
export type AdminSettings = ShopSettings & {
  updatedAt: string | null;
  /** The online providers whose keys are set on the server ('test': the built-in test checkout, no keys). */
  onlineProviders: ('stripe' | 'razorpay' | 'test')[];
  /** Where Shiprocket sends its tracking webhooks: PUBLIC_URL's /api/courier/tracking (Settings shows it to paste into Shiprocket's panel). */
  courierWebhookUrl: string;
};

/** What every shopper may see of the settings: the footer's seller and grievance officer, policies, delivery terms and the shop's time zone. */
export type StorefrontInfo = {
  seller: { legalName: string; tradeName: string; gstin: string; address: string; email: string; phone: string } | null;
  grievanceOfficer: { name: string; email: string; phone: string } | null;
  policies: { returns: string; shipping: string };
  shipping: { standardPaise: number; expressPaise: number; freeAbovePaise: number | null; standardDays: string; expressDays: string; allIndia: boolean };
  /** The IANA zone every page shows dates and times in (the `timeZone` setting). */
  timeZone: string;
};

export const DeliveryCheckInputSchema = z.object({ pin: PinSchema });
/** A delivery date before buying: 'YYYY-MM-DD' on the shop's calendar, and how it is shown ('Delivery by Thursday, 3 December'). */
export type DeliveryEstimate = { date: string; label: string };

export type DeliveryCheck = {
  pin: string;
  serviceable: boolean;
  standardDays: string;
  expressDays: string;
  /** 'Delivery by Thursday, 3 December' (standard), or 'Sorry, we do not deliver to 110001 yet'. */
  message: string;
  /** The delivery zone the dates were counted for; null when the PIN is not served. */
  zone: DeliveryZone | null;
  /** Null when not served. */
  standard: DeliveryEstimate | null;
  /** Null when not served, or when express is not offered to this PIN. */
  express: DeliveryEstimate | null;
  /** The instant the dates move on by the clock alone (the dispatch day's cut-off), ISO; null when not served. */
  validUntil: string | null;
};

/** A delivery address as a shopper enters it. */
export const AddressInputSchema = z.object({
  name: text('name', 100),
  phone: PhoneSchema,
  line1: text('address line 1', 200),
  line2: optionalText('address line 2', 200),
  city: text('city', 100),
  stateCode: StateCodeSchema,
  pin: PinSchema,
  /** A business buyer's GSTIN, for a B2B invoice; '' for none. */
  gstin: OptionalGstinSchema,
});
export type AddressInput = z.input<typeof AddressInputSchema>;
export type DeliveryAddress = z.output<typeof AddressInputSchema>;

export const MAX_ADDRESSES = 20;

export type SavedAddress = DeliveryAddress & { _id: string; createdAt: string };

export const AddressIdInputSchema = z.object({ addressId: z.string().trim().min(1, { error: 'addressId is required' }).max(64) });
export const UpdateAddressInputSchema = AddressInputSchema.extend({ addressId: z.string().trim().min(1, { error: 'addressId is required' }).max(64) });

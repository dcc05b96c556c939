import { z } from 'zod';
import { ParcelSchema } from './settings';

/**
 * Packing and shipping an order (issue 29): what the admin types at the packing table and the
 * Ship form, checked the same way in the browser and on the server, and the timeline a shopper
 * sees.
 */

/** A parcel's life: packed -> booked (a courier has it on its books, AWB given) -> shipped -> out for delivery -> delivered; a failed delivery (NDR) goes back out or back to origin (returning -> returned). */
export const SHIPMENT_STATUSES = ['packed', 'booked', 'shipped', 'out_for_delivery', 'delivered', 'delivery_failed', 'returning', 'returned', 'cancelled'] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];

/** What packing asks of each unit of a category's products. */
export const UNIT_ID_KINDS = ['none', 'serial', 'imei'] as const;
export type UnitIdKind = (typeof UNIT_ID_KINDS)[number];
export const UnitIdKindSchema = z.enum(UNIT_ID_KINDS, { error: `unit numbers must be one of: ${UNIT_ID_KINDS.join(', ')}` });

/** The Luhn check digit test every IMEI passes (its 15th digit). */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Why `text` is not an IMEI, or null when it is one (15 digits, spaces and dashes ignored, Luhn check). */
export function imeiProblem(text: string): string | null {
  const digits = text.replace(/[\s-]/g, '');
  if (!/^[0-9]+$/.test(digits)) return 'an IMEI is 15 digits';
  if (digits.length !== 15) return `an IMEI is 15 digits (this has ${digits.length})`;
  if (!luhnValid(digits)) return 'this IMEI fails its check digit: a digit is mistyped';
  return null;
}

export const ImeiSchema = (field: string) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .max(40, { error: `${field}: an IMEI is 15 digits` })
    .transform((v, ctx) => {
      const problem = imeiProblem(v);
      if (problem) {
        ctx.addIssue({ code: 'custom', message: `${field}: ${problem}` });
        return z.NEVER;
      }
      return v.replace(/[\s-]/g, '');
    });

/** A serial number as printed on the box: 3 to 40 letters, digits, '-', '/' or '.', kept in capitals. */
export const SerialSchema = (field: string) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .toUpperCase()
    .min(3, { error: `${field} must be at least 3 characters` })
    .max(40, { error: `${field} must be at most 40 characters` })
    .regex(/^[A-Z0-9][A-Z0-9./-]*$/, { error: `${field} must be letters and digits (and - / .) without spaces` });

/** An air waybill number: 6 to 30 letters or digits (dashes allowed), no spaces. */
/** An AWB: 6 to 30 letters, digits or dashes (the schema below and the courier floor's check share it). */
export const AWB_PATTERN = /^[A-Za-z0-9-]{6,30}$/;

export const AwbSchema = z
  .string({ error: 'AWB is required' })
  .trim()
  .min(1, { error: 'AWB is required' })
  .max(30, { error: 'AWB must be at most 30 characters' })
  .regex(/^[^\s]+$/, { error: 'AWB must be letters and digits without spaces' })
  .regex(AWB_PATTERN, { error: 'AWB must be 6 to 30 letters and digits' })
  .transform((v) => v.toUpperCase());

const DateSchema = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: `${field} must be a date (YYYY-MM-DD)` })
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v, { error: `${field} is not a real date` });

/** An e-way bill: its 12-digit number and the date it was generated. */
export const EwayBillSchema = z.object({
  number: z
    .string({ error: 'e-way bill number is required' })
    .transform((v) => v.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^[0-9]{12}$/, { error: 'e-way bill number must be 12 digits' })),
  date: DateSchema('e-way bill date'),
});
export type EwayBill = z.output<typeof EwayBillSchema>;

const IdSchema = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, { error: `${field} is required` })
    .max(64, { error: `${field} is not valid` });

/** One unit at the packing table: its serial, or its IMEI (and a dual-SIM phone's second). */
export const PackedUnitSchema = z.object({
  itemId: IdSchema('itemId'),
  /** 0-based: which unit of the line. */
  unit: z.number({ error: 'unit must be a number' }).int().min(0, { error: 'unit must be 0 or more' }).max(999, { error: 'unit is not valid' }),
  serial: z.string({ error: 'serial must be text' }).max(100, { error: 'serial must be at most 40 characters' }).optional(),
  imei: z.string({ error: 'IMEI must be text' }).max(100, { error: 'IMEI: an IMEI is 15 digits' }).optional(),
  imei2: z.string({ error: 'second IMEI must be text' }).max(100, { error: 'second IMEI: an IMEI is 15 digits' }).optional(),
});
export type PackedUnitInput = z.input<typeof PackedUnitSchema>;

export const PackOrderInputSchema = z.object({
  orderId: IdSchema('orderId'),
  units: z.array(PackedUnitSchema).max(500, { error: 'at most 500 units in one parcel' }).default([]),
  /** Absent: the shop's default parcel. */
  parcel: ParcelSchema.optional(),
  ewayBill: EwayBillSchema.nullable().optional(),
});
export type PackOrderInput = z.input<typeof PackOrderInputSchema>;

export const ShipManualInputSchema = z.object({
  orderId: IdSchema('orderId'),
  courierName: z
    .string({ error: 'courier name is required' })
    .trim()
    .min(1, { error: 'courier name is required' })
    .max(60, { error: 'courier name must be at most 60 characters' })
    .regex(/^[^\p{Cc}]+$/u, { error: 'courier name must be one line of text' }),
  awb: AwbSchema,
  /** The courier's tracking link with {awb} in it, or a full link; '' or absent: none. */
  trackingUrl: z
    .string({ error: 'tracking link must be text' })
    .trim()
    .max(300, { error: 'tracking link must be at most 300 characters' })
    .refine((v) => v === '' || /^https:\/\/[^\s]+$/.test(v), { error: 'tracking link must start with https://' })
    .optional(),
  ewayBill: EwayBillSchema.nullable().optional(),
});
export type ShipManualInput = z.input<typeof ShipManualInputSchema>;

export const EwayBillInputSchema = z.object({ orderId: IdSchema('orderId'), ewayBill: EwayBillSchema });

export const OrderIdInputSchema = z.object({ orderId: IdSchema('orderId') });

/** The orders of one page of the admin's list (at most 100). */
export const OrderIdsInputSchema = z.object({
  orderIds: z.array(IdSchema('orderIds'), { error: 'orderIds must be a list of order ids' }).max(100, { error: 'orderIds: at most 100 orders at a time' }),
});

/** A unit's numbers as recorded at packing. `line`: its line's place in the order (0-based, as the order's lines are listed). */
export type UnitNumbers = { itemId: string; line: number; unit: number; kind: 'serial' | 'imei'; values: string[] };

/** One step of a parcel's timeline, as the shopper and the admin see it. */
export type TrackingStep = {
  status: ShipmentStatus;
  at: string;
  /** "Out for delivery", "Delivery failed: customer not available". */
  label: string;
  location: string | null;
  reason: string | null;
  note: string | null;
};

/** An order's parcel as the shopper's order page and the admin show it. */
export type OrderShipment = {
  id: string;
  status: ShipmentStatus;
  courier: 'manual' | 'shiprocket';
  courierName: string | null;
  awb: string | null;
  trackingUrl: string | null;
  packedAt: string;
  shippedAt: string | null;
  deliveredAt: string | null;
  units: UnitNumbers[];
  timeline: TrackingStep[];
};

/** What the admin sees besides: the parcel, its value and e-way bill, the last courier error. */
export type AdminShipment = OrderShipment & {
  parcel: { weightGrams: number; lengthCm: number; breadthCm: number; heightCm: number };
  valuePaise: number;
  codAmount: number;
  ewayBill: { number: string; date: string } | null;
  ewayBillRequired: boolean;
  failedReason: string | null;
  lastError: string | null;
  /** The courier's sorting code printed on the label (Shiprocket gives one with the AWB); null for the manual courier. */
  routingCode: string | null;
  /**
   * The order was cancelled but Shiprocket did not confirm cancelling its own order (a timeout, a
   * 5xx): lastError says so, and the admin's parcel block offers Try again. False otherwise.
   */
  courierCancelPending: boolean;
};

/** One courier Shiprocket offers for a parcel (the Ship step's rate list). */
export type CourierRate = {
  courierId: number;
  courierName: string;
  /** Paise, what Shiprocket charges the shop. */
  ratePaise: number;
  etdDays: number | null;
  /** YYYY-MM-DD */
  etdDate: string | null;
  cod: boolean;
  recommended: boolean;
};

/**
 * The couriers Shiprocket offers for an order's parcel (pickup PIN to delivery PIN, its weight,
 * cash on delivery or not), cheapest first. `error`: Shiprocket could not be asked (the parcel is
 * then booked with its recommended courier); `options` is empty then.
 */
export type CourierRates = {
  pickupPin: string | null;
  deliveryPin: string | null;
  weightGrams: number;
  cod: boolean;
  options: CourierRate[];
  error: string | null;
};

/** The courier's pickup sheet: the parcels awaiting pickup, or those of the chosen orders. */
export const ManifestInputSchema = z.object({
  orderIds: z.array(IdSchema('orderIds'), { error: 'orderIds must be a list of order ids' }).max(100, { error: 'orderIds: at most 100 orders at a time' }).optional(),
});

/** One parcel on a manifest. */
export type ManifestParcel = {
  orderId: string;
  orderRef: string;
  awb: string;
  consignee: string;
  pin: string;
  pieces: number;
  weightGrams: number;
  /** Paise to collect at the door; 0 when prepaid. */
  codAmount: number;
};

/** A manifest: one section per courier (its pickup person signs for their parcels). */
export type Manifest = {
  shop: { name: string; pickupAddress: string | null; phone: string | null };
  /** "28 Nov 2026, 6:40 pm IST" on the shop’s clock. */
  printedAt: string;
  couriers: { courierName: string; parcels: ManifestParcel[] }[];
};

/** What the packing table shows for an order: each line, how many units, what each needs. */
export type PackingLine = {
  itemId: string;
  productId: string;
  name: string;
  variantLabel: string | null;
  sku: string | null;
  quantity: number;
  unitIds: UnitIdKind;
};

export type PackingSheet = {
  orderId: string;
  orderStatus: string;
  lines: PackingLine[];
  /** The order's value with tax (lines, delivery, COD fee): an e-way bill is needed above the threshold. */
  valuePaise: number;
  ewayBillThresholdPaise: number;
  ewayBillRequired: boolean;
  parcel: { weightGrams: number; lengthCm: number; breadthCm: number; heightCm: number };
  manualCourier: { courierName: string; trackingUrl: string };
  /** The courier Settings choose: the Ship step books with Shiprocket, or asks the manual courier's AWB. */
  courier: 'manual' | 'shiprocket';
  shipment: AdminShipment | null;
};

/** Words for each status on the timeline. */
export const SHIPMENT_STATUS_LABELS: Record<ShipmentStatus, string> = {
  packed: 'Packed',
  booked: 'Handed to the courier',
  shipped: 'Shipped',
  out_for_delivery: 'Out for delivery',
  delivered: 'Delivered',
  delivery_failed: 'Delivery failed',
  returning: 'Returning to the shop',
  returned: 'Returned to the shop',
  cancelled: 'Shipment cancelled',
};

const NoteSchema = (field: string) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .max(250, { error: `${field} must be at most 250 characters` })
    .regex(/^[^\p{Cc}]*$/u, { error: `${field} must be one line of text` });

/** Books the packed parcel with the courier the settings choose; `courierId` one of its serviceability options (absent: the courier's recommendation). */
export const BookCourierInputSchema = z.object({
  orderId: IdSchema('orderId'),
  courierId: z.number({ error: 'courierId must be a number' }).int().positive({ error: 'courierId must be a courier’s id' }).optional(),
});

/** The admin's answer to a failed delivery. */
export const NdrAnswerInputSchema = z.object({
  orderId: IdSchema('orderId'),
  action: z.enum(['re-attempt', 'return'], { error: 'action must be re-attempt or return' }),
  note: NoteSchema('note').default(''),
});

/** A step the manual courier reported, recorded by the admin. */
export const DeliveryStepInputSchema = z.object({
  orderId: IdSchema('orderId'),
  status: z.enum(['out_for_delivery', 'delivery_failed', 'returning', 'returned'], { error: 'status must be out_for_delivery, delivery_failed, returning or returned' }),
  reason: NoteSchema('reason').optional(),
  damaged: z.boolean({ error: 'damaged must be true or false' }).optional(),
});

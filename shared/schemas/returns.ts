import { z } from 'zod';
import { AwbSchema } from './shipping';
import { multiLineText, singleLineText } from './text';
import { RETURN_REASONS, RETURN_RESOLUTIONS, ReturnPolicySchema, type ReturnPolicy, type ReturnReason, type ReturnResolution } from './return-policy';

export * from './return-policy';

/**
 * Returns and replacements (issue 31): each category's policy (with the shop's default), the
 * shopper's request for one unit, and the owner's queue up to receiving the unit back.
 */

export const RETURN_STATUSES = ['requested', 'approved', 'rejected', 'pickup-scheduled', 'picked-up', 'received', 'cancelled'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];
export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = {
  requested: 'Requested',
  approved: 'Approved',
  rejected: 'Rejected',
  'pickup-scheduled': 'Pickup scheduled',
  'picked-up': 'Picked up',
  received: 'Received',
  cancelled: 'Cancelled',
};
/** Statuses in which a request holds its unit (a second request for it is refused). */
export const OPEN_RETURN_STATUSES: readonly ReturnStatus[] = ['requested', 'approved', 'pickup-scheduled', 'picked-up', 'received'];

/** A category's own policy (null: the shop's default): the category form. */
export const CategoryReturnPolicySchema = ReturnPolicySchema.nullable();

/** Each category's policy as shoppers see it (/policies, the product page). */
export type ReturnPolicies = {
  shopDefault: { policy: ReturnPolicy; text: string };
  categories: { value: string; label: string; policy: ReturnPolicy; text: string; own: boolean }[];
};

export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;
export const UPI_PATTERN = /^[\w.-]{2,256}@[A-Za-z]{2,64}$/;

/** Where a cash-on-delivery refund is paid: a UPI id, or a bank account with its IFSC. Stored as given. */
export const ReturnPayoutSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('upi'),
      upiId: z.string({ error: 'UPI id is required' }).trim().regex(UPI_PATTERN, { error: 'UPI id must look like name@bank (e.g. asha.k@okaxis)' }),
    }),
    z.object({
      kind: z.literal('bank'),
      accountName: z
        .string({ error: 'account holder’s name is required' })
        .trim()
        .min(2, { error: 'account holder’s name is required' })
        .max(100, { error: 'account holder’s name must be at most 100 characters' })
        .check(singleLineText('account holder’s name')),
      accountNumber: z
        .string({ error: 'account number is required' })
        .trim()
        .regex(/^[0-9]{9,18}$/, { error: 'account number must be 9 to 18 digits' }),
      ifsc: z
        .string({ error: 'IFSC is required' })
        .trim()
        .toUpperCase()
        .regex(IFSC_PATTERN, { error: 'IFSC must be 11 characters: 4 letters, 0, then 6 letters or digits (e.g. HDFC0001234)' }),
    }),
  ],
  { error: 'payout must be a UPI id or a bank account' },
);
export type ReturnPayout = z.output<typeof ReturnPayoutSchema>;

/** A payout as admins see it outside paying out: all but the last 4 characters hidden. */
export function maskPayout(payout: ReturnPayout): string {
  const mask = (text: string) => (text.length <= 4 ? '••••' : `${'•'.repeat(Math.min(8, text.length - 4))}${text.slice(-4)}`);
  if (payout.kind === 'upi') {
    const [name = '', bank = ''] = payout.upiId.split('@');
    return `UPI ${name.slice(0, 2)}${'•'.repeat(Math.max(2, name.length - 2))}@${bank}`;
  }
  return `Bank a/c ${mask(payout.accountNumber)}, IFSC ${payout.ifsc.slice(0, 4)}•••••••`;
}

const IdSchema = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, { error: `${field} is required` })
    .max(64, { error: `${field} is not valid` });

export const RETURN_PHOTOS_MAX = 4;
export const RETURN_DESCRIPTION_MAX = 1000;
const PhotoUrlSchema = z
  .string({ error: 'photos must be the addresses of uploaded photos' })
  .regex(/^\/images\/[0-9a-f]{16,64}\.webp$/, { error: 'photos must be photos uploaded here (upload them first)' });

export const RequestReturnInputSchema = z.object({
  orderId: IdSchema('orderId'),
  itemId: IdSchema('itemId'),
  /** 0-based: which unit of the line. */
  unit: z.number({ error: 'unit must be a number' }).int({ error: 'unit must be a whole number' }).min(0, { error: 'unit must be 0 or more' }).max(999),
  reason: z.enum(RETURN_REASONS, { error: `reason must be one of: ${RETURN_REASONS.join(', ')}` }),
  description: z
    .string({ error: 'description is required' })
    .trim()
    .min(10, { error: 'description: tell us what is wrong in at least 10 characters' })
    .max(RETURN_DESCRIPTION_MAX, { error: `description must be at most ${RETURN_DESCRIPTION_MAX} characters` })
    .check(multiLineText('description')),
  photos: z
    .array(PhotoUrlSchema, { error: 'photos must be a list' })
    .max(RETURN_PHOTOS_MAX, { error: `at most ${RETURN_PHOTOS_MAX} photos` })
    .optional()
    .default([]),
  resolution: z.enum(RETURN_RESOLUTIONS, { error: 'resolution must be replacement or refund' }),
  payout: ReturnPayoutSchema.optional(),
});
export type RequestReturnInput = z.input<typeof RequestReturnInputSchema>;

/** A photo for a return request, as a data: URL (the form reads the file); stored through the image pipeline. */
export const ReturnPhotoInputSchema = z.object({
  dataUrl: z.string({ error: 'photo is required' }).min(1, { error: 'photo is required' }).max(8_000_000, { error: 'photo is too large: the limit is 5 MB' }),
});

export const ReturnIdInputSchema = z.object({ returnId: IdSchema('returnId') });

const MessageSchema = (field: string) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .max(1000, { error: `${field} must be at most 1000 characters` })
    .check(multiLineText(field));

export const DecideReturnInputSchema = z
  .object({
    returnId: IdSchema('returnId'),
    decision: z.enum(['approve', 'reject'], { error: 'decision must be approve or reject' }),
    message: MessageSchema('message').optional().default(''),
  })
  .superRefine((input, ctx) => {
    if (input.decision === 'reject' && input.message.length === 0)
      ctx.addIssue({ code: 'custom', path: ['message'], message: 'message: tell the shopper why the return is rejected' });
  });

export const ScheduleReturnPickupInputSchema = z.object({
  returnId: IdSchema('returnId'),
  courierName: z
    .string({ error: 'courier name is required' })
    .trim()
    .min(1, { error: 'courier name is required' })
    .max(60, { error: 'courier name must be at most 60 characters' })
    .check(singleLineText('courier name')),
  awb: AwbSchema,
});

export const ReceiveReturnInputSchema = z.object({
  returnId: IdSchema('returnId'),
  /** The serial or IMEI scanned from the unit that came back; '' for a unit packed without one. */
  number: z.string({ error: 'number must be text' }).trim().toUpperCase().max(40, { error: 'the serial or IMEI is at most 40 characters' }).optional().default(''),
  condition: z.enum(['resaleable', 'damaged'], { error: 'condition must be resaleable or damaged' }),
});

export const ResolveReturnInputSchema = z.object({
  returnId: IdSchema('returnId'),
  /** accept: the unit is taken back as received (its condition applies); refuse: it is not (it goes back to the shopper, outside this page). */
  decision: z.enum(['accept', 'refuse'], { error: 'decision must be accept or refuse' }),
  note: MessageSchema('note').min(3, { error: 'note: say what was decided and why' }),
});

export const AdminReturnsInputSchema = z
  .object({
    show: z.enum(['open', 'all'], { error: 'show must be open or all' }).optional().default('open'),
    reason: z.enum(RETURN_REASONS, { error: `reason must be one of: ${RETURN_REASONS.join(', ')}` }).optional(),
  })
  .optional()
  .default({ show: 'open' });

export type ReturnEvent = { status: string; at: string; note: string | null };

/** A request as its shopper sees it. */
export type ShopperReturn = {
  id: string;
  orderId: string;
  itemId: string;
  unit: number;
  deliveredNumber: string | null;
  reason: ReturnReason;
  description: string;
  photos: string[];
  resolution: ReturnResolution;
  status: ReturnStatus;
  ownerMessage: string | null;
  pickup: { courierName: string; awb: string } | null;
  requestedAt: string;
  timeline: ReturnEvent[];
};

/** One unit of a delivered line on the shopper's order page: its request, or whether one can be made and why not. */
export type ReturnUnit = { unit: number; number: string | null; request: ShopperReturn | null };
export type ReturnLine = {
  itemId: string;
  /** "7 days replacement" */
  policyText: string;
  /** Null when a request can be made now; else why not ("Returns for Mobiles close 7 days after delivery (delivered 20 Nov)"). */
  closedReason: string | null;
  /** The last day a request is taken, 'YYYY-MM-DD' on the shop's clock; null when the line has no returns or is not delivered. */
  lastDay: string | null;
  reasons: ReturnReason[];
  resolutions: ReturnResolution[];
  photosRequired: boolean;
  /** Cash on delivery: a refund needs the UPI id or bank account to pay into. */
  payoutNeeded: boolean;
  units: ReturnUnit[];
};
/** By order id, then by line index. */
export type MyReturns = Record<string, ReturnLine[]>;

/** A request in the owner's queue. */
export type AdminReturn = ShopperReturn & {
  orderNumber: string;
  itemName: string;
  variantLabel: string | null;
  customerEmail: string;
  /** The payout masked (admins see the full details only when paying out, next slice). */
  payoutMasked: string | null;
  receivedNumber: string | null;
  /** Null until received (or when the unit had no number). */
  numberMatches: boolean | null;
  held: boolean;
  resolveNote: string | null;
  condition: 'resaleable' | 'damaged' | null;
  quantity: number;
};

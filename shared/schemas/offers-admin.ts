import { z } from 'zod';
import { singleLineText } from './text';
import {
  BuyXGetYSchema,
  CouponSchema,
  EmiTableSchema,
  OFFER_NAME_MAX,
  PrepaidDiscountSchema,
  SalePriceSchema,
  type BuyXGetY,
  type Coupon,
  type EmiTable,
  type PrepaidDiscount,
  type SalePrice,
} from './offers';
import type { CouponStatus, PricedCart } from '../offers';
import type { TaxedCart } from '../offers';

/**
 * The owner's offers screens (issue 30): what offers.* takes and answers. An offer is sent as its
 * kind, its name and its definition: the engine schema's input for that kind (shared/schemas/
 * offers.ts) without `id`, which the server assigns. Field errors name the definition's field
 * ("definition.amountPaise: amountPaise must be at least 1"), so a form can show each beside its box.
 */

export const OFFER_KINDS = ['coupon', 'sale-price', 'buy-x-get-y', 'prepaid'] as const;
export type OfferKindName = (typeof OFFER_KINDS)[number];

export const OFFER_KIND_LABELS: Record<OfferKindName, string> = {
  coupon: 'Coupon',
  'sale-price': 'Sale price',
  'buy-x-get-y': 'Buy X get Y',
  prepaid: 'Prepaid discount',
};

export const OFFER_STATUSES = ['live', 'scheduled', 'ended', 'paused'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

/** The id a definition is checked with before the server gives it its own. */
const PENDING_ID = 'pending';

const IdSchema = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, { error: `${field} is required` })
    .max(64, { error: `${field} is not valid` });

const NameSchema = z
  .string({ error: 'name is required' })
  .trim()
  .min(1, { error: 'name is required' })
  .max(OFFER_NAME_MAX, { error: `name must be at most ${OFFER_NAME_MAX} characters` })
  .check(singleLineText('name'));

/** A definition checked by its kind's engine schema, its issues kept under `definition.<field>`. */
function definitionOf<T>(schema: z.ZodType<T>) {
  return z.record(z.string(), z.unknown(), { error: 'definition must be an object' }).transform((definition, ctx): T => {
    const parsed = schema.safeParse({ ...definition, id: PENDING_ID });
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    return z.NEVER;
  });
}

const OfferFieldsSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('coupon'), name: NameSchema, definition: definitionOf<Coupon>(CouponSchema) }),
    z.object({ kind: z.literal('sale-price'), name: NameSchema, definition: definitionOf<SalePrice>(SalePriceSchema) }),
    // Its name is the offer's name (the definition's own is set from it).
    z.object({ kind: z.literal('buy-x-get-y'), name: NameSchema, definition: z.record(z.string(), z.unknown(), { error: 'definition must be an object' }) }),
    z.object({ kind: z.literal('prepaid'), name: NameSchema, definition: definitionOf<PrepaidDiscount>(PrepaidDiscountSchema) }),
  ],
  { error: `kind must be one of: ${OFFER_KINDS.join(', ')}` },
);

/** A buy-X-get-Y's definition carries its name: checked with the offer's name in it. */
const withBuyXGetY = <T extends z.output<typeof OfferFieldsSchema>>(value: T, ctx: z.RefinementCtx): OfferFields | typeof z.NEVER => {
  if (value.kind !== 'buy-x-get-y') return value;
  const parsed = BuyXGetYSchema.safeParse({ ...value.definition, name: value.name, id: PENDING_ID });
  if (parsed.success) return { kind: 'buy-x-get-y', name: value.name, definition: parsed.data };
  for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: ['definition', ...issue.path] });
  return z.NEVER;
};

export type OfferFields =
  | { kind: 'coupon'; name: string; definition: Coupon }
  | { kind: 'sale-price'; name: string; definition: SalePrice }
  | { kind: 'buy-x-get-y'; name: string; definition: BuyXGetY }
  | { kind: 'prepaid'; name: string; definition: PrepaidDiscount };

export const CreateOfferInputSchema = OfferFieldsSchema.transform(withBuyXGetY);
export type CreateOfferInput = z.input<typeof CreateOfferInputSchema>;

export const UpdateOfferInputSchema = z
  .object({ offerId: IdSchema('offerId') })
  .and(OfferFieldsSchema)
  .transform((value, ctx) => {
    const fields = withBuyXGetY(value, ctx);
    return fields === z.NEVER ? z.NEVER : { ...fields, offerId: value.offerId };
  });
export type UpdateOfferInput = z.input<typeof UpdateOfferInputSchema>;

export const OfferIdInputSchema = z.object({ offerId: IdSchema('offerId') });
export const SetOfferPausedInputSchema = z.object({ offerId: IdSchema('offerId'), paused: z.boolean({ error: 'paused must be true or false' }) });

export const OfferListInputSchema = z
  .object({
    status: z.enum(OFFER_STATUSES, { error: `status must be one of: ${OFFER_STATUSES.join(', ')}` }).optional(),
    kind: z.enum(OFFER_KINDS, { error: `kind must be one of: ${OFFER_KINDS.join(', ')}` }).optional(),
  })
  .optional();

/** What an offer brought in: orders paid (or further on) and not cancelled that used it. */
export type OfferUsage = {
  orders: number;
  /** Paise it took off those orders' lines (a sale price: (list − sale price) × quantity). */
  discountPaise: number;
  /** Those orders' totals together, paise. */
  revenuePaise: number;
};

export type AdminOffer = OfferFields & {
  _id: string;
  /** A coupon's code (upper-case); null for other kinds. */
  code: string | null;
  paused: boolean;
  /** At the shop's now: paused wins; else scheduled before `validFrom`, ended from `validTo`, live between. */
  status: OfferStatus;
  validFrom: string | null;
  validTo: string | null;
  usesCount: number;
  usesLimit: number | null;
  usage: OfferUsage;
  /** A sale price's product and variant as the list shows them. */
  product: { name: string; variantLabel: string | null } | null;
  createdAt: string;
  updatedAt: string;
};

const PIN = /^[1-9][0-9]{5}$/;

export const MAX_PREVIEW_LINES = 10;

export const OfferPreviewInputSchema = z.object({
  lines: z
    .array(
      z.object({
        variantId: IdSchema('variantId'),
        quantity: z
          .number({ error: 'quantity must be a number' })
          .int({ error: 'quantity must be a whole number' })
          .min(1, { error: 'quantity must be at least 1' })
          .max(99, { error: 'quantity must be at most 99' }),
      }),
      { error: 'lines must be a list' },
    )
    .min(1, { error: 'lines must hold at least one product' })
    .max(MAX_PREVIEW_LINES, { error: `lines holds at most ${MAX_PREVIEW_LINES} products` }),
  couponCode: z.string({ error: 'couponCode must be text' }).trim().max(40, { error: 'couponCode must be at most 40 characters' }).check(singleLineText('couponCode')).optional(),
  payment: z.enum(['online', 'cod'], { error: 'payment must be online or cod' }),
  pin: z.string({ error: 'pin must be text' }).trim().regex(PIN, { error: 'pin must be a 6-digit PIN code' }).optional(),
  /** Price the cart at this instant instead of now (a future weekend's sale). */
  at: z
    .string({ error: 'at must be a date and time' })
    .pipe(z.iso.datetime({ offset: true, error: 'at must be a date and time with its offset, like 2026-12-04T00:00:00+05:30' }))
    .transform((value) => new Date(value).toISOString())
    .optional(),
});
export type OfferPreviewInput = z.input<typeof OfferPreviewInputSchema>;

export type OfferPreviewLine = PricedCart['lines'][number] & {
  name: string;
  variantLabel: string | null;
  /** Each discount with the offer's name. */
  discountNames: { offerId: string; name: string; amount: number }[];
  tax: TaxedCart['lines'][number];
};

export type OfferPreview = {
  at: string;
  intraState: boolean;
  lines: OfferPreviewLine[];
  coupon: CouponStatus | null;
  prepaid: PricedCart['prepaid'];
  delivery: PricedCart['delivery'] & { tax: TaxedCart['delivery'] };
  totals: PricedCart['totals'] & { taxable: number; cgst: number; sgst: number; igst: number };
};

/** The no-cost EMI plans and the bank offers, edited on the Offers page (the settings' `offers` section). */
export const SaveEmiSettingsInputSchema = EmiTableSchema;
export type EmiSettings = EmiTable;

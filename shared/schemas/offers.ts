import { z } from 'zod';
import { singleLineText } from './text';

/**
 * Offers (issue 30): what the owner defines (coupons, sale prices, buy X get Y, the prepaid
 * discount, the no-cost EMI table and bank offer texts). These schemas are the admin's forms and
 * the JSON the database keeps; shared/offers/ prices a cart with them. Money is integer paise,
 * rates and percentages basis points (10 % = 1000), times ISO-8601 instants. A window runs from
 * `from` (included) to `to` (excluded: the first instant it no longer applies; a sale "until
 * Sunday 23:59 IST" ends at Monday 00:00 IST); `to: null` has no end.
 */

export const EMI_TENURES = [3, 6, 9, 12] as const;
export type EmiTenure = (typeof EMI_TENURES)[number];

/** No single offer amount may exceed this (₹1 crore, as a product's price: PRICE_MAX_PAISE). */
export const OFFER_MAX_PAISE = 1_000_000_000;
export const OFFER_NAME_MAX = 80;
export const SCOPE_LIST_MAX = 200;
export const BANK_OFFER_TEXT_MAX = 300;

const wholePaise = (field: string, min: number) =>
  z
    .number({ error: `${field} must be an amount in paise` })
    .int({ error: `${field} must be whole paise` })
    .min(min, { error: `${field} must be at least ${min}` })
    .max(OFFER_MAX_PAISE, { error: `${field} is too high` });

const basisPoints = (field: string, min: number, max: number) =>
  z
    .number({ error: `${field} must be a number of basis points` })
    .int({ error: `${field} must be whole basis points` })
    .min(min, { error: `${field} must be at least ${min} basis points` })
    .max(max, { error: `${field} must be at most ${max} basis points` });

/** Text the owner types (names, banks, bank offers): one line, shown to shoppers. */
const ownerText = (field: string, max: number) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, { error: `${field} is required` })
    .max(max, { error: `${field} must be at most ${max} characters` })
    .check(singleLineText(field));

const id = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, { error: `${field} is required` })
    .max(64, { error: `${field} is too long` });

/** An instant with its offset ('2026-12-04T00:00:00+05:30' or '...Z'), kept as UTC ('2026-12-03T18:30:00.000Z'). */
export const InstantSchema = (field: string) =>
  z
    .string({ error: `${field} must be a date and time` })
    .pipe(z.iso.datetime({ offset: true, error: `${field} must be a date and time with its offset, like 2026-12-04T00:00:00+05:30` }))
    .transform((value) => new Date(value).toISOString());

const windowFields = {
  from: InstantSchema('from'),
  to: InstantSchema('to').nullable(),
};

/** `to` after `from`, reported on `to` (or the field named `field`). */
function checkWindow(value: { from: string; to: string | null }, ctx: z.RefinementCtx, field = 'to', after = 'from') {
  if (value.to !== null && value.to <= value.from) ctx.addIssue({ code: 'custom', path: [field], message: `${field} must be after ${after}` });
}

const nameList = (field: string) =>
  z.array(ownerText(field, 100), { error: `${field} must be a list` }).max(SCOPE_LIST_MAX, { error: `${field} holds at most ${SCOPE_LIST_MAX} entries` });

const idList = (field: string) => z.array(id(field), { error: `${field} must be a list` }).max(SCOPE_LIST_MAX, { error: `${field} holds at most ${SCOPE_LIST_MAX} entries` });

/**
 * Which cart lines an offer concerns. A line is in the scope when its category, its brand, its
 * product or its variant is listed (any one of them: a union, as a shop's collections are);
 * categories and brands match whatever their case. All four empty means every line.
 */
export const OfferScopeSchema = z.object({
  categories: nameList('categories').default([]),
  brands: nameList('brands').default([]),
  productIds: idList('productIds').default([]),
  variantIds: idList('variantIds').default([]),
});
export type OfferScope = z.output<typeof OfferScopeSchema>;

export const EMPTY_SCOPE: OfferScope = { categories: [], brands: [], productIds: [], variantIds: [] };

/** Letters, digits, '-' and '_', 3 to 20 of them, in any case as typed; kept upper-case. */
export const CouponCodeSchema = z
  .string({ error: 'code is required' })
  .trim()
  .min(3, { error: 'code must be at least 3 characters' })
  .max(20, { error: 'code must be at most 20 characters' })
  .regex(/^[A-Za-z0-9_-]+$/, { error: 'code may hold only letters, digits, - and _' })
  .transform((code) => code.toUpperCase());

const couponFields = {
  id: id('id'),
  code: CouponCodeSchema,
  /** The eligible lines' value (after sale prices and automatic offers) must reach this; 0: none. */
  minCartPaise: wholePaise('minCartPaise', 0).default(0),
  validFrom: InstantSchema('validFrom'),
  validTo: InstantSchema('validTo').nullable(),
  /** null: unlimited. */
  totalUses: z.number({ error: 'totalUses must be a number' }).int({ error: 'totalUses must be a whole number' }).min(1, { error: 'totalUses must be at least 1' }).nullable(),
  /** null: unlimited. */
  usesPerShopper: z
    .number({ error: 'usesPerShopper must be a number' })
    .int({ error: 'usesPerShopper must be a whole number' })
    .min(1, { error: 'usesPerShopper must be at least 1' })
    .nullable(),
  firstOrderOnly: z.boolean({ error: 'firstOrderOnly must be true or false' }).default(false),
  include: OfferScopeSchema.default(EMPTY_SCOPE),
  exclude: OfferScopeSchema.default(EMPTY_SCOPE),
  /** false: the coupon skips lines an automatic offer (buy X get Y) already discounts. */
  combinable: z.boolean({ error: 'combinable must be true or false' }).default(true),
  paused: z.boolean({ error: 'paused must be true or false' }).default(false),
};

export const CouponSchema = z
  .discriminatedUnion(
    'kind',
    [
      z.object({
        ...couponFields,
        kind: z.literal('percent'),
        percentBp: basisPoints('percentBp', 1, 10_000),
        /** The most the coupon takes off; null: no cap. */
        capPaise: wholePaise('capPaise', 1).nullable(),
      }),
      z.object({ ...couponFields, kind: z.literal('amount'), amountPaise: wholePaise('amountPaise', 1) }),
      z.object({ ...couponFields, kind: z.literal('free-delivery') }),
    ],
    { error: 'kind must be percent, amount or free-delivery' },
  )
  .superRefine((coupon, ctx) => checkWindow({ from: coupon.validFrom, to: coupon.validTo }, ctx, 'validTo', 'validFrom'));
export type CouponInput = z.input<typeof CouponSchema>;
export type Coupon = z.output<typeof CouponSchema>;

/**
 * A sale price for a time window: on one variant (`variantId`), or on every variant of a product
 * (`variantId: null`, as for a product sold without options). A sale price at or above the
 * line's own price is ignored: a sale never raises a price.
 */
export const SalePriceSchema = z
  .object({
    id: id('id'),
    productId: id('productId'),
    variantId: id('variantId').nullable(),
    pricePaise: wholePaise('pricePaise', 1),
    from: InstantSchema('from'),
    // A sale always ends (its page shows "Sale ends in 2 h").
    to: InstantSchema('to'),
  })
  .superRefine((value, ctx) => checkWindow(value, ctx));
export type SalePrice = z.output<typeof SalePriceSchema>;

export const BuyXGetYSchema = z
  .object({
    id: id('id'),
    name: ownerText('name', OFFER_NAME_MAX),
    buy: z.object({
      scope: OfferScopeSchema,
      quantity: z.number({ error: 'buy.quantity must be a number' }).int({ error: 'buy.quantity must be a whole number' }).min(1).max(10),
    }),
    get: z.object({
      scope: OfferScopeSchema,
      quantity: z.number({ error: 'get.quantity must be a number' }).int({ error: 'get.quantity must be a whole number' }).min(1).max(10),
      /** 10000: free; less: that much off each get unit. */
      percentOffBp: basisPoints('get.percentOffBp', 1, 10_000).default(10_000),
    }),
    /** The most times it applies to one order (buy 2 get 1, limit 2: up to 2 free units from 6). */
    limitPerOrder: z.number({ error: 'limitPerOrder must be a number' }).int({ error: 'limitPerOrder must be a whole number' }).min(1).max(50),
    ...windowFields,
    /** Cancelling a bought item alone: refused, or the whole combo (its free items too) is cancelled. */
    cancelRule: z.enum(['refuse', 'cancel-combo'], { error: 'cancelRule must be refuse or cancel-combo' }),
  })
  .superRefine((value, ctx) => checkWindow(value, ctx));
export type BuyXGetY = z.output<typeof BuyXGetYSchema>;

const prepaidFields = {
  id: id('id'),
  /** The goods' value after every other discount must reach this; 0: none. */
  minCartPaise: wholePaise('minCartPaise', 0).default(0),
  ...windowFields,
};

/** Money off for paying online rather than cash on delivery. */
export const PrepaidDiscountSchema = z
  .discriminatedUnion(
    'kind',
    [
      z.object({ ...prepaidFields, kind: z.literal('amount'), amountPaise: wholePaise('amountPaise', 1) }),
      z.object({ ...prepaidFields, kind: z.literal('percent'), percentBp: basisPoints('percentBp', 1, 10_000), capPaise: wholePaise('capPaise', 1).nullable() }),
    ],
    { error: 'kind must be amount or percent' },
  )
  .superRefine((value, ctx) => checkWindow(value, ctx));
export type PrepaidDiscount = z.output<typeof PrepaidDiscountSchema>;

/** One row of the owner's no-cost EMI table: a bank, a tenure, the bank's annual rate and the lowest price it is offered on. */
export const EmiPlanSchema = z.object({
  bank: ownerText('bank', 60),
  months: z.union(
    EMI_TENURES.map((m) => z.literal(m)),
    { error: 'months must be 3, 6, 9 or 12' },
  ),
  annualRateBp: basisPoints('annualRateBp', 0, 6000),
  minPricePaise: wholePaise('minPricePaise', 0).default(0),
});
export type EmiPlan = z.output<typeof EmiPlanSchema>;

/** A bank offer as the owner types it ("10% instant discount on HDFC credit cards, up to ₹1,500"): shown while live, never computed. */
export const BankOfferSchema = z
  .object({
    id: id('id'),
    bank: ownerText('bank', 60),
    text: ownerText('text', BANK_OFFER_TEXT_MAX),
    ...windowFields,
  })
  .superRefine((value, ctx) => checkWindow(value, ctx));
export type BankOffer = z.output<typeof BankOfferSchema>;

export const EmiTableSchema = z.object({
  plans: z.array(EmiPlanSchema).max(100).default([]),
  bankOffers: z.array(BankOfferSchema).max(50).default([]),
});
export type EmiTable = z.output<typeof EmiTableSchema>;

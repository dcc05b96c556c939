import { z } from 'zod';
import { PaiseSchema, ProductImageUrlSchema, PRODUCT_IMAGES_MAX, StockSchema } from './catalog';
import { singleLineText } from './text';
import { SpecValuesInputSchema } from './specs';
import type { SpecValues } from '../specs';
import { lowStockLevelSchema } from './stock-level';

/** A variant's own low-stock level; null: the shop's default (Settings → Stock alerts); left out: unchanged. */
export const VariantLowStockLevelSchema = lowStockLevelSchema('lowStockLevel').nullish();

/**
 * Product variants (issue 27): a product has up to MAX_OPTIONS options (Storage, Colour), and
 * each combination it sells is a variant with its own SKU, EAN, prices, stock, weight and images.
 * Money is integer paise, as in catalog.ts.
 */

export const MAX_OPTIONS = 3;
export const MAX_OPTION_VALUES = 20;
export const OPTION_NAME_MAX = 40;
export const OPTION_VALUE_MAX = 60;
export const SKU_MAX = 64;
/** No product sells more combinations than this (3 options of 20 values would be 8,000). */
export const MAX_VARIANTS = 100;
export const WEIGHT_MAX_GRAMS = 1_000_000;

/** An option named Colour or Color (any case) is what a card counts ("3 colours"). */
export function isColourOption(name: string): boolean {
  return /^colou?r$/i.test(name.trim());
}

const text = (field: string, max: number) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, { error: `${field} is required` })
    .max(max, { error: `${field} must be at most ${max} characters` })
    .check(singleLineText(field));

export const OptionValueSchema = z.object({
  value: text('option value', OPTION_VALUE_MAX),
  /** A colour option's swatch, `#rrggbb`. */
  swatch: z
    .string({ error: 'swatch must be a colour like #1f2937' })
    .regex(/^#[0-9a-fA-F]{6}$/, { error: 'swatch must be a colour like #1f2937' })
    .optional(),
});

export const ProductOptionSchema = z
  .object({
    name: text('option name', OPTION_NAME_MAX),
    values: z
      .array(OptionValueSchema, { error: 'values must be a list' })
      .min(1, { error: 'an option needs at least one value' })
      .max(MAX_OPTION_VALUES, { error: `an option has at most ${MAX_OPTION_VALUES} values` }),
  })
  .superRefine((option, ctx) => {
    const seen = new Set<string>();
    option.values.forEach((v, i) => {
      const key = v.value.toLowerCase();
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['values', i, 'value'], message: `${option.name} has the value ${v.value} twice` });
      seen.add(key);
    });
  });
export type ProductOption = z.output<typeof ProductOptionSchema>;

export const ProductOptionsSchema = z
  .array(ProductOptionSchema, { error: 'options must be a list' })
  .max(MAX_OPTIONS, { error: `a product has at most ${MAX_OPTIONS} options` })
  .superRefine((options, ctx) => {
    const seen = new Set<string>();
    options.forEach((o, i) => {
      const key = o.name.toLowerCase();
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [i, 'name'], message: `the option ${o.name} appears twice` });
      seen.add(key);
    });
  });

/** A GTIN-8, -12, -13 or -14 whose last digit is its check digit (GS1's mod-10 weights 3, 1). */
export function isValidGtin(code: string): boolean {
  if (!/^(\d{8}|\d{12}|\d{13}|\d{14})$/.test(code)) return false;
  const digits = [...code].map(Number);
  const check = digits.pop() ?? 0;
  const sum = digits.reverse().reduce((acc, d, i) => acc + d * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === check;
}

export const SkuSchema = z
  .string({ error: 'sku must be text' })
  .trim()
  .min(1, { error: 'sku is required' })
  .max(SKU_MAX, { error: `sku must be at most ${SKU_MAX} characters` })
  .regex(/^[A-Za-z0-9][A-Za-z0-9._/-]*$/, { error: 'sku may hold letters, digits and . _ / - only' });

export const EanSchema = z.string({ error: 'ean must be text' }).trim().refine(isValidGtin, { error: 'ean must be a GTIN of 8, 12, 13 or 14 digits with a valid check digit' });

const IdSchema = z.string({ error: 'variant id must be text' }).trim().min(1, { error: 'variant id is required' }).max(64, { error: 'variant id is not valid' });

/** One variant in a product form: `_id` for an existing one, none for a new one (SKU generated when left out). */
export const VariantInputSchema = z.object({
  _id: IdSchema.optional(),
  sku: SkuSchema.optional(),
  ean: EanSchema.nullish(),
  /** The chosen value of each of the product's options, in their order ([] for a product without options). */
  optionValues: z.array(text('option value', OPTION_VALUE_MAX), { error: 'optionValues must be a list' }).max(MAX_OPTIONS).optional().default([]),
  price: PaiseSchema('price'),
  sellingPrice: PaiseSchema('sellingPrice'),
  stock: StockSchema.optional(),
  /** For an existing variant: the stock the form showed; a changed figure is set only if it is still this (else 409). */
  expectedStock: StockSchema.optional(),
  trackStock: z.boolean({ error: 'trackStock must be true or false' }).optional(),
  lowStockLevel: VariantLowStockLevelSchema,
  weightGrams: z
    .number({ error: 'weightGrams must be a whole number' })
    .int({ error: 'weightGrams must be a whole number' })
    .min(1, { error: 'weightGrams must be more than 0' })
    .max(WEIGHT_MAX_GRAMS, { error: 'weightGrams is too high' })
    .nullish(),
  images: z
    .array(ProductImageUrlSchema, { error: 'images must be a list of image URLs' })
    .max(PRODUCT_IMAGES_MAX, { error: `a variant has at most ${PRODUCT_IMAGES_MAX} images` })
    .optional(),
  /** Its values of the category's per-variant attributes (storage); left out: the stored ones stay. */
  specs: SpecValuesInputSchema.optional(),
});
export type VariantInput = z.input<typeof VariantInputSchema>;

export const VariantsInputSchema = z
  .array(VariantInputSchema, { error: 'variants must be a list' })
  .min(1, { error: 'a product needs at least one variant' })
  .max(MAX_VARIANTS, { error: `a product has at most ${MAX_VARIANTS} variants` });

/** The variant grid's save: many variants of one product at once, in one transaction. */
export const BulkVariantUpdateInputSchema = z.object({
  productId: z.string({ error: 'productId is required' }).trim().min(1, { error: 'productId is required' }).max(200),
  variants: z
    .array(
      z.object({
        _id: IdSchema,
        sku: SkuSchema.optional(),
        price: PaiseSchema('price').optional(),
        sellingPrice: PaiseSchema('sellingPrice').optional(),
        stock: StockSchema.optional(),
        /** The stock the grid showed: the figure is set only if it is still this (else 409). */
        expectedStock: StockSchema.optional(),
        lowStockLevel: VariantLowStockLevelSchema,
        /** Its values of the category's per-variant attributes (null clears one); left out: the stored ones stay. */
        specs: SpecValuesInputSchema.optional(),
      }),
      { error: 'variants must be a list' },
    )
    .min(1, { error: 'variants must list at least one variant' })
    .max(MAX_VARIANTS, { error: `at most ${MAX_VARIANTS} variants at once` }),
});
export type BulkVariantUpdateInput = z.input<typeof BulkVariantUpdateInputSchema>;

export const VariantIdInputSchema = z.object({ variantId: IdSchema });

/** A variant as procedures return it (prices in paise). */
export type ProductVariant = {
  _id: string;
  sku: string;
  ean: string | null;
  optionValues: string[];
  /** The option values joined ("256 GB, Marble Grey"); '' for a product without options. */
  label: string;
  price: number;
  sellingPrice: number;
  /** As shoppers are shown it on storefront reads (exact up to 10). */
  stock: number;
  trackStock: boolean;
  inStock: boolean;
  weightGrams: number | null;
  /** [] = the product's images. */
  images: string[];
  position: number;
  /** A sale price live now on this variant (issue 30): shown against `sellingPrice`. */
  sale?: { offerId: string; pricePaise: number; endsAt: string };
};

/** What an admin sees of a variant: archived ones too, exact stock; catalog.variants adds its per-variant spec values. */
export type AdminVariant = ProductVariant & {
  archivedAt: string | null;
  specs?: SpecValues;
  /** Its own low-stock level; null (or absent): the shop's default. Not in shoppers' replies. */
  lowStockLevel?: number | null;
};

/** "256 GB, Marble Grey": what an order line, an invoice and a cart show of a variant. */
export function variantLabel(optionValues: readonly string[]): string {
  return optionValues.join(', ');
}

/**
 * What product create and update take beside the product's own fields: its options and its
 * variants. Left out (the spec's /api upload-product and update-product), the product's price,
 * selling price and stock are its single variant's.
 */
export const ProductVariantsFieldsSchema = z.object({
  options: ProductOptionsSchema.optional(),
  variants: VariantsInputSchema.optional(),
});

/**
 * A product body with variants but without product-level prices or stock gets its first
 * variant's, so the product's own schema (which the spec's /api requires) is satisfied; the
 * product row's figures are recomputed from the variants anyway.
 */
export function withSummaryFromVariants(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || !('variants' in body) || !Array.isArray(body.variants)) return body;
  const first: unknown = body.variants[0];
  if (typeof first !== 'object' || first === null) return body;
  const out: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  const from = first as Record<string, unknown>;
  for (const key of ['price', 'sellingPrice'] as const) if (out[key] === undefined) out[key] = from[key];
  return out;
}

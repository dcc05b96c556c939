import { z } from 'zod';
import { CategorySchema } from './categories';
import { PaiseSchema, StockSchema } from './catalog';
import { singleLineText } from './text';

/**
 * The admin's bulk edit grid (issue 28): variants across products, filtered and paged, whose
 * MRP, selling price and stock are edited in place, and one save of many rows in one
 * transaction where a row that changed since the grid loaded is refused alone, with its figure now.
 */

/** Out of stock (tracked, 0), low (tracked, 1 to LOW_STOCK_THRESHOLD), in stock (more, or not tracked). */
export const STOCK_LEVELS = ['out', 'low', 'in'] as const;
export type StockLevel = (typeof STOCK_LEVELS)[number];

/** `active`: on sale (the product and the variant); `archived`: either is archived; `all`: both. */
export const BULK_GRID_VIEWS = ['active', 'archived', 'all'] as const;
export type BulkGridView = (typeof BULK_GRID_VIEWS)[number];

export const BULK_GRID_PAGE_DEFAULT = 50;
export const BULK_GRID_PAGE_MAX = 200;
/** Rows one save takes. */
export const BULK_SAVE_MAX = 500;

export const BulkGridInputSchema = z.object({
  /** Part of the product name, the brand or the SKU, any case. */
  q: z.string().trim().max(100, { error: 'search text must be at most 100 characters' }).check(singleLineText('search text')).optional(),
  category: CategorySchema.optional(),
  /** The brand exactly (any case). */
  brand: z.string().trim().min(1, { error: 'brand is empty' }).max(100, { error: 'brand must be at most 100 characters' }).check(singleLineText('brand')).optional(),
  stock: z.enum(STOCK_LEVELS, { error: `stock must be one of: ${STOCK_LEVELS.join(', ')}` }).optional(),
  view: z.enum(BULK_GRID_VIEWS, { error: `view must be one of: ${BULK_GRID_VIEWS.join(', ')}` }).default('active'),
  limit: z
    .number({ error: 'limit must be a number' })
    .int({ error: 'limit must be a whole number' })
    .min(1, { error: 'limit must be at least 1' })
    .max(BULK_GRID_PAGE_MAX, { error: `limit must be at most ${BULK_GRID_PAGE_MAX}` })
    .default(BULK_GRID_PAGE_DEFAULT),
  cursor: z.string().max(500, { error: 'cursor is not valid' }).nullish(),
});
export type BulkGridInput = z.input<typeof BulkGridInputSchema>;

export const BulkGridBrandsInputSchema = z.object({ category: CategorySchema.optional() }).optional();

/** One variant as the grid shows it (paise; stock exact). */
export type BulkGridRow = {
  variantId: string;
  productId: string;
  productName: string;
  /** "256 GB, Marble Grey"; '' for a product without options. */
  label: string;
  sku: string;
  category: string;
  brand: string;
  /** The MRP. */
  price: number;
  sellingPrice: number;
  stock: number;
  trackStock: boolean;
  /** The variant or its product is off sale. */
  archived: boolean;
  productArchived: boolean;
};

export type BulkGridPage = { items: BulkGridRow[]; nextCursor: string | null };

const IdSchema = z.string({ error: 'variantId is required' }).trim().min(1, { error: 'variantId is required' }).max(64, { error: 'variantId is not valid' });

export const BulkUpdateRowSchema = z.object({
  variantId: IdSchema,
  /** The figures the grid loaded: a row whose changed figure is no longer this is refused, with the figure now. */
  expected: z.object({
    price: PaiseSchema('expected.price'),
    sellingPrice: PaiseSchema('expected.sellingPrice'),
    stock: StockSchema.optional(),
  }),
  /** What to change (left out: unchanged). */
  set: z
    .object({
      price: PaiseSchema('price').optional(),
      sellingPrice: PaiseSchema('sellingPrice').optional(),
      stock: StockSchema.optional(),
      archived: z.boolean({ error: 'archived must be true or false' }).optional(),
    })
    .refine((s) => s.price !== undefined || s.sellingPrice !== undefined || s.stock !== undefined || s.archived !== undefined, { error: 'set changes nothing' }),
});
export type BulkUpdateRow = z.input<typeof BulkUpdateRowSchema>;

export const BulkUpdateVariantsInputSchema = z.object({
  rows: z
    .array(BulkUpdateRowSchema, { error: 'rows must be a list' })
    .min(1, { error: 'rows must list at least one variant' })
    .max(BULK_SAVE_MAX, { error: `at most ${BULK_SAVE_MAX} rows at once` }),
  /** Says how the stock history names these changes (default "bulk edit"). */
  note: z.string().trim().max(200, { error: 'note must be at most 200 characters' }).check(singleLineText('note')).optional(),
});
export type BulkUpdateVariantsInput = z.input<typeof BulkUpdateVariantsInputSchema>;

/** A row the save refused because it changed since the grid loaded (the others were saved). */
export type BulkRefusal = {
  variantId: string;
  sku: string;
  field: 'price' | 'sellingPrice' | 'stock' | 'archived' | 'variant';
  /** "stock is now 7 (was 9 when you loaded)". */
  message: string;
  /** The row as it is now (null: the variant is gone). */
  current: BulkGridRow | null;
};

export type BulkUpdateResult = {
  /** The saved rows as they are now. */
  saved: BulkGridRow[];
  refused: BulkRefusal[];
  counts: { variants: number; prices: number; stock: number; archived: number; restored: number };
};

import { z } from 'zod';
import { MAX_CATEGORIES, type Category } from '../categories';
import { CategorySchema } from './categories';
import { MAX_BRANDS, PRICE_BAND_IDS } from '../facets';
import { isIndia, type ProductFacts } from '../product-facts';
import { multiLineText, singleLineText } from './text';
import { SpecRefineSchema } from './specs';
import { lowStockLevelSchema } from './stock-level';

/**
 * Catalogue schemas shared by the admin forms and the procedures. Money is integer paise here;
 * the legacy /api speaks rupees and converts at its edge (server/routes/rest/api-shapes.ts) before
 * these schemas run, so "at most 2 decimals" surfaces as "not a whole number of paise".
 */

export const PRODUCT_NAME_MAX = 200;
export const BRAND_NAME_MAX = 200;
export const DESCRIPTION_MAX = 5000;
export const PRODUCT_IMAGES_MAX = 12;
export const IMAGE_URL_MAX = 2048;
/** ₹1 crore: no consumer electronics costs more, and it keeps totals far from float trouble. */
export const PRICE_MAX_PAISE = 1_000_000_000;
export const STOCK_MAX = 1_000_000;
export const LIST_LIMIT_MAX = 100;
export const LIST_LIMIT_DEFAULT = 24;
export const SEARCH_TEXT_MAX = 1000;

export const PRODUCT_SORTS = ['newest', 'asc', 'dsc'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
export const SEARCH_SORTS = ['relevance', ...PRODUCT_SORTS] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

const requiredText = (field: string, max: number) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, { error: `${field} is required` })
    .max(max, { error: `${field} must be at most ${max} characters` })
    .check(singleLineText(field));

/** A price in integer paise, above 0. */
export const PaiseSchema = (field: string) =>
  z
    .number({ error: `${field} is required and must be a number` })
    .refine(Number.isFinite, { error: `${field} must be a number` })
    .refine(Number.isInteger, { error: `${field} must have at most 2 decimals` })
    .refine((v) => v > 0, { error: `${field} must be more than 0` })
    .refine((v) => v <= PRICE_MAX_PAISE, { error: `${field} is too high` });

/** Our own `/images/...` files, or an absolute http(s) URL (clients of the old API host images elsewhere). */
export const ProductImageUrlSchema = z
  .string({ error: 'productImage must be a list of image URLs' })
  .trim()
  .max(IMAGE_URL_MAX, { error: 'productImage holds a URL that is too long' })
  .refine((url) => /^\/images\/[A-Za-z0-9._-]+$/.test(url) || /^https?:\/\/[^\s"'<>]+$/i.test(url), {
    error: 'productImage must hold /images/... paths or http(s) URLs',
  });

export const StockSchema = z
  .number({ error: 'stock must be a whole number' })
  .int({ error: 'stock must be a whole number' })
  .min(0, { error: 'stock must be 0 or more' })
  .max(STOCK_MAX, { error: `stock must be at most ${STOCK_MAX}` });

export const COUNTRY_MAX = 60;
export const FACT_NAME_MAX = 200;
export const FACT_ADDRESS_MAX = 500;
export const NET_QUANTITY_MAX = 300;
/** Ten years: no consumer electronics warranty runs longer. */
export const WARRANTY_MONTHS_MAX = 120;

const factText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label} must be at most ${max} characters` })
    .check(singleLineText(label));

/** A fact that may be left out (the importer of goods made in India, who gives a warranty of 0 months): '' when absent. */
const optionalFactText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters` })
    .check(singleLineText(label))
    .nullish()
    .transform((text) => text ?? '');

const originGiven = { when: (payload: { value: unknown }) => typeof (payload.value as { countryOfOrigin?: unknown }).countryOfOrigin === 'string' };
/** Goods made outside India need an importer; with no origin yet, only the origin is wrong. */
const imported = (origin: string) => origin !== '' && !isIndia(origin);

/**
 * The facts a product page must show (shared/product-facts.ts), as the admin sends them: all of
 * them, or none (`facts` left out). Origin, manufacturer and its address, net quantity and the
 * warranty (months, 0 for none; who gives it when there is one) are required; the importer's name
 * and address too when the origin is not India (imported goods).
 */
export const ProductFactsInputSchema = z
  .object(
    {
      countryOfOrigin: factText('country of origin', COUNTRY_MAX),
      manufacturerName: factText('manufacturer name', FACT_NAME_MAX),
      manufacturerAddress: factText('manufacturer address', FACT_ADDRESS_MAX),
      importerName: optionalFactText('importer name', FACT_NAME_MAX),
      importerAddress: optionalFactText('importer address', FACT_ADDRESS_MAX),
      netQuantity: factText('net quantity', NET_QUANTITY_MAX),
      warrantyMonths: z
        .number({ error: 'warranty period is required (months, 0 for none)' })
        .int({ error: 'warranty period must be a whole number of months' })
        .min(0, { error: 'warranty period must be 0 months or more' })
        .max(WARRANTY_MONTHS_MAX, { error: `warranty period must be at most ${WARRANTY_MONTHS_MAX} months` }),
      warrantyBy: optionalFactText('warranty giver', FACT_NAME_MAX),
    },
    { error: 'facts must be an object of the product’s legal details' },
  )
  .refine((f) => !imported(f.countryOfOrigin) || f.importerName !== '', { ...originGiven, path: ['importerName'], error: 'importer name is required for goods made outside India' })
  .refine((f) => !imported(f.countryOfOrigin) || f.importerAddress !== '', {
    ...originGiven,
    path: ['importerAddress'],
    error: 'importer address is required for goods made outside India',
  })
  .refine((f) => !(f.warrantyMonths > 0) || f.warrantyBy !== '', {
    when: (payload) => typeof (payload.value as { warrantyMonths?: unknown }).warrantyMonths === 'number',
    path: ['warrantyBy'],
    error: 'warranty giver is required when there is a warranty (the manufacturer, the seller…)',
  });
export type ProductFactsInput = z.input<typeof ProductFactsInputSchema>;

const productFields = {
  productName: requiredText('productName', PRODUCT_NAME_MAX),
  brandName: requiredText('brandName', BRAND_NAME_MAX),
  category: CategorySchema,
  productImage: z
    .array(ProductImageUrlSchema, { error: 'productImage must be a list of image URLs' })
    .min(1, { error: 'productImage: please upload at least one product image' })
    .max(PRODUCT_IMAGES_MAX, { error: `productImage can hold at most ${PRODUCT_IMAGES_MAX} images` }),
  description: z
    .string({ error: 'description must be text' })
    .trim()
    .max(DESCRIPTION_MAX, { error: `description must be at most ${DESCRIPTION_MAX} characters` })
    .check(multiLineText('description'))
    .optional()
    .default(''),
  price: PaiseSchema('price'),
  sellingPrice: PaiseSchema('sellingPrice'),
  /** Optional: the spec's /api client knows nothing of facts. Left out of an update, the stored facts stay. */
  facts: ProductFactsInputSchema.optional(),
  /**
   * The low-stock level of a product sold without options (its one variant's); null: the shop's
   * default; left out: unchanged. A product with several variants takes it per variant (variants).
   */
  lowStockLevel: lowStockLevelSchema('lowStockLevel').nullish(),
};

const sellingNotAbovePrice = {
  when: (payload: { value: unknown }) => {
    const v = payload.value as { price?: unknown; sellingPrice?: unknown };
    return typeof v.price === 'number' && typeof v.sellingPrice === 'number';
  },
  path: ['sellingPrice'],
  error: 'sellingPrice must not be more than price',
};

/**
 * A new product. Stock is tracked (`trackStock`, as Shopify's "track quantity") only when a
 * figure is given or `trackStock` is true: a product created without one (the old API's upload
 * dialog has no stock field) is not tracked and is always available, rather than listed with a
 * price and an Add to Cart button that can never sell. Tracking with no figure is refused.
 */
export const ProductInputSchema = z
  .object({
    ...productFields,
    stock: StockSchema.optional(),
    trackStock: z.boolean({ error: 'trackStock must be true or false' }).optional(),
  })
  .refine((p) => p.sellingPrice <= p.price, sellingNotAbovePrice)
  .refine((p) => !(p.trackStock === true && p.stock === undefined), { path: ['stock'], error: 'stock is required when trackStock is on' })
  .transform(({ trackStock, stock, ...rest }) => {
    const tracked = trackStock ?? stock !== undefined;
    return { ...rest, trackStock: tracked, stock: tracked ? (stock ?? 0) : 0 };
  });
export type ProductInput = z.input<typeof ProductInputSchema>;

export const STOCK_NOTE_MAX = 200;

/**
 * The whole product with its `_id`. Stock is never overwritten blindly (that would undo sales
 * made while the form was open):
 * - `stock` with `expectedStock` (the figure the form showed): an unchanged figure is no change;
 *   a changed one is set only if the stock is still `expectedStock`, else 409.
 * - `stock` with only `updatedAt` (old clients send back the whole product they loaded): the
 *   figure is compared with the stock as it was at that time, from the stock history.
 * - `stock` alone is set as given. Leaving `stock` out keeps the current stock.
 * `trackStock` switches tracking on or off (left out: unchanged); `stockNote` says why the
 * figure changed, for the stock history.
 */
export const UpdateProductInputSchema = z
  .object({
    _id: z.string({ error: '_id is required' }).trim().min(1, { error: '_id is required' }).max(200, { error: '_id is not valid' }),
    ...productFields,
    stock: StockSchema.optional(),
    expectedStock: StockSchema.optional(),
    trackStock: z.boolean({ error: 'trackStock must be true or false' }).optional(),
    updatedAt: z.iso.datetime({ error: 'updatedAt must be an ISO date-time' }).optional().catch(undefined),
    stockNote: z
      .string({ error: 'stockNote must be text' })
      .trim()
      .max(STOCK_NOTE_MAX, { error: `stockNote must be at most ${STOCK_NOTE_MAX} characters` })
      .check(singleLineText('stockNote'))
      .optional(),
  })
  .refine((p) => p.sellingPrice <= p.price, sellingNotAbovePrice);
export type UpdateProductInput = z.input<typeof UpdateProductInputSchema>;

/** Why a product's stock moved. */
export const STOCK_REASONS = ['created', 'sale', 'release', 'restock', 'admin', 'late_payment', 'shortage_filled', 'tracking_on', 'import', 'bulk_edit', 'return'] as const;
export type StockReason = (typeof STOCK_REASONS)[number];

/** One line of a product's stock history, newest first in lists. */
export type StockMovement = {
  _id: string;
  at: string;
  reason: StockReason;
  /** Units added (positive) or taken (negative). */
  delta: number;
  before: number;
  after: number;
  orderId: string | null;
  /** That order's readable number (VM-2026-000123). */
  orderNumber?: string | null;
  /** The admin who made the change; null for the shop itself (checkout, payments, sweeps). */
  actor: { _id: string; name: string; email: string } | null;
  note: string;
  /** The variant whose stock moved and its SKU (null for history written before variants). */
  variantId?: string | null;
  sku?: string | null;
};

export const StockHistoryInputSchema = z.object({
  productId: z.string({ error: 'productId is required' }).trim().min(1, { error: 'productId is required' }).max(200, { error: 'productId is not valid' }),
  limit: z.number({ error: 'limit must be a number' }).int().min(1, { error: 'limit must be at least 1' }).max(100, { error: 'limit must be at most 100' }).optional(),
  cursor: z.string().max(500, { error: 'cursor is not valid' }).optional(),
  /** One variant's history only. */
  variantId: z.string({ error: 'variantId must be text' }).trim().min(1).max(64, { error: 'variantId is not valid' }).optional(),
});
export type StockHistoryInput = z.input<typeof StockHistoryInputSchema>;

/** Any string is accepted: an unknown or malformed id is a 404, not a 400 (the contract's clients expect that). */
export const ProductIdInputSchema = z.object({
  productId: z.string({ error: 'productId is required' }).trim(),
});
export type ProductIdInput = z.input<typeof ProductIdInputSchema>;

const LimitSchema = z
  .number({ error: 'limit must be a number' })
  .int({ error: 'limit must be a whole number' })
  .min(1, { error: 'limit must be at least 1' })
  .max(LIST_LIMIT_MAX, { error: `limit must be at most ${LIST_LIMIT_MAX}` });
const CursorSchema = z.string({ error: 'cursor is not valid' }).max(500, { error: 'cursor is not valid' });
const SortSchema = z.enum(PRODUCT_SORTS, { error: `sort must be one of: ${PRODUCT_SORTS.join(', ')}` });

/** Refining by brand, price band and availability (shared/facets.ts); all optional. */
const refineFields = {
  brands: z
    .array(
      z.string({ error: 'brands must be a list of brand names' }).trim().min(1).max(100, { error: 'a brand name is at most 100 characters' }).check(singleLineText('brand name')),
      { error: 'brands must be a list of brand names' },
    )
    .max(MAX_BRANDS, { error: `brands lists at most ${MAX_BRANDS} brands` })
    .optional(),
  price: z.enum(PRICE_BAND_IDS, { error: `price must be one of: ${PRICE_BAND_IDS.join(', ')}` }).optional(),
  inStock: z.boolean({ error: 'inStock must be true or false' }).optional(),
  /** Spec filters ({ ram: ['8-'], '5g': ['yes'] }): a product matches when it (or one of its live variants) has a chosen value. */
  specs: SpecRefineSchema.optional(),
};

const pageFields = {
  limit: LimitSchema.optional().default(LIST_LIMIT_DEFAULT),
  cursor: CursorSchema.nullish(),
  sort: SortSchema.optional().default('newest'),
  ...refineFields,
};

/** The lists a filter panel's counts are for: a search's (q), some categories', or every product on sale. */
export const FacetsInputSchema = z.object({
  q: z
    .string({ error: 'q must be text' })
    .max(SEARCH_TEXT_MAX, { error: `q must be at most ${SEARCH_TEXT_MAX} characters` })
    .optional(),
  categories: z.array(CategorySchema, { error: 'categories must be a list of categories' }).max(MAX_CATEGORIES, { error: 'categories lists too many values' }).optional(),
  /** The selected filters: the spec facets' counts respect them (brand, price and stock counts are over the unrefined list). */
  ...refineFields,
});

export const ListProductsInputSchema = z.object(pageFields).optional().default({ limit: LIST_LIMIT_DEFAULT, sort: 'newest' });
export type ListProductsInput = z.input<typeof ListProductsInputSchema>;

export const CategoryProductsInputSchema = z.object({ category: CategorySchema, ...pageFields });
export type CategoryProductsInput = z.input<typeof CategoryProductsInputSchema>;

export const FilterProductsInputSchema = z.object({
  categories: z.array(CategorySchema, { error: 'categories must be a list of categories' }).max(MAX_CATEGORIES, { error: 'categories lists too many values' }),
  ...pageFields,
});
export type FilterProductsInput = z.input<typeof FilterProductsInputSchema>;

/**
 * Free text, searched with FTS5 after being split into words (so any text is safe). An empty
 * query, or one without a letter or digit, returns the newest products: the search page then
 * reads as a browse page instead of a dead end.
 */
export const SearchProductsInputSchema = z.object({
  q: z
    .string({ error: 'q must be text' })
    .max(SEARCH_TEXT_MAX, { error: `q must be at most ${SEARCH_TEXT_MAX} characters` })
    .optional()
    .default(''),
  limit: LimitSchema.optional().default(LIST_LIMIT_DEFAULT),
  cursor: CursorSchema.nullish(),
  sort: z
    .enum(SEARCH_SORTS, { error: `sort must be one of: ${SEARCH_SORTS.join(', ')}` })
    .optional()
    .default('relevance'),
  ...refineFields,
});
export type SearchProductsInput = z.input<typeof SearchProductsInputSchema>;

/** A product as procedures return it (prices in paise). The /api adapter converts to rupees. */
export type Product = {
  _id: string;
  productName: string;
  brandName: string;
  category: Category;
  productImage: string[];
  description: string;
  price: number;
  sellingPrice: number;
  /** Units for sale; meaningless (0) when `trackStock` is false. */
  stock: number;
  /** False: stock is not counted and the product is always available. */
  trackStock: boolean;
  createdAt: string;
  updatedAt: string;
  /** A card's line of on-card spec values ("8 GB RAM · 256 GB · 5G"); '' for none. */
  specLine?: string;
  /** Cards: the lowest and highest selling price of its live variants, how many there are, how many colours. */
  priceMin?: number;
  priceMax?: number;
  variantCount?: number;
  colourCount?: number;
  /**
   * The facts its page shows (each null when not given). Only in the replies that show one
   * product (its page, an admin's save); lists leave them out. The /api never carries them.
   */
  facts?: ProductFacts;
  /** A sale price live now (issue 30; our client's): shown against `sellingPrice`, which stays the list price. */
  sale?: ProductSale;
  /** When a sale price of this product next starts or ends: a kept reply is made again then. */
  saleChangesAt?: string;
};

/** A live sale price (paise) and the first instant it no longer applies. */
export type ProductSale = { offerId: string; pricePaise: number; endsAt: string };

// Kept in a module without zod, so the storefront's bundle need not carry zod for it.
export { isBuyable } from '../stock';

export type ProductPage = { items: Product[]; nextCursor: string | null };

/**
 * A page of search results: `total` counts every product found (not only this page's);
 * `correctedQuery` is what was searched instead of a misspelt query ("iphne" -> "iphone"), or null.
 */
export type SearchPage = ProductPage & { total: number; correctedQuery: string | null };

/** One home page bubble per category that has products: its newest product that can be bought (else its newest). */
export type CategoryBubble = Product;

export type Banner = { _id: string; kind: 'desktop' | 'mobile'; position: number; imageUrl: string; alt: string; link: string };

/** A banner as the admin's Banners page sees it: hidden ones too, and which came with the demo. */
export type AdminBanner = Banner & { hidden: boolean; demo: boolean };

/** A banner the owner adds or edits: an image uploaded through the image pipeline, its text for screen readers, where a tap goes. */
export const BannerInputSchema = z.object({
  /** Absent: a new banner, placed last. */
  bannerId: z.string().trim().min(1).max(64).optional(),
  kind: z.enum(['desktop', 'mobile'], { error: 'kind must be desktop or mobile' }),
  imageUrl: z
    .string({ error: 'imageUrl is required: upload an image' })
    .trim()
    .regex(/^\/images\/[A-Za-z0-9._-]+$/, { error: 'imageUrl must be an image uploaded to the shop (/images/...)' }),
  alt: z
    .string({ error: 'alt is required' })
    .trim()
    .min(1, { error: 'describe the banner for people who cannot see it' })
    .max(200, { error: 'alt must be at most 200 characters' })
    .check(singleLineText('alt')),
  link: z
    .string({ error: 'link is required' })
    .trim()
    .max(500, { error: 'link must be at most 500 characters' })
    .check(singleLineText('link'))
    .refine((link) => /^\/(?!\/)[^\s]*$/.test(link) || /^https:\/\/[^\s"'<>]+$/.test(link), {
      error: 'link must be a path in the shop (/product-category?category=mobiles) or an https:// address',
    }),
  hidden: z.boolean({ error: 'hidden must be true or false' }).optional().default(false),
});
export type BannerInput = z.input<typeof BannerInputSchema>;

export const BannerIdInputSchema = z.object({ bannerId: z.string({ error: 'bannerId is required' }).trim().min(1).max(64) });
export const MoveBannerInputSchema = BannerIdInputSchema.extend({ direction: z.enum(['up', 'down'], { error: 'direction must be up or down' }) });
export type Banners = { desktop: Banner[]; mobile: Banner[] };

export type ArchiveProductResult = { _id: string; archivedAt: string };

import { z } from 'zod';
import { adminProcedure, router, sharedProcedure } from '../../trpc/init';
import {
  BannerIdInputSchema,
  BannerInputSchema,
  MoveBannerInputSchema,
  FacetsInputSchema,
  CategoryProductsInputSchema,
  FilterProductsInputSchema,
  ListProductsInputSchema,
  ProductIdInputSchema,
  ProductInputSchema,
  SearchProductsInputSchema,
  StockHistoryInputSchema,
  UpdateProductInputSchema,
  type Banners,
  type Product,
  type ProductPage,
} from '../../../shared/schemas/catalog';
import type { Category } from '../../../shared/categories';
import { storeProductImage } from '../../images/image.service';
import * as q from './catalog.queries';
import * as service from './catalog.service';
import * as banners from './banners.service';
import * as variants from './variants.service';
import { BulkVariantUpdateInputSchema, ProductVariantsFieldsSchema, VariantIdInputSchema, withSummaryFromVariants } from '../../../shared/schemas/variants';
import * as categories from './categories.service';
import { CategoryValueInputSchema, CreateCategoryInputSchema, MoveCategoryInputSchema, UpdateCategoryInputSchema } from '../../../shared/schemas/categories';
import { BANNERS_TAG, CATALOG_TAG, CATEGORIES_TAG, categoryTag, EXACT_PRODUCTS_TAG, OFFERS_TAG, productTag, SEARCH_TAG, SETTINGS_TAG } from '../../db/cache-tags';
import { shownStock } from './shown-stock';
import { ProductSpecsFieldsSchema } from '../../../shared/schemas/specs';
import { CompareInputSchema } from '../../../shared/schemas/compare';
import * as compare from './compare.service';
import * as bulkEdit from './bulk-edit.service';
import { BulkGridBrandsInputSchema, BulkGridInputSchema, BulkUpdateVariantsInputSchema } from '../../../shared/schemas/bulk-edit';
import { productOffers, salesValidUntil, withSales } from '../offers/pricing.service';
import { loadSettings } from '../../settings/shop-settings';
import type { ProductOffers } from '../../../shared/schemas/offers-panel';
import type { DB } from '../../db/database';

/** Shoppers' lists show stock as shownStock does; the tags below rely on it. */
const shownPage = <P extends ProductPage>(page: P): P => ({ ...page, items: page.items.map(shownStock) });

/** A page's products with their live sale prices (issue 30), as of the shop's clock. */
const withPageSales = async <P extends ProductPage>(db: DB, clock: () => Date, page: P): Promise<P> => ({
  ...page,
  items: await withSales(db, clock().toISOString(), page.items),
});

/** A reply holding sale prices is made again when the first of them starts or ends. */
const pageSalesUntil = (_input: unknown, page: ProductPage) => salesValidUntil(page.items);

/**
 * A product schema with `options` and `variants` beside it. A body with variants may leave the
 * product-level prices out (the first variant's stand in: withSummaryFromVariants); the declared
 * type keeps the product schema's, so our client's calls stay type-checked.
 */
const CreateWithVariantsSchema = ProductInputSchema.and(ProductVariantsFieldsSchema).and(ProductSpecsFieldsSchema);
const UpdateWithVariantsSchema = UpdateProductInputSchema.and(ProductVariantsFieldsSchema).and(ProductSpecsFieldsSchema);
const createInput = z.preprocess(withSummaryFromVariants, CreateWithVariantsSchema) as unknown as typeof CreateWithVariantsSchema;
const updateInput = z.preprocess(withSummaryFromVariants, UpdateWithVariantsSchema) as unknown as typeof UpdateWithVariantsSchema;

/** A page of any category: stale when a change a shopper can see lands in one of them. */
const categoryPageTags = (categories: readonly Category[]) => categories.map(categoryTag);

export const catalogRouter = router({
  /** Every product on sale, newest first by default, one keyset page at a time. */
  list: sharedProcedure({ tags: () => [CATALOG_TAG], validUntil: pageSalesUntil })
    .input(ListProductsInputSchema)
    .query(async ({ ctx, input }) => withPageSales(ctx.deps.db, ctx.deps.clock, shownPage(await service.countedPage(ctx.deps.db, undefined, input)))),

  /**
   * The newest products on sale, up to LEGACY_LIST_CAP, in one list (the old API's get-product,
   * which its admin screen edits from): exact stock and updatedAt, so stale on every change.
   */
  all: sharedProcedure({ tags: () => [EXACT_PRODUCTS_TAG] })
    .input(z.void())
    .query(({ ctx }) => service.listAllProducts(ctx.deps.db)),

  byCategory: sharedProcedure({ tags: (input: unknown) => categoryPageTags([CategoryProductsInputSchema.parse(input).category]), validUntil: pageSalesUntil })
    .input(CategoryProductsInputSchema)
    .query(async ({ ctx, input }) => {
      // A hidden category's page still answers; one that does not exist is a 400 naming it.
      await categories.requireCategories(ctx.deps.db, [input.category]);
      return withPageSales(ctx.deps.db, ctx.deps.clock, shownPage(await service.listProductsIn(ctx.deps.db, [input.category], input)));
    }),

  /** Products in any of the checked categories; an empty list gives an empty page. */
  filter: sharedProcedure({ tags: (input: unknown) => categoryPageTags(FilterProductsInputSchema.parse(input).categories), validUntil: pageSalesUntil })
    .input(FilterProductsInputSchema)
    .query(async ({ ctx, input }) => {
      await categories.requireCategories(ctx.deps.db, input.categories, 'categories');
      return withPageSales(ctx.deps.db, ctx.deps.clock, shownPage(await service.countedPage(ctx.deps.db, input.categories, input)));
    }),

  /** Stale when any product's text changes (it may now match), or when one it shows changes. */
  search: sharedProcedure({ tags: (_input: unknown, page: ProductPage) => [SEARCH_TAG, ...page.items.map((p) => productTag(p._id))], validUntil: pageSalesUntil })
    .input(SearchProductsInputSchema)
    .query(async ({ ctx, input }) => withPageSales(ctx.deps.db, ctx.deps.clock, shownPage(await service.searchProducts(ctx.deps.db, input)))),

  /**
   * One bubble per listed category that has products on sale (its newest buyable product), in
   * menu order. Stale when any product a shopper can see changes (`catalog`) or the categories do.
   */
  categoryBubbles: sharedProcedure({ tags: () => [CATALOG_TAG, CATEGORIES_TAG] }).query(async ({ ctx }) => (await categories.categoryBubbles(ctx.deps.db)).map(shownStock)),

  /** Every category (hidden ones flagged) in menu order, with its label and home row: bubbles, home rows, filters and titles read it. */
  categories: sharedProcedure({ tags: () => [CATEGORIES_TAG] })
    .input(z.void())
    .query(({ ctx }) => categories.listShopCategories(ctx.deps.db)),

  /** The product with its options and live variants (each variant's stock as shownStock shows it). */
  details: sharedProcedure({
    tags: (_input: unknown, product: Product) => [productTag(product._id)],
    validUntil: (_input: unknown, product: Product) => product.saleChangesAt ?? null,
  })
    .input(ProductIdInputSchema)
    .query(async ({ ctx, input }) => {
      const [product] = await withSales(ctx.deps.db, ctx.deps.clock().toISOString(), [shownStock(await service.productDetails(ctx.deps.db, input.productId))]);
      return product!;
    }),

  /**
   * The product page's offers panel (issue 30), per variant: the coupons usable on it, its sale's
   * end, the prepaid discount, the no-cost EMI plans its price reaches and the live bank offers.
   * Stale when the product, any offer or the settings (the EMI table) change, and made again at
   * the next instant an offer starts or ends (validUntil).
   */
  offers: sharedProcedure({
    tags: (_input: unknown, reply: ProductOffers) => [productTag(reply.productId), OFFERS_TAG, SETTINGS_TAG],
    validUntil: (_input: unknown, reply: ProductOffers) => reply.validUntil,
  })
    .input(ProductIdInputSchema)
    .query(async ({ ctx, input }) => {
      const now = ctx.deps.clock().toISOString();
      const [product] = await withSales(ctx.deps.db, now, [await service.productDetails(ctx.deps.db, input.productId)]);
      return productOffers(ctx.deps.db, now, (await loadSettings(ctx.deps.db, ctx.deps)).offers, product!);
    }),

  /**
   * Up to four products side by side (the compare page): each with its facts and spec values, and
   * the first one's category template; unknown or archived ids dropped, other categories left out.
   * Stale when any of them changes or the categories (a template, a label) do.
   */
  compare: sharedProcedure({ tags: (input: unknown) => [CATEGORIES_TAG, ...CompareInputSchema.parse(input).ids.map(productTag)] })
    .input(CompareInputSchema)
    .query(({ ctx, input }) => compare.compareProducts(ctx.deps.db, input.ids)),

  banners: sharedProcedure({ tags: () => [BANNERS_TAG] }).query(async ({ ctx }): Promise<Banners> => {
    const all = await q.listBanners(ctx.deps.db);
    return { desktop: all.filter((b) => b.kind === 'desktop'), mobile: all.filter((b) => b.kind === 'mobile') };
  }),

  /** A product, with `options` and `variants` when it comes in several (left out: one variant from its price and stock). */
  create: adminProcedure.input(createInput).mutation(({ ctx, input }) => service.createProduct(ctx.deps, input, ctx.user._id)),

  /** The whole product; `options` and `variants` (with `_id`: edited, without: added) when given, else its single variant's figures. */
  update: adminProcedure.input(updateInput).mutation(({ ctx, input }) => service.updateProduct(ctx.deps, input, ctx.user._id)),

  /** A product's options and every variant, archived ones too, with exact stock (ADMIN). */
  variants: adminProcedure.input(ProductIdInputSchema).query(({ ctx, input }) => variants.adminVariants(ctx.deps.db, input.productId)),

  /** The variant grid's save: SKU, MRP, selling price, stock of many variants at once, all or none (ADMIN). */
  updateVariants: adminProcedure.input(BulkVariantUpdateInputSchema).mutation(({ ctx, input }) => variants.updateVariantsBulk(ctx.deps, input, ctx.user._id)),

  /** The bulk edit grid: variants across products, filtered, a keyset page at a time, exact stock (ADMIN). */
  bulkGrid: adminProcedure.input(BulkGridInputSchema).query(({ ctx, input }) => bulkEdit.bulkGrid(ctx.deps.db, input)),

  /** The brands the bulk edit grid's filter offers (of a category when given) (ADMIN). */
  bulkGridBrands: adminProcedure.input(BulkGridBrandsInputSchema).query(({ ctx, input }) => bulkEdit.bulkGridBrands(ctx.deps.db, input?.category)),

  /** The bulk edit grid's save: many variants of any products in one transaction; a row changed meanwhile is refused alone, with its figure now (ADMIN). */
  bulkUpdateVariants: adminProcedure.input(BulkUpdateVariantsInputSchema).mutation(({ ctx, input }) => bulkEdit.bulkUpdateVariants(ctx.deps, input, ctx.user._id)),

  /** Takes one variant off sale; a product keeps at least one (ADMIN). */
  archiveVariant: adminProcedure.input(VariantIdInputSchema).mutation(({ ctx, input }) => variants.archiveVariant(ctx.deps, input.variantId, ctx.user._id)),

  /** Puts an archived variant back on sale (ADMIN). */
  restoreVariant: adminProcedure.input(VariantIdInputSchema).mutation(({ ctx, input }) => variants.restoreVariant(ctx.deps, input.variantId, ctx.user._id)),

  /** Who changed a product's stock, when, why, from what to what: newest first. */
  stockHistory: adminProcedure.input(StockHistoryInputSchema).query(({ ctx, input }) => service.stockHistory(ctx.deps.db, input)),

  /**
   * Stores an uploaded product image (bytes from the multipart /api/upload-image route; not
   * callable with JSON). Returns its URL and size.
   */
  uploadImage: adminProcedure
    .input(z.object({ file: z.instanceof(Uint8Array, { error: 'file is required: choose an image to upload' }) }))
    .mutation(({ ctx, input }) => storeProductImage(ctx.deps.images, Buffer.from(input.file.buffer, input.file.byteOffset, input.file.byteLength))),

  /** Takes a product off sale (the old API's delete-product); orders keep their copy. */
  archive: adminProcedure.input(ProductIdInputSchema).mutation(({ ctx, input }) => service.archiveProduct(ctx.deps, input.productId, ctx.user._id)),

  // ---- The owner's categories (ADMIN; audited) ----
  adminCategories: adminProcedure.query(({ ctx }) => categories.listAdminCategories(ctx.deps.db)),
  createCategory: adminProcedure.input(CreateCategoryInputSchema).mutation(({ ctx, input }) => categories.createCategory(ctx.deps, input, ctx.user._id)),
  updateCategory: adminProcedure.input(UpdateCategoryInputSchema).mutation(({ ctx, input }) => categories.updateCategory(ctx.deps, input, ctx.user._id)),
  moveCategory: adminProcedure.input(MoveCategoryInputSchema).mutation(({ ctx, input }) => categories.moveCategory(ctx.deps, input, ctx.user._id)),
  /** Only a category no product uses (archived ones included); otherwise 409 "…is used by 14 products: hide it instead". */
  deleteCategory: adminProcedure.input(CategoryValueInputSchema).mutation(({ ctx, input }) => categories.deleteCategory(ctx.deps, input.value, ctx.user._id)),

  // ---- The owner's banners (ADMIN) ----
  adminBanners: adminProcedure.query(({ ctx }) => banners.listBanners(ctx.deps)),
  saveBanner: adminProcedure.input(BannerInputSchema).mutation(({ ctx, input }) => banners.saveBanner(ctx.deps, input, ctx.user._id)),
  moveBanner: adminProcedure.input(MoveBannerInputSchema).mutation(({ ctx, input }) => banners.moveBanner(ctx.deps, input.bannerId, input.direction, ctx.user._id)),
  deleteBanner: adminProcedure.input(BannerIdInputSchema).mutation(({ ctx, input }) => banners.removeBanner(ctx.deps, input.bannerId, ctx.user._id)),

  /** A filter panel's counts (brands, price bands, in stock, spec facets) for a search's results, some categories, or all products; a template edit (categories) changes the spec facets. */
  facets: sharedProcedure({ tags: () => [CATALOG_TAG, SEARCH_TAG, CATEGORIES_TAG] })
    .input(FacetsInputSchema)
    .query(async ({ ctx, input }) => {
      if (input.categories) await categories.requireCategories(ctx.deps.db, input.categories, 'categories');
      return service.listFacets(ctx.deps.db, input);
    }),

  /** Undoes an archive: the product is on sale again and its old links work (ADMIN). */
  restore: adminProcedure.input(ProductIdInputSchema).mutation(({ ctx, input }) => service.restoreProduct(ctx.deps, input.productId, ctx.user._id)),

  /** For the page of a product no longer on sale: its name and category, or null (not archived, or never existed). */
  unavailable: sharedProcedure({ tags: (input: { productId: string }) => [productTag(input.productId)] })
    .input(ProductIdInputSchema)
    .query(({ ctx, input }) => service.unavailableProduct(ctx.deps.db, input.productId)),
});

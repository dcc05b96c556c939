import { z } from 'zod';
import { adminProcedure, router, sharedProcedure } from '../../trpc/init';
import { CATEGORY_VALUES } from '../../../shared/categories';
import {
  CategoryProductsInputSchema,
  FilterProductsInputSchema,
  ListProductsInputSchema,
  ProductIdInputSchema,
  ProductInputSchema,
  SearchProductsInputSchema,
  StockHistoryInputSchema,
  UpdateProductInputSchema,
  type Banners,
} from '../../../shared/schemas/catalog';
import { storeProductImage } from '../../images/image.service';
import * as q from './catalog.queries';
import * as service from './catalog.service';

export const catalogRouter = router({
  /** Every product on sale, newest first by default, one keyset page at a time. */
  list: sharedProcedure.input(ListProductsInputSchema).query(({ ctx, input }) => service.listProducts(ctx.deps.db, input)),

  /** The newest products on sale, up to LEGACY_LIST_CAP, in one list (the old API's get-product). */
  all: sharedProcedure.input(z.void()).query(({ ctx }) => service.listAllProducts(ctx.deps.db)),

  byCategory: sharedProcedure.input(CategoryProductsInputSchema).query(({ ctx, input }) => service.listProductsIn(ctx.deps.db, [input.category], input)),

  /** Products in any of the checked categories; an empty list gives an empty page. */
  filter: sharedProcedure.input(FilterProductsInputSchema).query(({ ctx, input }) => service.listProductsIn(ctx.deps.db, input.categories, input)),

  search: sharedProcedure.input(SearchProductsInputSchema).query(({ ctx, input }) => service.searchProducts(ctx.deps.db, input)),

  /** One bubble per category that has products on sale (its newest buyable product), in the categories' fixed order. */
  categoryBubbles: sharedProcedure.query(({ ctx }) => q.bubblePerCategory(ctx.deps.db, CATEGORY_VALUES)),

  details: sharedProcedure.input(ProductIdInputSchema).query(({ ctx, input }) => service.productDetails(ctx.deps.db, input.productId)),

  banners: sharedProcedure.query(async ({ ctx }): Promise<Banners> => {
    const all = await q.listBanners(ctx.deps.db);
    return { desktop: all.filter((b) => b.kind === 'desktop'), mobile: all.filter((b) => b.kind === 'mobile') };
  }),

  create: adminProcedure.input(ProductInputSchema).mutation(({ ctx, input }) => service.createProduct(ctx.deps, input, ctx.user._id)),

  update: adminProcedure.input(UpdateProductInputSchema).mutation(({ ctx, input }) => service.updateProduct(ctx.deps, input, ctx.user._id)),

  /** Who changed a product's stock, when, why, from what to what: newest first. */
  stockHistory: adminProcedure.input(StockHistoryInputSchema).query(({ ctx, input }) => service.stockHistory(ctx.deps.db, input)),

  /**
   * Stores an uploaded product image (bytes from the multipart /api/upload-image route; not
   * callable with JSON). Returns its URL and size.
   */
  uploadImage: adminProcedure
    .input(z.object({ file: z.instanceof(Uint8Array, { error: 'file is required: choose an image to upload' }) }))
    .mutation(({ ctx, input }) => storeProductImage(ctx.deps.env.imagesDir, Buffer.from(input.file.buffer, input.file.byteOffset, input.file.byteLength))),

  /** Takes a product off sale (the old API's delete-product); orders keep their copy. */
  archive: adminProcedure.input(ProductIdInputSchema).mutation(({ ctx, input }) => service.archiveProduct(ctx.deps, input.productId)),
});

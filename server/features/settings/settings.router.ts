import { z } from 'zod';
import { adminProcedure, router, sharedProcedure } from '../../trpc/init';
import { CategoryTaxInputSchema, DeliveryCheckInputSchema, ProductTaxInputSchema, ShopSettingsSchema } from '../../../shared/schemas/settings';
import * as service from './settings.service';
import * as shop from '../../settings/shop-settings';
import { SETTINGS_TAG } from '../../db/cache-tags';

export const settingsRouter = router({
  /** What every shopper may see: the seller and grievance officer for the footer, policies, delivery fees and times. */
  storefront: sharedProcedure({ tags: () => [SETTINGS_TAG] })
    .input(z.void())
    .query(async ({ ctx }) => shop.storefrontInfo(await shop.loadSettings(ctx.deps.db, ctx.deps))),

  /** "Deliver to 560001: available, arrives in 3–5 days", from the serviceable PIN list. */
  deliveryCheck: sharedProcedure({ tags: () => [SETTINGS_TAG] })
    .input(DeliveryCheckInputSchema)
    .query(async ({ ctx, input }) => shop.deliveryCheck(await shop.loadSettings(ctx.deps.db, ctx.deps), input.pin)),

  /** The Settings page (ADMIN): every setting and the tax of each category. */
  get: adminProcedure.query(({ ctx }) => service.adminSettings(ctx.deps)),

  /** Saves the whole Settings form (ADMIN; audited). */
  update: adminProcedure
    .input(ShopSettingsSchema)
    .mutation(({ ctx, input }) => service.saveSettings(ctx.deps, ctx.user._id, input, { twoFactorEnabled: ctx.auth?.twoFactorEnabled ?? false })),

  /** A category's HSN code and GST rate (ADMIN; audited). */
  setCategoryTax: adminProcedure.input(CategoryTaxInputSchema).mutation(({ ctx, input }) => service.saveCategoryTax(ctx.deps, ctx.user._id, input)),

  /** A product's own HSN and rate, or null to use its category's (ADMIN; audited). */
  setProductTax: adminProcedure
    .input(ProductTaxInputSchema)
    .mutation(({ ctx, input }) => service.saveProductTax(ctx.deps, ctx.user._id, input.productId, { hsn: input.hsn, rateBasisPoints: input.rateBasisPoints })),
});

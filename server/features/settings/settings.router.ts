import { z } from 'zod';
import { adminProcedure, router, sharedProcedure } from '../../trpc/init';
import { DeliveryCheckInputSchema, ProductTaxInputSchema, ShopSettingsSchema, type DeliveryCheck } from '../../../shared/schemas/settings';
import * as service from './settings.service';
import * as shop from '../../settings/shop-settings';
import { courierEtdFor } from '../../settings/courier-dates';
import { SETTINGS_TAG } from '../../db/cache-tags';

export const settingsRouter = router({
  /** What every shopper may see: the seller and grievance officer for the footer, policies, delivery fees and times. */
  storefront: sharedProcedure({ tags: () => [SETTINGS_TAG] })
    .input(z.void())
    .query(async ({ ctx }) => shop.storefrontInfo(await shop.loadSettings(ctx.deps.db, ctx.deps))),

  /**
   * "Delivery by Thursday, 3 December" for a PIN (standard and express), or "Sorry, we do not
   * deliver to …": the same for everyone asking about that PIN until the settings change or the
   * dispatch day's cut-off passes (`validUntil`: a kept reply is not served after it).
   */
  deliveryCheck: sharedProcedure({ tags: () => [SETTINGS_TAG], validUntil: (_input, result: DeliveryCheck) => result.validUntil })
    .input(DeliveryCheckInputSchema)
    .query(async ({ ctx, input }) => {
      const settings = await shop.loadSettings(ctx.deps.db, ctx.deps);
      return shop.deliveryCheck(settings, input.pin, ctx.deps.clock(), { courierEtd: await courierEtdFor(ctx.deps, settings, input.pin) });
    }),

  /** The Settings page (ADMIN): every setting (each category's tax is on the Categories page). */
  get: adminProcedure.query(({ ctx }) => service.adminSettings(ctx.deps)),

  /** Saves the whole Settings form (ADMIN; audited). */
  update: adminProcedure
    .input(ShopSettingsSchema)
    .mutation(({ ctx, input }) => service.saveSettings(ctx.deps, ctx.user._id, input, { twoFactorEnabled: ctx.auth?.twoFactorEnabled ?? false })),

  /** A product's own HSN and rate, or null to use its category's (ADMIN; audited). */
  setProductTax: adminProcedure
    .input(ProductTaxInputSchema)
    .mutation(({ ctx, input }) => service.saveProductTax(ctx.deps, ctx.user._id, input.productId, { hsn: input.hsn, rateBasisPoints: input.rateBasisPoints })),
});

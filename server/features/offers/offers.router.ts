import { adminProcedure, router } from '../../trpc/init';
import {
  CreateOfferInputSchema,
  OfferIdInputSchema,
  OfferListInputSchema,
  OfferPreviewInputSchema,
  SaveEmiSettingsInputSchema,
  SetOfferPausedInputSchema,
  UpdateOfferInputSchema,
} from '../../../shared/schemas/offers-admin';
import * as service from './offers.service';
import * as settings from '../settings/settings.service';
import { loadSettings } from '../../settings/shop-settings';

/** The owner's offers (ADMIN; every change audited): coupons, sale prices, buy X get Y, the prepaid discount, the no-cost EMI plans and bank offers. */
export const offersRouter = router({
  /** Every offer with its status at the shop's now, its uses and what it brought in; filtered by status or kind. */
  list: adminProcedure.input(OfferListInputSchema).query(({ ctx, input }) => service.listOffers(ctx.deps, input)),
  get: adminProcedure.input(OfferIdInputSchema).query(({ ctx, input }) => service.getOffer(ctx.deps, input.offerId)),
  create: adminProcedure.input(CreateOfferInputSchema).mutation(({ ctx, input }) => service.createOffer(ctx.deps, input, ctx.user._id)),
  update: adminProcedure.input(UpdateOfferInputSchema).mutation(({ ctx, input }) => service.updateOffer(ctx.deps, input, ctx.user._id)),
  setPaused: adminProcedure.input(SetOfferPausedInputSchema).mutation(({ ctx, input }) => service.setOfferPaused(ctx.deps, input.offerId, input.paused, ctx.user._id)),
  duplicate: adminProcedure.input(OfferIdInputSchema).mutation(({ ctx, input }) => service.duplicateOffer(ctx.deps, input.offerId, ctx.user._id)),
  /** What a cart of the owner's choosing gets now (or at `at`): lines, discounts, GST after discount, totals, the coupon's message. */
  preview: adminProcedure.input(OfferPreviewInputSchema).query(({ ctx, input }) => service.previewCart(ctx.deps, input)),
  /** The no-cost EMI plans and bank offers (the settings' `offers` section). */
  emiSettings: adminProcedure.query(async ({ ctx }) => (await loadSettings(ctx.deps.db, ctx.deps)).offers),
  saveEmiSettings: adminProcedure.input(SaveEmiSettingsInputSchema).mutation(({ ctx, input }) => settings.saveOffersSettings(ctx.deps, ctx.user._id, input)),
});

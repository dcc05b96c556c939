import { adminProcedure, authedProcedure, router, sharedProcedure } from '../../trpc/init';
import {
  AdminReturnsInputSchema,
  DecideReturnInputSchema,
  ReceiveReturnInputSchema,
  RequestReturnInputSchema,
  ResolveReturnInputSchema,
  ReturnIdInputSchema,
  ReturnPhotoInputSchema,
  ScheduleReturnPickupInputSchema,
} from '../../../shared/schemas/returns';
import { CATEGORIES_TAG, SETTINGS_TAG } from '../../db/cache-tags';
import * as service from './returns.service';

/** Returns and replacements (issue 31, first slice): policies, the shopper's requests, the owner's queue up to receiving the unit. */
export const returnsRouter = router({
  /** Each category's return policy and the shop's default, as shoppers see them (shared: /policies and product pages). */
  policies: sharedProcedure({ tags: () => [CATEGORIES_TAG, SETTINGS_TAG] }).query(({ ctx }) => service.returnPolicies(ctx.deps)),

  /** The caller's delivered orders: each line's policy, window (or why it is closed) and units with their requests. */
  mine: authedProcedure.query(({ ctx }) => service.myReturns(ctx.deps, ctx.user._id)),

  /** Stores a photo for a request (a data: URL, through the image pipeline); returns its URL. */
  uploadPhoto: authedProcedure.input(ReturnPhotoInputSchema).mutation(({ ctx, input }) => service.uploadReturnPhoto(ctx.deps, input.dataUrl)),

  /** Asks to return one unit of a delivered line, inside its window. */
  request: authedProcedure.input(RequestReturnInputSchema).mutation(({ ctx, input }) => service.requestReturn(ctx.deps, input, ctx.user._id)),

  /** The shopper cancels their request while it is requested or approved. */
  cancel: authedProcedure.input(ReturnIdInputSchema).mutation(({ ctx, input }) => service.cancelReturn(ctx.deps, input.returnId, ctx.user._id)),

  /** The owner's queue (ADMIN). */
  queue: adminProcedure.input(AdminReturnsInputSchema).query(({ ctx, input }) => service.adminReturns(ctx.deps, input)),

  /** Approve or reject with a message (ADMIN). */
  decide: adminProcedure.input(DecideReturnInputSchema).mutation(({ ctx, input }) => service.decideReturn(ctx.deps, input, ctx.user._id)),

  /** The pickup booked by hand: courier and AWB (ADMIN). */
  schedulePickup: adminProcedure.input(ScheduleReturnPickupInputSchema).mutation(({ ctx, input }) => service.scheduleReturnPickup(ctx.deps, input, ctx.user._id)),

  /** The courier has picked the unit up (ADMIN). */
  pickedUp: adminProcedure.input(ReturnIdInputSchema).mutation(({ ctx, input }) => service.markReturnPickedUp(ctx.deps, input.returnId, ctx.user._id)),

  /** The unit is back: its serial or IMEI checked, its condition (ADMIN). */
  receive: adminProcedure.input(ReceiveReturnInputSchema).mutation(({ ctx, input }) => service.receiveReturn(ctx.deps, input, ctx.user._id)),

  /** The owner's decision on a request held by a mismatched serial or IMEI (ADMIN). */
  resolve: adminProcedure.input(ResolveReturnInputSchema).mutation(({ ctx, input }) => service.resolveReturn(ctx.deps, input, ctx.user._id)),
});

import {
  AddCartItemInputSchema,
  ApplyCouponInputSchema,
  ChangeCartItemInputSchema,
  RemoveCartItemInputSchema,
  UpdateCartItemInputSchema,
  type CartLine,
  type CartPricing,
} from '../../../shared/schemas/cart';
import { nowIso } from '../../db/database';
import type { Context } from '../../trpc/context';
import { publicProcedure, router, shopperProcedure } from '../../trpc/init';
import * as q from './cart.queries';
import type { Shopper } from '../../sessions/session';
import * as service from './cart.service';
import { withLineSales } from '../offers/pricing.service';

/**
 * Whose cart a read looks at, without minting a guest id: a visitor who never added anything
 * has an empty cart, and reading it must not hand them a cookie.
 */
function existingOwner(ctx: Context): Shopper | null {
  if (ctx.user) return { userId: ctx.user._id };
  const guestId = ctx.session.guestId();
  return guestId ? { guestId } : null;
}

export const cartRouter = router({
  addItem: shopperProcedure.input(AddCartItemInputSchema).mutation(async ({ ctx, input }) => {
    const now = nowIso(ctx.deps.clock);
    const result = await service.addItem(ctx.deps.db, ctx.shopper, input.productId, now, input.variantId);
    // The line's product with its live sale (issue 30): the /api reply's sellingPrice is the sale price.
    const [line] = await withLineSales(ctx.deps.db, now, [result.line]);
    return { ...result, line: line! };
  }),

  /** The number of cart lines (not units), as the header badge shows it. */
  count: publicProcedure.query(async ({ ctx }) => {
    const owner = existingOwner(ctx);
    return { count: owner ? await q.countCartLines(ctx.deps.db, owner) : 0 };
  }),

  /** Lines with their product populated, oldest first. */
  list: publicProcedure.query(async ({ ctx }): Promise<CartLine[]> => {
    const owner = existingOwner(ctx);
    // Each product with its variant's live sale (issue 30): the /api reply's sellingPrice is the sale price.
    return owner ? withLineSales(ctx.deps.db, nowIso(ctx.deps.clock), await service.listLines(ctx.deps.db, owner)) : [];
  }),

  updateQuantity: shopperProcedure.input(UpdateCartItemInputSchema).mutation(async ({ ctx, input }) => {
    const now = nowIso(ctx.deps.clock);
    const [line] = await withLineSales(ctx.deps.db, now, [await service.updateQuantity(ctx.deps.db, ctx.shopper, input._id, input.quantity, now)]);
    return line!;
  }),

  /**
   * Our cart's + and −: moves the quantity by `change` from what the server holds and answers
   * the line with the server's figure (see service.changeQuantity). The spec's
   * /api/update-cart-product keeps setting an absolute quantity (updateQuantity).
   */
  changeQuantity: shopperProcedure
    .input(ChangeCartItemInputSchema)
    .mutation(({ ctx, input }) => service.changeQuantity(ctx.deps.db, ctx.shopper, input._id, input.change, nowIso(ctx.deps.clock))),

  removeItem: shopperProcedure.input(RemoveCartItemInputSchema).mutation(async ({ ctx, input }) => {
    await service.removeItem(ctx.deps.db, ctx.shopper, input._id);
    return null;
  }),

  /** The cart priced with the offers live now and its coupon (issue 30): per line list and sale price, discounts, net; the coupon's status. */
  pricing: publicProcedure.query(async ({ ctx }): Promise<CartPricing | null> => {
    const owner = existingOwner(ctx);
    return owner ? service.pricing(ctx.deps.db, owner, nowIso(ctx.deps.clock)) : null;
  }),

  /** Applies a coupon code to the cart: the cart priced with it, or a 400/409 with the sentence to show. */
  applyCoupon: shopperProcedure.input(ApplyCouponInputSchema).mutation(({ ctx, input }) => service.applyCoupon(ctx.deps.db, ctx.shopper, input.code, nowIso(ctx.deps.clock))),

  removeCoupon: shopperProcedure.mutation(({ ctx }) => service.removeCoupon(ctx.deps.db, ctx.shopper, nowIso(ctx.deps.clock))),
});

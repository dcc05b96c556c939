import { CheckoutOptionsInputSchema, ConfirmReturnInputSchema, PlaceCodOrderInputSchema, StartCheckoutInputSchema } from '../../../shared/schemas/order';
import { authedProcedure, router } from '../../trpc/init';
import { startCheckout } from './checkout.service';
import { confirmReturn } from './fulfilment.service';
import { checkoutOptions, placeCodOrder } from './cod.service';

export const checkoutRouter = router({
  /**
   * Reserves the cart's stock, writes a pending order and opens the provider's hosted payment
   * page. `cartItems` is accepted for old clients and ignored: the server prices the cart.
   */
  start: authedProcedure
    .input(StartCheckoutInputSchema)
    .mutation(({ ctx, input }) =>
      startCheckout(ctx.deps, { id: ctx.user._id, email: ctx.user.email }, { addressId: input?.addressId ?? null, provider: input?.provider, shipping: input?.shipping }),
    ),

  /** What the checkout page offers for the cart and address: delivery choices, online providers, cash on delivery (and why not). */
  options: authedProcedure.input(CheckoutOptionsInputSchema).query(({ ctx, input }) => checkoutOptions(ctx.deps, ctx.user._id, input?.addressId ?? null)),

  /** Places a cash-on-delivery order for the cart: stock held with no expiry, confirmed at once, unpaid until delivered. */
  placeCodOrder: authedProcedure
    .input(PlaceCodOrderInputSchema)
    .mutation(({ ctx, input }) => placeCodOrder(ctx.deps, { id: ctx.user._id, email: ctx.user.email }, { addressId: input.addressId, shipping: input.shipping })),

  /** Called by /success?session_id=…: asks the provider and fulfils the order if it is paid. */
  confirmReturn: authedProcedure.input(ConfirmReturnInputSchema).mutation(({ ctx, input }) => confirmReturn(ctx.deps, ctx.user._id, input.sessionId)),
});

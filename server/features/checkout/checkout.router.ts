import { ConfirmReturnInputSchema, StartCheckoutInputSchema } from '../../../shared/schemas/order';
import { authedProcedure, router } from '../../trpc/init';
import { startCheckout } from './checkout.service';
import { confirmReturn } from './fulfilment.service';

export const checkoutRouter = router({
  /**
   * Reserves the cart's stock, writes a pending order and opens the provider's hosted payment
   * page. `cartItems` is accepted for old clients and ignored: the server prices the cart.
   */
  start: authedProcedure
    .input(StartCheckoutInputSchema)
    .mutation(({ ctx, input }) => startCheckout(ctx.deps, { id: ctx.user._id, email: ctx.user.email }, { addressId: input?.addressId ?? null })),

  /** Called by /success?session_id=…: asks the provider and fulfils the order if it is paid. */
  confirmReturn: authedProcedure.input(ConfirmReturnInputSchema).mutation(({ ctx, input }) => confirmReturn(ctx.deps, ctx.user._id, input.sessionId)),
});

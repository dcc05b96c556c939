import { adminProcedure, authedProcedure, router } from '../../trpc/init';
import * as q from './order-views.queries';
import { OrderDocumentInputSchema } from '../../../shared/schemas/invoices';
import { CancelOrderInputSchema } from '../../../shared/schemas/order';
import { cancelOwnCodOrder } from '../checkout/cod.service';
import { documentForUser } from '../../invoices/invoice.service';

/** Shoppers see their orders once paid; pending and cancelled checkouts are not orders to them. */
// A shopper sees every order they paid for, including one an admin cancelled afterwards;
// checkouts that were never paid (pending, expired) stay out of their list.
const SHOPPER_VISIBLE = ['paid', 'confirmed', 'shipped', 'delivered', 'returned', 'cancelled'] as const;

export const orderRouter = router({
  /** The caller's paid-and-later orders, newest first (amounts in paise). */
  list: authedProcedure.query(({ ctx }) => q.listOrders(ctx.deps.db, { userId: ctx.user._id, statuses: SHOPPER_VISIBLE, placedOnly: true })),

  /** An order's tax invoice or credit note, ready to print: the order's owner and admins (GET /orders/:id/invoice.pdf renders it). */
  document: authedProcedure.input(OrderDocumentInputSchema).query(({ ctx, input }) => documentForUser(ctx.deps, ctx.user, input.orderId, input.kind)),

  /** The caller cancels their own cash-on-delivery order before it ships (stock back on sale at once). */
  cancel: authedProcedure.input(CancelOrderInputSchema).mutation(({ ctx, input }) => cancelOwnCodOrder(ctx.deps, ctx.user._id, input.orderId)),

  /** Every order in every status, newest first (ADMIN). */
  all: adminProcedure.query(({ ctx }) => q.listOrders(ctx.deps.db, {})),
});

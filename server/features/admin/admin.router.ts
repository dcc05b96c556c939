import { adminProcedure, router } from '../../trpc/init';
import { decodeNewestFirst, newestFirstKey, toPage } from '../../lib/cursor';
import { AdminOrdersInputSchema, AdminProductsInputSchema, OrderIdInputSchema, SetOrderStatusInputSchema } from '../../../shared/schemas/admin';
import * as q from './admin.queries';
import * as orders from '../order/order.service';
import * as service from './admin.service';
import { InvoiceRegisterInputSchema, MonthSchema } from '../../../shared/schemas/invoices';
import { gstr1ForMonth, invoiceRegister } from '../../invoices/invoice.service';
import { listMail, mailMessage } from '../../mail/mail.service';
import { listAudit } from '../../audit/audit';
import { AuditListInputSchema } from '../../../shared/schemas/audit';
import { MailIdInputSchema, MailListInputSchema } from '../../../shared/schemas/mail';
import { z } from 'zod';
import { removeDemoData } from './demo-removal';
import { requireCategories } from '../catalog/categories.service';

const DEFAULT_PAGE_SIZE = 24;

/** The admin panel's own calls; every one is ADMIN only (401 for visitors, 403 for GENERAL). */
export const adminRouter = router({
  /** The owner's setup checklist (products, banners, settings) and the demo data left. */
  setupStatus: adminProcedure.query(({ ctx }) => service.setupStatus(ctx.deps)),

  /** Removes the demo catalogue and banners (confirmed in the panel; audited). */
  removeDemoData: adminProcedure.mutation(({ ctx }) => removeDemoData(ctx.deps, ctx.user._id)),

  /** Today's, this month's and the last 30 days' sales in the shop's time zone, and low stock. */
  dashboard: adminProcedure.query(({ ctx }) => service.buildDashboard(ctx.deps)),

  /** The month's invoices and credit notes (shop time; this month by default), with totals. */
  invoices: adminProcedure.input(InvoiceRegisterInputSchema).query(({ ctx, input }) => invoiceRegister(ctx.deps, input?.month)),

  /** Who changed what (catalogue, orders, stock, banners, settings, tax, roles, accounts), newest first; `kind` keeps one kind. */
  audit: adminProcedure.input(AuditListInputSchema).query(async ({ ctx, input }) => {
    const after = decodeNewestFirst(input?.cursor);
    return listAudit(ctx.deps.db, { limit: input?.limit ?? 50, kind: input?.kind, ...(after ? { cursor: { at: after.createdAt, id: after.id } } : {}) });
  }),

  /** The outbox: every message the shop sent or will send, newest first (the Mail page). */
  mail: adminProcedure.input(MailListInputSchema).query(({ ctx, input }) => listMail(ctx.deps.db, input)),

  /** One message's HTML and plain text. */
  mailMessage: adminProcedure.input(MailIdInputSchema).query(({ ctx, input }) => mailMessage(ctx.deps.db, input.mailId)),

  /** The month's GSTR-1 CSV; GET /admin/gstr1.csv?month= sends it as a file. */
  gstr1: adminProcedure.input(z.object({ month: MonthSchema })).query(({ ctx, input }) => gstr1ForMonth(ctx.deps, input.month)),

  /** Every order newest first, with the customer; `status` filters, `q` searches (number, email, phone, PIN); keyset pages. */
  orders: adminProcedure.input(AdminOrdersInputSchema).query(async ({ ctx, input }) => {
    const limit = input?.limit ?? DEFAULT_PAGE_SIZE;
    const rows = await orders.listAdminOrders(ctx.deps.db, {
      status: input?.status,
      attention: input?.attention,
      search: input?.q || undefined,
      after: decodeNewestFirst(input?.cursor),
      limit: limit + 1,
    });
    return toPage(rows, limit, newestFirstKey);
  }),

  /**
   * Online: paid -> shipped -> delivered, paid/shipped -> cancelled (with `refund`: refunded through
   * the provider). Cash on delivery: confirmed -> shipped -> delivered (cash collected) or returned,
   * confirmed -> cancelled. Anything else INVALID_TRANSITION (409).
   */
  setOrderStatus: adminProcedure
    .input(SetOrderStatusInputSchema)
    .mutation(({ ctx, input }) => service.setOrderStatus(ctx.deps, input.orderId, input.status, ctx.user._id, { refund: input.refund ?? false })),

  /** Refunds a cancelled order paid online through its provider (again, after a failure: the same idempotency key). */
  refundOrder: adminProcedure.input(OrderIdInputSchema).mutation(({ ctx, input }) => service.refundOrder(ctx.deps, input.orderId, ctx.user._id)),

  /** For an order paid for units that were not in stock: takes them from stock now (after a restock). */
  resolveShortage: adminProcedure.input(OrderIdInputSchema).mutation(({ ctx, input }) => service.resolveShortage(ctx.deps, input.orderId, ctx.user._id)),

  /** The admin product grid, newest first: text search over name and brand, category, archive view. */
  products: adminProcedure.input(AdminProductsInputSchema).query(async ({ ctx, input }) => {
    const limit = input?.limit ?? DEFAULT_PAGE_SIZE;
    if (input?.category !== undefined) await requireCategories(ctx.deps.db, [input.category]);
    const rows = await q.listAdminProducts(ctx.deps.db, {
      text: input?.q || undefined,
      category: input?.category,
      productId: input?.productId,
      view: input?.view ?? 'active',
      after: decodeNewestFirst(input?.cursor),
      limit: limit + 1,
    });
    return toPage(rows, limit, newestFirstKey);
  }),
});

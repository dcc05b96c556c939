import { AppError } from '../../errors';
import { transaction } from '../../db/transaction';
import type { Deps } from '../../deps';
import type { OrderStatus, PaymentMethod } from '../../../shared/schemas/order';
import { REVENUE_CHART_DAYS, REVENUE_STATUSES, canTransition, type AdminOrder, type Dashboard, type DashboardPeriod } from '../../../shared/schemas/admin';
import * as orders from '../order/order.service';
import * as shipping from '../shipping/shipping.service';
import { writeAudit } from '../../audit/audit';
import { loadSettings } from '../../settings/shop-settings';
import * as q from './admin.queries';
import { countDemoData } from './demo-removal';
import type { SetupStatus } from '../../../shared/schemas/admin';
import { addDays, localDate, startOfLocalDay, startOfMonth } from '../../lib/shop-calendar';

/** The dashboard lists at most this many low-stock products (scarcest first). */
export const LOW_STOCK_LIST_LIMIT = 50;

/**
 * The all-orders dashboard: sales (paid, shipped or delivered orders, counted on the day they
 * were paid in the shop's time zone, the `timeZone` setting unless one is given) for today, this
 * calendar month and each of the last 30 days, plus the products on sale that are running out.
 * Revenue is what the orders cost the shoppers (lines plus shipping), in paise.
 */
export async function buildDashboard(deps: Deps, zone?: string): Promise<Dashboard> {
  const settings = await loadSettings(deps.db, deps);
  const timeZone = zone ?? settings.timeZone;
  const now = deps.clock();
  const today = localDate(now, timeZone);
  const chartStart = addDays(today, -(REVENUE_CHART_DAYS - 1));
  const monthStart = startOfMonth(today);
  // YYYY-MM-DD strings order like the dates they name.
  const from = chartStart < monthStart ? chartStart : monthStart;
  const sales = await orders.listSalesPaidBetween(
    deps.db,
    startOfLocalDay(from, timeZone).toISOString(),
    // Up to now, not the end of today: a paid_at ahead of the clock is skew, not a sale yet.
    new Date(now.getTime() + 1).toISOString(),
    REVENUE_STATUSES,
  );

  const byDay = new Map<string, DashboardPeriod>();
  for (const sale of sales) {
    const day = localDate(new Date(sale.paidAt), timeZone);
    const totals = byDay.get(day) ?? { revenue: 0, orders: 0 };
    totals.revenue += sale.amount;
    totals.orders += 1;
    byDay.set(day, totals);
  }

  const revenueByDay: Dashboard['revenueByDay'] = [];
  for (let i = 0; i < REVENUE_CHART_DAYS; i++) {
    const date = addDays(chartStart, i);
    revenueByDay.push({
      date,
      ...(byDay.get(date) ?? { revenue: 0, orders: 0 }),
    });
  }

  const monthTotals: DashboardPeriod = { revenue: 0, orders: 0 };
  for (const [day, totals] of byDay) {
    if (day >= monthStart) {
      monthTotals.revenue += totals.revenue;
      monthTotals.orders += totals.orders;
    }
  }

  return {
    timeZone,
    today,
    todayTotals: byDay.get(today) ?? { revenue: 0, orders: 0 },
    monthTotals,
    revenueByDay,
    // The daily low-stock mail's rule: each variant's own level, else the shop's default.
    lowStock: await q.listLowStockProducts(deps.db, settings.stockAlerts.defaultLevel, LOW_STOCK_LIST_LIMIT),
    lowStockLevel: settings.stockAlerts.defaultLevel,
    paidNotInStock: await orders.countPaidOrdersShortOfStock(deps.db),
  };
}

const PROVIDER_NAMES: Record<string, string> = { stripe: 'Stripe', razorpay: 'Razorpay', test: 'the test checkout' };

/**
 * Moves an order along its life cycle (nextStatuses). Paid online: paid -> shipped -> delivered,
 * paid or shipped -> cancelled. Cash on delivery: confirmed -> shipped (its tax invoice is issued
 * then: the goods leave with it) -> delivered (the cash is collected: the order becomes paid) or
 * -> returned (came back undelivered: its units go back on sale and a credit note reverses the
 * invoice), and confirmed -> cancelled. Cancelling a PAID or CONFIRMED order puts back the units
 * it took from stock, as nothing left the warehouse; a SHIPPED order's units are out of the door,
 * so its stock is left alone (counted back by editing the product once the parcel returns). An
 * order paid for units that were not in stock cannot ship until they are taken (resolveShortage).
 *
 * `refund` (with cancelled, for an order paid online): after the cancellation commits, the whole
 * payment is refunded through its provider (refundOrder), and the answer recorded on the order.
 *
 * The move is written to the audit log in its transaction: from and to, and what came with it
 * (invoice, credit note, cash collected, units back on sale, the refund asked for).
 *
 * Throws ORDER_NOT_FOUND, BAD_INPUT for a refund that does not apply, and INVALID_TRANSITION
 * (409, nothing changed) for any other move.
 */
export async function setOrderStatus(deps: Deps, orderId: string, to: OrderStatus, actorId: string | null = null, opts: { refund?: boolean } = {}): Promise<AdminOrder> {
  const now = deps.clock().toISOString();
  /** Why this move is refused before anything changes (also checked before Shiprocket is asked to cancel). */
  const refuse = (order: orders.OrderRecord | null): orders.OrderRecord => {
    if (order === null) throw new AppError('ORDER_NOT_FOUND', 'Order not found');
    const method: PaymentMethod = order.provider === 'cod' ? 'cod' : 'online';
    if (opts.refund) {
      if (to !== 'cancelled' || method !== 'online' || order.paidAt === null) {
        throw new AppError('BAD_INPUT', 'Only an order paid online can be refunded, when it is cancelled.');
      }
      if (order.paymentId === null) throw new AppError('INVALID_TRANSITION', 'This order has no payment on record at its provider to refund: refund it by hand.');
    }
    if (to === 'shipped' && order.status !== 'shipped' && canTransition(order.status, to, method)) {
      // A parcel leaves with its courier and AWB: the Ship step (shipping.service) moves it.
      throw new AppError('INVALID_TRANSITION', 'Ship this order from its Pack & ship step: give its courier and AWB (and its e-way bill above the threshold).');
    }
    return order;
  };
  // A parcel booked with Shiprocket is cancelled there first (outside the transaction: a network
  // call), only for a move that will be made: Shiprocket refusing (picked up) stops the cancel.
  let courierCancel: shipping.CourierCancel = null;
  if (to === 'cancelled') {
    const order = refuse(await orders.findOrderRecord(deps.db, orderId));
    if (canTransition(order.status, to, order.provider === 'cod' ? 'cod' : 'online')) courierCancel = await shipping.cancelWithCourier(deps, orderId);
  }
  const from = await transaction(
    deps.db,
    async (trx) => {
      const order = refuse(await orders.findOrderRecord(trx, orderId));
      const moved = await orders.moveOrderStatus(trx, deps, order, to, { actorId, now, refund: opts.refund ?? false });
      await shipping.followOrderStatus(trx, orderId, to, { actorId, now, courierCancel });
      return moved.from;
    },
    { locks: [`order:${orderId}`] },
  );
  deps.log.info({ orderId, from, to }, 'order status changed by an admin');
  if (opts.refund) await refundOrder(deps, orderId, actorId);
  return adminOrder(deps, orderId);
}

/**
 * Refunds a cancelled order's whole payment through the provider that took it, and records the
 * answer (and emails the shopper once the provider has taken it in hand). The provider is
 * called outside any transaction; the idempotency key is the order's, so asking again (a retry
 * after a failure, a double click) never refunds twice. A failure is recorded and shown to the
 * admin, who may retry. Throws ORDER_NOT_FOUND; INVALID_TRANSITION when there is nothing to
 * refund (not a cancelled paid online order, or refunded already).
 */
export async function refundOrder(deps: Deps, orderId: string, actorId: string | null): Promise<AdminOrder> {
  const order = await orders.findOrderRecord(deps.db, orderId);
  if (!order) throw new AppError('ORDER_NOT_FOUND', 'Order not found');
  if (order.status !== 'cancelled' || order.paidAt === null || order.provider === 'cod' || order.paymentId === null) {
    throw new AppError('INVALID_TRANSITION', 'Only a cancelled order that was paid online can be refunded through its provider.');
  }
  const state = await orders.findRefundState(deps.db, orderId);
  if (state?.status === 'succeeded' || state?.status === 'pending') {
    if (state.status === 'succeeded') throw new AppError('INVALID_TRANSITION', 'This order was refunded already.');
  }
  const amount = order.amountCharged ?? order.totalAmount + order.shippingAmount + order.codFee;
  const providerName = PROVIDER_NAMES[order.provider] ?? order.provider;
  const provider = deps.providers.byKind(order.provider);
  let outcome: { id: string | null; status: 'pending' | 'succeeded' | 'failed'; amount: number; error: string | null };
  if (!provider) {
    outcome = { id: null, status: 'failed', amount, error: `The ${providerName} keys are no longer set on this shop: refund it in ${providerName}'s dashboard.` };
  } else {
    try {
      const refund = await provider.refund({ orderId, paymentId: order.paymentId, amount, idempotencyKey: `refund-${orderId}` });
      outcome = { id: refund.id, status: refund.status, amount: refund.amount, error: refund.status === 'failed' ? `${providerName} could not make the refund.` : null };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      outcome = { id: null, status: 'failed', amount, error: error.message };
    }
  }
  const now = deps.clock().toISOString();
  await transaction(
    deps.db,
    async (trx) => {
      const before = await orders.findRefundState(trx, orderId);
      await orders.recordRefund(trx, orderId, outcome, now);
      await writeAudit(trx, { at: now, actorId, action: 'order.refund', detail: { orderId, provider: order.provider, ...outcome } });
      // One email per refund, when it first goes through (not again on a repeated answer).
      if (outcome.status !== 'failed' && before?.status !== 'pending' && before?.status !== 'succeeded') {
        await orders.enqueueRefundMail(trx, deps, orderId, { amount: outcome.amount, provider: providerName, id: outcome.id, settled: outcome.status === 'succeeded' });
      }
    },
    { locks: [`order:${orderId}`] },
  );
  if (outcome.status === 'failed') deps.log.error({ orderId, error: outcome.error }, 'refund failed');
  else deps.log.info({ orderId, refundId: outcome.id, status: outcome.status }, 'refund made through the provider');
  return adminOrder(deps, orderId);
}

/**
 * For an order paid for units that were not in stock: takes them from stock now (after the
 * admin restocked), so the order can ship. All lines or none.
 *
 * Throws ORDER_NOT_FOUND; INVALID_TRANSITION when the order owes nothing or is not paid;
 * OUT_OF_STOCK (409, nothing changed) naming the product that still lacks units.
 */
export async function resolveShortage(deps: Deps, orderId: string, actorId: string | null): Promise<AdminOrder> {
  const now = deps.clock().toISOString();
  await transaction(
    deps.db,
    async (trx) => {
      await orders.fillShortages(trx, orderId, now, actorId);
    },
    { locks: [`order:${orderId}`] },
  );
  deps.log.info({ orderId }, 'units owed to a late-paid order taken from stock by an admin');
  return adminOrder(deps, orderId);
}

async function adminOrder(deps: Deps, orderId: string): Promise<AdminOrder> {
  const [order] = await orders.listAdminOrders(deps.db, { orderId, limit: 1 });
  if (!order) throw new AppError('ORDER_NOT_FOUND', 'Order not found');
  return order;
}

/** What the owner still has to do before opening (the home page's setup checklist), and the demo data left. */
export async function setupStatus(deps: Deps): Promise<SetupStatus> {
  const settings = await loadSettings(deps.db, deps);
  const counts = await q.countStorefront(deps.db);
  return {
    productsOnSale: counts.productsOnSale,
    bannersShown: counts.bannersShown,
    settingsSaved: settings.updatedAt !== null && settings.seller !== null,
    demo: await countDemoData(deps.db),
  };
}

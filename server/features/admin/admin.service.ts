import { AppError } from '../../errors';
import type { Deps } from '../../trpc/context';
import type { OrderStatus } from '../../../shared/schemas/order';
import {
  LOW_STOCK_THRESHOLD,
  ORDER_TRANSITIONS,
  REVENUE_CHART_DAYS,
  REVENUE_STATUSES,
  SHOP_TIME_ZONE,
  canTransition,
  type AdminOrder,
  type Dashboard,
  type DashboardPeriod,
} from '../../../shared/schemas/admin';
import { listOrderItemQuantities } from '../order/order.queries';
import * as q from './admin.queries';
import { addDays, localDate, startOfLocalDay, startOfMonth } from './shop-calendar';

/** The dashboard lists at most this many low-stock products (scarcest first). */
export const LOW_STOCK_LIST_LIMIT = 50;

/**
 * The all-orders dashboard: sales (paid, shipped or delivered orders, counted on the day they
 * were paid in the shop's time zone) for today, this calendar month and each of the last 30
 * days, plus the products on sale that are running out. Revenue is what the orders cost the
 * shoppers (lines plus shipping), in paise.
 */
export async function buildDashboard(deps: Deps, timeZone: string = SHOP_TIME_ZONE): Promise<Dashboard> {
  const now = deps.clock();
  const today = localDate(now, timeZone);
  const chartStart = addDays(today, -(REVENUE_CHART_DAYS - 1));
  const monthStart = startOfMonth(today);
  // YYYY-MM-DD strings order like the dates they name.
  const from = chartStart < monthStart ? chartStart : monthStart;
  const sales = await q.listSalesPaidBetween(
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
    lowStock: await q.listLowStockProducts(deps.db, LOW_STOCK_THRESHOLD, LOW_STOCK_LIST_LIMIT),
  };
}

function transitionRefusal(from: OrderStatus, to: OrderStatus): string {
  if (from === to) return `This order is already ${to}.`;
  const allowed = ORDER_TRANSITIONS[from];
  if (from === 'pending') return `This order is still waiting for its payment and cannot be marked ${to}.`;
  if (allowed.length === 0) return `A ${from} order cannot be changed any more (asked to mark it ${to}).`;
  return `A ${from} order cannot be marked ${to}: it can only become ${allowed.join(' or ')}.`;
}

/**
 * Moves an order along its life cycle (ORDER_TRANSITIONS: paid -> shipped -> delivered, paid or
 * shipped -> cancelled). Cancelling a PAID order puts its units back on sale, as nothing left
 * the warehouse; a SHIPPED order's units are out of the door, so its stock is left alone (they
 * are counted back by editing the product once the parcel returns). Money is never moved here:
 * a refund is made at the payment provider.
 *
 * Throws ORDER_NOT_FOUND, and INVALID_TRANSITION (409, nothing changed) for any other move.
 */
export async function setOrderStatus(deps: Deps, orderId: string, to: OrderStatus): Promise<AdminOrder> {
  const now = deps.clock().toISOString();
  const from = await deps.db.transaction().execute(async (trx) => {
    const current = await q.findOrderStatus(trx, orderId);
    if (current === null) throw new AppError('ORDER_NOT_FOUND', 'Order not found');
    if (!canTransition(current, to)) throw new AppError('INVALID_TRANSITION', transitionRefusal(current, to));
    if (!(await q.updateOrderStatus(trx, orderId, current, to, now))) {
      throw new AppError('INVALID_TRANSITION', 'This order was changed meanwhile: reload the list and try again.');
    }
    if (current === 'paid' && to === 'cancelled') {
      for (const line of await listOrderItemQuantities(trx, orderId)) await q.restockProduct(trx, line.productId, line.quantity, now);
    }
    return current;
  });
  deps.log.info({ orderId, from, to }, 'order status changed by an admin');
  const [order] = await q.listAdminOrders(deps.db, { orderId, limit: 1 });
  if (!order) throw new AppError('ORDER_NOT_FOUND', 'Order not found');
  return order;
}

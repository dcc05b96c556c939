import { AppError } from '../../errors';
import { transaction } from '../../db/transaction';
import type { Deps } from '../../deps';
import type { OrderStatus } from '../../../shared/schemas/order';
import {
  LOW_STOCK_THRESHOLD,
  ORDER_TRANSITIONS,
  REVENUE_CHART_DAYS,
  REVENUE_STATUSES,
  canTransition,
  type AdminOrder,
  type Dashboard,
  type DashboardPeriod,
} from '../../../shared/schemas/admin';
import { listOrderItemStock, setItemStock } from '../order/order.queries';
import { putBackStock, takeStock } from '../catalog/stock.queries';
import { issueCreditNote } from '../../invoices/invoicing';
import { enqueueOrderStatusMail } from '../../mail/mail.service';
import { loadSettings } from '../settings/settings.service';
import * as q from './admin.queries';
import { countDemoData } from '../../seed/demo-removal';
import type { SetupStatus } from '../../../shared/schemas/admin';
import { addDays, localDate, startOfLocalDay, startOfMonth } from './shop-calendar';

/** The dashboard lists at most this many low-stock products (scarcest first). */
export const LOW_STOCK_LIST_LIMIT = 50;

/**
 * The all-orders dashboard: sales (paid, shipped or delivered orders, counted on the day they
 * were paid in the shop's time zone, the `timeZone` setting unless one is given) for today, this
 * calendar month and each of the last 30 days, plus the products on sale that are running out.
 * Revenue is what the orders cost the shoppers (lines plus shipping), in paise.
 */
export async function buildDashboard(deps: Deps, zone?: string): Promise<Dashboard> {
  const timeZone = zone ?? (await loadSettings(deps.db, deps)).timeZone;
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
    paidNotInStock: await q.countPaidOrdersShortOfStock(deps.db),
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
 * shipped -> cancelled). Cancelling a PAID order puts back the units it took from stock, as
 * nothing left the warehouse; a SHIPPED order's units are out of the door, so its stock is left
 * alone (they are counted back by editing the product once the parcel returns). An order paid
 * for units that were not in stock cannot ship until they are taken (resolveShortage). Money is
 * never moved here: a refund is made at the payment provider.
 *
 * Throws ORDER_NOT_FOUND, and INVALID_TRANSITION (409, nothing changed) for any other move.
 */
export async function setOrderStatus(deps: Deps, orderId: string, to: OrderStatus, actorId: string | null = null): Promise<AdminOrder> {
  const now = deps.clock().toISOString();
  const from = await transaction(
    deps.db,
    async (trx) => {
      const current = await q.findOrderStatus(trx, orderId);
      if (current === null) throw new AppError('ORDER_NOT_FOUND', 'Order not found');
      if (!canTransition(current, to)) throw new AppError('INVALID_TRANSITION', transitionRefusal(current, to));
      const items = await listOrderItemStock(trx, orderId);
      const short = items.reduce((sum, item) => sum + item.shortQuantity, 0);
      if (to === 'shipped' && short > 0) {
        throw new AppError(
          'INVALID_TRANSITION',
          `This order was paid for ${short} unit(s) that were not in stock: restock the product and take them for this order, or cancel it and refund the payment.`,
        );
      }
      if (!(await q.updateOrderStatus(trx, orderId, current, to, now))) {
        throw new AppError('INVALID_TRANSITION', 'This order was changed meanwhile: reload the list and try again.');
      }
      if (to === 'shipped' || to === 'delivered' || to === 'cancelled') await enqueueOrderStatusMail(trx, deps, orderId, to);
      if (to === 'cancelled') {
        await issueCreditNote(trx, deps, orderId, now);
        for (const item of items) {
          if (current === 'paid') await putBackStock(trx, item.productId, item.stockTaken, { reason: 'restock', at: now, orderId, actorId, note: 'order cancelled' });
          // Nothing is owed any more: the order will not be delivered.
          await setItemStock(trx, item.id, { stockTaken: current === 'paid' ? 0 : item.stockTaken, shortQuantity: 0 });
        }
      }
      return current;
    },
    { locks: [`order:${orderId}`] },
  );
  deps.log.info({ orderId, from, to }, 'order status changed by an admin');
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
      const status = await q.findOrderStatus(trx, orderId);
      if (status === null) throw new AppError('ORDER_NOT_FOUND', 'Order not found');
      const items = (await listOrderItemStock(trx, orderId)).filter((item) => item.shortQuantity > 0);
      if (status !== 'paid' || items.length === 0) throw new AppError('INVALID_TRANSITION', 'This order is not waiting for stock.');
      for (const item of items) {
        const result = await takeStock(trx, item.productId, item.shortQuantity, { reason: 'shortage_filled', at: now, orderId, actorId, onSaleOnly: false });
        if (result === 'short') {
          throw new AppError('OUT_OF_STOCK', `Not enough ${item.name} in stock for this order (${item.shortQuantity} needed): restock it first.`);
        }
        await setItemStock(trx, item.id, { stockTaken: item.stockTaken + (result === 'taken' ? item.shortQuantity : 0), shortQuantity: 0 });
      }
    },
    { locks: [`order:${orderId}`] },
  );
  deps.log.info({ orderId }, 'units owed to a late-paid order taken from stock by an admin');
  return adminOrder(deps, orderId);
}

async function adminOrder(deps: Deps, orderId: string): Promise<AdminOrder> {
  const [order] = await q.listAdminOrders(deps.db, { orderId, limit: 1 });
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

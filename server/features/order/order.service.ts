import type { DB } from '../../db/database';
import { AppError } from '../../errors';
import type { StockReason } from '../../../shared/schemas/catalog';
import { putBackStock, takeStock } from '../catalog/catalog.service';
import * as q from './order.queries';
import * as views from './order-views.queries';
import { brandOf, enqueueMail, type MailDeps } from '../../mail/mail.service';
import { orderConfirmationMail, orderStatusMail, refundMail, type ShipmentNotice } from '../../mail/templates';
import type { Deps } from '../../deps';
import type { Order, OrderStatus, PaymentMethod } from '../../../shared/schemas/order';
import { canTransition, nextStatuses } from '../../../shared/schemas/admin';
import { issueCreditNote, issueInvoice } from '../../invoices/invoicing';
import { writeAudit } from '../../audit/audit';
import { nextInSeries } from '../../db/document-counters';
import type { ShopSettings } from '../../../shared/schemas/settings';
import { formatOrderNumber } from '../../../shared/order-number';
import { yearInZone } from '../../../shared/time-zone';
import { releaseCouponUses } from '../offers/pricing.service';

// Order bookkeeping: what checkout, the admin and the shopper's order page do to orders. The
// functions that take a `trx` run inside the caller's transaction (which also holds the order's
// lock), so a status change and the stock it moves commit together.

export type { NewOrder, OrderItemStock, OrderRecord, PaymentFacts } from './order.queries';
export {
  cancelPendingOrder,
  countOpenCodOrders,
  findOrderRecord,
  findOrderRecordBySession,
  findOrderStatus,
  findPendingOrderOf,
  findRefundState,
  listOrderItemStock,
  listPendingOrders,
  markCodCollected,
  markOrderPaid,
  recordRefund,
  setOrderPaymentSession,
  setPendingPaymentStatus,
  updateOrderStatus,
} from './order.queries';
export { countPaidOrdersShortOfStock, listAdminOrders, listOrders, listSalesPaidBetween } from './order-views.queries';

/** What an order's number is made from when it is given: the prefix then in force and the shop's clock (its year). */
export type OrderNumbering = Pick<ShopSettings, 'orderPrefix' | 'timeZone'>;

/**
 * Takes the next readable number (VM-2026-000123) for an order placed at `nowIso`: the year on
 * the shop's clock, the next of that year's count. Inside the transaction that writes the order:
 * the counter row stays locked until it commits, and a rollback (a refused checkout, a PostgreSQL
 * retry) gives the number back, so numbers are consecutive and never shared.
 */
export async function takeOrderNumber(trx: DB, numbering: OrderNumbering, nowIso: string): Promise<string> {
  const year = yearInZone(new Date(nowIso), numbering.timeZone);
  return formatOrderNumber(numbering.orderPrefix, year, await nextInSeries(trx, `order:${year}`));
}

/**
 * Writes a new order (awaiting payment, or confirmed for cash on delivery) with its lines and its
 * readable number, taken here: every path that creates an order comes through this function, in
 * its transaction. Returns the number.
 */
export async function insertPendingOrder(trx: DB, order: Omit<q.NewOrder, 'orderNumber'> & { numbering: OrderNumbering }): Promise<string> {
  const { numbering, ...fields } = order;
  const orderNumber = await takeOrderNumber(trx, numbering, order.nowIso);
  await q.insertPendingOrder(trx, { ...fields, orderNumber });
  return orderNumber;
}

/** Every order of a user in any state, newest first (their data export). */
export function ordersOfUser(db: DB, userId: string): Promise<Order[]> {
  return views.listOrders(db, { userId });
}

/** The ids of every order of a user (their order page's parcels, their data download). */
export function orderIdsOfUser(db: DB, userId: string): Promise<string[]> {
  return q.listOrderIdsOf(db, userId, ['pending', 'paid', 'confirmed', 'shipped', 'delivered', 'returned', 'cancelled']);
}

/** A user's orders still under way (awaiting payment, or paid and not yet delivered): an account with one cannot be deleted. */
export function openOrderIdsOf(db: DB, userId: string): Promise<string[]> {
  return q.listOrderIdsOf(db, userId, ['pending', 'paid', 'confirmed', 'shipped']);
}

/** Why a stock move happens, for the stock history. */
export type StockNote = { reason: StockReason; at: string; note: string; actorId?: string | null };

/**
 * Puts every unit the order holds back on sale and clears what its lines owe: the order will not
 * be delivered, and its units never left (a released checkout, a cancelled or returned order).
 */
export async function releaseOrderStock(trx: DB, orderId: string, move: StockNote): Promise<void> {
  for (const item of await q.listOrderItemStock(trx, orderId)) {
    await putBackStock(trx, item.variantId, item.stockTaken, { reason: move.reason, at: move.at, orderId, actorId: move.actorId ?? null, note: move.note });
    await q.setItemStock(trx, item.id, { stockTaken: 0, shortQuantity: 0 });
  }
}

/** Clears what the order's lines owe without touching stock: a shipped order cancelled (its units are out of the door). */
export async function forgiveShortages(trx: DB, orderId: string): Promise<void> {
  for (const item of await q.listOrderItemStock(trx, orderId)) {
    await q.setItemStock(trx, item.id, { stockTaken: item.stockTaken, shortQuantity: 0 });
  }
}

/**
 * Takes an order's units from stock again, for a payment that came after its reservation was
 * released: each line's units where they are still there, never below 0; a line whose units
 * were re-sold is recorded as short. Returns the products that fell short.
 */
export async function retakeOrderStock(trx: DB, orderId: string, at: string): Promise<string[]> {
  const short: string[] = [];
  for (const item of await q.listOrderItemStock(trx, orderId)) {
    const result = await takeStock(trx, item.variantId, item.quantity, { reason: 'late_payment', at, orderId, onSaleOnly: false });
    if (result === 'short') short.push(item.productId);
    await q.setItemStock(trx, item.id, { stockTaken: result === 'taken' ? item.quantity : 0, shortQuantity: result === 'short' ? item.quantity : 0 });
  }
  return short;
}

/**
 * Takes the units an order is short of from stock (after the admin restocked), all lines or none.
 * Throws INVALID_TRANSITION when the order is not paid or owes nothing, OUT_OF_STOCK naming the
 * product that still lacks units (the caller's transaction then changes nothing).
 */
export async function fillShortages(trx: DB, orderId: string, at: string, actorId: string | null): Promise<void> {
  const status = await q.findOrderStatus(trx, orderId);
  if (status === null) throw new AppError('ORDER_NOT_FOUND', 'Order not found');
  const items = (await q.listOrderItemStock(trx, orderId)).filter((item) => item.shortQuantity > 0);
  if (status !== 'paid' || items.length === 0) throw new AppError('INVALID_TRANSITION', 'This order is not waiting for stock.');
  for (const item of items) {
    const result = await takeStock(trx, item.variantId, item.shortQuantity, { reason: 'shortage_filled', at, orderId, actorId, onSaleOnly: false });
    if (result === 'short') {
      throw new AppError('OUT_OF_STOCK', `Not enough ${item.name} in stock for this order (${item.shortQuantity} needed): restock it first.`);
    }
    await q.setItemStock(trx, item.id, { stockTaken: item.stockTaken + (result === 'taken' ? item.shortQuantity : 0), shortQuantity: 0 });
  }
}

function transitionRefusal(from: OrderStatus, to: OrderStatus, method: PaymentMethod): string {
  if (from === to) return `This order is already ${to}.`;
  const allowed = nextStatuses(from, method);
  if (from === 'pending') return `This order is still waiting for its payment and cannot be marked ${to}.`;
  if (method === 'cod' && from === 'shipped' && to === 'cancelled') return 'A shipped cash on delivery order cannot be cancelled: mark it returned when the parcel comes back.';
  if (allowed.length === 0) return `A ${from} order cannot be changed any more (asked to mark it ${to}).`;
  return `A ${from} order cannot be marked ${to}: it can only become ${allowed.join(' or ')}.`;
}

/** What a status move did besides the status, for the audit log. */
export type MoveDone = { invoice?: string; cashCollected?: number; creditNote?: string; stockBack?: boolean; couponBack?: boolean; refund?: { amount: number; provider: string } };

/**
 * Moves an order along its life cycle (nextStatuses), inside the caller's transaction (which holds
 * the order's lock): the status, and what comes with it. Cash on delivery: its tax invoice is
 * issued at shipped (the goods leave with it) and the cash recorded at delivered. Cancelled or
 * returned: a credit note reverses the invoice; units still in the warehouse (a paid or confirmed
 * order) or back in it (returned) go back on sale, except `damaged` ones; a shipped order's units
 * are out of the door. An order short of stock cannot ship. The shopper's mail (with the courier
 * and AWB at shipped, `notice`) and the audit entry are written in the same transaction.
 *
 * Throws INVALID_TRANSITION (nothing changed) for a move the life cycle does not allow.
 */
export async function moveOrderStatus(
  trx: DB,
  deps: Deps,
  order: q.OrderRecord,
  to: OrderStatus,
  opts: { actorId: string | null; now: string; refund?: boolean; notice?: ShipmentNotice; damaged?: boolean; unitsBack?: boolean; detail?: Record<string, unknown> },
): Promise<{ from: OrderStatus; done: MoveDone }> {
  const { actorId, now } = opts;
  const current = order.status;
  const orderId = order.id;
  const method: PaymentMethod = order.provider === 'cod' ? 'cod' : 'online';
  if (!canTransition(current, to, method)) throw new AppError('INVALID_TRANSITION', transitionRefusal(current, to, method));
  const items = await q.listOrderItemStock(trx, orderId);
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
  const done: MoveDone = {};
  if (method === 'cod' && to === 'shipped') {
    const invoice = await issueInvoice(trx, deps, orderId, null, now);
    if (invoice !== null) done.invoice = invoice;
  }
  if (method === 'cod' && to === 'delivered') {
    done.cashCollected = order.totalAmount + order.shippingAmount + order.codFee;
    await q.markCodCollected(trx, orderId, done.cashCollected, now);
  }
  if (to === 'shipped' || to === 'delivered' || to === 'cancelled' || to === 'returned') await enqueueOrderStatusMail(trx, deps, orderId, to, opts.notice);
  if (to === 'cancelled' || to === 'returned') {
    const creditNote = await issueCreditNote(trx, deps, orderId, now);
    if (creditNote !== null) done.creditNote = creditNote;
    // A cancelled order gives its coupon use back (a returned one was delivered: its use stands).
    if (to === 'cancelled' && (await releaseCouponUses(trx, orderId, now)) > 0) done.couponBack = true;
    // Units still in the warehouse (not shipped), or back in it (returned), go back on sale,
    // unless they came back damaged.
    const backOnSale = (current === 'paid' || current === 'confirmed' || to === 'returned' || opts.unitsBack === true) && !opts.damaged;
    // Either way nothing is owed any more: the order will not be delivered.
    if (backOnSale)
      await releaseOrderStock(trx, orderId, { reason: 'restock', at: now, actorId, note: to === 'returned' || opts.unitsBack ? 'returned undelivered' : 'order cancelled' });
    else await forgiveShortages(trx, orderId);
    done.stockBack = backOnSale;
  }
  // The refund itself is made after this commits, and recorded then (order.refund).
  if (opts.refund) done.refund = { amount: order.amountCharged ?? order.totalAmount + order.shippingAmount + order.codFee, provider: order.provider };
  await writeAudit(trx, { at: now, actorId, action: 'order.status', detail: { orderId, from: current, to, ...done, ...(opts.damaged ? { damaged: true } : {}), ...opts.detail } });
  return { from: current, done };
}

// ---- the shopper's emails about their order ----

/** Queues the order's confirmation (with its invoice attached when it has one); inside the transaction that marked it paid (or placed it, for cash on delivery). */
export async function enqueueOrderConfirmation(db: DB, deps: MailDeps, orderId: string): Promise<void> {
  const order = await views.findMailOrder(db, orderId);
  if (!order) return;
  const mail = orderConfirmationMail(await brandOf(db, deps), order);
  await enqueueMail(db, deps, 'order-paid', order.email, mail, order.invoiceNumber ? [{ kind: 'invoice', orderId, orderNumber: order.number }] : []);
}

/** Queues the shipped, delivered or cancelled notice; inside the transaction that changed the status. */
export async function enqueueOrderStatusMail(
  db: DB,
  deps: MailDeps,
  orderId: string,
  status: 'shipped' | 'out_for_delivery' | 'delivered' | 'delivery_failed' | 'cancelled' | 'returned',
  notice?: ShipmentNotice,
): Promise<void> {
  const order = await views.findMailOrder(db, orderId);
  if (!order) return;
  const kind = status === 'out_for_delivery' ? 'order-out-for-delivery' : status === 'delivery_failed' ? 'order-delivery-failed' : (`order-${status}` as const);
  await enqueueMail(db, deps, kind, order.email, orderStatusMail(await brandOf(db, deps), order, status, notice));
}

/** Queues the shopper's refund notice; inside the transaction that records the provider's answer. */
export async function enqueueRefundMail(db: DB, deps: MailDeps, orderId: string, refund: { amount: number; provider: string; id: string | null; settled: boolean }): Promise<void> {
  const order = await views.findMailOrder(db, orderId);
  if (!order) return;
  await enqueueMail(db, deps, 'order-refund', order.email, refundMail(await brandOf(db, deps), order, refund));
}

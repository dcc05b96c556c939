import type { DB } from '../../db/database';
import type { Order, OrderStatus, ShippingAddress } from '../../../shared/schemas/order';
import { parseImages } from '../catalog/catalog.queries';

const orderColumns = [
  'id',
  'user_id',
  'email',
  'status',
  'provider',
  'payment_session_id',
  'payment_intent_id',
  'payment_method_types',
  'payment_status',
  'shipping_rate',
  'shipping_amount',
  'shipping_address',
  'total_amount',
  'amount_charged',
  'amount_mismatch',
  'expires_at',
  'payment_session_url',
  'paid_at',
  'created_at',
  'updated_at',
] as const;

type OrderRow = {
  id: string;
  user_id: string;
  email: string;
  status: OrderStatus;
  provider: 'stripe' | 'test';
  payment_session_id: string | null;
  payment_intent_id: string | null;
  payment_method_types: string;
  payment_status: string;
  shipping_rate: string | null;
  shipping_amount: number;
  shipping_address: string | null;
  total_amount: number;
  amount_charged: number | null;
  amount_mismatch: number;
  expires_at: string | null;
  payment_session_url: string | null;
  paid_at: string | null;
  created_at: string;
  updated_at: string;
};

/** The facts fulfilment needs about an order (camelCase, no JSON columns). */
export type OrderRecord = {
  id: string;
  userId: string;
  email: string;
  status: OrderStatus;
  provider: 'stripe' | 'test';
  paymentSessionId: string | null;
  /** The session's hosted payment page, while it is open. */
  paymentSessionUrl: string | null;
  /** Paise, sum of the lines. */
  totalAmount: number;
  expiresAt: string | null;
  createdAt: string;
};

function toRecord(row: OrderRow): OrderRecord {
  return {
    id: row.id,
    userId: row.user_id,
    email: row.email,
    status: row.status,
    provider: row.provider,
    paymentSessionId: row.payment_session_id,
    paymentSessionUrl: row.payment_session_url,
    totalAmount: row.total_amount,
    expiresAt: row.expires_at,
    createdAt: row.created_at,
  };
}

export type NewOrder = {
  id: string;
  userId: string;
  email: string;
  provider: 'stripe' | 'test';
  totalAmount: number;
  nowIso: string;
  /** `stockTaken`: units taken from stock for the line (0 for an untracked product). */
  items: { id: string; productId: string; name: string; images: string[]; unitPrice: number; quantity: number; stockTaken: number }[];
};

export async function insertPendingOrder(db: DB, order: NewOrder): Promise<void> {
  await db
    .insertInto('orders')
    .values({
      id: order.id,
      user_id: order.userId,
      email: order.email,
      status: 'pending',
      provider: order.provider,
      total_amount: order.totalAmount,
      created_at: order.nowIso,
      updated_at: order.nowIso,
    })
    .execute();
  if (order.items.length === 0) return;
  await db
    .insertInto('order_items')
    .values(
      order.items.map((item, position) => ({
        id: item.id,
        order_id: order.id,
        product_id: item.productId,
        name: item.name,
        images: JSON.stringify(item.images),
        unit_price: item.unitPrice,
        quantity: item.quantity,
        stock_taken: item.stockTaken,
        position,
      })),
    )
    .execute();
}

export async function setOrderPaymentSession(db: DB, orderId: string, session: { id: string; url: string; expiresAt: string }, nowIso: string): Promise<void> {
  await db
    .updateTable('orders')
    .set({ payment_session_id: session.id, payment_session_url: session.url, expires_at: session.expiresAt, updated_at: nowIso })
    .where('id', '=', orderId)
    .execute();
}

/** The user's newest pending order (an open checkout), if any. */
export async function findPendingOrderOf(db: DB, userId: string): Promise<OrderRecord | null> {
  const row = await db
    .selectFrom('orders')
    .select(orderColumns)
    .where('user_id', '=', userId)
    .where('status', '=', 'pending')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? toRecord(row) : null;
}

export async function findOrderRecord(db: DB, orderId: string): Promise<OrderRecord | null> {
  const row = await db.selectFrom('orders').select(orderColumns).where('id', '=', orderId).executeTakeFirst();
  return row ? toRecord(row) : null;
}

export async function findOrderRecordBySession(db: DB, sessionId: string): Promise<OrderRecord | null> {
  const row = await db.selectFrom('orders').select(orderColumns).where('payment_session_id', '=', sessionId).executeTakeFirst();
  return row ? toRecord(row) : null;
}

/** A line of an order as stock keeping sees it: what was bought, what was taken from stock, what is owed. */
export type OrderItemStock = { id: string; productId: string; name: string; unitPrice: number; quantity: number; stockTaken: number; shortQuantity: number };

export async function listOrderItemStock(db: DB, orderId: string): Promise<OrderItemStock[]> {
  const rows = await db
    .selectFrom('order_items')
    .select(['id', 'product_id', 'name', 'unit_price', 'quantity', 'stock_taken', 'short_quantity'])
    .where('order_id', '=', orderId)
    .orderBy('position')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    productId: r.product_id,
    name: r.name,
    unitPrice: r.unit_price,
    quantity: r.quantity,
    stockTaken: r.stock_taken,
    shortQuantity: r.short_quantity,
  }));
}

/** Records what a line holds of stock now: units taken, and units paid for but not in stock. */
export async function setItemStock(db: DB, itemId: string, stock: { stockTaken: number; shortQuantity: number }): Promise<void> {
  await db.updateTable('order_items').set({ stock_taken: stock.stockTaken, short_quantity: stock.shortQuantity }).where('id', '=', itemId).execute();
}

export type PaymentFacts = {
  sessionId: string;
  paymentIntentId: string | null;
  paymentMethodTypes: string[];
  paymentStatus: string;
  shippingRate: string | null;
  shippingAmount: number;
  shippingAddress: ShippingAddress | null;
  amountCharged: number | null;
  amountMismatch: boolean;
};

/** pending|cancelled -> paid, recording what the provider said; false when the order was not in `from`. */
export async function markOrderPaid(db: DB, orderId: string, from: OrderStatus, facts: PaymentFacts, nowIso: string): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({
      status: 'paid',
      payment_session_id: facts.sessionId,
      payment_intent_id: facts.paymentIntentId,
      payment_method_types: JSON.stringify(facts.paymentMethodTypes),
      payment_status: facts.paymentStatus,
      shipping_rate: facts.shippingRate,
      shipping_amount: facts.shippingAmount,
      shipping_address: facts.shippingAddress ? JSON.stringify(facts.shippingAddress) : null,
      amount_charged: facts.amountCharged,
      amount_mismatch: facts.amountMismatch ? 1 : 0,
      paid_at: nowIso,
      updated_at: nowIso,
    })
    .where('id', '=', orderId)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Records a provider's in-progress payment status on a pending order (a delayed payment method). */
export async function setPendingPaymentStatus(db: DB, orderId: string, paymentStatus: string, nowIso: string): Promise<void> {
  await db.updateTable('orders').set({ payment_status: paymentStatus, updated_at: nowIso }).where('id', '=', orderId).where('status', '=', 'pending').execute();
}

/** pending -> cancelled; false when the order was no longer pending (someone else settled it). */
export async function cancelPendingOrder(db: DB, orderId: string, nowIso: string): Promise<boolean> {
  const result = await db.updateTable('orders').set({ status: 'cancelled', updated_at: nowIso }).where('id', '=', orderId).where('status', '=', 'pending').executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Pending orders created before `createdBefore`, oldest first. */
export async function listPendingOrders(db: DB, createdBefore: string, limit: number): Promise<OrderRecord[]> {
  const rows = await db
    .selectFrom('orders')
    .select(orderColumns)
    .where('status', '=', 'pending')
    .where('created_at', '<', createdBefore)
    .orderBy('created_at')
    .limit(limit)
    .execute();
  return rows.map(toRecord);
}

function parseJson<T>(text: string | null, fallback: T): T {
  if (text === null) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/**
 * The order columns `toOrder` reads, table-qualified so a query may join other tables (the
 * admin's list joins the customer's account).
 */
export const contractOrderColumns = [
  'orders.id',
  'orders.user_id',
  'orders.email',
  'orders.status',
  'orders.payment_intent_id',
  'orders.payment_method_types',
  'orders.payment_status',
  'orders.shipping_rate',
  'orders.shipping_amount',
  'orders.shipping_address',
  'orders.total_amount',
  'orders.amount_charged',
  'orders.amount_mismatch',
  'orders.paid_at',
  'orders.created_at',
  'orders.updated_at',
] as const;

type Unqualified<Column> = Column extends `orders.${infer Name}` ? Name : never;
type ContractOrderRow = Pick<OrderRow, Unqualified<(typeof contractOrderColumns)[number]>>;

/** The lines of the given orders, keyed by order id, each list in the order it was bought. */
export async function loadOrderLines(db: DB, orderIds: readonly string[]): Promise<Map<string, Order['productDetails']>> {
  const linesByOrder = new Map<string, Order['productDetails']>();
  // Chunked so a long history stays under SQLite's bound-parameter limit.
  for (let i = 0; i < orderIds.length; i += 500) {
    const items = await db
      .selectFrom('order_items')
      .select(['order_id', 'product_id', 'name', 'images', 'unit_price', 'quantity', 'short_quantity'])
      .where('order_id', 'in', orderIds.slice(i, i + 500))
      .orderBy('order_id')
      .orderBy('position')
      .execute();
    for (const item of items) {
      const list = linesByOrder.get(item.order_id) ?? [];
      list.push({ productId: item.product_id, name: item.name, image: parseImages(item.images), price: item.unit_price, quantity: item.quantity, notInStock: item.short_quantity });
      linesByOrder.set(item.order_id, list);
    }
  }
  return linesByOrder;
}

/** A row of `contractOrderColumns` in the contract's Order shape; `linesByOrder` comes from `loadOrderLines`. */
export function toOrder(row: ContractOrderRow, linesByOrder: ReadonlyMap<string, Order['productDetails']>): Order {
  const lines = linesByOrder.get(row.id) ?? [];
  return {
    _id: row.id,
    userId: row.user_id,
    email: row.email,
    status: row.status,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    paidAt: row.paid_at,
    productDetails: lines,
    paymentDetails: {
      paymentId: row.payment_intent_id,
      payment_method_type: parseJson<string[]>(row.payment_method_types, []),
      payment_status: row.payment_status,
    },
    shipping_options: row.shipping_rate !== null ? [{ shipping_amount: row.shipping_amount, shipping_rate: row.shipping_rate }] : [],
    shippingAddress: parseJson<ShippingAddress | null>(row.shipping_address, null),
    subtotalAmount: row.total_amount,
    totalAmount: row.total_amount + row.shipping_amount,
    amountCharged: row.amount_charged,
    amountMismatch: row.amount_mismatch === 1,
    stockShortfall: lines.reduce((sum, line) => sum + line.notInStock, 0),
  };
}

/**
 * Orders in the contract's shape, newest first; `userId` limits to one user, `statuses` to some
 * states, `paidOnly` to orders that were paid at some point (a cancelled checkout never was).
 */
export async function listOrders(db: DB, filter: { userId?: string; statuses?: readonly OrderStatus[]; paidOnly?: boolean }): Promise<Order[]> {
  let query = db.selectFrom('orders').select(contractOrderColumns).orderBy('created_at', 'desc').orderBy('id', 'desc');
  if (filter.userId !== undefined) query = query.where('user_id', '=', filter.userId);
  if (filter.statuses !== undefined) query = query.where('status', 'in', filter.statuses);
  if (filter.paidOnly) query = query.where('paid_at', 'is not', null);
  const rows = await query.execute();
  if (rows.length === 0) return [];
  const linesByOrder = await loadOrderLines(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toOrder(row, linesByOrder));
}

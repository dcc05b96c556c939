import type { Expression, ExpressionBuilder, Selectable } from 'kysely';
import type { DB } from '../../db/database';
import type { Order, OrderStatus, ShippingAddress } from '../../../shared/schemas/order';
import type { AdminOrder } from '../../../shared/schemas/admin';
import type { Database, OrdersTable } from '../../db/schema';
import type { After } from '../../lib/cursor';
import { parseImages } from '../../db/product-row';
import type { ShippingOption } from '../../payments/payment-provider';
import type { OrderPaymentProvider } from '../../../shared/schemas/order';
import type { DeliveryAddress } from '../../../shared/schemas/settings';
import { stateByCode } from '../../../shared/gst';
import type { MailOrder } from '../../mail/templates';

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
  'delivery_address',
  'shipping_offer',
  'cod_fee',
] as const;

type OrderRow = Pick<Selectable<OrdersTable>, (typeof orderColumns)[number]>;

/** The facts fulfilment needs about an order (camelCase, no JSON columns). */
export type OrderRecord = {
  id: string;
  userId: string;
  email: string;
  status: OrderStatus;
  provider: OrderPaymentProvider;
  paymentSessionId: string | null;
  /** The session's hosted payment page, while it is open. */
  paymentSessionUrl: string | null;
  /** Paise, sum of the lines. */
  totalAmount: number;
  expiresAt: string | null;
  createdAt: string;
  /** Set once the order was paid; it stays set when an admin cancels it afterwards. */
  paidAt: string | null;
  /** Chosen before payment; null for a legacy checkout until the provider's page collects one. */
  deliveryAddress: DeliveryAddress | null;
  /** The delivery choices offered at checkout; null for orders from before they were recorded. */
  shippingOffer: ShippingOption[] | null;
  /** Paise: the cash-on-delivery fee (0 for other orders). */
  codFee: number;
  /** The delivery charge's rate key once known ('standard' or 'express'). */
  shippingRate: string | null;
  /** Paise: the delivery charge once known. */
  shippingAmount: number;
  /** The provider's payment id (Stripe's PaymentIntent, Razorpay's pay_… id), once paid. */
  paymentId: string | null;
  /** Paise the provider says it charged (cash on delivery: what the courier collected). */
  amountCharged: number | null;
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
    paidAt: row.paid_at,
    deliveryAddress: parseJson<DeliveryAddress | null>(row.delivery_address, null),
    shippingOffer: parseJson<ShippingOption[] | null>(row.shipping_offer, null),
    codFee: row.cod_fee,
    shippingRate: row.shipping_rate,
    shippingAmount: row.shipping_amount,
    paymentId: row.payment_intent_id,
    amountCharged: row.amount_charged,
  };
}

export type NewOrder = {
  id: string;
  userId: string;
  email: string;
  provider: OrderPaymentProvider;
  /** 'pending' awaiting an online payment; 'confirmed' for cash on delivery. */
  status?: 'pending' | 'confirmed';
  /** The delivery chosen on the shop's checkout page (cash on delivery, or a provider whose page cannot offer it). */
  shipping?: ShippingOption | null;
  /** Paise: the cash-on-delivery fee. */
  codFee?: number;
  totalAmount: number;
  nowIso: string;
  deliveryAddress: DeliveryAddress | null;
  shippingOffer: ShippingOption[];
  /** The delivery charge's SAC and GST rate at checkout time. */
  shippingTax: { hsn: string; rateBasisPoints: number };
  /** `stockTaken`: units taken from stock for the line (0 for an untracked product); `hsn` and `rateBasisPoints` as at checkout. */
  items: { id: string; productId: string; name: string; images: string[]; unitPrice: number; quantity: number; stockTaken: number; hsn: string; rateBasisPoints: number }[];
};

export async function insertPendingOrder(db: DB, order: NewOrder): Promise<void> {
  await db
    .insertInto('orders')
    .values({
      id: order.id,
      user_id: order.userId,
      email: order.email,
      status: order.status ?? 'pending',
      provider: order.provider,
      total_amount: order.totalAmount,
      ...(order.shipping ? { shipping_rate: order.shipping.rate, shipping_amount: order.shipping.amount } : {}),
      ...(order.provider === 'cod' ? { cod_fee: order.codFee ?? 0, payment_method_types: JSON.stringify(['cod']) } : {}),
      delivery_address: order.deliveryAddress ? JSON.stringify(order.deliveryAddress) : null,
      place_of_supply: order.deliveryAddress?.stateCode ?? null,
      shipping_offer: JSON.stringify(order.shippingOffer),
      shipping_hsn: order.shippingTax.hsn,
      shipping_gst_rate_bp: order.shippingTax.rateBasisPoints,
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
        hsn: item.hsn,
        gst_rate_bp: item.rateBasisPoints,
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
  'orders.delivery_address',
  'orders.place_of_supply',
  'orders.seller',
  'orders.shipping_hsn',
  'orders.shipping_gst_rate_bp',
  'orders.shipping_taxable',
  'orders.shipping_cgst',
  'orders.shipping_sgst',
  'orders.shipping_igst',
  'orders.invoice_number',
  'orders.invoiced_at',
  'orders.credit_note_number',
  'orders.credit_noted_at',
  'orders.provider',
  'orders.cod_fee',
  'orders.refund_id',
  'orders.refund_status',
  'orders.refund_amount',
  'orders.refunded_at',
  'orders.refund_error',
] as const;

type Unqualified<Column> = Column extends `orders.${infer Name}` ? Name : never;
type ContractOrderRow = Pick<OrderRow & Selectable<Omit<OrdersTable, keyof OrderRow>>, Unqualified<(typeof contractOrderColumns)[number]>>;

type LineTax = NonNullable<Order['tax']>['lines'][number];

/** An order's lines as bought, and each line's tax (filled in when the order was invoiced). */
export type OrderLines = { details: Order['productDetails']; tax: LineTax[] };

/** The lines of the given orders, keyed by order id, each list in the order it was bought. */
export async function loadOrderLines(db: DB, orderIds: readonly string[]): Promise<Map<string, OrderLines>> {
  const linesByOrder = new Map<string, OrderLines>();
  // Chunked so a long history stays under SQLite's bound-parameter limit.
  for (let i = 0; i < orderIds.length; i += 500) {
    const items = await db
      .selectFrom('order_items')
      .select(['order_id', 'product_id', 'name', 'images', 'unit_price', 'quantity', 'short_quantity', 'hsn', 'gst_rate_bp', 'taxable_value', 'cgst', 'sgst', 'igst'])
      .where('order_id', 'in', orderIds.slice(i, i + 500))
      .orderBy('order_id')
      .orderBy('position')
      .execute();
    for (const item of items) {
      const lines = linesByOrder.get(item.order_id) ?? { details: [], tax: [] };
      lines.details.push({
        productId: item.product_id,
        name: item.name,
        image: parseImages(item.images),
        price: item.unit_price,
        quantity: item.quantity,
        notInStock: item.short_quantity,
      });
      lines.tax.push({
        productId: item.product_id,
        hsn: item.hsn ?? '',
        rateBasisPoints: item.gst_rate_bp ?? 0,
        taxableValue: item.taxable_value,
        cgst: item.cgst,
        sgst: item.sgst,
        igst: item.igst,
      });
      linesByOrder.set(item.order_id, lines);
    }
  }
  return linesByOrder;
}

/** A row of `contractOrderColumns` in the contract's Order shape; `linesByOrder` comes from `loadOrderLines`. */
export function toOrder(row: ContractOrderRow, linesByOrder: ReadonlyMap<string, OrderLines>): Order {
  const { details: lines, tax: lineTax } = linesByOrder.get(row.id) ?? { details: [], tax: [] };
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
    totalAmount: row.total_amount + row.shipping_amount + row.cod_fee,
    amountCharged: row.amount_charged,
    amountMismatch: row.amount_mismatch === 1,
    stockShortfall: lines.reduce((sum, line) => sum + line.notInStock, 0),
    deliveryAddress: parseJson<DeliveryAddress | null>(row.delivery_address, null),
    tax: taxOf(row, lineTax),
    invoice: row.invoice_number && row.invoiced_at ? { number: row.invoice_number, issuedAt: row.invoiced_at, url: `/orders/${row.id}/invoice.pdf` } : null,
    creditNote: row.credit_note_number && row.credit_noted_at ? { number: row.credit_note_number, issuedAt: row.credit_noted_at, url: `/orders/${row.id}/credit-note.pdf` } : null,
    paymentMethod: row.provider === 'cod' ? 'cod' : 'online',
    provider: row.provider,
    codFee: row.cod_fee,
    refund:
      row.refund_status !== null && row.refunded_at !== null
        ? { id: row.refund_id, status: row.refund_status, amount: row.refund_amount ?? 0, at: row.refunded_at, error: row.refund_error }
        : null,
  };
}

/** The order's GST once invoiced: the lines' and the delivery charge's, and their sum. */
function taxOf(row: ContractOrderRow, lines: LineTax[]): Order['tax'] {
  if (row.invoice_number === null || row.place_of_supply === null) return null;
  const seller = parseJson<{ seller?: { address?: { stateCode?: string } } } | null>(row.seller, null);
  const shipping = {
    hsn: row.shipping_hsn ?? '',
    rateBasisPoints: row.shipping_gst_rate_bp ?? 0,
    taxableValue: row.shipping_taxable,
    cgst: row.shipping_cgst,
    sgst: row.shipping_sgst,
    igst: row.shipping_igst,
  };
  const sum = (pick: (a: { taxableValue: number; cgst: number; sgst: number; igst: number }) => number) => lines.reduce((total, line) => total + pick(line), pick(shipping));
  return {
    intraState: seller?.seller?.address?.stateCode === row.place_of_supply,
    placeOfSupply: row.place_of_supply,
    taxableValue: sum((a) => a.taxableValue),
    cgst: sum((a) => a.cgst),
    sgst: sum((a) => a.sgst),
    igst: sum((a) => a.igst),
    lines,
    shipping,
  };
}

/**
 * Orders in the contract's shape, newest first; `userId` limits to one user, `statuses` to some
 * states, `placedOnly` to orders paid at some point or placed for cash on delivery (a cancelled checkout is neither).
 */
export async function listOrders(db: DB, filter: { userId?: string; statuses?: readonly OrderStatus[]; placedOnly?: boolean }): Promise<Order[]> {
  let query = db.selectFrom('orders').select(contractOrderColumns).orderBy('created_at', 'desc').orderBy('id', 'desc');
  if (filter.userId !== undefined) query = query.where('user_id', '=', filter.userId);
  if (filter.statuses !== undefined) query = query.where('status', 'in', filter.statuses);
  // Placed: paid at some point, or a cash-on-delivery order (paid only on delivery).
  if (filter.placedOnly) query = query.where((eb) => eb.or([eb('paid_at', 'is not', null), eb('provider', '=', 'cod')]));
  const rows = await query.execute();
  if (rows.length === 0) return [];
  const linesByOrder = await loadOrderLines(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toOrder(row, linesByOrder));
}

/** Ids of a user's orders in `statuses`, oldest first. */
export async function listOrderIdsOf(db: DB, userId: string, statuses: readonly OrderStatus[]): Promise<string[]> {
  const rows = await db.selectFrom('orders').select('id').where('user_id', '=', userId).where('status', 'in', statuses).orderBy('created_at').execute();
  return rows.map((r) => r.id);
}

/** A shopper's cash-on-delivery orders still open (placed or shipped, not yet delivered, returned or cancelled). */
export async function countOpenCodOrders(db: DB, userId: string): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('user_id', '=', userId)
    .where('provider', '=', 'cod')
    .where('status', 'in', ['confirmed', 'shipped'])
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** A cash-on-delivery order delivered and its cash collected: it is paid now. */
export async function markCodCollected(db: DB, orderId: string, amount: number, nowIso: string): Promise<void> {
  await db
    .updateTable('orders')
    .set({ paid_at: nowIso, payment_status: 'paid', amount_charged: amount, updated_at: nowIso })
    .where('id', '=', orderId)
    .where('provider', '=', 'cod')
    .execute();
}

/** Records the refund asked of the provider, and then its answer. */
export async function recordRefund(
  db: DB,
  orderId: string,
  refund: { id: string | null; status: 'pending' | 'succeeded' | 'failed'; amount: number; error: string | null },
  nowIso: string,
): Promise<void> {
  await db
    .updateTable('orders')
    .set({ refund_id: refund.id, refund_status: refund.status, refund_amount: refund.amount, refund_error: refund.error, refunded_at: nowIso, updated_at: nowIso })
    .where('id', '=', orderId)
    .execute();
}

export async function findRefundState(db: DB, orderId: string): Promise<{ status: 'pending' | 'succeeded' | 'failed' | null; id: string | null } | null> {
  const row = await db.selectFrom('orders').select(['refund_status', 'refund_id']).where('id', '=', orderId).executeTakeFirst();
  return row ? { status: row.refund_status, id: row.refund_id } : null;
}

// ---- the admin's order list and its moves ----

/**
 * Orders newest first with their lines and the customer's account, as the admin sees them.
 * `status` filters; `after` continues a page; `orderId` fetches one.
 */
export async function listAdminOrders(
  db: DB,
  opts: {
    status?: OrderStatus;
    /** Only orders with units paid for but not in stock. */
    attention?: boolean;
    orderId?: string;
    after?: After;
    limit: number;
  },
): Promise<AdminOrder[]> {
  let query = db
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .select([...contractOrderColumns, 'users.name as customer_name', 'users.email as customer_email']);
  if (opts.status !== undefined) query = query.where('orders.status', '=', opts.status);
  if (opts.orderId !== undefined) query = query.where('orders.id', '=', opts.orderId);
  if (opts.attention) query = query.where((eb) => eb.exists(shortItemsOf(eb.ref('orders.id'))(eb)));
  if (opts.after) {
    const { createdAt, id } = opts.after;
    query = query.where((eb) => eb.or([eb('orders.created_at', '<', createdAt), eb.and([eb('orders.created_at', '=', createdAt), eb('orders.id', '<', id)])]));
  }
  const rows = await query.orderBy('orders.created_at', 'desc').orderBy('orders.id', 'desc').limit(opts.limit).execute();
  if (rows.length === 0) return [];
  const linesByOrder = await loadOrderLines(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({ ...toOrder(row, linesByOrder), customer: { name: row.customer_name, email: row.customer_email } }));
}

export async function findOrderStatus(db: DB, orderId: string): Promise<OrderStatus | null> {
  const row = await db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirst();
  return row?.status ?? null;
}

/** from -> to, only if the order is still in `from`; false when someone else moved it first. */
export async function updateOrderStatus(db: DB, orderId: string, from: OrderStatus, to: OrderStatus, nowIso: string): Promise<boolean> {
  const result = await db.updateTable('orders').set({ status: to, updated_at: nowIso }).where('id', '=', orderId).where('status', '=', from).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The lines of an order that were paid for but are not in stock. */
function shortItemsOf(orderId: Expression<string>) {
  return (eb: ExpressionBuilder<Database, 'orders'>) =>
    eb.selectFrom('order_items').select('order_items.id').where('order_items.order_id', '=', orderId).where('order_items.short_quantity', '>', 0);
}

/** Paid orders that owe units not in stock (a payment that came after its units were re-sold). */
export async function countPaidOrdersShortOfStock(db: DB): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('orders.status', '=', 'paid')
    .where((eb) => eb.exists(shortItemsOf(eb.ref('orders.id'))(eb)))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/**
 * Sales paid in [fromIso, toIso): when each was paid and what it brought in (lines, shipping
 * and any cash-on-delivery fee, paise). Only orders still counting as sales (`statuses`) are included.
 */
export async function listSalesPaidBetween(db: DB, fromIso: string, toIso: string, statuses: readonly OrderStatus[]): Promise<{ paidAt: string; amount: number }[]> {
  const rows = await db
    .selectFrom('orders')
    .select(['paid_at', 'total_amount', 'shipping_amount', 'cod_fee'])
    .where('status', 'in', statuses)
    .where('paid_at', 'is not', null)
    .where('paid_at', '>=', fromIso)
    .where('paid_at', '<', toIso)
    .execute();
  return rows.flatMap((r) => (r.paid_at === null ? [] : [{ paidAt: r.paid_at, amount: r.total_amount + r.shipping_amount + r.cod_fee }]));
}

// ---- what its emails show ----

/** An order as its emails show it: lines, delivery, total, address and invoice number. */
export async function findMailOrder(db: DB, orderId: string): Promise<(MailOrder & { email: string }) | null> {
  const order = await db
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .select([
      'orders.id',
      'orders.email',
      'orders.total_amount',
      'orders.shipping_amount',
      'orders.cod_fee',
      'orders.provider',
      'orders.amount_charged',
      'orders.delivery_address',
      'orders.invoice_number',
      'users.name',
    ])
    .where('orders.id', '=', orderId)
    .executeTakeFirst();
  if (!order) return null;
  const lines = await db.selectFrom('order_items').select(['name', 'quantity', 'unit_price']).where('order_id', '=', orderId).orderBy('position').execute();
  let address: string[] = [];
  if (order.delivery_address) {
    const a = JSON.parse(order.delivery_address) as DeliveryAddress;
    address = [a.name, a.line1, a.line2, `${a.city}, ${stateByCode(a.stateCode)?.name ?? a.stateCode} ${a.pin}`].filter((line) => line.trim() !== '' && line.trim() !== ',');
  }
  return {
    id: order.id,
    email: order.email,
    customerName: order.name,
    lines: lines.map((l) => ({ name: l.name, quantity: l.quantity, unitPrice: l.unit_price })),
    shippingAmount: order.shipping_amount,
    codFee: order.cod_fee,
    cashOnDelivery: order.provider === 'cod',
    total: order.amount_charged ?? order.total_amount + order.shipping_amount + order.cod_fee,
    address,
    invoiceNumber: order.invoice_number,
  };
}

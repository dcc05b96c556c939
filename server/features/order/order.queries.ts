import type { Selectable } from 'kysely';
import type { DB } from '../../db/database';
import type { OrdersTable } from '../../db/schema';
import { parseJsonColumn } from '../../db/json-column';
import type { ShippingOption } from '../../payments/payment-provider';
import type { OrderPaymentProvider, OrderStatus, ShippingAddress } from '../../../shared/schemas/order';
import type { DeliveryAddress } from '../../../shared/schemas/settings';

const orderColumns = [
  'id',
  'order_number',
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
  'discount_total',
  'coupon_code',
] as const;

type OrderRow = Pick<Selectable<OrdersTable>, (typeof orderColumns)[number]>;

/** The facts fulfilment needs about an order (camelCase, no JSON columns). */
export type OrderRecord = {
  id: string;
  /** The readable number (VM-2026-000123). */
  orderNumber: string;
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
  /** Paise: every line's discount together (offers, issue 30); `totalAmount` is after it. */
  discountTotal: number;
  /** The coupon code the order used, if any. */
  couponCode: string | null;
};

function toRecord(row: OrderRow): OrderRecord {
  return {
    id: row.id,
    orderNumber: row.order_number,
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
    deliveryAddress: parseJsonColumn<DeliveryAddress | null>(row.delivery_address, null),
    shippingOffer: parseJsonColumn<ShippingOption[] | null>(row.shipping_offer, null),
    codFee: row.cod_fee,
    shippingRate: row.shipping_rate,
    shippingAmount: row.shipping_amount,
    paymentId: row.payment_intent_id,
    amountCharged: row.amount_charged,
    discountTotal: row.discount_total,
    couponCode: row.coupon_code,
  };
}

export type NewOrder = {
  id: string;
  /** Its readable number (VM-2026-000123), taken in the same transaction (order.service's insertNewOrder). */
  orderNumber: string;
  userId: string;
  email: string;
  provider: OrderPaymentProvider;
  /** 'pending' awaiting an online payment; 'confirmed' for cash on delivery. */
  status?: 'pending' | 'confirmed';
  /** The delivery chosen on the shop's checkout page (cash on delivery, or a provider whose page cannot offer it). */
  shipping?: ShippingOption | null;
  /** Paise: the cash-on-delivery fee. */
  codFee?: number;
  /** Paise: the goods after every discount (Σ line nets). */
  totalAmount: number;
  /** Paise: Σ line discounts (offers); 0 when none. */
  discountTotal?: number;
  couponCode?: string | null;
  nowIso: string;
  deliveryAddress: DeliveryAddress | null;
  shippingOffer: ShippingOption[];
  /** The delivery charge's SAC and GST rate at checkout time. */
  shippingTax: { hsn: string; rateBasisPoints: number };
  /** `stockTaken`: units taken from stock for the line (0 for an untracked product); `hsn` and `rateBasisPoints` as at checkout. */
  items: {
    id: string;
    productId: string;
    /** The variant bought, its SKU and label ('' for a product without options) at order time. */
    variantId: string;
    sku: string;
    variantLabel: string;
    name: string;
    images: string[];
    /** The price paid per unit before line discounts: the sale price when one applied. */
    unitPrice: number;
    quantity: number;
    stockTaken: number;
    hsn: string;
    rateBasisPoints: number;
    /** The list price the line was sold against, the sale that lowered it, and what offers took off the line (issue 30). */
    listUnitPrice?: number;
    saleOfferId?: string | null;
    discounts?: { offerId: string; kind: 'coupon' | 'buy-x-get-y' | 'prepaid'; amount: number }[];
  }[];
};

export async function insertPendingOrder(db: DB, order: NewOrder): Promise<void> {
  await db
    .insertInto('orders')
    .values({
      id: order.id,
      order_number: order.orderNumber,
      user_id: order.userId,
      email: order.email,
      status: order.status ?? 'pending',
      provider: order.provider,
      total_amount: order.totalAmount,
      discount_total: order.discountTotal ?? 0,
      coupon_code: order.couponCode ?? null,
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
        variant_id: item.variantId,
        sku: item.sku,
        variant_label: item.variantLabel,
        name: item.name,
        images: JSON.stringify(item.images),
        unit_price: item.unitPrice,
        quantity: item.quantity,
        stock_taken: item.stockTaken,
        hsn: item.hsn,
        gst_rate_bp: item.rateBasisPoints,
        position,
        list_unit_price: item.listUnitPrice ?? item.unitPrice,
        sale_offer_id: item.saleOfferId ?? null,
        discount: (item.discounts ?? []).reduce((sum, d) => sum + d.amount, 0),
      })),
    )
    .execute();
  const discounts = order.items.flatMap((item) =>
    (item.discounts ?? []).filter((d) => d.amount > 0).map((d) => ({ order_item_id: item.id, offer_id: d.offerId, kind: d.kind, amount: d.amount })),
  );
  if (discounts.length > 0) await db.insertInto('order_item_discounts').values(discounts).execute();
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
export type OrderItemStock = {
  id: string;
  productId: string;
  /** Whose stock the line moves (the variant's id; lines from before variants read their product's one variant, whose id is the product's). */
  variantId: string;
  name: string;
  unitPrice: number;
  quantity: number;
  stockTaken: number;
  shortQuantity: number;
  /** Paise: what offers took off the line. */
  discount: number;
};

export async function listOrderItemStock(db: DB, orderId: string): Promise<OrderItemStock[]> {
  const rows = await db
    .selectFrom('order_items')
    .select(['id', 'product_id', 'variant_id', 'name', 'unit_price', 'quantity', 'stock_taken', 'short_quantity', 'discount'])
    .where('order_id', '=', orderId)
    .orderBy('position')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    productId: r.product_id,
    variantId: r.variant_id ?? r.product_id,
    name: r.name,
    unitPrice: r.unit_price,
    quantity: r.quantity,
    stockTaken: r.stock_taken,
    shortQuantity: r.short_quantity,
    discount: r.discount,
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

export async function findOrderStatus(db: DB, orderId: string): Promise<OrderStatus | null> {
  const row = await db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirst();
  return row?.status ?? null;
}

/** from -> to, only if the order is still in `from`; false when someone else moved it first. */
export async function updateOrderStatus(db: DB, orderId: string, from: OrderStatus, to: OrderStatus, nowIso: string): Promise<boolean> {
  const result = await db.updateTable('orders').set({ status: to, updated_at: nowIso }).where('id', '=', orderId).where('status', '=', from).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

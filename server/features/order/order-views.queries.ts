import type { Expression, ExpressionBuilder, Selectable } from 'kysely';
import type { DB } from '../../db/database';
import type { Database, OrdersTable } from '../../db/schema';
import { parseJsonColumn } from '../../db/json-column';
import { parseImages } from '../../db/product-row';
import type { After } from '../../lib/cursor';
import type { MailOrder } from '../../mail/templates';
import type { AdminOrder } from '../../../shared/schemas/admin';
import type { Order, OrderStatus, ShippingAddress } from '../../../shared/schemas/order';
import type { DeliveryAddress } from '../../../shared/schemas/settings';
import { stateByCode } from '../../../shared/gst';
import { parcelOrderIds, searchCondition } from './order-search.queries';

// Orders as people read them: the contract's Order shape (the shopper's list, the data
// download, the legacy /api), the admin's list, the dashboard's sales, what the emails show.
// The records checkout and the admin move are in order.queries.ts.

/**
 * The order columns `toOrder` reads, table-qualified so a query may join other tables (the
 * admin's list joins the customer's account).
 */
export const contractOrderColumns = [
  'orders.id',
  'orders.order_number',
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
  'orders.discount_total',
  'orders.coupon_code',
] as const;

type Unqualified<Column> = Column extends `orders.${infer Name}` ? Name : never;
type ContractOrderRow = Pick<Selectable<OrdersTable>, Unqualified<(typeof contractOrderColumns)[number]>>;

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
      .select([
        'order_id',
        'product_id',
        'name',
        'images',
        'unit_price',
        'quantity',
        'short_quantity',
        'hsn',
        'gst_rate_bp',
        'taxable_value',
        'cgst',
        'sgst',
        'igst',
        'variant_id',
        'sku',
        'variant_label',
        'id',
        'list_unit_price',
        'discount',
      ])
      .where('order_id', 'in', orderIds.slice(i, i + 500))
      .orderBy('order_id')
      .orderBy('position')
      .execute();
    const discounts = await lineDiscounts(
      db,
      items.filter((item) => item.discount > 0).map((item) => item.id),
    );
    for (const item of items) {
      const lines = linesByOrder.get(item.order_id) ?? { details: [], tax: [] };
      lines.details.push({
        productId: item.product_id,
        name: item.name,
        image: parseImages(item.images),
        price: item.unit_price,
        quantity: item.quantity,
        notInStock: item.short_quantity,
        variantId: item.variant_id,
        sku: item.sku,
        variantLabel: item.variant_label,
        listPrice: item.list_unit_price ?? item.unit_price,
        discount: item.discount,
        discounts: discounts.get(item.id) ?? [],
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

/** What each offer took off each of these order lines (issue 30), by line id. */
async function lineDiscounts(db: DB, itemIds: readonly string[]): Promise<Map<string, NonNullable<Order['productDetails'][number]['discounts']>>> {
  const byItem = new Map<string, NonNullable<Order['productDetails'][number]['discounts']>>();
  if (itemIds.length === 0) return byItem;
  const rows = await db
    .selectFrom('order_item_discounts')
    .select(['order_item_id', 'offer_id', 'kind', 'amount'])
    .where('order_item_id', 'in', [...itemIds])
    .orderBy('order_item_id')
    .orderBy('kind')
    .execute();
  for (const row of rows) {
    const list = byItem.get(row.order_item_id) ?? [];
    list.push({ offerId: row.offer_id, kind: row.kind, amount: row.amount });
    byItem.set(row.order_item_id, list);
  }
  return byItem;
}

/** A row of `contractOrderColumns` in the contract's Order shape; `linesByOrder` comes from `loadOrderLines`. */
export function toOrder(row: ContractOrderRow, linesByOrder: ReadonlyMap<string, OrderLines>): Order {
  const { details: lines, tax: lineTax } = linesByOrder.get(row.id) ?? { details: [], tax: [] };
  return {
    _id: row.id,
    orderNumber: row.order_number,
    userId: row.user_id,
    email: row.email,
    status: row.status,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    paidAt: row.paid_at,
    productDetails: lines,
    paymentDetails: {
      paymentId: row.payment_intent_id,
      payment_method_type: parseJsonColumn<string[]>(row.payment_method_types, []),
      payment_status: row.payment_status,
    },
    shipping_options: row.shipping_rate !== null ? [{ shipping_amount: row.shipping_amount, shipping_rate: row.shipping_rate }] : [],
    shippingAddress: parseJsonColumn<ShippingAddress | null>(row.shipping_address, null),
    subtotalAmount: row.total_amount,
    totalAmount: row.total_amount + row.shipping_amount + row.cod_fee,
    amountCharged: row.amount_charged,
    amountMismatch: row.amount_mismatch === 1,
    stockShortfall: lines.reduce((sum, line) => sum + line.notInStock, 0),
    deliveryAddress: parseJsonColumn<DeliveryAddress | null>(row.delivery_address, null),
    tax: taxOf(row, lineTax),
    invoice: row.invoice_number && row.invoiced_at ? { number: row.invoice_number, issuedAt: row.invoiced_at, url: `/orders/${row.id}/invoice.pdf` } : null,
    creditNote: row.credit_note_number && row.credit_noted_at ? { number: row.credit_note_number, issuedAt: row.credit_noted_at, url: `/orders/${row.id}/credit-note.pdf` } : null,
    paymentMethod: row.provider === 'cod' ? 'cod' : 'online',
    provider: row.provider,
    codFee: row.cod_fee,
    discountTotal: row.discount_total,
    couponCode: row.coupon_code,
    refund:
      row.refund_status !== null && row.refunded_at !== null
        ? { id: row.refund_id, status: row.refund_status, amount: row.refund_amount ?? 0, at: row.refunded_at, error: row.refund_error }
        : null,
  };
}

/** The order's GST once invoiced: the lines' and the delivery charge's, and their sum. */
function taxOf(row: ContractOrderRow, lines: LineTax[]): Order['tax'] {
  if (row.invoice_number === null || row.place_of_supply === null) return null;
  const seller = parseJsonColumn<{ seller?: { address?: { stateCode?: string } } } | null>(row.seller, null);
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

// ---- the admin's order list, its attention filter and the dashboard's sales ----

/**
 * Orders newest first with their lines and the customer's account, as the admin sees them.
 * `status` filters; `search` finds by order number, email, phone or PIN (order-search.queries.ts);
 * `after` continues a page; `orderId` fetches one.
 */
export async function listAdminOrders(
  db: DB,
  opts: {
    status?: OrderStatus;
    /** Only orders with units paid for but not in stock. */
    attention?: boolean;
    orderId?: string;
    /** The admin's search box: a term read by every matcher of order-search.queries.ts. */
    search?: string;
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
  if (opts.search !== undefined) query = query.where(searchCondition(db, opts.search, await parcelOrderIds(db, opts.search)));
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
      'orders.order_number',
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
  const lines = await db.selectFrom('order_items').select(['name', 'variant_label', 'quantity', 'unit_price']).where('order_id', '=', orderId).orderBy('position').execute();
  let address: string[] = [];
  if (order.delivery_address) {
    const a = JSON.parse(order.delivery_address) as DeliveryAddress;
    address = [a.name, a.line1, a.line2, `${a.city}, ${stateByCode(a.stateCode)?.name ?? a.stateCode} ${a.pin}`].filter((line) => line.trim() !== '' && line.trim() !== ',');
  }
  return {
    id: order.id,
    number: order.order_number,
    email: order.email,
    customerName: order.name,
    // The variant bought, as the payment page and the invoice name it: "Galaxy S24 5G (256 GB, Marble Grey)".
    lines: lines.map((l) => ({ name: l.variant_label ? `${l.name} (${l.variant_label})` : l.name, quantity: l.quantity, unitPrice: l.unit_price })),
    shippingAmount: order.shipping_amount,
    codFee: order.cod_fee,
    cashOnDelivery: order.provider === 'cod',
    total: order.amount_charged ?? order.total_amount + order.shipping_amount + order.cod_fee,
    address,
    invoiceNumber: order.invoice_number,
  };
}

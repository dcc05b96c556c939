import type { Expression, ExpressionBuilder } from 'kysely';
import type { Database } from '../../db/schema';
import type { DB } from '../../db/database';
import { containsText } from '../../db/text-match';
import type { OrderStatus } from '../../../shared/schemas/order';
import type { AdminOrder, AdminProduct, AdminProductView, LowStockProduct } from '../../../shared/schemas/admin';
import { parseImages } from '../../db/product-row';
import { contractOrderColumns, loadOrderLines, toOrder } from '../order/order.queries';

/** A keyset position in a newest-first list: the last row's created_at and id. */
export type After = { createdAt: string; id: string };

// ---- orders ----

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

// ---- dashboard ----

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

/** Products on sale with `threshold` or fewer units left, scarcest first. */
export async function listLowStockProducts(db: DB, threshold: number, limit: number): Promise<LowStockProduct[]> {
  const rows = await db
    .selectFrom('products')
    .select(['id', 'product_name', 'category', 'stock', 'images'])
    .where('archived_at', 'is', null)
    .where('track_stock', '=', 1)
    .where('stock', '<=', threshold)
    .orderBy('stock')
    .orderBy('product_name')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    _id: r.id,
    productName: r.product_name,
    category: r.category,
    stock: r.stock,
    productImage: parseImages(r.images),
  }));
}

// ---- products ----

/** Products newest first for the admin grid, archived ones included when `view` asks. */
export async function listAdminProducts(
  db: DB,
  opts: {
    text?: string;
    category?: string;
    view: AdminProductView;
    after?: After;
    limit: number;
  },
): Promise<AdminProduct[]> {
  let query = db
    .selectFrom('products')
    .select([
      'id',
      'product_name',
      'brand_name',
      'category',
      'images',
      'description',
      'price',
      'selling_price',
      'stock',
      'track_stock',
      'archived_at',
      'created_at',
      'updated_at',
      'hsn_code',
      'gst_rate_bp',
    ]);
  if (opts.view === 'active') query = query.where('archived_at', 'is', null);
  if (opts.view === 'archived') query = query.where('archived_at', 'is not', null);
  if (opts.category !== undefined) query = query.where('category', '=', opts.category);
  if (opts.text) {
    const text = opts.text;
    query = query.where((eb) => eb.or([containsText(db, 'product_name', text), containsText(db, 'brand_name', text)]));
  }
  if (opts.after) {
    const { createdAt, id } = opts.after;
    query = query.where((eb) => eb.or([eb('created_at', '<', createdAt), eb.and([eb('created_at', '=', createdAt), eb('id', '<', id)])]));
  }
  const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(opts.limit).execute();
  return rows.map((r) => ({
    _id: r.id,
    productName: r.product_name,
    brandName: r.brand_name,
    category: r.category,
    productImage: parseImages(r.images),
    description: r.description,
    price: r.price,
    sellingPrice: r.selling_price,
    stock: r.stock,
    trackStock: r.track_stock === 1,
    hsnCode: r.hsn_code,
    gstRateBasisPoints: r.gst_rate_bp,
    archived: r.archived_at !== null,
    archivedAt: r.archived_at,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  }));
}

/** Products on sale and banners shown: an empty shop's setup checklist reads these. */
export async function countStorefront(db: DB): Promise<{ productsOnSale: number; bannersShown: number }> {
  const products = await db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('archived_at', 'is', null)
    .executeTakeFirst();
  const banners = await db
    .selectFrom('banners')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('hidden', '=', 0)
    .executeTakeFirst();
  return { productsOnSale: Number(products?.n ?? 0), bannersShown: Number(banners?.n ?? 0) };
}

import type { DB } from '../../db/database';
import { productColumns, toProduct, type ProductRow } from '../../db/product-row';
import type { CartLine } from '../../../shared/schemas/cart';

/** Whose cart: a signed-in user's, or a visitor's (by the anonymous id in their cookie). */
import type { Shopper } from '../../sessions/session';

const lineColumns = ['cart_items.id as line_id', 'cart_items.quantity', 'cart_items.user_id', ...productColumns, 'products.archived_at'] as const;

type LineRow = ProductRow & {
  line_id: string;
  quantity: number;
  user_id: string | null;
  archived_at: string | null;
};

export type CartLineWithState = CartLine & { archived: boolean };

function toLine(row: LineRow): CartLineWithState {
  return { _id: row.line_id, quantity: row.quantity, productId: toProduct(row), userId: row.user_id, archived: row.archived_at !== null };
}

function baseLines(db: DB, owner: Shopper) {
  const query = db.selectFrom('cart_items').innerJoin('products', 'products.id', 'cart_items.product_id').select(lineColumns);
  return owner.userId !== undefined ? query.where('cart_items.user_id', '=', owner.userId) : query.where('cart_items.guest_id', '=', owner.guestId);
}

/** The owner's lines for products still on sale, oldest first (the order they were added). */
export async function listCartLines(db: DB, owner: Shopper): Promise<CartLine[]> {
  const rows = await baseLines(db, owner).where('products.archived_at', 'is', null).orderBy('cart_items.created_at').orderBy('cart_items.id').execute();
  return rows.map((row) => {
    const { archived: _archived, ...line } = toLine(row);
    return line;
  });
}

export async function countCartLines(db: DB, owner: Shopper): Promise<number> {
  let query = db
    .selectFrom('cart_items')
    .innerJoin('products', 'products.id', 'cart_items.product_id')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('products.archived_at', 'is', null);
  query = owner.userId !== undefined ? query.where('cart_items.user_id', '=', owner.userId) : query.where('cart_items.guest_id', '=', owner.guestId);
  const row = await query.executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** One of the owner's lines (archived products included), or null when it is not theirs. */
export async function findOwnCartLine(db: DB, owner: Shopper, lineId: string): Promise<CartLineWithState | null> {
  const row = await baseLines(db, owner).where('cart_items.id', '=', lineId).executeTakeFirst();
  return row ? toLine(row) : null;
}

export async function findOwnCartLineByProduct(db: DB, owner: Shopper, productId: string): Promise<CartLineWithState | null> {
  const row = await baseLines(db, owner).where('cart_items.product_id', '=', productId).executeTakeFirst();
  return row ? toLine(row) : null;
}

export type ProductStock = { id: string; stock: number; trackStock: boolean; archived: boolean; productName: string };

/**
 * A product's stock as the cart owner may use it: the units for sale plus those the owner's own
 * open checkout holds (a new checkout releases them before reserving again, so they are the
 * owner's to re-order).
 */
export async function findProductStock(db: DB, owner: Shopper, productId: string): Promise<ProductStock | null> {
  const row = await db.selectFrom('products').select(['id', 'stock', 'track_stock', 'archived_at', 'product_name']).where('id', '=', productId).executeTakeFirst();
  if (!row) return null;
  let held = 0;
  if (owner.userId !== undefined && row.track_stock === 1) {
    const reserved = await db
      .selectFrom('order_items')
      .innerJoin('orders', 'orders.id', 'order_items.order_id')
      .select((eb) => eb.fn.sum<number>('order_items.stock_taken').as('held'))
      .where('orders.user_id', '=', owner.userId)
      .where('orders.status', '=', 'pending')
      .where('order_items.product_id', '=', productId)
      .executeTakeFirst();
    held = Number(reserved?.held ?? 0);
  }
  return { id: row.id, stock: row.stock + held, trackStock: row.track_stock === 1, archived: row.archived_at !== null, productName: row.product_name };
}

/** Units of each of `productIds` that the owner's own open (pending) checkouts hold; a visitor has none. */
export async function heldByOwnCheckout(db: DB, owner: Shopper, productIds: readonly string[]): Promise<Map<string, number>> {
  if (owner.userId === undefined || productIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('order_items')
    .innerJoin('orders', 'orders.id', 'order_items.order_id')
    .select(['order_items.product_id', (eb) => eb.fn.sum<number>('order_items.stock_taken').as('held')])
    .where('orders.user_id', '=', owner.userId)
    .where('orders.status', '=', 'pending')
    .where('order_items.product_id', 'in', [...productIds])
    .groupBy('order_items.product_id')
    .execute();
  return new Map(rows.map((row) => [row.product_id, Number(row.held ?? 0)]));
}

export async function insertCartLine(db: DB, line: { id: string; owner: Shopper; productId: string; quantity: number; nowIso: string }): Promise<void> {
  await db
    .insertInto('cart_items')
    .values({
      id: line.id,
      user_id: line.owner.userId ?? null,
      guest_id: line.owner.guestId ?? null,
      product_id: line.productId,
      quantity: line.quantity,
      created_at: line.nowIso,
      updated_at: line.nowIso,
    })
    .execute();
}

export async function setCartLineQuantity(db: DB, lineId: string, quantity: number, nowIso: string): Promise<void> {
  await db.updateTable('cart_items').set({ quantity, updated_at: nowIso }).where('id', '=', lineId).execute();
}

export async function deleteOwnCartLine(db: DB, owner: Shopper, lineId: string): Promise<boolean> {
  let query = db.deleteFrom('cart_items').where('id', '=', lineId);
  query = owner.userId !== undefined ? query.where('user_id', '=', owner.userId) : query.where('guest_id', '=', owner.guestId);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Removes the given products from a user's cart (what a paid order bought). */
export async function deleteUserCartProducts(db: DB, userId: string, productIds: string[]): Promise<number> {
  if (productIds.length === 0) return 0;
  const result = await db.deleteFrom('cart_items').where('user_id', '=', userId).where('product_id', 'in', productIds).executeTakeFirst();
  return Number(result.numDeletedRows);
}

type GuestLineRow = { id: string; product_id: string; quantity: number; stock: number; track_stock: number; archived_at: string | null };

export async function listGuestLinesForMerge(db: DB, guestId: string): Promise<GuestLineRow[]> {
  return db
    .selectFrom('cart_items')
    .innerJoin('products', 'products.id', 'cart_items.product_id')
    .select(['cart_items.id', 'cart_items.product_id', 'cart_items.quantity', 'products.stock', 'products.track_stock', 'products.archived_at'])
    .where('cart_items.guest_id', '=', guestId)
    .execute();
}

export async function deleteGuestCart(db: DB, guestId: string): Promise<void> {
  await db.deleteFrom('cart_items').where('guest_id', '=', guestId).execute();
}

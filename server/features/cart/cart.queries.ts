import type { DB } from '../../db/database';
import { productColumns, toProduct, type ProductRow } from '../../db/product-row';
import type { CartLine, CartVariant } from '../../../shared/schemas/cart';
import { parseImages } from '../../db/product-row';
import { parseOptionValues } from '../../db/variant-row';
import { variantLabel } from '../../../shared/schemas/variants';

/** Whose cart: a signed-in user's, or a visitor's (by the anonymous id in their cookie). */
import type { Shopper } from '../../sessions/session';

const lineColumns = [
  'cart_items.id as line_id',
  'cart_items.quantity',
  'cart_items.user_id',
  ...productColumns,
  'products.archived_at',
  'product_variants.id as variant_id',
  'product_variants.sku as variant_sku',
  'product_variants.option_values as variant_options',
  'product_variants.price as variant_price',
  'product_variants.selling_price as variant_selling_price',
  'product_variants.stock as variant_stock',
  'product_variants.track_stock as variant_track_stock',
  'product_variants.images as variant_images',
  'product_variants.archived_at as variant_archived_at',
] as const;

type LineRow = ProductRow & {
  line_id: string;
  quantity: number;
  user_id: string | null;
  archived_at: string | null;
  variant_id: string;
  variant_sku: string;
  variant_options: string;
  variant_price: number;
  variant_selling_price: number;
  variant_stock: number;
  variant_track_stock: number;
  variant_images: string;
  variant_archived_at: string | null;
};

export type CartLineWithState = CartLine & { archived: boolean; variant: CartVariant };

/**
 * A line as the cart shows it: the product populated with its variant's price, selling price,
 * stock, tracking and (when it has its own) pictures, so the contract's clients read what the
 * line costs; the variant named beside it.
 */
function toLine(row: LineRow): CartLineWithState {
  const product = toProduct(row);
  const images = parseImages(row.variant_images);
  const optionValues = parseOptionValues(row.variant_options);
  return {
    _id: row.line_id,
    quantity: row.quantity,
    productId: {
      ...product,
      price: Number(row.variant_price),
      sellingPrice: Number(row.variant_selling_price),
      stock: row.variant_track_stock === 1 ? row.variant_stock : 0,
      trackStock: row.variant_track_stock === 1,
      productImage: images.length > 0 ? images : product.productImage,
    },
    userId: row.user_id,
    variant: { _id: row.variant_id, sku: row.variant_sku, label: variantLabel(optionValues), optionValues },
    archived: row.archived_at !== null || row.variant_archived_at !== null,
  };
}

function baseLines(db: DB, owner: Shopper) {
  const query = db
    .selectFrom('cart_items')
    .innerJoin('products', 'products.id', 'cart_items.product_id')
    .innerJoin('product_variants', 'product_variants.id', 'cart_items.variant_id')
    .select(lineColumns);
  return owner.userId !== undefined ? query.where('cart_items.user_id', '=', owner.userId) : query.where('cart_items.guest_id', '=', owner.guestId);
}

/** The owner's lines for products still on sale, oldest first (the order they were added). */
export async function listCartLines(db: DB, owner: Shopper): Promise<CartLine[]> {
  const rows = await baseLines(db, owner)
    .where('products.archived_at', 'is', null)
    .where('product_variants.archived_at', 'is', null)
    .orderBy('cart_items.created_at')
    .orderBy('cart_items.id')
    .execute();
  return rows.map((row) => {
    const { archived: _archived, ...line } = toLine(row);
    return line;
  });
}

export async function countCartLines(db: DB, owner: Shopper): Promise<number> {
  let query = db
    .selectFrom('cart_items')
    .innerJoin('products', 'products.id', 'cart_items.product_id')
    .innerJoin('product_variants', 'product_variants.id', 'cart_items.variant_id')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('products.archived_at', 'is', null)
    .where('product_variants.archived_at', 'is', null);
  query = owner.userId !== undefined ? query.where('cart_items.user_id', '=', owner.userId) : query.where('cart_items.guest_id', '=', owner.guestId);
  const row = await query.executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** One of the owner's lines (archived products included), or null when it is not theirs. */
export async function findOwnCartLine(db: DB, owner: Shopper, lineId: string): Promise<CartLineWithState | null> {
  const row = await baseLines(db, owner).where('cart_items.id', '=', lineId).executeTakeFirst();
  return row ? toLine(row) : null;
}

export async function findOwnCartLineByVariant(db: DB, owner: Shopper, variantId: string): Promise<CartLineWithState | null> {
  const row = await baseLines(db, owner).where('cart_items.variant_id', '=', variantId).executeTakeFirst();
  return row ? toLine(row) : null;
}

export type VariantStock = { id: string; productId: string; stock: number; trackStock: boolean; archived: boolean; productName: string };

/**
 * A variant's stock as the cart owner may use it: the units for sale plus those the owner's own
 * open checkout holds (a new checkout releases them before reserving again, so they are the
 * owner's to re-order). `archived`: the variant or its product is off sale. The name is the
 * product's, with the variant's options ("Galaxy S24 (256 GB, Marble Grey)").
 */
export async function findVariantStock(db: DB, owner: Shopper, variantId: string): Promise<VariantStock | null> {
  const row = await db
    .selectFrom('product_variants')
    .innerJoin('products', 'products.id', 'product_variants.product_id')
    .select([
      'product_variants.id',
      'product_variants.product_id',
      'product_variants.stock',
      'product_variants.track_stock',
      'product_variants.archived_at',
      'product_variants.option_values',
      'products.archived_at as product_archived_at',
      'products.product_name',
    ])
    .where('product_variants.id', '=', variantId)
    .executeTakeFirst();
  if (!row) return null;
  let held = 0;
  if (owner.userId !== undefined && row.track_stock === 1) {
    held = (await heldByOwnCheckout(db, owner, [variantId])).get(variantId) ?? 0;
  }
  const label = variantLabel(parseOptionValues(row.option_values));
  return {
    id: row.id,
    productId: row.product_id,
    stock: row.stock + held,
    trackStock: row.track_stock === 1,
    archived: row.archived_at !== null || row.product_archived_at !== null,
    productName: label ? `${row.product_name} (${label})` : row.product_name,
  };
}

/** Units of each of `variantIds` that the owner's own open (pending) checkouts hold; a visitor has none. */
export async function heldByOwnCheckout(db: DB, owner: Shopper, variantIds: readonly string[]): Promise<Map<string, number>> {
  if (owner.userId === undefined || variantIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('order_items')
    .innerJoin('orders', 'orders.id', 'order_items.order_id')
    .select(['order_items.variant_id', (eb) => eb.fn.sum<number>('order_items.stock_taken').as('held')])
    .where('orders.user_id', '=', owner.userId)
    .where('orders.status', '=', 'pending')
    .where('order_items.variant_id', 'in', [...variantIds])
    .groupBy('order_items.variant_id')
    .execute();
  return new Map(rows.map((row) => [row.variant_id ?? '', Number(row.held ?? 0)]));
}

export async function insertCartLine(db: DB, line: { id: string; owner: Shopper; productId: string; variantId: string; quantity: number; nowIso: string }): Promise<void> {
  await db
    .insertInto('cart_items')
    .values({
      id: line.id,
      user_id: line.owner.userId ?? null,
      guest_id: line.owner.guestId ?? null,
      product_id: line.productId,
      variant_id: line.variantId,
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

/** Removes the given variants from a user's cart (what a paid order bought). */
export async function deleteUserCartVariants(db: DB, userId: string, variantIds: string[]): Promise<number> {
  if (variantIds.length === 0) return 0;
  const result = await db.deleteFrom('cart_items').where('user_id', '=', userId).where('variant_id', 'in', variantIds).executeTakeFirst();
  return Number(result.numDeletedRows);
}

type GuestLineRow = { id: string; product_id: string; variant_id: string; quantity: number; stock: number; track_stock: number; archived_at: string | null };

export async function listGuestLinesForMerge(db: DB, guestId: string): Promise<GuestLineRow[]> {
  const rows = await db
    .selectFrom('cart_items')
    .innerJoin('products', 'products.id', 'cart_items.product_id')
    .innerJoin('product_variants', 'product_variants.id', 'cart_items.variant_id')
    .select([
      'cart_items.id',
      'cart_items.product_id',
      'product_variants.id as variant_id',
      'cart_items.quantity',
      'product_variants.stock',
      'product_variants.track_stock',
      (eb) => eb.fn.coalesce('product_variants.archived_at', 'products.archived_at').as('archived_at'),
    ])
    .where('cart_items.guest_id', '=', guestId)
    .execute();
  return rows;
}

export async function deleteGuestCart(db: DB, guestId: string): Promise<void> {
  await db.deleteFrom('cart_items').where('guest_id', '=', guestId).execute();
}

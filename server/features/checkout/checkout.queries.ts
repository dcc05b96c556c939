import type { DB } from '../../db/database';
import { parseImages } from '../../db/product-row';

export type CheckoutLine = {
  productId: string;
  name: string;
  images: string[];
  /** Paise: the product's selling price right now. */
  unitPrice: number;
  quantity: number;
  stock: number;
  trackStock: boolean;
  /** The product's HSN and GST rate (basis points): its own, else its category's. */
  hsn: string;
  rateBasisPoints: number;
};

/** When a product's category has no row (a category in use cannot be deleted): the standard rate. */
const FALLBACK_RATE_BP = 1800;

/** The user's cart lines for products on sale, priced from the products table. */
export async function listCheckoutLines(db: DB, userId: string): Promise<CheckoutLine[]> {
  const rows = await db
    .selectFrom('cart_items')
    .innerJoin('products', 'products.id', 'cart_items.product_id')
    .leftJoin('categories', 'categories.value', 'products.category')
    .select(['products.id', 'products.product_name', 'products.images', 'products.selling_price', 'products.stock', 'products.track_stock', 'cart_items.quantity'])
    .select((eb) => [
      eb.fn.coalesce('products.hsn_code', 'categories.hsn', eb.val('')).as('hsn'),
      eb.fn.coalesce('products.gst_rate_bp', 'categories.gst_rate_bp', eb.val(FALLBACK_RATE_BP)).as('rate_bp'),
    ])
    .where('cart_items.user_id', '=', userId)
    .where('products.archived_at', 'is', null)
    .orderBy('cart_items.created_at')
    .orderBy('cart_items.id')
    .execute();
  return rows.map((r) => ({
    productId: r.id,
    name: r.product_name,
    images: parseImages(r.images),
    unitPrice: r.selling_price,
    quantity: r.quantity,
    stock: r.stock,
    trackStock: r.track_stock === 1,
    hsn: r.hsn,
    rateBasisPoints: Number(r.rate_bp),
  }));
}

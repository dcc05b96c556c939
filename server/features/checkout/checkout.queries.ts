import type { DB } from '../../db/database';
import { parseImages } from '../../db/product-row';
import { parseOptionValues } from '../../db/variant-row';
import { variantLabel } from '../../../shared/schemas/variants';

export type CheckoutLine = {
  productId: string;
  /** The variant on the cart line, its SKU and label ('' for a product without options). */
  variantId: string;
  sku: string;
  variantLabel: string;
  name: string;
  images: string[];
  /** Paise: the variant's selling price right now. */
  unitPrice: number;
  quantity: number;
  stock: number;
  trackStock: boolean;
  /** The product's HSN and GST rate (basis points): its own, else its category's. */
  hsn: string;
  rateBasisPoints: number;
  /** The product's category and brand, as offers name them (issue 30). */
  category: string;
  brand: string | null;
};

/** When a product's category has no row (a category in use cannot be deleted): the standard rate. */
const FALLBACK_RATE_BP = 1800;

/** The user's cart lines for variants on sale (of products on sale), priced from the variants table; pictures the variant's own, else the product's. */
export async function listCheckoutLines(db: DB, userId: string): Promise<CheckoutLine[]> {
  const rows = await db
    .selectFrom('cart_items')
    .innerJoin('products', 'products.id', 'cart_items.product_id')
    .innerJoin('product_variants', 'product_variants.id', 'cart_items.variant_id')
    .leftJoin('categories', 'categories.value', 'products.category')
    .select([
      'products.id',
      'products.product_name',
      'products.images',
      'products.category',
      'products.brand_name',
      'product_variants.id as variant_id',
      'product_variants.sku',
      'product_variants.option_values',
      'product_variants.images as variant_images',
      'product_variants.selling_price',
      'product_variants.stock',
      'product_variants.track_stock',
      'cart_items.quantity',
    ])
    .select((eb) => [
      eb.fn.coalesce('products.hsn_code', 'categories.hsn', eb.val('')).as('hsn'),
      eb.fn.coalesce('products.gst_rate_bp', 'categories.gst_rate_bp', eb.val(FALLBACK_RATE_BP)).as('rate_bp'),
    ])
    .where('cart_items.user_id', '=', userId)
    .where('products.archived_at', 'is', null)
    .where('product_variants.archived_at', 'is', null)
    .orderBy('cart_items.created_at')
    .orderBy('cart_items.id')
    .execute();
  return rows.map((r) => {
    const own = parseImages(r.variant_images);
    return {
      productId: r.id,
      variantId: r.variant_id,
      sku: r.sku,
      variantLabel: variantLabel(parseOptionValues(r.option_values)),
      name: r.product_name,
      images: own.length > 0 ? own : parseImages(r.images),
      unitPrice: Number(r.selling_price),
      quantity: r.quantity,
      stock: r.stock,
      trackStock: r.track_stock === 1,
      hsn: r.hsn,
      rateBasisPoints: Number(r.rate_bp),
      category: r.category,
      brand: r.brand_name || null,
    };
  });
}

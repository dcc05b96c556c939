import type { DB } from '../../db/database';
import { containsText } from '../../db/text-match';
import { atOrBelowLowStockLevel, lowStockBound, lowStockLevelSql, parseOptionValues } from '../../db/variant-row';
import { variantLabel } from '../../../shared/schemas/variants';
import { parseImages, productFactColumns, toProductFacts } from '../../db/product-row';
import type { AdminProduct, AdminProductView, LowStockProduct } from '../../../shared/schemas/admin';
import type { After } from '../../lib/cursor';

/**
 * Tracked variants on sale (of products on sale) at or below their low-stock level (their own, or
 * `defaultLevel`: the daily mail's rule, db/variant-row.ts), scarcest first: one row per variant.
 */
export async function listLowStockProducts(db: DB, defaultLevel: number, limit: number): Promise<LowStockProduct[]> {
  const bound = await lowStockBound(db, defaultLevel);
  const rows = await db
    .selectFrom('product_variants')
    .innerJoin('products', 'products.id', 'product_variants.product_id')
    .select([
      'products.id',
      'products.product_name',
      'products.category',
      'products.images',
      'product_variants.id as variant_id',
      'product_variants.sku',
      'product_variants.option_values',
      'product_variants.stock',
      'product_variants.images as variant_images',
      lowStockLevelSql(defaultLevel).as('level'),
    ])
    .where('products.archived_at', 'is', null)
    .where('product_variants.archived_at', 'is', null)
    .where(atOrBelowLowStockLevel(defaultLevel, bound))
    .orderBy('product_variants.stock')
    .orderBy('products.product_name')
    .orderBy('products.id')
    .orderBy('product_variants.position')
    .limit(limit)
    .execute();
  return rows.map((r) => {
    const own = parseImages(r.variant_images);
    return {
      _id: r.id,
      productName: r.product_name,
      category: r.category,
      stock: r.stock,
      productImage: own.length > 0 ? own : parseImages(r.images),
      variantId: r.variant_id,
      sku: r.sku,
      variantLabel: variantLabel(parseOptionValues(r.option_values)),
      level: Number(r.level),
    };
  });
}

// ---- products ----

/** Products newest first for the admin grid, archived ones included when `view` asks. */
export async function listAdminProducts(
  db: DB,
  opts: {
    text?: string;
    category?: string;
    productId?: string;
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
      'price_min',
      'price_max',
      'variant_count',
      ...productFactColumns,
      (eb) =>
        eb
          .selectFrom('product_variants')
          .select('product_variants.low_stock_level')
          .whereRef('product_variants.product_id', '=', 'products.id')
          .where('product_variants.archived_at', 'is', null)
          .orderBy('product_variants.position')
          .orderBy('product_variants.id')
          .limit(1)
          .as('low_stock_level'),
    ]);
  if (opts.productId !== undefined) query = query.where('id', '=', opts.productId);
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
    priceMin: r.price_min,
    priceMax: r.price_max,
    variantCount: r.variant_count,
    facts: toProductFacts(r),
    lowStockLevel: r.low_stock_level === null ? null : Number(r.low_stock_level),
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

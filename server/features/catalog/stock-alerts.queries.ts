import { rowsPerStatement, type DB } from '../../db/database';
import { atOrBelowLowStockLevel, lowStockBound, lowStockLevelSql, parseOptionValues } from '../../db/variant-row';
import { variantLabel } from '../../../shared/schemas/variants';

/** A variant the daily low-stock mail names. */
export type LowStockVariant = {
  variantId: string;
  productId: string;
  productName: string;
  /** '' for a product without options. */
  variantLabel: string;
  sku: string;
  stock: number;
  /** Its own level, or the shop's default. */
  level: number;
};

/**
 * Tracked variants on sale, of products on sale, at or below their low-stock level (their own,
 * else `defaultLevel`) that no mail has named since they were last above it
 * (low_stock_alerted_at is null), scarcest first.
 */
export async function listUnalertedLowStock(db: DB, defaultLevel: number): Promise<LowStockVariant[]> {
  const bound = await lowStockBound(db, defaultLevel);
  const rows = await db
    .selectFrom('product_variants')
    .innerJoin('products', 'products.id', 'product_variants.product_id')
    .select([
      'product_variants.id',
      'product_variants.product_id',
      'products.product_name',
      'product_variants.option_values',
      'product_variants.sku',
      'product_variants.stock',
      lowStockLevelSql(defaultLevel).as('level'),
    ])
    .where('products.archived_at', 'is', null)
    .where('product_variants.archived_at', 'is', null)
    .where('product_variants.low_stock_alerted_at', 'is', null)
    .where(atOrBelowLowStockLevel(defaultLevel, bound))
    .orderBy('product_variants.stock')
    .orderBy('products.product_name')
    .orderBy('products.id')
    .orderBy('product_variants.position')
    .execute();
  return rows.map((r) => ({
    variantId: r.id,
    productId: r.product_id,
    productName: r.product_name,
    variantLabel: variantLabel(parseOptionValues(r.option_values)),
    sku: r.sku,
    stock: Number(r.stock),
    level: Number(r.level),
  }));
}

/** Records that a mail named these variants: none is listed again until it has been above its level (the migration's triggers clear the mark). */
export async function markLowStockAlerted(db: DB, variantIds: readonly string[], at: string): Promise<void> {
  const size = rowsPerStatement(db);
  for (let i = 0; i < variantIds.length; i += size) {
    await db
      .updateTable('product_variants')
      .set({ low_stock_alerted_at: at })
      .where('id', 'in', variantIds.slice(i, i + size))
      .execute();
  }
}

import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { DB } from './database';
import { parseJsonColumn } from './json-column';

/** A variant's option_values column (a JSON list of the chosen value per option); anything unreadable reads as none. */
export function parseOptionValues(text: string): string[] {
  const value = parseJsonColumn<unknown>(text, []);
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/**
 * The highest low-stock level in the shop: the default or a variant's own, whichever is higher.
 * Read first by the lists of low stock, so their condition has a range on the stock index
 * (product_variants_low_stock) as well as each variant's own level; the partial index on
 * low_stock_level finds the highest own level without reading the variants.
 */
export async function lowStockBound(db: DB, defaultLevel: number): Promise<number> {
  // ORDER BY … LIMIT 1 reads one index entry; max() would walk every level set.
  const row = await db
    .selectFrom('product_variants')
    .select('low_stock_level')
    .where('low_stock_level', 'is not', null)
    .orderBy('low_stock_level', 'desc')
    .limit(1)
    .executeTakeFirst();
  return Math.max(defaultLevel, Number(row?.low_stock_level ?? 0));
}

/** A variant's low-stock level as SQL: its own, else `defaultLevel` (a whole number, validated by the settings). */
export function lowStockLevelSql(defaultLevel: number): RawBuilder<number> {
  return sql<number>`coalesce(product_variants.low_stock_level, ${sql.lit(Math.trunc(defaultLevel))})`;
}

/**
 * A tracked variant at or below its low-stock level (its own, else `defaultLevel`); `bound` is
 * lowStockBound's answer. What the dashboard's list and the daily mail both mean by low stock.
 */
export function atOrBelowLowStockLevel(defaultLevel: number, bound: number): RawBuilder<SqlBool> {
  return sql<SqlBool>`product_variants.track_stock = 1 and product_variants.stock <= ${sql.lit(Math.trunc(bound))} and product_variants.stock <= ${lowStockLevelSql(defaultLevel)}`;
}

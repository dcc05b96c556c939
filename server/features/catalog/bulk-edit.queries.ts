import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { DB } from '../../db/database';
import type { Database } from '../../db/schema';
import { containsText } from '../../db/text-match';
import { parseOptionValues } from '../../db/variant-row';
import { variantLabel } from '../../../shared/schemas/variants';
import { LOW_STOCK_THRESHOLD } from '../../../shared/schemas/admin';
import type { BulkGridRow, BulkGridView, StockLevel } from '../../../shared/schemas/bulk-edit';

/**
 * SQL for the bulk edit grid: variants joined to their products, newest product first (as the
 * admin's product list), then the product's variants in position order. Keyset pages walk the
 * products_created index (products_category_created with a category) and each product's
 * variants through product_variants_product, so a page reads about a page of rows whatever the
 * catalogue's size; filters that match few rows (a brand, a search, a stock level) read further.
 */

export type GridKey = { createdAt: string; productId: string; position: number; variantId: string };

export type GridFilter = { q?: string | undefined; category?: string | undefined; brand?: string | undefined; stock?: StockLevel | undefined; view: BulkGridView };

const columns = [
  'products.id as product_id',
  'products.product_name',
  'products.brand_name',
  'products.category',
  'products.created_at',
  'products.archived_at as product_archived_at',
  'product_variants.id as variant_id',
  'product_variants.sku',
  'product_variants.option_values',
  'product_variants.price',
  'product_variants.selling_price',
  'product_variants.stock',
  'product_variants.track_stock',
  'product_variants.position',
  'product_variants.archived_at',
] as const;

type Row = {
  product_id: string;
  product_name: string;
  brand_name: string;
  category: string;
  created_at: string;
  product_archived_at: string | null;
  variant_id: string;
  sku: string;
  option_values: string;
  price: number;
  selling_price: number;
  stock: number;
  track_stock: number;
  position: number;
  archived_at: string | null;
};

function toRow(r: Row): BulkGridRow & { key: GridKey } {
  return {
    variantId: r.variant_id,
    productId: r.product_id,
    productName: r.product_name,
    label: variantLabel(parseOptionValues(r.option_values)),
    sku: r.sku,
    category: r.category,
    brand: r.brand_name,
    price: Number(r.price),
    sellingPrice: Number(r.selling_price),
    stock: Number(r.stock),
    trackStock: Number(r.track_stock) === 1,
    archived: r.archived_at !== null || r.product_archived_at !== null,
    productArchived: r.product_archived_at !== null,
    key: { createdAt: r.created_at, productId: r.product_id, position: Number(r.position), variantId: r.variant_id },
  };
}

/**
 * Products, then each one's variants. A CROSS JOIN (the condition in WHERE) because SQLite keeps
 * its tables in that order: products walked newest first by index, their variants looked up by
 * product_id, and a page stops after its rows; as an inner join its planner may scan every live
 * variant and sort them all. PostgreSQL plans both spellings alike. `byStock`: out of stock or
 * low, few variants match, so they are found first (product_variants_low_stock) and sorted.
 */
function base(db: DB, byStock = false) {
  if (byStock) return db.selectFrom('products').innerJoin('product_variants', 'product_variants.product_id', 'products.id').select(columns);
  return db.selectFrom('products').crossJoin('product_variants').whereRef('product_variants.product_id', '=', 'products.id').select(columns);
}

/** A column SQLite must not pick an index for (unary plus, valid on PostgreSQL's integers too): the variants are found by product. */
const noIndex = (column: 'product_variants.stock' | 'product_variants.track_stock') => sql<number>`+${sql.ref(column)}`;

type Eb = ExpressionBuilder<Database, 'products' | 'product_variants'>;

function filterOf(db: DB, f: GridFilter) {
  return (eb: Eb) => {
    const and: Expression<SqlBool>[] = [];
    if (f.view === 'active') and.push(eb('products.archived_at', 'is', null), eb('product_variants.archived_at', 'is', null));
    if (f.view === 'archived') and.push(eb.or([eb('products.archived_at', 'is not', null), eb('product_variants.archived_at', 'is not', null)]));
    if (f.category !== undefined) and.push(eb('products.category', '=', f.category));
    if (f.brand !== undefined) and.push(eb(eb.fn('lower', ['products.brand_name']), '=', f.brand.toLowerCase()));
    if (f.stock === 'out') and.push(eb('product_variants.track_stock', '=', 1), eb('product_variants.stock', '=', 0));
    if (f.stock === 'low') and.push(eb('product_variants.track_stock', '=', 1), eb('product_variants.stock', '>=', 1), eb('product_variants.stock', '<=', LOW_STOCK_THRESHOLD));
    if (f.stock === 'in') and.push(eb.or([eb(noIndex('product_variants.track_stock'), '=', 0), eb(noIndex('product_variants.stock'), '>', LOW_STOCK_THRESHOLD)]));
    if (f.q) {
      const text = f.q;
      and.push(eb.or([containsText(db, 'products.product_name', text), containsText(db, 'products.brand_name', text), containsText(db, 'product_variants.sku', text)]));
    }
    return eb.and(and);
  };
}

/** The query of one page (exported for its plan: bulk-edit.test.ts checks the indexes it walks). */
export function gridQuery(db: DB, f: GridFilter, after: GridKey | undefined, limit: number) {
  let query = base(db, f.stock === 'out' || f.stock === 'low').where(filterOf(db, f));
  if (after) {
    const { createdAt, productId, position, variantId } = after;
    query = query.where((eb) =>
      eb.or([
        eb('products.created_at', '<', createdAt),
        eb.and([eb('products.created_at', '=', createdAt), eb('products.id', '<', productId)]),
        eb.and([
          eb('products.created_at', '=', createdAt),
          eb('products.id', '=', productId),
          eb.or([eb('product_variants.position', '>', position), eb.and([eb('product_variants.position', '=', position), eb('product_variants.id', '>', variantId)])]),
        ]),
      ]),
    );
  }
  return query.orderBy('products.created_at', 'desc').orderBy('products.id', 'desc').orderBy('product_variants.position', 'asc').orderBy('product_variants.id', 'asc').limit(limit);
}

/** One page of the grid after `after` (`limit` rows; the caller asks one more to know whether more follow). */
export async function listGridRows(db: DB, f: GridFilter, after: GridKey | undefined, limit: number): Promise<(BulkGridRow & { key: GridKey })[]> {
  const rows = await gridQuery(db, f, after, limit).execute();
  return rows.map(toRow);
}

/** The grid's rows of these variants (any state), by id. */
export async function gridRowsByVariantId(db: DB, variantIds: readonly string[]): Promise<Map<string, BulkGridRow>> {
  const out = new Map<string, BulkGridRow>();
  for (let i = 0; i < variantIds.length; i += 500) {
    const chunk = variantIds.slice(i, i + 500);
    if (chunk.length === 0) continue;
    const rows = await base(db).where('product_variants.id', 'in', chunk).execute();
    for (const r of rows) {
      const { key: _key, ...row } = toRow(r);
      out.set(row.variantId, row);
    }
  }
  return out;
}

/** Brands of the products (of a category, when given), A to Z: the grid's brand filter. */
export async function listBrands(db: DB, category: string | undefined, limit: number): Promise<string[]> {
  let query = db.selectFrom('products').select('brand_name').distinct().where('brand_name', '!=', '');
  if (category !== undefined) query = query.where('category', '=', category);
  const rows = await query.orderBy('brand_name').limit(limit).execute();
  return rows.map((r) => r.brand_name);
}

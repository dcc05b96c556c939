import type { DB } from '../../db/database';
import type { Product } from '../../../shared/schemas/catalog';
import type { ProductFacts } from '../../../shared/product-facts';
import { productColumns, productFactColumns, toProduct, toProductFacts } from '../../db/product-row';
import { onSale } from './catalog.queries';

/** The products on sale among `ids` (unknown and archived ones are absent), with their facts, by id. */
export async function findProductsOnSale(db: DB, ids: readonly string[]): Promise<Map<string, Product & { facts: ProductFacts }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('products')
    .select([...productColumns, ...productFactColumns])
    .where('products.id', 'in', [...new Set(ids)])
    .where(onSale)
    .execute();
  return new Map(rows.map((row) => [row.id, { ...toProduct(row), facts: toProductFacts(row) }]));
}

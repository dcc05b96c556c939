import type { Category } from '../../../shared/categories';
import type { Product } from '../../../shared/schemas/catalog';
import { MAX_QUANTITY_PER_LINE } from '../../../shared/schemas/cart';

/**
 * What a shared catalogue reply depends on, in the tags the database's triggers write when a
 * change makes them stale (the cache-invalidations migration defines when each is written).
 */
export const productTag = (id: string) => `product:${id}`;
export const categoryTag = (category: Category) => `category:${category}`;
/** Written when a product's searchable text, price, pictures or visibility change. */
export const SEARCH_TAG = 'search';
/** Written on any change a shopper can see in any product list. */
export const CATALOG_TAG = 'catalog';
/** Written on every product change, exact stock and updatedAt included. */
export const EXACT_PRODUCTS_TAG = 'products:exact';
export const BANNERS_TAG = 'banners';

/**
 * The stock figure shoppers are shown: exact up to MAX_QUANTITY_PER_LINE (what 'Only 3 left',
 * 'Out of stock' and the quantity picker need), that many above it. A sale from 33 to 32 thus
 * changes no shared reply, and the triggers invalidate nothing a shopper sees. The trigger's
 * `min(stock, 10)` is this function; a test keeps the two equal.
 */
export function shownStock(product: Product): Product {
  return product.trackStock && product.stock > MAX_QUANTITY_PER_LINE ? { ...product, stock: MAX_QUANTITY_PER_LINE } : product;
}

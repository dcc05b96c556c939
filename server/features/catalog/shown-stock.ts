import type { Product } from '../../../shared/schemas/catalog';
import { MAX_QUANTITY_PER_LINE } from '../../../shared/schemas/cart';

/**
 * The stock figure shoppers are shown: exact up to MAX_QUANTITY_PER_LINE (what 'Only 3 left',
 * 'Out of stock' and the quantity picker need), that many above it. A sale from 33 to 32 thus
 * changes no shared reply, and the triggers invalidate nothing a shopper sees. The trigger's
 * `min(stock, 10)` is this function; a test keeps the two equal.
 */
export function shownStock<T extends Product>(product: T): T {
  return product.trackStock && product.stock > MAX_QUANTITY_PER_LINE ? { ...product, stock: MAX_QUANTITY_PER_LINE } : product;
}

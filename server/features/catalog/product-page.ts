import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { productDetails } from './catalog.service';
import { shownStock } from './catalog.tags';
import { productHead, type ProductHead } from './product-head';

/** The head tags of `/product/<id>` for a product on sale; null when there is none (unknown or archived). */
export async function productPageHead(deps: Pick<Deps, 'db' | 'env'>, productId: string): Promise<ProductHead | null> {
  try {
    return productHead(shownStock(await productDetails(deps.db, productId)), deps.env.PUBLIC_URL);
  } catch (error) {
    if (error instanceof AppError && error.appCode === 'PRODUCT_NOT_FOUND') return null;
    throw error;
  }
}

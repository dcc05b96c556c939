import type { Category } from '../../../../shared/categories';
import { trpc } from '../../../lib/trpc';

/** Products per home page strip: enough to scroll through, few enough for a phone. */
export const STRIP_PRODUCT_LIMIT = 12;

/** The newest products of one category, for a home page strip or the recommendations. */
export function useCategoryProducts(category: Category, opts: { enabled?: boolean } = {}) {
  return trpc.catalog.byCategory.useQuery({ category, limit: STRIP_PRODUCT_LIMIT }, { enabled: opts.enabled ?? true });
}

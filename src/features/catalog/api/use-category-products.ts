import type { Category } from '../../../../shared/categories';
import { trpc, type RouterOutputs } from '../../../lib/trpc';

/** Products per home page strip: enough to scroll through, few enough for a phone. */
export const STRIP_PRODUCT_LIMIT = 12;

type CategoryProducts = RouterOutputs['catalog']['byCategory'];

/** Whether to ask; a function decides from what is cached (React Query's `enabled` callback). */
export type CategoryProductsEnabled = boolean | ((query: { state: { data: CategoryProducts | undefined } }) => boolean);

/** The newest products of one category, for a home page strip or the recommendations. */
export function useCategoryProducts(category: Category, opts: { enabled?: CategoryProductsEnabled } = {}) {
  return trpc.catalog.byCategory.useQuery({ category, limit: STRIP_PRODUCT_LIMIT }, { enabled: opts.enabled ?? true });
}

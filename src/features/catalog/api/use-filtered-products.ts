import type { Category } from '../../../../shared/categories';
import type { ProductSort } from '../../../../shared/schemas/catalog';
import { trpc } from '../../../lib/trpc';

export const GRID_PAGE_SIZE = 48;

/**
 * The category page's products, page by page: those in any checked category, or every
 * product while nothing is checked (an empty filter would otherwise be a dead end).
 * Sorting by price happens on the server so that it holds across pages.
 */
export function useFilteredProducts(categories: readonly Category[], sort: ProductSort) {
  const anyChecked = categories.length > 0;
  const page = { getNextPageParam: (last: { nextCursor: string | null }) => last.nextCursor ?? undefined };
  const filtered = trpc.catalog.filter.useInfiniteQuery({ categories: [...categories], sort, limit: GRID_PAGE_SIZE }, { ...page, enabled: anyChecked });
  const all = trpc.catalog.list.useInfiniteQuery({ sort, limit: GRID_PAGE_SIZE }, { ...page, enabled: !anyChecked });
  return anyChecked ? filtered : all;
}

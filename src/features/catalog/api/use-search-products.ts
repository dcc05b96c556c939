import type { Refine } from '../../../../shared/facets';
import { trpc } from '../../../lib/trpc';
import type { PriceSort } from '../components/category-filters';
import { refineInput } from '../hooks/use-refine';

export const SEARCH_PAGE_SIZE = 48;

/**
 * `catalog.search`'s input (the first page's), shared with src/app/page-data.ts so the keys match.
 * A price order is sent only when chosen: relevance is the server's default, and the default
 * page keeps the key (and the shared reply) it always had.
 */
export function searchProductsInput(q: string, sort: PriceSort | null, refine: Refine) {
  return { q, limit: SEARCH_PAGE_SIZE, ...(sort ? { sort } : {}), ...refineInput(refine) };
}

/** Search results page by page, best match first or by price (`sort`), narrowed by `refine`. `q` should already be debounced. */
export function useSearchProducts(q: string, sort: PriceSort | null, refine: Refine) {
  return trpc.catalog.search.useInfiniteQuery(searchProductsInput(q, sort, refine), { getNextPageParam: (last) => last.nextCursor ?? undefined });
}

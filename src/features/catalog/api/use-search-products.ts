import type { Refine } from '../../../../shared/facets';
import { trpc } from '../../../lib/trpc';
import { refineInput } from '../hooks/use-refine';

export const SEARCH_PAGE_SIZE = 48;

/** `catalog.search`'s input (the first page's), shared with src/app/page-data.ts so the keys match. */
export function searchProductsInput(q: string, refine: Refine) {
  return { q, limit: SEARCH_PAGE_SIZE, ...refineInput(refine) };
}

/** Search results page by page, best match first, narrowed by `refine`. `q` should already be debounced. */
export function useSearchProducts(q: string, refine: Refine) {
  return trpc.catalog.search.useInfiniteQuery(searchProductsInput(q, refine), { getNextPageParam: (last) => last.nextCursor ?? undefined });
}

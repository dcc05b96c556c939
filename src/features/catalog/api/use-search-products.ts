import { trpc } from '../../../lib/trpc';

export const SEARCH_PAGE_SIZE = 48;

/** Search results page by page, best match first. `q` should already be debounced. */
export function useSearchProducts(q: string) {
  return trpc.catalog.search.useInfiniteQuery({ q, limit: SEARCH_PAGE_SIZE }, { getNextPageParam: (last) => last.nextCursor ?? undefined });
}

import { trpc } from '../../../lib/trpc';

export const STOCK_HISTORY_PAGE_SIZE = 20;

/** A product's stock movements, newest first, page after page ("Load more"). Product edits and order changes refresh it (see their hooks). */
export function useStockHistory(productId: string) {
  return trpc.catalog.stockHistory.useInfiniteQuery({ productId, limit: STOCK_HISTORY_PAGE_SIZE }, { getNextPageParam: (page) => page.nextCursor ?? undefined });
}

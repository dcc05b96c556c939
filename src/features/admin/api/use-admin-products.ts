import { keepPreviousData } from '@tanstack/react-query';
import type { Category } from '../../../../shared/categories';
import type { AdminProductView } from '../../../../shared/schemas/admin';
import { trpc } from '../../../lib/trpc';

export const PRODUCTS_PAGE_SIZE = 24;

export type AdminProductFilter = {
  q: string;
  /** '' for every category. */
  category: Category;
  view: AdminProductView;
};

/** The admin product grid, newest first, page after page ("Load more"). */
export function useAdminProducts(filter: AdminProductFilter) {
  return trpc.admin.products.useInfiniteQuery(
    {
      limit: PRODUCTS_PAGE_SIZE,
      view: filter.view,
      ...(filter.q ? { q: filter.q } : {}),
      ...(filter.category ? { category: filter.category } : {}),
    },
    {
      getNextPageParam: (page) => page.nextCursor ?? undefined,
      placeholderData: keepPreviousData,
    },
  );
}

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

/** The address parameter that opens a product's form on All products (`?edit=<id>`: the low-stock mail's links). */
export const EDIT_PRODUCT_PARAM = 'edit';

/** One product by id, archived or not (null: none asked for). */
export function useAdminProduct(productId: string | null) {
  return trpc.admin.products.useQuery({ productId: productId ?? '', view: 'all', limit: 1 }, { enabled: productId !== null && productId !== '' });
}

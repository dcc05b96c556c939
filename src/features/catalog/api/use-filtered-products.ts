import type { Category } from '../../../../shared/categories';
import type { Refine } from '../../../../shared/facets';
import type { ProductSort } from '../../../../shared/schemas/catalog';
import { trpc } from '../../../lib/trpc';
import { refineInput } from '../hooks/use-refine';

export const GRID_PAGE_SIZE = 48;

/** `catalog.filter`'s input for the ticked categories (the first page's; the cursor is added per page). */
export function filterProductsInput(categories: readonly Category[], sort: ProductSort, refine: Refine) {
  return { categories: [...categories], sort, limit: GRID_PAGE_SIZE, ...refineInput(refine) };
}

/** `catalog.list`'s input, for every product while no category is ticked. */
export function listProductsInput(sort: ProductSort, refine: Refine) {
  return { sort, limit: GRID_PAGE_SIZE, ...refineInput(refine) };
}

/**
 * The category page's products, page by page: those in any checked category, or every
 * product while nothing is checked (an empty filter would otherwise be a dead end), narrowed by
 * the brand, price and stock refine. Sorting by price happens on the server so that it holds
 * across pages. src/app/page-data.ts builds the server-rendered page's input with the same
 * functions, so the browser finds the seeded first page under its own key.
 */
export function useFilteredProducts(categories: readonly Category[], sort: ProductSort, refine: Refine) {
  const anyChecked = categories.length > 0;
  const page = { getNextPageParam: (last: { nextCursor: string | null }) => last.nextCursor ?? undefined };
  const filtered = trpc.catalog.filter.useInfiniteQuery(filterProductsInput(categories, sort, refine), { ...page, enabled: anyChecked });
  const all = trpc.catalog.list.useInfiniteQuery(listProductsInput(sort, refine), { ...page, enabled: !anyChecked });
  return anyChecked ? filtered : all;
}

import { keepPreviousData } from '@tanstack/react-query';
import type { Category } from '../../../../shared/categories';
import { trpc } from '../../../lib/trpc';

/** Whose counts a filter panel shows: a search's results or a category page's list. */
export type FacetsScope = { q: string } | { categories: readonly Category[] };

/**
 * The `catalog.facets` input for `scope`, as the page lists it: a search by its query; a category
 * page by its ticked categories, or every product (no field) while none is ticked, as the page
 * then lists catalog.list. src/app/page-data.ts builds the server-rendered query with it too.
 */
export function facetsInput(scope: FacetsScope): { q: string } | { categories?: Category[] } {
  if ('q' in scope) return { q: scope.q };
  return scope.categories.length > 0 ? { categories: [...scope.categories] } : {};
}

/**
 * The counts beside a filter panel's choices, over the list before refining (so ticking a brand
 * leaves the other brands in view). While new counts load, the last ones stay rather than blank.
 */
export function useFacets(scope: FacetsScope) {
  return trpc.catalog.facets.useQuery(facetsInput(scope), { placeholderData: keepPreviousData });
}

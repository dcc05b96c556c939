import { keepPreviousData } from '@tanstack/react-query';
import type { Category } from '../../../../shared/categories';
import { trpc } from '../../../lib/trpc';
import type { Refine } from '../../../../shared/facets';
import { refineInput, type RefineInput } from '../hooks/use-refine';

/** Whose counts a filter panel shows: a search's results or a category page's list. */
export type FacetsScope = { q: string } | { categories: readonly Category[] };

/**
 * The `catalog.facets` input for `scope`, as the page lists it: a search by its query; a category
 * page by its ticked categories, or every product (no field) while none is ticked, as the page
 * then lists catalog.list. src/app/page-data.ts builds the server-rendered query with it too.
 */
export function facetsInput(scope: FacetsScope, refine: Refine = {}): ({ q: string } | { categories?: Category[] }) & RefineInput {
  // The spec facets' counts respect the chosen filters (the brand, price and stock counts do not).
  const chosen = refineInput(refine);
  if ('q' in scope) return { q: scope.q, ...chosen };
  return scope.categories.length > 0 ? { categories: [...scope.categories], ...chosen } : { ...chosen };
}

/**
 * The counts beside a filter panel's choices, over the list before refining (so ticking a brand
 * leaves the other brands in view). While new counts load, the last ones stay rather than blank.
 */
export function useFacets(scope: FacetsScope, refine: Refine = {}) {
  return trpc.catalog.facets.useQuery(facetsInput(scope, refine), { placeholderData: keepPreviousData });
}

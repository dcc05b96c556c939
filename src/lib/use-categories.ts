import { useCallback } from 'react';
import { labelIn } from '../../shared/categories';
import { trpc } from './trpc';

/**
 * The owner's categories (hidden ones flagged), in menu order: labels, bubbles' order, home rows,
 * filter lists. Server-rendered pages come with it (src/app/page-data.ts), so the first render
 * and hydration read the same list.
 */
export function useCategories() {
  return trpc.catalog.categories.useQuery(undefined, { staleTime: 10 * 60_000 });
}

/** A category's label by its value (the value itself until the list has loaded, or for one it lacks). */
export function useCategoryLabel(): (value: string) => string {
  const categories = useCategories().data;
  return useCallback((value: string) => labelIn(categories, value), [categories]);
}

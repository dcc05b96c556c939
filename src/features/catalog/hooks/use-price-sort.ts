import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { readSort, type PriceSort } from '../components/category-filters';

export interface PriceSortState {
  /** The address's price order, or null for the list's default (newest first on the category page, relevance on a search). */
  sort: PriceSort | null;
  /** Writes `sort` into the address, keeping its other parameters; null takes it out (the default order). */
  setSort: (sort: PriceSort | null) => void;
}

/** The category and search pages' 'Sort by' choice, mirrored into the address's `sort` parameter. */
export function usePriceSort(): PriceSortState {
  const [params, setParams] = useSearchParams();
  const sort = readSort(params.get('sort'));

  const setSort = useCallback(
    (next: PriceSort | null) => {
      setParams(
        (previous) => {
          const updated = new URLSearchParams(previous);
          if (next) updated.set('sort', next);
          else updated.delete('sort');
          return updated;
        },
        // As with the category checkboxes: one view refined, not a new history entry, and
        // flushSync keeps the controlled radio from flicking back during the transition.
        { replace: true, flushSync: true },
      );
    },
    [setParams],
  );

  return { sort, setSort };
}

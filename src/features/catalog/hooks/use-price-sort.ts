import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { readSort, type PriceSort } from '../components/category-filters';

export interface PriceSortState {
  /** The address's price order, or null for the default (newest first). */
  sort: PriceSort | null;
  /** Writes `sort` into the address, keeping its other parameters. */
  setSort: (sort: PriceSort) => void;
}

/** The category page's 'Sort by' choice, mirrored into the address's `sort` parameter. */
export function usePriceSort(): PriceSortState {
  const [params, setParams] = useSearchParams();
  const sort = readSort(params.get('sort'));

  const setSort = useCallback(
    (next: PriceSort) => {
      setParams(
        (previous) => {
          const updated = new URLSearchParams(previous);
          updated.set('sort', next);
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

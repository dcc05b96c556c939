import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export interface CategoryFilter {
  /** Checked category values, in the order they appear in the address. */
  selected: string[];
  isSelected: (value: string) => boolean;
  /** Checks or unchecks one category. */
  toggle: (value: string) => void;
  setSelected: (values: readonly string[]) => void;
}

/**
 * The category page's checkboxes, mirrored into repeated `category` query parameters
 * (`?category=mobiles&category=Mouse`) so a shared link opens with the same filter.
 * Values outside `allowed` (a stale or hand-edited link) are ignored, as are duplicates.
 * Other query parameters are left untouched.
 */
export function useCategoryFilter(allowed: readonly string[]): CategoryFilter {
  const [params, setParams] = useSearchParams();

  const raw = params.getAll('category');
  const key = raw.join('\u0000');
  const selected = useMemo(() => {
    const allowedSet = new Set(allowed);
    return [...new Set(key === '' ? [] : key.split('\u0000'))].filter((value) => allowedSet.has(value));
  }, [key, allowed]);

  const setSelected = useCallback(
    (values: readonly string[]) => {
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          next.delete('category');
          for (const value of new Set(values)) next.append('category', value);
          return next;
        },
        // Ticking boxes refines one view; it should not fill the Back history. flushSync keeps
        // the controlled checkbox from flicking back while the router's transition runs.
        { replace: true, flushSync: true },
      );
    },
    [setParams],
  );

  const toggle = useCallback(
    (value: string) => {
      setSelected(selected.includes(value) ? selected.filter((v) => v !== value) : [...selected, value]);
    },
    [selected, setSelected],
  );

  const isSelected = useCallback((value: string) => selected.includes(value), [selected]);

  return { selected, isSelected, toggle, setSelected };
}

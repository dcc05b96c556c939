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
 * The checked categories of an address's `category` values: known ones only, each once, in
 * order. `allowed` undefined (the categories' list not loaded yet): every value is kept.
 */
export function checkedCategories(values: readonly string[], allowed: readonly string[] | undefined): string[] {
  if (!allowed) return [...new Set(values)];
  const allowedSet = new Set(allowed);
  return [...new Set(values)].filter((value) => allowedSet.has(value));
}

/** `params` with its `category` values replaced by `values` (each once, in order); other parameters kept. */
export function writeCategories(params: URLSearchParams, values: readonly string[]): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete('category');
  for (const value of new Set(values)) next.append('category', value);
  return next;
}

/**
 * The category page's checkboxes, mirrored into repeated `category` query parameters
 * (`?category=mobiles&category=Mouse`) so a shared link opens with the same filter.
 * Values outside `allowed` (a stale or hand-edited link) are ignored, as are duplicates.
 * Other query parameters are left untouched.
 */
export function useCategoryFilter(allowed: readonly string[] | undefined): CategoryFilter {
  const [params, setParams] = useSearchParams();

  const key = params.getAll('category').join('\u0000');
  const selected = useMemo(() => checkedCategories(key === '' ? [] : key.split('\u0000'), allowed), [key, allowed]);

  const setSelected = useCallback(
    (values: readonly string[]) => {
      setParams(
        (previous) => writeCategories(previous, values),
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

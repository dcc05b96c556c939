import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { readRefine, writeRefine, type Refine } from '../../../../shared/facets';
import { writeCategories } from './use-category-filter';

/** A refine as a procedure's input carries it: only the fields that are set, so query keys match. */
export type RefineInput = { brands?: string[]; price?: NonNullable<Refine['price']>; inStock?: true; specs?: Record<string, string[]> };

/**
 * The fields of `refine` that narrow anything, and nothing else: no `undefined`, no empty brand
 * list, no `inStock: false`. The hooks and src/app/page-data.ts both build their inputs with it,
 * so the key a page is server-rendered under is the one the browser's hook asks for.
 */
export function refineInput(refine: Refine): RefineInput {
  const specs = Object.entries(refine.specs ?? {}).filter(([, choices]) => choices.length > 0);
  return {
    ...(refine.brands && refine.brands.length > 0 ? { brands: [...refine.brands] } : {}),
    ...(refine.price ? { price: refine.price } : {}),
    ...(refine.inStock ? { inStock: true as const } : {}),
    ...(specs.length > 0 ? { specs: Object.fromEntries(specs.map(([key, choices]) => [key, [...choices]])) } : {}),
  };
}

/** How many choices `refine` makes (each brand counts), for a 'Filter (3)' button. */
export function refineCount(refine: Refine): number {
  const specChoices = Object.values(refine.specs ?? {}).reduce((sum, choices) => sum + choices.length, 0);
  return (refine.brands?.length ?? 0) + (refine.price ? 1 : 0) + (refine.inStock ? 1 : 0) + specChoices;
}

/** Whether two refines make the same choices (brand order included, as the address keeps it). */
export function sameRefine(a: Refine, b: Refine): boolean {
  return writeRefine(new URLSearchParams(), a).toString() === writeRefine(new URLSearchParams(), b).toString();
}

export interface RefineState {
  /** The address's brands, price band and in-stock choice (unknown values left out). */
  refine: Refine;
  /** Writes `refine` into the address, replacing the previous one and keeping other parameters. */
  setRefine: (refine: Refine) => void;
}

// As with the category checkboxes: refining is one view, not a new history entry, and flushSync
// keeps a controlled checkbox or radio from flicking back while the router's transition runs.
const REFINE_NAVIGATION = { replace: true, flushSync: true } as const;

/** The filter panel's brand, price and stock choices, mirrored into `?brand=…&price=…&instock=1`. */
export function useRefine(): RefineState {
  const [params, setParams] = useSearchParams();
  // Keyed by the refine's own text so that other parameters changing keep the same object.
  const key = writeRefine(new URLSearchParams(), readRefine(params)).toString();
  const refine = useMemo(() => readRefine(new URLSearchParams(key)), [key]);
  const setRefine = useCallback((next: Refine) => setParams((previous) => writeRefine(previous, next), REFINE_NAVIGATION), [setParams]);
  return { refine, setRefine };
}

/** What a phone's Filter sheet applies at once: the categories ticked in it (category page only) and the refine. */
export interface FilterChoice {
  categories?: readonly string[];
  refine: Refine;
}

/**
 * Writes a Filter sheet's choice in one navigation: two setSearchParams calls in one event would
 * each start from the address as rendered, and the second would undo the first.
 */
export function useApplyFilters(): (choice: FilterChoice) => void {
  const [, setParams] = useSearchParams();
  return useCallback(
    (choice: FilterChoice) => setParams((previous) => writeRefine(choice.categories ? writeCategories(previous, choice.categories) : previous, choice.refine), REFINE_NAVIGATION),
    [setParams],
  );
}

import { useCategories } from '../../../lib/use-categories';

export type PriceSort = 'asc' | 'dsc';

/** The address's `sort` value as a price order, or null (the list's default order) for anything else. */
export function readSort(value: string | null): PriceSort | null {
  return value === 'asc' || value === 'dsc' ? value : null;
}

export const SORT_OPTIONS: readonly { value: PriceSort; label: string }[] = [
  { value: 'asc', label: 'Price - Low to High' },
  { value: 'dsc', label: 'Price - High to Low' },
];

/** The order a list shows without a `sort` in its address: the category page's newest first, the search's best match first. */
export const DEFAULT_SORT_LABEL = { newest: 'Newest first', relevance: 'Relevance' } as const;
export type DefaultSortLabel = (typeof DEFAULT_SORT_LABEL)[keyof typeof DEFAULT_SORT_LABEL];

/** What a sort control says is in effect: the price order's label, or the list's default. */
export function sortLabel(sort: PriceSort | null, defaultLabel: DefaultSortLabel): string {
  return SORT_OPTIONS.find((option) => option.value === sort)?.label ?? defaultLabel;
}

/**
 * `panel`: the desktop filter panel's compact rows. `sheet`: the phone sheets' rows, 44 px
 * tall or more so a thumb hits them, with larger text and boxes.
 */
export type OptionSize = 'panel' | 'sheet';

export const OPTION_LEGEND = 'mb-2 w-full border-b border-zinc-200 pb-1 text-sm font-bold uppercase tracking-wide text-zinc-700';
export const OPTION_ROW: Record<OptionSize, string> = {
  panel: 'flex min-h-9 cursor-pointer items-center gap-3 text-sm text-zinc-800',
  sheet: 'flex min-h-11 cursor-pointer items-center gap-3 text-base text-zinc-800',
};
export const OPTION_INPUT: Record<OptionSize, string> = {
  panel: 'size-4 accent-brand-700',
  sheet: 'size-5 accent-brand-700',
};

export interface SortOptionsProps {
  /** The price order in effect, or null for the list's default. */
  sort: PriceSort | null;
  onSortChange: (sort: PriceSort | null) => void;
  /** Called on every tap of an option, the one already chosen included (a radio fires no change then). */
  onChoose?: (sort: PriceSort | null) => void;
  /** The first option, the list's own order (null): 'Newest first' on the category page, 'Relevance' on a search. */
  defaultLabel: DefaultSortLabel;
  size?: OptionSize;
  /** Hides the 'Sort by' legend from sight (a sheet's heading already says it); screen readers still hear it. */
  hideLegend?: boolean;
}

/** The 'Sort by' radios: the list's default order first (so there is a way back to it), then the spec's two price orders. */
export function SortOptions({ sort, onSortChange, onChoose, defaultLabel, size = 'panel', hideLegend = false }: SortOptionsProps) {
  const options: readonly { value: PriceSort | null; label: string }[] = [{ value: null, label: defaultLabel }, ...SORT_OPTIONS];
  return (
    <fieldset>
      <legend className={hideLegend ? 'sr-only' : OPTION_LEGEND}>Sort by</legend>
      <div className="flex flex-col gap-1">
        {options.map((option) => (
          <label key={option.value ?? 'default'} className={OPTION_ROW[size]}>
            <input
              type="radio"
              name="sort"
              // Without scripts the panel is a GET form: an empty sort is the default order.
              value={option.value ?? ''}
              checked={sort === option.value}
              onChange={() => onSortChange(option.value)}
              onClick={onChoose ? () => onChoose(option.value) : undefined}
              className={OPTION_INPUT[size]}
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export interface CategoryOptionsProps {
  isSelected: (category: string) => boolean;
  onToggle: (category: string) => void;
  size?: OptionSize;
}

/** The 'Category' checkboxes: the owner's listed categories in menu order (a hidden one only while it is ticked, so it can be unticked). */
export function CategoryOptions({ isSelected, onToggle, size = 'panel' }: CategoryOptionsProps) {
  const shown = (useCategories().data ?? []).filter((category) => !category.hidden || isSelected(category.value));
  return (
    <fieldset>
      <legend className={OPTION_LEGEND}>Category</legend>
      <div className="flex flex-col gap-1">
        {shown.map((category) => (
          <label key={category.value} className={OPTION_ROW[size]}>
            <input
              type="checkbox"
              name="category"
              value={category.value}
              checked={isSelected(category.value)}
              onChange={() => onToggle(category.value)}
              className={OPTION_INPUT[size]}
            />
            {category.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export interface CategoryFiltersProps {
  sort: PriceSort | null;
  onSortChange: (sort: PriceSort | null) => void;
  isSelected: (category: string) => boolean;
  onToggle: (category: string) => void;
}

/** The category page's filter panel: 'Sort by' radios and the category checkboxes. */
export function CategoryFilters({ sort, onSortChange, isSelected, onToggle }: CategoryFiltersProps) {
  return (
    <div className="flex flex-col gap-6">
      <SortOptions sort={sort} onSortChange={onSortChange} defaultLabel={DEFAULT_SORT_LABEL.newest} />
      <CategoryOptions isSelected={isSelected} onToggle={onToggle} />
    </div>
  );
}

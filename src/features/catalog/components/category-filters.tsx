import { CATEGORIES } from '../../../../shared/categories';

export type PriceSort = 'asc' | 'dsc';

/** The address's `sort` value as a price order, or null (newest first) for anything else. */
export function readSort(value: string | null): PriceSort | null {
  return value === 'asc' || value === 'dsc' ? value : null;
}

export const SORT_OPTIONS: readonly { value: PriceSort; label: string }[] = [
  { value: 'asc', label: 'Price - Low to High' },
  { value: 'dsc', label: 'Price - High to Low' },
];

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
  sort: PriceSort | null;
  onSortChange: (sort: PriceSort) => void;
  /** Called on every tap of an option, the one already chosen included (a radio fires no change then). */
  onChoose?: (sort: PriceSort) => void;
  size?: OptionSize;
  /** Hides the 'Sort by' legend from sight (a sheet's heading already says it); screen readers still hear it. */
  hideLegend?: boolean;
}

/** The 'Sort by' radios. */
export function SortOptions({ sort, onSortChange, onChoose, size = 'panel', hideLegend = false }: SortOptionsProps) {
  return (
    <fieldset>
      <legend className={hideLegend ? 'sr-only' : OPTION_LEGEND}>Sort by</legend>
      <div className="flex flex-col gap-1">
        {SORT_OPTIONS.map((option) => (
          <label key={option.value} className={OPTION_ROW[size]}>
            <input
              type="radio"
              name="sort"
              value={option.value}
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

/** The twelve 'Category' checkboxes. */
export function CategoryOptions({ isSelected, onToggle, size = 'panel' }: CategoryOptionsProps) {
  return (
    <fieldset>
      <legend className={OPTION_LEGEND}>Category</legend>
      <div className="flex flex-col gap-1">
        {CATEGORIES.map((category) => (
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
  onSortChange: (sort: PriceSort) => void;
  isSelected: (category: string) => boolean;
  onToggle: (category: string) => void;
}

/** The category page's filter panel: 'Sort by' radios and the twelve category checkboxes. */
export function CategoryFilters({ sort, onSortChange, isSelected, onToggle }: CategoryFiltersProps) {
  return (
    <div className="flex flex-col gap-6">
      <SortOptions sort={sort} onSortChange={onSortChange} />
      <CategoryOptions isSelected={isSelected} onToggle={onToggle} />
    </div>
  );
}

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
      <fieldset>
        <legend className="mb-2 w-full border-b border-zinc-200 pb-1 text-sm font-bold uppercase tracking-wide text-zinc-700">Sort by</legend>
        <div className="flex flex-col gap-1">
          {SORT_OPTIONS.map((option) => (
            <label key={option.value} className="flex min-h-9 cursor-pointer items-center gap-3 text-sm text-zinc-800">
              <input
                type="radio"
                name="sort"
                value={option.value}
                checked={sort === option.value}
                onChange={() => onSortChange(option.value)}
                className="size-4 accent-brand-700"
              />
              {option.label}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend className="mb-2 w-full border-b border-zinc-200 pb-1 text-sm font-bold uppercase tracking-wide text-zinc-700">Category</legend>
        <div className="flex flex-col gap-1">
          {CATEGORIES.map((category) => (
            <label key={category.value} className="flex min-h-9 cursor-pointer items-center gap-3 text-sm text-zinc-800">
              <input
                type="checkbox"
                name="category"
                value={category.value}
                checked={isSelected(category.value)}
                onChange={() => onToggle(category.value)}
                className="size-4 accent-brand-700"
              />
              {category.label}
            </label>
          ))}
        </div>
      </fieldset>
    </div>
  );
}

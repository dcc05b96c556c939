import { useState } from 'react';
import type { Refine } from '../../../../shared/facets';
import { BottomSheet } from '../../../components/ui/bottom-sheet';
import { useFacets, type FacetsScope } from '../api/use-facets';
import type { CategoryFilter } from '../hooks/use-category-filter';
import { refineCount, sameRefine, type FilterChoice } from '../hooks/use-refine';
import { CategoryOptions, sortLabel, SortOptions, type DefaultSortLabel, type PriceSort } from './category-filters';
import { RefinePanel } from './refine-panel';

export interface MobileFilterBarProps {
  /** The 'Sort' button (it names the order in effect), with the list's default order as the sheet's first choice. */
  sort?: { sort: PriceSort | null; onSortChange: (sort: PriceSort | null) => void; defaultLabel: DefaultSortLabel };
  /** The category checkboxes, on the category page. */
  filter?: CategoryFilter;
  /** The address's brand, price and stock choices. */
  refine: Refine;
  /** Whose counts the sheet shows: with `filter`, it counts the categories ticked in the sheet instead. */
  facetsScope: FacetsScope;
  /** Writes the sheet's choices into the address, in one navigation. */
  onApply: (choice: FilterChoice) => void;
  /** Where the bar shows: the page hides it wherever the desktop filter panel shows. */
  className?: string;
}

/**
 * The list pages' 'Sort' and 'Filter' on small screens: a bar that sticks under the header, each
 * button opening a bottom sheet with the desktop panel's own radios or checkboxes. Its height is
 * fixed and it renders on the server too, so the results do not move when it hydrates.
 */
export function MobileFilterBar({ sort, filter, refine, facetsScope, onApply, className = '' }: MobileFilterBarProps) {
  const [open, setOpen] = useState<'sort' | 'filter' | null>(null);
  const close = () => setOpen(null);
  const count = (filter?.selected.length ?? 0) + refineCount(refine);

  return (
    <div
      className={`sticky top-(--header-height) z-30 -mx-4 mb-4 flex gap-3 border-b border-zinc-200 bg-white px-4 py-2 shadow-sm sm:-mx-6 sm:px-6 ${className}`}
      role="group"
      aria-label={sort ? 'Sort and filter' : 'Filter results'}
    >
      {sort ? (
        <button type="button" className="btn-outline min-h-11 flex-1 flex-col gap-0 leading-tight" aria-haspopup="dialog" onClick={() => setOpen('sort')}>
          {/* Two lines, one name ("Sort: Relevance"): the space between them is not drawn in a flex box but is read. */}
          <span>Sort:</span> <span className="text-xs font-normal text-zinc-700">{sortLabel(sort.sort, sort.defaultLabel)}</span>
        </button>
      ) : null}
      <button type="button" className="btn-outline min-h-11 flex-1" aria-haspopup="dialog" onClick={() => setOpen('filter')}>
        {count > 0 ? `Filter (${count})` : 'Filter'}
      </button>
      {open === 'sort' && sort ? <SortSheet {...sort} onClose={close} /> : null}
      {open === 'filter' ? <FilterSheet filter={filter} refine={refine} facetsScope={facetsScope} onApply={onApply} onClose={close} /> : null}
    </div>
  );
}

/** A choice applies at once and closes the sheet; so does a tap on the choice already made. */
function SortSheet({
  sort,
  onSortChange,
  defaultLabel,
  onClose,
}: {
  sort: PriceSort | null;
  onSortChange: (sort: PriceSort | null) => void;
  defaultLabel: DefaultSortLabel;
  onClose: () => void;
}) {
  return (
    <BottomSheet title="Sort by" onClose={onClose}>
      <SortOptions sort={sort} onSortChange={onSortChange} onChoose={onClose} defaultLabel={defaultLabel} size="sheet" hideLegend />
    </BottomSheet>
  );
}

/**
 * Ticks collect in the sheet and reach the address (and so the results) with 'Show results',
 * as on the big shops' phone filters: each tick would otherwise reload the grid behind the
 * sheet. Closing the sheet any other way drops them. The counts follow the categories ticked
 * in the sheet, so the brands offered are those of the list 'Show results' will show.
 */
function FilterSheet({
  filter,
  refine,
  facetsScope,
  onApply,
  onClose,
}: {
  filter: CategoryFilter | undefined;
  refine: Refine;
  facetsScope: FacetsScope;
  onApply: (choice: FilterChoice) => void;
  onClose: () => void;
}) {
  const [ticked, setTicked] = useState<readonly string[]>(filter?.selected ?? []);
  const [held, setHeld] = useState<Refine>(refine);
  const facets = useFacets(filter ? { categories: ticked } : facetsScope, held);
  const toggle = (value: string) => setTicked((previous) => (previous.includes(value) ? previous.filter((v) => v !== value) : [...previous, value]));
  const apply = () => {
    const sameCategories = !filter || (ticked.length === filter.selected.length && ticked.every((value) => filter.isSelected(value)));
    if (!sameCategories || !sameRefine(held, refine)) onApply({ ...(filter ? { categories: ticked } : {}), refine: held });
    onClose();
  };

  return (
    <BottomSheet
      title="Filter"
      onClose={onClose}
      footer={
        <>
          <button
            type="button"
            className="btn-outline min-h-11 flex-1"
            onClick={() => {
              setTicked([]);
              setHeld({});
            }}
          >
            Clear
          </button>
          <button type="button" className="btn-primary min-h-11 flex-1" onClick={apply}>
            Show results
          </button>
        </>
      }
    >
      <div className="flex flex-col gap-6">
        {filter ? <CategoryOptions isSelected={(value) => ticked.includes(value)} onToggle={toggle} size="sheet" /> : null}
        <RefinePanel refine={held} onChange={setHeld} facets={facets.data} size="sheet" showClear={false} />
      </div>
    </BottomSheet>
  );
}

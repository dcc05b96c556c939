import { useMemo } from 'react';
import { categoryPageTitle, type Category } from '../../../shared/categories';
import { useCategories } from '../../lib/use-categories';
import { loadedProducts, PagedProductGrid } from '../../components/product/product-grid';
import { useFacets } from '../../features/catalog/api/use-facets';
import { useFilteredProducts } from '../../features/catalog/api/use-filtered-products';
import { CategoryFilters, DEFAULT_SORT_LABEL } from '../../features/catalog/components/category-filters';
import { MobileFilterBar } from '../../features/catalog/components/mobile-filter-bar';
import { RefinePanel } from '../../features/catalog/components/refine-panel';
import { useCategoryFilter } from '../../features/catalog/hooks/use-category-filter';
import { usePriceSort } from '../../features/catalog/hooks/use-price-sort';
import { useApplyFilters, useRefine } from '../../features/catalog/hooks/use-refine';
import { useAddToCartAction } from '../../features/cart/hooks/use-add-to-cart-action';
import { errorMessage } from '../../lib/trpc';
import { pageTitle } from '../../lib/page-titles';
import { useDocumentTitle } from '../../lib/use-document-title';
import { CompareToggle } from '../../features/compare/compare-toggle';

export function Component() {
  // Every category answers at its address, hidden ones too; a value no category has is left out.
  const known = useCategories().data;
  const allowed = useMemo(() => known?.map((c) => c.value), [known]);
  const filter = useCategoryFilter(allowed);
  const { sort, setSort } = usePriceSort();
  const { refine, setRefine } = useRefine();
  const applyFilters = useApplyFilters();
  const categories: Category[] = filter.selected;
  const results = useFilteredProducts(categories, sort ?? 'newest', refine);
  // Counted over the categories' whole list (every product while none is ticked); the spec facets' counts respect the refine.
  const facets = useFacets({ categories }, refine);
  const cart = useAddToCartAction();
  const products = loadedProducts(results);

  const title = categoryPageTitle(filter.selected, known);
  useDocumentTitle(pageTitle(title));

  return (
    <div className="page lg:grid lg:grid-cols-[15rem_1fr] lg:gap-8">
      {/* Spec §2: the filters panel is shown on large screens only. */}
      <aside className="hidden lg:block" aria-label="Filters">
        <div className="card sticky top-20 max-h-[calc(100dvh-6rem)] overflow-y-auto p-4">
          {/* A GET form with the address's own names: without scripts, "Apply" filters the same way. */}
          <form action="/product-category" method="get" onSubmit={(event) => event.preventDefault()}>
            <CategoryFilters sort={sort} onSortChange={setSort} isSelected={filter.isSelected} onToggle={filter.toggle} />
            <div className="mt-6">
              <RefinePanel refine={refine} onChange={setRefine} facets={facets.data} />
            </div>
            <noscript>
              <button type="submit" className="btn-primary mt-4 w-full">
                Apply
              </button>
            </noscript>
          </form>
        </div>
      </aside>
      <section aria-labelledby="category-heading" className="min-w-0">
        <h1 id="category-heading" className="mb-1 text-2xl font-bold tracking-tight text-zinc-900">
          {title}
        </h1>
        <p className="mb-4 font-medium text-zinc-700" role="status">
          {results.isPending ? 'Loading ...' : `Search Results : ${results.data?.pages[0]?.total ?? products?.length ?? 0}`}
        </p>
        {/* Below lg, where the panel is hidden: Sort and Filter open bottom sheets instead. */}
        <MobileFilterBar
          className="lg:hidden"
          sort={{ sort, onSortChange: setSort, defaultLabel: DEFAULT_SORT_LABEL.newest }}
          filter={filter}
          refine={refine}
          facetsScope={{ categories }}
          onApply={applyFilters}
        />
        {results.isError ? (
          <p className="card px-4 py-10 text-center text-red-800" role="alert">
            {errorMessage(results.error)}
          </p>
        ) : (
          <PagedProductGrid
            query={results}
            onAddToCart={(product) => void cart.add(product)}
            addingId={cart.addingId}
            cardExtra={(product) => <CompareToggle product={product} className="mt-1" />}
          />
        )}
      </section>
    </div>
  );
}

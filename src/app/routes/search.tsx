import { useSearchParams } from 'react-router';
import { loadedProducts, PagedProductGrid } from '../../components/product/product-grid';
import { useFacets } from '../../features/catalog/api/use-facets';
import { useSearchProducts } from '../../features/catalog/api/use-search-products';
import { DEFAULT_SORT_LABEL, SortOptions } from '../../features/catalog/components/category-filters';
import { MobileFilterBar } from '../../features/catalog/components/mobile-filter-bar';
import { RefinePanel } from '../../features/catalog/components/refine-panel';
import { usePriceSort } from '../../features/catalog/hooks/use-price-sort';
import { useApplyFilters, useRefine } from '../../features/catalog/hooks/use-refine';
import { useAddToCartAction } from '../../features/cart/hooks/use-add-to-cart-action';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { searchTitle } from '../../lib/page-titles';
import { useDocumentTitle } from '../../lib/use-document-title';
import { CompareToggle } from '../../features/compare/compare-toggle';

/** The header navigates on every keystroke; the fetch waits until typing pauses. */
export const SEARCH_DEBOUNCE_MS = 250;

export function Component() {
  const [params] = useSearchParams();
  const typed = (params.get('q') ?? '').trim();
  const q = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  // Best match first unless a price order is chosen (the category page's two, in the same `sort` parameter).
  const { sort, setSort } = usePriceSort();
  const { refine, setRefine } = useRefine();
  const applyFilters = useApplyFilters();
  const results = useSearchProducts(q, sort, refine);
  // Counted over the search's whole result, before refining.
  const facets = useFacets({ q }, refine);
  useDocumentTitle(searchTitle(q));
  const cart = useAddToCartAction();
  const products = loadedProducts(results);
  // Every page carries the whole count and the correction; the first page's are read.
  const firstPage = results.data?.pages[0];
  const total = firstPage?.total ?? products?.length ?? 0;
  const correctedQuery = firstPage?.correctedQuery ?? null;

  return (
    <div className="page lg:grid lg:grid-cols-[15rem_1fr] lg:gap-8">
      {/* As on the category page: the panel on large screens, a Filter sheet below them. */}
      <aside className="hidden lg:block" aria-label="Filters">
        <div className="card sticky top-20 max-h-[calc(100dvh-6rem)] overflow-y-auto p-4">
          {/* A GET form with the address's own names: without scripts, "Apply" refines the same search. */}
          <form action="/search" method="get" onSubmit={(event) => event.preventDefault()}>
            <input type="hidden" name="q" value={typed} />
            <SortOptions sort={sort} onSortChange={setSort} defaultLabel={DEFAULT_SORT_LABEL.relevance} />
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
      <section className="min-w-0" aria-labelledby="search-heading">
        <h1 id="search-heading" className="sr-only">
          {q ? `Search results for ${q}` : 'Search products'}
        </h1>
        {results.isPending ? (
          <p className="mb-4 text-lg font-medium text-zinc-700" role="status">
            Loading ...
          </p>
        ) : (
          <div className="mb-4" role="status">
            <p className="text-lg font-semibold text-zinc-900">Search Results : {total}</p>
            {correctedQuery ? (
              <p className="mt-1 text-sm text-zinc-700" data-testid="corrected-query">
                Showing results for <strong className="font-semibold text-zinc-900">“{correctedQuery}”</strong> (you searched for “{q}”)
              </p>
            ) : null}
          </div>
        )}
        <MobileFilterBar
          className="lg:hidden"
          sort={{ sort, onSortChange: setSort, defaultLabel: DEFAULT_SORT_LABEL.relevance }}
          refine={refine}
          facetsScope={{ q }}
          onApply={applyFilters}
        />
        {results.isSuccess && products?.length === 0 ? (
          <p className="card px-4 py-10 text-center text-lg font-semibold text-zinc-800">No Data Found....</p>
        ) : results.isError ? null : (
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

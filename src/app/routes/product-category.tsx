import { useSearchParams } from 'react-router';
import { categoryLabel, type Category } from '../../../shared/categories';
import { loadedProducts, PagedProductGrid } from '../../components/product/product-grid';
import { useFilteredProducts } from '../../features/catalog/api/use-filtered-products';
import { CategoryFilters, readSort, type PriceSort } from '../../features/catalog/components/category-filters';
import { CATEGORY_VALUES, useCategoryFilter } from '../../features/catalog/hooks/use-category-filter';
import { useAddToCartAction } from '../../features/cart/hooks/use-add-to-cart-action';
import { errorMessage } from '../../lib/trpc';
import { pageTitle } from '../../lib/page-titles';
import { useDocumentTitle } from '../../lib/use-document-title';

export function Component() {
  const filter = useCategoryFilter(CATEGORY_VALUES);
  const [params, setParams] = useSearchParams();
  const sort = readSort(params.get('sort'));
  const results = useFilteredProducts(filter.selected as Category[], sort ?? 'newest');
  const cart = useAddToCartAction();
  const products = loadedProducts(results);

  const onSortChange = (next: PriceSort) => {
    setParams(
      (previous) => {
        const updated = new URLSearchParams(previous);
        updated.set('sort', next);
        return updated;
      },
      { replace: true, flushSync: true },
    );
  };

  const title = filter.selected.length === 0 ? 'All products' : filter.selected.map(categoryLabel).join(', ');
  useDocumentTitle(pageTitle(title));

  return (
    <div className="page lg:grid lg:grid-cols-[15rem_1fr] lg:gap-8">
      {/* Spec §2: the filters panel is shown on large screens only. */}
      <aside className="hidden lg:block" aria-label="Filters">
        <div className="card sticky top-20 max-h-[calc(100dvh-6rem)] overflow-y-auto p-4">
          {/* A GET form with the address's own names: without scripts, "Apply" filters the same way. */}
          <form action="/product-category" method="get" onSubmit={(event) => event.preventDefault()}>
            <CategoryFilters sort={sort} onSortChange={onSortChange} isSelected={filter.isSelected} onToggle={filter.toggle} />
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
          {results.isPending ? 'Loading ...' : `Search Results : ${products?.length ?? 0}`}
        </p>
        {results.isError ? (
          <p className="card px-4 py-10 text-center text-red-800" role="alert">
            {errorMessage(results.error)}
          </p>
        ) : (
          <PagedProductGrid query={results} onAddToCart={(product) => void cart.add(product)} addingId={cart.addingId} />
        )}
      </section>
    </div>
  );
}

import { useSearchParams } from 'react-router';
import { loadedProducts, PagedProductGrid } from '../../components/product/product-grid';
import { useSearchProducts } from '../../features/catalog/api/use-search-products';
import { useAddToCartAction } from '../../features/cart/hooks/use-add-to-cart-action';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { searchTitle } from '../../lib/page-titles';
import { useDocumentTitle } from '../../lib/use-document-title';

/** The header navigates on every keystroke; the fetch waits until typing pauses. */
export const SEARCH_DEBOUNCE_MS = 250;

export function Component() {
  const [params] = useSearchParams();
  const q = useDebouncedValue((params.get('q') ?? '').trim(), SEARCH_DEBOUNCE_MS);
  const results = useSearchProducts(q);
  useDocumentTitle(searchTitle(q));
  const cart = useAddToCartAction();
  const products = loadedProducts(results);

  return (
    <section className="page" aria-labelledby="search-heading">
      <h1 id="search-heading" className="sr-only">
        {q ? `Search results for ${q}` : 'Search products'}
      </h1>
      {results.isPending ? (
        <p className="mb-4 text-lg font-medium text-zinc-700" role="status">
          Loading ...
        </p>
      ) : (
        <p className="mb-4 text-lg font-semibold text-zinc-900" role="status">
          Search Results : {products?.length ?? 0}
        </p>
      )}
      {results.isSuccess && products?.length === 0 ? (
        <p className="card px-4 py-10 text-center text-lg font-semibold text-zinc-800">No Data Found....</p>
      ) : results.isError ? null : (
        <PagedProductGrid query={results} onAddToCart={(product) => void cart.add(product)} addingId={cart.addingId} />
      )}
    </section>
  );
}

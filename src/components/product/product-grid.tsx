import { useEffect, useRef, type ReactNode } from 'react';
import { ProductCard, type CardProduct } from './product-card';
import { ProductCardSkeletons } from './product-card-skeleton';

export interface ProductGridProps {
  products: readonly CardProduct[] | undefined;
  loading: boolean;
  onAddToCart: (product: CardProduct) => void;
  addingId?: string | null;
  hasMore?: boolean;
  loadingMore?: boolean;
  onLoadMore?: () => void;
  /** What each card shows under its Add to Cart button (the "Compare" tick). */
  cardExtra?: ((product: CardProduct) => ReactNode) | undefined;
}

const GRID = 'grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 xl:grid-cols-4';

/**
 * Product cards in a responsive grid. More pages load when the "Load more" button scrolls
 * into view (or when it is pressed, for keyboards and old browsers).
 */
export function ProductGrid({ products, loading, onAddToCart, addingId = null, hasMore = false, loadingMore = false, onLoadMore, cardExtra }: ProductGridProps) {
  const moreRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const button = moreRef.current;
    if (!button || !hasMore || loadingMore || !onLoadMore || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onLoadMore();
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(button);
    return () => observer.disconnect();
  }, [hasMore, loadingMore, onLoadMore]);

  if (loading) {
    return (
      <div className={GRID} role="status">
        <span className="sr-only">Loading ...</span>
        <ProductCardSkeletons variant="large" />
      </div>
    );
  }

  return (
    <>
      <ul className={GRID}>
        {(products ?? []).map((product, i) => (
          <li key={product._id} className="flex">
            <ProductCard
              product={product}
              variant="large"
              onAddToCart={onAddToCart}
              adding={addingId === product._id}
              eager={i < 4}
              className="w-full"
              extra={cardExtra?.(product)}
            />
          </li>
        ))}
      </ul>
      {hasMore && onLoadMore ? (
        <div className="mt-6 flex justify-center">
          <button ref={moreRef} type="button" className="btn-outline min-h-11 px-6" onClick={onLoadMore} disabled={loadingMore}>
            {loadingMore ? 'Loading ...' : 'Load more'}
          </button>
        </div>
      ) : null}
    </>
  );
}

/** What PagedProductGrid reads from an infinite query of product pages (tRPC's useInfiniteQuery result fits). */
export interface ProductPagesQuery {
  data?: { pages: readonly { items: readonly CardProduct[] }[] } | undefined;
  isPending: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/** Every product of the pages loaded so far; undefined until the first page arrives. */
export function loadedProducts<P extends CardProduct>(query: { data?: { pages: readonly { items: readonly P[] }[] } | undefined }): P[] | undefined {
  return query.data?.pages.flatMap((page) => page.items);
}

/** The grid of an infinite product query: its loaded pages, then "Load more" while the server has more. */
export function PagedProductGrid({ query, onAddToCart, addingId, cardExtra }: { query: ProductPagesQuery } & Pick<ProductGridProps, 'onAddToCart' | 'addingId' | 'cardExtra'>) {
  return (
    <ProductGrid
      products={loadedProducts(query)}
      loading={query.isPending}
      onAddToCart={onAddToCart}
      addingId={addingId}
      hasMore={query.hasNextPage}
      loadingMore={query.isFetchingNextPage}
      onLoadMore={() => void query.fetchNextPage()}
      cardExtra={cardExtra}
    />
  );
}

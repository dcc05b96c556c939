import { useId, useRef } from 'react';
import { ChevronLeftIcon, ChevronRightIcon } from '../icons';
import { ProductCard, type CardProduct, type CardVariant } from './product-card';
import { ProductCardSkeletons } from './product-card-skeleton';

/** Spec §9: the strip's scroll buttons move it by 300 px. */
export const STRIP_SCROLL_STEP = 300;

export const STRIP_ERROR_MESSAGE = 'Failed to fetch products. Please try again later.';
export const STRIP_EMPTY_MESSAGE = 'No products found in this category.';

export interface HorizontalProductStripProps {
  heading: string;
  /** `idle`: not scrolled near yet; the row keeps its height but draws no placeholders. */
  status: 'idle' | 'pending' | 'error' | 'success';
  products: readonly CardProduct[] | undefined;
  variant: CardVariant;
  onAddToCart: (product: CardProduct) => void;
  /** Id of the product whose add-to-cart request is in flight, if any. */
  addingId?: string | null;
}

export function HorizontalProductStrip({ heading, status, products, variant, onAddToCart, addingId = null }: HorizontalProductStripProps) {
  const scrollerRef = useRef<HTMLDivElement>(null);
  const headingId = useId();
  const itemWidth = variant === 'small' ? 'w-[17.5rem] sm:w-80' : 'w-[16.5rem] sm:w-72';

  // The scroller has `scroll-smooth`, which the reduced-motion rule in styles.css turns off,
  // so a plain scrollLeft change animates only for shoppers who want motion.
  const scroll = (direction: 1 | -1) => {
    const el = scrollerRef.current;
    if (el) el.scrollLeft += direction * STRIP_SCROLL_STEP;
  };

  const items = products ?? [];
  const showProducts = status === 'success' && items.length > 0;

  return (
    <section className="relative my-3" aria-labelledby={headingId}>
      <div className="mb-3 flex items-center justify-between gap-4">
        <h2 id={headingId} className="text-xl font-bold tracking-tight text-zinc-900 sm:text-2xl">
          {heading}
        </h2>
        {showProducts ? (
          <div className="flex gap-2">
            <button type="button" className="icon-btn border border-zinc-300 bg-white" aria-label={`Scroll ${heading} left`} onClick={() => scroll(-1)}>
              <ChevronLeftIcon className="size-5" />
            </button>
            <button type="button" className="icon-btn border border-zinc-300 bg-white" aria-label={`Scroll ${heading} right`} onClick={() => scroll(1)}>
              <ChevronRightIcon className="size-5" />
            </button>
          </div>
        ) : null}
      </div>

      {status === 'error' ? (
        <p className="rounded-xl bg-red-50 px-4 py-6 text-center text-red-800" role="alert">
          {STRIP_ERROR_MESSAGE}
        </p>
      ) : status === 'success' && items.length === 0 ? (
        <p className="rounded-xl bg-zinc-100 px-4 py-6 text-center text-zinc-700">{STRIP_EMPTY_MESSAGE}</p>
      ) : (
        <div
          ref={scrollerRef}
          className="no-scrollbar -mx-4 flex scroll-smooth gap-4 overflow-x-auto px-4 pb-2 sm:mx-0 sm:px-0"
          data-testid="strip-scroller"
          aria-busy={status === 'pending' || status === 'idle'}
        >
          {status === 'idle' ? (
            <div className={`${variant === 'small' ? 'h-40' : 'h-[25rem]'} w-full`} aria-hidden="true" />
          ) : status === 'pending' ? (
            <ProductCardSkeletons variant={variant} itemClassName={`${itemWidth} shrink-0`} />
          ) : (
            items.map((product) => (
              <ProductCard key={product._id} product={product} variant={variant} onAddToCart={onAddToCart} adding={addingId === product._id} className={`${itemWidth} shrink-0`} />
            ))
          )}
        </div>
      )}
    </section>
  );
}

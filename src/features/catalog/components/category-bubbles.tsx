import { Link } from 'react-router';
import { imageRenditionUrl } from '../../../../shared/images';
import { SKELETON_COUNT } from '../../../components/product/product-card-skeleton';

export interface CategoryBubble {
  category: string;
  productImage: readonly string[];
}

/** The home page's row of round category links to /product-category?category=…, each under its category's label. */
export function CategoryBubbles({
  status,
  items,
  labelOf = (value) => value,
}: {
  status: 'pending' | 'error' | 'success';
  items: readonly CategoryBubble[] | undefined;
  labelOf?: (value: string) => string;
}) {
  if (status === 'error') return null;
  return (
    <nav aria-label="Shop by category" className="-mx-4 sm:mx-0">
      <ul className="no-scrollbar flex gap-3 overflow-x-auto px-4 py-1 sm:gap-5 sm:px-0 lg:justify-between lg:gap-2">
        {status === 'pending' || !items
          ? Array.from({ length: SKELETON_COUNT }, (_, i) => (
              <li key={i} className="flex shrink-0 flex-col items-center gap-2" aria-hidden="true">
                <div className="skeleton size-16 rounded-full md:size-20" />
                <div className="skeleton h-3 w-14" />
              </li>
            ))
          : items.map((item) => (
              <li key={item.category} className="shrink-0">
                <Link to={`/product-category?category=${encodeURIComponent(item.category)}`} className="group flex w-18 flex-col items-center gap-2 rounded-xl p-1 md:w-22">
                  <span className="flex size-16 items-center justify-center overflow-hidden rounded-full bg-white p-2 shadow-sm ring-1 ring-zinc-200 transition group-hover:ring-brand-600 md:size-20">
                    {item.productImage[0] ? (
                      <img
                        src={imageRenditionUrl(item.productImage[0], 320)}
                        alt=""
                        width={80}
                        height={80}
                        // Small pictures: the banner below (the largest, the LCP) goes first.
                        fetchPriority="low"
                        decoding="async"
                        className="size-full object-contain mix-blend-multiply transition-transform group-hover:scale-110"
                      />
                    ) : null}
                  </span>
                  <span className="text-center text-xs font-medium text-zinc-800 md:text-sm">{labelOf(item.category)}</span>
                </Link>
              </li>
            ))}
      </ul>
    </nav>
  );
}

import type { Category } from '../../../../shared/categories';
import { HorizontalProductStrip } from '../../../components/product/horizontal-product-strip';
import type { CardProduct, CardVariant } from '../../../components/product/product-card';
import { useInViewOnce } from '../../../lib/use-in-view';
import { useCategoryProducts } from '../api/use-category-products';

export interface CategoryStripProps {
  category: Category;
  heading: string;
  variant: CardVariant;
  onAddToCart: (product: CardProduct) => void;
  addingId: string | null;
  /** Leave one product out (the product page recommends others of its category). */
  excludeId?: string;
}

/** A home page row (or the product page's recommendations): one category's newest products. */
export function CategoryStrip({ category, heading, variant, onAddToCart, addingId, excludeId }: CategoryStripProps) {
  // Rows far below the fold neither fetch nor render until the shopper scrolls near them.
  const [ref, near] = useInViewOnce<HTMLDivElement>();
  const query = useCategoryProducts(category, { enabled: near });
  const products = query.data?.items.filter((product) => product._id !== excludeId);
  // A row the server rendered (its products came with the page) shows at once.
  const shown = near || query.data !== undefined;
  return (
    <div ref={ref}>
      <HorizontalProductStrip heading={heading} status={shown ? query.status : 'idle'} products={products} variant={variant} onAddToCart={onAddToCart} addingId={addingId} />
    </div>
  );
}

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
  /**
   * Render nothing once the category has loaded without products (the home page: a row saying
   * "No products found" is no use to a shopper), instead of the strip's empty message.
   */
  hideWhenEmpty?: boolean;
}

/** A home page row (or the product page's recommendations): one category's newest products. */
export function CategoryStrip({ category, heading, variant, onAddToCart, addingId, excludeId, hideWhenEmpty = false }: CategoryStripProps) {
  // Rows far below the fold neither fetch nor render until the shopper scrolls near them.
  const [ref, near] = useInViewOnce<HTMLDivElement>();
  // A hidden row has no element to come into view: it asks again (when its answer is stale)
  // whenever it mounts or the catalogue changes, so it shows up once its category has products.
  const query = useCategoryProducts(category, { enabled: hideWhenEmpty ? (cached) => near || cached.state.data?.items.length === 0 : near });
  const products = query.data?.items.filter((product) => product._id !== excludeId);
  // A row the server rendered (its products came with the page) shows at once; so does its
  // absence: an empty row is left out on the server and at hydration alike.
  const shown = near || query.data !== undefined;
  if (hideWhenEmpty && shown && query.status === 'success' && products?.length === 0) return null;
  return (
    <div ref={ref}>
      <HorizontalProductStrip heading={heading} status={shown ? query.status : 'idle'} products={products} variant={variant} onAddToCart={onAddToCart} addingId={addingId} />
    </div>
  );
}

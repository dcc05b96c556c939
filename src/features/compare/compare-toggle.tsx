import { addToSelection, removeFromSelection, useCompareSelection } from './compare-store';

/** What a tick needs of a product (a card's or a product page's). */
export type ComparableProduct = { _id: string; productName: string; category: string; productImage: readonly string[] };

/**
 * The "Compare" checkbox of a product card and a product page. Unticked on the server and while
 * hydrating; then it shows the stored selection. A refused tick (a fifth product, another
 * category) stays unticked and the tray says why.
 */
export function CompareToggle({ product, className = '' }: { product: ComparableProduct; className?: string }) {
  const selection = useCompareSelection();
  const checked = selection.some((item) => item._id === product._id);
  return (
    <label className={`relative z-10 flex w-fit min-h-8 cursor-pointer items-center gap-2 text-sm text-zinc-800 ${className}`} data-testid="compare-toggle">
      <input
        type="checkbox"
        className="size-4 accent-brand-700"
        checked={checked}
        aria-label={`Compare ${product.productName}`}
        onChange={() => {
          if (checked) removeFromSelection(product._id);
          else addToSelection({ _id: product._id, productName: product.productName, category: product.category, image: product.productImage[0] ?? null });
        }}
      />
      Compare
    </label>
  );
}

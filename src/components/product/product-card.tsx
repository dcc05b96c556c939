import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { formatINR, savingOf } from '../../../shared/money';
import { isBuyable } from '../../../shared/stock';
import { useCategoryLabelOf } from './category-label';
import { ProductImage } from './product-image';
import { SaleEnds, type ShownSale } from './sale-price';

/** The fields a card needs (the shared Product shape); prices are integer paise as tRPC returns them. */
export interface CardProduct {
  _id: string;
  productName: string;
  category: string;
  productImage: readonly string[];
  price: number;
  sellingPrice: number;
  /** Units for sale; meaningless when `trackStock` is false. */
  stock: number;
  /** False: stock is not counted and the product is always available. */
  trackStock: boolean;
  /** Its live variants' lowest and highest selling price (issue 27): "from ₹X" when they differ. */
  priceMin?: number | undefined;
  priceMax?: number | undefined;
  /** How many colours it comes in: "3 colours" when more than one. */
  colourCount?: number | undefined;
  /** Its on-card spec values ("8 GB RAM · 256 GB Storage · 5G"); '' or absent: none. */
  specLine?: string | undefined;
  /** A sale price live now (issue 30): shown against the selling price, struck through. */
  sale?: ShownSale | undefined;
}

/**
 * What a card says of a product sold in variants: the lowest price as "from ₹X" when its variants
 * differ in price (null: they do not, and the card shows the selling price and MRP as before),
 * and "3 colours" when it comes in more than one.
 */
export function variantSummary(product: Pick<CardProduct, 'priceMin' | 'priceMax' | 'colourCount'>): { from: number | null; colours: string | null } {
  const { priceMin, priceMax, colourCount = 0 } = product;
  return {
    from: priceMin !== undefined && priceMax !== undefined && priceMin < priceMax ? priceMin : null,
    colours: colourCount > 1 ? `${colourCount} colours` : null,
  };
}

export type CardVariant = 'small' | 'large';

export interface ProductCardProps {
  product: CardProduct;
  variant: CardVariant;
  onAddToCart: (product: CardProduct) => void;
  /** True while this product's add-to-cart request is in flight. */
  adding?: boolean;
  /** Above-the-fold cards load their image eagerly; the rest wait until scrolled near. */
  eager?: boolean;
  className?: string;
  /** Under the Add to Cart button: the category and search pages' "Compare" tick (the home rows have none). */
  extra?: ReactNode;
}

/** Whole percent off, rounded down as the product page's saving is (never overstated), or 0 when the product is not discounted. */
export function discountPercent(price: number, sellingPrice: number): number {
  return savingOf(price, sellingPrice)?.percent ?? 0;
}

export function ProductCard({ product, variant, onAddToCart, adding = false, eager = false, className = '', extra }: ProductCardProps) {
  const categoryLabel = useCategoryLabelOf();
  const outOfStock = !isBuyable(product);
  const range = variantSummary(product);
  // A range of prices has no one MRP: "from ₹X" stands alone, without a struck price or a badge that belong to one variant.
  const off = range.from === null ? discountPercent(product.price, product.sellingPrice) : 0;
  const small = variant === 'small';
  const nameId = useId();
  // A sale price on a card with one price: the sale price, the usual selling price struck through.
  const sale = range.from === null ? product.sale : undefined;

  return (
    <article
      className={`card group relative flex overflow-hidden transition-shadow hover:shadow-md ${small ? 'h-40 flex-row' : 'flex-col'} ${className}`}
      data-testid="product-card"
    >
      <div className={`relative shrink-0 bg-zinc-100 ${small ? 'h-full w-32' : 'aspect-[5/4] w-full'}`}>
        <ProductImage
          url={product.productImage[0]}
          alt={product.productName}
          sizes={small ? '128px' : '(min-width: 640px) 288px, 70vw'}
          eager={eager}
          className="h-full w-full object-contain p-3 mix-blend-multiply transition-transform duration-300 group-hover:scale-105"
        />
        {off > 0 && !small ? <span className="absolute left-2 top-2 rounded-full bg-volt-400 px-2 py-0.5 text-xs font-bold text-zinc-900">{off}% off</span> : null}
      </div>

      <div className={`flex min-w-0 flex-1 flex-col ${small ? 'gap-0.5 p-3' : 'gap-1.5 p-3 sm:p-4'}`}>
        <h3 className={`font-semibold text-zinc-900 ${small ? 'line-clamp-1 text-sm' : 'line-clamp-2 min-h-[2lh] text-sm sm:text-base'}`}>
          {/* The link's ::after covers the card, so the whole card opens the product while
              the Add to Cart button (stacked above it) stays a separate control. */}
          <Link id={nameId} to={`/product/${product._id}`} className="after:absolute after:inset-0 after:content-['']" title={product.productName}>
            {product.productName}
          </Link>
        </h3>
        <p className="text-sm text-zinc-600">
          {categoryLabel(product.category)}
          {range.colours ? <span data-testid="colour-count">{` · ${range.colours}`}</span> : null}
        </p>
        {product.specLine && !small ? (
          <p className="line-clamp-1 text-xs text-zinc-600" data-testid="spec-line" title={product.specLine}>
            {product.specLine}
          </p>
        ) : null}
        <p className={`flex flex-wrap items-baseline gap-x-2 ${small ? 'text-sm' : ''}`}>
          <span className="sr-only">Price: </span>
          <span className="font-bold text-brand-700" data-testid="selling-price">
            {range.from !== null ? `from ${formatINR(range.from)}` : formatINR(sale?.pricePaise ?? product.sellingPrice)}
          </span>
          {sale ? (
            <>
              <span className="sr-only">, usually </span>
              <s className={`text-zinc-500 ${small ? 'text-xs' : 'text-sm'}`} data-testid="list-price">
                {formatINR(product.sellingPrice)}
              </s>
            </>
          ) : range.from === null && product.price > product.sellingPrice ? (
            <>
              <span className="sr-only">, was </span>
              <s className={`text-zinc-500 ${small ? 'text-xs' : 'text-sm'}`}>{formatINR(product.price)}</s>
            </>
          ) : null}
        </p>
        {sale && !small ? <SaleEnds endsAt={sale.endsAt} className="text-xs" /> : null}
        <div className="mt-auto pt-1">
          {outOfStock ? (
            <button type="button" disabled className="btn relative z-10 min-h-9 bg-zinc-200 px-3 text-zinc-700">
              Out of stock
            </button>
          ) : (
            <button
              type="button"
              className={`btn-primary relative z-10 ${small ? 'min-h-8 px-3 text-xs' : 'min-h-9 px-4'}`}
              onClick={() => onAddToCart(product)}
              disabled={adding}
              aria-describedby={nameId}
            >
              Add to Cart
            </button>
          )}
          {extra}
        </div>
      </div>
    </article>
  );
}

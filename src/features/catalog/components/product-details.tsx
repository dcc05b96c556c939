import { useId, useState, type MouseEvent, type ReactNode } from 'react';
import { formatINR, savingOf } from '../../../../shared/money';
import { SaleEnds } from '../../../components/product/sale-price';
import { useCategoryLabelOf } from '../../../components/product/category-label';
import { warrantyText, type ProductFacts } from '../../../../shared/product-facts';
import { imageRenditionUrl, imageSrcSet } from '../../../../shared/images';
import { isBuyable } from '../../../../shared/stock';
import type { CardProduct } from '../../../components/product/product-card';
import { StarRating } from '../../../components/ui/star-rating';
import type { ProductOption, ProductVariant } from '../../../../shared/schemas/variants';
import { chosenVariant, pickerOptions } from '../../../../shared/variant-choice';
import { VariantPicker } from './variant-picker';
import { Specifications } from './specifications';
import { OffersPanel } from './offers-panel';
import type { ProductOffers } from '../../../../shared/schemas/offers-panel';
import type { SpecSheetRow } from '../../../../shared/specs';

/** `facts`: what its page shows of the law's facts; absent or null ones are not shown (nothing is invented). */
/** `options`, `variants`: what the picker chooses between (catalog.details carries them; absent: a product sold one way). */
export type DetailProduct = CardProduct & {
  brandName: string;
  description: string;
  facts?: ProductFacts | undefined;
  options?: ProductOption[] | undefined;
  variants?: ProductVariant[] | undefined;
  /** The Specifications table's rows (catalog.details carries them). */
  specSheet?: SpecSheetRow[] | undefined;
};

/** Spec §9: four thumbnail placeholders while the product loads. */
export const THUMBNAIL_SKELETONS = 4;

export interface ProductDetailsProps {
  product: DetailProduct | undefined;
  /** `product` as shown (the chosen variant's prices and pictures); `variantId`: the chosen variant, when the product has variants. */
  onAddToCart: (product: DetailProduct, variantId?: string) => void;
  onBuy: (product: DetailProduct, variantId?: string) => void;
  /** The SKU the address names (`?variant=`); unknown or absent: the product's default variant. */
  variantSku?: string | null | undefined;
  /** A variant was chosen in the picker: the route puts its SKU in the address. */
  onVariantChange?: ((variant: ProductVariant) => void) | undefined;
  busy: boolean;
  /** Under the buttons: the "Deliver to" PIN check (the route passes it; it asks the server). */
  delivery?: ReactNode;
  /** Beside the buttons: the "Compare" tick (the route passes it). */
  compare?: ReactNode;
  /** The offers panel's data (catalog.offers, issue 30): the chosen variant's part is shown. */
  offers?: ProductOffers | undefined;
}

export function ProductDetails({ product: listed, onAddToCart, onBuy, busy, delivery, compare, variantSku, onVariantChange, offers }: ProductDetailsProps) {
  const categoryLabel = useCategoryLabelOf();
  const [activeIndex, setActiveIndex] = useState(0);
  const [zoom, setZoom] = useState<{ x: number; y: number } | null>(null);
  const stockId = useId();
  // The chosen variant's prices, stock and pictures (its own, else the product's) stand in for the product's.
  const variants = listed?.variants ?? [];
  const variant = chosenVariant(variants, variantSku);
  const options = pickerOptions(listed?.options, variants);
  const product: DetailProduct | undefined =
    listed && variant
      ? {
          ...listed,
          price: variant.price,
          sellingPrice: variant.sellingPrice,
          stock: variant.stock,
          trackStock: variant.trackStock,
          productImage: variant.images.length > 0 ? variant.images : listed.productImage,
        }
      : listed;
  const [shownFor, setShownFor] = useState(`${listed?._id}/${variant?._id}`);
  // A new product (a recommended one was opened) or variant starts on its first image again.
  if (`${listed?._id}/${variant?._id}` !== shownFor) {
    setShownFor(`${listed?._id}/${variant?._id}`);
    setActiveIndex(0);
    setZoom(null);
  }

  if (!product) return <ProductDetailsSkeleton />;

  const images = product.productImage;
  const active = images[Math.min(activeIndex, images.length - 1)];
  const outOfStock = !isBuyable(product);
  // An untracked product is always available: no count to show.
  const fewLeft = product.trackStock && !outOfStock && product.stock <= 5;
  // A live sale price (issue 30): the chosen variant's, else the product's.
  const sale = variant ? variant.sale : listed?.sale;
  const saving = savingOf(product.price, sale?.pricePaise ?? product.sellingPrice);

  const onMove = (event: MouseEvent<HTMLDivElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    setZoom({
      x: Math.min(100, Math.max(0, ((event.clientX - rect.left) / rect.width) * 100)),
      y: Math.min(100, Math.max(0, ((event.clientY - rect.top) / rect.height) * 100)),
    });
  };

  return (
    <div className="grid gap-6 lg:grid-cols-2 lg:gap-10">
      <div className="flex flex-col-reverse gap-3 lg:flex-row">
        <ul className="no-scrollbar flex gap-2 overflow-x-auto lg:flex-col lg:overflow-visible" aria-label="Product images">
          {images.map((url, i) => (
            <li key={url} className="shrink-0">
              <button
                type="button"
                className={`block size-16 overflow-hidden rounded-lg border-2 bg-zinc-100 sm:size-20 ${i === activeIndex ? 'border-brand-700' : 'border-transparent hover:border-zinc-300'}`}
                aria-label={`Show image ${i + 1} of ${images.length}`}
                aria-current={i === activeIndex ? 'true' : undefined}
                onMouseEnter={() => setActiveIndex(i)}
                onFocus={() => setActiveIndex(i)}
                onClick={() => setActiveIndex(i)}
              >
                <img src={imageRenditionUrl(url, 320)} alt="" width={80} height={80} loading="lazy" className="size-full object-contain p-1 mix-blend-multiply" />
              </button>
            </li>
          ))}
        </ul>

        <div className="relative flex-1">
          <div
            className="relative aspect-square w-full overflow-hidden rounded-2xl bg-zinc-100 lg:cursor-crosshair"
            onMouseMove={onMove}
            onMouseLeave={() => setZoom(null)}
            data-testid="main-image"
          >
            {active ? (
              <img
                src={imageRenditionUrl(active, 640)}
                srcSet={imageSrcSet(active)}
                sizes="(min-width: 1024px) 560px, 100vw"
                alt={product.productName}
                width={640}
                height={640}
                fetchPriority="high"
                className="size-full object-contain p-4 mix-blend-multiply"
              />
            ) : (
              <div className="flex size-full items-center justify-center text-zinc-500">No image</div>
            )}
          </div>
          {/* The zoom pane exists only at large widths (spec §9), floating over the text column. */}
          {zoom && active ? (
            <div
              className="pointer-events-none absolute left-full top-0 z-20 ml-4 hidden aspect-square w-full rounded-2xl border border-zinc-200 bg-white bg-no-repeat shadow-lg lg:block"
              style={{ backgroundImage: `url(${imageRenditionUrl(active, 1280)})`, backgroundSize: '200%', backgroundPosition: `${zoom.x}% ${zoom.y}%` }}
              aria-hidden="true"
              data-testid="zoom-pane"
            />
          ) : null}
        </div>
      </div>

      <div className="flex flex-col gap-3">
        <p className="w-fit rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-800">{product.brandName}</p>
        <h1 className="text-2xl font-bold tracking-tight text-zinc-900 sm:text-3xl">{product.productName}</h1>
        <p className="text-zinc-600">{categoryLabel(product.category)}</p>
        <StarRating />
        {/* The MRP, inclusive of all taxes, beside the selling price (Legal Metrology (Packaged Commodities) Rules, rule 6). */}
        <div className="flex flex-col gap-0.5" data-testid="price-block">
          <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
            <span className="sr-only">Price: </span>
            <span className="text-3xl font-bold text-brand-700" data-testid="shown-price">
              {formatINR(sale?.pricePaise ?? product.sellingPrice)}
            </span>
            {sale ? (
              <>
                <span className="sr-only">, usually </span>
                <s className="text-xl text-zinc-500" data-testid="list-price">
                  {formatINR(product.sellingPrice)}
                </s>
              </>
            ) : null}
            <span className="text-zinc-700">
              M.R.P.: {saving ? <s className="text-zinc-600">{formatINR(product.price)}</s> : formatINR(product.price)} <span className="text-sm">(inclusive of all taxes)</span>
            </span>
          </p>
          {saving ? <p className="text-sm font-semibold text-green-800">{`You save ${formatINR(saving.amount)} (${saving.percent}%)`}</p> : null}
          {sale ? <SaleEnds endsAt={sale.endsAt} /> : null}
        </div>
        {variant && options.length > 0 ? <VariantPicker options={options} variants={variants} chosen={variant} onChoose={(next) => onVariantChange?.(next)} /> : null}
        <div aria-live="polite" id={stockId}>
          {outOfStock ? (
            <p className="font-semibold text-red-700">{options.length > 0 ? `Out of stock${variant?.label ? `: ${variant.label}` : ''}` : 'Out of stock'}</p>
          ) : fewLeft ? (
            <p className="text-sm font-medium text-amber-800">Only {product.stock} left in stock</p>
          ) : null}
        </div>
        <div className="my-2 flex flex-wrap gap-3">
          <button
            type="button"
            className="btn-outline min-h-11 min-w-32 text-base"
            disabled={busy || outOfStock}
            aria-describedby={outOfStock ? stockId : undefined}
            onClick={() => (variant ? onBuy(product, variant._id) : onBuy(product))}
          >
            Buy
          </button>
          <button
            type="button"
            className="btn-primary min-h-11 min-w-32 text-base"
            disabled={busy || outOfStock}
            aria-describedby={outOfStock ? stockId : undefined}
            onClick={() => (variant ? onAddToCart(product, variant._id) : onAddToCart(product))}
          >
            Add To Cart
          </button>
          {compare}
        </div>
        <noscript>
          <p className="text-sm text-zinc-700">Buying needs JavaScript and a sign-in: turn JavaScript on to add this to your cart.</p>
        </noscript>
        {delivery}
        <OffersPanel offers={offers} variantId={variant?._id ?? listed?._id} />
        <div>
          <p className="font-semibold text-zinc-900">Description : </p>
          <p className="whitespace-pre-line text-zinc-700">{product.description}</p>
        </div>
        <Specifications rows={listed?.specSheet} variantId={variant?._id} />
        {product.facts ? <LegalInformation facts={product.facts} /> : null}
      </div>
    </div>
  );
}

/** A name and an address as one value: the name on its line, the address under it. */
function NameAndAddress({ name, address }: { name: string | null; address: string | null }) {
  return (
    <>
      {name ? <span className="block">{name}</span> : null}
      {address ? <span className="block text-zinc-600">{address}</span> : null}
    </>
  );
}

/**
 * The facts the law asks a listing to show: country of origin, manufacturer (and importer of
 * imported goods) with their addresses, net quantity / what is in the box, warranty. A fact that
 * was not given is left out, never guessed; with none at all there is no block.
 */
export function LegalInformation({ facts }: { facts: ProductFacts }) {
  const warranty = warrantyText(facts);
  const rows: [label: string, value: ReactNode][] = [];
  if (facts.countryOfOrigin) rows.push(['Country of origin', facts.countryOfOrigin]);
  if (facts.manufacturerName || facts.manufacturerAddress)
    rows.push(['Manufacturer', <NameAndAddress key="m" name={facts.manufacturerName} address={facts.manufacturerAddress} />]);
  if (facts.importerName || facts.importerAddress) rows.push(['Importer', <NameAndAddress key="i" name={facts.importerName} address={facts.importerAddress} />]);
  if (facts.netQuantity) rows.push(['Net quantity / in the box', facts.netQuantity]);
  if (warranty) rows.push(['Warranty', warranty]);
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby="legal-information" className="rounded-xl border border-zinc-200 p-4" data-testid="legal-information">
      <h2 id="legal-information" className="mb-2 font-semibold text-zinc-900">
        Legal information
      </h2>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-0.5 text-sm sm:grid-cols-[max-content_1fr] sm:gap-y-2">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-zinc-800">{label}</dt>
            <dd className="mb-2 break-words text-zinc-700 last:mb-0 sm:mb-0">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function ProductDetailsSkeleton() {
  return (
    <div className="grid gap-6 lg:grid-cols-2 lg:gap-10" role="status">
      <span className="sr-only">Loading product</span>
      <div className="flex flex-col-reverse gap-3 lg:flex-row">
        <ul className="flex gap-2 lg:flex-col" aria-hidden="true">
          {Array.from({ length: THUMBNAIL_SKELETONS }, (_, i) => (
            <li key={i} className="skeleton size-16 sm:size-20" data-testid="thumbnail-skeleton" />
          ))}
        </ul>
        <div className="skeleton aspect-square flex-1 rounded-2xl" />
      </div>
      <div className="flex flex-col gap-4" aria-hidden="true">
        <div className="skeleton h-6 w-24 rounded-full" />
        <div className="skeleton h-8 w-3/4" />
        <div className="skeleton h-5 w-1/4" />
        <div className="skeleton h-5 w-32" />
        <div className="skeleton h-9 w-1/2" />
        <div className="flex gap-3">
          <div className="skeleton h-11 w-32 rounded-full" />
          <div className="skeleton h-11 w-32 rounded-full" />
        </div>
        <div className="skeleton h-24 w-full" />
      </div>
    </div>
  );
}

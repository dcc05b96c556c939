import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { useCategoryLabelOf } from '../../../components/product/category-label';
import { formatINR } from '../../../../shared/money';
import { MAX_QUANTITY_PER_LINE } from '../../../../shared/schemas/cart';
import { MinusIcon, PlusIcon, TrashIcon } from '../../../components/icons';
import { ProductImage } from '../../../components/product/product-image';
import { errorMessage } from '../../../lib/trpc';
import { cartTotals, useCart, type CartLine } from '../api/use-cart';
import { useCartPricing, type CartPricing } from '../api/use-cart-pricing';
import { CouponBox } from './coupon-box';
import { useEffect } from 'react';
import { trpc } from '../../../lib/trpc';
import { useChangeCartQuantity } from '../api/use-change-cart-quantity';
import { useRemoveCartLine } from '../api/use-remove-cart-line';
import { CART_TOAST_ID } from '../hooks/use-add-to-cart-action';

/**
 * The most units a line may hold and, once it holds them, why no more: a counted product's
 * stock as shoppers are shown it (the server counts units the shopper's own open checkout holds
 * as theirs), at most 10 per line for any product.
 */
export function lineLimit(product: Pick<CartLine['productId'], 'trackStock' | 'stock'>): { max: number; reason: string } {
  if (product.trackStock && product.stock < MAX_QUANTITY_PER_LINE) return { max: product.stock, reason: product.stock > 0 ? `Only ${product.stock} in stock` : 'Out of stock' };
  return { max: MAX_QUANTITY_PER_LINE, reason: `At most ${MAX_QUANTITY_PER_LINE} per product` };
}

export interface CartViewProps {
  /** Starts the payment; the route decides what that means (sign-in first, provider page). */
  onPayment: () => void;
  paying: boolean;
}

export function CartView({ onPayment, paying }: CartViewProps) {
  const cart = useCart();
  const change = useChangeCartQuantity();
  const remove = useRemoveCartLine();

  // A step, not a figure: see useChangeCartQuantity. One toast for the cart at a time.
  const changeQuantity = (line: CartLine, step: 1 | -1) => {
    change.mutate({ _id: line._id, change: step }, { onError: (error) => toast.error(errorMessage(error), { id: CART_TOAST_ID }) });
  };

  const removeLine = (line: CartLine) => {
    remove.mutate(
      { _id: line._id },
      {
        onSuccess: () => toast.success('Product Deleted From Cart', { id: CART_TOAST_ID }),
        onError: (error) => toast.error(errorMessage(error), { id: CART_TOAST_ID }),
      },
    );
  };

  const lines = cart.data ?? [];
  const totals = cartTotals(lines);
  // The offers (issue 30): priced again whenever the lines or their quantities change.
  const pricing = useCartPricing();
  const utils = trpc.useUtils();
  const linesKey = lines.map((line) => `${line._id}:${line.quantity}`).join(',');
  useEffect(() => {
    void utils.cart.pricing.invalidate();
  }, [linesKey, utils]);
  const priced = pricing.data ?? null;
  const pricedLine = (id: string) => priced?.lines.find((l) => l._id === id);
  const savings = priced ? priced.totals.saleSavings + priced.totals.discountTotal : 0;

  return (
    <section className="page" aria-labelledby="cart-heading">
      <h1 id="cart-heading" className="mb-4 text-2xl font-bold tracking-tight">
        Your Cart
      </h1>

      {cart.isSuccess && lines.length === 0 ? (
        <div className="card flex flex-col items-center gap-4 px-4 py-10 text-center">
          <p className="text-lg font-semibold text-zinc-800">No Data</p>
          <Link to="/" className="btn-primary">
            Continue shopping
          </Link>
        </div>
      ) : cart.isError ? (
        <p className="card px-4 py-10 text-center text-red-800" role="alert">
          {errorMessage(cart.error, 'Could not load the cart. Please try again.')}
        </p>
      ) : (
        <div className="flex flex-col gap-6 lg:flex-row lg:items-start">
          <ul className="flex w-full flex-col gap-3 lg:max-w-3xl" aria-busy={cart.isPending} aria-label="Cart items">
            {cart.isPending
              ? Array.from({ length: 4 }, (_, i) => (
                  <li key={i} className="card flex h-32 gap-4 p-3" aria-hidden="true">
                    <div className="skeleton aspect-square h-full" />
                    <div className="flex flex-1 flex-col gap-2 py-1">
                      <div className="skeleton h-4 w-3/4" />
                      <div className="skeleton h-3 w-1/4" />
                      <div className="skeleton h-4 w-1/3" />
                    </div>
                  </li>
                ))
              : lines.map((line) => (
                  <CartLineItem
                    key={line._id}
                    line={line}
                    priced={pricedLine(line._id)}
                    couponCode={priced?.coupon?.code ?? null}
                    onStep={(step) => changeQuantity(line, step)}
                    onRemove={() => removeLine(line)}
                  />
                ))}
          </ul>

          {lines.length > 0 ? (
            <aside className="card w-full p-5 lg:sticky lg:top-20 lg:max-w-sm" aria-labelledby="summary-heading">
              <h2 id="summary-heading" className="mb-4 text-lg font-bold">
                Summary
              </h2>
              <dl className="flex flex-col gap-3 text-base">
                <div className="flex justify-between gap-4">
                  <dt className="text-zinc-700">Quantity</dt>
                  <dd className="font-semibold" data-testid="summary-quantity">
                    {totals.quantity}
                  </dd>
                </div>
                {savings > 0 ? (
                  <div className="flex justify-between gap-4 text-green-800">
                    <dt>You save</dt>
                    <dd className="font-semibold" data-testid="summary-savings">
                      {formatINR(savings)}
                    </dd>
                  </div>
                ) : null}
                {priced?.prepaid ? (
                  <div className="flex justify-between gap-4 text-green-800">
                    <dt>{`${formatINR(priced.prepaid.saving)} off for paying online`}</dt>
                    <dd className="font-semibold" data-testid="summary-prepaid">
                      {`−${formatINR(priced.prepaid.saving)}`}
                    </dd>
                  </div>
                ) : null}
                <div className="flex justify-between gap-4">
                  <dt className="text-zinc-700">Total Price</dt>
                  <dd className="font-semibold" data-testid="summary-total">
                    {formatINR(priced?.prepaid?.onlineTotal ?? priced?.totals.total ?? totals.totalPrice)}
                  </dd>
                </div>
              </dl>
              {/* Paying online is the default; the total above is what it charges for the goods. */}
              {priced?.prepaid ? <p className="mt-2 text-sm text-zinc-700" data-testid="summary-cod-total">{`Cash on delivery: ${formatINR(priced.totals.total)}`}</p> : null}
              <div className="mt-4">
                <CouponBox coupon={priced?.coupon} />
              </div>
              <button type="button" className="btn-primary mt-5 min-h-11 w-full text-base" onClick={onPayment} disabled={paying || change.isPending}>
                {paying ? 'Opening payment…' : 'Payment'}
              </button>
            </aside>
          ) : null}
        </div>
      )}
    </section>
  );
}

const DISCOUNT_NAMES: Record<CartPricing['lines'][number]['discounts'][number]['kind'], string> = {
  coupon: 'Coupon',
  'buy-x-get-y': 'Combo offer',
  prepaid: 'Paying online',
};

function CartLineItem({
  line,
  priced,
  couponCode,
  onStep,
  onRemove,
}: {
  line: CartLine;
  priced: CartPricing['lines'][number] | undefined;
  couponCode: string | null;
  onStep: (step: 1 | -1) => void;
  onRemove: () => void;
}) {
  const categoryLabel = useCategoryLabelOf();
  const product = line.productId;
  const limit = lineLimit(product);
  const atLimit = line.quantity >= limit.max;
  const limitId = `cart-line-${line._id}-limit`;
  // A line is one variant: it names it ("256 GB, Marble Grey") and opens the product on it.
  const variantLabel = line.variant?.label ?? '';
  const productPath = `/product/${product._id}${line.variant && variantLabel ? `?variant=${encodeURIComponent(line.variant.sku)}` : ''}`;
  return (
    <li className="card relative flex gap-3 p-3 sm:gap-4" data-testid="cart-line">
      <div className="aspect-square w-24 shrink-0 self-start overflow-hidden rounded-xl bg-zinc-100 sm:w-32">
        <ProductImage
          url={product.productImage[0]}
          alt={product.productName}
          sizes="128px"
          className="h-full w-full object-contain p-2 mix-blend-multiply"
          width={128}
          height={128}
        />
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1 pr-10">
        <h2 className="line-clamp-2 text-base font-semibold text-zinc-900">
          <Link to={productPath} className="hover:underline">
            {product.productName}
          </Link>
        </h2>
        {variantLabel ? (
          <p className="text-sm font-medium text-zinc-800" data-testid="variant-label">
            {variantLabel}
          </p>
        ) : null}
        <p className="text-sm text-zinc-600">{categoryLabel(product.category)}</p>
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
          <p className="font-semibold text-brand-700">
            <span className="sr-only">Unit price: </span>
            {formatINR(priced?.unitPrice ?? product.sellingPrice)}
            {priced && priced.unitPrice < priced.listUnitPrice ? (
              <>
                <span className="sr-only">, usually </span>
                <s className="ml-2 text-sm font-normal text-zinc-500" data-testid="line-list-price">
                  {formatINR(priced.listUnitPrice)}
                </s>
              </>
            ) : null}
          </p>
          <p className="text-lg font-bold text-zinc-900">
            <span className="sr-only">Line total: </span>
            <span data-testid="line-total">{formatINR(priced?.net ?? product.sellingPrice * line.quantity)}</span>
          </p>
        </div>
        {priced && priced.discount > 0 ? (
          <ul className="text-sm font-medium text-green-800" data-testid="line-discount">
            {priced.discounts.map((d) => (
              <li key={d.offerId}>
                {`${d.kind === 'coupon' && couponCode ? `Coupon ${couponCode}` : DISCOUNT_NAMES[d.kind]}: `}
                <span className="whitespace-nowrap">{`−${formatINR(d.amount)}`}</span>
              </li>
            ))}
          </ul>
        ) : null}
        <div className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1" role="group" aria-label={`Quantity of ${product.productName}`}>
          <button
            type="button"
            className="inline-flex size-9 items-center justify-center rounded-lg border border-brand-700 text-brand-700 hover:bg-brand-700 hover:text-white disabled:border-zinc-300 disabled:text-zinc-500 disabled:hover:bg-transparent"
            aria-label="Decrease quantity"
            // Spec §4: minus does nothing below 2; the line is removed with the delete button.
            disabled={line.quantity < 2}
            onClick={() => {
              if (line.quantity >= 2) onStep(-1);
            }}
          >
            <MinusIcon className="size-4" />
          </button>
          <span className="min-w-8 text-center text-base font-semibold" aria-live="polite" aria-atomic="true" data-testid="line-quantity">
            {line.quantity}
          </span>
          <button
            type="button"
            className="inline-flex size-9 items-center justify-center rounded-lg border border-brand-700 text-brand-700 hover:bg-brand-700 hover:text-white disabled:border-zinc-300 disabled:text-zinc-500 disabled:hover:bg-transparent"
            aria-label="Increase quantity"
            // At the limit "+" is off and says why, rather than asking the server to refuse.
            disabled={atLimit}
            aria-describedby={atLimit ? limitId : undefined}
            onClick={() => {
              if (!atLimit) onStep(1);
            }}
          >
            <PlusIcon className="size-4" />
          </button>
          {atLimit ? (
            <span id={limitId} className="text-sm font-medium text-amber-800" data-testid="line-limit">
              {limit.reason}
            </span>
          ) : null}
        </div>
      </div>
      <button
        type="button"
        className="absolute right-2 top-2 inline-flex size-10 items-center justify-center rounded-full text-red-700 hover:bg-red-50"
        aria-label={`Remove ${product.productName} from cart`}
        onClick={onRemove}
      >
        <TrashIcon className="size-5" />
      </button>
    </li>
  );
}

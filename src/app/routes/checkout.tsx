import { useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { Link, Navigate } from 'react-router';
import { PageSpinner } from '../../components/ui/page-spinner';
import { useCurrentUser } from '../../features/account/api/use-current-user';
import { useCart } from '../../features/cart/api/use-cart';
import { useAddresses } from '../../features/checkout/api/use-addresses';
import { useStartCheckout } from '../../features/checkout/api/use-start-checkout';
import { useStorefrontInfo } from '../../features/settings/api/use-storefront-info';
import { AddressBook } from '../../features/checkout/components/address-book';
import { CheckoutSummary } from '../../features/checkout/components/checkout-summary';
import { errorAppCode, errorMessage } from '../../lib/trpc';
import { pageTitle } from '../../lib/page-titles';
import { useDocumentTitle } from '../../lib/use-document-title';

/** Refusals the cart page is where to fix. */
const CART_PROBLEMS = new Set(['CART_EMPTY', 'OUT_OF_STOCK', 'QUANTITY_INVALID']);

/** The address step, between the cart and the payment page (signed-in shoppers only). */
export function Component() {
  useDocumentTitle(pageTitle('Delivery address'));
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <PageSpinner />;
  if (!user) return <Navigate to="/login" replace state={{ from: '/checkout' }} />;
  return <AddressStep />;
}

type Failure = { code: string | undefined; message: string; addressId: string; pin: string };

function AddressStep() {
  const cart = useCart();
  const storefront = useStorefrontInfo();
  const addresses = useAddresses(true);
  const checkout = useStartCheckout();
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);

  if (cart.isPending || addresses.isPending) return <PageSpinner label="Loading checkout" />;

  const loadError = cart.isError ? cart.error : addresses.isError ? addresses.error : null;
  if (loadError) {
    return (
      <Frame>
        <p className="card px-4 py-10 text-center text-red-800" role="alert">
          {errorMessage(loadError, 'Could not load your checkout. Please try again.')}
        </p>
      </Frame>
    );
  }

  const lines = cart.data ?? [];
  if (lines.length === 0) {
    return (
      <Frame>
        <div className="card flex flex-col items-center gap-4 px-4 py-10 text-center">
          <p className="text-lg font-semibold text-zinc-800">Your cart is empty, so there is nothing to deliver yet.</p>
          <Link to="/cart" className="btn-primary min-h-11">
            Back to the cart
          </Link>
        </div>
      </Frame>
    );
  }

  const saved = addresses.data ?? [];
  // The shopper's choice while it exists, else the most recently used address (the list's first).
  const selected = saved.find((address) => address._id === chosenId) ?? saved[0] ?? null;
  const paying = checkout.isPending || checkout.isSuccess;
  // "Not delivered to this PIN" stays beside that address until its PIN is changed.
  const unserved = failure?.code === 'NOT_SERVICEABLE' && saved.some((a) => a._id === failure.addressId && a.pin === failure.pin) ? failure : null;
  const otherFailure = failure && failure.code !== 'NOT_SERVICEABLE' ? failure : null;

  const onContinue = () => {
    if (!selected) return;
    setFailure(null);
    checkout.mutate(
      { addressId: selected._id },
      {
        // Leave the single-page app for the provider's hosted payment page.
        onSuccess: (result) => window.location.assign(result.url),
        onError: (error) => {
          const message = errorMessage(error);
          toast.error(message);
          setFailure({ code: errorAppCode(error), message, addressId: selected._id, pin: selected.pin });
        },
      },
    );
  };

  return (
    <Frame>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start lg:gap-8">
        <section aria-labelledby="deliver-to-heading" className="flex min-w-0 flex-col gap-4">
          <h2 id="deliver-to-heading" className="text-lg font-bold">
            Deliver to
          </h2>
          <AddressBook
            addresses={saved}
            selectedId={selected?._id ?? null}
            onSelect={(addressId) => {
              setChosenId(addressId);
              if (failure && failure.code !== 'NOT_SERVICEABLE') setFailure(null);
            }}
            problem={unserved ? { addressId: unserved.addressId, message: unserved.message } : null}
            locked={paying}
          />
        </section>

        <CheckoutSummary
          lines={lines.map((line) => ({ id: line._id, name: line.productId.productName, quantity: line.quantity, price: line.productId.sellingPrice }))}
          shipping={storefront.data?.shipping}
        >
          {otherFailure ? (
            <div className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800" role="alert">
              <p>{otherFailure.message}</p>
              {otherFailure.code && CART_PROBLEMS.has(otherFailure.code) ? (
                <Link to="/cart" className="mt-1 inline-block font-semibold underline">
                  Go to the cart
                </Link>
              ) : null}
            </div>
          ) : null}
          <button
            type="button"
            className="btn-primary min-h-12 w-full text-base"
            onClick={onContinue}
            disabled={!selected || paying}
            aria-describedby={selected ? 'checkout-pay-note' : 'checkout-no-address'}
          >
            {paying ? 'Opening payment…' : 'Continue to payment'}
          </button>
          {selected ? (
            <p id="checkout-pay-note" className="text-center text-xs text-zinc-600">
              You pay on the secure payment page next.
            </p>
          ) : (
            <p id="checkout-no-address" className="text-center text-sm text-zinc-700">
              Add a delivery address to continue.
            </p>
          )}
        </CheckoutSummary>
      </div>
    </Frame>
  );
}

/** The page's heading and the steps of buying, around whatever the step shows. */
function Frame({ children }: { children: ReactNode }) {
  return (
    <section className="page" aria-labelledby="checkout-heading">
      <ol className="mb-3 flex flex-wrap items-center gap-2 text-sm text-zinc-600" aria-label="Checkout steps">
        <li>
          <Link to="/cart" className="hover:underline">
            Cart
          </Link>
        </li>
        <li aria-current="step" className="font-semibold text-brand-700">
          <span className="mr-2 font-normal text-zinc-500" aria-hidden="true">
            ›
          </span>
          Delivery address
        </li>
        <li>
          <span className="mr-2 text-zinc-500" aria-hidden="true">
            ›
          </span>
          Payment
        </li>
      </ol>
      <h1 id="checkout-heading" className="mb-6 text-2xl font-bold tracking-tight">
        Delivery address
      </h1>
      {children}
    </section>
  );
}

import { useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { Link, Navigate, useNavigate } from 'react-router';
import { formatINR } from '../../../shared/money';
import { PageSpinner } from '../../components/ui/page-spinner';
import { useCurrentUser } from '../../features/account/api/use-current-user';
import { useCart } from '../../features/cart/api/use-cart';
import { useCartPricing } from '../../features/cart/api/use-cart-pricing';
import { useAddresses } from '../../features/checkout/api/use-addresses';
import { useCheckoutOptions } from '../../features/checkout/api/use-checkout-options';
import { usePlaceCodOrder } from '../../features/checkout/api/use-place-cod-order';
import { useStartCheckout } from '../../features/checkout/api/use-start-checkout';
import { AddressBook } from '../../features/checkout/components/address-book';
import { CheckoutSummary } from '../../features/checkout/components/checkout-summary';
import { PaymentOptions } from '../../features/checkout/components/payment-options';
import { asksDelivery, deliveryFromTerms, deliveryOf, paymentInEffect, type DeliveryRate, type PaymentChoice } from '../../features/checkout/payment-choice';
import { errorAppCode, errorMessage } from '../../lib/trpc';
import { pageTitle } from '../../lib/page-titles';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useStorefrontInfo } from '../../lib/use-storefront-info';

/** Refusals the cart page is where to fix. */
const CART_PROBLEMS = new Set(['CART_EMPTY', 'OUT_OF_STOCK', 'QUANTITY_INVALID']);

/**
 * The checkout (signed-in shoppers only): the delivery address, then how to pay (an online
 * provider's page, or cash on delivery placed from here) and, when this page has to ask, the
 * delivery; the order summary with the button that goes on.
 */
export function Component() {
  useDocumentTitle(pageTitle('Checkout'));
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <PageSpinner />;
  if (!user) return <Navigate to="/login" replace state={{ from: '/checkout' }} />;
  return <CheckoutStep userId={user._id} />;
}

/** Where the checkout keeps a half-typed new address for the tab: per user, so another account signed in on the tab never sees it. */
export const checkoutAddressDraftKey = (userId: string) => `checkout-address:${userId}`;

type Failure = { code: string | undefined; message: string; addressId: string; pin: string };

function CheckoutStep({ userId }: { userId: string }) {
  const navigate = useNavigate();
  const cart = useCart();
  const pricing = useCartPricing();
  const storefront = useStorefrontInfo();
  const addresses = useAddresses(true);
  const checkout = useStartCheckout();
  const placeCod = usePlaceCodOrder();
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [wantedPayment, setWantedPayment] = useState<PaymentChoice | null>(null);
  const [wantedDelivery, setWantedDelivery] = useState<DeliveryRate>('standard');
  const [failure, setFailure] = useState<Failure | null>(null);
  // The most recently used address (the list's first) until the shopper picks another.
  const selected = addresses.data?.find((address) => address._id === chosenId) ?? addresses.data?.[0] ?? null;
  const options = useCheckoutOptions(selected?._id ?? null, !addresses.isPending && (cart.data?.length ?? 0) > 0);

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
  const paying = checkout.isPending || checkout.isSuccess || placeCod.isPending || placeCod.isSuccess;
  // "Not delivered to this PIN" stays beside that address until its PIN is changed.
  const unserved = failure?.code === 'NOT_SERVICEABLE' && saved.some((a) => a._id === failure.addressId && a.pin === failure.pin) ? failure : null;
  const otherFailure = failure && failure.code !== 'NOT_SERVICEABLE' ? failure : null;

  const offer = options.data;
  const payment = offer ? paymentInEffect(offer, wantedPayment) : null;
  const cod = payment?.kind === 'cod';
  const onThisPage = offer ? asksDelivery(offer, payment) : false;
  // After sale prices and the cart's coupon (issue 30), as checkout will charge them.
  const pricedLine = (id: string) => pricing.data?.lines.find((l) => l._id === id);
  const subtotal = lines.reduce((sum, line) => sum + (pricedLine(line._id)?.net ?? line.quantity * line.productId.sellingPrice), 0);
  // The server's prices once they are in; the shop's public terms until then (or if they fail).
  const deliveryChoices = offer?.delivery ?? (storefront.data ? deliveryFromTerms(storefront.data.shipping, subtotal) : []);
  const delivery = deliveryOf(deliveryChoices, onThisPage ? wantedDelivery : 'standard');
  const express = deliveryChoices.find((d) => d.rate === 'express');
  const codFee = cod && offer ? offer.cod.feePaise : 0;
  // The prepaid discount (the server's figure): what paying online takes off; cash on delivery does not get it.
  const prepaid = pricing.data?.prepaid ? { saving: pricing.data.prepaid.saving, online: !cod } : null;
  const total = subtotal + (delivery?.amount ?? 0) + codFee - (prepaid?.online ? prepaid.saving : 0);
  // The answer on screen may still be about the previous address (COD depends on the PIN).
  const checking = options.isPending || options.isPlaceholderData;
  const ready = selected !== null && !checking && (payment !== null || options.isError);

  const onFailure = (address: NonNullable<typeof selected>) => (error: unknown) => {
    const message = errorMessage(error);
    toast.error(message);
    setFailure({ code: errorAppCode(error), message, addressId: address._id, pin: address.pin });
  };

  const onContinue = () => {
    if (!selected || !ready) return;
    setFailure(null);
    if (payment?.kind === 'cod') {
      placeCod.mutate(
        { addressId: selected._id, shipping: delivery?.rate ?? 'standard' },
        {
          onSuccess: (result) => {
            if (result.url.startsWith('/')) void navigate(result.url);
            else window.location.assign(result.url);
          },
          onError: onFailure(selected),
        },
      );
      return;
    }
    checkout.mutate(
      {
        addressId: selected._id,
        // Without the options (they failed to load) the server picks its own provider, as before.
        ...(payment ? { provider: payment.provider } : {}),
        ...(onThisPage && delivery ? { shipping: delivery.rate } : {}),
      },
      {
        // Leave the single-page app for the provider's hosted payment page.
        onSuccess: (result) => window.location.assign(result.url),
        onError: onFailure(selected),
      },
    );
  };

  // Online with the delivery chosen here: the amount is known. Otherwise the payment page may add express.
  const label = paying
    ? cod
      ? 'Placing your order…'
      : 'Opening payment…'
    : cod
      ? `Place order (pay ${formatINR(total)} on delivery)`
      : onThisPage
        ? `Pay ${formatINR(total)}`
        : 'Continue to payment';

  return (
    <Frame>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start lg:gap-8">
        <div className="flex min-w-0 flex-col gap-8">
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
              draftKey={checkoutAddressDraftKey(userId)}
            />
          </section>

          <section aria-labelledby="payment-heading" className="flex min-w-0 flex-col gap-4" aria-busy={checking}>
            <h2 id="payment-heading" className="text-lg font-bold">
              Payment
            </h2>
            {offer ? (
              <PaymentOptions
                options={offer}
                choice={payment}
                onChoose={(choice) => {
                  setWantedPayment(choice);
                  if (failure && failure.code !== 'NOT_SERVICEABLE') setFailure(null);
                }}
                asksDelivery={onThisPage}
                delivery={delivery?.rate ?? 'standard'}
                onDelivery={setWantedDelivery}
                locked={paying}
              />
            ) : options.isError ? (
              <div className="card flex flex-col items-start gap-3 p-4 text-sm text-zinc-800" role="alert">
                <p>{errorMessage(options.error, 'Could not load the ways to pay.')} You can still pay online on the payment page.</p>
                <button type="button" className="btn-outline min-h-10" onClick={() => void options.refetch()}>
                  Try again
                </button>
              </div>
            ) : (
              <div className="flex flex-col gap-3">
                <span className="sr-only">Loading the ways to pay</span>
                <div className="skeleton h-16 w-full" aria-hidden="true" />
                <div className="skeleton h-16 w-full" aria-hidden="true" />
              </div>
            )}
          </section>
        </div>

        <CheckoutSummary
          lines={lines.map((line) => ({
            id: line._id,
            name: line.productId.productName,
            variantLabel: line.variant?.label ?? '',
            quantity: line.quantity,
            price: pricedLine(line._id)?.unitPrice ?? line.productId.sellingPrice,
            lineTotal: pricedLine(line._id)?.net,
          }))}
          delivery={delivery}
          expressOnPaymentPage={!onThisPage && express ? express : null}
          freeAbovePaise={storefront.data?.shipping.freeAbovePaise}
          codFee={codFee}
          prepaid={prepaid}
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
            className="btn-primary min-h-12 w-full text-center text-base"
            onClick={onContinue}
            disabled={!ready || paying}
            aria-describedby={selected ? 'checkout-pay-note' : 'checkout-no-address'}
          >
            {label}
          </button>
          {selected ? (
            <p id="checkout-pay-note" className="text-center text-xs text-zinc-600">
              {cod ? 'You pay the courier in cash when the order arrives.' : 'You pay on the secure payment page next.'}
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
          Address and payment
        </li>
        <li>
          <span className="mr-2 text-zinc-500" aria-hidden="true">
            ›
          </span>
          Order placed
        </li>
      </ol>
      <h1 id="checkout-heading" className="mb-6 text-2xl font-bold tracking-tight">
        Checkout
      </h1>
      {children}
    </section>
  );
}

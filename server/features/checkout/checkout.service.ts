import { setTimeout as sleep } from 'node:timers/promises';
import { newId, type DB } from '../../db/database';
import { transaction } from '../../db/transaction';
import { AppError } from '../../errors';
import type { Deps } from '../../deps';
import type { StartCheckoutResult } from '../../../shared/schemas/order';
import { MAX_QUANTITY_PER_LINE } from '../../../shared/schemas/cart';
import * as orders from '../order/order.service';
import { stockLeft, takeStock } from '../catalog/catalog.service';
import * as q from './checkout.queries';
import { expireCheckoutSession, releaseOrder } from './fulfilment.service';
import { findSavedAddress, markAddressUsed } from '../account/address.service';
import { isServiceable, loadSettings, shippingOptionsFor } from '../../settings/shop-settings';
import type { DeliveryAddress } from '../../../shared/schemas/settings';
import type { PaymentProvider, ProviderKind, ShippingOption, ShippingRateKey } from '../../payments/payment-provider';
import { cartCouponOf, couponRefusalError, priceLines, takeCouponUse, type PricedCart } from '../offers/pricing.service';
import type { CartLineInput } from '../../../shared/offers';

/** An open session with less time left than this is replaced rather than handed out again. */
export const MIN_SESSION_TIME_LEFT_MS = 2 * 60 * 1000;
/** How long a repeated checkout waits for a concurrent one to open its payment session. */
export const CONCURRENT_CHECKOUT_WAIT_MS = 15_000;
const CONCURRENT_CHECKOUT_POLL_MS = 50;
const MAX_REPLACEMENTS = 3;

type Reserved = {
  kind: 'created';
  orderId: string;
  orderNumber: string;
  lines: q.CheckoutLine[];
  priced: PricedCart;
  shippingOptions: ShippingOption[];
  shipping: ShippingOption | null;
  deliveryAddress: DeliveryAddress | null;
};
type FoundOpen = { kind: 'open'; order: orders.OrderRecord; sameCart: boolean };

/**
 * Starts a card checkout for the user's cart. Prices, names and images come from the database;
 * nothing the client sent is used. A user has at most one open checkout:
 * - the same cart as an open checkout (a double click, a second tab, a retry) gets that same
 *   session back (same id and url), waiting for it if a concurrent request is still opening it;
 * - a changed cart (or a session about to expire) closes the open one at the provider and
 *   releases its stock (or fulfils it, if it was paid meanwhile), then reserves anew.
 *
 * A new checkout reserves every line's stock with a conditional UPDATE and writes a pending
 * order with a snapshot of its lines in ONE short transaction; the provider is called after the
 * commit (never inside a transaction, which would hold the whole database), then the session is
 * recorded. If the provider fails the reservation is released and the order cancelled.
 *
 * Throws CART_EMPTY, OUT_OF_STOCK (naming the product), QUANTITY_INVALID, PAYMENT_PROVIDER, and
 * CONFLICT when an earlier payment is still being processed.
 */
export async function startCheckout(
  deps: Deps,
  user: { id: string; email: string },
  opts: { addressId?: string | null; provider?: ProviderKind | undefined; shipping?: ShippingRateKey | undefined } = {},
): Promise<StartCheckoutResult> {
  const waitUntil = Date.now() + CONCURRENT_CHECKOUT_WAIT_MS;
  const provider = await chooseOnlineProvider(deps, opts.provider);
  const address = await deliveryAddressFor(deps, user.id, opts.addressId ?? null);
  // A provider whose page cannot offer the delivery choice charges the one made here.
  const shippingChoice = providerChoosesDelivery(provider.kind) ? null : (opts.shipping ?? 'standard');
  let replacements = 0;
  for (;;) {
    const step = await reserveOrFindOpen(deps, user, address, provider.kind, shippingChoice);
    if (step.kind === 'created') return openPaymentSession(deps, provider, user, step);

    const { order, sameCart } = step;
    const leftMs = order.expiresAt === null ? Infinity : new Date(order.expiresAt).getTime() - deps.clock().getTime();
    if (sameCart && order.provider === provider.kind && (shippingChoice === null || order.shippingRate === shippingChoice)) {
      if (order.paymentSessionId !== null && order.paymentSessionUrl !== null && leftMs >= MIN_SESSION_TIME_LEFT_MS) {
        return { orderId: order.id, sessionId: order.paymentSessionId, url: order.paymentSessionUrl };
      }
      if (order.paymentSessionId === null && Date.now() < waitUntil) {
        // Another request for this cart is opening the payment page right now.
        await sleep(CONCURRENT_CHECKOUT_POLL_MS);
        continue;
      }
    }
    if (++replacements > MAX_REPLACEMENTS) {
      throw new AppError('CONFLICT', 'Another checkout of yours is still being prepared. Please try again in a moment.');
    }
    await closeOpenCheckout(deps, order);
  }
}

/**
 * The saved address the shopper chose, checked against the serviceable PIN codes; null for a
 * checkout without one (the payment page then collects it). Throws NOT_FOUND for an address
 * that is not the caller's and NOT_SERVICEABLE for a PIN the shop does not deliver to.
 */
export async function deliveryAddressFor(deps: Deps, userId: string, addressId: string | null): Promise<DeliveryAddress | null> {
  if (addressId === null) return null;
  const saved = await findSavedAddress(deps.db, userId, addressId);
  if (!saved) throw new AppError('NOT_FOUND', 'That delivery address was not found: choose another or add it again.');
  const settings = await loadSettings(deps.db, deps);
  if (!isServiceable(settings, saved.pin)) throw new AppError('NOT_SERVICEABLE', `Sorry, we do not deliver to PIN code ${saved.pin} yet. Choose another address.`);
  await markAddressUsed(deps.db, userId, addressId, deps.clock().toISOString());
  const { _id: _unusedId, createdAt: _unusedCreatedAt, ...address } = saved;
  return address;
}

/**
 * In one transaction: the user's open checkout if there is one (and whether the cart and the
 * delivery address still match it), else a new pending order with every line's stock reserved,
 * each line's HSN and GST rate, the delivery choices and the address.
 */
async function reserveOrFindOpen(
  deps: Deps,
  user: { id: string; email: string },
  address: DeliveryAddress | null,
  providerKind: ProviderKind,
  shippingChoice: ShippingRateKey | null,
): Promise<Reserved | FoundOpen> {
  const createdAt = deps.clock().toISOString();
  return transaction(
    deps.db,
    async (trx): Promise<Reserved | FoundOpen> => {
      const lines = await q.listCheckoutLines(trx, user.id);
      const open = await orders.findPendingOrderOf(trx, user.id);
      if (open) {
        const sameAddress = address === null || JSON.stringify(open.deliveryAddress) === JSON.stringify(address);
        // Priced as the open order was (its own coupon use left out of the shopper's count).
        const priced = await priceCheckout(trx, deps, user.id, lines, 'online', open.id);
        const sameOffers = (open.couponCode ?? null) === appliedCouponCode(priced);
        return { kind: 'open', order: open, sameCart: sameAddress && sameOffers && sameLines(lines, await orders.listOrderItemStock(trx, open.id), priced) };
      }

      if (lines.length === 0) throw new AppError('CART_EMPTY', 'Your cart is empty');
      const priced = await priceCheckout(trx, deps, user.id, lines, 'online');
      if (priced.coupon && !priced.coupon.applied) throw couponRefusalError(priced.coupon);
      const orderId = newId();
      const taken = await takeCartLines(trx, lines, orderId, createdAt);
      // The goods after every discount: what the provider is asked for, with the delivery charge.
      const totalAmount = priced.totals.total;
      const settings = await loadSettings(trx, deps);
      const shippingOptions = deliveryAfterCoupon(priced, shippingOptionsFor(settings, totalAmount, address?.pin ?? null));
      const shipping = shippingChoice === null ? null : (shippingOptions.find((o) => o.rate === shippingChoice) ?? null);
      if (shippingChoice !== null && shipping === null) throw rateNotOffered(shippingChoice, address?.pin ?? null);
      const orderNumber = await orders.insertPendingOrder(trx, {
        id: orderId,
        userId: user.id,
        email: user.email,
        provider: providerKind,
        shipping,
        totalAmount,
        discountTotal: priced.totals.discountTotal,
        couponCode: appliedCouponCode(priced),
        nowIso: createdAt,
        deliveryAddress: address,
        shippingOffer: shippingOptions,
        shippingTax: { hsn: settings.tax.shippingSac, rateBasisPoints: settings.tax.shippingRateBp },
        items: orderItemsOf(lines, taken, priced),
        numbering: settings,
      });
      await takeCouponUse(trx, priced, { id: orderId, userId: user.id, at: createdAt });
      return { kind: 'created', orderId, orderNumber, lines, priced, shippingOptions, shipping, deliveryAddress: address };
    },
    { locks: [`user:${user.id}`] },
  );
}

/** A delivery rate the owner's table of days does not offer to the address's PIN (express to a zone set to "not offered"). */
export function rateNotOffered(rate: ShippingRateKey, pin: string | null): AppError {
  const name = rate === 'express' ? 'Express delivery' : 'Standard delivery';
  return new AppError('BAD_INPUT', `${name} is not offered to PIN code ${pin ?? 'of this address'}. Choose another delivery option.`, {
    fieldErrors: { shipping: `${name.toLowerCase()} is not offered to this PIN code` },
  });
}

/** The cart holds exactly what the order was opened for: same products, quantities, prices and discounts, in the same order. */
function sameLines(cart: readonly q.CheckoutLine[], items: readonly orders.OrderItemStock[], priced: PricedCart): boolean {
  return (
    cart.length === items.length &&
    cart.every((line, i) => {
      const item = items[i];
      const offer = priced.lines[i];
      return (
        item !== undefined &&
        offer !== undefined &&
        item.variantId === line.variantId &&
        item.quantity === line.quantity &&
        item.unitPrice === offer.unitPrice &&
        item.discount === offer.discount
      );
    })
  );
}

/** The cart's lines as the offers engine reads them, keyed by variant (a cart holds one line per variant). */
export function offerLinesOf(lines: readonly q.CheckoutLine[]): CartLineInput[] {
  return lines.map((line) => ({
    key: line.variantId,
    productId: line.productId,
    variantId: line.variantId,
    category: line.category,
    brand: line.brand,
    listUnitPrice: line.unitPrice,
    quantity: line.quantity,
    gstRateBp: line.rateBasisPoints,
  }));
}

/**
 * Prices the shopper's checkout lines with the offers live now (the shop's clock) and the code
 * on their cart: the sale prices, buy X get Y, the coupon and, paying online, the prepaid
 * discount. The delivery charge is chosen later (often on the provider's page) and stays apart.
 */
export async function priceCheckout(
  db: DB,
  deps: Deps,
  userId: string,
  lines: readonly q.CheckoutLine[],
  payment: 'online' | 'cod',
  exceptOrderId: string | null = null,
): Promise<PricedCart> {
  return priceLines(db, {
    now: deps.clock().toISOString(),
    lines: offerLinesOf(lines),
    couponCode: await cartCouponOf(db, { userId }),
    userId,
    payment,
    exceptOrderId,
  });
}

/** The code of the coupon the priced cart applied, or null. */
export function appliedCouponCode(priced: PricedCart): string | null {
  return priced.applied.find((a) => a.kind === 'coupon')?.code ?? null;
}

/** A free-delivery coupon makes every delivery choice free. */
export function deliveryAfterCoupon(priced: PricedCart, options: ShippingOption[]): ShippingOption[] {
  return priced.applied.some((a) => a.kind === 'coupon' && a.on === 'delivery') ? options.map((o) => ({ ...o, amount: 0 })) : options;
}

/**
 * The lines the provider's page lists, adding up to each line's net to the paisa: a line whose
 * net splits evenly over its units is one line; otherwise its units are priced at the two
 * nearest whole paise (₹12,345.67 over 3 units: 2 at 4,115.22 and 1 at 4,115.23).
 */
export function providerLines(lines: readonly q.CheckoutLine[], priced: PricedCart): { name: string; imageUrl: string | null; unitAmount: number; quantity: number }[] {
  return lines.flatMap((line, i) => {
    const net = priced.lines[i]?.net ?? line.unitPrice * line.quantity;
    const base = Math.floor(net / line.quantity);
    const extra = net - base * line.quantity;
    const name = lineName(line);
    const imageUrl = line.images[0] ?? null;
    const out = [];
    if (line.quantity - extra > 0) out.push({ name, imageUrl, unitAmount: base, quantity: line.quantity - extra });
    if (extra > 0) out.push({ name, imageUrl, unitAmount: base + 1, quantity: extra });
    return out;
  });
}

/**
 * Ends an open checkout so a new one can start: its session is closed at the provider and the
 * answer applied (a session paid a moment ago is fulfilled, not cancelled); an order without a
 * session, or of another provider, is released directly.
 */
export async function closeOpenCheckout(deps: Deps, order: orders.OrderRecord): Promise<void> {
  const provider = deps.providers.byKind(order.provider);
  if (order.paymentSessionId === null || provider === null) {
    await releaseOrder(deps, order.id, 'replaced by a new checkout');
    return;
  }
  try {
    await expireCheckoutSession(deps, provider, order.paymentSessionId);
  } catch (error) {
    if (!(error instanceof AppError && error.appCode === 'NOT_FOUND')) throw error;
    await releaseOrder(deps, order.id, 'replaced by a new checkout; the provider does not know its session');
  }
  const after = await orders.findOrderRecord(deps.db, order.id);
  if (after?.status === 'pending') {
    throw new AppError('CONFLICT', 'Your previous payment is still being processed. You can check out again once it completes.');
  }
}

async function openPaymentSession(deps: Deps, provider: PaymentProvider, user: { id: string; email: string }, reserved: Reserved): Promise<StartCheckoutResult> {
  const { orderId, orderNumber, lines, priced, shippingOptions, shipping, deliveryAddress } = reserved;
  let session: { id: string; url: string; expiresAt: string };
  try {
    session = await provider.createSession({
      orderId,
      orderNumber,
      email: user.email,
      lines: providerLines(lines, priced),
      shippingOptions,
      shipping,
      deliveryAddress,
      idempotencyKey: `checkout-${orderId}`,
    });
  } catch (error) {
    await releaseOrder(deps, orderId, 'payment provider failed to open a session');
    if (error instanceof AppError && error.appCode === 'PAYMENT_PROVIDER') throw error;
    deps.log.error({ err: error, orderId }, 'checkout: could not open a payment session');
    throw new AppError('PAYMENT_PROVIDER', 'The payment provider is not answering right now. Please try again in a moment.', { cause: error });
  }
  await orders.setOrderPaymentSession(deps.db, orderId, session, deps.clock().toISOString());
  return { orderId, sessionId: session.id, url: session.url };
}

/** Stripe's page and the test page offer the delivery choices; Razorpay's payment link charges a fixed amount, so the shop's checkout page asks. */
export function providerChoosesDelivery(kind: ProviderKind): boolean {
  return kind !== 'razorpay';
}

export const PROVIDER_LABELS: Record<ProviderKind, string> = {
  razorpay: 'UPI, cards, netbanking and wallets (Razorpay)',
  stripe: 'Card (Stripe)',
  test: 'Card (test checkout: no money moves)',
};

/**
 * The online providers the Payment button offers, in order: the owner's choice when both
 * Stripe's and Razorpay's keys are set (Razorpay first when both are offered: UPI is how most
 * Indian shoppers pay), the one configured otherwise, the test checkout when none is.
 */
export async function offeredOnlineProviders(deps: Deps): Promise<PaymentProvider[]> {
  const configured = deps.providers.online;
  const choice = (await loadSettings(deps.db, deps)).payments.online;
  const picked = choice === 'both' ? configured : configured.filter((p) => p.kind === choice);
  const list = picked.length > 0 ? picked : configured;
  return [...list].sort((a, b) => Number(b.kind === 'razorpay') - Number(a.kind === 'razorpay'));
}

/** The provider for this checkout: the one asked for if offered, else the first offered. Throws BAD_INPUT for one not offered. */
async function chooseOnlineProvider(deps: Deps, requested: ProviderKind | undefined): Promise<PaymentProvider> {
  const offered = await offeredOnlineProviders(deps);
  if (requested === undefined) return offered[0] ?? deps.payments;
  const provider = offered.find((p) => p.kind === requested);
  if (!provider) throw new AppError('BAD_INPUT', `This shop does not take payments through ${requested} right now: choose another way to pay.`);
  return provider;
}

/**
 * Takes every cart line's units from stock for `orderId`, all or none (the caller's transaction
 * rolls back on a refusal); returns the units taken per line (0 for an untracked product).
 * Throws QUANTITY_INVALID, and OUT_OF_STOCK naming the product and what is left now.
 */
export async function takeCartLines(trx: DB, lines: readonly q.CheckoutLine[], orderId: string, at: string): Promise<number[]> {
  const taken: number[] = [];
  for (const line of lines) {
    if (line.quantity < 1 || line.quantity > MAX_QUANTITY_PER_LINE) {
      throw new AppError('QUANTITY_INVALID', `The quantity of ${line.name} must be from 1 to ${MAX_QUANTITY_PER_LINE}`);
    }
    const result = await takeStock(trx, line.variantId, line.quantity, { reason: 'sale', at, orderId, onSaleOnly: true });
    if (result === 'short') {
      // What is left now: on PostgreSQL another checkout may have taken units since the cart was read.
      const left = await stockLeft(trx, line.variantId);
      const name = lineName(line);
      throw new AppError(
        'OUT_OF_STOCK',
        left < 1 ? `${name} is out of stock: remove it from your cart to continue` : `Only ${left} of ${name} left in stock: lower the quantity in your cart`,
      );
    }
    taken.push(result === 'taken' ? line.quantity : 0);
  }
  return taken;
}

/** A line's name as the payment page and messages show it: "Galaxy S24 (256 GB, Marble Grey)". */
export function lineName(line: { name: string; variantLabel: string }): string {
  return line.variantLabel ? `${line.name} (${line.variantLabel})` : line.name;
}

/** The order's lines as bought: a snapshot of each cart line with the units taken for it, its tax at checkout and its offers (the sale price, each discount). */
export function orderItemsOf(lines: readonly q.CheckoutLine[], taken: readonly number[], priced?: PricedCart): orders.NewOrder['items'] {
  return lines.map((line, i) => ({
    ...offerFieldsOf(line, priced?.lines[i]),
    id: newId(),
    productId: line.productId,
    variantId: line.variantId,
    sku: line.sku,
    variantLabel: line.variantLabel,
    name: line.name,
    images: line.images,
    unitPrice: priced?.lines[i]?.unitPrice ?? line.unitPrice,
    quantity: line.quantity,
    stockTaken: taken[i] ?? 0,
    hsn: line.hsn,
    rateBasisPoints: line.rateBasisPoints,
  }));
}

function offerFieldsOf(line: q.CheckoutLine, priced: PricedCart['lines'][number] | undefined) {
  if (!priced || priced.key !== line.variantId) return {};
  return { listUnitPrice: priced.listUnitPrice, saleOfferId: priced.saleOfferId, discounts: priced.discounts.map((d) => ({ offerId: d.offerId, kind: d.kind, amount: d.amount })) };
}

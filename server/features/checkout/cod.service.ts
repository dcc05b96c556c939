import { newId } from '../../db/database';
import { transaction } from '../../db/transaction';
import { AppError } from '../../errors';
import type { Deps } from '../../deps';
import type { CheckoutOptions, Order, PlaceCodOrderResult } from '../../../shared/schemas/order';
import type { ShopSettings } from '../../../shared/schemas/settings';
import { formatINR } from '../../../shared/money';
import type { ShippingRateKey } from '../../payments/payment-provider';
import * as orders from '../order/order.service';
import * as shipping from '../shipping/shipping.service';
import { removeBoughtProducts } from '../cart/cart.service';
import { codServesPin, deliveryCheck, loadSettings, shippingOptionsFor } from '../../settings/shop-settings';
import { courierEtdFor } from '../../settings/courier-dates';
import { findSavedAddress } from '../account/address.service';
import { writeAudit } from '../../audit/audit';
import * as q from './checkout.queries';
import { couponRefusalError, releaseCouponUses, removeCartCoupon, takeCouponUse } from '../offers/pricing.service';
import {
  PROVIDER_LABELS,
  closeOpenCheckout,
  deliveryAddressFor,
  offeredOnlineProviders,
  orderItemsOf,
  providerChoosesDelivery,
  rateNotOffered,
  takeCartLines,
  appliedCouponCode,
  deliveryAfterCoupon,
  priceCheckout,
} from './checkout.service';

/** How many times a COD checkout closes a pending online checkout of the same shopper before giving up. */
const MAX_CLOSES = 3;

/**
 * Why cash on delivery is not possible for an order of `total` paise to `pin` (null: it is). The
 * PIN rule is the owner's COD list (every serviceable PIN when empty).
 */
function codRefusal(settings: ShopSettings, total: number, pin: string | null): string | null {
  const cod = settings.payments.cod;
  if (!cod.enabled) return 'Cash on delivery is not offered by this shop.';
  if (total > cod.maxOrderPaise) return `Cash on delivery is available for orders up to ${formatINR(cod.maxOrderPaise)}. Pay online for this one.`;
  if (pin !== null && !codServesPin(settings, pin)) return `Cash on delivery is not available for PIN code ${pin}. Pay online for this one.`;
  return null;
}

/**
 * What the checkout page offers for the caller's cart and (optionally) a saved address: the
 * delivery choices, the online providers, and whether cash on delivery is possible and why not.
 */
export async function checkoutOptions(deps: Deps, userId: string, addressId: string | null): Promise<CheckoutOptions> {
  const settings = await loadSettings(deps.db, deps);
  const lines = await q.listCheckoutLines(deps.db, userId);
  // After sale prices and the cart's coupon (the prepaid discount comes off only when paying online).
  const subtotal = (await priceCheckout(deps.db, deps, userId, lines, 'cod')).totals.total;
  const saved = addressId ? await findSavedAddress(deps.db, userId, addressId) : null;
  // "Delivery by Thursday, 3 December" beside each rate, for the chosen address's PIN.
  const check = saved ? deliveryCheck(settings, saved.pin, deps.clock(), { courierEtd: await courierEtdFor(deps, settings, saved.pin) }) : null;
  const delivery = shippingOptionsFor(settings, subtotal, saved?.pin ?? null).map((option) => ({
    ...option,
    days: option.rate === 'express' ? settings.shipping.expressDays : settings.shipping.standardDays,
    by: check?.[option.rate]?.label ?? null,
  }));
  const fee = settings.payments.cod.feePaise;
  // The cheapest delivery decides whether the order fits under the COD limit at all.
  const cheapest = Math.min(...delivery.map((d) => d.amount));
  const refusal = codRefusal(settings, subtotal + cheapest + fee, saved?.pin ?? null);
  return {
    subtotal,
    delivery,
    online: (await offeredOnlineProviders(deps)).map((p) => ({ kind: p.kind, label: PROVIDER_LABELS[p.kind], choosesDelivery: providerChoosesDelivery(p.kind) })),
    cod: {
      offered: settings.payments.cod.enabled,
      available: refusal === null && lines.length > 0,
      reason: lines.length === 0 ? 'Your cart is empty' : refusal,
      feePaise: fee,
      maxOrderPaise: settings.payments.cod.maxOrderPaise,
    },
  };
}

/**
 * Places a cash-on-delivery order for the caller's cart: checked against the owner's COD
 * settings (on, the order's value, the PIN, the shopper's open COD orders), then in ONE
 * transaction every line's stock is taken with no expiry, the order is written as `confirmed`
 * with the delivery and the COD fee as its own amounts, the bought products leave the cart and
 * the confirmation email is queued. A pending online checkout of the same shopper is closed
 * first (its reservation would hold the same units twice). Prices come from the database.
 *
 * Throws COD_UNAVAILABLE, COD_LIMIT, NOT_FOUND (address), NOT_SERVICEABLE, CART_EMPTY,
 * OUT_OF_STOCK, QUANTITY_INVALID, CONFLICT.
 */
export async function placeCodOrder(deps: Deps, user: { id: string; email: string }, input: { addressId: string; shipping: ShippingRateKey }): Promise<PlaceCodOrderResult> {
  const before = await loadSettings(deps.db, deps);
  if (!before.payments.cod.enabled) throw new AppError('COD_UNAVAILABLE', 'Cash on delivery is not offered by this shop.');
  const address = await deliveryAddressFor(deps, user.id, input.addressId);
  if (!address) throw new AppError('NOT_FOUND', 'Choose a delivery address for cash on delivery.');

  for (let closes = 0; ; closes++) {
    const open = await orders.findPendingOrderOf(deps.db, user.id);
    if (!open) break;
    if (closes >= MAX_CLOSES) throw new AppError('CONFLICT', 'Another checkout of yours is still being prepared. Please try again in a moment.');
    await closeOpenCheckout(deps, open);
  }

  const orderId = newId();
  const createdAt = deps.clock().toISOString();
  await transaction(
    deps.db,
    async (trx) => {
      if (await orders.findPendingOrderOf(trx, user.id)) {
        throw new AppError('CONFLICT', 'Another checkout of yours started meanwhile: finish or cancel it, then try again.');
      }
      const settings = await loadSettings(trx, deps);
      const cod = settings.payments.cod;
      const open = await orders.countOpenCodOrders(trx, user.id);
      if (open >= cod.maxOpenOrders) {
        throw new AppError(
          'COD_LIMIT',
          `You already have ${open} cash on delivery order${open === 1 ? '' : 's'} on the way (the most this shop allows at once is ${cod.maxOpenOrders}). Pay online for this one, or wait for the earlier ones to arrive.`,
        );
      }
      const lines = await q.listCheckoutLines(trx, user.id);
      if (lines.length === 0) throw new AppError('CART_EMPTY', 'Your cart is empty');
      // Priced from the database's prices and offers (no prepaid discount on cash on delivery).
      const priced = await priceCheckout(trx, deps, user.id, lines, 'cod');
      if (priced.coupon && !priced.coupon.applied) throw couponRefusalError(priced.coupon);
      const subtotal = priced.totals.total;
      const shippingOptions = deliveryAfterCoupon(priced, shippingOptionsFor(settings, subtotal, address.pin));
      const shipping = shippingOptions.find((o) => o.rate === input.shipping);
      if (!shipping) throw rateNotOffered(input.shipping, address.pin);
      const refusal = codRefusal(settings, subtotal + shipping.amount + cod.feePaise, address.pin);
      if (refusal) throw new AppError('COD_UNAVAILABLE', refusal);

      const taken = await takeCartLines(trx, lines, orderId, createdAt);
      await orders.insertPendingOrder(trx, {
        id: orderId,
        userId: user.id,
        email: user.email,
        provider: 'cod',
        status: 'confirmed',
        shipping,
        codFee: cod.feePaise,
        totalAmount: subtotal,
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
      await removeBoughtProducts(
        trx,
        user.id,
        lines.map((line) => line.variantId),
      );
      if (appliedCouponCode(priced) !== null) await removeCartCoupon(trx, { userId: user.id });
      await orders.enqueueOrderConfirmation(trx, deps, orderId);
    },
    { locks: [`user:${user.id}`] },
  );
  deps.log.info({ orderId }, 'cash on delivery order placed');
  return { orderId, url: `/success?order_id=${encodeURIComponent(orderId)}` };
}

/**
 * The shopper cancels their own cash-on-delivery order before it ships: it becomes cancelled,
 * its units go back on sale, the cancellation email is queued and the audit log records it, in
 * one transaction. Throws
 * ORDER_NOT_FOUND for an order that is not the caller's, INVALID_TRANSITION once it has shipped.
 */
export async function cancelOwnCodOrder(deps: Deps, userId: string, orderId: string): Promise<Order> {
  const now = deps.clock().toISOString();
  // A parcel booked with Shiprocket and not picked up: Shiprocket cancels its order first (a
  // refusal, the courier has it, is a 409 and nothing changes).
  const mineBefore = await orders.findOrderRecord(deps.db, orderId);
  let courierCancel: shipping.CourierCancel = null;
  if (mineBefore?.userId === userId && mineBefore.provider === 'cod' && mineBefore.status === 'confirmed') {
    try {
      courierCancel = await shipping.cancelWithCourier(deps, orderId);
    } catch (error) {
      if (error instanceof AppError && error.appCode === 'CONFLICT')
        throw new AppError('INVALID_TRANSITION', 'Your parcel is already with the courier and can no longer be cancelled: you may refuse it at the door.');
      throw error;
    }
  }
  await transaction(
    deps.db,
    async (trx) => {
      const order = await orders.findOrderRecord(trx, orderId);
      if (!order || order.userId !== userId) throw new AppError('ORDER_NOT_FOUND', 'Order not found');
      if (order.provider !== 'cod') {
        throw new AppError('INVALID_TRANSITION', 'An order paid online is cancelled by the shop: contact us and we will cancel it and refund you.');
      }
      if (order.status !== 'confirmed') {
        throw new AppError(
          'INVALID_TRANSITION',
          order.status === 'shipped'
            ? 'This order has shipped and can no longer be cancelled: you may refuse it at the door.'
            : `This order is ${order.status} and cannot be cancelled.`,
        );
      }
      if (!(await orders.updateOrderStatus(trx, orderId, 'confirmed', 'cancelled', now)))
        throw new AppError('INVALID_TRANSITION', 'This order was changed meanwhile: reload the page.');
      await orders.releaseOrderStock(trx, orderId, { reason: 'release', at: now, note: 'cash on delivery order cancelled by the shopper' });
      // Its parcel, packed or booked, is unpacked: its units' numbers are free again.
      await shipping.followOrderStatus(trx, orderId, 'cancelled', { actorId: userId, now, courierCancel });
      await releaseCouponUses(trx, orderId, now);
      await orders.enqueueOrderStatusMail(trx, deps, orderId, 'cancelled');
      // An order moving is traced whoever moves it: the owner sees the shopper's cancellation in the audit log.
      await writeAudit(trx, { at: now, actorId: userId, action: 'order.status', detail: { orderId, from: 'confirmed', to: 'cancelled', by: 'customer', stockBack: true } });
    },
    { locks: [`order:${orderId}`] },
  );
  deps.log.info({ orderId }, 'cash on delivery order cancelled by its shopper');
  const mine = (await orders.listOrders(deps.db, { userId })).find((o) => o._id === orderId);
  if (!mine) throw new AppError('ORDER_NOT_FOUND', 'Order not found');
  return mine;
}

import type { DB } from '../../db/database';
import { transaction } from '../../db/transaction';
import { newId } from '../../db/database';
import { AppError } from '../../errors';
import { MAX_QUANTITY_PER_LINE, type AddCartItemResult, type CartLine } from '../../../shared/schemas/cart';
import { defaultVariantId, shownStock } from '../catalog/catalog.service';
import * as q from './cart.queries';
import type { Shopper } from '../../sessions/session';
import { cartCouponOf, moveGuestCoupon, priceLines, removeCartCoupon, setCartCoupon } from '../offers/pricing.service';
import type { CartPricing } from '../../../shared/schemas/cart';

export { MAX_QUANTITY_PER_LINE };

function stripState(line: q.CartLineWithState): CartLine {
  const { archived: _archived, ...rest } = line;
  return rest;
}

function unavailable(): AppError {
  return new AppError('PRODUCT_NOT_FOUND', 'This product is no longer available');
}

/** Checks a wanted quantity against the per-line cap and the units still for sale (untracked products are always available). */
function checkQuantity(product: q.VariantStock, quantity: number, inCart: number | null): void {
  if (product.archived) throw unavailable();
  if (product.trackStock && product.stock < 1) throw new AppError('OUT_OF_STOCK', `${product.productName} is out of stock`);
  if (quantity > MAX_QUANTITY_PER_LINE) {
    throw new AppError('QUANTITY_INVALID', `You can have at most ${MAX_QUANTITY_PER_LINE} of ${product.productName} in your cart`);
  }
  if (product.trackStock && quantity > product.stock) {
    const already = inCart !== null ? ` (your cart already has ${inCart})` : '';
    throw new AppError('OUT_OF_STOCK', `Only ${product.stock} of ${product.productName} left in stock${already}`);
  }
}

/**
 * Adds one unit of a variant of a product to the owner's cart (left out: the variant standing
 * for the product, its cheapest in stock): a new line, or one more on the existing line of that
 * variant (and the result says so). Throws PRODUCT_NOT_FOUND (unknown or archived product or
 * variant, or a variant of another product), OUT_OF_STOCK, QUANTITY_INVALID (over 10 per line);
 * nothing changes when it throws.
 */
export async function addItem(db: DB, owner: Shopper, productId: string, nowIso: string, variantId?: string): Promise<AddCartItemResult> {
  return transaction(db, async (trx) => {
    const chosen = variantId ?? (await defaultVariantId(trx, productId));
    const product = chosen === null ? null : await q.findVariantStock(trx, owner, chosen);
    if (!product || product.productId !== productId) throw new AppError('PRODUCT_NOT_FOUND', 'Product not found');
    const existing = await q.findOwnCartLineByVariant(trx, owner, product.id);
    if (existing) {
      checkQuantity(product, existing.quantity + 1, existing.quantity);
      await q.setCartLineQuantity(trx, existing._id, existing.quantity + 1, nowIso);
    } else {
      checkQuantity(product, 1, null);
      await q.insertCartLine(trx, { id: newId(), owner, productId, variantId: product.id, quantity: 1, nowIso });
    }
    const line = await q.findOwnCartLineByVariant(trx, owner, product.id);
    if (!line) throw new Error('cart line vanished inside its own transaction');
    return {
      line: (await forShopper(trx, owner, [stripState(line)]))[0]!,
      alreadyInCart: existing !== null,
      message: existing ? `${product.productName} was already in your cart: quantity is now ${line.quantity}` : 'Product Added in Cart',
    };
  });
}

/**
 * Sets a line's quantity (1..min(stock, 10); the schema has already refused non-integers).
 * Throws CART_LINE_NOT_FOUND for a line that is not the owner's.
 */
export async function updateQuantity(db: DB, owner: Shopper, lineId: string, quantity: number, nowIso: string): Promise<CartLine> {
  return transaction(db, async (trx) => {
    const line = await q.findOwnCartLine(trx, owner, lineId);
    if (!line) throw new AppError('CART_LINE_NOT_FOUND', 'Cart item not found');
    const product = await q.findVariantStock(trx, owner, line.variant._id);
    if (!product) throw unavailable();
    checkQuantity(product, quantity, null);
    await q.setCartLineQuantity(trx, lineId, quantity, nowIso);
    const updated = await q.findOwnCartLine(trx, owner, lineId);
    if (!updated) throw new Error('cart line vanished inside its own transaction');
    return (await forShopper(trx, owner, [stripState(updated)]))[0]!;
  });
}

/**
 * Moves a line's quantity by `change` from the figure the database holds, in one transaction
 * (our cart's + and −): two tabs pressing + add two, where each setting its own stale figure
 * plus one would lose one. Going up is checked as a set is (min(stock, 10)); going down is
 * always allowed to 1, even while the line holds more than is left, since it moves towards
 * what can be bought. Throws CART_LINE_NOT_FOUND, QUANTITY_INVALID (below 1, over 10),
 * OUT_OF_STOCK, PRODUCT_NOT_FOUND (archived); nothing changes when it throws.
 */
export async function changeQuantity(db: DB, owner: Shopper, lineId: string, change: number, nowIso: string): Promise<CartLine> {
  return transaction(db, async (trx) => {
    const line = await q.findOwnCartLine(trx, owner, lineId);
    if (!line) throw new AppError('CART_LINE_NOT_FOUND', 'Cart item not found');
    const product = await q.findVariantStock(trx, owner, line.variant._id);
    if (!product || product.archived) throw unavailable();
    const quantity = line.quantity + change;
    if (quantity < 1) {
      throw new AppError('QUANTITY_INVALID', `quantity must be at least 1 (it is ${line.quantity}): remove ${product.productName} from the cart instead`, {
        fieldErrors: { change: `takes the quantity below 1 (it is ${line.quantity})` },
      });
    }
    if (change > 0) checkQuantity(product, quantity, line.quantity);
    await q.setCartLineQuantity(trx, lineId, quantity, nowIso);
    const updated = await q.findOwnCartLine(trx, owner, lineId);
    if (!updated) throw new Error('cart line vanished inside its own transaction');
    return (await forShopper(trx, owner, [stripState(updated)]))[0]!;
  });
}

/** The owner's cart lines, each product's stock as forShopper shows it. */
export async function listLines(db: DB, owner: Shopper): Promise<CartLine[]> {
  return forShopper(db, owner, await q.listCartLines(db, owner));
}

/**
 * Lines as a shopper sees them: each product's stock is what this owner may have (the units for
 * sale plus those their own open checkout holds, as the checks here count them), shown as
 * catalogue pages show it (shownStock: exact up to 10), so the cart's + can stop at the limit
 * and say why without telling anyone a warehouse figure.
 */
async function forShopper(db: DB, owner: Shopper, lines: CartLine[]): Promise<CartLine[]> {
  const variantOf = (line: CartLine) => line.variant?._id ?? line.productId._id;
  const tracked = lines.filter((line) => line.productId.trackStock).map(variantOf);
  const held = await q.heldByOwnCheckout(db, owner, tracked);
  return lines.map((line) => ({ ...line, productId: shownStock({ ...line.productId, stock: line.productId.stock + (held.get(variantOf(line)) ?? 0) }) }));
}

/** Throws CART_LINE_NOT_FOUND for a line that is not the owner's. */
export async function removeItem(db: DB, owner: Shopper, lineId: string): Promise<void> {
  const deleted = await q.deleteOwnCartLine(db, owner, lineId);
  if (!deleted) throw new AppError('CART_LINE_NOT_FOUND', 'Cart item not found');
}

/** Takes what a paid order bought (its variants) out of the buyer's cart. `db` may be the caller's transaction. */
export async function removeBoughtProducts(db: DB, userId: string, variantIds: string[]): Promise<void> {
  await q.deleteUserCartVariants(db, userId, variantIds);
}

/**
 * Moves a visitor's cart into the user's at sign-in: quantities of the same variant add up,
 * capped at min(stock, 10) (10 when stock is not tracked); lines of archived or sold-out products are dropped. One transaction.
 */
export async function mergeGuestCart(db: DB, guestId: string, userId: string, nowIso: string): Promise<void> {
  await transaction(db, async (trx) => {
    const owner: Shopper = { userId };
    for (const line of await q.listGuestLinesForMerge(trx, guestId)) {
      const cap = line.track_stock === 1 ? Math.min(line.stock, MAX_QUANTITY_PER_LINE) : MAX_QUANTITY_PER_LINE;
      if (line.archived_at !== null || cap < 1) continue;
      const existing = await q.findOwnCartLineByVariant(trx, owner, line.variant_id);
      if (existing) {
        await q.setCartLineQuantity(trx, existing._id, Math.min(existing.quantity + line.quantity, cap), nowIso);
      } else {
        await q.insertCartLine(trx, { id: newId(), owner, productId: line.product_id, variantId: line.variant_id, quantity: Math.min(line.quantity, cap), nowIso });
      }
    }
    await q.deleteGuestCart(trx, guestId);
    // The code the visitor applied comes along with their lines.
    await moveGuestCoupon(trx, guestId, userId, nowIso);
  });
}

/**
 * The owner's cart priced with the offers live at `nowIso` and the code on their cart (issue 30):
 * sale prices, buy X get Y and the coupon, each line's share; the prepaid saving is shown apart.
 * The same engine prices the order at checkout, so the cart's total is what checkout charges.
 */
export async function pricing(db: DB, owner: Shopper, nowIso: string): Promise<CartPricing> {
  const lines = await q.listCartLines(db, owner);
  const priced = await priceLines(db, {
    now: nowIso,
    lines: lines.map((line) => ({
      key: line._id,
      productId: line.productId._id,
      variantId: line.variant?._id ?? line.productId._id,
      category: line.productId.category,
      brand: line.productId.brandName || null,
      listUnitPrice: line.productId.sellingPrice,
      quantity: line.quantity,
      gstRateBp: 0,
    })),
    couponCode: await cartCouponOf(db, owner),
    userId: owner.userId ?? null,
    payment: null,
  });
  const coupon = priced.coupon;
  return {
    lines: priced.lines.map((line) => ({
      _id: line.key,
      listUnitPrice: line.listUnitPrice,
      unitPrice: line.unitPrice,
      saleEndsAt: line.saleEndsAt,
      discounts: line.discounts.map((d) => ({ offerId: d.offerId, kind: d.kind, amount: d.amount })),
      discount: line.discount,
      net: line.net,
    })),
    coupon:
      coupon === null
        ? null
        : coupon.applied
          ? { code: coupon.code, applied: true, saving: coupon.saving }
          : { code: coupon.code, applied: false, reason: coupon.reason, message: coupon.message },
    // priceCart takes exactly `saving` off the lines when the shopper pays online.
    prepaid: priced.prepaid ? { saving: priced.prepaid.saving, onlineTotal: priced.totals.total - priced.prepaid.saving } : null,
    totals: { listTotal: priced.totals.listTotal, saleSavings: priced.totals.saleSavings, discountTotal: priced.totals.discountTotal, total: priced.totals.total },
  };
}

/**
 * Applies a code to the owner's cart and answers the cart priced with it. A code that is not
 * valid for this cart is not kept: BAD_INPUT (400) or CONFLICT (409, used up or already used)
 * with the sentence to show beside the box ("Add ₹2,300.00 more to use SAVE1000").
 */
export async function applyCoupon(db: DB, owner: Shopper, code: string, nowIso: string): Promise<CartPricing> {
  return transaction(db, async (trx) => {
    await setCartCoupon(trx, owner, code, nowIso);
    const priced = await pricing(trx, owner, nowIso);
    if (priced.coupon && !priced.coupon.applied) {
      const refused = priced.coupon;
      const fieldErrors = { code: refused.message };
      throw new AppError(refused.reason === 'used-up' || refused.reason === 'already-used' ? 'CONFLICT' : 'BAD_INPUT', refused.message, { fieldErrors });
    }
    return priced;
  });
}

/** Takes the code off the owner's cart; answers the cart priced without it. */
export async function removeCoupon(db: DB, owner: Shopper, nowIso: string): Promise<CartPricing> {
  await removeCartCoupon(db, owner);
  return pricing(db, owner, nowIso);
}

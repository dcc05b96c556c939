import type { DB } from '../../db/database';
import { transaction } from '../../db/transaction';
import { newId } from '../../db/database';
import { AppError } from '../../errors';
import { MAX_QUANTITY_PER_LINE, type AddCartItemResult, type CartLine } from '../../../shared/schemas/cart';
import * as q from './cart.queries';
import type { Shopper } from '../../sessions/session';

export { MAX_QUANTITY_PER_LINE };

function stripState(line: q.CartLineWithState): CartLine {
  const { archived: _archived, ...rest } = line;
  return rest;
}

function unavailable(): AppError {
  return new AppError('PRODUCT_NOT_FOUND', 'This product is no longer available');
}

/** Checks a wanted quantity against the per-line cap and the units still for sale (untracked products are always available). */
function checkQuantity(product: q.ProductStock, quantity: number, inCart: number | null): void {
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
 * Adds one unit of a product to the owner's cart: a new line, or one more on the existing
 * line (and the result says so). Throws PRODUCT_NOT_FOUND (unknown or archived), OUT_OF_STOCK,
 * QUANTITY_INVALID (over 10 per line); nothing changes when it throws.
 */
export async function addItem(db: DB, owner: Shopper, productId: string, nowIso: string): Promise<AddCartItemResult> {
  return transaction(db, async (trx) => {
    const product = await q.findProductStock(trx, owner, productId);
    if (!product) throw new AppError('PRODUCT_NOT_FOUND', 'Product not found');
    const existing = await q.findOwnCartLineByProduct(trx, owner, productId);
    if (existing) {
      checkQuantity(product, existing.quantity + 1, existing.quantity);
      await q.setCartLineQuantity(trx, existing._id, existing.quantity + 1, nowIso);
    } else {
      checkQuantity(product, 1, null);
      await q.insertCartLine(trx, { id: newId(), owner, productId, quantity: 1, nowIso });
    }
    const line = await q.findOwnCartLineByProduct(trx, owner, productId);
    if (!line) throw new Error('cart line vanished inside its own transaction');
    return {
      line: stripState(line),
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
    const product = await q.findProductStock(trx, owner, line.productId._id);
    if (!product) throw unavailable();
    checkQuantity(product, quantity, null);
    await q.setCartLineQuantity(trx, lineId, quantity, nowIso);
    const updated = await q.findOwnCartLine(trx, owner, lineId);
    if (!updated) throw new Error('cart line vanished inside its own transaction');
    return stripState(updated);
  });
}

/** Throws CART_LINE_NOT_FOUND for a line that is not the owner's. */
export async function removeItem(db: DB, owner: Shopper, lineId: string): Promise<void> {
  const deleted = await q.deleteOwnCartLine(db, owner, lineId);
  if (!deleted) throw new AppError('CART_LINE_NOT_FOUND', 'Cart item not found');
}

/** Takes what a paid order bought out of the buyer's cart. `db` may be the caller's transaction. */
export async function removeBoughtProducts(db: DB, userId: string, productIds: string[]): Promise<void> {
  await q.deleteUserCartProducts(db, userId, productIds);
}

/**
 * Moves a visitor's cart into the user's at sign-in: quantities of the same product add up,
 * capped at min(stock, 10) (10 when stock is not tracked); lines of archived or sold-out products are dropped. One transaction.
 */
export async function mergeGuestCart(db: DB, guestId: string, userId: string, nowIso: string): Promise<void> {
  await transaction(db, async (trx) => {
    const owner: Shopper = { userId };
    for (const line of await q.listGuestLinesForMerge(trx, guestId)) {
      const cap = line.track_stock === 1 ? Math.min(line.stock, MAX_QUANTITY_PER_LINE) : MAX_QUANTITY_PER_LINE;
      if (line.archived_at !== null || cap < 1) continue;
      const existing = await q.findOwnCartLineByProduct(trx, owner, line.product_id);
      if (existing) {
        await q.setCartLineQuantity(trx, existing._id, Math.min(existing.quantity + line.quantity, cap), nowIso);
      } else {
        await q.insertCartLine(trx, { id: newId(), owner, productId: line.product_id, quantity: Math.min(line.quantity, cap), nowIso });
      }
    }
    await q.deleteGuestCart(trx, guestId);
  });
}

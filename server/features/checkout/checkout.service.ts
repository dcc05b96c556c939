import { newId } from '../../db/database';
import { AppError } from '../../errors';
import type { Deps } from '../../trpc/context';
import type { StartCheckoutResult } from '../../../shared/schemas/order';
import { MAX_QUANTITY_PER_LINE } from '../../../shared/schemas/cart';
import * as orders from '../order/order.queries';
import * as q from './checkout.queries';
import { releaseOrder } from './fulfilment.service';

/**
 * Starts a card checkout for the user's cart. Prices, names and images come from the database;
 * nothing the client sent is used. In ONE short transaction every line's stock is reserved with
 * a conditional UPDATE and a pending order with a snapshot of its lines is written; the provider
 * is called after the commit (never inside a transaction, which would hold the whole database),
 * then the session id is recorded. If the provider fails the reservation is released and the
 * order cancelled.
 *
 * Throws CART_EMPTY, OUT_OF_STOCK (naming the product), QUANTITY_INVALID, PAYMENT_PROVIDER.
 */
export async function startCheckout(deps: Deps, user: { id: string; email: string }): Promise<StartCheckoutResult> {
  const { db } = deps;
  const orderId = newId();
  const createdAt = deps.clock().toISOString();

  const snapshot = await db.transaction().execute(async (trx) => {
    const lines = await q.listCheckoutLines(trx, user.id);
    if (lines.length === 0) throw new AppError('CART_EMPTY', 'Your cart is empty');
    for (const line of lines) {
      if (line.quantity < 1 || line.quantity > MAX_QUANTITY_PER_LINE) {
        throw new AppError('QUANTITY_INVALID', `The quantity of ${line.name} must be from 1 to ${MAX_QUANTITY_PER_LINE}`);
      }
      if (!(await q.reserveStock(trx, line.productId, line.quantity, createdAt))) {
        const left = line.stock;
        throw new AppError(
          'OUT_OF_STOCK',
          left < 1 ? `${line.name} is out of stock: remove it from your cart to continue` : `Only ${left} of ${line.name} left in stock: lower the quantity in your cart`,
        );
      }
    }
    const totalAmount = lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
    await orders.insertPendingOrder(trx, {
      id: orderId,
      userId: user.id,
      email: user.email,
      provider: deps.payments.kind,
      totalAmount,
      nowIso: createdAt,
      items: lines.map((line) => ({ id: newId(), productId: line.productId, name: line.name, images: line.images, unitPrice: line.unitPrice, quantity: line.quantity })),
    });
    return lines;
  });

  let session: { id: string; url: string; expiresAt: string };
  try {
    session = await deps.payments.createSession({
      orderId,
      email: user.email,
      lines: snapshot.map((line) => ({ name: line.name, imageUrl: line.images[0] ?? null, unitAmount: line.unitPrice, quantity: line.quantity })),
      idempotencyKey: `checkout-${orderId}`,
    });
  } catch (error) {
    await releaseOrder(deps, orderId, 'payment provider failed to open a session');
    if (error instanceof AppError && error.appCode === 'PAYMENT_PROVIDER') throw error;
    deps.log.error({ err: error, orderId }, 'checkout: could not open a payment session');
    throw new AppError('PAYMENT_PROVIDER', 'The payment provider is not answering right now. Please try again in a moment.', { cause: error });
  }

  await orders.setOrderPaymentSession(db, orderId, session.id, session.expiresAt, deps.clock().toISOString());
  return { orderId, sessionId: session.id, url: session.url };
}

import type { DB } from '../../db/database';
import type { Order } from '../../../shared/schemas/order';
import * as q from './order.queries';

// What other features may ask of orders.

/** Every order of a user in any state, newest first (their data export). */
export function ordersOfUser(db: DB, userId: string): Promise<Order[]> {
  return q.listOrders(db, { userId });
}

/** A user's orders still under way (awaiting payment, or paid and not yet delivered): an account with one cannot be deleted. */
export function openOrderIdsOf(db: DB, userId: string): Promise<string[]> {
  return q.listOrderIdsOf(db, userId, ['pending', 'paid', 'confirmed', 'shipped']);
}

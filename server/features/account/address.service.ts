import type { DB } from '../../db/database';
import type { SavedAddress } from '../../../shared/schemas/settings';
import * as q from './address.queries';

/** One of the user's saved addresses; null when it is not theirs or does not exist. */
export function findSavedAddress(db: DB, userId: string, addressId: string): Promise<SavedAddress | null> {
  return q.findAddress(db, userId, addressId);
}

/** Puts an address first in the user's list: it was just chosen for an order. */
export function markAddressUsed(db: DB, userId: string, addressId: string, nowIso: string): Promise<void> {
  return q.touchAddress(db, userId, addressId, nowIso);
}

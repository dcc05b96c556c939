import type { AddressesTable } from '../../db/schema';
import type { Selectable } from 'kysely';
import type { DB } from '../../db/database';
import type { DeliveryAddress, SavedAddress } from '../../../shared/schemas/settings';

type Row = Pick<Selectable<AddressesTable>, (typeof columns)[number]>;

const columns = ['id', 'name', 'phone', 'line1', 'line2', 'city', 'state_code', 'pin', 'gstin', 'created_at'] as const;

function toAddress(row: Row): SavedAddress {
  return {
    _id: row.id,
    name: row.name,
    phone: row.phone,
    line1: row.line1,
    line2: row.line2,
    city: row.city,
    stateCode: row.state_code,
    pin: row.pin,
    gstin: row.gstin,
    createdAt: row.created_at,
  };
}

const fields = (a: DeliveryAddress) => ({ name: a.name, phone: a.phone, line1: a.line1, line2: a.line2, city: a.city, state_code: a.stateCode, pin: a.pin, gstin: a.gstin });

/** The user's addresses, most recently used or saved first. */
export async function listAddresses(db: DB, userId: string): Promise<SavedAddress[]> {
  const rows = await db.selectFrom('addresses').select(columns).where('user_id', '=', userId).orderBy('updated_at', 'desc').orderBy('id').execute();
  return rows.map(toAddress);
}

export async function findAddress(db: DB, userId: string, id: string): Promise<SavedAddress | null> {
  const row = await db.selectFrom('addresses').select(columns).where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
  return row ? toAddress(row) : null;
}

export async function countAddresses(db: DB, userId: string): Promise<number> {
  const row = await db
    .selectFrom('addresses')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertAddress(db: DB, userId: string, id: string, address: DeliveryAddress, nowIso: string): Promise<void> {
  await db
    .insertInto('addresses')
    .values({ id, user_id: userId, ...fields(address), created_at: nowIso, updated_at: nowIso })
    .execute();
}

export async function updateAddress(db: DB, userId: string, id: string, address: DeliveryAddress, nowIso: string): Promise<boolean> {
  const result = await db
    .updateTable('addresses')
    .set({ ...fields(address), updated_at: nowIso })
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Moves an address to the top of the list (it was just used for an order). */
export async function touchAddress(db: DB, userId: string, id: string, nowIso: string): Promise<void> {
  await db.updateTable('addresses').set({ updated_at: nowIso }).where('user_id', '=', userId).where('id', '=', id).execute();
}

export async function deleteAddress(db: DB, userId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('addresses').where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

import type { Selectable, Updateable } from 'kysely';
import { newId, type DB } from '../../db/database';
import type { ReturnRequestsTable } from '../../db/schema';
import { ReturnPolicySchema, type ReturnPolicy, type ReturnStatus } from '../../../shared/schemas/returns';

// Return requests and their timelines (migration 2026-12-10-01-returns), and what a request is
// checked against: the order's lines with their category's policy, the delivered parcel's units.

export type ReturnRow = Selectable<ReturnRequestsTable>;

/** A category's stored policy; null when it has none of its own (or the stored JSON no longer validates). */
export function parsePolicy(text: string | null): ReturnPolicy | null {
  if (text === null) return null;
  try {
    const parsed = ReturnPolicySchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export type ReturnableLine = {
  itemId: string;
  position: number;
  name: string;
  variantLabel: string | null;
  variantId: string | null;
  quantity: number;
  categoryLabel: string | null;
  /** The category's own policy; null: the shop's default. */
  policy: ReturnPolicy | null;
};

/** An order's lines with their product's category (its label and own policy), in order. */
export async function listReturnableLines(db: DB, orderId: string): Promise<ReturnableLine[]> {
  const rows = await db
    .selectFrom('order_items as i')
    .leftJoin('products as p', 'p.id', 'i.product_id')
    .leftJoin('categories as c', 'c.value', 'p.category')
    .select(['i.id', 'i.position', 'i.name', 'i.variant_label', 'i.variant_id', 'i.quantity', 'c.label', 'c.return_policy'])
    .where('i.order_id', '=', orderId)
    .orderBy('i.position')
    .execute();
  return rows.map((r) => ({
    itemId: r.id,
    position: Number(r.position),
    name: r.name,
    variantLabel: r.variant_label,
    variantId: r.variant_id,
    quantity: Number(r.quantity),
    categoryLabel: r.label ?? null,
    policy: parsePolicy(r.return_policy ?? null),
  }));
}

/** When each of the orders' parcels was delivered (the order's own parcel, not cancelled), by order id. */
export async function deliveredAtOf(db: DB, orderIds: readonly string[]): Promise<Map<string, string>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('shipments')
    .select(['order_id', 'delivered_at'])
    .where('order_id', 'in', [...orderIds])
    .where('purpose', '=', 'order')
    .where('status', '=', 'delivered')
    .where('delivered_at', 'is not', null)
    .execute();
  return new Map(rows.map((r) => [r.order_id, r.delivered_at!]));
}

/** The first number (slot 1) of each unit packed for the orders: by `${itemId}:${unit}`. */
export async function unitNumbersOf(db: DB, orderIds: readonly string[]): Promise<Map<string, { id: string; value: string }>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('shipment_units as u')
    .innerJoin('shipments as s', 's.id', 'u.shipment_id')
    .select(['u.id', 'u.order_item_id', 'u.unit_index', 'u.value'])
    .where('u.order_id', 'in', [...orderIds])
    .where('u.slot', '=', 1)
    .where('s.purpose', '=', 'order')
    .where('s.status', '<>', 'cancelled')
    .execute();
  return new Map(rows.map((r) => [`${r.order_item_id}:${Number(r.unit_index)}`, { id: r.id, value: r.value }]));
}

/** Every number (both IMEIs of a dual-SIM phone) of the unit whose first number is `shipmentUnitId`. */
export async function numbersOfUnit(db: DB, shipmentUnitId: string | null): Promise<string[]> {
  if (shipmentUnitId === null) return [];
  const first = await db.selectFrom('shipment_units').select(['shipment_id', 'order_item_id', 'unit_index']).where('id', '=', shipmentUnitId).executeTakeFirst();
  if (!first) return [];
  const rows = await db
    .selectFrom('shipment_units')
    .select('value')
    .where('shipment_id', '=', first.shipment_id)
    .where('order_item_id', '=', first.order_item_id)
    .where('unit_index', '=', first.unit_index)
    .execute();
  return rows.map((r) => r.value);
}

/** A unit's numbers (every slot) are free to ship again: it is back at the shop. */
export async function releaseUnitNumbers(db: DB, itemId: string, unit: number, now: string): Promise<void> {
  await db.updateTable('shipment_units').set({ released_at: now }).where('order_item_id', '=', itemId).where('unit_index', '=', unit).where('released_at', 'is', null).execute();
}

export async function insertReturn(db: DB, row: Omit<ReturnRow, 'held' | 'photos'> & { photos: string }): Promise<void> {
  await db.insertInto('return_requests').values(row).execute();
}

export async function findReturn(db: DB, id: string): Promise<ReturnRow | null> {
  return (await db.selectFrom('return_requests').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
}

/** Moves a request on only from `from` (compare-and-set): false when another change got there first. */
export async function moveReturn(db: DB, id: string, from: readonly ReturnStatus[], set: Updateable<ReturnRequestsTable>): Promise<boolean> {
  const result = await db
    .updateTable('return_requests')
    .set(set)
    .where('id', '=', id)
    .where('status', 'in', [...from])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function addReturnEvent(db: DB, event: { returnId: string; status: string; at: string; actorId: string | null; note: string | null }): Promise<void> {
  await db.insertInto('return_events').values({ id: newId(), return_id: event.returnId, status: event.status, at: event.at, actor_id: event.actorId, note: event.note }).execute();
}

export async function returnsOfOrders(db: DB, orderIds: readonly string[]): Promise<ReturnRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .selectFrom('return_requests')
    .selectAll()
    .where('order_id', 'in', [...orderIds])
    .orderBy('requested_at')
    .execute();
}

export async function eventsOf(db: DB, returnIds: readonly string[]): Promise<Map<string, { status: string; at: string; note: string | null }[]>> {
  const map = new Map<string, { status: string; at: string; note: string | null }[]>();
  if (returnIds.length === 0) return map;
  const rows = await db
    .selectFrom('return_events')
    .select(['return_id', 'status', 'at', 'note'])
    .where('return_id', 'in', [...returnIds])
    .orderBy('at')
    .orderBy('id')
    .execute();
  for (const r of rows) {
    const list = map.get(r.return_id) ?? [];
    list.push({ status: r.status, at: r.at, note: r.note });
    map.set(r.return_id, list);
  }
  return map;
}

export type QueueRow = ReturnRow & { orderNumber: string; email: string; itemName: string; variantLabel: string | null; quantity: number };

/** The owner's queue: open requests (or all), newest first, optionally of one reason. */
export async function listQueue(db: DB, opts: { open: boolean; reason?: string | undefined; limit: number; id?: string }): Promise<QueueRow[]> {
  let query = db
    .selectFrom('return_requests as r')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .innerJoin('order_items as i', 'i.id', 'r.order_item_id')
    .selectAll('r')
    .select(['o.order_number', 'o.email', 'i.name as item_name', 'i.variant_label as item_variant_label', 'i.quantity as item_quantity'])
    .orderBy('r.requested_at', 'desc')
    .orderBy('r.id')
    .limit(opts.limit);
  if (opts.open) query = query.where((eb) => eb.or([eb('r.status', 'in', ['requested', 'approved', 'pickup-scheduled', 'picked-up']), eb('r.held', '=', 1)]));
  if (opts.id !== undefined) query = query.where('r.id', '=', opts.id);
  if (opts.reason) query = query.where('r.reason', '=', opts.reason as ReturnRow['reason']);
  const rows = await query.execute();
  return rows.map(({ order_number, email, item_name, item_variant_label, item_quantity, ...r }) => ({
    ...r,
    orderNumber: order_number,
    email,
    itemName: item_name,
    variantLabel: item_variant_label,
    quantity: Number(item_quantity),
  }));
}

/** Every category's label and own policy, in menu order (hidden ones left out): /policies. */
export async function listCategoryPolicies(db: DB): Promise<{ value: string; label: string; policy: ReturnPolicy | null }[]> {
  const rows = await db.selectFrom('categories').select(['value', 'label', 'return_policy']).where('hidden', '=', 0).orderBy('position').orderBy('value').execute();
  return rows.map((r) => ({ value: r.value, label: r.label, policy: parsePolicy(r.return_policy) }));
}

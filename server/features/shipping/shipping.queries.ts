import type { Insertable, Selectable, Updateable } from 'kysely';
import type { DB } from '../../db/database';
import type { ShipmentEventsTable, ShipmentsTable } from '../../db/schema';
import type { ShipmentStatus, UnitIdKind } from '../../../shared/schemas/shipping';

// The parcels of orders, the numbers of the units in them, and their timelines (migration
// 2026-12-08-02-shipments).

export type ShipmentRow = Selectable<ShipmentsTable>;
export type ShipmentEventRow = Selectable<ShipmentEventsTable>;

/** An order's lines as the packing table needs them: what each unit must be scanned for. */
export async function listPackingLines(
  db: DB,
  orderId: string,
): Promise<{ itemId: string; productId: string; name: string; variantLabel: string | null; sku: string | null; quantity: number; unitIds: UnitIdKind }[]> {
  const rows = await db
    .selectFrom('order_items as i')
    .leftJoin('products as p', 'p.id', 'i.product_id')
    .leftJoin('categories as c', 'c.value', 'p.category')
    .select(['i.id', 'i.product_id', 'i.name', 'i.variant_label', 'i.sku', 'i.quantity', 'c.unit_ids'])
    .where('i.order_id', '=', orderId)
    .orderBy('i.position')
    .execute();
  return rows.map((r) => ({
    itemId: r.id,
    productId: r.product_id,
    name: r.name,
    variantLabel: r.variant_label,
    sku: r.sku,
    quantity: r.quantity,
    unitIds: r.unit_ids ?? 'none',
  }));
}

/** The order's live parcel (not cancelled), if it has one. */
export async function findLiveShipment(db: DB, orderId: string): Promise<ShipmentRow | null> {
  const row = await db.selectFrom('shipments').selectAll().where('order_id', '=', orderId).where('purpose', '=', 'order').where('status', '<>', 'cancelled').executeTakeFirst();
  return row ?? null;
}

export async function findShipmentByAwb(db: DB, awb: string): Promise<ShipmentRow | null> {
  const row = await db.selectFrom('shipments').selectAll().where('awb', '=', awb).where('status', '<>', 'cancelled').executeTakeFirst();
  return row ?? null;
}

export async function listShipmentsOfOrders(db: DB, orderIds: readonly string[]): Promise<ShipmentRow[]> {
  if (orderIds.length === 0) return [];
  return db.selectFrom('shipments').selectAll().where('order_id', 'in', orderIds).orderBy('created_at').orderBy('id').execute();
}

export async function insertShipment(db: DB, row: Insertable<ShipmentsTable>): Promise<void> {
  await db.insertInto('shipments').values(row).execute();
}

export type ShipmentChange = Omit<Updateable<ShipmentsTable>, 'id' | 'order_id' | 'purpose' | 'created_at'> & { updated_at: string };

/** Updates a parcel; `from` (when given) must be its status now, else nothing changes (false). */
export async function updateShipment(db: DB, id: string, change: ShipmentChange, from?: readonly ShipmentStatus[]): Promise<boolean> {
  let query = db.updateTable('shipments').set(change).where('id', '=', id);
  if (from) query = query.where('status', 'in', from);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export type UnitRow = {
  id: string;
  shipmentId: string;
  orderId: string;
  itemId: string;
  /** The line's place in its order (0-based, the order's lines as bought). */
  line: number;
  unit: number;
  slot: number;
  kind: 'serial' | 'imei';
  value: string;
  releasedAt: string | null;
};

export async function insertUnits(
  db: DB,
  rows: readonly { id: string; shipmentId: string; orderId: string; itemId: string; unit: number; slot: number; kind: 'serial' | 'imei'; value: string; createdAt: string }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('shipment_units')
    .values(
      rows.map((r) => ({
        id: r.id,
        shipment_id: r.shipmentId,
        order_id: r.orderId,
        order_item_id: r.itemId,
        unit_index: r.unit,
        slot: r.slot,
        kind: r.kind,
        value: r.value,
        created_at: r.createdAt,
        released_at: null,
      })),
    )
    .execute();
}

/** The numbers of a parcel's units (the ones still held, unless `all`), in line and unit order. */
export async function listUnits(db: DB, shipmentIds: readonly string[], opts: { all?: boolean } = {}): Promise<UnitRow[]> {
  if (shipmentIds.length === 0) return [];
  let query = db
    .selectFrom('shipment_units as u')
    .innerJoin('order_items as i', 'i.id', 'u.order_item_id')
    .select(['u.id', 'u.shipment_id', 'u.order_id', 'u.order_item_id', 'i.position', 'u.unit_index', 'u.slot', 'u.kind', 'u.value', 'u.released_at'])
    .where('u.shipment_id', 'in', shipmentIds);
  if (!opts.all) query = query.where('u.released_at', 'is', null);
  const rows = await query.orderBy('i.position').orderBy('u.unit_index').orderBy('u.slot').execute();
  return rows.map((r) => ({
    id: r.id,
    shipmentId: r.shipment_id,
    orderId: r.order_id,
    itemId: r.order_item_id,
    line: Number(r.position),
    unit: r.unit_index,
    slot: r.slot,
    kind: r.kind,
    value: r.value,
    releasedAt: r.released_at,
  }));
}

/** Which of `values` are held now by a unit out of the shop, and by which order. */
export async function findUnitsOut(db: DB, values: readonly string[]): Promise<{ value: string; orderId: string; shipmentId: string }[]> {
  if (values.length === 0) return [];
  const rows = await db.selectFrom('shipment_units').select(['value', 'order_id', 'shipment_id']).where('value', 'in', values).where('released_at', 'is', null).execute();
  return rows.map((r) => ({ value: r.value, orderId: r.order_id, shipmentId: r.shipment_id }));
}

/** Forgets what was typed for a parcel not yet shipped (it is packed again). */
export async function deleteUnits(db: DB, shipmentId: string): Promise<void> {
  await db.deleteFrom('shipment_units').where('shipment_id', '=', shipmentId).execute();
}

/** Frees a parcel's numbers (it came back, or its packing is redone). */
export async function releaseUnits(db: DB, shipmentId: string, at: string): Promise<void> {
  await db.updateTable('shipment_units').set({ released_at: at }).where('shipment_id', '=', shipmentId).where('released_at', 'is', null).execute();
}

/** Adds a step to a parcel's timeline; false when that event (its key) is there already. */
export async function insertEvent(db: DB, row: Insertable<ShipmentEventsTable>): Promise<boolean> {
  const result = await db
    .insertInto('shipment_events')
    .values(row)
    .onConflict((oc) => oc.columns(['shipment_id', 'event_key']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function listEvents(db: DB, shipmentIds: readonly string[]): Promise<ShipmentEventRow[]> {
  if (shipmentIds.length === 0) return [];
  return db.selectFrom('shipment_events').selectAll().where('shipment_id', 'in', shipmentIds).orderBy('at').orderBy('created_at').orderBy('id').execute();
}

/** Parcels in one status, oldest change first (the NDR queue). */
export async function listShipmentsInStatus(db: DB, status: ShipmentStatus, limit: number): Promise<ShipmentRow[]> {
  return db.selectFrom('shipments').selectAll().where('status', '=', status).orderBy('updated_at').orderBy('id').limit(limit).execute();
}

/** A courier's parcels still on the road (booked to returning), the longest unheard first: the tracking poll. */
export async function listShipmentsOnTheRoad(db: DB, courier: 'manual' | 'shiprocket', limit: number): Promise<ShipmentRow[]> {
  return db
    .selectFrom('shipments')
    .selectAll()
    .where('courier', '=', courier)
    .where('status', 'in', ['booked', 'shipped', 'out_for_delivery', 'delivery_failed', 'returning'])
    .orderBy('updated_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function setEventNote(db: DB, eventId: string, note: string): Promise<void> {
  await db.updateTable('shipment_events').set({ note }).where('id', '=', eventId).execute();
}

/**
 * The parcels awaiting the courier's pickup, oldest booking first: booked (an AWB, not picked up
 * yet), or shipped with the manual courier since `shippedSince` with no later step; only those of
 * `orderIds` when given.
 */
export async function listShipmentsAwaitingPickup(db: DB, opts: { shippedSince: string; orderIds?: readonly string[] | undefined }): Promise<ShipmentRow[]> {
  if (opts.orderIds?.length === 0) return [];
  let query = db
    .selectFrom('shipments')
    .selectAll()
    .where('purpose', '=', 'order')
    .where('awb', 'is not', null)
    .where((eb) => eb.or([eb('status', '=', 'booked'), eb.and([eb('courier', '=', 'manual'), eb('status', '=', 'shipped'), eb('shipped_at', '>=', opts.shippedSince)])]));
  if (opts.orderIds) query = query.where('order_id', 'in', opts.orderIds);
  return query.orderBy('booked_at').orderBy('id').limit(500).execute();
}

/** How many units each order's lines hold (a manifest's pieces), by order id. */
export async function countItemsOfOrders(db: DB, orderIds: readonly string[]): Promise<Map<string, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('order_items')
    .select((eb) => ['order_id', eb.fn.sum<number | string>('quantity').as('units')])
    .where('order_id', 'in', orderIds)
    .groupBy('order_id')
    .execute();
  return new Map(rows.map((r) => [r.order_id, Number(r.units)]));
}

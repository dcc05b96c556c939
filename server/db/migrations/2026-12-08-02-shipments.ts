import { sql, type Kysely } from 'kysely';

// Frozen: this migration never changes once landed. Fix forward with a new file.
//
// From paid to delivered (issue 29): packing, shipments, the units' serial numbers and IMEIs,
// and the courier's tracking events.
//
// - categories.unit_ids: what packing asks of each unit of the category's products: 'none',
//   'serial' (a serial number) or 'imei' (a phone's IMEI, and its second for a dual-SIM phone).
//   The spec's categories that carry a number on the box get one: mobiles ask IMEIs; cameras,
//   printers, processors, refrigerators, televisions, watches and laptops a serial. The owner
//   changes it on the Categories page.
// - shipments: one parcel of an order (`purpose` 'order'; a replacement later has its own), from
//   packed to delivered or back to origin: its courier ('manual' or 'shiprocket'), AWB, tracking
//   link, the courier's ids, our own `request_key` (stored before any create call at the courier,
//   so a retry looks the shipment up instead of making a second one), the parcel, its value with
//   tax and its e-way bill. At most one live order shipment per order; an AWB is used by one live
//   shipment.
// - shipment_units: each unit's serial or IMEI (slot 1, and slot 2 for a second IMEI). A number is
//   held by one unit while that unit is out (released_at null): the same serial never ships twice
//   while the first unit is out; a unit back at the shop is released.
// - shipment_events: the timeline (packed, shipped, out for delivery, delivered, delivery failed,
//   back to origin), from the admin, the courier's webhook or polling; `event_key` drops a
//   repeated webhook.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('categories')
    .addColumn('unit_ids', 'text', (c) =>
      c
        .notNull()
        .defaultTo('none')
        .check(sql`unit_ids in ('none', 'serial', 'imei')`),
    )
    .execute();
  await db.updateTable('categories').set({ unit_ids: 'imei' }).where('value', '=', 'mobiles').execute();
  await db
    .updateTable('categories')
    .set({ unit_ids: 'serial' })
    .where('value', 'in', ['camera', 'printers', 'processor', 'refrigerator', 'televisions', 'watches', 'laptops'])
    .execute();

  await db.schema
    .createTable('shipments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
    .addColumn('purpose', 'text', (c) => c.notNull().defaultTo('order'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('courier', 'text', (c) => c.notNull())
    .addColumn('courier_name', 'text')
    .addColumn('courier_id', 'integer')
    .addColumn('awb', 'text')
    .addColumn('tracking_url', 'text')
    .addColumn('routing_code', 'text')
    .addColumn('request_key', 'text')
    .addColumn('courier_order_id', 'text')
    .addColumn('courier_shipment_id', 'text')
    .addColumn('weight_grams', 'integer', (c) => c.notNull())
    .addColumn('length_cm', 'integer', (c) => c.notNull())
    .addColumn('breadth_cm', 'integer', (c) => c.notNull())
    .addColumn('height_cm', 'integer', (c) => c.notNull())
    .addColumn('value_paise', 'integer', (c) => c.notNull())
    .addColumn('cod_amount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('eway_bill_number', 'text')
    .addColumn('eway_bill_date', 'text')
    .addColumn('failed_reason', 'text')
    .addColumn('last_error', 'text')
    .addColumn('packed_at', 'text', (c) => c.notNull())
    .addColumn('packed_by', 'text')
    .addColumn('booked_at', 'text')
    .addColumn('shipped_at', 'text')
    .addColumn('delivered_at', 'text')
    .addColumn('returned_at', 'text')
    .addColumn('cancelled_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await sql`create index shipments_order on shipments (order_id)`.execute(db);
  await sql`create unique index shipments_live_order on shipments (order_id, purpose) where status <> 'cancelled' and purpose = 'order'`.execute(db);
  await sql`create unique index shipments_live_awb on shipments (awb) where status <> 'cancelled' and awb is not null`.execute(db);
  await sql`create index shipments_awb on shipments (awb)`.execute(db);
  await sql`create unique index shipments_request_key on shipments (request_key) where request_key is not null`.execute(db);
  await sql`create index shipments_status on shipments (status, updated_at)`.execute(db);

  await db.schema
    .createTable('shipment_units')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('shipment_id', 'text', (c) => c.notNull().references('shipments.id'))
    .addColumn('order_id', 'text', (c) => c.notNull())
    .addColumn('order_item_id', 'text', (c) => c.notNull())
    .addColumn('unit_index', 'integer', (c) => c.notNull())
    .addColumn('slot', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('released_at', 'text')
    .execute();
  await sql`create unique index shipment_units_out on shipment_units (value) where released_at is null`.execute(db);
  await sql`create index shipment_units_value on shipment_units (value)`.execute(db);
  await sql`create index shipment_units_shipment on shipment_units (shipment_id)`.execute(db);

  await db.schema
    .createTable('shipment_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('shipment_id', 'text', (c) => c.notNull().references('shipments.id'))
    .addColumn('order_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('courier_status', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('location', 'text')
    .addColumn('reason', 'text')
    .addColumn('note', 'text')
    .addColumn('event_key', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await sql`create unique index shipment_events_key on shipment_events (shipment_id, event_key)`.execute(db);
  await sql`create index shipment_events_order on shipment_events (order_id, at)`.execute(db);
}

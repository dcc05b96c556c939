import { sql, type Kysely } from 'kysely';

// Frozen: this migration never changes once landed. Fix forward with a new file.
//
// Returns and replacements, first slice (issue 31): each category's return policy, the shoppers'
// requests and their timeline. The same statements on SQLite and PostgreSQL.
//
// - categories.return_policy: the category's policy as JSON (shared/schemas/returns.ts parses it:
//   window in days from delivery, resolutions offered, reasons, photos required); null: the shop's
//   default (the `returnPolicy` setting). What a careful Indian electronics shop sets: phones and
//   laptops 7 days, replacement only; televisions and refrigerators 10 days, replacement only;
//   earphones and other accessories 7 days, refund or replacement. "Changed my mind" nowhere.
//   Editing the column fires the categories trigger (the product pages and /policies restale).
// - return_requests: one unit of an order line asked back. `shipment_unit_id` and
//   `delivered_number` name the unit when it was packed with a serial or IMEI (else the unit is
//   counted: `unit_index` of the line's quantity). `payout` is the COD refund's UPI id or bank
//   account as the shopper gave it (JSON; masked to admins). Status: requested -> approved |
//   rejected -> pickup-scheduled -> picked-up -> received; cancelled by the shopper while
//   requested or approved. At receipt: the serial scanned, whether it matches the one delivered
//   (a mismatch holds the request until the owner resolves it), the condition.
//   One open request per unit: a partial unique index (rejected and cancelled ones do not count).
// - return_events: the timeline (each status, who, when, a note).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('categories').addColumn('return_policy', 'text').execute();
  const policy = (windowDays: number, resolutions: string) =>
    JSON.stringify({ windowDays, resolutions, reasons: ['defective', 'damaged-in-transit', 'wrong-item', 'not-as-described'], photosRequired: true });
  await db
    .updateTable('categories')
    .set({ return_policy: policy(7, 'replacement') })
    .where('value', 'in', ['mobiles', 'laptops', 'tablets'])
    .execute();
  await db
    .updateTable('categories')
    .set({ return_policy: policy(10, 'replacement') })
    .where('value', 'in', ['televisions', 'refrigerator'])
    .execute();
  await db
    .updateTable('categories')
    .set({ return_policy: policy(7, 'refund-or-replacement') })
    .where('value', 'in', ['airpodes', 'earphones', 'Mouse', 'speakers', 'power-banks', 'trimmers', 'watches'])
    .execute();

  await db.schema
    .createTable('return_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
    .addColumn('order_item_id', 'text', (c) => c.notNull().references('order_items.id'))
    .addColumn('unit_index', 'integer', (c) => c.notNull().check(sql`unit_index >= 0`))
    .addColumn('shipment_unit_id', 'text')
    .addColumn('delivered_number', 'text')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull().check(sql`reason in ('defective', 'damaged-in-transit', 'wrong-item', 'not-as-described', 'changed-mind')`))
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('photos', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('resolution', 'text', (c) => c.notNull().check(sql`resolution in ('replacement', 'refund')`))
    .addColumn('payout', 'text')
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('requested', 'approved', 'rejected', 'pickup-scheduled', 'picked-up', 'received', 'cancelled')`))
    .addColumn('owner_message', 'text')
    .addColumn('pickup_courier', 'text')
    .addColumn('pickup_awb', 'text')
    .addColumn('received_number', 'text')
    .addColumn('number_matches', 'integer')
    .addColumn('held', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('resolve_note', 'text')
    .addColumn('condition', 'text', (c) => c.check(sql`condition is null or condition in ('resaleable', 'damaged')`))
    .addColumn('requested_at', 'text', (c) => c.notNull())
    .addColumn('decided_at', 'text')
    .addColumn('pickup_scheduled_at', 'text')
    .addColumn('picked_up_at', 'text')
    .addColumn('received_at', 'text')
    .addColumn('resolved_at', 'text')
    .addColumn('cancelled_at', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await sql`create unique index return_requests_open_unit on return_requests (order_item_id, unit_index) where status not in ('rejected', 'cancelled')`.execute(db);
  await sql`create index return_requests_order on return_requests (order_id)`.execute(db);
  await sql`create index return_requests_user on return_requests (user_id, requested_at)`.execute(db);
  await sql`create index return_requests_status on return_requests (status, requested_at)`.execute(db);

  await db.schema
    .createTable('return_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('return_id', 'text', (c) => c.notNull().references('return_requests.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('note', 'text')
    .execute();
  await sql`create index return_events_return on return_events (return_id, at)`.execute(db);
}

import { sql, type Kysely } from 'kysely';

// Frozen: this migration never changes once landed. Fix forward with a new file.
//
// - products.track_stock: 0 = stock is not counted and the product is always available.
//   Existing products keep being tracked.
// - stock_movements: every change of a tracked product's stock, with who, when, why, before
//   and after, written in the same transaction as the change.
// - order_items.stock_taken: units of the line actually taken from stock (0 for untracked
//   products), so a release or a cancellation puts back exactly what was taken.
//   order_items.short_quantity: units paid for that could not be taken (a payment that came
//   after its reservation was released and the units re-sold): the admin must restock or refund.
// - orders.payment_session_url: the hosted page of an open checkout, so a repeated checkout
//   for the same cart returns the same session instead of opening a second one.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('products')
    .addColumn('track_stock', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  await db.schema
    .createTable('stock_movements')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('product_id', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('delta', 'integer', (c) => c.notNull())
    .addColumn('stock_before', 'integer', (c) => c.notNull())
    .addColumn('stock_after', 'integer', (c) => c.notNull())
    .addColumn('order_id', 'text')
    .addColumn('actor_id', 'text')
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('stock_movements_product_at').on('stock_movements').columns(['product_id', 'at', 'id']).execute();

  await db.schema
    .alterTable('order_items')
    .addColumn('stock_taken', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('order_items')
    .addColumn('short_quantity', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // Before this migration every line of an order that was not cancelled held its units.
  await sql`update order_items set stock_taken = quantity
    where order_id in (select id from orders where status <> 'cancelled')`.execute(db);

  await db.schema.alterTable('orders').addColumn('payment_session_url', 'text').execute();
  await db.schema.createIndex('orders_user_status').on('orders').columns(['user_id', 'status']).execute();
}

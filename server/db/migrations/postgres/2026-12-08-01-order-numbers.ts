import { sql, type Kysely } from 'kysely';
import { backfillOrderNumbers } from '../2026-12-08-01-order-numbers';

// Frozen: this migration never changes once landed. Fix forward with a new file.
//
// PostgreSQL's form of ../2026-12-08-01-order-numbers.ts: the same column, numbers, counters and
// unique index; NOT NULL set in place once every row has its number; the search's expression
// indexes spelled in PostgreSQL (the JSON text read with ->>, the phone's last 10 digits with right()).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('order_number', 'text').execute();
  await backfillOrderNumbers(db);
  await sql`alter table orders alter column order_number set not null`.execute(db);
  await db.schema.createIndex('orders_order_number').unique().on('orders').column('order_number').execute();
  await sql`create index orders_delivery_pin on orders ((delivery_address::json ->> 'pin'))`.execute(db);
  await sql`create index orders_delivery_phone on orders (right(delivery_address::json ->> 'phone', 10))`.execute(db);
}

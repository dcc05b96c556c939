import { sql, type Kysely } from 'kysely';

// Frozen: this migration never changes once landed. Fix forward with a new file.
//
// Cash on delivery, Razorpay and refunds (issue 17).
// - orders.status gains 'confirmed' (a cash-on-delivery order placed, unpaid, its stock held
//   with no expiry) and 'returned' (a COD parcel that came back undelivered: stock released).
// - orders.provider gains 'razorpay' and 'cod'.
// - orders.cod_fee: the cash-on-delivery fee in paise, its own line (0 for other orders).
// - orders.refund_*: a refund made at the provider when an admin cancelled a paid order: its
//   id, status (pending, succeeded, failed), amount in paise, when, and the provider's refusal.
//
// SQLite cannot change a CHECK constraint in place, so `orders` is rebuilt the documented way
// (sqlite.org/lang_altertable.html, "making other kinds of table schema changes"): foreign keys
// off, a copy made from the stored CREATE statement with the new checks, rows copied, the old
// table dropped, the copy renamed, the indexes recreated, foreign keys checked, all in one
// transaction. PostgreSQL swaps the two constraints (see postgres/2026-12-01-01-payments.ts).

export const STATUS_CHECK_BEFORE = `status in ('pending', 'paid', 'shipped', 'delivered', 'cancelled')`;
export const STATUS_CHECK_AFTER = `status in ('pending', 'paid', 'confirmed', 'shipped', 'delivered', 'returned', 'cancelled')`;
export const PROVIDER_CHECK_BEFORE = `provider in ('stripe', 'test')`;
export const PROVIDER_CHECK_AFTER = `provider in ('stripe', 'razorpay', 'test', 'cod')`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function addPaymentColumns(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('cod_fee', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  for (const [name, type] of [
    ['refund_id', 'text'],
    ['refund_status', 'text'],
    ['refund_amount', 'integer'],
    ['refunded_at', 'text'],
    ['refund_error', 'text'],
  ] as const) {
    await db.schema.alterTable('orders').addColumn(name, type).execute();
  }
  // The shopper's open cash-on-delivery orders are counted at every COD checkout.
  await db.schema.createIndex('orders_user_provider_status').on('orders').columns(['user_id', 'provider', 'status']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      const table = await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = 'orders'`.execute(trx);
      const ddl = table.rows[0]?.sql;
      if (!ddl) throw new Error('orders table not found');
      if (!ddl.includes(STATUS_CHECK_BEFORE) || !ddl.includes(PROVIDER_CHECK_BEFORE)) throw new Error('orders table has unexpected status or provider checks');
      const rebuilt = ddl
        .replace(STATUS_CHECK_BEFORE, STATUS_CHECK_AFTER)
        .replace(PROVIDER_CHECK_BEFORE, PROVIDER_CHECK_AFTER)
        .replace(/^create table\s+("orders"|orders)/i, 'create table "orders_rebuilt"');
      if (!rebuilt.startsWith('create table "orders_rebuilt"')) throw new Error('could not rename the orders table in its CREATE statement');
      const indexes = await sql<{ sql: string }>`select sql from sqlite_master where type = 'index' and tbl_name = 'orders' and sql is not null`.execute(trx);

      await sql.raw(rebuilt).execute(trx);
      await sql`insert into orders_rebuilt select * from orders`.execute(trx);
      await sql`drop table orders`.execute(trx);
      await sql`alter table orders_rebuilt rename to orders`.execute(trx);
      for (const index of indexes.rows) await sql.raw(index.sql).execute(trx);
      const broken = await sql`pragma foreign_key_check`.execute(trx);
      if (broken.rows.length > 0) throw new Error(`foreign keys broken after rebuilding orders: ${JSON.stringify(broken.rows.slice(0, 5))}`);

      await addPaymentColumns(trx);
    });
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

import { sql, type Kysely } from 'kysely';

// Frozen: this migration never changes once landed. Fix forward with a new file.
//
// Readable order numbers (issue 29): orders.order_number, `<PREFIX>-<YYYY>-<NNNNNN>`
// (VM-2026-000123), unique and never null. The app gives each order its number in the transaction
// that writes the order, from the counter row `order:<YYYY>` of document_counters (the invoices'
// counters). Existing orders are numbered here, oldest first (created_at, then id), counted from
// 000001 in each calendar year of the shop's clock (the settings' timeZone, India's when unset),
// all with the default prefix VM; each year's counter is set to its last number, so the next
// order continues after them.
//
// Also two expression indexes for the admin's order search: the delivery address's PIN and the
// last 10 digits of its phone (the search spells the same expressions, server/db/json-field.ts).
//
// SQLite cannot make a column NOT NULL in place: the column is added, filled, and `orders`
// rebuilt the documented way, as 2026-12-01-01-payments did (foreign keys off, a copy made from
// the stored CREATE statement with the column NOT NULL, rows copied, the old table dropped, the
// copy renamed, the indexes recreated, foreign keys checked, all in one transaction).
// PostgreSQL sets NOT NULL in place (postgres/2026-12-08-01-order-numbers.ts).

const PREFIX = 'VM';
const BATCH = 500;
const INDIA = 'Asia/Kolkata';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function shopTimeZone(db: Kysely<any>): Promise<string> {
  const row = await db.selectFrom('shop_settings').select('value').where('id', '=', 'shop').executeTakeFirst();
  let zone: unknown = null;
  try {
    zone = row ? (JSON.parse(String(row.value)) as { timeZone?: unknown }).timeZone : null;
  } catch {
    zone = null;
  }
  if (typeof zone !== 'string') return INDIA;
  try {
    new Intl.DateTimeFormat('en-IN', { timeZone: zone }).format(0);
    return zone;
  } catch {
    return INDIA;
  }
}

/** Numbers every order (oldest first, per calendar year of the shop's clock) and sets each year's counter to its last number. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function backfillOrderNumbers(db: Kysely<any>): Promise<void> {
  const years = new Intl.DateTimeFormat('en-IN', { timeZone: await shopTimeZone(db), year: 'numeric' });
  const yearOf = (createdAt: string) => {
    const at = new Date(createdAt);
    return Number.isNaN(at.getTime()) ? Number(createdAt.slice(0, 4)) || 1970 : Number(years.format(at));
  };
  const counts = new Map<number, number>();
  let after: { created_at: string; id: string } | undefined;
  for (;;) {
    let page = db.selectFrom('orders').select(['id', 'created_at']).orderBy('created_at').orderBy('id').limit(BATCH);
    if (after) {
      const { created_at: at, id } = after;
      page = page.where((eb) => eb.or([eb('created_at', '>', at), eb.and([eb('created_at', '=', at), eb('id', '>', id)])]));
    }
    const rows = (await page.execute()) as { id: string; created_at: string }[];
    if (rows.length === 0) break;
    const numbered = rows.map((row) => {
      const year = yearOf(row.created_at);
      const n = (counts.get(year) ?? 0) + 1;
      counts.set(year, n);
      return sql`(${row.id}, ${`${PREFIX}-${year}-${String(n).padStart(6, '0')}`})`;
    });
    await sql`with numbered (id, order_number) as (values ${sql.join(numbered)})
      update orders set order_number = (select numbered.order_number from numbered where numbered.id = orders.id)
      where id in (select id from numbered)`.execute(db);
    after = rows.at(-1);
  }
  for (const [year, last] of counts) {
    await sql`insert into document_counters (series, last) values (${`order:${year}`}, ${last})
      on conflict (series) do update set last = case when document_counters.last > excluded.last then document_counters.last else excluded.last end`.execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      await trx.schema.alterTable('orders').addColumn('order_number', 'text').execute();
      await backfillOrderNumbers(trx);

      const table = await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = 'orders'`.execute(trx);
      const ddl = table.rows[0]?.sql;
      if (!ddl) throw new Error('orders table not found');
      const added = /,\s*"order_number" text\s*\)\s*$/;
      if (!added.test(ddl)) throw new Error('orders table does not end with the order_number column just added');
      const rebuilt = ddl.replace(added, ', "order_number" text not null)').replace(/^create table\s+("orders"|orders)/i, 'create table "orders_rebuilt"');
      if (!rebuilt.startsWith('create table "orders_rebuilt"')) throw new Error('could not rename the orders table in its CREATE statement');
      const indexes = await sql<{ sql: string }>`select sql from sqlite_master where type = 'index' and tbl_name = 'orders' and sql is not null`.execute(trx);

      await sql.raw(rebuilt).execute(trx);
      await sql`insert into orders_rebuilt select * from orders`.execute(trx);
      await sql`drop table orders`.execute(trx);
      await sql`alter table orders_rebuilt rename to orders`.execute(trx);
      for (const index of indexes.rows) await sql.raw(index.sql).execute(trx);
      const broken = await sql`pragma foreign_key_check`.execute(trx);
      if (broken.rows.length > 0) throw new Error(`foreign keys broken after rebuilding orders: ${JSON.stringify(broken.rows.slice(0, 5))}`);

      await trx.schema.createIndex('orders_order_number').unique().on('orders').column('order_number').execute();
      await sql`create index orders_delivery_pin on orders (json_extract(delivery_address, '$.pin'))`.execute(trx);
      await sql`create index orders_delivery_phone on orders (substr(json_extract(delivery_address, '$.phone'), -10))`.execute(trx);
    });
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

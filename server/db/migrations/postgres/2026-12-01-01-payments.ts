import { sql, type Kysely } from 'kysely';
import { PROVIDER_CHECK_AFTER, STATUS_CHECK_AFTER, addPaymentColumns } from '../2026-12-01-01-payments';

// Frozen: this migration never changes once landed. Fix forward with a new file.
// The PostgreSQL form of 2026-12-01-01-payments: the checks are swapped in place.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table orders drop constraint orders_status_check`.execute(db);
  await sql.raw(`alter table orders add constraint orders_status_check check (${STATUS_CHECK_AFTER})`).execute(db);
  await sql`alter table orders drop constraint orders_provider_check`.execute(db);
  await sql.raw(`alter table orders add constraint orders_provider_check check (${PROVIDER_CHECK_AFTER})`).execute(db);
  await addPaymentColumns(db);
}

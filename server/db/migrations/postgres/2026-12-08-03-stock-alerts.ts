import { sql, type Kysely } from 'kysely';

// Frozen: this migration never changes once landed. Fix forward with a new file.
//
// PostgreSQL's form of ../2026-12-08-03-stock-alerts.ts (read it for the model): the same
// columns, partial indexes and job_runs table; the variant's trigger is a BEFORE trigger that
// clears low_stock_alerted_at in the row being written, and the settings' trigger clears it on
// the variants the saved default puts above their level. voltmart_low_stock_default reads the
// default from the settings JSON (5 when absent or unreadable: a hand-edited row never makes a
// stock change fail).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table product_variants add column low_stock_level integer check (low_stock_level is null or low_stock_level >= 0)`.execute(db);
  await sql`alter table product_variants add column low_stock_alerted_at text`.execute(db);
  await sql`create index product_variants_low_stock_level on product_variants (low_stock_level) where low_stock_level is not null`.execute(db);
  await sql`create index product_variants_low_stock_alerted on product_variants (low_stock_alerted_at) where low_stock_alerted_at is not null`.execute(db);

  await db.schema
    .createTable('job_runs')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('last_day', 'text', (c) => c.notNull())
    .addColumn('ran_at', 'text', (c) => c.notNull())
    .execute();

  await sql`create or replace function voltmart_low_stock_default(settings text) returns integer language plpgsql immutable as $$
    begin
      return coalesce((settings::jsonb #>> '{stockAlerts,defaultLevel}')::integer, 5);
    exception when others then
      return 5;
    end
  $$`.execute(db);

  await sql`create or replace function voltmart_low_stock_recovered() returns trigger language plpgsql as $$
    begin
      if new.track_stock <> 1
        or new.stock > coalesce(new.low_stock_level, voltmart_low_stock_default((select value from shop_settings where id = 'shop'))) then
        new.low_stock_alerted_at := null;
      end if;
      return new;
    end
  $$`.execute(db);
  await sql`create trigger product_variants_low_stock_recovered before update of stock, track_stock, low_stock_level on product_variants
    for each row when (new.low_stock_alerted_at is not null) execute function voltmart_low_stock_recovered()`.execute(db);

  await sql`create or replace function voltmart_settings_low_stock_recovered() returns trigger language plpgsql as $$
    begin
      update product_variants set low_stock_alerted_at = null
        where low_stock_alerted_at is not null and (track_stock <> 1 or stock > coalesce(low_stock_level, voltmart_low_stock_default(new.value)));
      return null;
    end
  $$`.execute(db);
  await sql`create trigger shop_settings_low_stock_recovered after insert or update on shop_settings
    for each row execute function voltmart_settings_low_stock_recovered()`.execute(db);
}

import { sql, type Kysely } from 'kysely';

// Frozen: this migration never changes once landed. Fix forward with a new file.
//
// Low-stock alerts (issue 29): a daily mail to the admins listing the variants at or below their
// low-stock level, once per crossing.
// - product_variants.low_stock_level: the variant's own level (whole units, 0 or more); null is
//   the shop's default (the settings' stockAlerts.defaultLevel, 5 until the owner saves one).
// - product_variants.low_stock_alerted_at: when a mail last named the variant; null while it has
//   not been named since it was last above its level. The daily job lists only variants with
//   null here, and sets it in the transaction that writes the mail.
// - Two triggers clear it when the variant is above its level again, whichever path wrote the
//   figure (a sale's release, a cancelled order, a restock, an edit, the grid, an import), so the
//   next crossing mails again: one on the variant's stock, tracking and level, one on the shop's
//   settings (a default level lowered below a variant's stock). Untracked variants count as
//   above (they are never listed). The default is read from the settings JSON as loadSettings
//   reads it (5 when absent or unreadable).
// - job_runs: the last shop day each daily job ran (name, YYYY-MM-DD in the shop's zone), so the
//   job runs at most once a day, whichever process runs it, and catches up after downtime.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table product_variants add column low_stock_level integer check (low_stock_level is null or low_stock_level >= 0)`.execute(db);
  await sql`alter table product_variants add column low_stock_alerted_at text`.execute(db);
  // Both are null on nearly every row: partial indexes stay as small as the rows that matter.
  await sql`create index product_variants_low_stock_level on product_variants (low_stock_level) where low_stock_level is not null`.execute(db);
  await sql`create index product_variants_low_stock_alerted on product_variants (low_stock_alerted_at) where low_stock_alerted_at is not null`.execute(db);

  await db.schema
    .createTable('job_runs')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('last_day', 'text', (c) => c.notNull())
    .addColumn('ran_at', 'text', (c) => c.notNull())
    .execute();

  const defaultOf = (json: string) =>
    `coalesce(case when json_valid(${json}) then case when json_type(${json}, '$.stockAlerts.defaultLevel') = 'integer' then json_extract(${json}, '$.stockAlerts.defaultLevel') end end, 5)`;
  const shopDefault = `coalesce((select ${defaultOf('value')} from shop_settings where id = 'shop'), 5)`;
  await sql
    .raw(
      `create trigger product_variants_low_stock_recovered after update of stock, track_stock, low_stock_level on product_variants
        when new.low_stock_alerted_at is not null and (new.track_stock <> 1 or new.stock > coalesce(new.low_stock_level, ${shopDefault})) begin
        update product_variants set low_stock_alerted_at = null where id = new.id;
      end`,
    )
    .execute(db);
  for (const event of ['insert', 'update'] as const) {
    await sql
      .raw(
        `create trigger shop_settings_${event}_low_stock_recovered after ${event} on shop_settings begin
          update product_variants set low_stock_alerted_at = null
          where low_stock_alerted_at is not null and (track_stock <> 1 or stock > coalesce(low_stock_level, ${defaultOf('new.value')}));
        end`,
      )
      .execute(db);
  }
}

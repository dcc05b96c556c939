import type { Kysely } from 'kysely';

// Frozen: this migration never changes once landed. Fix forward with a new file.
//
// Selling legally in India (issue 14), the same SQL on SQLite and PostgreSQL (money is bigint:
// INTEGER affinity on SQLite, int8 on PostgreSQL).
// - shop_settings: one row ('shop') holding the owner's settings as JSON (seller, invoice
//   prefix, grievance officer, policies, shipping fees and serviceable PIN codes, tax options);
//   shared/schemas/settings.ts validates it.
// - category_tax: the HSN code and GST rate of each category, as data the owner edits. The
//   defaults are the rates in force since 22 September 2025 (GST 2.0): 18 % for every category
//   the shop sells, televisions and air conditioners included (they were 28 %).
// - products.hsn_code, products.gst_rate_bp: a product's own HSN and rate, overriding its category's.
// - addresses: a shopper's saved delivery addresses.
// - orders: the delivery address and place of supply, the seller as invoiced (a snapshot, so an
//   invoice prints the same after the owner edits the settings), the shipping line's tax, the
//   shipping choices offered at checkout, and the invoice and credit note numbers and dates.
// - order_items: each line's HSN, rate, taxable value and CGST/SGST/IGST.
// - document_counters: the last number of each series ('invoice:2026-27', 'credit:2026-27'),
//   taken with an upsert in the transaction that issues the document.
// - test_checkout_sessions.shipping_address: the address the built-in payment page collected.
// - audit_log: who changed what in the admin panel, and when.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('shop_settings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text')
    .execute();

  await db.schema
    .createTable('category_tax')
    .addColumn('category', 'text', (c) => c.primaryKey())
    .addColumn('hsn', 'text', (c) => c.notNull())
    .addColumn('gst_rate_bp', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  const at = '2026-11-27T00:00:00.000Z';
  const defaults: [category: string, hsn: string][] = [
    ['airpodes', '85183000'],
    ['camera', '85258900'],
    ['earphones', '85183000'],
    ['mobiles', '85171300'],
    ['Mouse', '84716060'],
    ['printers', '84433250'],
    ['processor', '85423100'],
    ['refrigerator', '84182100'],
    ['speakers', '85182200'],
    ['trimmers', '85102000'],
    ['televisions', '852872'],
    ['watches', '85176290'],
  ];
  await db
    .insertInto('category_tax')
    .values(defaults.map(([category, hsn]) => ({ category, hsn, gst_rate_bp: 1800, updated_at: at })))
    .execute();

  await db.schema.alterTable('products').addColumn('hsn_code', 'text').execute();
  await db.schema.alterTable('products').addColumn('gst_rate_bp', 'integer').execute();

  await db.schema
    .createTable('addresses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('line1', 'text', (c) => c.notNull())
    .addColumn('line2', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('state_code', 'text', (c) => c.notNull())
    .addColumn('pin', 'text', (c) => c.notNull())
    .addColumn('gstin', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('addresses_user').on('addresses').columns(['user_id', 'created_at']).execute();

  const orderColumns: [string, 'text' | 'integer' | 'bigint', boolean][] = [
    ['delivery_address', 'text', false],
    ['place_of_supply', 'text', false],
    ['seller', 'text', false],
    ['shipping_offer', 'text', false],
    ['shipping_hsn', 'text', false],
    ['shipping_gst_rate_bp', 'integer', false],
    ['shipping_taxable', 'bigint', true],
    ['shipping_cgst', 'bigint', true],
    ['shipping_sgst', 'bigint', true],
    ['shipping_igst', 'bigint', true],
    ['invoice_number', 'text', false],
    ['invoiced_at', 'text', false],
    ['credit_note_number', 'text', false],
    ['credit_noted_at', 'text', false],
  ];
  for (const [name, type, zero] of orderColumns) {
    await db.schema
      .alterTable('orders')
      .addColumn(name, type, (c) => (zero ? c.notNull().defaultTo(0) : c))
      .execute();
  }
  await db.schema.createIndex('orders_invoice_number').unique().on('orders').column('invoice_number').execute();
  await db.schema.createIndex('orders_credit_note_number').unique().on('orders').column('credit_note_number').execute();
  await db.schema.createIndex('orders_invoiced_at').on('orders').column('invoiced_at').execute();
  await db.schema.createIndex('orders_credit_noted_at').on('orders').column('credit_noted_at').execute();

  await db.schema.alterTable('order_items').addColumn('hsn', 'text').execute();
  await db.schema.alterTable('order_items').addColumn('gst_rate_bp', 'integer').execute();
  for (const name of ['taxable_value', 'cgst', 'sgst', 'igst']) {
    await db.schema
      .alterTable('order_items')
      .addColumn(name, 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
  }

  await db.schema
    .createTable('document_counters')
    .addColumn('series', 'text', (c) => c.primaryKey())
    .addColumn('last', 'integer', (c) => c.notNull())
    .execute();

  await db.schema.alterTable('test_checkout_sessions').addColumn('shipping_address', 'text').execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_at').on('audit_log').columns(['at', 'id']).execute();
}

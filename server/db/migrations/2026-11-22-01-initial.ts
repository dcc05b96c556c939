import { sql, type Kysely } from 'kysely';

// Frozen: this migration never changes once landed. Fix forward with a new file.
// Money columns are integer paise; times are ISO-8601 UTC text written by the app.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('ADMIN', 'GENERAL')`))
    .addColumn('profile_pic', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_created_at').on('users').columns(['created_at', 'id']).execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('login_attempts')
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('attempted_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('login_attempts_key').on('login_attempts').columns(['key', 'attempted_at']).execute();

  await db.schema
    .createTable('products')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('product_name', 'text', (c) => c.notNull())
    .addColumn('brand_name', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('price', 'integer', (c) => c.notNull().check(sql`price > 0`))
    .addColumn('selling_price', 'integer', (c) => c.notNull().check(sql`selling_price > 0 and selling_price <= price`))
    // Units still available to sell: on hand minus what pending checkouts have reserved.
    .addColumn('stock', 'integer', (c) => c.notNull().defaultTo(0).check(sql`stock >= 0`))
    .addColumn('images', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('archived_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('products_category_created').on('products').columns(['category', 'created_at', 'id']).execute();
  await db.schema.createIndex('products_category_price').on('products').columns(['category', 'selling_price', 'id']).execute();
  await db.schema.createIndex('products_created').on('products').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('products_price').on('products').columns(['selling_price', 'id']).execute();

  // External-content FTS index over the product text; triggers keep it in step inside the
  // same transaction as every product write, so search never sees a half-written product.
  await sql`create virtual table products_fts using fts5(
    product_name, brand_name, category, description,
    content='products', content_rowid='rowid',
    tokenize='unicode61 remove_diacritics 2', prefix='2 3 4'
  )`.execute(db);
  await sql`create trigger products_fts_insert after insert on products begin
    insert into products_fts(rowid, product_name, brand_name, category, description)
    values (new.rowid, new.product_name, new.brand_name, new.category, new.description);
  end`.execute(db);
  await sql`create trigger products_fts_delete after delete on products begin
    insert into products_fts(products_fts, rowid, product_name, brand_name, category, description)
    values ('delete', old.rowid, old.product_name, old.brand_name, old.category, old.description);
  end`.execute(db);
  await sql`create trigger products_fts_update after update of product_name, brand_name, category, description on products begin
    insert into products_fts(products_fts, rowid, product_name, brand_name, category, description)
    values ('delete', old.rowid, old.product_name, old.brand_name, old.category, old.description);
    insert into products_fts(rowid, product_name, brand_name, category, description)
    values (new.rowid, new.product_name, new.brand_name, new.category, new.description);
  end`.execute(db);

  await db.schema
    .createTable('banners')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('desktop', 'mobile')`))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('image_url', 'text', (c) => c.notNull())
    .addColumn('alt', 'text', (c) => c.notNull())
    .addColumn('link', 'text', (c) => c.notNull().defaultTo('/'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('cart_items')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('guest_id', 'text')
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id'))
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity >= 1`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addCheckConstraint('cart_items_owner', sql`(user_id is null) <> (guest_id is null)`)
    .execute();
  await db.schema.createIndex('cart_items_user_product').on('cart_items').columns(['user_id', 'product_id']).unique().where(sql.ref('user_id'), 'is not', null).execute();
  await db.schema.createIndex('cart_items_guest_product').on('cart_items').columns(['guest_id', 'product_id']).unique().where(sql.ref('guest_id'), 'is not', null).execute();

  await db.schema
    .createTable('orders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'paid', 'shipped', 'delivered', 'cancelled')`))
    .addColumn('provider', 'text', (c) => c.notNull().check(sql`provider in ('stripe', 'test')`))
    .addColumn('payment_session_id', 'text', (c) => c.unique())
    .addColumn('payment_intent_id', 'text')
    .addColumn('payment_method_types', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('payment_status', 'text', (c) => c.notNull().defaultTo('unpaid'))
    .addColumn('shipping_rate', 'text')
    .addColumn('shipping_amount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('shipping_address', 'text')
    .addColumn('total_amount', 'integer', (c) => c.notNull())
    .addColumn('amount_charged', 'integer')
    .addColumn('amount_mismatch', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'text')
    .addColumn('paid_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('orders_user_created').on('orders').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('orders_status_created').on('orders').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('orders_created').on('orders').columns(['created_at', 'id']).execute();

  await db.schema
    .createTable('order_items')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    // No foreign key: the line is a snapshot and outlives any change to the product.
    .addColumn('product_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('images', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('unit_price', 'integer', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity >= 1`))
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_items_order').on('order_items').columns(['order_id', 'position']).execute();

  await db.schema
    .createTable('test_checkout_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('open', 'complete', 'expired')`))
    .addColumn('payment_status', 'text', (c) => c.notNull().check(sql`payment_status in ('unpaid', 'paid')`))
    .addColumn('shipping_rate', 'text')
    .addColumn('shipping_amount', 'integer')
    .addColumn('amount_total', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
}

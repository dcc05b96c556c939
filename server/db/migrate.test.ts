import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { dialectOf, openDatabase } from './database';
import { migrateToLatest } from './migrate';
import { migrationNames, migrationsFor } from './migrations';
import { freshEmptyTestDatabase, testDialect } from '../testing/test-database';
import { insertProduct, insertUser } from '../testing/factories';
import { CATEGORIES } from '../../shared/categories';
import { watchInvalidations } from '../testing/invalidations';
import { HttpClient, startTestServer } from '../testing/test-server';
import type { Insertable } from 'kysely';
import type { OrdersTable } from './schema';
import { takeOrderNumber } from '../features/order/order.service';

/** An order row as a release before readable order numbers wrote it (no order_number column yet). */
type PreviousReleaseOrder = Insertable<OrdersTable>;

const dialect = testDialect();

describe(`migrations (${dialect})`, () => {
  it('both databases have the same migrations, in the same order', () => {
    expect(Object.keys(migrationsFor('sqlite'))).toEqual(migrationNames);
    expect(Object.keys(migrationsFor('postgres'))).toEqual(migrationNames);
  });

  it('run forward from an empty database, once', async () => {
    const db = openDatabase(await freshEmptyTestDatabase(fs.mkdtempSync(path.join(os.tmpdir(), 'voltmart-migrate-'))));
    try {
      expect(await migrateToLatest(db)).toEqual(migrationNames);
      expect(await migrateToLatest(db)).toEqual([]);
      const tables = (await db.introspection.getTables()).map((t) => t.name);
      expect(tables).toEqual(
        expect.arrayContaining(['users', 'sessions', 'products', 'cart_items', 'orders', 'order_items', 'banners', 'test_checkout_sessions', 'login_attempts', 'stock_movements']),
      );
      expect(tables).not.toContain('catalog_revision');
      // A transaction knows its database too (the dialect modules are handed either).
      expect(dialectOf(db)).toBe(dialect);
      expect(await db.transaction().execute((trx) => Promise.resolve(dialectOf(trx)))).toBe(dialect);
    } finally {
      await db.destroy();
    }
  });

  it.runIf(dialect === 'sqlite')('open SQLite with WAL, synchronous=FULL, foreign keys and a busy timeout', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'voltmart-pragma-')), 'shop.sqlite');
    const db = openDatabase(file);
    try {
      const pragma = async (name: string) => Object.values((await sql.raw<Record<string, unknown>>(`pragma ${name}`).execute(db)).rows[0] ?? {})[0];
      expect(await pragma('journal_mode')).toBe('wal');
      expect(await pragma('synchronous')).toBe(2); // FULL
      expect(await pragma('foreign_keys')).toBe(1);
      expect(await pragma('busy_timeout')).toBe(5000);
    } finally {
      await db.destroy();
    }
  });

  it.runIf(dialect === 'postgres')('on PostgreSQL, money columns are bigint and read back as numbers', async () => {
    const db = openDatabase(await freshEmptyTestDatabase(fs.mkdtempSync(path.join(os.tmpdir(), 'voltmart-migrate-'))));
    try {
      await migrateToLatest(db);
      const types = await sql<{ column_name: string; data_type: string }>`
        select column_name, data_type from information_schema.columns
        where table_name = 'products' and column_name in ('price', 'selling_price', 'stock')
        order by column_name`.execute(db);
      expect(types.rows).toEqual([
        { column_name: 'price', data_type: 'bigint' },
        { column_name: 'selling_price', data_type: 'bigint' },
        { column_name: 'stock', data_type: 'integer' },
      ]);
      const big = await sql<{ n: number; total: number }>`select count(*) as n, sum(x) as total from (values (9007199254740::bigint), (1::bigint)) as t (x)`.execute(db);
      expect(big.rows[0]).toEqual({ n: 2, total: 9007199254741 });
    } finally {
      await db.destroy();
    }
  });

  it('bring a shop made by the previous release (migrated up to 2026-12-01-01-payments) forward, its data kept', async () => {
    const target = await freshEmptyTestDatabase(fs.mkdtempSync(path.join(os.tmpdir(), 'voltmart-migrate-')));
    const db = openDatabase(target);
    try {
      const migrator = new Migrator({ db, provider: { getMigrations: () => Promise.resolve(migrationsFor(dialect)) } });
      const before = await migrator.migrateTo('2026-12-01-01-payments');
      expect(before.error).toBeUndefined();
      // The previous release's shop: a shopper on the test payment page of an order.
      const user = await insertUser(db);
      const product = await insertProduct(db, { productName: 'Galaxy S24 5G', price: 7_999_900, sellingPrice: 7_499_900 });
      const now = new Date().toISOString();
      const offer = [
        { rate: 'standard', label: 'Standard delivery', amount: 0 },
        { rate: 'express', label: 'Express delivery', amount: 9900 },
      ];
      await db
        .insertInto('orders')
        .values({
          id: 'o1',
          user_id: user.id,
          email: user.email,
          status: 'pending',
          provider: 'test',
          total_amount: 14_999_800,
          created_at: now,
          updated_at: now,
          shipping_offer: JSON.stringify(offer),
        } as PreviousReleaseOrder)
        .execute();
      await db
        .insertInto('order_items')
        .values({
          id: 'i1',
          order_id: 'o1',
          product_id: product.id,
          name: 'Galaxy S24 5G',
          images: JSON.stringify(['/images/s24.webp']),
          unit_price: 7_499_900,
          quantity: 2,
          position: 0,
        })
        .execute();
      await db
        .insertInto('test_checkout_sessions')
        .values({
          id: 'tcs_1',
          order_id: 'o1',
          status: 'open',
          payment_status: 'unpaid',
          shipping_rate: 'standard',
          shipping_amount: 0,
          amount_total: 14_999_800,
          created_at: now,
          expires_at: now,
        })
        .execute();

      expect(await migrateToLatest(db)).toEqual(migrationNames.slice(migrationNames.indexOf('2026-12-01-01-payments') + 1));

      // The open test payment session carries its own lines and delivery choices now.
      const session = await db.selectFrom('test_checkout_sessions').select(['lines', 'shipping_options', 'amount_total']).where('id', '=', 'tcs_1').executeTakeFirstOrThrow();
      expect(JSON.parse(session.lines ?? 'null')).toEqual([{ name: 'Galaxy S24 5G', imageUrl: '/images/s24.webp', unitAmount: 7_499_900, quantity: 2 }]);
      expect(JSON.parse(session.shipping_options ?? 'null')).toEqual(offer);
      expect(Number(session.amount_total)).toBe(14_999_800);
      // Nothing else moved, and saving the settings now stales the replies that show them.
      expect(await db.selectFrom('orders').select('total_amount').where('id', '=', 'o1').executeTakeFirstOrThrow()).toEqual({ total_amount: 14_999_800 });
      const watch = await watchInvalidations(target);
      try {
        const tags = await watch.during(() => db.insertInto('shop_settings').values({ id: 'shop', value: '{}', updated_at: now, updated_by: null }).execute());
        expect(tags).toContain('settings');
      } finally {
        await watch.close();
      }
    } finally {
      await db.destroy();
    }
  });

  it('bring a shop made by the release before variants forward: one variant per product, carts, orders and stock history pointed at it, /api replies unchanged', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'voltmart-migrate-'));
    const target = await freshEmptyTestDatabase(dataDir);
    const db = openDatabase(target);
    const now = '2026-12-01T10:00:00.000Z';
    let user: Awaited<ReturnType<typeof insertUser>>;
    let phone: Awaited<ReturnType<typeof insertProduct>>;
    let cable: Awaited<ReturnType<typeof insertProduct>>;
    try {
      const migrator = new Migrator({ db, provider: { getMigrations: () => Promise.resolve(migrationsFor(dialect)) } });
      expect((await migrator.migrateTo('2026-12-02-02-test-checkout-snapshot')).error).toBeUndefined();
      user = await insertUser(db);
      phone = await insertProduct(db, { productName: 'Galaxy S24 5G', price: 7_999_900, sellingPrice: 7_499_900, stock: 5, createdAt: now, images: ['/images/s24.webp'] });
      cable = await insertProduct(db, { productName: 'USB-C Cable', price: 49_900, sellingPrice: 29_900, trackStock: false, createdAt: now });
      expect(
        await db
          .selectFrom('product_variants' as never)
          .selectAll()
          .execute()
          .catch(() => 'no table'),
      ).toBe('no table');
      await db.insertInto('cart_items').values({ id: 'c1', user_id: user.id, guest_id: null, product_id: phone.id, quantity: 2, created_at: now, updated_at: now }).execute();
      await db
        .insertInto('orders')
        .values({
          id: 'o1',
          user_id: user.id,
          email: user.email,
          status: 'paid',
          provider: 'test',
          total_amount: 7_499_900,
          amount_charged: 7_499_900,
          payment_status: 'paid',
          payment_intent_id: 'pi_1',
          payment_method_types: JSON.stringify(['card']),
          shipping_rate: 'standard',
          paid_at: now,
          invoice_number: 'VM/2627/00001',
          invoiced_at: now,
          created_at: now,
          updated_at: now,
        } as PreviousReleaseOrder)
        .execute();
      await db
        .insertInto('order_items')
        .values({
          id: 'i1',
          order_id: 'o1',
          product_id: phone.id,
          name: 'Galaxy S24 5G',
          images: JSON.stringify(['/images/s24.webp']),
          unit_price: 7_499_900,
          quantity: 1,
          position: 0,
          stock_taken: 1,
          hsn: '8517',
          gst_rate_bp: 1800,
        })
        .execute();
      await db
        .insertInto('stock_movements')
        .values({ id: 'm1', product_id: phone.id, at: now, reason: 'sale', delta: -1, stock_before: 6, stock_after: 5, order_id: 'o1', actor_id: null, note: '' })
        .execute();
    } finally {
      await db.destroy();
    }
    // The release with variants starts on that database (and migrates it).
    fs.writeFileSync(path.join(dataDir, '.test-database-url'), target.dialect === 'sqlite' ? target.file : target.url);
    const server = await startTestServer({ dataDir });
    try {
      const after = server.deps.db;
      const variants = await after
        .selectFrom('product_variants')
        .select(['id', 'product_id', 'sku', 'option_values', 'price', 'selling_price', 'stock', 'track_stock', 'images'])
        .orderBy('sku')
        .execute();
      expect(variants.map((v) => ({ ...v, price: Number(v.price), selling_price: Number(v.selling_price) }))).toEqual(
        [
          {
            id: phone.id,
            product_id: phone.id,
            sku: `VM-${phone.id.slice(0, 10).toUpperCase()}`,
            option_values: '[]',
            price: 7_999_900,
            selling_price: 7_499_900,
            stock: 5,
            track_stock: 1,
            images: '[]',
          },
          {
            id: cable.id,
            product_id: cable.id,
            sku: `VM-${cable.id.slice(0, 10).toUpperCase()}`,
            option_values: '[]',
            price: 49_900,
            selling_price: 29_900,
            stock: 10,
            track_stock: 0,
            images: '[]',
          },
        ].sort((a, b) => a.sku.localeCompare(b.sku)),
      );
      expect(await after.selectFrom('cart_items').select(['id', 'variant_id']).execute()).toEqual([{ id: 'c1', variant_id: phone.id }]);
      expect(await after.selectFrom('order_items').select(['variant_id', 'sku', 'variant_label']).execute()).toEqual([{ variant_id: phone.id, sku: null, variant_label: null }]);
      expect(await after.selectFrom('stock_movements').select(['id', 'variant_id']).execute()).toEqual([{ id: 'm1', variant_id: phone.id }]);
      const summary = await after
        .selectFrom('products')
        .select(['id', 'price_min', 'price_max', 'variant_count', 'colour_count', 'options'])
        .where('id', '=', phone.id)
        .executeTakeFirstOrThrow();
      expect({ ...summary, price_min: Number(summary.price_min), price_max: Number(summary.price_max) }).toEqual({
        id: phone.id,
        price_min: 7_499_900,
        price_max: 7_499_900,
        variant_count: 1,
        colour_count: 0,
        options: '[]',
      });

      // The spec's /api answers exactly what it answered before: the contract's shapes, the same values.
      const contractProduct = (
        p: { id: string; productName: string },
        extra: { price: number; sellingPrice: number; stock: number; trackStock: boolean; productImage: string[] },
      ) => ({
        _id: p.id,
        productName: p.productName,
        brandName: 'Testbrand',
        category: 'mobiles',
        description: 'A product made for tests.',
        createdAt: now,
        updatedAt: now,
        ...extra,
      });
      const phoneBefore = contractProduct(phone, { price: 79_999, sellingPrice: 74_999, stock: 5, trackStock: true, productImage: ['/images/s24.webp'] });
      const cableBefore = contractProduct(cable, { price: 499, sellingPrice: 299, stock: 10, trackStock: false, productImage: ['/images/test.webp'] });
      const visitor = new HttpClient(server.url);
      expect((await visitor.post('/api/product-details', { productId: phone.id })).body).toEqual({ success: true, error: false, message: 'Ok', data: phoneBefore });
      expect((await visitor.get('/api/get-product')).body.data).toEqual(expect.arrayContaining([phoneBefore, cableBefore]));
      expect((await visitor.post('/api/category-product', { category: 'mobiles' })).body.data).toHaveLength(2);

      const client = new HttpClient(server.url);
      expect((await client.post('/api/signin', { email: user.email, password: user.password })).status).toBe(200);
      expect((await client.get('/api/view-card-product')).body.data).toEqual([{ _id: 'c1', quantity: 2, productId: phoneBefore, userId: user.id }]);
      const orders = (await client.get('/api/order-list')).body.data as Record<string, unknown>[];
      expect(orders).toHaveLength(1);
      expect(orders[0]?.productDetails).toEqual([{ productId: phone.id, name: 'Galaxy S24 5G', image: ['/images/s24.webp'], price: 74_999, quantity: 1, notInStock: 0 }]);
      // The old cart line is the variant's line: adding the product again adds to it.
      const added = await client.post('/api/addtocart', { productId: phone.id });
      expect(added.body).toMatchObject({ success: true, data: { _id: 'c1', quantity: 3, productId: phoneBefore }, alreadyInCart: true });
      expect(Object.keys(added.body.data as object).sort()).toEqual(['_id', 'productId', 'quantity', 'userId']);
    } finally {
      await server.close();
    }
  });

  it('bring a shop of the release before product facts (up to 2026-12-02-02-test-checkout-snapshot) forward: every product kept, its facts empty', async () => {
    const target = await freshEmptyTestDatabase(fs.mkdtempSync(path.join(os.tmpdir(), 'voltmart-migrate-')));
    const db = openDatabase(target);
    try {
      const migrator = new Migrator({ db, provider: { getMigrations: () => Promise.resolve(migrationsFor(dialect)) } });
      expect((await migrator.migrateTo('2026-12-02-02-test-checkout-snapshot')).error).toBeUndefined();
      const onSale = await insertProduct(db, { productName: 'Galaxy S24 5G', category: 'mobiles', price: 7_999_900, sellingPrice: 7_499_900, stock: 7 });
      const archived = await insertProduct(db, { productName: 'Old Mouse', category: 'Mouse', archived: true });
      const before = await db.selectFrom('products').selectAll().orderBy('id').execute();

      expect(await migrateToLatest(db)).toContain('2026-12-03-02-product-facts');

      const after = await db.selectFrom('products').selectAll().orderBy('id').execute();
      expect(after.map((p) => p.id)).toEqual([onSale.id, archived.id].sort());
      // Every column the old release had reads as before; each fact is null (not given).
      for (const [i, row] of after.entries()) {
        expect(row).toMatchObject(before[i] as object);
        expect(row).toMatchObject({
          origin_country: null,
          manufacturer_name: null,
          manufacturer_address: null,
          importer_name: null,
          importer_address: null,
          net_quantity: null,
          warranty_months: null,
          warranty_by: null,
        });
      }
      // Facts given now reach the product's page.
      const watch = await watchInvalidations(target);
      try {
        const tags = await watch.during(() => db.updateTable('products').set({ origin_country: 'Vietnam' }).where('id', '=', onSale.id).execute());
        expect(tags).toContain(`product:${onSale.id}`);
      } finally {
        await watch.close();
      }
    } finally {
      await db.destroy();
    }
  });

  it('bring a shop of the release before spec values (up to 2026-12-03-03-variants) forward: products kept with no values, search rebuilt with the spec words', async () => {
    const target = await freshEmptyTestDatabase(fs.mkdtempSync(path.join(os.tmpdir(), 'voltmart-migrate-')));
    const db = openDatabase(target);
    try {
      const migrator = new Migrator({ db, provider: { getMigrations: () => Promise.resolve(migrationsFor(dialect)) } });
      expect((await migrator.migrateTo('2026-12-03-03-variants')).error).toBeUndefined();
      const phone = await insertProduct(db, { productName: 'Zorbix Phone', category: 'mobiles', price: 1_999_900, sellingPrice: 1_899_900, stock: 4 });
      const before = await db.selectFrom('products').selectAll().orderBy('id').execute();

      expect(await migrateToLatest(db)).toContain('2026-12-03-04-spec-values');

      const after = await db.selectFrom('products').selectAll().orderBy('id').execute();
      expect(after).toHaveLength(1);
      const { search_vector: _was, ...kept } = before[0] as Record<string, unknown>;
      expect(after[0]).toMatchObject(kept);
      expect(after[0]).toMatchObject({ specs: '{}', spec_line: '', spec_words: '' });
      expect(await db.selectFrom('spec_values').selectAll().execute()).toEqual([]);
      const matches = async (word: string) =>
        dialect === 'sqlite'
          ? (await sql<{ n: number }>`select count(*) as n from products_fts where products_fts match ${`"${word}"`}`.execute(db)).rows[0]?.n
          : (await sql<{ n: number }>`select count(*)::int as n from products where search_vector @@ to_tsquery('simple', ${word})`.execute(db)).rows[0]?.n;
      // The old document is indexed again, and spec words join it; a change of values stales the product's page and lists.
      expect(Number(await matches('zorbix'))).toBe(1);
      const watch = await watchInvalidations(target);
      try {
        const tags = await watch.during(() => db.updateTable('products').set({ spec_words: 'RAM 8 GB 8gb' }).where('id', '=', phone.id).execute());
        expect(tags).toEqual(expect.arrayContaining([`product:${phone.id}`, 'category:mobiles', 'search']));
      } finally {
        await watch.close();
      }
      expect(Number(await matches('8gb'))).toBe(1);
    } finally {
      await db.destroy();
    }
  });

  it('bring a shop of the release before the on-sale indexes (up to 2026-12-03-04-spec-values) forward: products kept, the two partial indexes built (and, on PostgreSQL, the spec statistics)', async () => {
    const target = await freshEmptyTestDatabase(fs.mkdtempSync(path.join(os.tmpdir(), 'voltmart-migrate-')));
    const db = openDatabase(target);
    try {
      const migrator = new Migrator({ db, provider: { getMigrations: () => Promise.resolve(migrationsFor(dialect)) } });
      expect((await migrator.migrateTo('2026-12-03-04-spec-values')).error).toBeUndefined();
      await insertProduct(db, { productName: 'Zorbix Phone', category: 'mobiles', price: 1_999_900, sellingPrice: 1_899_900, stock: 4 });
      const gone = await insertProduct(db, { productName: 'Zorbix Old Phone', category: 'mobiles' });
      await db.updateTable('products').set({ archived_at: '2026-12-01T00:00:00.000Z' }).where('id', '=', gone.id).execute();
      const before = await db.selectFrom('products').selectAll().orderBy('id').execute();

      expect(await migrateToLatest(db)).toEqual(migrationNames.slice(migrationNames.indexOf('2026-12-03-04-spec-values') + 1));

      expect(await db.selectFrom('products').selectAll().orderBy('id').execute()).toEqual(before);
      const indexes =
        dialect === 'sqlite'
          ? (await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = 'products'`.execute(db)).rows.map((r) => r.name)
          : (await sql<{ name: string }>`select indexname as name from pg_indexes where tablename = 'products'`.execute(db)).rows.map((r) => r.name);
      expect(indexes).toEqual(expect.arrayContaining(['products_on_sale_category_price', 'products_archived']));
      if (dialect === 'postgres') {
        // The spec filters' multivariate statistics (2026-12-04-02), filled by ANALYZE.
        const stats = (await sql<{ name: string; target: number }>`select stxname as name, stxstattarget::int as target from pg_statistic_ext order by stxname`.execute(db)).rows;
        expect(stats).toEqual([
          { name: 'spec_values_num_stats', target: 1000 },
          { name: 'spec_values_text_stats', target: 1000 },
        ]);
      }
    } finally {
      await db.destroy();
    }
  });

  it('bring a shop of the release before catalogue uploads (up to 2026-12-04-01-on-sale-indexes) forward: products kept, an empty catalogue_uploads table', async () => {
    const target = await freshEmptyTestDatabase(fs.mkdtempSync(path.join(os.tmpdir(), 'voltmart-migrate-')));
    const db = openDatabase(target);
    try {
      const migrator = new Migrator({ db, provider: { getMigrations: () => Promise.resolve(migrationsFor(dialect)) } });
      expect((await migrator.migrateTo('2026-12-04-01-on-sale-indexes')).error).toBeUndefined();
      await insertProduct(db, { productName: 'Zorbix Phone', category: 'mobiles', price: 1_999_900, sellingPrice: 1_899_900, stock: 4 });
      const before = await db.selectFrom('products').selectAll().orderBy('id').execute();

      expect(await migrateToLatest(db)).toEqual(migrationNames.slice(migrationNames.indexOf('2026-12-04-01-on-sale-indexes') + 1));

      expect(await db.selectFrom('products').selectAll().orderBy('id').execute()).toEqual(before);
      await db
        .insertInto('catalogue_uploads')
        .values({ id: 'u1', actor_id: null, file_name: 'prices.csv', size: 3, bytes: Buffer.from('a,b'), created_at: new Date().toISOString() })
        .execute();
      const stored = await db.selectFrom('catalogue_uploads').select(['file_name', 'bytes']).executeTakeFirstOrThrow();
      expect([stored.file_name, Buffer.from(stored.bytes).toString()]).toEqual(['prices.csv', 'a,b']);
    } finally {
      await db.destroy();
    }
  });

  it('bring a shop of the release before import jobs (up to 2026-12-05-01-catalogue-uploads) forward: uploads kept, an empty catalogue_import_jobs table that holds one running job at a time', async () => {
    const target = await freshEmptyTestDatabase(fs.mkdtempSync(path.join(os.tmpdir(), 'voltmart-migrate-')));
    const db = openDatabase(target);
    try {
      const migrator = new Migrator({ db, provider: { getMigrations: () => Promise.resolve(migrationsFor(dialect)) } });
      expect((await migrator.migrateTo('2026-12-05-01-catalogue-uploads')).error).toBeUndefined();
      await db
        .insertInto('catalogue_uploads')
        .values({ id: 'u1', actor_id: null, file_name: 'prices.csv', size: 3, bytes: Buffer.from('a,b'), created_at: new Date().toISOString() })
        .execute();

      expect(await migrateToLatest(db)).toEqual(migrationNames.slice(migrationNames.indexOf('2026-12-05-01-catalogue-uploads') + 1));

      expect((await db.selectFrom('catalogue_uploads').select('file_name').execute()).map((r) => r.file_name)).toEqual(['prices.csv']);
      expect(await db.selectFrom('catalogue_import_jobs').selectAll().execute()).toEqual([]);
      const at = new Date().toISOString();
      const job = (id: string, slot: string | null) => ({
        id,
        action: 'apply',
        upload_id: 'u1',
        file_name: 'prices.csv',
        mode: 'both',
        stock_mode: 'set',
        actor_id: null,
        process_token: 'p',
        state: slot ? 'running' : 'done',
        phase: slot ? 'reading' : 'done',
        started_at: at,
        heartbeat_at: at,
        running_slot: slot,
      });
      await db
        .insertInto('catalogue_import_jobs')
        .values([job('j1', 'shop'), job('j2', null), job('j3', null)])
        .execute();
      // A second running job is refused by the database itself (one import at a time, across processes).
      await expect(db.insertInto('catalogue_import_jobs').values(job('j4', 'shop')).execute()).rejects.toThrow();
      expect(await db.selectFrom('catalogue_import_jobs').select(['id', 'rows_checked', 'actor_name']).orderBy('id').execute()).toEqual([
        { id: 'j1', rows_checked: 0, actor_name: '' },
        { id: 'j2', rows_checked: 0, actor_name: '' },
        { id: 'j3', rows_checked: 0, actor_name: '' },
      ]);
    } finally {
      await db.destroy();
    }
  });

  it('bring a shop of the release before jobs kept their pictures (up to 2026-12-06-07-catalogue-import-jobs) forward: its jobs kept, without a ZIP; a new job keeps its ZIP’s upload id', async () => {
    const target = await freshEmptyTestDatabase(fs.mkdtempSync(path.join(os.tmpdir(), 'voltmart-migrate-')));
    const db = openDatabase(target);
    try {
      const migrator = new Migrator({ db, provider: { getMigrations: () => Promise.resolve(migrationsFor(dialect)) } });
      expect((await migrator.migrateTo('2026-12-06-07-catalogue-import-jobs')).error).toBeUndefined();
      const at = new Date().toISOString();
      const job = {
        action: 'dryRun',
        upload_id: 'u1',
        file_name: 'prices.csv',
        mode: 'both',
        stock_mode: 'set',
        actor_id: null,
        process_token: 'p',
        started_at: at,
        heartbeat_at: at,
      };
      // The previous release's row, written as it wrote it (no such column then).
      await sql`insert into catalogue_import_jobs (id, action, upload_id, file_name, mode, stock_mode, process_token, state, phase, rows_checked, total, started_at, heartbeat_at, finished_at, result)
        values ('j1', 'dryRun', 'u1', 'prices.csv', 'both', 'set', 'p', 'done', 'done', 120, 120, ${at}, ${at}, ${at}, '{"applied":false}')`.execute(db);
      const before = await db.selectFrom('catalogue_import_jobs').selectAll().executeTakeFirstOrThrow();

      expect(await migrateToLatest(db)).toEqual(migrationNames.slice(migrationNames.indexOf('2026-12-06-07-catalogue-import-jobs') + 1));

      expect(await db.selectFrom('catalogue_import_jobs').selectAll().where('id', '=', 'j1').executeTakeFirstOrThrow()).toEqual({ ...before, pictures_upload_id: null });
      await db
        .insertInto('catalogue_import_jobs')
        .values({ ...job, id: 'j2', state: 'running', phase: 'reading', running_slot: 'shop', pictures_upload_id: 'z1' })
        .execute();
      expect(await db.selectFrom('catalogue_import_jobs').select(['id', 'pictures_upload_id']).orderBy('id').execute()).toEqual([
        { id: 'j1', pictures_upload_id: null },
        { id: 'j2', pictures_upload_id: 'z1' },
      ]);
    } finally {
      await db.destroy();
    }
  });

  it('bring a shop of the release before order numbers (up to 2026-12-07-01-import-job-pictures) forward: every order numbered oldest first per IST year, the counters continuing after them', async () => {
    const target = await freshEmptyTestDatabase(fs.mkdtempSync(path.join(os.tmpdir(), 'voltmart-migrate-')));
    const db = openDatabase(target);
    try {
      const migrator = new Migrator({ db, provider: { getMigrations: () => Promise.resolve(migrationsFor(dialect)) } });
      expect((await migrator.migrateTo('2026-12-07-01-import-job-pictures')).error).toBeUndefined();
      const user = await insertUser(db);
      const product = await insertProduct(db, { productName: 'Galaxy S24 5G' });
      // Written out of order; two share a creation time (then the id decides). 18:30 UTC on 31 December is midnight in India.
      const placed: [string, string][] = [
        ['o-c', '2026-01-05T09:00:00.000Z'],
        ['o-a', '2025-12-31T18:29:59.000Z'],
        ['o-e', '2026-12-31T18:30:00.000Z'],
        ['o-b2', '2025-12-31T18:30:00.000Z'],
        ['o-b1', '2025-12-31T18:30:00.000Z'],
        ['o-0', '2025-03-01T10:00:00.000Z'],
      ];
      for (const [id, at] of placed) {
        await db
          .insertInto('orders')
          .values({ id, user_id: user.id, email: user.email, status: 'paid', provider: 'test', total_amount: 100, created_at: at, updated_at: at } as PreviousReleaseOrder)
          .execute();
      }
      // A year of more orders than the migration numbers in one batch.
      const busyYear = Array.from({ length: 1_100 }, (_, i) => {
        const at = new Date(Date.parse('2024-01-01T00:00:00.000Z') + i * 60_000).toISOString();
        return {
          id: `p${String(i).padStart(4, '0')}`,
          user_id: user.id,
          email: user.email,
          status: 'delivered',
          provider: 'test',
          total_amount: 1,
          created_at: at,
          updated_at: at,
        } as PreviousReleaseOrder;
      });
      await db.insertInto('orders').values(busyYear).execute();
      await db.insertInto('order_items').values({ id: 'i1', order_id: 'o-c', product_id: product.id, name: 'Galaxy S24 5G', unit_price: 100, quantity: 1, position: 0 }).execute();
      await db.insertInto('document_counters').values({ series: 'invoice:2025-26', last: 7 }).execute();
      const before = await db.selectFrom('orders').selectAll().orderBy('id').execute();

      expect(await migrateToLatest(db)).toEqual(migrationNames.slice(migrationNames.indexOf('2026-12-07-01-import-job-pictures') + 1));

      const busy = await db.selectFrom('orders').select(['id', 'order_number']).where('id', 'like', 'p%').orderBy('id').execute();
      expect(busy.map((r) => r.order_number)).toEqual(busyYear.map((_, i) => `VM-2024-${String(i + 1).padStart(6, '0')}`));
      const numbers = await db.selectFrom('orders').select(['id', 'order_number']).where('id', 'like', 'o-%').orderBy('order_number').execute();
      expect(numbers).toEqual([
        { id: 'o-0', order_number: 'VM-2025-000001' },
        { id: 'o-a', order_number: 'VM-2025-000002' },
        { id: 'o-b1', order_number: 'VM-2026-000001' },
        { id: 'o-b2', order_number: 'VM-2026-000002' },
        { id: 'o-c', order_number: 'VM-2026-000003' },
        { id: 'o-e', order_number: 'VM-2027-000001' },
      ]);
      // Nothing else about the orders moved, their lines stay theirs, and the invoices' counter is untouched.
      const after = await db.selectFrom('orders').selectAll().orderBy('id').execute();
      // (Columns later migrations add, the offers' discount_total and coupon_code, are checked by their own case.)
      expect(after.map(({ order_number: _n, discount_total: _d, coupon_code: _c, ...rest }) => rest)).toEqual(before);
      expect(await db.selectFrom('order_items').select(['id', 'order_id']).execute()).toEqual([{ id: 'i1', order_id: 'o-c' }]);
      expect((await db.selectFrom('document_counters').select(['series', 'last']).orderBy('series').execute()).map((r) => [r.series, Number(r.last)])).toEqual([
        ['invoice:2025-26', 7],
        ['order:2024', 1_100],
        ['order:2025', 2],
        ['order:2026', 3],
        ['order:2027', 1],
      ]);
      // The next order of 2026 continues after the backfilled ones.
      expect(await db.transaction().execute((trx) => takeOrderNumber(trx, { orderPrefix: 'VM', timeZone: 'Asia/Kolkata' }, '2026-06-01T10:00:00.000Z'))).toBe('VM-2026-000004');
      // Never null, never shared: the database itself refuses both.
      const row = (id: string, number: string | null) =>
        ({
          id,
          order_number: number,
          user_id: user.id,
          email: user.email,
          status: 'paid',
          provider: 'test',
          total_amount: 1,
          created_at: '2026-06-01T00:00:00.000Z',
          updated_at: '2026-06-01T00:00:00.000Z',
        }) as never;
      await expect(db.insertInto('orders').values(row('o-null', null)).execute()).rejects.toThrow();
      await expect(db.insertInto('orders').values(row('o-dup', 'VM-2026-000001')).execute()).rejects.toThrow();
      await db.insertInto('orders').values(row('o-new', 'VM-2026-000004')).execute();
    } finally {
      await db.destroy();
    }
  });

  it('bring a shop of the release before stock alerts (up to 2026-12-07-01-import-job-pictures) forward: variants kept at the shop default level, unnamed; a rise above the level clears the mark', async () => {
    const target = await freshEmptyTestDatabase(fs.mkdtempSync(path.join(os.tmpdir(), 'voltmart-migrate-')));
    const db = openDatabase(target);
    try {
      const migrator = new Migrator({ db, provider: { getMigrations: () => Promise.resolve(migrationsFor(dialect)) } });
      expect((await migrator.migrateTo('2026-12-07-01-import-job-pictures')).error).toBeUndefined();
      const low = await insertProduct(db, { productName: 'Nearly gone', stock: 3 });
      const plenty = await insertProduct(db, { productName: 'Plenty', stock: 40 });
      // The owner's settings as the previous release saved them (no stockAlerts in them).
      await sql`insert into shop_settings (id, value, updated_at) values ('shop', '{"invoicePrefix":"VM"}', '2026-12-07T10:00:00.000Z')`.execute(db);
      const before = await db.selectFrom('product_variants').selectAll().orderBy('id').execute();

      expect(await migrateToLatest(db)).toEqual(migrationNames.slice(migrationNames.indexOf('2026-12-07-01-import-job-pictures') + 1));

      const after = await db.selectFrom('product_variants').selectAll().orderBy('id').execute();
      expect(after).toEqual(before.map((v) => ({ ...v, low_stock_level: null, low_stock_alerted_at: null })));
      expect(await db.selectFrom('job_runs').selectAll().execute()).toEqual([]);
      // Named by a mail, then restocked: 4 is still at or below the default 5, 6 is above it.
      const mark = (id: string) => db.updateTable('product_variants').set({ low_stock_alerted_at: '2026-12-08T03:30:00.000Z' }).where('id', '=', id).execute();
      const markOf = async (id: string) =>
        (await db.selectFrom('product_variants').select('low_stock_alerted_at').where('id', '=', id).executeTakeFirstOrThrow()).low_stock_alerted_at;
      await mark(low.id);
      await db.updateTable('product_variants').set({ stock: 4 }).where('id', '=', low.id).execute();
      expect(await markOf(low.id)).toBe('2026-12-08T03:30:00.000Z');
      await db.updateTable('product_variants').set({ stock: 6 }).where('id', '=', low.id).execute();
      expect(await markOf(low.id)).toBeNull();
      // Its own level of 10 puts 6 back below; a default saved at 3 leaves a level of its own alone.
      await db.updateTable('product_variants').set({ low_stock_level: 10 }).where('id', '=', low.id).execute();
      await mark(low.id);
      await mark(plenty.id);
      await sql`update shop_settings set value = '{"stockAlerts":{"enabled":true,"defaultLevel":3,"sendAt":"09:00"}}' where id = 'shop'`.execute(db);
      expect(await markOf(low.id)).toBe('2026-12-08T03:30:00.000Z');
      expect(await markOf(plenty.id)).toBeNull();
      // A hand-broken settings row never makes a stock change fail: the default reads as 5.
      await sql`update shop_settings set value = '{broken' where id = 'shop'`.execute(db);
      await db.updateTable('product_variants').set({ stock: 1, low_stock_level: null }).where('id', '=', low.id).execute();
      await db.updateTable('product_variants').set({ stock: 5 }).where('id', '=', low.id).execute();
      expect(await markOf(low.id)).toBe('2026-12-08T03:30:00.000Z');
      await db.updateTable('product_variants').set({ stock: 6 }).where('id', '=', low.id).execute();
      expect(await markOf(low.id)).toBeNull();
      // A level below 0 is refused by the database too.
      await expect(db.updateTable('product_variants').set({ low_stock_level: -1 }).where('id', '=', low.id).execute()).rejects.toThrow(/check/i);
    } finally {
      await db.destroy();
    }
  });

  it('bring a shop of the release before offers (up to 2026-12-08-03-stock-alerts) forward: orders and lines kept with no discount, empty offer tables; the database holds a coupon to its uses and codes unique', async () => {
    const target = await freshEmptyTestDatabase(fs.mkdtempSync(path.join(os.tmpdir(), 'voltmart-migrate-')));
    const db = openDatabase(target);
    try {
      const migrator = new Migrator({ db, provider: { getMigrations: () => Promise.resolve(migrationsFor(dialect)) } });
      expect((await migrator.migrateTo('2026-12-08-03-stock-alerts')).error).toBeUndefined();
      const user = await insertUser(db);
      const product = await insertProduct(db, { productName: 'Galaxy S24 5G' });
      await db
        .insertInto('orders')
        .values({
          id: 'o1',
          order_number: 'VM-2026-000001',
          user_id: user.id,
          email: user.email,
          status: 'paid',
          provider: 'test',
          total_amount: 7_499_900,
          created_at: '2026-12-08T10:00:00.000Z',
          updated_at: '2026-12-08T10:00:00.000Z',
        } as never)
        .execute();
      await db
        .insertInto('order_items')
        .values({ id: 'i1', order_id: 'o1', product_id: product.id, name: 'Galaxy S24 5G', unit_price: 7_499_900, quantity: 1, position: 0 })
        .execute();
      const orderBefore = await db.selectFrom('orders').selectAll().execute();
      const itemsBefore = await db.selectFrom('order_items').selectAll().execute();

      expect(await migrateToLatest(db)).toEqual(migrationNames.slice(migrationNames.indexOf('2026-12-08-03-stock-alerts') + 1));

      expect(await db.selectFrom('orders').selectAll().execute()).toEqual(orderBefore.map((o) => ({ ...o, discount_total: 0, coupon_code: null })));
      expect(await db.selectFrom('order_items').selectAll().execute()).toEqual(itemsBefore.map((i) => ({ ...i, list_unit_price: null, sale_offer_id: null, discount: 0 })));
      for (const table of ['offers', 'offer_uses', 'order_item_discounts', 'cart_coupons'] as const) expect(await db.selectFrom(table).selectAll().execute()).toEqual([]);

      const coupon = (id: string, code: string | null, kind = 'coupon') => ({
        id,
        kind,
        name: id,
        code,
        definition: '{}',
        uses_limit: 1,
        created_at: '2026-12-09T00:00:00.000Z',
        updated_at: '2026-12-09T00:00:00.000Z',
      });
      await db
        .insertInto('offers')
        .values(coupon('c1', 'SAVE1000') as never)
        .execute();
      // One code, one offer; a coupon always has a code and nothing else does.
      await expect(
        db
          .insertInto('offers')
          .values(coupon('c2', 'SAVE1000') as never)
          .execute(),
      ).rejects.toThrow();
      await expect(
        db
          .insertInto('offers')
          .values(coupon('c3', null) as never)
          .execute(),
      ).rejects.toThrow();
      await expect(
        db
          .insertInto('offers')
          .values(coupon('s1', 'SALE', 'sale-price') as never)
          .execute(),
      ).rejects.toThrow();
      // The last use is taken once; the next conditional take finds none, and a write past the limit is refused outright.
      const take = () =>
        db
          .updateTable('offers')
          .set((eb) => ({ uses_count: eb('uses_count', '+', 1) }))
          .where('id', '=', 'c1')
          .where((eb) => eb.or([eb('uses_limit', 'is', null), eb('uses_count', '<', eb.ref('uses_limit'))]))
          .executeTakeFirst();
      expect(Number((await take()).numUpdatedRows)).toBe(1);
      expect(Number((await take()).numUpdatedRows)).toBe(0);
      await expect(db.updateTable('offers').set({ uses_count: 2 }).where('id', '=', 'c1').execute()).rejects.toThrow(/check/i);
      await db.insertInto('offer_uses').values({ offer_id: 'c1', order_id: 'o1', user_id: user.id, at: '2026-12-09T00:00:00.000Z', released_at: null }).execute();
      await expect(
        db.insertInto('offer_uses').values({ offer_id: 'c1', order_id: 'o1', user_id: user.id, at: '2026-12-09T00:00:01.000Z', released_at: null }).execute(),
      ).rejects.toThrow();
      await expect(db.insertInto('order_item_discounts').values({ order_item_id: 'i1', offer_id: 'c1', kind: 'coupon', amount: -1 }).execute()).rejects.toThrow(/check/i);
    } finally {
      await db.destroy();
    }
  });

  it('bring a shop of the release before returns (up to 2026-12-09-01-offers) forward: each category gets its return policy (phones 7 days replacement, TVs 10, earphones refund or replacement, the rest the shop default), empty request tables; one open request per unit', async () => {
    const target = await freshEmptyTestDatabase(fs.mkdtempSync(path.join(os.tmpdir(), 'voltmart-migrate-')));
    const db = openDatabase(target);
    try {
      const migrator = new Migrator({ db, provider: { getMigrations: () => Promise.resolve(migrationsFor(dialect)) } });
      expect((await migrator.migrateTo('2026-12-09-01-offers')).error).toBeUndefined();
      const user = await insertUser(db);
      const product = await insertProduct(db, { productName: 'Galaxy S24 5G' });
      await db
        .insertInto('orders')
        .values({
          id: 'o1',
          order_number: 'VM-2026-000001',
          user_id: user.id,
          email: user.email,
          status: 'delivered',
          provider: 'test',
          total_amount: 7_499_900,
          created_at: '2026-12-08T10:00:00.000Z',
          updated_at: '2026-12-08T10:00:00.000Z',
        } as never)
        .execute();
      await db
        .insertInto('order_items')
        .values({ id: 'i1', order_id: 'o1', product_id: product.id, name: 'Galaxy S24 5G', unit_price: 7_499_900, quantity: 2, position: 0 })
        .execute();
      const categoriesBefore = await db.selectFrom('categories').selectAll().orderBy('value').execute();

      expect(await migrateToLatest(db)).toEqual(migrationNames.slice(migrationNames.indexOf('2026-12-09-01-offers') + 1));

      const after = await db.selectFrom('categories').selectAll().orderBy('value').execute();
      expect(after.map(({ return_policy: _, ...c }) => c)).toEqual(categoriesBefore);
      const policy = (value: string) => {
        const text = after.find((c) => c.value === value)?.return_policy ?? null;
        return text === null ? null : (JSON.parse(text) as { windowDays: number; resolutions: string; reasons: string[] });
      };
      expect(policy('mobiles')).toMatchObject({ windowDays: 7, resolutions: 'replacement', photosRequired: true });
      expect(policy('televisions')).toMatchObject({ windowDays: 10, resolutions: 'replacement' });
      expect(policy('earphones')).toMatchObject({ windowDays: 7, resolutions: 'refund-or-replacement' });
      expect(policy('mobiles')?.reasons).not.toContain('changed-mind');
      expect(policy('printers')).toBeNull();
      for (const table of ['return_requests', 'return_events'] as const) expect(await db.selectFrom(table).selectAll().execute()).toEqual([]);

      const request = (id: string, unit: number, status: string) => ({
        id,
        order_id: 'o1',
        order_item_id: 'i1',
        unit_index: unit,
        user_id: user.id,
        reason: 'defective',
        description: 'It does not switch on',
        resolution: 'replacement',
        status,
        requested_at: '2026-12-10T00:00:00.000Z',
        updated_at: '2026-12-10T00:00:00.000Z',
      });
      await db
        .insertInto('return_requests')
        .values(request('r1', 0, 'requested') as never)
        .execute();
      // A second open request for the same unit is refused; the other unit of the line has its own.
      await expect(
        db
          .insertInto('return_requests')
          .values(request('r2', 0, 'approved') as never)
          .execute(),
      ).rejects.toThrow();
      await db
        .insertInto('return_requests')
        .values(request('r3', 1, 'requested') as never)
        .execute();
      // Once cancelled, the unit may be asked for again.
      await db.updateTable('return_requests').set({ status: 'cancelled' }).where('id', '=', 'r1').execute();
      await db
        .insertInto('return_requests')
        .values(request('r4', 0, 'requested') as never)
        .execute();
      await expect(
        db
          .insertInto('return_requests')
          .values({ ...request('r5', 2, 'requested'), reason: 'bored' } as never)
          .execute(),
      ).rejects.toThrow(/check/i);
    } finally {
      await db.destroy();
    }
  });

  it('bring a shop of the release before the offers panel (up to 2026-12-10-01-returns) forward: its offers kept; an offer changed from then on stales the panel', async () => {
    const target = await freshEmptyTestDatabase(fs.mkdtempSync(path.join(os.tmpdir(), 'voltmart-migrate-')));
    const db = openDatabase(target);
    try {
      const migrator = new Migrator({ db, provider: { getMigrations: () => Promise.resolve(migrationsFor(dialect)) } });
      expect((await migrator.migrateTo('2026-12-10-01-returns')).error).toBeUndefined();
      const at = '2026-12-09T00:00:00.000Z';
      await db
        .insertInto('offers')
        .values({ id: 'c1', kind: 'coupon', name: 'SAVE1000', code: 'SAVE1000', definition: '{}', uses_limit: 50, created_at: at, updated_at: at })
        .execute();
      const before = await db.selectFrom('offers').selectAll().execute();

      expect(await migrateToLatest(db)).toEqual(migrationNames.slice(migrationNames.indexOf('2026-12-10-01-returns') + 1));

      expect(await db.selectFrom('offers').selectAll().execute()).toEqual(before);
      if (dialect === 'sqlite') {
        const count = async () =>
          Number(
            (
              await db
                .selectFrom('cache_invalidations')
                .select((eb) => eb.fn.countAll<number>().as('n'))
                .where('tag', '=', 'offers')
                .executeTakeFirst()
            )?.n ?? 0,
          );
        const seen = await count();
        await db.updateTable('offers').set({ paused: 1 }).where('id', '=', 'c1').execute();
        expect(await count()).toBe(seen + 1);
      }
    } finally {
      await db.destroy();
    }
  });

  it('bring a shop of the release before categories (up to 2026-12-02-02) forward: the twelve become rows, with the owner’s tax and the spec’s home rows', async () => {
    const target = await freshEmptyTestDatabase(fs.mkdtempSync(path.join(os.tmpdir(), 'voltmart-migrate-')));
    const db = openDatabase(target);
    try {
      const migrator = new Migrator({ db, provider: { getMigrations: () => Promise.resolve(migrationsFor(dialect)) } });
      expect((await migrator.migrateTo('2026-12-02-02-test-checkout-snapshot')).error).toBeUndefined();
      // The owner had set the televisions' tax on the Settings page; a product sells in that category.
      // (category_tax is gone from today's schema types: the previous release's table, reached untyped.)
      await sql`update category_tax set hsn = '85287219', gst_rate_bp = 2800 where category = 'televisions'`.execute(db);
      const product = await insertProduct(db, { productName: 'Sony Bravia 55', category: 'televisions' });

      expect(await migrateToLatest(db)).toEqual(migrationNames.slice(migrationNames.indexOf('2026-12-02-02-test-checkout-snapshot') + 1));

      const rows = await db
        .selectFrom('categories')
        .select(['value', 'label', 'position', 'hidden', 'hsn', 'gst_rate_bp', 'home_heading', 'home_cards', 'home_position', 'spec_template'])
        .orderBy('position')
        .execute();
      expect(rows.map((r) => [r.value, r.label])).toEqual(CATEGORIES.map((c) => [c.value, c.label]));
      expect(rows.every((r) => Number(r.hidden) === 0 && r.spec_template === '[]')).toBe(true);
      // The home rows exactly as the spec draws them: heading, cards and order.
      const home = rows.filter((r) => r.home_heading !== null).sort((a, b) => Number(a.home_position) - Number(b.home_position));
      expect(home.map((r) => [r.value, r.home_heading, r.home_cards])).toEqual([
        ['airpodes', "Top's Airpodes", 'small'],
        ['watches', "Popular's Watches", 'small'],
        ['mobiles', 'Mobiles', 'large'],
        ['Mouse', 'Mouse', 'large'],
        ['televisions', 'Televisions', 'large'],
        ['camera', 'Camera & Photography', 'large'],
        ['earphones', 'Wired Earphones', 'large'],
        ['speakers', 'Bluetooth Speakers', 'large'],
        ['refrigerator', 'Refrigerator', 'large'],
        ['trimmers', 'Trimmers', 'large'],
      ]);
      // The owner's tax is carried over; the others keep the GST migration's defaults.
      const tax = (value: string) => rows.find((r) => r.value === value);
      expect(tax('televisions')).toMatchObject({ hsn: '85287219', gst_rate_bp: 2800 });
      expect(tax('mobiles')).toMatchObject({ hsn: '85171300', gst_rate_bp: 1800 });
      // category_tax is gone: one source of a category's tax.
      expect((await db.introspection.getTables()).map((t) => t.name)).not.toContain('category_tax');
      expect(await db.selectFrom('products').select(['id', 'category']).where('id', '=', product.id).executeTakeFirstOrThrow()).toEqual({
        id: product.id,
        category: 'televisions',
      });

      // A change to a category stales the category list and its listing.
      const watch = await watchInvalidations(target);
      try {
        const tags = await watch.during(() => db.updateTable('categories').set({ label: 'TVs' }).where('value', '=', 'televisions').execute());
        expect(new Set(tags)).toEqual(new Set(['categories', 'category:televisions']));
      } finally {
        await watch.close();
      }
    } finally {
      await db.destroy();
    }
  });
});

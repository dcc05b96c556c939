import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { IMAGE_HASH_LENGTH } from '../../shared/images';
import { insertProduct, insertUser, type TestProduct, type TestUser } from '../testing/factories';
import { databaseUrl, freshEmptyTestDatabase, testDialect } from '../testing/test-database';
import { HttpClient, startTestServer, type TestServer } from '../testing/test-server';
import { copyDatabase, CopyRefused, verifyCopy } from './copy';
import { openDatabase, type DB } from './database';
import { migrateToLatest } from './migrate';
import { testPayForm, testShopSettings } from '../testing/factories';
import { generate } from 'otplib';
import { packAndShip } from '../testing/shipping';

const tempDir = (name: string) => fs.mkdtempSync(path.join(os.tmpdir(), `voltmart-${name}-`));

const SHOP_TABLES = [
  'users',
  'sessions',
  'login_attempts',
  'products',
  'product_variants',
  'spec_values',
  'banners',
  'cart_items',
  'orders',
  'order_items',
  'test_checkout_sessions',
  'stock_movements',
  'shop_settings',
  'categories',
  'addresses',
  'document_counters',
  'audit_log',
  'mail_outbox',
  'password_resets',
  'recovery_codes',
  'email_changes',
  'job_runs',
  'shipments',
  'shipment_units',
  'shipment_events',
  'offers',
  'offer_uses',
  'order_item_discounts',
  'cart_coupons',
  'return_requests',
  'return_events',
];

/** Rows a migration writes (the spec's twelve categories): a migrated target holds them without any shop data. */
const MIGRATION_ROWS: Record<string, number> = { categories: 12 };

/** An empty PostgreSQL database (not even migrated: the copy migrates it). */
async function emptyTarget(): Promise<string> {
  const target = await freshEmptyTestDatabase(tempDir('copy-target'));
  if (target.dialect !== 'postgres') throw new Error('expected PostgreSQL');
  return target.url;
}

/**
 * An empty database that sorts text by English rules (ICU), where 'banner-a' < 'Banner-B'; in
 * byte order, as in SQLite, 'Banner-B' comes first. Plain emptyTarget() on a server without ICU.
 */
async function englishCollatedTarget(): Promise<string> {
  const postgres = inject('postgres');
  if (!postgres) throw new Error('expected PostgreSQL');
  const name = `${postgres.prefix}icu_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgres.adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template template0 locale_provider icu icu_locale 'en-US' locale 'C.UTF-8'`);
  } catch {
    return emptyTarget();
  } finally {
    await admin.end();
  }
  return databaseUrl(postgres.adminUrl, name);
}

async function withDatabase<T>(url: string, work: (db: DB) => Promise<T>): Promise<T> {
  const db = openDatabase({ dialect: 'postgres', url, poolSize: 1 });
  try {
    return await work(db);
  } finally {
    await db.destroy();
  }
}

const countIn = (db: DB, table: string) => sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db).then((r) => r.rows[0]?.n ?? 0);

/** Submits the test checkout's Pay form as a browser would. */
function pay(client: HttpClient, sessionId: string) {
  return client.request(`/test-checkout/${sessionId}/pay`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: testPayForm('express') });
}

describe.runIf(testDialect() === 'postgres')('npm run db:copy: a SQLite shop into PostgreSQL', () => {
  let source: TestServer;
  let file: string;
  let shopper: TestUser;
  let products: TestProduct[];
  const images = [`${'c'.repeat(IMAGE_HASH_LENGTH)}.webp`, `${'d'.repeat(IMAGE_HASH_LENGTH)}-w320.webp`];

  beforeAll(async () => {
    // A SQLite shop, serving (the copy must be consistent while it does), with a row in every table.
    const dataDir = tempDir('copy-source');
    file = path.join(dataDir, 'shop.sqlite');
    source = await startTestServer({ dataDir, env: { DATABASE_URL: file } });
    const { db } = source.deps;
    shopper = await insertUser(db, { name: 'Ünïcode Shopper 📱' });
    await insertUser(db, { role: 'ADMIN', email: 'owner@example.com' });
    products = [
      await insertProduct(db, { productName: 'Café phone — ñ', stock: 20 }),
      await insertProduct(db, { trackStock: false, description: 'quote \' and " and \\ backslash' }),
      await insertProduct(db, { archived: true }),
    ];
    // A spec value, as the catalogue writes it (the JSON, the search words and the filter index).
    const phone = products[0] as TestProduct;
    await db.updateTable('products').set({ specs: '{"ram":8}', spec_line: '8 GB RAM', spec_words: 'RAM 8 GB 8gb' }).where('id', '=', phone.id).execute();
    await db.insertInto('spec_values').values({ product_id: phone.id, category: phone.category, key: 'ram', value: '8', num: 8, text: '8' }).execute();
    // Ids whose order differs between byte order and a locale's (upper before lower case in "C").
    for (const id of ['Banner-B', 'banner-a', '_banner']) {
      await db
        .insertInto('banners')
        .values({ id, kind: 'desktop', position: 1, image_url: `/images/${images[0]}`, alt: 'Sale', created_at: new Date().toISOString() })
        .execute();
    }
    fs.mkdirSync(source.deps.env.imagesDir, { recursive: true });
    for (const name of images) fs.writeFileSync(path.join(source.deps.env.imagesDir, name), Buffer.from(`RIFF....WEBP ${name}`));
    fs.writeFileSync(path.join(source.deps.env.imagesDir, '.being-written.tmp'), 'partial');

    // The owner's settings (and their audit entry): the paid order below then gets an invoice number.
    const owner = new HttpClient(source.url);
    expect((await owner.post('/api/signin', { email: 'owner@example.com', password: 'correct horse battery' })).status).toBe(200);
    const settings = await owner.trpc(
      'mutation',
      'settings.update',
      testShopSettings({ invoicePrefix: 'CT', seller: { ...testShopSettings().seller!, legalName: 'Copy Test Traders', tradeName: 'Copy Test', email: 'owner@example.com' } }),
    );
    expect(settings.status).toBe(200);

    const client = new HttpClient(source.url);
    expect((await client.post('/api/signin', { email: shopper.email, password: 'wrong password' })).status).not.toBe(200);
    expect((await client.post('/api/signin', { email: shopper.email, password: shopper.password })).status).toBe(200);
    for (const product of products.slice(0, 2)) expect((await client.post('/api/addtocart', { productId: product.id })).status).toBe(200);
    const paid = await client.post<{ id: string }>('/api/checkout', {});
    expect((await pay(client, paid.body.id)).status).toBe(303);
    expect((await client.post('/api/addtocart', { productId: products[0]?.id })).status).toBe(200);
    expect((await client.post<{ id: string }>('/api/checkout', {})).status).toBe(200); // left pending
    const guest = new HttpClient(source.url);
    expect((await guest.post('/api/addtocart', { productId: products[1]?.id })).status).toBe(200);
    const address = { name: 'Ünïcode Shopper', phone: '9876543210', line1: '12 MG Road', line2: '', city: 'Bengaluru', stateCode: '29', pin: '560001', gstin: '' };
    expect((await client.trpc('mutation', 'address.create', address)).status).toBe(200);
    // A password reset: its link (kept as a hash) and its email in the outbox.
    expect((await guest.trpc('mutation', 'account.requestPasswordReset', { email: shopper.email })).status).toBe(200);
    // The owner's two-factor sign-in (its recovery codes) and an email change waiting for its link.
    const enrolment = await owner.trpc<{ secret: string }>('mutation', 'account.twoFactor.begin');
    expect((await owner.trpc('mutation', 'account.twoFactor.confirm', { code: await generate({ secret: enrolment.body.secret }) })).status).toBe(200);
    expect((await owner.trpc('mutation', 'account.requestEmailChange', { newEmail: 'owner-new@example.com', currentPassword: 'correct horse battery' })).status).toBe(200);
    // The paid order packed (its phones' IMEIs) and shipped with the manual courier.
    const paidOrder = await db.selectFrom('orders').select('id').where('status', '=', 'paid').executeTakeFirstOrThrow();
    expect((await packAndShip(owner, paidOrder.id, { ewayBill: { number: '291234567890', date: '2026-12-10' } })).status).toBe(200);
    // The day the daily low-stock mail last ran, as the job records it (the copy must not send it again that day).
    await db.insertInto('job_runs').values({ name: 'stock-alerts', last_day: '2026-12-10', ran_at: '2026-12-10T03:30:00.000Z' }).execute();
    // A coupon, the paid order's use of it and its line's share, and a guest's cart holding a code.
    const at = '2026-12-10T04:00:00.000Z';
    await db
      .insertInto('offers')
      .values({
        id: 'offer-1',
        kind: 'coupon',
        name: 'Save ₹1,000',
        code: 'SAVE1000',
        definition: '{"kind":"amount"}',
        uses_limit: 50,
        uses_count: 1,
        created_at: at,
        updated_at: at,
      })
      .execute();
    const paidItem = await db.selectFrom('order_items').select('id').where('order_id', '=', paidOrder.id).executeTakeFirstOrThrow();
    await db.insertInto('offer_uses').values({ offer_id: 'offer-1', order_id: paidOrder.id, user_id: shopper.id, at, released_at: null }).execute();
    await db.insertInto('order_item_discounts').values({ order_item_id: paidItem.id, offer_id: 'offer-1', kind: 'coupon', amount: 100_000 }).execute();
    await db.insertInto('cart_coupons').values({ owner: 'guest:copy-test', code: 'SAVE1000', updated_at: at }).execute();
    // A return request for the shipped phone (its IMEI as delivered) and its first timeline step.
    const unit = await db.selectFrom('shipment_units').select(['id', 'value']).where('order_id', '=', paidOrder.id).where('slot', '=', 1).executeTakeFirstOrThrow();
    await db
      .insertInto('return_requests')
      .values({
        id: 'return-1',
        order_id: paidOrder.id,
        order_item_id: paidItem.id,
        unit_index: 0,
        shipment_unit_id: unit.id,
        delivered_number: unit.value,
        user_id: shopper.id,
        reason: 'defective',
        description: 'Screen flickers — ಕನ್ನಡ too',
        photos: '[]',
        resolution: 'replacement',
        payout: '{"kind":"upi","upiId":"asha@okaxis"}',
        status: 'requested',
        owner_message: null,
        pickup_courier: null,
        pickup_awb: null,
        received_number: null,
        number_matches: null,
        resolve_note: null,
        condition: null,
        requested_at: at,
        decided_at: null,
        pickup_scheduled_at: null,
        picked_up_at: null,
        received_at: null,
        resolved_at: null,
        cancelled_at: null,
        updated_at: at,
      })
      .execute();
    await db.insertInto('return_events').values({ id: 'return-event-1', return_id: 'return-1', status: 'requested', at, actor_id: shopper.id, note: null }).execute();
  });

  afterAll(async () => {
    await source.close();
  });

  it('copies every shop table and the images, and proves both sides equal', async () => {
    const url = await englishCollatedTarget();
    const progress: string[] = [];
    const report = await copyDatabase({ from: file, to: url, batchRows: 2, onProgress: (p) => progress.push(`${p.step} ${p.table}`) });

    expect(report.ok).toBe(true);
    const password = new URL(url).password;
    if (password) expect(report.target).not.toContain(password); // the report is printed
    expect(report.checks.map((c) => c.table).sort()).toEqual([...SHOP_TABLES, 'stored_images'].sort());
    for (const check of report.checks) {
      expect(check, check.table).toMatchObject({ ok: true, targetRows: check.sourceRows, targetChecksum: check.sourceChecksum });
    }
    // Parents before children, and a row in every table (or the test proves little).
    const order = report.checks.map((c) => c.table);
    expect(order.indexOf('users')).toBeLessThan(order.indexOf('orders'));
    expect(order.indexOf('orders')).toBeLessThan(order.indexOf('order_items'));
    expect(order.indexOf('products')).toBeLessThan(order.indexOf('cart_items'));
    expect(order.indexOf('products')).toBeLessThan(order.indexOf('product_variants'));
    expect(order.indexOf('product_variants')).toBeLessThan(order.indexOf('cart_items'));
    expect(Object.fromEntries(report.checks.map((c) => [c.table, c.sourceRows > 0]))).toEqual(Object.fromEntries([...SHOP_TABLES, 'stored_images'].map((t) => [t, true])));
    expect(report.images).toMatchObject({ copied: true, count: 2 });
    expect(progress).toContain('copy orders');
    expect(progress).toContain('verify stored_images');

    await withDatabase(url, async (db) => {
      const banners = await db
        .selectFrom('banners')
        .select('id')
        .orderBy(sql`id collate "C"`)
        .execute();
      expect(banners.map((b) => b.id)).toEqual(['Banner-B', '_banner', 'banner-a']);
      console.log(
        'target order',
        (await db.selectFrom('banners').select('id').orderBy('id').execute()).map((b) => b.id),
      );
      const user = await db.selectFrom('users').select(['name', 'password_hash']).where('id', '=', shopper.id).executeTakeFirstOrThrow();
      expect(user.name).toBe('Ünïcode Shopper 📱');
      expect(user.password_hash).toMatch(/^\$argon2id\$/);
      // The generated search column is PostgreSQL's own, filled from the copied text.
      const found = await sql<{ id: string }>`select id from products where search_vector @@ to_tsquery('simple', 'cafe')`.execute(db);
      expect(found.rows.map((r) => r.id)).toEqual([products[0]?.id]);
    });

    // Compared again, it still matches; once a row changes, that table does not.
    expect((await verifyCopy({ from: file, to: url })).ok).toBe(true);
    await withDatabase(url, (db) =>
      db
        .updateTable('products')
        .set({ stock: 999 })
        .where('id', '=', products[0]?.id ?? '')
        .execute(),
    );
    const again = await verifyCopy({ from: file, to: url });
    expect(again.ok).toBe(false);
    expect(again.checks.filter((c) => !c.ok).map((c) => c.table)).toEqual(['products']);

    // The copy is a working shop on PostgreSQL: products, sign-in, orders and images.
    const target = await startTestServer({ env: { DATABASE_URL: url } });
    try {
      const client = new HttpClient(target.url);
      const details = await client.post<{ data: { productName: string } }>('/api/product-details', { productId: products[0]?.id });
      expect(details.status).toBe(200);
      expect(details.body.data.productName).toBe('Café phone — ñ');
      expect((await client.post('/api/signin', { email: shopper.email, password: shopper.password })).status).toBe(200);
      const orders = await client.get<{ data: { status: string }[] }>('/api/order-list');
      expect(orders.body.data.map((o) => o.status)).toContain('shipped');
      const before = new HttpClient(source.url);
      expect((await before.post('/api/signin', { email: shopper.email, password: shopper.password })).status).toBe(200);
      expect(orders.body).toEqual((await before.get('/api/order-list')).body);
      const image = await client.get<string>(`/images/${images[0]}`);
      expect(image.status).toBe(200);
      expect(image.body).toBe(`RIFF....WEBP ${images[0]}`);
    } finally {
      await target.close();
    }
  });

  it('reads one snapshot of the file: a shop writing to it meanwhile cannot change the copy half-way', async () => {
    const url = await emptyTarget();
    let writing = true;
    let written = 0;
    const writer = (async () => {
      while (writing) {
        await insertProduct(source.deps.db, { productName: `Sold during the copy ${written}` });
        written++;
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const report = await copyDatabase({ from: file, to: url, batchRows: 1 }).finally(() => (writing = false));
    await writer;
    expect(written).toBeGreaterThan(0);
    expect(report.ok).toBe(true);
    const copied = report.checks.find((c) => c.table === 'products')?.targetRows ?? 0;
    expect(await countIn(source.deps.db, 'products')).toBeGreaterThan(copied);
  });

  it('refuses a target that holds shop data, naming it; --force replaces it in one go', async () => {
    const url = await emptyTarget();
    expect((await copyDatabase({ from: file, to: url })).ok).toBe(true);
    const copied = await countIn(source.deps.db, 'products');
    await insertProduct(source.deps.db, { productName: 'Added after the first copy' });

    const refused = copyDatabase({ from: file, to: url });
    await expect(refused).rejects.toBeInstanceOf(CopyRefused);
    await expect(refused).rejects.toThrow(/already holds shop data \(users 2, sessions \d+, .*products [\d,]+, .*stored_images 2\).*--force/);
    await expect(refused).rejects.toThrow(`products ${copied.toLocaleString('en-IN')},`);
    await withDatabase(url, async (db) => expect(await countIn(db, 'products')).toBe(copied));

    const forced = await copyDatabase({ from: file, to: url, force: true });
    expect(forced.ok).toBe(true);
    expect(forced.checks.find((c) => c.table === 'products')?.targetRows).toBe(copied + 1);
    await withDatabase(url, async (db) => {
      expect(await countIn(db, 'products')).toBe(copied + 1);
      expect(await countIn(db, 'stored_images')).toBe(2);
    });
  });

  it('refuses a source that is not at the latest migration, before writing anything', async () => {
    const behind = path.join(tempDir('copy-behind'), 'shop.sqlite');
    const db = openDatabase(behind);
    await migrateToLatest(db);
    await db.destroy();
    const sqlite = new SQLite(behind);
    const last = sqlite.prepare<[], { name: string }>('select max(name) as name from kysely_migration').get();
    sqlite.prepare('delete from kysely_migration where name = ?').run(last?.name);
    sqlite.close();

    const url = await emptyTarget();
    await expect(copyDatabase({ from: behind, to: url })).rejects.toThrow(/behind this version .*start the shop once on it/);
    await withDatabase(url, async (target) => {
      expect((await target.introspection.getTables()).map((t) => t.name)).not.toContain('products');
    });
    await expect(copyDatabase({ from: path.join(tempDir('copy-none'), 'missing.sqlite'), to: url })).rejects.toThrow(/No SQLite database at/);
    await expect(copyDatabase({ from: url, to: url })).rejects.toThrow(/--from must be the SQLite shop/);
  });

  it('a copy that fails half-way leaves the target as it was', async () => {
    const broken = path.join(tempDir('copy-broken'), 'shop.sqlite');
    const db = openDatabase(broken);
    await migrateToLatest(db);
    await insertUser(db);
    await insertProduct(db);
    // PostgreSQL's text cannot hold a NUL character; SQLite's can: the products insert fails.
    await insertProduct(db, { description: 'before\u0000after' });
    await db.destroy();

    const url = await emptyTarget();
    await expect(copyDatabase({ from: broken, to: url, batchRows: 1 })).rejects.toThrow(/0x00/);
    await withDatabase(url, async (target) => {
      for (const table of SHOP_TABLES) expect([table, await countIn(target, table)]).toEqual([table, MIGRATION_ROWS[table] ?? 0]);
    });
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct } from '../testing/factories';
import { openTestDatabase, testDialect } from '../testing/test-database';
import { watchInvalidations, type InvalidationWatch } from '../testing/invalidations';
import type { DB } from './database';
import { BANNERS_TAG, CATALOG_TAG, CATEGORIES_TAG, categoryTag, EXACT_PRODUCTS_TAG, OFFERS_TAG, productTag, SEARCH_TAG, SETTINGS_TAG } from './cache-tags';

// The triggers are frozen SQL in the migrations; this keeps the names they write equal to the
// names procedures declare (cache-tags.ts), on each database.
describe(`cache tags written by the triggers (${testDialect()})`, () => {
  let db: DB;
  let watch: InvalidationWatch;

  beforeAll(async () => {
    const opened = await openTestDatabase(fs.mkdtempSync(path.join(os.tmpdir(), 'voltmart-tags-')));
    db = opened.db;
    watch = await watchInvalidations(opened.target);
  });

  afterAll(async () => {
    await watch.close();
    await db.destroy();
  });

  it('a new product stales its page, its category, search, every list and the exact list', async () => {
    let id = '';
    const tags = await watch.during(async () => {
      id = (await insertProduct(db, { category: 'mobiles' })).id;
    });
    expect(new Set(tags)).toEqual(new Set([productTag(id), categoryTag('mobiles'), SEARCH_TAG, CATALOG_TAG, EXACT_PRODUCTS_TAG]));
  });

  it("a variant a shopper can see changed stales its product's page; a sale that changes no shown figure only the exact list; the card summary stales every list", async () => {
    let product = { id: '' };
    // (Inside a watch, so its own notifications are drained before the changes below.)
    await watch.during(async () => {
      product = await insertProduct(db, { category: 'mobiles', stock: 40 });
    });
    const variant = (field: Record<string, unknown>) => db.updateTable('product_variants').set(field).where('id', '=', product.id).execute();
    expect(new Set(await watch.during(() => variant({ selling_price: 1_999_900 })))).toEqual(new Set([productTag(product.id), EXACT_PRODUCTS_TAG]));
    expect(new Set(await watch.during(() => variant({ stock: 39 })))).toEqual(new Set([EXACT_PRODUCTS_TAG]));
    expect(new Set(await watch.during(() => variant({ stock: 3 })))).toEqual(new Set([productTag(product.id), EXACT_PRODUCTS_TAG]));
    const summary = await watch.during(() => db.updateTable('products').set({ variant_count: 2 }).where('id', '=', product.id).execute());
    expect(new Set(summary)).toEqual(new Set([productTag(product.id), categoryTag('mobiles'), SEARCH_TAG, CATALOG_TAG, EXACT_PRODUCTS_TAG]));
  });

  it('a product’s facts stale its page (the only place they show) and the exact list, nothing more', async () => {
    let id = '';
    // Inside a watch, so the insert's own notifications (PostgreSQL) are drained before the edit's.
    await watch.during(async () => {
      id = (await insertProduct(db, { category: 'camera' })).id;
    });
    const setOrigin = (origin: string) => db.updateTable('products').set({ origin_country: origin, warranty_months: 12 }).where('id', '=', id).execute();
    expect(new Set(await watch.during(() => setOrigin('Japan')))).toEqual(new Set([productTag(id), EXACT_PRODUCTS_TAG]));
    // The same facts written again: only the exact list (updated_at and the like).
    expect(new Set(await watch.during(() => setOrigin('Japan')))).toEqual(new Set([EXACT_PRODUCTS_TAG]));
  });

  it('a banner stales the banners', async () => {
    const tags = await watch.during(() =>
      db.insertInto('banners').values({ id: 'tag-banner', kind: 'desktop', position: 1, image_url: '/images/x.webp', alt: 'Sale', created_at: new Date().toISOString() }).execute(),
    );
    expect(new Set(tags)).toEqual(new Set([BANNERS_TAG]));
  });

  it('a category added, edited or deleted stales the category list and its listing, whoever writes the row', async () => {
    const now = new Date().toISOString();
    const row = {
      value: 'tag-chargers',
      label: 'Chargers',
      position: 99,
      hsn: '8504',
      gst_rate_bp: 1800,
      home_heading: null,
      home_cards: null,
      home_position: null,
      created_at: now,
      updated_at: now,
    };
    expect(new Set(await watch.during(() => db.insertInto('categories').values(row).execute()))).toEqual(new Set([CATEGORIES_TAG, categoryTag('tag-chargers')]));
    expect(new Set(await watch.during(() => db.updateTable('categories').set({ hidden: 1 }).where('value', '=', 'tag-chargers').execute()))).toEqual(
      new Set([CATEGORIES_TAG, categoryTag('tag-chargers')]),
    );
    expect(new Set(await watch.during(() => db.deleteFrom('categories').where('value', '=', 'tag-chargers').execute()))).toEqual(
      new Set([CATEGORIES_TAG, categoryTag('tag-chargers')]),
    );
  });

  it('saving the shop settings stales the settings, whoever writes the row', async () => {
    const write = (value: string) =>
      db
        .insertInto('shop_settings')
        .values({ id: 'shop', value, updated_at: new Date().toISOString(), updated_by: null })
        .onConflict((oc) => oc.column('id').doUpdateSet({ value }))
        .execute();
    expect(new Set(await watch.during(() => write('{}')))).toEqual(new Set([SETTINGS_TAG]));
    expect(new Set(await watch.during(() => write('{"timeZone":"Asia/Kolkata"}')))).toEqual(new Set([SETTINGS_TAG]));
  });

  it('an offer added, edited or deleted, or a coupon used up or given its last use back, stales the offers panel; a use that leaves some over stales nothing', async () => {
    const at = new Date().toISOString();
    const row = { id: 'tag-coupon', kind: 'coupon', name: 'TAGCODE', code: 'TAGCODE', definition: '{}', uses_limit: 2, created_at: at, updated_at: at } as const;
    const uses = (n: number) => db.updateTable('offers').set({ uses_count: n }).where('id', '=', 'tag-coupon').execute();
    expect(new Set(await watch.during(() => db.insertInto('offers').values(row).execute()))).toEqual(new Set([OFFERS_TAG]));
    expect(await watch.during(() => uses(1))).toEqual([]);
    expect(new Set(await watch.during(() => uses(2)))).toEqual(new Set([OFFERS_TAG]));
    expect(new Set(await watch.during(() => uses(1)))).toEqual(new Set([OFFERS_TAG]));
    expect(new Set(await watch.during(() => db.updateTable('offers').set({ paused: 1 }).where('id', '=', 'tag-coupon').execute()))).toEqual(new Set([OFFERS_TAG]));
    expect(new Set(await watch.during(() => db.deleteFrom('offers').where('id', '=', 'tag-coupon').execute()))).toEqual(new Set([OFFERS_TAG]));
  });
});

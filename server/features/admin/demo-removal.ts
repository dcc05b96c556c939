import { sql } from 'kysely';
import { nowIso, type DB } from '../../db/database';
import { transaction } from '../../db/transaction';
import type { Deps } from '../../deps';
import { writeAudit } from '../../audit/audit';
import { DEMO_BANNERS, DEMO_PRODUCTS } from '../../demo/demo-catalog';

/**
 * "Remove demo data" (the admin's dashboard): the demo catalogue and its banners leave the
 * shop in one transaction. Demo rows are those the seed marked (`demo = 1`); in a shop seeded
 * before that mark existed, a product that still equals a demo product in name, brand,
 * description and prices, and a banner with a demo banner's text and link. A demo product that
 * is in an order is archived instead of deleted (the order keeps pointing at it); the others go
 * with their cart lines and stock history. The owner's own products and banners are untouched.
 */
export type DemoRemoval = { productsDeleted: number; productsArchived: number; bannersDeleted: number };

async function demoProductIds(db: DB): Promise<string[]> {
  const marked = await db.selectFrom('products').select('id').where('demo', '=', 1).execute();
  const unmarked = await db.selectFrom('products').select(['id', 'product_name', 'brand_name', 'description', 'price', 'selling_price']).where('demo', '=', 0).execute();
  const fingerprints = new Set(DEMO_PRODUCTS.map((p) => JSON.stringify([p.productName, p.brandName, p.description, p.price, p.sellingPrice])));
  const recognised = unmarked.filter((r) => fingerprints.has(JSON.stringify([r.product_name, r.brand_name, r.description, Number(r.price), Number(r.selling_price)])));
  return [...marked, ...recognised].map((r) => r.id);
}

async function demoBannerIds(db: DB): Promise<string[]> {
  const rows = await db.selectFrom('banners').select(['id', 'alt', 'link', 'demo']).execute();
  const fingerprints = new Set(DEMO_BANNERS.map((b) => JSON.stringify([`${b.headline}. ${b.subline}`, b.link])));
  return rows.filter((r) => r.demo === 1 || fingerprints.has(JSON.stringify([r.alt, r.link]))).map((r) => r.id);
}

/** How much demo data the shop still holds (the dashboard offers removal while there is some). */
export async function countDemoData(db: DB): Promise<{ products: number; banners: number }> {
  const products = await demoProductIds(db);
  const onSale = products.length === 0 ? [] : await db.selectFrom('products').select('id').where('id', 'in', products).where('archived_at', 'is', null).execute();
  return { products: onSale.length, banners: (await demoBannerIds(db)).length };
}

export async function removeDemoData(deps: Pick<Deps, 'db' | 'clock'>, actorId: string): Promise<DemoRemoval> {
  const now = nowIso(deps.clock);
  return transaction(deps.db, async (trx) => {
    const products = await demoProductIds(trx);
    const banners = await demoBannerIds(trx);
    let archived: string[] = [];
    let deleted: string[] = [];
    if (products.length > 0) {
      const ordered = await trx.selectFrom('order_items').select('product_id').distinct().where('product_id', 'in', products).execute();
      const inOrders = new Set(ordered.map((r) => r.product_id));
      archived = products.filter((id) => inOrders.has(id));
      deleted = products.filter((id) => !inOrders.has(id));
    }
    for (let i = 0; i < deleted.length; i += 500) {
      const chunk = deleted.slice(i, i + 500);
      await trx.deleteFrom('cart_items').where('product_id', 'in', chunk).execute();
      await trx.deleteFrom('stock_movements').where('product_id', 'in', chunk).execute();
      await trx.deleteFrom('products').where('id', 'in', chunk).execute();
    }
    if (archived.length > 0) {
      await trx.deleteFrom('cart_items').where('product_id', 'in', archived).execute();
      await trx
        .updateTable('products')
        .set({ archived_at: sql`coalesce(archived_at, ${now})`, updated_at: now, demo: 1 })
        .where('id', 'in', archived)
        .execute();
    }
    if (banners.length > 0) await trx.deleteFrom('banners').where('id', 'in', banners).execute();
    const result = { productsDeleted: deleted.length, productsArchived: archived.length, bannersDeleted: banners.length };
    await writeAudit(trx, { at: now, actorId, action: 'catalog.demo-removed', detail: result });
    return result;
  });
}

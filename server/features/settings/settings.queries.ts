import type { DB } from '../../db/database';
import type { CategoryTax } from '../../../shared/schemas/settings';
import { SETTINGS_ID } from '../../settings/shop-settings.queries';

export async function writeSettingsRow(db: DB, value: unknown, nowIso: string, actorId: string | null): Promise<void> {
  const json = JSON.stringify(value);
  await db
    .insertInto('shop_settings')
    .values({ id: SETTINGS_ID, value: json, updated_at: nowIso, updated_by: actorId })
    .onConflict((oc) => oc.column('id').doUpdateSet({ value: json, updated_at: nowIso, updated_by: actorId }))
    .execute();
}

export async function listCategoryTax(db: DB): Promise<CategoryTax[]> {
  const rows = await db.selectFrom('category_tax').select(['category', 'hsn', 'gst_rate_bp']).orderBy('category').execute();
  return rows.map((r) => ({ category: r.category, hsn: r.hsn, rateBasisPoints: r.gst_rate_bp }));
}

export async function upsertCategoryTax(db: DB, tax: CategoryTax, nowIso: string): Promise<void> {
  await db
    .insertInto('category_tax')
    .values({ category: tax.category, hsn: tax.hsn, gst_rate_bp: tax.rateBasisPoints, updated_at: nowIso })
    .onConflict((oc) => oc.column('category').doUpdateSet({ hsn: tax.hsn, gst_rate_bp: tax.rateBasisPoints, updated_at: nowIso }))
    .execute();
}

/** A product's own HSN and rate (null: its category's). False when there is no such product. */
export async function setProductTax(db: DB, productId: string, tax: { hsn: string | null; rateBasisPoints: number | null }): Promise<boolean> {
  const result = await db.updateTable('products').set({ hsn_code: tax.hsn, gst_rate_bp: tax.rateBasisPoints }).where('id', '=', productId).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

import type { DB } from '../../db/database';
import { SETTINGS_ID } from '../../settings/shop-settings.queries';

export async function writeSettingsRow(db: DB, value: unknown, nowIso: string, actorId: string | null): Promise<void> {
  const json = JSON.stringify(value);
  await db
    .insertInto('shop_settings')
    .values({ id: SETTINGS_ID, value: json, updated_at: nowIso, updated_by: actorId })
    .onConflict((oc) => oc.column('id').doUpdateSet({ value: json, updated_at: nowIso, updated_by: actorId }))
    .execute();
}

/** A product's own HSN and rate (null: its category's). False when there is no such product. */
export async function setProductTax(db: DB, productId: string, tax: { hsn: string | null; rateBasisPoints: number | null }): Promise<boolean> {
  const result = await db.updateTable('products').set({ hsn_code: tax.hsn, gst_rate_bp: tax.rateBasisPoints }).where('id', '=', productId).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

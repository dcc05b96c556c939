import type { DB } from '../db/database';

/** The one row of shop_settings. */
export const SETTINGS_ID = 'shop';

/** The stored settings JSON (unvalidated) and when it changed; null before the owner first saves. */
export async function readSettingsRow(db: DB): Promise<{ value: unknown; updatedAt: string } | null> {
  const row = await db.selectFrom('shop_settings').select(['value', 'updated_at']).where('id', '=', SETTINGS_ID).executeTakeFirst();
  if (!row) return null;
  try {
    return { value: JSON.parse(row.value) as unknown, updatedAt: row.updated_at };
  } catch {
    return null;
  }
}

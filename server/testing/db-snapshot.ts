import { sql } from 'kysely';
import type { DB } from '../db/database';

/** The tables that hold the shop's state (login_attempts and sessions change on purpose when attacked: compare them separately). */
export const STATE_TABLES = ['users', 'products', 'banners', 'cart_items', 'orders', 'order_items', 'stock_movements', 'test_checkout_sessions'] as const;

export type DbSnapshot = Record<string, unknown[]>;

/**
 * Every row of the given tables, in a stable order: an attack test takes one before and one
 * after, and asserts they are equal (nothing changed, nothing half-written).
 */
export async function snapshotDb(db: DB, tables: readonly string[] = STATE_TABLES): Promise<DbSnapshot> {
  const snapshot: DbSnapshot = {};
  for (const table of tables) {
    const result = await sql<Record<string, unknown>>`select * from ${sql.table(table)} order by 1`.execute(db);
    snapshot[table] = result.rows;
  }
  return snapshot;
}

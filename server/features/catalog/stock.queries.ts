import { sql } from 'kysely';
import type { DB } from '../../db/database';
import { newId } from '../../db/database';
import type { StockMovement, StockReason } from '../../../shared/schemas/catalog';

/**
 * Every change of a product's stock goes through this module: each one is a conditional UPDATE
 * (so stock can never go below 0, however many checkouts race) and a row in stock_movements
 * (who, when, why, before, after) written in the same transaction by the caller.
 *
 * Untracked products (track_stock = 0) have no stock to change: taking from them always
 * succeeds and writes nothing.
 */

/** Why and by whom: written into the stock history with the change. */
export type MovementContext = {
  reason: StockReason;
  at: string;
  orderId?: string | null;
  actorId?: string | null;
  note?: string;
};

async function recordMovement(db: DB, productId: string, before: number, after: number, m: MovementContext): Promise<void> {
  await db
    .insertInto('stock_movements')
    .values({
      id: newId(),
      product_id: productId,
      at: m.at,
      reason: m.reason,
      delta: after - before,
      stock_before: before,
      stock_after: after,
      order_id: m.orderId ?? null,
      actor_id: m.actorId ?? null,
      note: m.note ?? '',
    })
    .execute();
}

export type TakeResult = 'taken' | 'untracked' | 'short';

/**
 * Takes `quantity` units out of what is for sale, only if that many are there: 'taken' (and
 * recorded), 'untracked' (nothing to take, always available), or 'short' (not enough, or the
 * product is unknown or, with `onSaleOnly`, archived; nothing changed).
 */
export async function takeStock(db: DB, productId: string, quantity: number, m: MovementContext & { onSaleOnly: boolean }): Promise<TakeResult> {
  let update = db
    .updateTable('products')
    .set({ stock: sql<number>`stock - ${quantity}`, updated_at: m.at })
    .where('id', '=', productId)
    .where('track_stock', '=', 1)
    .where('stock', '>=', quantity);
  if (m.onSaleOnly) update = update.where('archived_at', 'is', null);
  const row = await update.returning('stock').executeTakeFirst();
  if (row) {
    await recordMovement(db, productId, row.stock + quantity, row.stock, m);
    return 'taken';
  }
  let probe = db.selectFrom('products').select('track_stock').where('id', '=', productId);
  if (m.onSaleOnly) probe = probe.where('archived_at', 'is', null);
  const product = await probe.executeTakeFirst();
  return product && product.track_stock === 0 ? 'untracked' : 'short';
}

/** A product's units for sale now (0 for an unknown product): for a message after takeStock came up short. */
export async function stockLeft(db: DB, productId: string): Promise<number> {
  const row = await db.selectFrom('products').select('stock').where('id', '=', productId).executeTakeFirst();
  return row?.stock ?? 0;
}

/** Puts units back on sale (a released reservation, a cancelled order). Untracked or deleted products are left alone. */
export async function putBackStock(db: DB, productId: string, quantity: number, m: MovementContext): Promise<void> {
  if (quantity <= 0) return;
  const row = await db
    .updateTable('products')
    .set({ stock: sql<number>`stock + ${quantity}`, updated_at: m.at })
    .where('id', '=', productId)
    .where('track_stock', '=', 1)
    .returning('stock')
    .executeTakeFirst();
  if (row) await recordMovement(db, productId, row.stock - quantity, row.stock, m);
}

/**
 * Sets a tracked product's stock to `to`, only if it is still `from` (compare-and-set): false
 * when it moved meanwhile (nothing changed). Setting it to what it is already is a no-op.
 */
export async function setStock(db: DB, productId: string, from: number, to: number, m: MovementContext): Promise<boolean> {
  if (from === to) return true;
  const result = await db
    .updateTable('products')
    .set({ stock: to, updated_at: m.at })
    .where('id', '=', productId)
    .where('track_stock', '=', 1)
    .where('stock', '=', from)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  await recordMovement(db, productId, from, to, m);
  return true;
}

/** Records a product's first stock figure (or the figure it starts being tracked at). */
export async function recordInitialStock(db: DB, productId: string, stock: number, m: MovementContext): Promise<void> {
  await recordMovement(db, productId, 0, stock, m);
}

/** Switches tracking on or off; when switched on, the stock starts at `stock`. */
export async function setTracking(db: DB, productId: string, track: boolean, stock: number, at: string): Promise<void> {
  await db
    .updateTable('products')
    .set({ track_stock: track ? 1 : 0, stock: track ? stock : 0, updated_at: at })
    .where('id', '=', productId)
    .execute();
}

/**
 * The stock a product had at `at`: the `before` of its first movement after that moment, or
 * its current stock when nothing moved since. Null for an unknown product.
 */
export async function stockAsOf(db: DB, productId: string, at: string): Promise<number | null> {
  const next = await db
    .selectFrom('stock_movements')
    .select('stock_before')
    .where('product_id', '=', productId)
    .where('at', '>', at)
    .orderBy('at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  if (next) return next.stock_before;
  const product = await db.selectFrom('products').select('stock').where('id', '=', productId).executeTakeFirst();
  return product?.stock ?? null;
}

export type MovementKey = readonly [string, string];

/** A product's stock history, newest first, with the admin who made each change. */
export async function listStockMovements(db: DB, productId: string, opts: { limit: number; after?: MovementKey }): Promise<(StockMovement & { key: MovementKey })[]> {
  let query = db
    .selectFrom('stock_movements')
    .leftJoin('users', 'users.id', 'stock_movements.actor_id')
    .select([
      'stock_movements.id',
      'stock_movements.at',
      'stock_movements.reason',
      'stock_movements.delta',
      'stock_movements.stock_before',
      'stock_movements.stock_after',
      'stock_movements.order_id',
      'stock_movements.actor_id',
      'stock_movements.note',
      'users.name as actor_name',
      'users.email as actor_email',
    ])
    .where('stock_movements.product_id', '=', productId);
  if (opts.after) {
    const [at, id] = opts.after;
    query = query.where((eb) => eb(eb.refTuple('stock_movements.at', 'stock_movements.id'), '<', eb.tuple(at, id)));
  }
  const rows = await query.orderBy('stock_movements.at', 'desc').orderBy('stock_movements.id', 'desc').limit(opts.limit).execute();
  return rows.map((r) => ({
    _id: r.id,
    at: r.at,
    reason: r.reason,
    delta: r.delta,
    before: r.stock_before,
    after: r.stock_after,
    orderId: r.order_id,
    actor: r.actor_id !== null && r.actor_name !== null && r.actor_email !== null ? { _id: r.actor_id, name: r.actor_name, email: r.actor_email } : null,
    note: r.note,
    key: [r.at, r.id] as const,
  }));
}

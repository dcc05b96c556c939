import { sql } from 'kysely';
import type { DB } from '../../db/database';
import { newId, rowsPerStatement } from '../../db/database';
import type { StockMovement, StockReason } from '../../../shared/schemas/catalog';
import { refreshSummary } from './variants.queries';

/**
 * Every change of a variant's stock goes through this module: each one is a conditional UPDATE
 * of the variant (so stock can never go below 0, however many checkouts race), a row in
 * stock_movements (who, when, why, before, after, which variant) and the product's summary
 * refreshed (variants.queries' refreshSummary), all in the caller's transaction.
 *
 * Untracked variants (track_stock = 0) have no stock to change: taking from them always
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

async function recordMovement(db: DB, productId: string, variantId: string, before: number, after: number, m: MovementContext): Promise<void> {
  await db
    .insertInto('stock_movements')
    .values({
      id: newId(),
      product_id: productId,
      variant_id: variantId,
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
 * Takes `quantity` units of a variant out of what is for sale, only if that many are there:
 * 'taken' (and recorded), 'untracked' (nothing to take, always available), or 'short' (not
 * enough, or the variant is unknown or, with `onSaleOnly`, it or its product is archived;
 * nothing changed).
 */
export async function takeStock(db: DB, variantId: string, quantity: number, m: MovementContext & { onSaleOnly: boolean }): Promise<TakeResult> {
  let update = db
    .updateTable('product_variants')
    .set({ stock: sql<number>`stock - ${quantity}`, updated_at: m.at })
    .where('id', '=', variantId)
    .where('track_stock', '=', 1)
    .where('stock', '>=', quantity);
  if (m.onSaleOnly)
    update = update
      .where('archived_at', 'is', null)
      .where((eb) =>
        eb.exists(eb.selectFrom('products').select('products.id').whereRef('products.id', '=', 'product_variants.product_id').where('products.archived_at', 'is', null)),
      );
  const row = await update.returning(['stock', 'product_id']).executeTakeFirst();
  if (row) {
    await recordMovement(db, row.product_id, variantId, row.stock + quantity, row.stock, m);
    await refreshSummary(db, row.product_id, m.at);
    return 'taken';
  }
  let probe = db.selectFrom('product_variants').select('track_stock').where('id', '=', variantId);
  if (m.onSaleOnly)
    probe = probe
      .where('archived_at', 'is', null)
      .where((eb) =>
        eb.exists(eb.selectFrom('products').select('products.id').whereRef('products.id', '=', 'product_variants.product_id').where('products.archived_at', 'is', null)),
      );
  const variant = await probe.executeTakeFirst();
  return variant && variant.track_stock === 0 ? 'untracked' : 'short';
}

/** A variant's units for sale now (0 for an unknown one): for a message after takeStock came up short. */
export async function stockLeft(db: DB, variantId: string): Promise<number> {
  const row = await db.selectFrom('product_variants').select('stock').where('id', '=', variantId).executeTakeFirst();
  return row?.stock ?? 0;
}

/** Puts units of a variant back on sale (a released reservation, a cancelled order). Untracked or deleted variants are left alone. */
export async function putBackStock(db: DB, variantId: string, quantity: number, m: MovementContext): Promise<void> {
  if (quantity <= 0) return;
  const row = await db
    .updateTable('product_variants')
    .set({ stock: sql<number>`stock + ${quantity}`, updated_at: m.at })
    .where('id', '=', variantId)
    .where('track_stock', '=', 1)
    .returning(['stock', 'product_id'])
    .executeTakeFirst();
  if (row) {
    await recordMovement(db, row.product_id, variantId, row.stock - quantity, row.stock, m);
    await refreshSummary(db, row.product_id, m.at);
  }
}

/**
 * Sets a tracked variant's stock to `to`, only if it is still `from` (compare-and-set): false
 * when it moved meanwhile (nothing changed). Setting it to what it is already is a no-op.
 */
export async function setStock(db: DB, variantId: string, from: number, to: number, m: MovementContext): Promise<boolean> {
  if (from === to) return true;
  const row = await db
    .updateTable('product_variants')
    .set({ stock: to, updated_at: m.at })
    .where('id', '=', variantId)
    .where('track_stock', '=', 1)
    .where('stock', '=', from)
    .returning('product_id')
    .executeTakeFirst();
  if (!row) return false;
  await recordMovement(db, row.product_id, variantId, from, to, m);
  await refreshSummary(db, row.product_id, m.at);
  return true;
}

/** A variant's figures a batch writes with its stock (variants.queries' updateVariantRows writes them without). */
export type VariantFigures = { ean: string | null; price: number; sellingPrice: number; weightGrams: number | null; images: readonly string[]; lowStockLevel: number | null };

/**
 * setStock for many tracked variants at once (a catalogue import), each compare-and-set against
 * its `from`: one UPDATE per chunk, a stock movement for each variant set, in the caller's
 * transaction. Resolves with the variants NOT set because their stock moved (or they are no
 * longer tracked): the caller refuses the whole batch then. Summaries are the caller's to
 * refresh (variants.queries' refreshSummaries), once for all. A row's `figures` are written in
 * the same UPDATE (not at all when its stock moved: the caller refuses the batch). The variants are found by id (`in
 * (select vid from v)`, and `+` keeps SQLite off the stock index): see database.ts' rowsPerStatement.
 */
export async function setStocks(
  db: DB,
  rows: readonly { variantId: string; productId: string; from: number; to: number; figures?: VariantFigures | undefined }[],
  m: MovementContext,
): Promise<string[]> {
  const moved: string[] = [];
  const wanted = rows.filter((r) => r.from !== r.to);
  // Variants whose figures change too get them in the same UPDATE (each row written once); the others their stock alone.
  const size = rowsPerStatement(db);
  const chunks = [wanted.filter((r) => r.figures === undefined), wanted.filter((r) => r.figures !== undefined)].flatMap((list) =>
    Array.from({ length: Math.ceil(list.length / size) }, (_, k) => list.slice(k * size, k * size + size)),
  );
  for (const chunk of chunks) {
    const figures = chunk.map((r) => r.figures).filter((f): f is VariantFigures => f !== undefined);
    let set: { rows: { id: string }[] };
    if (figures.length === 0) {
      const values = sql.join(chunk.map((r) => sql`(cast(${r.variantId} as text), cast(${r.from} as integer), cast(${r.to} as integer))`));
      set = await sql<{ id: string }>`with v(vid, from_stock, to_stock) as (values ${values})
        update product_variants set stock = v.to_stock, updated_at = ${m.at}
        from v where product_variants.id in (select vid from v) and product_variants.id = v.vid and +product_variants.track_stock = 1 and +product_variants.stock = v.from_stock
        returning id`.execute(db);
    } else {
      const values = sql.join(
        chunk.map((r) => {
          const f = r.figures as VariantFigures;
          return sql`(cast(${r.variantId} as text), cast(${r.from} as integer), cast(${r.to} as integer), cast(${f.ean} as text), cast(${f.price} as bigint), cast(${f.sellingPrice} as bigint), cast(${f.weightGrams} as integer), cast(${JSON.stringify(f.images)} as text), cast(${f.lowStockLevel} as integer))`;
        }),
      );
      set = await sql<{ id: string }>`with v(vid, from_stock, to_stock, ean, price, selling_price, weight_grams, images, low_stock_level) as (values ${values})
        update product_variants set stock = v.to_stock, ean = v.ean, price = v.price, selling_price = v.selling_price, weight_grams = v.weight_grams, images = v.images, low_stock_level = v.low_stock_level, updated_at = ${m.at}
        from v where product_variants.id in (select vid from v) and product_variants.id = v.vid and +product_variants.track_stock = 1 and +product_variants.stock = v.from_stock
        returning id`.execute(db);
    }
    const done = new Set(set.rows.map((r) => r.id));
    const movements = chunk.filter((r) => done.has(r.variantId));
    for (const r of chunk) if (!done.has(r.variantId)) moved.push(r.variantId);
    if (movements.length === 0) continue;
    await db
      .insertInto('stock_movements')
      .values(
        movements.map((r) => ({
          id: newId(),
          product_id: r.productId,
          variant_id: r.variantId,
          at: m.at,
          reason: m.reason,
          delta: r.to - r.from,
          stock_before: r.from,
          stock_after: r.to,
          order_id: m.orderId ?? null,
          actor_id: m.actorId ?? null,
          note: m.note ?? '',
        })),
      )
      .execute();
  }
  return moved;
}

/** Records a variant's first stock figure (or the figure it starts being tracked at). */
export async function recordInitialStock(db: DB, productId: string, variantId: string, stock: number, m: MovementContext): Promise<void> {
  await recordMovement(db, productId, variantId, 0, stock, m);
}

/** recordInitialStock for many variants at once (an import's new variants): multi-row INSERTs (rowsPerStatement). */
export async function recordInitialStocks(db: DB, rows: readonly { productId: string; variantId: string; stock: number }[], m: MovementContext): Promise<void> {
  const size = rowsPerStatement(db);
  for (let i = 0; i < rows.length; i += size) {
    await db
      .insertInto('stock_movements')
      .values(
        rows.slice(i, i + size).map((r) => ({
          id: newId(),
          product_id: r.productId,
          variant_id: r.variantId,
          at: m.at,
          reason: m.reason,
          delta: r.stock,
          stock_before: 0,
          stock_after: r.stock,
          order_id: m.orderId ?? null,
          actor_id: m.actorId ?? null,
          note: m.note ?? '',
        })),
      )
      .execute();
  }
}

/** Switches a variant's tracking on or off; when switched on, the stock starts at `stock`. */
export async function setTracking(db: DB, variantId: string, track: boolean, stock: number, at: string): Promise<void> {
  const row = await db
    .updateTable('product_variants')
    .set({ track_stock: track ? 1 : 0, stock: track ? stock : 0, updated_at: at })
    .where('id', '=', variantId)
    .returning('product_id')
    .executeTakeFirst();
  if (row) await refreshSummary(db, row.product_id, at);
}

/**
 * The stock a variant had at `at`: the `before` of its first movement after that moment, or
 * its current stock when nothing moved since. Null for an unknown variant.
 */
export async function stockAsOf(db: DB, variantId: string, at: string): Promise<number | null> {
  const next = await db
    .selectFrom('stock_movements')
    .select('stock_before')
    .where('variant_id', '=', variantId)
    .where('at', '>', at)
    .orderBy('at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  if (next) return next.stock_before;
  const variant = await db.selectFrom('product_variants').select('stock').where('id', '=', variantId).executeTakeFirst();
  return variant?.stock ?? null;
}

export type MovementKey = readonly [string, string];

/** A product's stock history (one variant's, with `variantId`), newest first, with the admin who made each change and the variant's SKU. */
export async function listStockMovements(
  db: DB,
  productId: string,
  opts: { limit: number; after?: MovementKey; variantId?: string | undefined },
): Promise<(StockMovement & { key: MovementKey })[]> {
  let query = db
    .selectFrom('stock_movements')
    .leftJoin('users', 'users.id', 'stock_movements.actor_id')
    .leftJoin('product_variants', 'product_variants.id', 'stock_movements.variant_id')
    .leftJoin('orders', 'orders.id', 'stock_movements.order_id')
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
      'stock_movements.variant_id',
      'product_variants.sku',
      'orders.order_number',
    ])
    .where('stock_movements.product_id', '=', productId);
  if (opts.variantId !== undefined) query = query.where('stock_movements.variant_id', '=', opts.variantId);
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
    orderNumber: r.order_number,
    actor: r.actor_id !== null && r.actor_name !== null && r.actor_email !== null ? { _id: r.actor_id, name: r.actor_name, email: r.actor_email } : null,
    note: r.note,
    variantId: r.variant_id,
    sku: r.sku,
    key: [r.at, r.id] as const,
  }));
}

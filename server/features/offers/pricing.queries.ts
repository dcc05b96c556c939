import { sql } from 'kysely';
import type { DB } from '../../db/database';

/**
 * The shopper's side of offers (issue 30): the SQL that reads the live automatic offers and a
 * coupon with its usage, takes a coupon's use for an order and gives it back. The definitions
 * are parsed by pricing.service.ts; here they stay JSON text.
 */

export type OfferRow = { id: string; kind: 'coupon' | 'sale-price' | 'buy-x-get-y' | 'prepaid'; definition: string; paused: number; usesCount: number };

/**
 * Automatic offers not paused and not over at `now` (`valid_to` excluded): sale prices of the
 * given products (any of their variants), every buy-X-get-Y and prepaid discount. Those not yet
 * started come too: the engine checks the window, and the storefront needs the next start.
 */
export async function listAutomaticOffers(db: DB, now: string, productIds: readonly string[]): Promise<OfferRow[]> {
  const rows = await db
    .selectFrom('offers')
    .select(['id', 'kind', 'definition', 'paused', 'uses_count'])
    .where('paused', '=', 0)
    .where((eb) => eb.or([eb('valid_to', 'is', null), eb('valid_to', '>', now)]))
    .where((eb) =>
      eb.or([eb('kind', 'in', ['buy-x-get-y', 'prepaid']), ...(productIds.length > 0 ? [eb.and([eb('kind', '=', 'sale-price'), eb('product_id', 'in', [...productIds])])] : [])]),
    )
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: r.id, kind: r.kind, definition: r.definition, paused: r.paused, usesCount: r.uses_count }));
}

/** The coupon with that code (upper-case), or null. */
export async function findCouponByCode(db: DB, code: string): Promise<OfferRow | null> {
  const row = await db.selectFrom('offers').select(['id', 'kind', 'definition', 'paused', 'uses_count']).where('code', '=', code).where('kind', '=', 'coupon').executeTakeFirst();
  return row ? { id: row.id, kind: row.kind, definition: row.definition, paused: row.paused, usesCount: row.uses_count } : null;
}

/** The shopper's uses of an offer not given back, leaving out one order's (an open checkout being compared with the cart). */
export async function countShopperUses(db: DB, offerId: string, userId: string, exceptOrderId: string | null = null): Promise<number> {
  let query = db
    .selectFrom('offer_uses')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('offer_id', '=', offerId)
    .where('user_id', '=', userId)
    .where('released_at', 'is', null);
  if (exceptOrderId !== null) query = query.where('order_id', '!=', exceptOrderId);
  return Number((await query.executeTakeFirst())?.n ?? 0);
}

/** Orders the shopper has paid for (online: paid_at set; cash on delivery: placed and not cancelled), for "first order only". */
export async function countPaidOrders(db: DB, userId: string): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('paid_at', 'is not', null), eb.and([eb('provider', '=', 'cod'), eb('status', '!=', 'cancelled')])]))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Takes one use of a coupon: uses_count + 1 only while it is below the limit (and the coupon not
 * paused). The row stays locked until the caller's transaction ends, so concurrent orders queue
 * on it and re-check the limit; false: none left.
 */
export async function takeUse(db: DB, offerId: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('offers')
    .set((eb) => ({ uses_count: eb('uses_count', '+', 1), updated_at: at }))
    .where('id', '=', offerId)
    .where('paused', '=', 0)
    .where((eb) => eb.or([eb('uses_limit', 'is', null), eb('uses_count', '<', eb.ref('uses_limit'))]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertUse(db: DB, use: { offerId: string; orderId: string; userId: string; at: string }): Promise<void> {
  await db.insertInto('offer_uses').values({ offer_id: use.offerId, order_id: use.orderId, user_id: use.userId, at: use.at, released_at: null }).execute();
}

/** Marks the order's uses given back; returns the offers whose use it held. */
export async function releaseUses(db: DB, orderId: string, at: string): Promise<string[]> {
  const rows = await db.updateTable('offer_uses').set({ released_at: at }).where('order_id', '=', orderId).where('released_at', 'is', null).returning('offer_id').execute();
  return rows.map((r) => r.offer_id);
}

export async function giveBackUse(db: DB, offerId: string, at: string): Promise<void> {
  await db
    .updateTable('offers')
    .set((eb) => ({ uses_count: eb('uses_count', '-', 1), updated_at: at }))
    .where('id', '=', offerId)
    .where('uses_count', '>', 0)
    .execute();
}

/** The order's uses that were given back (a payment that arrived after the order was released). */
export async function listReleasedUses(db: DB, orderId: string): Promise<string[]> {
  const rows = await db.selectFrom('offer_uses').select('offer_id').where('order_id', '=', orderId).where('released_at', 'is not', null).execute();
  return rows.map((r) => r.offer_id);
}

export async function unreleaseUse(db: DB, offerId: string, orderId: string): Promise<void> {
  await db.updateTable('offer_uses').set({ released_at: null }).where('offer_id', '=', offerId).where('order_id', '=', orderId).execute();
}

// ---- the code a shopper applied to their cart ----

export async function findCartCoupon(db: DB, owner: string): Promise<string | null> {
  const row = await db.selectFrom('cart_coupons').select('code').where('owner', '=', owner).executeTakeFirst();
  return row?.code ?? null;
}

export async function setCartCoupon(db: DB, owner: string, code: string, at: string): Promise<void> {
  await db
    .insertInto('cart_coupons')
    .values({ owner, code, updated_at: at })
    .onConflict((oc) => oc.column('owner').doUpdateSet({ code, updated_at: at }))
    .execute();
}

export async function deleteCartCoupon(db: DB, owner: string): Promise<void> {
  await db.deleteFrom('cart_coupons').where('owner', '=', owner).execute();
}

/** Per product, the earliest start or end after `now` of its live or coming sale prices: when its shown price next changes. */
export async function nextSaleChanges(db: DB, now: string, productIds: readonly string[]): Promise<Map<string, string>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('offers')
    .select(['product_id', sql<string | null>`min(case when valid_from > ${now} then valid_from else valid_to end)`.as('at')])
    .where('kind', '=', 'sale-price')
    .where('paused', '=', 0)
    .where('valid_to', '>', now)
    .where('product_id', 'in', [...productIds])
    .groupBy('product_id')
    .execute();
  return new Map(rows.flatMap((r) => (r.product_id !== null && r.at !== null ? [[r.product_id, r.at] as const] : [])));
}

/**
 * The coupons a product page may show now or later (issue 30's panel): not paused, not over at
 * `now`, not used up. Those not yet started come too: their start is when the panel next changes.
 */
export async function listShowableCoupons(db: DB, now: string): Promise<OfferRow[]> {
  const rows = await db
    .selectFrom('offers')
    .select(['id', 'kind', 'definition', 'paused', 'uses_count'])
    .where('kind', '=', 'coupon')
    .where('paused', '=', 0)
    .where((eb) => eb.or([eb('valid_to', 'is', null), eb('valid_to', '>', now)]))
    .where((eb) => eb.or([eb('uses_limit', 'is', null), eb('uses_count', '<', eb.ref('uses_limit'))]))
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: r.id, kind: r.kind, definition: r.definition, paused: r.paused, usesCount: r.uses_count }));
}

import { sql, type Selectable } from 'kysely';
import type { DB } from '../../db/database';
import type { OffersTable } from '../../db/schema';
import type { OfferKindName, OfferUsage } from '../../../shared/schemas/offers-admin';

/**
 * The owner's offers (issue 30): the `offers` rows, the usage figures the list shows, and what
 * the preview reads of the catalogue. The definition's JSON is parsed by the service.
 */

export type OfferRow = Selectable<OffersTable>;

const columns = [
  'id',
  'kind',
  'name',
  'code',
  'product_id',
  'variant_id',
  'definition',
  'paused',
  'valid_from',
  'valid_to',
  'uses_limit',
  'uses_count',
  'created_at',
  'updated_at',
] as const;

/** Every offer (of one kind), newest first. */
export async function listOfferRows(db: DB, kind?: OfferKindName): Promise<OfferRow[]> {
  let query = db.selectFrom('offers').select(columns);
  if (kind) query = query.where('kind', '=', kind);
  return query.orderBy('created_at', 'desc').orderBy('id').execute();
}

export async function findOfferRow(db: DB, id: string): Promise<OfferRow | null> {
  return (await db.selectFrom('offers').select(columns).where('id', '=', id).executeTakeFirst()) ?? null;
}

/** Whether a coupon other than `exceptId` has this code. */
export async function codeTaken(db: DB, code: string, exceptId: string | null = null): Promise<boolean> {
  let query = db.selectFrom('offers').select('id').where('code', '=', code);
  if (exceptId) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export type OfferColumns = {
  kind: OfferKindName;
  name: string;
  code: string | null;
  productId: string | null;
  variantId: string | null;
  definition: string;
  paused: boolean;
  validFrom: string | null;
  validTo: string | null;
  usesLimit: number | null;
};

/** The row's columns an offer's definition decides (both on insert and on every edit). */
function mirrored(offer: OfferColumns) {
  return {
    name: offer.name,
    code: offer.code,
    product_id: offer.productId,
    variant_id: offer.variantId,
    definition: offer.definition,
    paused: offer.paused ? 1 : 0,
    valid_from: offer.validFrom,
    valid_to: offer.validTo,
    uses_limit: offer.usesLimit,
  };
}

export async function insertOffer(db: DB, offer: OfferColumns & { id: string; at: string }): Promise<void> {
  await db
    .insertInto('offers')
    .values({
      id: offer.id,
      kind: offer.kind,
      ...mirrored(offer),
      uses_count: 0,
      created_at: offer.at,
      updated_at: offer.at,
    })
    .execute();
}

/** Rewrites an offer's definition and mirrored columns (its uses taken stay). */
export async function updateOffer(db: DB, id: string, offer: OfferColumns & { at: string }): Promise<void> {
  await db
    .updateTable('offers')
    .set({
      ...mirrored(offer),
      updated_at: offer.at,
    })
    .where('id', '=', id)
    .execute();
}

/** Statuses of an order that counts in an offer's figures: placed and paid (or cash on delivery, confirmed) and not cancelled or sent back. */
export const COUNTED_STATUSES = ['paid', 'confirmed', 'shipped', 'delivered'] as const;

/**
 * Per offer: the orders that used it (a line discount, a sale-priced line or a coupon use not
 * given back), the discount given (its line discounts; a sale price's (list − sale) × quantity)
 * and those orders' totals.
 */
export async function offerUsage(db: DB): Promise<Map<string, OfferUsage>> {
  const statuses = sql.join(COUNTED_STATUSES.map((s) => sql.lit(s)));
  const result = await sql<{ offer_id: string; orders: number | string; discount: number | string | null; revenue: number | string | null }>`
    select t.offer_id, count(*) as orders, sum(t.discount) as discount, sum(t.total_amount) as revenue
    from (
      select x.offer_id, x.order_id, o.total_amount, sum(x.amount) as discount
      from (
        select d.offer_id as offer_id, i.order_id as order_id, d.amount as amount
          from order_item_discounts d join order_items i on i.id = d.order_item_id
        union all
        select i.sale_offer_id as offer_id, i.order_id as order_id, (coalesce(i.list_unit_price, i.unit_price) - i.unit_price) * i.quantity as amount
          from order_items i where i.sale_offer_id is not null
        union all
        select u.offer_id as offer_id, u.order_id as order_id, 0 as amount
          from offer_uses u where u.released_at is null
      ) x
      join orders o on o.id = x.order_id
      where o.status in (${statuses})
      group by x.offer_id, x.order_id, o.total_amount
    ) t
    group by t.offer_id`.execute(db);
  return new Map(result.rows.map((row) => [row.offer_id, { orders: Number(row.orders), discountPaise: Number(row.discount ?? 0), revenuePaise: Number(row.revenue ?? 0) }]));
}

/** The product and variant a sale price is on, as the list names them. */
export async function saleTargets(
  db: DB,
  variantIds: readonly string[],
  productIds: readonly string[],
): Promise<{ variants: Map<string, string[]>; products: Map<string, string> }> {
  const variants = new Map<string, string[]>();
  const products = new Map<string, string>();
  if (variantIds.length > 0) {
    const rows = await db
      .selectFrom('product_variants')
      .select(['id', 'option_values'])
      .where('id', 'in', [...variantIds])
      .execute();
    for (const row of rows) variants.set(row.id, parseOptions(row.option_values));
  }
  if (productIds.length > 0) {
    const rows = await db
      .selectFrom('products')
      .select(['id', 'product_name'])
      .where('id', 'in', [...productIds])
      .execute();
    for (const row of rows) products.set(row.id, row.product_name);
  }
  return { variants, products };
}

function parseOptions(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.map(String) : [];
  } catch {
    return [];
  }
}

/** A product's variants that are for sale, with their selling prices (a sale price is checked against them). */
export async function productVariantPrices(db: DB, productId: string): Promise<{ productFound: boolean; variants: { id: string; sellingPrice: number }[] }> {
  const product = await db.selectFrom('products').select('id').where('id', '=', productId).where('archived_at', 'is', null).executeTakeFirst();
  if (!product) return { productFound: false, variants: [] };
  const rows = await db
    .selectFrom('product_variants')
    .select(['id', 'selling_price'])
    .where('product_id', '=', productId)
    .where('archived_at', 'is', null)
    .orderBy('position')
    .execute();
  return { productFound: true, variants: rows.map((r) => ({ id: r.id, sellingPrice: Number(r.selling_price) })) };
}

export type PreviewVariantRow = {
  variantId: string;
  productId: string;
  name: string;
  optionValues: string[];
  category: string;
  brand: string;
  sellingPrice: number;
  gstRateBp: number;
};

const FALLBACK_RATE_BP = 1800;

/** The variants a preview prices, with their product's category, brand and GST rate (its own, else its category's). */
export async function previewVariants(db: DB, variantIds: readonly string[]): Promise<Map<string, PreviewVariantRow>> {
  if (variantIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('product_variants')
    .innerJoin('products', 'products.id', 'product_variants.product_id')
    .leftJoin('categories', 'categories.value', 'products.category')
    .select([
      'product_variants.id as variant_id',
      'products.id as product_id',
      'products.product_name',
      'product_variants.option_values',
      'products.category',
      'products.brand_name',
      'product_variants.selling_price',
    ])
    .select((eb) => eb.fn.coalesce('products.gst_rate_bp', 'categories.gst_rate_bp', eb.val(FALLBACK_RATE_BP)).as('rate_bp'))
    .where('product_variants.id', 'in', [...variantIds])
    .where('products.archived_at', 'is', null)
    .where('product_variants.archived_at', 'is', null)
    .execute();
  return new Map(
    rows.map((r) => [
      r.variant_id,
      {
        variantId: r.variant_id,
        productId: r.product_id,
        name: r.product_name,
        optionValues: parseOptions(r.option_values),
        category: r.category,
        brand: r.brand_name,
        sellingPrice: Number(r.selling_price),
        gstRateBp: Number(r.rate_bp),
      },
    ]),
  );
}

import { sql } from 'kysely';
import { dialectOf, rowsPerStatement, type DB } from '../../db/database';
import { parseJsonColumn } from '../../db/json-column';
import { parseImages } from '../../db/product-row';
import { parseOptionValues } from '../../db/variant-row';
import { isColourOption, variantLabel, type AdminVariant, type ProductOption } from '../../../shared/schemas/variants';

/**
 * SQL for product variants. The product row's price, selling_price, stock and track_stock are
 * the summary of its live variants (refreshSummary below), written in the same transaction as
 * every variant write and stock move, so every list, search and /api reply keeps reading the
 * product row alone.
 */

const variantColumns = [
  'product_variants.id',
  'product_variants.product_id',
  'product_variants.sku',
  'product_variants.ean',
  'product_variants.option_values',
  'product_variants.price',
  'product_variants.selling_price',
  'product_variants.stock',
  'product_variants.track_stock',
  'product_variants.weight_grams',
  'product_variants.images',
  'product_variants.position',
  'product_variants.archived_at',
  'product_variants.low_stock_level',
] as const;

type VariantRow = {
  id: string;
  product_id: string;
  sku: string;
  ean: string | null;
  option_values: string;
  price: number;
  selling_price: number;
  stock: number;
  track_stock: number;
  weight_grams: number | null;
  images: string;
  position: number;
  archived_at: string | null;
  low_stock_level: number | null;
};

export type VariantRecord = AdminVariant & { productId: string };

export function parseOptions(text: string): ProductOption[] {
  const value = parseJsonColumn<unknown>(text, []);
  return Array.isArray(value) ? (value as ProductOption[]) : [];
}

function toVariant(row: VariantRow): VariantRecord {
  const optionValues = parseOptionValues(row.option_values);
  const trackStock = row.track_stock === 1;
  const stock = Number(row.stock);
  return {
    _id: row.id,
    productId: row.product_id,
    sku: row.sku,
    ean: row.ean,
    optionValues,
    label: variantLabel(optionValues),
    price: Number(row.price),
    sellingPrice: Number(row.selling_price),
    stock,
    trackStock,
    inStock: !trackStock || stock > 0,
    weightGrams: row.weight_grams,
    images: parseImages(row.images),
    position: row.position,
    archivedAt: row.archived_at,
    lowStockLevel: row.low_stock_level === null ? null : Number(row.low_stock_level),
  };
}

/** A product's variants in position order: live ones only unless `archived` is asked for. */
export async function listVariants(db: DB, productId: string, opts: { archived?: boolean } = {}): Promise<VariantRecord[]> {
  let query = db.selectFrom('product_variants').select(variantColumns).where('product_variants.product_id', '=', productId);
  if (!opts.archived) query = query.where('product_variants.archived_at', 'is', null);
  const rows = await query.orderBy('product_variants.position').orderBy('product_variants.id').execute();
  return rows.map(toVariant);
}

/** Live variants of many products at once (a page of cards, a cart), by product id. */
export async function listLiveVariantsOf(db: DB, productIds: readonly string[]): Promise<Map<string, VariantRecord[]>> {
  const byProduct = new Map<string, VariantRecord[]>();
  if (productIds.length === 0) return byProduct;
  const rows = await db
    .selectFrom('product_variants')
    .select(variantColumns)
    .where('product_variants.product_id', 'in', [...new Set(productIds)])
    .where('product_variants.archived_at', 'is', null)
    .orderBy('product_variants.position')
    .orderBy('product_variants.id')
    .execute();
  for (const row of rows.map(toVariant)) byProduct.set(row.productId, [...(byProduct.get(row.productId) ?? []), row]);
  return byProduct;
}

export async function findVariant(db: DB, variantId: string): Promise<VariantRecord | null> {
  const row = await db.selectFrom('product_variants').select(variantColumns).where('product_variants.id', '=', variantId).executeTakeFirst();
  return row ? toVariant(row) : null;
}

/** The variant with this SKU (any case), archived ones included; null when none. */
export async function findVariantBySku(db: DB, sku: string): Promise<{ id: string; productId: string; sku: string } | null> {
  const row = await db
    .selectFrom('product_variants')
    .select(['id', 'product_id', 'sku'])
    .where(sql<string>`lower(sku)`, '=', sku.toLowerCase())
    .executeTakeFirst();
  return row ? { id: row.id, productId: row.product_id, sku: row.sku } : null;
}

/** The variants holding any of these SKUs (any case), archived ones included. */
export async function findVariantsBySkus(db: DB, skus: readonly string[]): Promise<{ id: string; productId: string; sku: string }[]> {
  const out: { id: string; productId: string; sku: string }[] = [];
  const lower = [...new Set(skus.map((s) => s.toLowerCase()))];
  for (let i = 0; i < lower.length; i += BATCH_ROWS * 2) {
    const rows = await db
      .selectFrom('product_variants')
      .select(['id', 'product_id', 'sku'])
      .where(sql<string>`lower(sku)`, 'in', lower.slice(i, i + BATCH_ROWS * 2))
      .execute();
    out.push(...rows.map((row) => ({ id: row.id, productId: row.product_id, sku: row.sku })));
  }
  return out;
}

/** The SKU a variant gets when none is given: 'VM-' + the first 10 characters of `id` in capitals, longer when taken. */
export async function generatedSku(db: DB, id: string): Promise<string> {
  for (const length of [10, 16, id.length]) {
    const sku = `VM-${id.slice(0, length).toUpperCase()}`;
    if (!(await findVariantBySku(db, sku))) return sku;
  }
  return `VM-${id.toUpperCase()}-${Date.now().toString(36).toUpperCase()}`;
}

export type NewVariantRow = {
  id: string;
  productId: string;
  sku: string;
  ean: string | null;
  optionValues: readonly string[];
  price: number;
  sellingPrice: number;
  stock: number;
  trackStock: boolean;
  weightGrams: number | null;
  images: readonly string[];
  position: number;
  createdAt: string;
  /** Its spec values (JSON); none: '{}'. */
  specs?: string | undefined;
  /** Its own low-stock level; null or absent: the shop's default. */
  lowStockLevel?: number | null | undefined;
};

export async function insertVariants(db: DB, variants: readonly NewVariantRow[]): Promise<void> {
  for (let i = 0; i < variants.length; i += 500) {
    await db
      .insertInto('product_variants')
      .values(
        variants.slice(i, i + 500).map((v) => ({
          id: v.id,
          product_id: v.productId,
          sku: v.sku,
          ean: v.ean,
          option_values: JSON.stringify(v.optionValues),
          price: v.price,
          selling_price: v.sellingPrice,
          stock: v.trackStock ? v.stock : 0,
          track_stock: v.trackStock ? 1 : 0,
          weight_grams: v.weightGrams,
          images: JSON.stringify(v.images),
          position: v.position,
          specs: v.specs ?? '{}',
          low_stock_level: v.lowStockLevel ?? null,
          archived_at: null,
          created_at: v.createdAt,
          updated_at: v.createdAt,
        })),
      )
      .execute();
  }
}

export type VariantChanges = Partial<{
  sku: string;
  ean: string | null;
  optionValues: readonly string[];
  price: number;
  sellingPrice: number;
  weightGrams: number | null;
  images: readonly string[];
  position: number;
  /** null: the shop's default. */
  lowStockLevel: number | null;
}>;

/** Rewrites a variant's fields except its stock (see stock.queries.ts). */
export async function updateVariantRow(db: DB, id: string, changes: VariantChanges, at: string): Promise<void> {
  await db
    .updateTable('product_variants')
    .set({
      ...(changes.sku !== undefined ? { sku: changes.sku } : {}),
      ...(changes.ean !== undefined ? { ean: changes.ean } : {}),
      ...(changes.optionValues !== undefined ? { option_values: JSON.stringify(changes.optionValues) } : {}),
      ...(changes.price !== undefined ? { price: changes.price } : {}),
      ...(changes.sellingPrice !== undefined ? { selling_price: changes.sellingPrice } : {}),
      ...(changes.weightGrams !== undefined ? { weight_grams: changes.weightGrams } : {}),
      ...(changes.images !== undefined ? { images: JSON.stringify(changes.images) } : {}),
      ...(changes.position !== undefined ? { position: changes.position } : {}),
      ...(changes.lowStockLevel !== undefined ? { low_stock_level: changes.lowStockLevel } : {}),
      updated_at: at,
    })
    .where('id', '=', id)
    .execute();
}

export async function setVariantArchived(db: DB, id: string, archivedAt: string | null, at: string): Promise<void> {
  await db.updateTable('product_variants').set({ archived_at: archivedAt, updated_at: at }).where('id', '=', id).execute();
}

export async function setProductOptions(db: DB, productId: string, options: readonly ProductOption[], at: string): Promise<void> {
  await db
    .updateTable('products')
    .set({ options: JSON.stringify(options), updated_at: at })
    .where('id', '=', productId)
    .execute();
}

export async function findProductOptions(db: DB, productId: string): Promise<ProductOption[] | null> {
  const row = await db.selectFrom('products').select('options').where('id', '=', productId).executeTakeFirst();
  return row ? parseOptions(row.options) : null;
}

/**
 * The variant that stands for the product where one figure is shown (lists, cards, the spec's
 * /api): the cheapest live variant that can be bought (untracked or in stock), by selling
 * price then position; the first live variant when none can. Null for a product without any.
 */
export function summaryVariantOf<V extends { sellingPrice: number; position: number; inStock: boolean }>(live: readonly V[]): V | null {
  const buyable = live.filter((v) => v.inStock);
  if (buyable.length === 0) return live[0] ?? null;
  return buyable.reduce((best, v) => (v.sellingPrice < best.sellingPrice || (v.sellingPrice === best.sellingPrice && v.position < best.position) ? v : best));
}

/**
 * Writes the product row's summary of its live variants (price, selling_price, stock,
 * track_stock: the summary variant's; price_min, price_max, variant_count, colour_count), in the
 * caller's transaction, only where something changed. On PostgreSQL the product row is locked
 * first, so two transactions moving stock of two variants of one product summarise one after
 * the other, each reading the other's committed change.
 */
export async function refreshSummary(db: DB, productId: string, at: string): Promise<void> {
  const product = await db
    .selectFrom('products')
    .select(SUMMARY_COLUMNS)
    .where('id', '=', productId)
    .$if(dialectOf(db) === 'postgres', (q) => q.forUpdate())
    .executeTakeFirst();
  if (!product) return;
  const next = summaryOf(product, await listVariants(db, productId));
  if (!next) return;
  await db
    .updateTable('products')
    .set({ ...next, updated_at: at })
    .where('id', '=', productId)
    .execute();
}

const SUMMARY_COLUMNS = ['price', 'selling_price', 'stock', 'track_stock', 'price_min', 'price_max', 'variant_count', 'colour_count', 'options'] as const;
type SummaryRow = Record<Exclude<(typeof SUMMARY_COLUMNS)[number], 'options'>, number | string> & { options: string };
type Summary = { price: number; selling_price: number; stock: number; track_stock: number; price_min: number; price_max: number; variant_count: number; colour_count: number };

/** The product row's summary of `live` (its live variants), or null when it has none or nothing would change. */
/** What a summary reads of a live variant. */
export type SummaryVariant = Pick<VariantRecord, 'sellingPrice' | 'price' | 'position' | 'inStock' | 'trackStock' | 'stock' | 'optionValues'>;

function summaryOf(product: SummaryRow, live: readonly SummaryVariant[]): Summary | null {
  const summary = summaryVariantOf(live);
  if (!summary) return null;
  const prices = live.map((v) => v.sellingPrice);
  const colourAt = parseOptions(product.options).findIndex((o) => isColourOption(o.name));
  const colours = colourAt < 0 ? 0 : new Set(live.map((v) => v.optionValues[colourAt]).filter((v) => v !== undefined)).size;
  const next: Summary = {
    price: summary.price,
    selling_price: summary.sellingPrice,
    stock: summary.trackStock ? summary.stock : 0,
    track_stock: summary.trackStock ? 1 : 0,
    price_min: Math.min(...prices),
    price_max: Math.max(...prices),
    variant_count: live.length,
    colour_count: colours,
  };
  const changed = (Object.keys(next) as (keyof Summary)[]).some((key) => Number(product[key]) !== next[key]);
  return changed ? next : null;
}

/** The summary the product row holds now (written back unchanged to touch a product). */
function summaryNow(row: SummaryRow): Summary {
  return {
    price: Number(row.price),
    selling_price: Number(row.selling_price),
    stock: Number(row.stock),
    track_stock: Number(row.track_stock),
    price_min: Number(row.price_min),
    price_max: Number(row.price_max),
    variant_count: Number(row.variant_count),
    colour_count: Number(row.colour_count),
  };
}

/**
 * Rows of one lookup by a list (and of PostgreSQL's locks): few enough bound values for either
 * database. A set-based write takes rowsPerStatement (database.ts) rows a statement. Each
 * UPDATE ... FROM (values) also says `id in (select vid from v)`: without it SQLite's planner
 * walks the whole table (300,000 variants: half a second a statement) and looks each row up in
 * v; with it, it looks up v's rows by primary key. PostgreSQL plans both alike.
 */
const BATCH_ROWS = 400;

/**
 * refreshSummary for many products at once (a catalogue import): their rows and live variants
 * read in a few queries, the summaries that changed written by one UPDATE per chunk. `touch`:
 * products whose row is written (its updated_at set) even when their summary did not change
 * (what the product form's save does), in the same UPDATE (on PostgreSQL each write of a product
 * row is a new row version in each of its indexes); `options` and `specLines`: new options, card
 * lines and search words written in it too; `live`: live variants the caller knows (not read). The
 * caller holds the products' rows (on PostgreSQL, locked FOR UPDATE first).
 */
export async function refreshSummaries(
  db: DB,
  productIds: readonly string[],
  at: string,
  opts: {
    touch?: ReadonlySet<string>;
    options?: ReadonlyMap<string, readonly ProductOption[]>;
    specLines?: ReadonlyMap<string, { specLine: string; specWords: string }>;
    /** Products' live variants as they are now, in position order (not read again). */
    live?: ReadonlyMap<string, readonly SummaryVariant[]>;
  } = {},
): Promise<void> {
  const ids = [...new Set(productIds)];
  const size = rowsPerStatement(db);
  for (let i = 0; i < ids.length; i += size) {
    const chunk = ids.slice(i, i + size);
    const rows = await db
      .selectFrom('products')
      .select(['id', ...SUMMARY_COLUMNS])
      .where('id', 'in', chunk)
      .execute();
    // Live variants the caller knows (it holds them, locked, and wrote them): not read again.
    const known = opts.live;
    const live: Map<string, readonly SummaryVariant[]> = await listLiveVariantsOf(db, known ? chunk.filter((id) => !known.has(id)) : chunk);
    if (known) for (const id of chunk) if (known.has(id)) live.set(id, known.get(id) ?? []);
    const changed: (Summary & { id: string; options: string | null; line: { specLine: string; specWords: string } | null })[] = [];
    for (const row of rows) {
      const given = opts.options?.get(row.id);
      const options = given === undefined ? null : JSON.stringify(given);
      // New options (an import's new option values) and card lines are written in the same UPDATE as the summary (one write of the row).
      const line = opts.specLines?.get(row.id) ?? null;
      const next = summaryOf(options === null ? row : { ...row, options }, live.get(row.id) ?? []);
      if (next) changed.push({ id: row.id, ...next, options, line });
      else if (opts.touch?.has(row.id) || options !== null || line !== null) changed.push({ id: row.id, ...summaryNow(row), options, line });
    }
    if (changed.length === 0) continue;
    const anyOptions = changed.some((c) => c.options !== null || c.line !== null);
    const values = sql.join(
      changed.map(
        (c) =>
          sql`(cast(${c.id} as text), cast(${c.price} as bigint), cast(${c.selling_price} as bigint), cast(${c.stock} as integer), cast(${c.track_stock} as integer), cast(${c.price_min} as bigint), cast(${c.price_max} as bigint), cast(${c.variant_count} as integer), cast(${c.colour_count} as integer)${anyOptions ? sql`, cast(${c.options} as text), cast(${c.line?.specLine ?? null} as text), cast(${c.line?.specWords ?? null} as text)` : sql``})`,
      ),
    );
    await sql`with v(vid, price, selling_price, stock, track_stock, price_min, price_max, variant_count, colour_count${anyOptions ? sql`, options, spec_line, spec_words` : sql``}) as (values ${values})
      update products set price = v.price, selling_price = v.selling_price, stock = v.stock, track_stock = v.track_stock, price_min = v.price_min,
        price_max = v.price_max, variant_count = v.variant_count, colour_count = v.colour_count${anyOptions ? sql`, options = coalesce(v.options, products.options), spec_line = coalesce(v.spec_line, products.spec_line), spec_words = coalesce(v.spec_words, products.spec_words)` : sql``}, updated_at = ${at}
      from v where products.id in (select vid from v) and products.id = v.vid`.execute(db);
  }
}

/** New figures of existing variants (all but stock and options), many at once: one UPDATE per chunk. */
export async function updateVariantRows(
  db: DB,
  rows: readonly { id: string; ean: string | null; price: number; sellingPrice: number; weightGrams: number | null; images: readonly string[]; lowStockLevel: number | null }[],
  at: string,
): Promise<void> {
  const size = rowsPerStatement(db);
  for (let i = 0; i < rows.length; i += size) {
    const values = sql.join(
      rows
        .slice(i, i + size)
        .map(
          (r) =>
            sql`(cast(${r.id} as text), cast(${r.ean} as text), cast(${r.price} as bigint), cast(${r.sellingPrice} as bigint), cast(${r.weightGrams} as integer), cast(${JSON.stringify(r.images)} as text), cast(${r.lowStockLevel} as integer))`,
        ),
    );
    await sql`with v(vid, ean, price, selling_price, weight_grams, images, low_stock_level) as (values ${values})
      update product_variants set ean = v.ean, price = v.price, selling_price = v.selling_price, weight_grams = v.weight_grams, images = v.images, low_stock_level = v.low_stock_level, updated_at = ${at}
      from v where product_variants.id in (select vid from v) and product_variants.id = v.vid`.execute(db);
  }
}

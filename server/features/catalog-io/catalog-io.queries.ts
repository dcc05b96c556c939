import { sql } from 'kysely';
import { dialectOf, rowsPerStatement, type DB } from '../../db/database';
import { parseImages, productFactColumns, toProductFacts } from '../../db/product-row';
import { parseOptionValues } from '../../db/variant-row';
import { parseJsonColumn } from '../../db/json-column';
import type { ProductFacts } from '../../../shared/product-facts';
import type { ProductOption } from '../../../shared/schemas/variants';
import type { SpecValues } from '../../../shared/specs';

/**
 * What the catalogue file reads of products and variants (read only: every write goes through the
 * catalogue's services). Products are read by id in keyset pages, each page with its variants,
 * so an export never holds the whole catalogue.
 */

export type IoVariant = {
  id: string;
  productId: string;
  sku: string;
  ean: string | null;
  optionValues: string[];
  price: number;
  sellingPrice: number;
  stock: number;
  trackStock: boolean;
  weightGrams: number | null;
  images: string[];
  specs: SpecValues;
  position: number;
  archived: boolean;
  /** Its own low-stock level; null: the shop's default. */
  lowStockLevel: number | null;
};

export type IoProduct = {
  id: string;
  name: string;
  brand: string;
  category: string;
  description: string;
  /** The summary figures the product row holds (what an update passes back unchanged). */
  price: number;
  sellingPrice: number;
  images: string[];
  hsn: string | null;
  gstRateBp: number | null;
  facts: ProductFacts;
  options: ProductOption[];
  specs: SpecValues;
  archived: boolean;
  /** Every variant, archived ones too, in position order. */
  variants: IoVariant[];
};

function specsOf(text: string): SpecValues {
  const value = parseJsonColumn<unknown>(text, {});
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const out: SpecValues = {};
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) if (typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean') out[key] = v;
  return out;
}

const productSelect = (db: DB) =>
  db
    .selectFrom('products')
    .select([
      'products.id',
      'products.product_name',
      'products.brand_name',
      'products.category',
      'products.description',
      'products.price',
      'products.selling_price',
      'products.images',
      'products.hsn_code',
      'products.gst_rate_bp',
      'products.options',
      'products.specs',
      'products.archived_at',
      ...productFactColumns,
    ]);

type ProductRowOf = Awaited<ReturnType<ReturnType<typeof productSelect>['execute']>>[number];

const variantSelect = (db: DB) =>
  db
    .selectFrom('product_variants')
    .select([
      'id',
      'product_id',
      'sku',
      'ean',
      'option_values',
      'price',
      'selling_price',
      'stock',
      'track_stock',
      'weight_grams',
      'images',
      'specs',
      'position',
      'archived_at',
      'low_stock_level',
    ]);

type VariantRowOf = Awaited<ReturnType<ReturnType<typeof variantSelect>['execute']>>[number];

function toIoVariant(v: VariantRowOf): IoVariant {
  return {
    id: v.id,
    productId: v.product_id,
    sku: v.sku,
    ean: v.ean,
    optionValues: parseOptionValues(v.option_values),
    price: Number(v.price),
    sellingPrice: Number(v.selling_price),
    stock: Number(v.stock),
    trackStock: Number(v.track_stock) === 1,
    weightGrams: v.weight_grams === null ? null : Number(v.weight_grams),
    images: parseImages(v.images),
    specs: specsOf(v.specs),
    position: Number(v.position),
    archived: v.archived_at !== null,
    lowStockLevel: v.low_stock_level === null ? null : Number(v.low_stock_level),
  };
}

/** Products with their variants (each product's in position order, as withVariants reads them). */
function assemble(rows: readonly ProductRowOf[], variants: readonly VariantRowOf[], sorted: boolean): IoProduct[] {
  const byProduct = new Map<string, IoVariant[]>();
  for (const v of variants) {
    const list = byProduct.get(v.product_id) ?? [];
    list.push(toIoVariant(v));
    byProduct.set(v.product_id, list);
  }
  if (!sorted) for (const list of byProduct.values()) list.sort((a, b) => a.position - b.position || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return rows.map((r) => ({
    id: r.id,
    name: r.product_name,
    brand: r.brand_name,
    category: r.category,
    description: r.description,
    price: Number(r.price),
    sellingPrice: Number(r.selling_price),
    images: parseImages(r.images),
    hsn: r.hsn_code,
    gstRateBp: r.gst_rate_bp === null ? null : Number(r.gst_rate_bp),
    facts: toProductFacts(r),
    options: (() => {
      const value = parseJsonColumn<unknown>(r.options, []);
      return Array.isArray(value) ? (value as ProductOption[]) : [];
    })(),
    specs: specsOf(r.specs),
    archived: r.archived_at !== null,
    variants: byProduct.get(r.id) ?? [],
  }));
}

async function withVariants(db: DB, rows: readonly ProductRowOf[]): Promise<IoProduct[]> {
  if (rows.length === 0) return [];
  const variants = await variantSelect(db)
    .where(
      'product_id',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('product_id')
    .orderBy('position')
    .orderBy('id')
    .execute();
  return assemble(rows, variants, true);
}

/** One keyset page of products by id (archived ones too; of one category when given), each with every variant. */
export async function productPage(db: DB, afterId: string | null, limit: number, category?: string): Promise<IoProduct[]> {
  let query = productSelect(db);
  if (afterId !== null) query = query.where('products.id', '>', afterId);
  if (category !== undefined) query = query.where('products.category', '=', category);
  return withVariants(db, await query.orderBy('products.id').limit(limit).execute());
}

/** Past this many, a file names most of a catalogue: read it all in keyset pages rather than by lists of ids. */
const WHOLE_CATALOGUE_READ = 20_000;

/** Products by id (unknown ids left out), each with every variant. */
export async function productsById(db: DB, ids: readonly string[]): Promise<IoProduct[]> {
  const out: IoProduct[] = [];
  const unique = [...new Set(ids)];
  if (unique.length > WHOLE_CATALOGUE_READ && !db.isTransaction) {
    const wanted = new Set(unique);
    for (let after: string | null = null; ;) {
      const page = await productPage(db, after, 500);
      out.push(...page.filter((p) => wanted.has(p.id)));
      if (!db.isTransaction) await aTurn();
      if (page.length < 500) return out;
      after = page[page.length - 1]!.id;
    }
  }
  // Small pieces: outside a transaction with a turn of the event loop between them, inside one
  // (the apply's re-read) rowsPerStatement's (on SQLite a statement holds the app's thread).
  const size = db.isTransaction ? rowsPerStatement(db) : 100;
  for (let i = 0; i < unique.length; i += size) {
    const chunk = unique.slice(i, i + size);
    out.push(...(await withVariants(db, await productSelect(db).where('products.id', 'in', chunk).execute())));
    if (!db.isTransaction) await aTurn();
  }
  return out;
}

/**
 * Products by id with every variant, read in the caller's transaction under a lock: on
 * PostgreSQL the variants' rows and then the products' rows are read FOR UPDATE, in id order
 * (the order a sale takes them: takeStock, then refreshSummary), so the lock and the read
 * are one pass over the rows, not two. SQLite's one writer needs no row lock: a plain read.
 */
export async function lockAndReadProducts(trx: DB, ids: readonly string[]): Promise<IoProduct[]> {
  if (dialectOf(trx) !== 'postgres') return productsById(trx, ids);
  const sorted = [...new Set(ids)].sort();
  const size = rowsPerStatement(trx) * 2;
  const chunks: { variants: VariantRowOf[]; rows: ProductRowOf[] }[] = [];
  for (let i = 0; i < sorted.length; i += size) {
    const variants = await variantSelect(trx)
      .where('product_id', 'in', sorted.slice(i, i + size))
      .orderBy('id')
      .forUpdate()
      .execute();
    chunks.push({ variants, rows: [] });
  }
  for (let i = 0; i < sorted.length; i += size) {
    chunks[i / size]!.rows = await productSelect(trx)
      .where('products.id', 'in', sorted.slice(i, i + size))
      .orderBy('products.id')
      .forUpdate()
      .execute();
  }
  // A variant added meanwhile is not among those read FOR UPDATE: the save that added it held its
  // product's row, which the second pass waited for, and committed before that pass read it. Its
  // product is read again (its rows are locked now: the variants it had, and the product's).
  const known = new Set(chunks.flatMap((c) => c.variants.map((v) => v.id)));
  const again = new Set<string>();
  for (let i = 0; i < sorted.length; i += size) {
    const ids = await trx
      .selectFrom('product_variants')
      .select(['id', 'product_id'])
      .where('product_id', 'in', sorted.slice(i, i + size))
      .execute();
    for (const v of ids) if (!known.has(v.id)) again.add(v.product_id);
  }
  const reread = new Map(again.size > 0 ? (await productsById(trx, [...again])).map((p) => [p.id, p]) : []);
  // Put together a chunk at a time, a turn of the event loop between (90,000 variants' JSON at once held the thread 0.4 s).
  const out: IoProduct[] = [];
  for (const chunk of chunks) {
    for (const p of assemble(chunk.rows, chunk.variants, false)) out.push(reread.get(p.id) ?? p);
    await aTurn();
  }
  return out;
}

/**
 * The products a file names, by Handle (a product id) or by SKU (any case), each with every
 * variant, and which product owns each SKU found (lower-case SKU -> product id). A file naming
 * most of a big catalogue has it read once, in keyset pages, both answers taken from the same pages.
 */
export async function productsNamed(db: DB, skus: readonly string[], handles: readonly string[]): Promise<{ skuOwners: Map<string, string>; products: IoProduct[] }> {
  const wantedSkus = new Set(skus.map((s) => s.toLowerCase()));
  const wantedIds = new Set(handles);
  if (wantedSkus.size + wantedIds.size <= WHOLE_CATALOGUE_READ || db.isTransaction) {
    const skuOwners = await productIdsBySku(db, skus);
    return { skuOwners, products: await productsById(db, [...handles, ...skuOwners.values()]) };
  }
  const skuOwners = new Map<string, string>();
  const products: IoProduct[] = [];
  for (let after: string | null = null; ;) {
    const page = await productPage(db, after, 500);
    for (const p of page) {
      let named = wantedIds.has(p.id);
      for (const v of p.variants) {
        const sku = v.sku.toLowerCase();
        if (!wantedSkus.has(sku)) continue;
        skuOwners.set(sku, p.id);
        named = true;
      }
      if (named) products.push(p);
    }
    await aTurn();
    if (page.length < 500) return { skuOwners, products };
    after = page[page.length - 1]!.id;
  }
}

/** Which products own variants with these SKUs (any case): lower-case SKU -> product id. */
export async function productIdsBySku(db: DB, skus: readonly string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  const unique = [...new Set(skus.map((s) => s.toLowerCase()))];
  if (unique.length > WHOLE_CATALOGUE_READ) {
    const wanted = new Set(unique);
    for (let after = ''; ;) {
      const rows = await db.selectFrom('product_variants').select(['id', 'sku', 'product_id']).where('id', '>', after).orderBy('id').limit(5000).execute();
      for (const r of rows) if (wanted.has(r.sku.toLowerCase())) found.set(r.sku.toLowerCase(), r.product_id);
      if (!db.isTransaction) await aTurn();
      if (rows.length < 5000) return found;
      after = rows[rows.length - 1]!.id;
    }
  }
  for (let i = 0; i < unique.length; i += 500) {
    const chunk = unique.slice(i, i + 500);
    const rows = await db
      .selectFrom('product_variants')
      .select(['sku', 'product_id'])
      .where(sql<string>`lower(sku)`, 'in', chunk)
      .execute();
    for (const r of rows) found.set(r.sku.toLowerCase(), r.product_id);
    if (!db.isTransaction) await aTurn();
  }
  return found;
}

/**
 * A turn of the event loop between two chunks of a big read outside a transaction: on SQLite
 * every query runs synchronously, so without it a shopper's request would wait for the whole read.
 */
const aTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** How many variants an export of the whole catalogue writes. */
export async function countVariants(db: DB): Promise<number> {
  const row = await db
    .selectFrom('product_variants')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** An uploaded file's bytes (catalogue_uploads), or undefined once it is gone. */
export async function uploadBytes(db: DB, uploadId: string): Promise<Buffer | undefined> {
  const row = await db.selectFrom('catalogue_uploads').select('bytes').where('id', '=', uploadId).executeTakeFirst();
  return row ? Buffer.from(row.bytes) : undefined;
}

import { sql, type ExpressionBuilder, type SelectQueryBuilder } from 'kysely';
import type { DB } from '../../db/database';
import type { Database } from '../../db/schema';
import type { Category } from '../../../shared/categories';
import type { Banner, Product, ProductSort } from '../../../shared/schemas/catalog';
import { factColumns, productColumns, productFactColumns, toProduct, toProductFacts, type ProductRow } from '../../db/product-row';
import { NO_FACTS, type ProductFacts } from '../../../shared/product-facts';
import { PRICE_BANDS, type Refine } from '../../../shared/facets';
import { insertVariants } from './variants.queries';
import { specConditions } from './specs.queries';

/**
 * SQL for the catalogue. Rows with column names never leave the queries modules: everything
 * returned is the camelCase Product shape. Storefront reads always exclude archived products.
 */

/** The sort key of the last row a page showed: `[createdAt, id]` for newest, `[sellingPrice, id]` by price. */
export type ProductKey = readonly [string, string] | readonly [number, string];

/** The key a page's last product continues from, for `sort`. */
export function productKey(product: Product, sort: ProductSort): ProductKey {
  return sort === 'newest' ? [product.createdAt, product._id] : [product.sellingPrice, product._id];
}

export type ProductQuery = SelectQueryBuilder<Database, 'products', ProductRow>;

export function sortAndSeek<O>(query: SelectQueryBuilder<Database, 'products', O>, sort: ProductSort, after: ProductKey | undefined): SelectQueryBuilder<Database, 'products', O> {
  // Row-value comparisons keep the keyset on the (…, created_at/selling_price, id) indexes.
  if (sort === 'newest') {
    if (after) query = query.where((eb) => eb(eb.refTuple('products.created_at', 'products.id'), '<', eb.tuple(String(after[0]), after[1])));
    return query.orderBy('products.created_at', 'desc').orderBy('products.id', 'desc');
  }
  const direction = sort === 'asc' ? 'asc' : 'desc';
  if (after) {
    query = query.where((eb) => eb(eb.refTuple('products.selling_price', 'products.id'), direction === 'asc' ? '>' : '<', eb.tuple(Number(after[0]), after[1])));
  }
  return query.orderBy('products.selling_price', direction).orderBy('products.id', direction);
}

export function onSale(eb: ExpressionBuilder<Database, 'products'>) {
  return eb('products.archived_at', 'is', null);
}

/**
 * One page of products on sale, optionally limited to some categories. An empty category list
 * means "none": it returns nothing rather than everything.
 */
/** Products that can be bought now: untracked, or tracked with stock. */
export function buyable(eb: ExpressionBuilder<Database, 'products'>) {
  return eb.or([eb('products.track_stock', '=', 0), eb('products.stock', '>', 0)]);
}

/**
 * The condition a refine (brands, price band, in stock only, spec filters) puts on products; true
 * when it sets nothing. `scope`: the categories the list is limited to (spec filters then read
 * the (category, key, …) indexes).
 */
export function refineCondition(eb: ExpressionBuilder<Database, 'products'>, refine: Refine | undefined, scope?: readonly Category[]) {
  const parts = [];
  if (refine?.brands && refine.brands.length > 0) parts.push(eb('products.brand_name', 'in', [...refine.brands]));
  const band = refine?.price ? PRICE_BANDS.find((b) => b.id === refine.price) : undefined;
  if (band) {
    parts.push(eb('products.selling_price', '>=', band.min * 100));
    if (band.max !== null) parts.push(eb('products.selling_price', '<', band.max * 100));
  }
  if (refine?.inStock) parts.push(buyable(eb));
  parts.push(...specConditions(eb, refine?.specs, scope));
  return eb.and(parts);
}

/** The refine of a procedure's input (undefined fields dropped). */
export function refineOf(input: Refine): Refine {
  return { brands: input.brands, price: input.price, inStock: input.inStock, specs: input.specs };
}

export async function listProducts(
  db: DB,
  opts: { categories?: readonly Category[]; sort: ProductSort; limit: number; after?: ProductKey; refine?: Refine | undefined },
): Promise<Product[]> {
  if (opts.categories && opts.categories.length === 0) return [];
  let query: ProductQuery = db
    .selectFrom('products')
    .select(productColumns)
    .where(onSale)
    .where((eb) => refineCondition(eb, opts.refine, opts.categories));
  if (opts.categories) {
    const unique = [...new Set(opts.categories)];
    query = unique.length === 1 ? query.where('products.category', '=', unique[0] as Category) : query.where('products.category', 'in', unique);
  }
  const rows = await sortAndSeek(query, opts.sort, opts.after).limit(opts.limit).execute();
  return rows.map(toProduct);
}

/**
 * A first page of products on sale (as listProducts, no cursor) and how many there are in all,
 * read in one pass: for spec filters. Their `id in (…)` lists are built afresh by every query
 * that uses them (16k ids for "storage ≥ 256 GB" in 100k products, about 4 ms each), and the
 * matches are sorted whole anyway, so counting them in the same query (a window count over the
 * products_on_sale_category_price index, no product row read) halves the page's cost. The page's
 * rows are then read by id.
 */
export async function listProductsCounted(
  db: DB,
  opts: { categories?: readonly Category[]; sort: ProductSort; limit: number; refine?: Refine | undefined },
): Promise<{ products: Product[]; total: number }> {
  if (opts.categories && opts.categories.length === 0) return { products: [], total: 0 };
  let query = db
    .selectFrom('products')
    .select(['products.id', sql<number>`count(*) over ()`.as('total')])
    .where(onSale)
    .where((eb) => refineCondition(eb, opts.refine, opts.categories));
  if (opts.categories) {
    const unique = [...new Set(opts.categories)];
    query = unique.length === 1 ? query.where('products.category', '=', unique[0] as Category) : query.where('products.category', 'in', unique);
  }
  const ranked = await sortAndSeek(query, opts.sort, undefined).limit(opts.limit).execute();
  if (ranked.length === 0) return { products: [], total: 0 };
  const rows = await db
    .selectFrom('products')
    .select(productColumns)
    .where(
      'products.id',
      'in',
      ranked.map((r) => r.id),
    )
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  const products = ranked.flatMap((r) => {
    const row = byId.get(r.id);
    return row ? [toProduct(row)] : [];
  });
  return { products, total: Number(ranked[0]?.total ?? 0) };
}

/** How many products on sale are in any of `categories` (all of them when absent), refined. */
export async function countProductsIn(db: DB, categories?: readonly Category[], refine?: Refine): Promise<number> {
  if (categories && categories.length === 0) return 0;
  let query = db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(onSale)
    .where((eb) => refineCondition(eb, refine, categories));
  if (categories) query = query.where('products.category', 'in', [...new Set(categories)]);
  const row = await query.executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** A product on sale by id, with its facts (its page shows them); null when unknown or archived. */
export async function findProductOnSale(db: DB, id: string): Promise<(Product & { facts: ProductFacts }) | null> {
  const row = await db
    .selectFrom('products')
    .select([...productColumns, ...productFactColumns])
    .where('products.id', '=', id)
    .where(onSale)
    .executeTakeFirst();
  return row ? { ...toProduct(row), facts: toProductFacts(row) } : null;
}

/** A product by id whether archived or not (admin edits), with its facts and archive time. */
export async function findProductAnyState(db: DB, id: string): Promise<(Product & { facts: ProductFacts; archivedAt: string | null }) | null> {
  const row = await db
    .selectFrom('products')
    .select([...productColumns, ...productFactColumns, 'products.archived_at'])
    .where('products.id', '=', id)
    .executeTakeFirst();
  return row ? { ...toProduct(row), facts: toProductFacts(row), archivedAt: row.archived_at } : null;
}

/**
 * One product per category for the home page's bubbles, in the given order: the newest one a
 * shopper can buy (untracked, or in stock), else the newest on sale, so a sold-out category
 * still leads to its page. Categories with nothing on sale are skipped.
 */
export async function bubblePerCategory(db: DB, categories: readonly Category[]): Promise<Product[]> {
  // Indexed probes per category (category, created_at, id): cheap at any catalogue size.
  const newest = (category: Category, buyableOnly: boolean) => {
    let query = db.selectFrom('products').select(productColumns).where('products.category', '=', category).where(onSale);
    if (buyableOnly) query = query.where(buyable);
    return query.orderBy('products.created_at', 'desc').orderBy('products.id', 'desc').limit(1).executeTakeFirst();
  };
  const rows = await Promise.all(categories.map(async (category) => (await newest(category, true)) ?? (await newest(category, false))));
  return rows.filter((row): row is ProductRow => row !== undefined).map(toProduct);
}

export type NewProductRow = {
  id: string;
  productName: string;
  brandName: string;
  category: Category;
  description: string;
  price: number;
  sellingPrice: number;
  stock: number;
  trackStock: boolean;
  images: readonly string[];
  createdAt: string;
  updatedAt: string;
  /** Written by the demo seed ("Remove demo data" takes these). */
  demo?: boolean;
  /** The facts its page shows; absent: none (each column null). */
  facts?: ProductFacts;
  /** Spec values already checked and indexed by the caller (the synthetic seed): the JSON, card line and search words. */
  specs?: { json: string; line: string; words: string };
};

function toRow(p: NewProductRow) {
  return {
    id: p.id,
    product_name: p.productName,
    brand_name: p.brandName,
    category: p.category,
    description: p.description,
    price: p.price,
    selling_price: p.sellingPrice,
    stock: p.trackStock ? p.stock : 0,
    track_stock: p.trackStock ? 1 : 0,
    images: JSON.stringify(p.images),
    archived_at: null,
    created_at: p.createdAt,
    updated_at: p.updatedAt,
    demo: p.demo ? 1 : 0,
    price_min: p.sellingPrice,
    price_max: p.sellingPrice,
    ...factColumns(p.facts ?? NO_FACTS),
    ...(p.specs ? { specs: p.specs.json, spec_line: p.specs.line, spec_words: p.specs.words } : {}),
  };
}

/**
 * Inserts products (the FTS triggers index them in the same transaction), each with its one
 * default variant holding its prices, stock and tracking: the variant's id is the product's,
 * its SKU 'VM-' + the id's first 10 characters in capitals (the whole id where that is taken).
 */
export async function insertProducts(db: DB, products: readonly NewProductRow[]): Promise<void> {
  if (products.length === 0) return;
  // SQLite caps bound parameters per statement (32766); 22 columns x 500 rows stays well below.
  for (let i = 0; i < products.length; i += 500) {
    const chunk = products.slice(i, i + 500);
    await db.insertInto('products').values(chunk.map(toRow)).execute();
    const short = chunk.map((p) => `VM-${p.id.slice(0, 10).toUpperCase()}`);
    const taken = new Set(
      (
        await db
          .selectFrom('product_variants')
          .select(sql<string>`lower(sku)`.as('sku'))
          .where(
            sql<string>`lower(sku)`,
            'in',
            short.map((sku) => sku.toLowerCase()),
          )
          .execute()
      ).map((r) => r.sku),
    );
    const counts = new Map<string, number>();
    for (const sku of short) counts.set(sku, (counts.get(sku) ?? 0) + 1);
    await insertVariants(
      db,
      chunk.map((p, j) => {
        const sku = short[j] ?? '';
        const unique = !taken.has(sku.toLowerCase()) && counts.get(sku) === 1;
        return {
          id: p.id,
          productId: p.id,
          sku: unique ? sku : `VM-${p.id.toUpperCase()}`,
          ean: null,
          optionValues: [],
          price: p.price,
          sellingPrice: p.sellingPrice,
          stock: p.stock,
          trackStock: p.trackStock,
          weightGrams: null,
          images: [],
          position: 0,
          createdAt: p.createdAt,
        };
      }),
    );
  }
}

export type ProductChanges = Omit<NewProductRow, 'id' | 'createdAt' | 'stock' | 'trackStock'>;

/** Rewrites a product's fields except its stock (see stock.queries.ts), and its facts when given; false when there is no such product. */
export async function updateProductRow(db: DB, id: string, changes: ProductChanges): Promise<boolean> {
  const result = await db
    .updateTable('products')
    .set({
      product_name: changes.productName,
      brand_name: changes.brandName,
      category: changes.category,
      description: changes.description,
      price: changes.price,
      selling_price: changes.sellingPrice,
      images: JSON.stringify(changes.images),
      updated_at: changes.updatedAt,
      ...(changes.facts ? factColumns(changes.facts) : {}),
    })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Marks a product archived (idempotent: the first archive time is kept); the archive time, or null for an unknown id. */
export async function archiveProductRow(db: DB, id: string, nowIso: string): Promise<string | null> {
  await db.updateTable('products').set({ archived_at: nowIso, updated_at: nowIso }).where('id', '=', id).where('archived_at', 'is', null).execute();
  const row = await db.selectFrom('products').select('archived_at').where('id', '=', id).executeTakeFirst();
  return row?.archived_at ?? null;
}

/** Puts an archived product back on sale; false when there is no such product. */
export async function restoreProductRow(db: DB, id: string, nowIso: string): Promise<boolean> {
  await db.updateTable('products').set({ archived_at: null, updated_at: nowIso }).where('id', '=', id).where('archived_at', 'is not', null).execute();
  const row = await db.selectFrom('products').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

/** An archived product's name and category (what its "no longer available" page shows); null for any other id. */
export async function findArchivedProduct(db: DB, id: string): Promise<{ productName: string; category: string } | null> {
  const row = await db.selectFrom('products').select(['product_name', 'category']).where('id', '=', id).where('archived_at', 'is not', null).executeTakeFirst();
  return row ? { productName: row.product_name, category: row.category } : null;
}

/** Changes whenever a product is added, edited, archived or restored: how many there are and the latest change. */
export async function catalogSignature(db: DB): Promise<string> {
  const row = await db
    .selectFrom('products')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('updated_at').as('latest')])
    .executeTakeFirst();
  return `${Number(row?.n ?? 0)}@${String(row?.latest ?? '')}`;
}

/** The names and brands of the products on sale: the words search corrects a typo towards. */
export async function listNamesOnSale(db: DB): Promise<string[]> {
  const rows = await db.selectFrom('products').select(['product_name', 'brand_name']).where(onSale).execute();
  return rows.map((r) => `${r.product_name} ${r.brand_name}`);
}

export async function countProducts(db: DB): Promise<number> {
  const row = await db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

function toBanner(row: { id: string; kind: 'desktop' | 'mobile'; position: number; image_url: string; alt: string; link: string }): Banner {
  return { _id: row.id, kind: row.kind, position: row.position, imageUrl: row.image_url, alt: row.alt, link: row.link };
}

export async function listBanners(db: DB): Promise<Banner[]> {
  const rows = await db
    .selectFrom('banners')
    .select(['id', 'kind', 'position', 'image_url', 'alt', 'link'])
    .where('hidden', '=', 0)
    .orderBy('kind')
    .orderBy('position')
    .orderBy('id')
    .execute();
  return rows.map(toBanner);
}

export async function insertBanners(db: DB, banners: readonly (Omit<Banner, '_id'> & { id: string; createdAt: string; demo?: boolean })[]): Promise<void> {
  if (banners.length === 0) return;
  await db
    .insertInto('banners')
    .values(banners.map((b) => ({ id: b.id, kind: b.kind, position: b.position, image_url: b.imageUrl, alt: b.alt, link: b.link, created_at: b.createdAt, demo: b.demo ? 1 : 0 })))
    .execute();
}

export async function countBanners(db: DB): Promise<number> {
  const row = await db
    .selectFrom('banners')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Products on sale (what a sitemap lists). */
export async function countProductsOnSale(db: DB): Promise<number> {
  const row = await db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where(onSale)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** One page of the products on sale for a sitemap, in id order: their ids and last changes. */
export async function productSitemapPage(db: DB, opts: { limit: number; offset: number }): Promise<{ id: string; updatedAt: string }[]> {
  const rows = await db.selectFrom('products').select(['id', 'updated_at']).where(onSale).orderBy('id').limit(opts.limit).offset(opts.offset).execute();
  return rows.map((row) => ({ id: row.id, updatedAt: row.updated_at }));
}

/**
 * A filter panel's counts over the products on sale that `base` admits (a search match, some
 * categories, or none: all): the most common brands, each price band, and how many can be bought.
 */
export async function facetCounts(db: DB, base: (eb: ExpressionBuilder<Database, 'products'>) => ReturnType<ExpressionBuilder<Database, 'products'>['and']>, maxBrands: number) {
  const brands = await db
    .selectFrom('products')
    .select(['products.brand_name', (eb) => eb.fn.countAll<number>().as('n')])
    .where(onSale)
    .where(base)
    .groupBy('products.brand_name')
    .orderBy('n', 'desc')
    .orderBy('products.brand_name')
    .limit(maxBrands)
    .execute();
  const totals = await db
    .selectFrom('products')
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn.sum<number>(eb.case().when(buyable(eb)).then(1).else(0).end()).as('in_stock'),
      ...PRICE_BANDS.map((band) => {
        const inBand =
          band.max === null
            ? eb('products.selling_price', '>=', band.min * 100)
            : eb.and([eb('products.selling_price', '>=', band.min * 100), eb('products.selling_price', '<', band.max * 100)]);
        return eb.fn.sum<number>(eb.case().when(inBand).then(1).else(0).end()).as(`band_${band.id.replace(/-/g, '_')}`);
      }),
    ])
    .where(onSale)
    .where(base)
    .executeTakeFirst();
  const row = (totals ?? {}) as Record<string, unknown>;
  return {
    total: Number(row.total ?? 0),
    inStock: Number(row.in_stock ?? 0),
    brands: brands.map((b) => ({ name: b.brand_name, count: Number(b.n) })),
    priceBands: PRICE_BANDS.map((band) => ({ id: band.id, label: band.label, count: Number(row[`band_${band.id.replace(/-/g, '_')}`] ?? 0) })),
  };
}

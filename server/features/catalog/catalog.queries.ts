import type { ExpressionBuilder, SelectQueryBuilder } from 'kysely';
import type { DB } from '../../db/database';
import type { Database } from '../../db/schema';
import type { Category } from '../../../shared/categories';
import type { Banner, Product, ProductSort } from '../../../shared/schemas/catalog';

/**
 * SQL for the catalogue. Rows with column names never leave the queries modules: everything
 * returned is the camelCase Product shape. Storefront reads always exclude archived products.
 */

/**
 * The product columns `toProduct` reads, table-qualified so other queries modules (the cart's
 * join, for one) select and map a product exactly as the catalogue does.
 */
export const productColumns = [
  'products.id',
  'products.product_name',
  'products.brand_name',
  'products.category',
  'products.description',
  'products.price',
  'products.selling_price',
  'products.stock',
  'products.track_stock',
  'products.images',
  'products.created_at',
  'products.updated_at',
] as const;

export type ProductRow = {
  id: string;
  product_name: string;
  brand_name: string;
  category: string;
  description: string;
  price: number;
  selling_price: number;
  stock: number;
  track_stock: number;
  images: string;
  created_at: string;
  updated_at: string;
};

/** A JSON array of image URLs as stored in a text column; anything unreadable reads as no images. */
export function parseImages(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

export function toProduct(row: ProductRow): Product {
  return {
    _id: row.id,
    productName: row.product_name,
    brandName: row.brand_name,
    // Only the twelve categories are ever written (the schema checks), so the cast is sound.
    category: row.category as Category,
    productImage: parseImages(row.images),
    description: row.description,
    price: row.price,
    sellingPrice: row.selling_price,
    stock: row.stock,
    trackStock: row.track_stock === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The sort key of the last row a page showed: `[createdAt, id]` for newest, `[sellingPrice, id]` by price. */
export type ProductKey = readonly [string, string] | readonly [number, string];

/** The key a page's last product continues from, for `sort`. */
export function productKey(product: Product, sort: ProductSort): ProductKey {
  return sort === 'newest' ? [product.createdAt, product._id] : [product.sellingPrice, product._id];
}

export type ProductQuery = SelectQueryBuilder<Database, 'products', ProductRow>;

export function sortAndSeek(query: ProductQuery, sort: ProductSort, after: ProductKey | undefined): ProductQuery {
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
export async function listProducts(db: DB, opts: { categories?: readonly Category[]; sort: ProductSort; limit: number; after?: ProductKey }): Promise<Product[]> {
  if (opts.categories && opts.categories.length === 0) return [];
  let query: ProductQuery = db.selectFrom('products').select(productColumns).where(onSale);
  if (opts.categories) {
    const unique = [...new Set(opts.categories)];
    query = unique.length === 1 ? query.where('products.category', '=', unique[0] as Category) : query.where('products.category', 'in', unique);
  }
  const rows = await sortAndSeek(query, opts.sort, opts.after).limit(opts.limit).execute();
  return rows.map(toProduct);
}

/** A product on sale by id; null when unknown or archived. */
export async function findProductOnSale(db: DB, id: string): Promise<Product | null> {
  const row = await db.selectFrom('products').select(productColumns).where('products.id', '=', id).where(onSale).executeTakeFirst();
  return row ? toProduct(row) : null;
}

/** A product by id whether archived or not (admin edits), with its archive time. */
export async function findProductAnyState(db: DB, id: string): Promise<(Product & { archivedAt: string | null }) | null> {
  const row = await db
    .selectFrom('products')
    .select([...productColumns, 'products.archived_at'])
    .where('products.id', '=', id)
    .executeTakeFirst();
  return row ? { ...toProduct(row), archivedAt: row.archived_at } : null;
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
    if (buyableOnly) query = query.where((eb) => eb.or([eb('products.track_stock', '=', 0), eb('products.stock', '>', 0)]));
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
  };
}

/** Inserts products (the FTS triggers index them in the same transaction). */
export async function insertProducts(db: DB, products: readonly NewProductRow[]): Promise<void> {
  if (products.length === 0) return;
  // SQLite caps bound parameters per statement (32766); 13 columns x 500 rows stays well below.
  for (let i = 0; i < products.length; i += 500) {
    await db
      .insertInto('products')
      .values(products.slice(i, i + 500).map(toRow))
      .execute();
  }
}

export type ProductChanges = Omit<NewProductRow, 'id' | 'createdAt' | 'stock' | 'trackStock'>;

/** Rewrites a product's fields except its stock (see stock.queries.ts); false when there is no such product. */
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
  const rows = await db.selectFrom('banners').select(['id', 'kind', 'position', 'image_url', 'alt', 'link']).orderBy('kind').orderBy('position').orderBy('id').execute();
  return rows.map(toBanner);
}

export async function insertBanners(db: DB, banners: readonly (Omit<Banner, '_id'> & { id: string; createdAt: string })[]): Promise<void> {
  if (banners.length === 0) return;
  await db
    .insertInto('banners')
    .values(banners.map((b) => ({ id: b.id, kind: b.kind, position: b.position, image_url: b.imageUrl, alt: b.alt, link: b.link, created_at: b.createdAt })))
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

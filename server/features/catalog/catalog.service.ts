import type { DB } from '../../db/database';
import { newId, nowIso } from '../../db/database';
import { AppError } from '../../errors';
import { decodeCursor, encodeCursor } from '../../lib/cursor';
import type { Deps } from '../../trpc/context';
import type { Category } from '../../../shared/categories';
import type { ArchiveProductResult, Product, ProductInputSchema, ProductPage, ProductSort, SearchSort, UpdateProductInputSchema } from '../../../shared/schemas/catalog';
import type { z } from 'zod';
import * as q from './catalog.queries';

/**
 * The most products /api/get-product returns. The old API has no paging and its clients expect
 * "all products"; past this many the reply would be megabytes, so it holds the newest 1,000
 * (the other /api list paths hold up to 100). Our own client pages through tRPC instead.
 */
export const LEGACY_LIST_CAP = 1000;

/** Search looks at this many words of the query at most; more only slows FTS5 down. */
const MAX_SEARCH_TERMS = 12;
const MAX_TERM_LENGTH = 64;

/**
 * Turns any user text into a safe FTS5 MATCH expression, or null when it holds no word.
 *
 * The text is split into runs of letters, digits and marks (what FTS5's unicode61 tokenizer
 * indexes); each run becomes a double-quoted string, so `OR`, `NEAR`, `*`, `-`, `:`, quotes and
 * brackets are never syntax. Words of 2+ characters get a prefix `*` so "airp" finds AirPods
 * (the 2/3/4-character prefix indexes make that cheap); single characters match whole words
 * only, because "a*" would match most of the catalogue. Terms are ANDed.
 */
export function buildMatchQuery(text: string): string | null {
  const words =
    text
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}\p{M}]+/gu) ?? [];
  const terms = words
    .slice(0, MAX_SEARCH_TERMS)
    .map((word) => word.slice(0, MAX_TERM_LENGTH))
    .map((word) => `"${word}"${[...word].length >= 2 ? '*' : ''}`);
  return terms.length > 0 ? terms.join(' ') : null;
}

type PageInput = { limit: number; cursor?: string | null | undefined; sort: ProductSort };

function decodeProductKey(cursor: string | null | undefined, sort: ProductSort): q.ProductKey | undefined {
  if (!cursor) return undefined;
  const [first, id] = decodeCursor(cursor, 2);
  if (typeof id !== 'string') throw invalidCursor();
  if (sort === 'newest' && typeof first === 'string') return [first, id];
  if (sort !== 'newest' && typeof first === 'number') return [first, id];
  throw invalidCursor();
}

function invalidCursor(): AppError {
  return new AppError('BAD_INPUT', 'cursor is not valid', { fieldErrors: { cursor: 'not valid' } });
}

/** Fetches one more row than asked to learn whether a next page exists, without a count. */
async function page(fetch: (limit: number) => Promise<Product[]>, input: PageInput): Promise<ProductPage> {
  const rows = await fetch(input.limit + 1);
  const items = rows.slice(0, input.limit);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > input.limit && last ? encodeCursor(q.productKey(last, input.sort)) : null };
}

/** All products on sale, one keyset page at a time. */
export function listProducts(db: DB, input: PageInput): Promise<ProductPage> {
  const after = decodeProductKey(input.cursor, input.sort);
  return page((limit) => q.listProducts(db, { sort: input.sort, limit, after }), input);
}

/** Products on sale in any of `categories` (none when the list is empty). */
export function listProductsIn(db: DB, categories: readonly Category[], input: PageInput): Promise<ProductPage> {
  const after = decodeProductKey(input.cursor, input.sort);
  return page((limit) => q.listProducts(db, { categories, sort: input.sort, limit, after }), input);
}

/**
 * Full-text search, best match first by default. An empty query (or one without any letter or
 * digit) lists the newest products instead, in the requested order.
 *
 * @throws AppError BAD_INPUT for a cursor from another query's page of a different sort.
 */
export async function searchProducts(db: DB, input: { q: string; limit: number; cursor?: string | null | undefined; sort: SearchSort }): Promise<ProductPage> {
  const match = buildMatchQuery(input.q);
  const sort: ProductSort = input.sort === 'relevance' ? 'newest' : input.sort;
  if (match === null) return listProducts(db, { limit: input.limit, cursor: input.cursor, sort });
  if (input.sort !== 'relevance') {
    const after = decodeProductKey(input.cursor, sort);
    return page((limit) => q.searchSorted(db, { match, sort, limit, after }), { limit: input.limit, sort });
  }
  let after: q.SearchKey | undefined;
  if (input.cursor) {
    const [score, rowid] = decodeCursor(input.cursor, 2);
    if (typeof score !== 'number' || typeof rowid !== 'number') throw invalidCursor();
    after = [score, rowid];
  }
  const rows = await q.searchByRelevance(db, { match, limit: input.limit + 1, after });
  const items = rows.slice(0, input.limit);
  const last = items.at(-1);
  return { items: items.map((r) => r.product), nextCursor: rows.length > input.limit && last ? encodeCursor(last.key) : null };
}

/** The newest products on sale, up to LEGACY_LIST_CAP (the old API's get-product). */
export function listAllProducts(db: DB): Promise<Product[]> {
  return q.listProducts(db, { sort: 'newest', limit: LEGACY_LIST_CAP });
}

/** @throws AppError PRODUCT_NOT_FOUND for an unknown, malformed or archived id. */
export async function productDetails(db: DB, productId: string): Promise<Product> {
  const product = productId ? await q.findProductOnSale(db, productId) : null;
  if (!product) throw new AppError('PRODUCT_NOT_FOUND', 'Product not found');
  return product;
}

type CreateInput = z.output<typeof ProductInputSchema>;
type UpdateInput = z.output<typeof UpdateProductInputSchema>;

export async function createProduct(deps: Pick<Deps, 'db' | 'clock'>, input: CreateInput): Promise<Product> {
  const now = nowIso(deps.clock);
  const id = newId();
  await q.insertProducts(deps.db, [
    {
      id,
      productName: input.productName,
      brandName: input.brandName,
      category: input.category,
      description: input.description,
      price: input.price,
      sellingPrice: input.sellingPrice,
      stock: input.stock,
      images: input.productImage,
      createdAt: now,
      updatedAt: now,
    },
  ]);
  const created = await q.findProductAnyState(deps.db, id);
  if (!created) throw new Error(`Product ${id} vanished after insert`);
  return withoutArchive(created);
}

/**
 * Rewrites a product (archived ones too, so an admin can fix one before restoring it).
 * @throws AppError PRODUCT_NOT_FOUND for an unknown id.
 */
export async function updateProduct(deps: Pick<Deps, 'db' | 'clock'>, input: UpdateInput): Promise<Product> {
  const updated = await q.updateProductRow(deps.db, input._id, {
    productName: input.productName,
    brandName: input.brandName,
    category: input.category,
    description: input.description,
    price: input.price,
    sellingPrice: input.sellingPrice,
    stock: input.stock,
    images: input.productImage,
    updatedAt: nowIso(deps.clock),
  });
  const product = updated ? await q.findProductAnyState(deps.db, input._id) : null;
  if (!product) throw new AppError('PRODUCT_NOT_FOUND', 'Product not found');
  return withoutArchive(product);
}

/**
 * Takes a product off sale; old orders and their lines keep their snapshot. Idempotent.
 * @throws AppError PRODUCT_NOT_FOUND for an unknown id.
 */
export async function archiveProduct(deps: Pick<Deps, 'db' | 'clock'>, productId: string): Promise<ArchiveProductResult> {
  const archivedAt = productId ? await q.archiveProductRow(deps.db, productId, nowIso(deps.clock)) : null;
  if (archivedAt === null) throw new AppError('PRODUCT_NOT_FOUND', 'Product not found');
  return { _id: productId, archivedAt };
}

function withoutArchive(product: Product & { archivedAt: string | null }): Product {
  const { archivedAt: _archivedAt, ...rest } = product;
  return rest;
}

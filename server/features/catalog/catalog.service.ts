import type { DB } from '../../db/database';
import { transaction } from '../../db/transaction';
import { newId, nowIso } from '../../db/database';
import { AppError } from '../../errors';
import { decodeCursor, encodeCursor, toPage } from '../../lib/cursor';
import type { Deps } from '../../deps';
import type { Category } from '../../../shared/categories';
import type {
  ArchiveProductResult,
  Product,
  ProductInputSchema,
  ProductPage,
  ProductSort,
  SearchPage,
  SearchSort,
  StockMovement,
  UpdateProductInputSchema,
} from '../../../shared/schemas/catalog';
import type { z } from 'zod';
import * as q from './catalog.queries';
import * as stock from './stock.queries';
import { productSearch, searchTerms, type RankedProduct, type SearchKey } from './search/search';
import { buildVocabulary, correctTerms, type Vocabulary } from './search/spelling';
import { MAX_BRANDS, type Facets, type Refine } from '../../../shared/facets';
import { changedFields, writeAudit } from '../../audit/audit';
import * as variants from './variants.service';
import type { ProductOption, ProductVariant, ProductVariantsFieldsSchema, VariantInputSchema } from '../../../shared/schemas/variants';
import { requireCategoryForProduct } from './categories.service';
import { factColumns, toProductFacts } from '../../db/product-row';
import type { ProductFacts } from '../../../shared/product-facts';
import type { ProductSpecsFieldsSchema } from '../../../shared/schemas/specs';
import type { SpecSheetRow } from '../../../shared/specs';
import * as specs from './specs.service';
import { findCategory } from './categories.queries';

/**
 * The most products /api/get-product returns. The old API has no paging and its clients expect
 * "all products"; past this many the reply would be megabytes, so it holds the newest 1,000
 * (the other /api list paths hold up to 100). Our own client pages through tRPC instead.
 */
export const LEGACY_LIST_CAP = 1000;

type PageInput = { limit: number; cursor?: string | null | undefined; sort: ProductSort } & Refine;

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
  return toPage(await fetch(input.limit + 1), input.limit, (product) => q.productKey(product, input.sort));
}

/** All products on sale, one keyset page at a time. */
export function listProducts(db: DB, input: PageInput): Promise<ProductPage> {
  const after = decodeProductKey(input.cursor, input.sort);
  return page((limit) => q.listProducts(db, { sort: input.sort, limit, after, refine: q.refineOf(input) }), input);
}

/**
 * A category page's page: with `total`, how many products it lists in all, on its first page
 * (later pages carry null; the count is read once per listing, not per page).
 */
export async function countedPage(db: DB, categories: readonly Category[] | undefined, input: PageInput): Promise<ProductPage & { total: number | null }> {
  const refine = q.refineOf(input);
  if (!input.cursor && refine.specs && Object.values(refine.specs).some((choices) => choices.length > 0)) {
    const counted = await q.listProductsCounted(db, { categories, sort: input.sort, limit: input.limit + 1, refine });
    return { ...toPage(counted.products, input.limit, (product) => q.productKey(product, input.sort)), total: counted.total };
  }
  const found = categories ? await listProductsIn(db, categories, input) : await listProducts(db, input);
  return { ...found, total: input.cursor ? null : await q.countProductsIn(db, categories, q.refineOf(input)) };
}

/** Products on sale in any of `categories` (none when the list is empty). */
export function listProductsIn(db: DB, categories: readonly Category[], input: PageInput): Promise<ProductPage> {
  const after = decodeProductKey(input.cursor, input.sort);
  return page((limit) => q.listProducts(db, { categories, sort: input.sort, limit, after, refine: q.refineOf(input) }), input);
}

/** Below this many exact matches, search also looks for what a misspelt query meant. */
export const FEW_SEARCH_RESULTS = 3;
/**
 * The typo vocabulary (words of names and brands on sale), kept per database until the catalogue
 * changes: its signature (products on sale, latest change) is read each time a correction is
 * needed, which is only when a search finds little.
 */
const vocabularies = new WeakMap<DB, { signature: string; vocabulary: Promise<Vocabulary> }>();

async function vocabularyOf(db: DB): Promise<Vocabulary> {
  const signature = await q.catalogSignature(db);
  const cached = vocabularies.get(db);
  if (cached && cached.signature === signature) return cached.vocabulary;
  const vocabulary = q.listNamesOnSale(db).then(buildVocabulary);
  vocabularies.set(db, { signature, vocabulary });
  vocabulary.catch(() => vocabularies.delete(db));
  return vocabulary;
}

/**
 * Full-text search, best match first by default. An empty query (or one without any letter or
 * digit) lists the newest products instead, in the requested order. `total` counts every match.
 *
 * When the query finds fewer than FEW_SEARCH_RESULTS products, misspelt words are corrected
 * (search/spelling.ts) and `correctedQuery` says what was searched: with no exact match the
 * corrected query's results are the answer; with one or two, they follow the exact ones (best
 * first order only), each product once.
 *
 * @throws AppError BAD_INPUT for a cursor from another query's page of a different sort.
 */
export async function searchProducts(db: DB, input: { q: string; limit: number; cursor?: string | null | undefined; sort: SearchSort } & Refine): Promise<SearchPage> {
  const terms = searchTerms(input.q);
  const refine = q.refineOf(input);
  const sort: ProductSort = input.sort === 'relevance' ? 'newest' : input.sort;
  if (terms === null)
    return {
      ...(await listProducts(db, { limit: input.limit, cursor: input.cursor, sort, ...refine })),
      total: await q.countProductsIn(db, undefined, refine),
      correctedQuery: null,
    };
  const search = productSearch(db);
  const exactTotal = await search.count(db, terms, { refine });
  const corrected = exactTotal < FEW_SEARCH_RESULTS ? correctTerms(terms, await vocabularyOf(db)) : null;
  const correctedQuery = corrected ? corrected.map((t) => t.word).join(' ') : null;

  if (input.sort !== 'relevance') {
    // A price or date order has no "below": a corrected query stands in only for no match at all.
    const used = corrected && exactTotal === 0 ? corrected : terms;
    const after = decodeProductKey(input.cursor, sort);
    const found = await page((limit) => search.sorted(db, { terms: used, sort, limit, after, refine }), { limit: input.limit, sort });
    return { ...found, total: used === terms ? exactTotal : await search.count(db, used, { refine }), correctedQuery: used === terms ? null : correctedQuery };
  }

  let after: SearchKey | undefined;
  if (input.cursor) {
    const [score, tiebreak] = decodeCursor(input.cursor, 2);
    if (typeof score !== 'number' || typeof tiebreak !== search.tiebreak) throw invalidCursor();
    after = [score, tiebreak as number | string];
  }
  if (!corrected) {
    const rows = await search.byRelevance(db, { terms, limit: input.limit + 1, after, refine });
    return relevancePage(rows, input.limit, [], exactTotal, null);
  }
  // The few exact matches first (all on the first page), then the corrected query's, without repeats.
  const exact = exactTotal > 0 ? (await search.byRelevance(db, { terms, limit: FEW_SEARCH_RESULTS, refine })).map((r) => r.product) : [];
  const exactIds = exact.map((p) => p._id);
  const lead = after ? [] : exact.slice(0, input.limit);
  const fuzzy = (await search.byRelevance(db, { terms: corrected, limit: input.limit + 1 + exactIds.length, after, refine })).filter((r) => !exactIds.includes(r.product._id));
  const total = exactTotal + (await search.count(db, corrected, { refine })) - (await search.count(db, corrected, { onlyIds: exactIds, refine }));
  return relevancePage(fuzzy, input.limit - lead.length, lead, total, correctedQuery);
}

/**
 * The filter panel's counts for a list: a search's matches (its corrected query's, when the
 * typed one finds nothing), some categories, or every product on sale. Counted over the list
 * before any brand, price or stock choice, so every choice stays in view with its count.
 */
export async function listFacets(db: DB, input: { q?: string | undefined; categories?: readonly Category[] | undefined } & Refine): Promise<Facets> {
  const terms = input.q !== undefined ? searchTerms(input.q) : null;
  const refine = q.refineOf(input);
  if (terms) {
    const search = productSearch(db);
    const corrected = (await search.count(db, terms)) === 0 ? correctTerms(terms, await vocabularyOf(db)) : null;
    const condition = search.matches(corrected ?? terms);
    const base = (eb: Parameters<typeof q.refineCondition>[0]) => eb.and([condition]);
    return { ...(await q.facetCounts(db, base, MAX_BRANDS)), specs: await specs.specFacets(db, base, refine, undefined) };
  }
  const categories = input.categories;
  if (categories && categories.length === 0) return { ...(await q.facetCounts(db, (eb) => eb.and([eb.lit(false)]), MAX_BRANDS)), specs: [] };
  const base = (eb: Parameters<typeof q.refineCondition>[0]) => eb.and(categories ? [eb('products.category', 'in', [...new Set(categories)])] : []);
  return { ...(await q.facetCounts(db, base, MAX_BRANDS)), specs: await specs.specFacets(db, base, refine, categories) };
}

function relevancePage(rows: RankedProduct[], limit: number, lead: Product[], total: number, correctedQuery: string | null): SearchPage {
  const items = rows.slice(0, Math.max(0, limit));
  const last = items.at(-1);
  const more = rows.length > items.length && last !== undefined;
  return { items: [...lead, ...items.map((r) => r.product)], nextCursor: more ? encodeCursor(last.key) : null, total, correctedQuery };
}

/** The newest products on sale, up to LEGACY_LIST_CAP (the old API's get-product). */
export function listAllProducts(db: DB): Promise<Product[]> {
  return q.listProducts(db, { sort: 'newest', limit: LEGACY_LIST_CAP });
}

/**
 * A product with its options and live variants (the product page's picker switches between
 * them without a round trip). @throws AppError PRODUCT_NOT_FOUND for an unknown, malformed or archived id.
 */
export async function productDetails(db: DB, productId: string): Promise<ProductDetails> {
  const product = productId ? await q.findProductOnSale(db, productId) : null;
  if (!product) throw new AppError('PRODUCT_NOT_FOUND', 'Product not found');
  return { ...product, ...(await variants.shopperVariants(db, productId)), specSheet: await specs.specSheet(db, productId) };
}

/** `specSheet`: the Specifications table (per-variant rows by variant id). */
export type ProductDetails = Product & { options: ProductOption[]; variants: ProductVariant[]; specSheet: SpecSheetRow[] };

type VariantFields = z.output<typeof ProductVariantsFieldsSchema>;
type SpecFields = z.output<typeof ProductSpecsFieldsSchema>;
type CreateInput = z.output<typeof ProductInputSchema> & VariantFields & SpecFields;
type UpdateInput = z.output<typeof UpdateProductInputSchema> & VariantFields & SpecFields;

/** The facts as they will be stored (and read back): empty texts, an importer of goods made in India and the giver of no warranty become null. */
function storedFacts(facts: ProductFacts): ProductFacts {
  return toProductFacts(factColumns(facts));
}

/** Every fact, in form order: what an edit compares and records. */
const FACT_FIELDS = [
  'countryOfOrigin',
  'manufacturerName',
  'manufacturerAddress',
  'importerName',
  'importerAddress',
  'netQuantity',
  'warrantyMonths',
  'warrantyBy',
] as const satisfies readonly (keyof ProductFacts)[];

/** Creates a product; a tracked product's first stock figure starts its stock history. Audited in the same transaction. */
export async function createProduct(deps: Pick<Deps, 'db' | 'clock'>, input: CreateInput, actorId: string | null): Promise<Product> {
  const now = nowIso(deps.clock);
  const id = newId();
  // With variants, the product row and its default variant start from the first variant's figures.
  const first = input.variants?.[0];
  const firstTracked = first ? (first.trackStock ?? first.stock !== undefined) : input.trackStock;
  const opening = {
    price: first?.price ?? input.price,
    sellingPrice: first?.sellingPrice ?? input.sellingPrice,
    trackStock: firstTracked,
    stock: firstTracked ? (first ? (first.stock ?? 0) : input.stock) : 0,
  };
  const facts = input.facts ? storedFacts(input.facts) : undefined;
  await transaction(deps.db, async (trx) => {
    await requireCategoryForProduct(trx, input.category, null);
    await q.insertProducts(trx, [
      {
        id,
        productName: input.productName,
        brandName: input.brandName,
        category: input.category,
        description: input.description,
        price: opening.price,
        sellingPrice: opening.sellingPrice,
        stock: opening.stock,
        trackStock: opening.trackStock,
        images: input.productImage,
        createdAt: now,
        updatedAt: now,
        facts,
      },
    ]);
    if (opening.trackStock) await stock.recordInitialStock(trx, id, id, opening.stock, { reason: 'created', at: now, actorId });
    // Its one variant's low-stock level (a product with variants takes one per variant).
    if (!input.variants && input.lowStockLevel != null) await variants.setVariantLowStockLevel(trx, id, input.lowStockLevel, now);
    if (input.variants) await variants.createVariants({ trx, productId: id, productName: input.productName, at: now, actorId }, input.options ?? [], input.variants);
    if (input.specs || input.variants?.some((v) => v.specs)) await specs.saveProductSpecs(trx, id, { specs: input.specs, variants: input.variants });
    const { productName: name, brandName, category, price, sellingPrice, trackStock, stock: units } = input;
    await writeAudit(trx, {
      at: now,
      actorId,
      action: 'product.create',
      detail: {
        productId: id,
        name,
        brandName,
        category,
        price,
        sellingPrice,
        trackStock,
        stock: units,
        ...(facts ? { facts } : {}),
        ...(input.specs ? { specs: input.specs } : {}),
        ...(!input.variants && input.lowStockLevel != null ? { lowStockLevel: input.lowStockLevel } : {}),
      },
    });
  }).catch((error: unknown) => {
    throw variants.asVariantConflict(error);
  });
  const created = await q.findProductAnyState(deps.db, id);
  if (!created) throw new Error(`Product ${id} vanished after insert`);
  return withoutArchive(created);
}

/**
 * Rewrites a product (archived ones too, so an admin can fix one before restoring it), in one
 * transaction. Stock is compared, never overwritten blindly (see UpdateProductInputSchema): a
 * figure the form showed and sent back unchanged is no change, and a changed figure is set only
 * if the stock has not moved since the form was loaded. The fields that changed are written to
 * the audit log with their old and new values, in the same transaction (stock changes are in the
 * stock history, which the log shows too); a save that changes nothing records nothing.
 *
 * @throws AppError PRODUCT_NOT_FOUND for an unknown id; STOCK_CHANGED (409, nothing saved) when
 *   the stock moved since the form was loaded; BAD_INPUT when tracking is switched on without a figure.
 */
export async function updateProduct(deps: Pick<Deps, 'db' | 'clock'>, input: UpdateInput, actorId: string | null): Promise<Product> {
  const now = nowIso(deps.clock);
  await transaction(deps.db, async (trx) => {
    const current = await q.findProductAnyState(trx, input._id);
    if (!current) throw new AppError('PRODUCT_NOT_FOUND', 'Product not found');
    await requireCategoryForProduct(trx, input.category, current.category);
    // Left out (the spec's /api client, which knows nothing of facts): the stored facts stay.
    const facts = input.facts ? storedFacts(input.facts) : undefined;
    await q.updateProductRow(trx, input._id, {
      productName: input.productName,
      brandName: input.brandName,
      category: input.category,
      description: input.description,
      price: input.price,
      sellingPrice: input.sellingPrice,
      images: input.productImage,
      updatedAt: now,
      facts,
    });
    const track = input.trackStock ?? current.trackStock;
    // Written before the stock step: a stock figure refused below (409) rolls the entry back with the edit.
    const changes = [
      ...changedFields(current, { ...current, ...input, facts: current.facts, trackStock: track }, PRODUCT_AUDIT_FIELDS),
      ...(facts ? changedFields(current.facts, facts, FACT_FIELDS) : []),
    ];
    if (changes.length > 0) await writeAudit(trx, { at: now, actorId, action: 'product.update', detail: { productId: input._id, name: input.productName, changes } });
    const writer = { trx, productId: input._id, productName: input.productName, at: now, actorId };
    if (input.variants !== undefined || input.options !== undefined) {
      await variants.saveVariants(writer, input.options, input.variants, input.stockNote ?? '');
    } else {
      await variants.applyProductFigures(writer, input, current, input.stockNote ?? '');
    }
    // Spec values: conformed to the new category's template when it moved (values it lacks are
    // dropped), then the form's; what changed is recorded beside the product's fields.
    const specChanges = [];
    if (current.category !== input.category) specChanges.push(...(await specs.conformProductSpecs(trx, input._id, (await findCategory(trx, input.category))?.template ?? [])));
    if (input.specs || input.variants?.some((v) => v.specs)) specChanges.push(...(await specs.saveProductSpecs(trx, input._id, { specs: input.specs, variants: input.variants })));
    if (specChanges.length > 0)
      await writeAudit(trx, { at: now, actorId, action: 'product.update', detail: { productId: input._id, name: input.productName, changes: specChanges } });
  }).catch((error: unknown) => {
    throw variants.asVariantConflict(error);
  });
  const product = await q.findProductAnyState(deps.db, input._id);
  if (!product) throw new AppError('PRODUCT_NOT_FOUND', 'Product not found');
  return withoutArchive(product);
}

/** What a product edit records of the fields it changed (stock goes to the stock history instead). */
const PRODUCT_AUDIT_FIELDS = ['productName', 'brandName', 'category', 'price', 'sellingPrice', 'description', 'productImage', 'trackStock'] as const;

/** A product's stock history, newest first, one keyset page at a time. */
export async function stockHistory(
  db: DB,
  input: { productId: string; limit?: number | undefined; cursor?: string | undefined; variantId?: string | undefined },
): Promise<{ items: StockMovement[]; nextCursor: string | null }> {
  if (!(await q.findProductAnyState(db, input.productId))) throw new AppError('PRODUCT_NOT_FOUND', 'Product not found');
  const limit = input.limit ?? 50;
  let after: stock.MovementKey | undefined;
  if (input.cursor) {
    const [at, id] = decodeCursor(input.cursor, 2);
    if (typeof at !== 'string' || typeof id !== 'string') throw invalidCursor();
    after = [at, id];
  }
  const page = toPage(await stock.listStockMovements(db, input.productId, { limit: limit + 1, after, variantId: input.variantId }), limit, (row) => row.key);
  return { items: page.items.map(({ key: _key, ...movement }) => movement), nextCursor: page.nextCursor };
}

/**
 * Takes a product off sale; old orders and their lines keep their snapshot. Idempotent: only the
 * archive that takes it off sale is audited (in its transaction).
 * @throws AppError PRODUCT_NOT_FOUND for an unknown id.
 */
export async function archiveProduct(deps: Pick<Deps, 'db' | 'clock'>, productId: string, actorId: string | null): Promise<ArchiveProductResult> {
  const now = nowIso(deps.clock);
  const archivedAt = await transaction(deps.db, async (trx) => {
    const current = productId ? await q.findProductAnyState(trx, productId) : null;
    if (!current) return null;
    if (current.archivedAt !== null) return current.archivedAt;
    const at = await q.archiveProductRow(trx, productId, now);
    await writeAudit(trx, { at: now, actorId, action: 'product.archive', detail: { productId, name: current.productName } });
    return at;
  });
  if (archivedAt === null) throw new AppError('PRODUCT_NOT_FOUND', 'Product not found');
  return { _id: productId, archivedAt };
}

/**
 * Puts an archived product back on sale: its page, lists and search show it again (the change
 * triggers stale them). Restoring one on sale changes and records nothing.
 */
export async function restoreProduct(deps: Pick<Deps, 'db' | 'clock'>, productId: string, actorId: string | null): Promise<{ _id: string; archived: false }> {
  const now = nowIso(deps.clock);
  const found = await transaction(deps.db, async (trx) => {
    const current = productId ? await q.findProductAnyState(trx, productId) : null;
    if (!current) return false;
    if (current.archivedAt === null) return true;
    await q.restoreProductRow(trx, productId, now);
    await writeAudit(trx, { at: now, actorId, action: 'product.restore', detail: { productId, name: current.productName } });
    return true;
  });
  if (!found) throw new AppError('PRODUCT_NOT_FOUND', 'Product not found');
  return { _id: productId, archived: false };
}

/** What the page of a product taken off sale says: its name and where to look instead. Null for an id that never was a product. */
export async function unavailableProduct(db: DB, productId: string): Promise<{ _id: string; productName: string; category: string } | null> {
  const found = productId ? await q.findArchivedProduct(db, productId) : null;
  return found ? { _id: productId, ...found } : null;
}

function withoutArchive(product: Product & { archivedAt: string | null }): Product {
  const { archivedAt: _archivedAt, ...rest } = product;
  return rest;
}

// Stock moves other features make inside their own transactions (checkout reserving a cart,
// an order giving its units back). Each records a stock movement with its reason.

/** Takes a variant's units off sale for a sale or an order (see stock.queries' takeStock for the outcomes). */
export const takeStock = stock.takeStock;
/** Puts a variant's units back on sale (a released checkout, a cancelled or returned order). */
export const putBackStock = stock.putBackStock;
/** What is left of a variant's stock (for the "only N left" answer when a checkout falls short). */
export const stockLeft = stock.stockLeft;
/** A variant by id (archived ones too), and the variant standing for a product (cart.add without one). */
export const findVariant = variants.findVariant;
export const defaultVariantId = variants.defaultVariantId;

/** The demo seed's variants of a product it has just inserted (the product's one variant becomes the first), in its transaction; not audited. */
export function addSeedVariants(
  trx: DB,
  product: { id: string; productName: string },
  options: readonly ProductOption[],
  list: readonly z.output<typeof VariantInputSchema>[],
  at: string,
): Promise<void> {
  return variants.createVariants({ trx, productId: product.id, productName: product.productName, at, actorId: null, unaudited: true }, options, list);
}
export { summaryVariantOf } from './variants.service';
export type { MovementContext, TakeResult } from './stock.queries';

// What the sitemap, the first start and the demo seed read or write of the catalogue.
export { countBanners, countProducts, countProductsOnSale, insertBanners, insertProducts, productSitemapPage, type NewProductRow } from './catalog.queries';

// The stock figure shoppers are shown; the cart shows its lines' stock the same way.
export { shownStock } from './shown-stock';

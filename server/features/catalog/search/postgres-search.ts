import { sql } from 'kysely';
import type { DB } from '../../../db/database';
import type { Product, ProductSort } from '../../../../shared/schemas/catalog';
import { onSale, refineCondition, sortAndSeek, type ProductKey } from '../catalog.queries';
import { productColumns, toProduct } from '../../../db/product-row';
import type { Refine } from '../../../../shared/facets';
import type { RankedProduct, SearchDialect, SearchKey, SearchTerm } from './search-dialect';

/**
 * Search on PostgreSQL: products.search_vector, a stored tsvector generated from the name
 * (weight A), brand (B), category (C) and description (D) with the 'simple' configuration (no
 * stemming, as FTS5's unicode61) and accents folded by unaccent, under a GIN index (see
 * migrations/postgres/2026-11-22-01-initial.ts).
 */

/**
 * The tsquery text for terms: each a single-quoted lexeme (the words hold only letters,
 * digits and marks, so no quote or operator can appear), prefixes as `:*`, all ANDed. The
 * database folds its accents with the same unaccent as the vector.
 */
export function tsqueryText(terms: readonly SearchTerm[]): string {
  return terms.map((t) => `'${t.word}'${t.prefix ? ':*' : ''}`).join(' & ');
}

const query = (terms: readonly SearchTerm[]) => sql`to_tsquery('simple', voltmart_unaccent(${tsqueryText(terms)}))`;

/**
 * ts_rank with weights D, C, B, A = 0.1, 0.2, 0.4, 1.0 (the 1 : 2 : 4 : 10 of SQLite's bm25
 * weights), as float8 so a cursor's score round-trips through JSON exactly.
 */
const rank = (terms: readonly SearchTerm[]) => sql<number>`ts_rank('{0.1, 0.2, 0.4, 1.0}'::float4[], products.search_vector, ${query(terms)})::float8`;

/** Best first: rank (higher is better), then id. */
async function byRelevance(db: DB, opts: { terms: readonly SearchTerm[]; limit: number; after?: SearchKey; refine?: Refine | undefined }): Promise<RankedProduct[]> {
  const score = rank(opts.terms);
  let q = db
    .selectFrom('products')
    .select([...productColumns, score.as('score')])
    .where(onSale)
    .where((eb) => refineCondition(eb, opts.refine))
    .where(sql<boolean>`products.search_vector @@ ${query(opts.terms)}`);
  const after = opts.after;
  if (after) q = q.where((eb) => eb.or([eb(score, '<', after[0]), eb.and([eb(score, '=', after[0]), eb('products.id', '>', String(after[1]))])]));
  const rows = await q.orderBy('score', 'desc').orderBy('products.id', 'asc').limit(opts.limit).execute();
  return rows.map((row) => ({ product: toProduct(row), key: [row.score, row.id] }));
}

/** In a price or date order: PostgreSQL's planner picks the GIN index or the sort index by the match count. */
async function sorted(db: DB, opts: { terms: readonly SearchTerm[]; sort: ProductSort; limit: number; after?: ProductKey; refine?: Refine | undefined }): Promise<Product[]> {
  const q = db
    .selectFrom('products')
    .select(productColumns)
    .where(onSale)
    .where((eb) => refineCondition(eb, opts.refine))
    .where(sql<boolean>`products.search_vector @@ ${query(opts.terms)}`);
  const rows = await sortAndSeek(q, opts.sort, opts.after).limit(opts.limit).execute();
  return rows.map(toProduct);
}

function matches(terms: readonly SearchTerm[]) {
  return sql<boolean>`products.search_vector @@ ${query(terms)}`;
}

export const postgresSearch: SearchDialect = { tiebreak: 'string', byRelevance, sorted, matches };

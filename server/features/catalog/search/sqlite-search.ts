import { sql } from 'kysely';
import type { DB } from '../../../db/database';
import type { Product, ProductSort } from '../../../../shared/schemas/catalog';
import { onSale, refineCondition, sortAndSeek, type ProductKey } from '../catalog.queries';
import { productColumns, toProduct } from '../../../db/product-row';
import type { Refine } from '../../../../shared/facets';
import type { RankedProduct, SearchDialect, SearchKey, SearchTerm } from './search-dialect';

/**
 * Search on SQLite: the FTS5 table `products_fts` (unicode61 tokenizer with diacritics
 * removed, 2/3/4-character prefix indexes), kept in step with products by triggers.
 */

/** The FTS5 MATCH expression for terms: each a double-quoted string (never syntax), prefixes starred, all ANDed. */
export function ftsMatch(terms: readonly SearchTerm[]): string {
  return terms.map((t) => `"${t.word}"${t.prefix ? '*' : ''}`).join(' ');
}

/** bm25 column weights, in column order: a name match counts most, then brand, category, description; spec words (2026-12-03-04) as the category. */
const BM25 = sql`bm25(products_fts, 10.0, 4.0, 2.0, 1.0, 2.0)`;

/**
 * Best first: bm25 (lower is better), then rowid.
 *
 * Ranking happens inside FTS5 alone (`order by bm25 limit n` keeps a small top-n heap), and
 * only those n rowids are joined to products: joining every match first made a common word
 * (12k matches in 100k products) four times slower. Archived products are filtered after the
 * join, so when some of the top n were archived the window grows and the query repeats.
 */
async function byRelevance(db: DB, opts: { terms: readonly SearchTerm[]; limit: number; after?: SearchKey; refine?: Refine | undefined }): Promise<RankedProduct[]> {
  const match = ftsMatch(opts.terms);
  const seek = opts.after ? sql`and (${BM25}, rowid) > (${opts.after[0]}, ${opts.after[1]})` : sql``;
  for (let window = opts.limit; ; window *= 4) {
    const hits = await sql<{ rid: number; score: number }>`
      select rowid as rid, ${BM25} as score
      from products_fts
      where products_fts match ${match} ${seek}
      order by score, rid
      limit ${window}
    `.execute(db);
    if (hits.rows.length === 0) return [];
    const rows = await db
      .selectFrom('products')
      .select([...productColumns, sql<number>`products.rowid`.as('rid')])
      .where(
        sql<number>`products.rowid`,
        'in',
        hits.rows.map((h) => h.rid),
      )
      .where(onSale)
      .where((eb) => refineCondition(eb, opts.refine))
      .execute();
    if (rows.length < opts.limit && hits.rows.length === window) continue;
    const byRowid = new Map(rows.map((row) => [row.rid, row]));
    const ranked: RankedProduct[] = [];
    for (const hit of hits.rows) {
      const row = byRowid.get(hit.rid);
      if (row) ranked.push({ product: toProduct(row), key: [hit.score, hit.rid] });
      if (ranked.length === opts.limit) break;
    }
    return ranked;
  }
}

/** Above this many matches, walking the sort index beats sorting the matches (measured on 100k products). */
const SCAN_SORT_INDEX_ABOVE = 1000;

/**
 * Two plans, picked by the (cheap) match count: few matches are fetched by rowid and sorted;
 * many (a common word) walk the price/date index in order and stop after one page, testing
 * membership in the match set. The unary `+` keeps SQLite from choosing the rowid plan there:
 * 1.4 ms instead of 18 ms for 12k matches, while a rare word stays at 0.1 ms.
 */
async function sorted(db: DB, opts: { terms: readonly SearchTerm[]; sort: ProductSort; limit: number; after?: ProductKey; refine?: Refine | undefined }): Promise<Product[]> {
  const match = ftsMatch(opts.terms);
  const counted = await sql<{ n: number }>`select count(*) as n from products_fts where products_fts match ${match}`.execute(db);
  const many = (counted.rows[0]?.n ?? 0) > SCAN_SORT_INDEX_ABOVE;
  const matches = sql`(select rowid from products_fts where products_fts match ${match})`;
  const query = db
    .selectFrom('products')
    .select(productColumns)
    .where(onSale)
    .where((eb) => refineCondition(eb, opts.refine))
    .where(many ? sql<boolean>`+products.rowid in ${matches}` : sql<boolean>`products.rowid in ${matches}`);
  const rows = await sortAndSeek(query, opts.sort, opts.after).limit(opts.limit).execute();
  return rows.map(toProduct);
}

function matches(terms: readonly SearchTerm[]) {
  return sql<boolean>`products.rowid in (select rowid from products_fts where products_fts match ${ftsMatch(terms)})`;
}

/**
 * The matches counted in the FTS index alone, less the archived ones among them (few, found
 * through the partial index products_archived). Counting through products instead reads every
 * matching product row: 21 ms for a common word's 14k matches on 100k products, against 1 ms.
 */
async function countOnSale(db: DB, terms: readonly SearchTerm[]): Promise<number> {
  const match = ftsMatch(terms);
  const counted = await sql<{ all: number; archived: number }>`
    select
      (select count(*) from products_fts where products_fts match ${match}) as "all",
      (select count(*) from products indexed by products_archived
        where products.archived_at is not null
          and +products.rowid in (select rowid from products_fts where products_fts match ${match})) as archived
  `.execute(db);
  const row = counted.rows[0];
  return Number(row?.all ?? 0) - Number(row?.archived ?? 0);
}

export const sqliteSearch: SearchDialect = { tiebreak: 'number', byRelevance, sorted, matches, countOnSale };

import type { DB } from '../../../db/database';
import { dialectOf } from '../../../db/database';
import type { Refine } from '../../../../shared/facets';
import { onSale, refineCondition } from '../catalog.queries';
import type { SearchDialect, SearchTerm } from './search-dialect';
import { sqliteSearch } from './sqlite-search';
import { postgresSearch } from './postgres-search';

/**
 * Full-text search over the catalogue: one interface, one implementation per database (FTS5
 * on SQLite, a weighted tsvector on PostgreSQL), and one test suite both pass
 * (search.test.ts). Both rank a match in the name above one in the brand, the category, then
 * the description; match word prefixes ("airp" finds AirPods); fold accents ("cafe" finds
 * "Café"); and take any text, because the query is built from words only (searchTerms).
 */

export type { RankedProduct, SearchKey, SearchTerm } from './search-dialect';

export interface ProductSearch extends SearchDialect {
  /** How many products on sale match every term and the refine (among `onlyIds`, when given). */
  count(db: DB, terms: readonly SearchTerm[], opts?: { onlyIds?: readonly string[]; refine?: Refine | undefined }): Promise<number>;
}

/** Search looks at this many words of the query at most; more only slows the search down. */
const MAX_SEARCH_TERMS = 12;
const MAX_TERM_LENGTH = 64;

/**
 * The words of any user text, or null when it holds none: runs of letters, digits and marks
 * (what both databases' tokenizers index), lowercased, at most 12 of 64 characters each. No
 * operator, quote or bracket survives, so no input is ever query syntax. Words of 2+
 * characters match as prefixes; a single character only as a whole word ("a*" would match
 * most of the catalogue).
 */
export function searchTerms(text: string): SearchTerm[] | null {
  const words =
    text
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}\p{M}]+/gu) ?? [];
  const terms = words
    .slice(0, MAX_SEARCH_TERMS)
    .map((word) => word.slice(0, MAX_TERM_LENGTH))
    .map((word) => ({ word, prefix: [...word].length >= 2 }));
  return terms.length > 0 ? terms : null;
}

/** A dialect's search with what both databases count alike. */
function withCount(dialect: SearchDialect): ProductSearch {
  return {
    ...dialect,
    async count(db, terms, opts = {}) {
      if (opts.onlyIds && opts.onlyIds.length === 0) return 0;
      if (!opts.onlyIds && dialect.countOnSale && !isRefined(opts.refine)) return dialect.countOnSale(db, terms);
      let counted = db
        .selectFrom('products')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where(onSale)
        .where((eb) => refineCondition(eb, opts.refine))
        .where(dialect.matches(terms));
      if (opts.onlyIds) counted = counted.where('products.id', 'in', opts.onlyIds);
      const row = await counted.executeTakeFirst();
      return Number(row?.n ?? 0);
    },
  };
}

/** Whether a refine narrows anything (an empty list or false narrows nothing). */
function isRefined(refine: Refine | undefined): boolean {
  if (!refine) return false;
  return Boolean((refine.brands && refine.brands.length > 0) || refine.price || refine.inStock || (refine.specs && Object.keys(refine.specs).length > 0));
}

const SEARCHES = { sqlite: withCount(sqliteSearch), postgres: withCount(postgresSearch) };

/** The search for the database `db` talks to. */
export function productSearch(db: DB): ProductSearch {
  return SEARCHES[dialectOf(db)];
}

import type { DB } from '../../../db/database';
import { dialectOf } from '../../../db/database';
import type { Product, ProductSort } from '../../../../shared/schemas/catalog';
import type { RawBuilder } from 'kysely';
import type { Refine } from '../../../../shared/facets';
import type { ProductKey } from '../catalog.queries';
import { sqliteSearch } from './sqlite-search';
import { postgresSearch } from './postgres-search';

/**
 * Full-text search over the catalogue: one interface, one implementation per database (FTS5
 * on SQLite, a weighted tsvector on PostgreSQL), and one test suite both pass
 * (search.test.ts). Both rank a match in the name above one in the brand, the category, then
 * the description; match word prefixes ("airp" finds AirPods); fold accents ("cafe" finds
 * "Café"); and take any text, because the query is built from words only (searchTerms).
 */

/** One word of a query; `prefix` words match any word they begin (all but single characters). */
export type SearchTerm = { word: string; prefix: boolean };

/** Where a relevance-ordered page ended: the implementation's score, then its tiebreak (a number or a string). */
export type SearchKey = readonly [number, number | string];

export type RankedProduct = { product: Product; key: SearchKey };

export interface ProductSearch {
  /** The type of a SearchKey's tiebreak, to check a cursor given back. */
  readonly tiebreak: 'number' | 'string';
  /** Products on sale matching every term (and the refine), best first. */
  byRelevance(db: DB, opts: { terms: readonly SearchTerm[]; limit: number; after?: SearchKey; refine?: Refine | undefined }): Promise<RankedProduct[]>;
  /** Products on sale matching every term (and the refine), in a price or date order. */
  sorted(db: DB, opts: { terms: readonly SearchTerm[]; sort: ProductSort; limit: number; after?: ProductKey; refine?: Refine | undefined }): Promise<Product[]>;
  /** How many products on sale match every term and the refine (among `onlyIds`, when given). */
  count(db: DB, terms: readonly SearchTerm[], opts?: { onlyIds?: readonly string[]; refine?: Refine | undefined }): Promise<number>;
  /** A condition on `products` that admits the products matching every term (facet counts use it). */
  matches(terms: readonly SearchTerm[]): RawBuilder<boolean>;
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

/** The search for the database `db` talks to. */
export function productSearch(db: DB): ProductSearch {
  return dialectOf(db) === 'sqlite' ? sqliteSearch : postgresSearch;
}

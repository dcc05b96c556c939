import type { RawBuilder } from 'kysely';
import type { DB } from '../../../db/database';
import type { Product, ProductSort } from '../../../../shared/schemas/catalog';
import type { Refine } from '../../../../shared/facets';
import type { ProductKey } from '../catalog.queries';

/** One word of a query; `prefix` words match any word they begin (all but single characters). */
export type SearchTerm = { word: string; prefix: boolean };

/** Where a relevance-ordered page ended: the implementation's score, then its tiebreak (a number or a string). */
export type SearchKey = readonly [number, number | string];

export type RankedProduct = { product: Product; key: SearchKey };

/** What each database implements (sqlite-search.ts, postgres-search.ts); search.ts adds what is the same for both. */
export interface SearchDialect {
  /** The type of a SearchKey's tiebreak, to check a cursor given back. */
  readonly tiebreak: 'number' | 'string';
  /** Products on sale matching every term (and the refine), best first. */
  byRelevance(db: DB, opts: { terms: readonly SearchTerm[]; limit: number; after?: SearchKey; refine?: Refine | undefined }): Promise<RankedProduct[]>;
  /** Products on sale matching every term (and the refine), in a price or date order. */
  sorted(db: DB, opts: { terms: readonly SearchTerm[]; sort: ProductSort; limit: number; after?: ProductKey; refine?: Refine | undefined }): Promise<Product[]>;
  /** A condition on `products` that admits the products matching every term (facet counts use it). */
  matches(terms: readonly SearchTerm[]): RawBuilder<boolean>;
  /**
   * How many products on sale match every term, with no refine: where the database can count
   * this without reading each matching product row (SQLite's FTS index), else absent.
   */
  countOnSale?(db: DB, terms: readonly SearchTerm[]): Promise<number>;
}

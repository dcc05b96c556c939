import type { Category } from '../../shared/categories';

/**
 * Every tag a shared reply can depend on, in one place. Procedures name them in
 * `sharedProcedure({ tags })`; the database's triggers write them when a committed change makes
 * them stale (migrations 2026-11-25-01-cache-invalidations, 2026-12-02-01-settings-invalidation and
 * 2026-12-03-01-categories,
 * which are frozen SQL and spell the same names: server/db/cache-tags.test.ts keeps the two
 * equal). Nothing else writes a tag: a change reaches the shared replies through its trigger.
 */

/** A product's own page and anything that shows it. */
export const productTag = (id: string) => `product:${id}`;
/** A category's listing (and its home page row); also written when the category's own row changes. */
export const categoryTag = (category: Category) => `category:${category}`;
/** Written when a product's searchable text, price, pictures or visibility change. */
export const SEARCH_TAG = 'search';
/** Written on any change a shopper can see in any product list. */
export const CATALOG_TAG = 'catalog';
/** Written on every product change, exact stock and updatedAt included. */
export const EXACT_PRODUCTS_TAG = 'products:exact';
/** Any banner added, changed, reordered or removed. */
export const BANNERS_TAG = 'banners';
/**
 * The categories' list changed (a category added, renamed, reordered, hidden, its home row or
 * template edited, deleted): the bubbles, home rows, filter lists and the labels every storefront
 * page shows (each server-rendered page carries `catalog.categories`). Migration
 * 2026-12-03-01-categories' trigger writes it.
 */
export const CATEGORIES_TAG = 'categories';
/** The shop's settings saved (the footer, policies, delivery checks). */
export const SETTINGS_TAG = 'settings';
/**
 * An offer added, edited, paused or resumed, or a coupon used up or given a use back (issue 30):
 * the product page's offers panel. Migration 2026-12-11-01-offers-invalidation's trigger writes it.
 */
export const OFFERS_TAG = 'offers';

import { getQueryKey } from '@trpc/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { matchRoutes } from 'react-router';
import { categoryPageTitle, homeRowsOf, type Category, type CategoryInfo } from '../../shared/categories';
import { readRefine } from '../../shared/facets';
import { readCompareIds } from '../../shared/compare';
import { STRIP_PRODUCT_LIMIT } from '../features/catalog/api/use-category-products';
import { facetsInput } from '../features/catalog/api/use-facets';
import { filterProductsInput, listProductsInput } from '../features/catalog/api/use-filtered-products';
import { searchProductsInput } from '../features/catalog/api/use-search-products';
import { readSort } from '../features/catalog/components/category-filters';
import { checkedCategories } from '../features/catalog/hooks/use-category-filter';
import { trpc } from '../lib/trpc';
import { routes } from './router';

/**
 * What the server renders for a storefront address: which page it is and the catalogue queries
 * its first screen reads, exactly as the screens' hooks ask for them (same procedures, same
 * inputs), so the answers can be put in a QueryClient under the hooks' own keys and the browser
 * hydrates the page without asking again. Everything here is shared data; nothing personal.
 */

export type PageQuery = {
  /** A shared catalogue procedure, e.g. `catalog.details`. */
  path: string;
  input: unknown;
  /** A useInfiniteQuery's first page (its key leaves the cursor out). */
  infinite?: true;
};

export type Page = (
  | { kind: 'home'; queries: PageQuery[] }
  | { kind: 'category'; queries: PageQuery[]; categories: Category[]; title: string }
  | { kind: 'product'; queries: PageQuery[]; productId: string; variantSku: string | null }
  | { kind: 'search'; queries: PageQuery[]; q: string }
  | { kind: 'compare'; queries: PageQuery[]; ids: string[] }
  | { kind: 'static'; queries: PageQuery[]; title: string; path: string }
  | { kind: 'policies'; queries: PageQuery[] }
  | { kind: 'not-found'; queries: PageQuery[] }
) & {
  /**
   * What the owner's categories decide (the home page's rows, a category page's checked
   * categories and title): the rest of the page once `catalog.categories` has answered, its
   * queries to add after the first ones (see completePage).
   */
  then?: (categories: readonly CategoryInfo[]) => Page;
};

/** Home page rows rendered with the page (the rest load as the shopper scrolls to them). */
export const SERVER_RENDERED_HOME_ROWS = 2;

const STATIC_PAGES: Record<string, string> = { '/login': 'Login', '/sign-up': 'Sign up', '/forgot-password': 'Forgot password' };

/** The footer's seller, grievance officer and policies: on every server-rendered page, last. */
export const STOREFRONT_QUERY: PageQuery = { path: 'settings.storefront', input: undefined };

/** The owner's categories (labels, order, home rows): on every server-rendered page, after the footer's. */
export const CATEGORIES_QUERY: PageQuery = { path: 'catalog.categories', input: undefined };

/**
 * The page at `pathname` + `search`, or null for one the browser renders alone (cart, orders,
 * checkout, admin). Its `queries` are the first to ask; when it has `then`, completePage adds
 * what their answers decide.
 */
export function pageAt(pathname: string, search: URLSearchParams): Page | null {
  const page = screenAt(pathname, search);
  return page && { ...page, queries: [...page.queries, STOREFRONT_QUERY, CATEGORIES_QUERY] };
}

/** The page once its first queries have answered (`results`, in `page.queries` order): its `then` applied, its queries added after the first. */
export function completePage(page: Page, results: readonly unknown[]): Page {
  if (!page.then) return page;
  const categories = (results[page.queries.findIndex((query) => query.path === CATEGORIES_QUERY.path)] ?? []) as readonly CategoryInfo[];
  const rest = page.then(categories);
  return { ...rest, queries: [...page.queries, ...rest.queries], then: undefined };
}

function screenAt(pathname: string, search: URLSearchParams): Page | null {
  const staticTitle = STATIC_PAGES[pathname.replace(/\/$/, '') || '/'];
  if (staticTitle) return { kind: 'static', queries: [], title: staticTitle, path: pathname.replace(/\/$/, '') };
  const matches = matchRoutes(routes, pathname);
  const last = matches?.at(-1);
  const route = last?.route;
  if (!route) return { kind: 'not-found', queries: [] };
  // The storefront's own index; the admin panel's (its Dashboard) is the browser's alone.
  if (route.index && last.pathname === '/') {
    return {
      kind: 'home',
      queries: [
        { path: 'catalog.banners', input: undefined },
        { path: 'catalog.categoryBubbles', input: undefined },
      ],
      then: (categories) => ({
        kind: 'home',
        queries: homeRowsOf(categories)
          .slice(0, SERVER_RENDERED_HOME_ROWS)
          .map((row) => ({ path: 'catalog.byCategory', input: { category: row.category, limit: STRIP_PRODUCT_LIMIT } })),
      }),
    };
  }
  switch (route.path) {
    case 'product/:id': {
      const productId = matches?.at(-1)?.params.id ?? '';
      // `?variant=<SKU>`: the screen shows that variant from the same reply (an unknown SKU, the default one).
      return {
        kind: 'product',
        productId,
        variantSku: search.get('variant'),
        // The offers panel (issue 30) with the page, so it is there without JavaScript.
        queries: [
          { path: 'catalog.details', input: { productId } },
          { path: 'catalog.offers', input: { productId } },
        ],
      };
    }
    case 'product-category': {
      // As the page's hooks read the address (useCategoryFilter, readSort, useRefine, useFilteredProducts, useFacets),
      // with the owner's categories (a value no category has is left out, as the page does).
      const sort = readSort(search.get('sort')) ?? 'newest';
      const refine = readRefine(search);
      const asked = search.getAll('category');
      return {
        kind: 'category',
        queries: [],
        categories: [],
        title: '',
        then: (known) => {
          const categories: Category[] = checkedCategories(
            asked,
            known.map((c) => c.value),
          );
          const query: PageQuery =
            categories.length > 0
              ? { path: 'catalog.filter', input: filterProductsInput(categories, sort, refine), infinite: true }
              : { path: 'catalog.list', input: listProductsInput(sort, refine), infinite: true };
          const title = categoryPageTitle(categories, known);
          // The list first: the page's <head> reads its first product (server/routes/pages/page-heads.ts).
          return { kind: 'category', queries: [query, { path: 'catalog.facets', input: facetsInput({ categories }, refine) }], categories, title };
        },
      };
    }
    case 'search': {
      const q = (search.get('q') ?? '').trim();
      const queries: PageQuery[] = [
        { path: 'catalog.search', input: searchProductsInput(q, readSort(search.get('sort')), readRefine(search)), infinite: true },
        { path: 'catalog.facets', input: facetsInput({ q }, readRefine(search)) },
      ];
      return { kind: 'search', q, queries };
    }
    case 'compare': {
      // As the compare screen asks (the first four ids of `?ids=`); no ids: its "Nothing to compare yet", with no query.
      const { ids } = readCompareIds(search);
      return { kind: 'compare', ids, queries: ids.length > 0 ? [{ path: 'catalog.compare', input: { ids } }] : [] };
    }
    case 'policies':
      return { kind: 'policies', queries: [] };
    case '*':
      return { kind: 'not-found', queries: [] };
    default:
      return null;
  }
}

/** The input a query's procedure is called with (an infinite query's first page, as tRPC sends it). */
export function callInput(query: PageQuery): unknown {
  return query.infinite ? { ...(query.input as object), direction: 'forward' } : query.input;
}

/** tRPC's React Query key for `query`, made by tRPC itself from the procedure's path. */
export function queryKeyOf(query: PageQuery) {
  const procedure = query.path.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], trpc);
  return getQueryKey(procedure as Parameters<typeof getQueryKey>[0], query.input as never, query.infinite ? 'infinite' : 'query');
}

/** Puts each query's answer in `queryClient` under the key its hook reads (an infinite query as its first page). */
export function seedQueries(queryClient: QueryClient, queries: readonly PageQuery[], results: readonly unknown[]): void {
  queries.forEach((query, i) => {
    queryClient.setQueryData(queryKeyOf(query), query.infinite ? { pages: [results[i]], pageParams: [null] } : results[i]);
  });
}

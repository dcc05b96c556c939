import { act, cleanup, render, screen } from '@testing-library/react';
import { httpBatchLink } from '@trpc/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PRICE_BANDS } from '../../shared/facets';
import { trpc } from '../lib/trpc';
import { SPEC_CATEGORY_INFO, type CategoryInfo } from '../../shared/categories';
import { completePage, pageAt, seedQueries, type PageQuery } from './page-data';
import { createQueryClient } from './provider';
import { Component as ProductCategoryPage } from './routes/product-category';
import { Component as SearchPage } from './routes/search';

/** Every query of the page at `address`, once the owner's categories (the spec's twelve) have answered. */
const allQueriesOf = (address: string): PageQuery[] => {
  const url = new URL(address, 'http://shop.test');
  const first = pageAt(url.pathname, url.searchParams);
  if (!first) return [];
  return completePage(
    first,
    first.queries.map((query) => (query.path === 'catalog.categories' ? SPEC_CATEGORY_INFO : undefined)),
  ).queries;
};
/** The page's own catalogue queries (not the categories every page reads). */
const queriesOf = (address: string): PageQuery[] => allQueriesOf(address).filter((query) => query.path.startsWith('catalog.') && query.path !== 'catalog.categories');

describe('page data: the refined list a page is server-rendered with', () => {
  it('a category page asks for the list with its brand, price and stock refine, and the counts with it (the spec facets respect it)', () => {
    expect(queriesOf('/product-category?category=mobiles&sort=asc&brand=Apple&brand=Samsung&price=10000-20000&instock=1')).toEqual([
      { path: 'catalog.filter', input: { categories: ['mobiles'], sort: 'asc', limit: 48, brands: ['Apple', 'Samsung'], price: '10000-20000', inStock: true }, infinite: true },
      { path: 'catalog.facets', input: { categories: ['mobiles'], brands: ['Apple', 'Samsung'], price: '10000-20000', inStock: true } },
    ]);
    // No category ticked: every product is listed, and counted.
    expect(queriesOf('/product-category?brand=Apple')).toEqual([
      { path: 'catalog.list', input: { sort: 'newest', limit: 48, brands: ['Apple'] }, infinite: true },
      { path: 'catalog.facets', input: { brands: ['Apple'] } },
    ]);
  });

  it('leaves out what is not set or not known, rather than sending it empty', () => {
    expect(queriesOf('/product-category?category=mobiles&brand=&price=cheap&instock=0')).toEqual([
      { path: 'catalog.filter', input: { categories: ['mobiles'], sort: 'newest', limit: 48 }, infinite: true },
      { path: 'catalog.facets', input: { categories: ['mobiles'] } },
    ]);
  });

  it('a search asks for its results refined, and the counts with the same refine', () => {
    expect(queriesOf('/search?q=%20phone%20&brand=Acme&instock=1')).toEqual([
      { path: 'catalog.search', input: { q: 'phone', limit: 48, brands: ['Acme'], inStock: true }, infinite: true },
      { path: 'catalog.facets', input: { q: 'phone', brands: ['Acme'], inStock: true } },
    ]);
  });

  it('the owner’s categories decide the home rows rendered with the page and the categories a link may tick', () => {
    const home = (categories: readonly CategoryInfo[]) => {
      const first = pageAt('/', new URLSearchParams())!;
      expect(first.queries.map((query) => query.path)).toEqual(['catalog.banners', 'catalog.categoryBubbles', 'settings.storefront', 'catalog.categories']);
      return completePage(
        first,
        first.queries.map((query) => (query.path === 'catalog.categories' ? categories : undefined)),
      ).queries.filter((query) => query.path === 'catalog.byCategory');
    };
    // The spec's first two rows on a fresh shop.
    expect(home(SPEC_CATEGORY_INFO).map((query) => (query.input as { category: string }).category)).toEqual(['airpodes', 'watches']);
    // Power banks' row moved first; Airpodes hidden (no row for a hidden category).
    const owned: CategoryInfo[] = [
      ...SPEC_CATEGORY_INFO.map((c) => (c.value === 'airpodes' ? { ...c, hidden: true } : c)),
      { value: 'power-banks', label: 'Power banks', position: 13, hidden: false, homeRow: { heading: 'Power banks', cards: 'large', position: 0 } },
    ];
    expect(home(owned).map((query) => (query.input as { category: string }).category)).toEqual(['power-banks', 'watches']);
    // A value no category has is left out, as the page leaves it out.
    expect(queriesOf('/product-category?category=toasters&category=mobiles')[0]).toMatchObject({ path: 'catalog.filter', input: { categories: ['mobiles'] } });
  });

  it('a search sorted by price asks for that order; relevance (the default) sends none', () => {
    expect(queriesOf('/search?q=phone&sort=dsc')[0]).toEqual({ path: 'catalog.search', input: { q: 'phone', limit: 48, sort: 'dsc' }, infinite: true });
    expect(queriesOf('/search?q=phone&sort=relevance')[0]).toEqual({ path: 'catalog.search', input: { q: 'phone', limit: 48 }, infinite: true });
  });

  it("leaves the admin panel's first page (its Dashboard, an index like home's) to the browser", () => {
    expect(pageAt('/admit-panel', new URLSearchParams())).toBeNull();
    expect(pageAt('/admit-panel/', new URLSearchParams())).toBeNull();
    expect(pageAt('/', new URLSearchParams())?.kind).toBe('home');
  });
});

describe('page data: the browser finds the seeded answers under its own keys', () => {
  afterEach(cleanup);

  const facets = { total: 1, brands: [{ name: 'Acme', count: 1 }], priceBands: PRICE_BANDS.map((b) => ({ id: b.id, label: b.label, count: 1 })), inStock: 1 };
  const listPage = { items: [], nextCursor: null, total: 0, correctedQuery: null };

  for (const address of [
    '/product-category?category=mobiles&sort=dsc&brand=Acme&price=over-50000&instock=1',
    '/product-category?brand=Acme&instock=1',
    '/search?q=phone&brand=Acme&price=under-1000',
  ]) {
    it(`${address}: nothing is fetched again`, async () => {
      const queries = allQueriesOf(address).filter((query) => query.path.startsWith('catalog.'));
      const queryClient = createQueryClient();
      seedQueries(
        queryClient,
        queries,
        queries.map((query) => (query.path === 'catalog.facets' ? facets : query.path === 'catalog.categories' ? SPEC_CATEGORY_INFO : listPage)),
      );
      const fetch = vi.fn<typeof globalThis.fetch>(() => Promise.reject(new Error('no network in this test')));
      const client = trpc.createClient({ links: [httpBatchLink({ url: 'http://shop.test/trpc', fetch })] });
      const router = createMemoryRouter(
        [
          { path: '/product-category', element: <ProductCategoryPage /> },
          { path: '/search', element: <SearchPage /> },
        ],
        { initialEntries: [address] },
      );
      render(
        <trpc.Provider client={client} queryClient={queryClient}>
          <RouterProvider router={router} />
        </trpc.Provider>,
      );
      await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
      expect(screen.getAllByRole('checkbox', { name: 'Acme (1)' }).length).toBeGreaterThan(0);
      expect(fetch).not.toHaveBeenCalled();
    });
  }
});

import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { PRICE_BANDS, type Facets } from '../../../shared/facets';
import { fakeServer, renderableApp } from '../../lib/test-providers';
import { Component as Search } from './search';

const phone = (id: string, productName: string) => ({
  _id: id,
  productName,
  brandName: 'Apple',
  category: 'mobiles',
  productImage: [],
  description: '',
  price: 7_999_900,
  sellingPrice: 6_999_900,
  stock: 5,
  trackStock: true,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
});

describe('the search page', () => {
  afterEach(cleanup);

  it('counts every match, not the page loaded, and says what a misspelt query was searched as', async () => {
    const server = fakeServer({
      'catalog.search': () => ({ items: [phone('p1', 'Apple iPhone 15'), phone('p2', 'Apple iPhone 15 Plus')], nextCursor: 'more', total: 57, correctedQuery: 'iphone' }),
    });
    render(renderableApp({ routes: [{ path: '/search', element: <Search /> }], initialEntries: ['/search?q=iphne'], fetch: server.fetch }));
    expect(await screen.findByText('Search Results : 57')).toBeTruthy();
    expect(screen.getByTestId('corrected-query').textContent).toBe('Showing results for “iphone” (you searched for “iphne”)');
  });

  it('shows no correction line for a query searched as typed', async () => {
    const server = fakeServer({ 'catalog.search': () => ({ items: [phone('p1', 'Apple iPhone 15')], nextCursor: null, total: 1, correctedQuery: null }) });
    render(renderableApp({ routes: [{ path: '/search', element: <Search /> }], initialEntries: ['/search?q=iphone'], fetch: server.fetch }));
    expect(await screen.findByText('Search Results : 1')).toBeTruthy();
    expect(screen.queryByTestId('corrected-query')).toBeNull();
  });
});

const facets: Facets = {
  total: 57,
  brands: [
    { name: 'Apple', count: 40 },
    { name: 'Belkin', count: 17 },
  ],
  priceBands: PRICE_BANDS.map((band) => ({ id: band.id, label: band.label, count: band.id === 'over-50000' ? 30 : band.id === '20000-50000' ? 27 : 0 })),
  inStock: 50,
};

function Where() {
  return <output data-testid="where">{useLocation().search}</output>;
}

function renderSearch(url: string) {
  const server = fakeServer({
    // The refined count: 40 Apple products, 57 in all.
    'catalog.search': (input: any) => ({ items: [phone('p1', 'Apple iPhone 15')], nextCursor: null, total: input.brands ? 40 : 57, correctedQuery: null }),
    'catalog.facets': () => facets,
  });
  const element = (
    <>
      <Search />
      <Where />
    </>
  );
  render(renderableApp({ routes: [{ path: '/search', element }], initialEntries: [url], fetch: server.fetch }));
  return server;
}

const where = () => decodeURIComponent(screen.getByTestId('where').textContent ?? '');
const panel = () => within(screen.getByRole('complementary', { name: 'Filters' }));

describe('the search page: refining the results', () => {
  afterEach(cleanup);

  it('shows the counts of the whole search beside each choice, and the refined total', async () => {
    const server = renderSearch('/search?q=iphone');
    expect(await panel().findByRole('checkbox', { name: 'Apple (40)' })).toBeTruthy();
    expect(panel().getByRole('radio', { name: 'Over ₹50,000 (30)' })).toBeTruthy();
    expect(panel().getByRole<HTMLInputElement>('radio', { name: 'Under ₹1,000 (0)' }).disabled).toBe(true);
    expect(panel().getByRole('checkbox', { name: 'In stock only (50)' })).toBeTruthy();
    expect(server.inputsOf('catalog.facets')).toEqual([{ q: 'iphone' }]);
    expect(await screen.findByText('Search Results : 57')).toBeTruthy();

    fireEvent.click(panel().getByRole('checkbox', { name: 'Apple (40)' }));
    expect(where()).toBe('?q=iphone&brand=Apple');
    expect(await screen.findByText('Search Results : 40')).toBeTruthy();
    expect(server.inputsOf('catalog.search').at(-1)).toEqual({ q: 'iphone', limit: 48, brands: ['Apple'], direction: 'forward' });

    fireEvent.click(panel().getByRole('radio', { name: 'Over ₹50,000 (30)' }));
    fireEvent.click(panel().getByRole('checkbox', { name: 'In stock only (50)' }));
    expect(where()).toBe('?q=iphone&brand=Apple&price=over-50000&instock=1');
    await waitFor(() =>
      expect(server.inputsOf('catalog.search').at(-1)).toEqual({ q: 'iphone', limit: 48, brands: ['Apple'], price: 'over-50000', inStock: true, direction: 'forward' }),
    );

    fireEvent.click(panel().getByRole('button', { name: 'Clear filters' }));
    expect(where()).toBe('?q=iphone');
    expect(await screen.findByText('Search Results : 57')).toBeTruthy();
    // Brand, price and stock counts are the whole search's; the facets are asked for with the refine (spec facets respect it).
    await waitFor(() => expect(server.inputsOf('catalog.facets').at(-1)).toEqual({ q: 'iphone' }));
    expect(server.inputsOf('catalog.facets')).toContainEqual({ q: 'iphone', brands: ['Apple'], price: 'over-50000', inStock: true });
  });

  it('the refine panel is a GET form that keeps the query, for browsers without scripts', async () => {
    renderSearch('/search?q=iphone&brand=Apple');
    const form = (await panel().findByRole<HTMLInputElement>('checkbox', { name: 'Apple (40)' })).form!;
    expect(form.getAttribute('action')).toBe('/search');
    expect(new URLSearchParams(new FormData(form) as unknown as Record<string, string>).toString()).toBe('q=iphone&sort=&brand=Apple&price=');
  });

  it('phones: a Filter button opens a sheet whose choices apply with "Show results"', async () => {
    const server = renderSearch('/search?q=iphone&instock=1');
    const bar = within(screen.getByRole('group', { name: 'Sort and filter' }));
    fireEvent.click(bar.getByRole('button', { name: 'Filter (1)' }));
    const dialog = screen.getByRole('dialog', { name: 'Filter' });
    expect(within(dialog).queryByRole('checkbox', { name: 'Mobiles' })).toBeNull();
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: 'Belkin (17)' }));
    fireEvent.click(within(dialog).getByRole('radio', { name: '₹20,000 – ₹50,000 (27)' }));
    expect(where()).toBe('?q=iphone&instock=1');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Show results' }));
    expect(where()).toBe('?q=iphone&brand=Belkin&price=20000-50000&instock=1');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(bar.getByRole('button', { name: 'Filter (3)' })).toBeTruthy();
    await waitFor(() =>
      expect(server.inputsOf('catalog.search').at(-1)).toEqual({ q: 'iphone', limit: 48, brands: ['Belkin'], price: '20000-50000', inStock: true, direction: 'forward' }),
    );
  });
});

describe('the search page: sorting', () => {
  afterEach(cleanup);
  const searchInputs = (server: ReturnType<typeof renderSearch>) => server.inputsOf('catalog.search');

  it('is by relevance until a price order is chosen, shows the order in effect, and goes back to relevance', async () => {
    const server = renderSearch('/search?q=iphone');
    await screen.findByText('Search Results : 57');
    expect(panel().getByRole<HTMLInputElement>('radio', { name: 'Relevance' }).checked).toBe(true);
    expect(searchInputs(server).at(-1)).not.toHaveProperty('sort');

    fireEvent.click(panel().getByRole('radio', { name: 'Price - Low to High' }));
    expect(where()).toBe('?q=iphone&sort=asc');
    await waitFor(() => expect(searchInputs(server).at(-1)).toMatchObject({ q: 'iphone', sort: 'asc' }));
    expect(panel().getByRole<HTMLInputElement>('radio', { name: 'Price - Low to High' }).checked).toBe(true);
    expect(panel().getByRole<HTMLInputElement>('radio', { name: 'Relevance' }).checked).toBe(false);

    fireEvent.click(panel().getByRole('radio', { name: 'Relevance' }));
    expect(where()).toBe('?q=iphone');
    expect(panel().getByRole<HTMLInputElement>('radio', { name: 'Relevance' }).checked).toBe(true);
  });

  it('reads the order from the address, with the refine', async () => {
    const server = renderSearch('/search?q=iphone&sort=dsc&brand=Apple');
    await waitFor(() => expect(searchInputs(server)[0]).toEqual({ q: 'iphone', limit: 48, sort: 'dsc', brands: ['Apple'], direction: 'forward' }));
    expect(panel().getByRole<HTMLInputElement>('radio', { name: 'Price - High to Low' }).checked).toBe(true);
  });

  it('phones: the Sort button names the order in effect, and its sheet offers relevance back', async () => {
    const server = renderSearch('/search?q=iphone');
    const bar = within(screen.getByRole('group', { name: 'Sort and filter' }));
    const sortButton = bar.getByRole('button', { name: 'Sort: Relevance' });
    fireEvent.click(sortButton);
    const sheet = screen.getByRole('dialog', { name: 'Sort by' });
    expect(within(sheet).getByRole<HTMLInputElement>('radio', { name: 'Relevance' }).checked).toBe(true);
    fireEvent.click(within(sheet).getByRole('radio', { name: 'Price - High to Low' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(where()).toBe('?q=iphone&sort=dsc');
    expect(bar.getByRole('button', { name: 'Sort: Price - High to Low' })).toBe(sortButton);
    await waitFor(() => expect(searchInputs(server).at(-1)).toMatchObject({ sort: 'dsc' }));

    fireEvent.click(sortButton);
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Sort by' })).getByRole('radio', { name: 'Relevance' }));
    expect(where()).toBe('?q=iphone');
    expect(bar.getByRole('button', { name: 'Sort: Relevance' })).toBe(sortButton);
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { httpBatchLink } from '@trpc/client';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CardProduct } from '../../components/product/product-card';
import { fakeServer, renderableApp } from '../../lib/test-providers';
import { trpc } from '../../lib/trpc';
import { PRICE_BANDS, type Facets } from '../../../shared/facets';
import { Component as ProductCategoryPage } from './product-category';

const phone: CardProduct = { _id: 'p1', productName: 'Test Phone', category: 'mobiles', productImage: [], price: 2_000_000, sellingPrice: 1_500_000, stock: 5, trackStock: true };
const mouse: CardProduct = { ...phone, _id: 'p2', productName: 'Test Mouse', category: 'Mouse' };

const facets: Facets = {
  total: 14,
  brands: [
    { name: 'Apple', count: 12 },
    { name: 'Samsung', count: 2 },
  ],
  priceBands: PRICE_BANDS.map((band) => ({ id: band.id, label: band.label, count: band.id === '10000-20000' ? 9 : band.id === 'over-50000' ? 0 : 1 })),
  inStock: 11,
};

function shop() {
  return fakeServer({
    'catalog.list': () => ({ items: [phone, mouse], nextCursor: null, total: 2 }),
    'catalog.filter': (input: any) => {
      const items = [phone, mouse].filter((p) => (input.categories as string[]).includes(p.category));
      return { items, nextCursor: null, total: items.length };
    },
    'catalog.facets': () => facets,
  });
}

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.search}</output>;
}

const routes = [
  {
    path: '/product-category',
    element: (
      <>
        <ProductCategoryPage />
        <Where />
      </>
    ),
  },
];

function renderPage(url: string, server = shop()) {
  render(renderableApp({ routes, initialEntries: [url], fetch: server.fetch }));
  return server;
}

const where = () => decodeURIComponent(screen.getByTestId('where').textContent ?? '');
const bar = () => within(screen.getByRole('group', { name: 'Sort and filter' }));
const sheet = (name: string) => screen.getByRole('dialog', { name });

describe('the category page on phones: Sort and Filter sheets', () => {
  afterEach(cleanup);

  it('shows Sort and Filter in the page as the server sends it, with the ticked categories counted', () => {
    renderPage('/product-category?category=mobiles&category=Mouse');
    expect(bar().getByRole('button', { name: 'Sort: Newest first' })).toBeTruthy();
    expect(bar().getByRole('button', { name: 'Filter (2)' })).toBeTruthy();
    // Hidden where the desktop panel shows, and always there below it: its space is never added later.
    expect(screen.getByRole('group', { name: 'Sort and filter' }).className).toMatch(/(^| )lg:hidden( |$)/);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says just "Filter" while nothing is ticked', () => {
    renderPage('/product-category');
    expect(bar().getByRole('button', { name: 'Filter' })).toBeTruthy();
  });

  it('Sort: a choice goes into the address at once and closes the sheet, focus back on Sort', async () => {
    const server = renderPage('/product-category?category=mobiles');
    const sortButton = bar().getByRole('button', { name: 'Sort: Newest first' });
    sortButton.focus();
    fireEvent.click(sortButton);

    const dialog = sheet('Sort by');
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(document.body.style.overflow).toBe('hidden');
    // The desktop panel's own radios, the default order chosen.
    expect(within(dialog).getByRole<HTMLInputElement>('radio', { name: 'Newest first' }).checked).toBe(true);
    expect(within(dialog).getByRole<HTMLInputElement>('radio', { name: 'Price - Low to High' }).checked).toBe(false);

    fireEvent.click(within(dialog).getByRole('radio', { name: 'Price - High to Low' }));
    expect(where()).toBe('?category=mobiles&sort=dsc');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(sortButton);
    expect(document.body.style.overflow).toBe('');
    await waitFor(() => expect(server.inputsOf('catalog.filter')).toContainEqual(expect.objectContaining({ categories: ['mobiles'], sort: 'dsc' })));

    // Tapping the choice already made closes the sheet too.
    fireEvent.click(sortButton);
    const again = sheet('Sort by');
    expect(within(again).getByRole<HTMLInputElement>('radio', { name: 'Price - High to Low' }).checked).toBe(true);
    fireEvent.click(within(again).getByRole('radio', { name: 'Price - High to Low' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(where()).toBe('?category=mobiles&sort=dsc');
    expect(sortButton.textContent).toBe('Sort: Price - High to Low');

    // And back to the default order: the sort leaves the address.
    fireEvent.click(sortButton);
    fireEvent.click(within(sheet('Sort by')).getByRole('radio', { name: 'Newest first' }));
    expect(where()).toBe('?category=mobiles');
    expect(sortButton.textContent).toBe('Sort: Newest first');
    await waitFor(() => expect(server.inputsOf('catalog.filter').at(-1)).toMatchObject({ categories: ['mobiles'], sort: 'newest' }));
  });

  it('desktop panel: shows the order in effect and offers the default back', async () => {
    const server = renderPage('/product-category?category=mobiles&sort=asc');
    const panel = within(screen.getByRole('complementary', { name: 'Filters', hidden: true }));
    const radio = (name: string) => panel.getByRole<HTMLInputElement>('radio', { name, hidden: true });
    expect(radio('Price - Low to High').checked).toBe(true);
    expect(radio('Newest first').checked).toBe(false);
    await waitFor(() => expect(server.inputsOf('catalog.filter').at(-1)).toMatchObject({ sort: 'asc' }));
    fireEvent.click(radio('Newest first'));
    expect(where()).toBe('?category=mobiles');
    expect(radio('Newest first').checked).toBe(true);
    await waitFor(() => expect(server.inputsOf('catalog.filter').at(-1)).toMatchObject({ sort: 'newest' }));
  });

  it('Filter: ticks wait for "Show results", which writes ?category= and closes', async () => {
    const server = renderPage('/product-category?sort=asc');
    const filterButton = bar().getByRole('button', { name: 'Filter' });
    filterButton.focus();
    fireEvent.click(filterButton);

    const dialog = sheet('Filter');
    expect(dialog.contains(document.activeElement)).toBe(true);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Mobiles' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Mouse' }));
    expect(within(dialog).getByRole<HTMLInputElement>('checkbox', { name: 'Mobiles' }).checked).toBe(true);
    // Not applied yet: the address and the grid behind the sheet stay as they were.
    expect(where()).toBe('?sort=asc');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Show results' }));
    expect(where()).toBe('?sort=asc&category=mobiles&category=Mouse');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(bar().getByRole('button', { name: 'Filter (2)' }));
    await waitFor(() => expect(server.inputsOf('catalog.filter')).toContainEqual(expect.objectContaining({ categories: ['mobiles', 'Mouse'], sort: 'asc' })));
    // The desktop panel follows the same address.
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Mobiles', hidden: true }).checked).toBe(true);
  });

  it('Filter: "Clear" unticks everything, applied with "Show results"', () => {
    renderPage('/product-category?category=mobiles&category=watches');
    fireEvent.click(bar().getByRole('button', { name: 'Filter (2)' }));
    const dialog = sheet('Filter');
    expect(within(dialog).getByRole<HTMLInputElement>('checkbox', { name: 'Watches' }).checked).toBe(true);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Clear' }));
    expect(
      within(dialog)
        .getAllByRole<HTMLInputElement>('checkbox')
        .filter((box) => box.checked),
    ).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Show results' }));
    expect(where()).toBe('');
    expect(bar().getByRole('button', { name: 'Filter' })).toBeTruthy();
  });

  it('Filter: Escape, the close button or a tap on the backdrop close it without applying the ticks', () => {
    renderPage('/product-category?category=mobiles');
    const open = () => {
      fireEvent.click(bar().getByRole('button', { name: 'Filter (1)' }));
      const dialog = sheet('Filter');
      fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Camera' }));
      return dialog;
    };

    // jsdom sends no `cancel` for Escape; the browser does, and this is what it sends.
    const first = open();
    act(() => {
      first.dispatchEvent(new Event('cancel', { cancelable: true }));
    });
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(within(open()).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    const dialog = open();
    // A drag from inside the sheet that ends on the backdrop is not a tap on it.
    fireEvent.pointerDown(within(dialog).getByRole('heading', { name: 'Filter' }));
    fireEvent.click(dialog);
    expect(screen.queryByRole('dialog')).not.toBeNull();
    fireEvent.pointerDown(dialog);
    fireEvent.click(dialog);
    expect(screen.queryByRole('dialog')).toBeNull();

    expect(where()).toBe('?category=mobiles');
  });

  it('hydrates the server’s HTML without a difference', async () => {
    const server = shop();
    const app = () => {
      const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      const client = trpc.createClient({ links: [httpBatchLink({ url: 'http://shop.test/trpc', fetch: server.fetch })] });
      const router = createMemoryRouter(routes, { initialEntries: ['/product-category?category=mobiles&category=Mouse&sort=asc'] });
      return (
        <trpc.Provider client={client} queryClient={queryClient}>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </trpc.Provider>
      );
    };
    const html = renderToString(app());
    expect(html).toContain('Filter (2)');

    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const errors: string[] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => errors.push(args.map(String).join(' ')));
    const recoverable: unknown[] = [];
    // act() needs this flag; testing-library turns it off around its own async waits, and a wait
    // of an earlier test still settling on a loaded machine left it off here.
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    const root = await act(() => hydrateRoot(container, app(), { onRecoverableError: (error) => recoverable.push(error) }));
    try {
      expect(errors).toEqual([]);
      expect(recoverable).toEqual([]);
    } finally {
      spy.mockRestore();
      act(() => root.unmount());
      container.remove();
    }
  });
});

describe('the category page: refining by brand, price and availability', () => {
  afterEach(cleanup);

  const panel = () => within(screen.getByRole('complementary', { name: 'Filters' }));
  const lastInput = (server: ReturnType<typeof shop>, path: string) => server.inputsOf(path).at(-1);

  it('counts each choice over the ticked categories (every product while none is ticked)', async () => {
    const server = renderPage('/product-category?category=mobiles');
    expect(await panel().findByRole('checkbox', { name: 'Apple (12)' })).toBeTruthy();
    expect(panel().getByRole('checkbox', { name: 'Samsung (2)' })).toBeTruthy();
    expect(panel().getByRole<HTMLInputElement>('radio', { name: 'Any price' }).checked).toBe(true);
    expect(panel().getByRole('radio', { name: '₹10,000 – ₹20,000 (9)' })).toBeTruthy();
    // An empty band would be a dead end.
    expect(panel().getByRole<HTMLInputElement>('radio', { name: 'Over ₹50,000 (0)' }).disabled).toBe(true);
    expect(panel().getByRole('checkbox', { name: 'In stock only (11)' })).toBeTruthy();
    expect(panel().queryByRole('button', { name: 'Clear filters' })).toBeNull();
    expect(server.inputsOf('catalog.facets')).toEqual([{ categories: ['mobiles'] }]);
    // The category panel is still there, above.
    expect(panel().getByRole('checkbox', { name: 'Mobiles' })).toBeTruthy();

    cleanup();
    const all = renderPage('/product-category');
    await panel().findByRole('checkbox', { name: 'Apple (12)' });
    expect(all.inputsOf('catalog.facets')).toEqual([{}]);
  });

  it('a brand, a price band and "In stock only" go into the address at once and into the next query', async () => {
    const server = renderPage('/product-category?category=mobiles&sort=asc');
    fireEvent.click(await panel().findByRole('checkbox', { name: 'Apple (12)' }));
    expect(where()).toBe('?category=mobiles&sort=asc&brand=Apple');
    await waitFor(() => expect(lastInput(server, 'catalog.filter')).toEqual({ categories: ['mobiles'], sort: 'asc', limit: 48, brands: ['Apple'], direction: 'forward' }));

    fireEvent.click(panel().getByRole('checkbox', { name: 'Samsung (2)' }));
    expect(where()).toBe('?category=mobiles&sort=asc&brand=Apple&brand=Samsung');
    fireEvent.click(panel().getByRole('radio', { name: '₹10,000 – ₹20,000 (9)' }));
    expect(where()).toBe('?category=mobiles&sort=asc&brand=Apple&brand=Samsung&price=10000-20000');
    fireEvent.click(panel().getByRole('checkbox', { name: 'In stock only (11)' }));
    expect(where()).toBe('?category=mobiles&sort=asc&brand=Apple&brand=Samsung&price=10000-20000&instock=1');
    await waitFor(() => expect(lastInput(server, 'catalog.filter')).toMatchObject({ brands: ['Apple', 'Samsung'], price: '10000-20000', inStock: true }));
    expect(panel().getByRole<HTMLInputElement>('checkbox', { name: 'In stock only (11)' }).checked).toBe(true);
    // The counts are asked for with the refine (the spec facets respect it; brand, price and stock counts stay the unrefined list's).
    await waitFor(() => expect(lastInput(server, 'catalog.facets')).toEqual({ categories: ['mobiles'], brands: ['Apple', 'Samsung'], price: '10000-20000', inStock: true }));

    fireEvent.click(panel().getByRole('checkbox', { name: 'Apple (12)' }));
    fireEvent.click(panel().getByRole('radio', { name: 'Any price' }));
    expect(where()).toBe('?category=mobiles&sort=asc&brand=Samsung&instock=1');
  });

  it('"Clear filters" drops the brand, price and stock choices, keeping the categories and the sort', async () => {
    const server = renderPage('/product-category?category=mobiles&sort=dsc&brand=Apple&price=under-1000&instock=1');
    await waitFor(() =>
      expect(server.inputsOf('catalog.filter')).toEqual([
        { categories: ['mobiles'], sort: 'dsc', limit: 48, brands: ['Apple'], price: 'under-1000', inStock: true, direction: 'forward' },
      ]),
    );
    expect((await panel().findByRole<HTMLInputElement>('checkbox', { name: 'Apple (12)' })).checked).toBe(true);
    expect(panel().getByRole<HTMLInputElement>('radio', { name: 'Under ₹1,000 (1)' }).checked).toBe(true);

    fireEvent.click(panel().getByRole('button', { name: 'Clear filters' }));
    expect(where()).toBe('?category=mobiles&sort=dsc');
    expect(panel().queryByRole('button', { name: 'Clear filters' })).toBeNull();
    await waitFor(() => expect(lastInput(server, 'catalog.filter')).toEqual({ categories: ['mobiles'], sort: 'dsc', limit: 48, direction: 'forward' }));
  });

  it('a ticked brand the counts do not list stays in view, to be unticked', async () => {
    renderPage('/product-category?brand=Nokia');
    await panel().findByRole('checkbox', { name: 'Apple (12)' });
    fireEvent.click(panel().getByRole('checkbox', { name: 'Nokia' }));
    expect(where()).toBe('');
  });

  it('phones: the Filter sheet holds brand, price and stock choices until "Show results", and counts them on the button', async () => {
    const server = renderPage('/product-category?category=mobiles&brand=Apple');
    const filterButton = bar().getByRole('button', { name: 'Filter (2)' });
    fireEvent.click(filterButton);
    const dialog = sheet('Filter');
    expect((await within(dialog).findByRole<HTMLInputElement>('checkbox', { name: 'Apple (12)' })).checked).toBe(true);

    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Mouse' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Samsung (2)' }));
    fireEvent.click(within(dialog).getByRole('radio', { name: '₹10,000 – ₹20,000 (9)' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'In stock only (11)' }));
    // Not applied: the address and the list behind the sheet stay as they were.
    expect(where()).toBe('?category=mobiles&brand=Apple');
    // The sheet's counts follow the categories ticked in it.
    await waitFor(() => expect(server.inputsOf('catalog.facets')).toContainEqual(expect.objectContaining({ categories: ['mobiles', 'Mouse'] })));

    fireEvent.click(within(dialog).getByRole('button', { name: 'Show results' }));
    expect(where()).toBe('?category=mobiles&category=Mouse&brand=Apple&brand=Samsung&price=10000-20000&instock=1');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(bar().getByRole('button', { name: 'Filter (6)' })).toBeTruthy();
    await waitFor(() =>
      expect(lastInput(server, 'catalog.filter')).toEqual({
        categories: ['mobiles', 'Mouse'],
        sort: 'newest',
        limit: 48,
        brands: ['Apple', 'Samsung'],
        price: '10000-20000',
        inStock: true,
        direction: 'forward',
      }),
    );

    // "Clear" in the sheet clears the refine too; closing without "Show results" keeps the address.
    fireEvent.click(bar().getByRole('button', { name: 'Filter (6)' }));
    fireEvent.click(within(sheet('Filter')).getByRole('button', { name: 'Clear' }));
    expect(within(sheet('Filter')).getByRole<HTMLInputElement>('radio', { name: 'Any price' }).checked).toBe(true);
    fireEvent.click(within(sheet('Filter')).getByRole('button', { name: 'Close' }));
    expect(where()).toBe('?category=mobiles&category=Mouse&brand=Apple&brand=Samsung&price=10000-20000&instock=1');

    fireEvent.click(bar().getByRole('button', { name: 'Filter (6)' }));
    fireEvent.click(within(sheet('Filter')).getByRole('button', { name: 'Clear' }));
    fireEvent.click(within(sheet('Filter')).getByRole('button', { name: 'Show results' }));
    expect(where()).toBe('');
    expect(bar().getByRole('button', { name: 'Filter' })).toBeTruthy();
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { httpBatchLink } from '@trpc/client';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Me } from '../../../shared/schemas/account';
import type { SetupStatus } from '../../../shared/schemas/admin';
import type { Product } from '../../../shared/schemas/catalog';
import { HOME_ROWS } from '../../features/catalog/home-rows';
import { fakeServer, renderableApp } from '../../lib/test-providers';
import { trpc } from '../../lib/trpc';
import { completePage, pageAt, seedQueries } from '../page-data';
import { SPEC_CATEGORY_INFO } from '../../../shared/categories';
import { HomeRoute } from './home';

const product = (id: string, category: Product['category']): Product => ({
  _id: id,
  productName: `Product ${id}`,
  brandName: 'Acme',
  category,
  productImage: [],
  description: '',
  price: 200_000,
  sellingPrice: 150_000,
  stock: 5,
  trackStock: true,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
});

const me = (role: Me['role']): Me => ({
  _id: 'u1',
  name: 'Asha',
  email: 'asha@example.com',
  role,
  profilePic: '',
  createdAt: '2026-11-01T10:00:00.000Z',
  twoFactorEnabled: false,
  mustEnrolTwoFactor: false,
});

const emptyShop: SetupStatus = { productsOnSale: 0, bannersShown: 0, settingsSaved: true, demo: { products: 0, banners: 0 } };

/** The home page against a server whose catalogue holds `byCategory`'s products (none for a category left out). */
function renderHome(opts: { user: Me | null; byCategory?: Partial<Record<Product['category'], Product[]>>; setup?: SetupStatus }) {
  const server = fakeServer({
    'account.me': () => opts.user,
    'catalog.banners': () => ({ desktop: [], mobile: [] }),
    'catalog.categoryBubbles': () => [],
    'catalog.byCategory': (input: any) => ({ items: opts.byCategory?.[input.category as Product['category']] ?? [], nextCursor: null }),
    'admin.setupStatus': () => opts.setup ?? emptyShop,
  });
  render(renderableApp({ routes: [{ path: '/', element: <HomeRoute /> }], fetch: server.fetch }));
  return server;
}

describe('HomeRoute', () => {
  afterEach(cleanup);

  it('leaves out a category row that has no products and shows one that has', async () => {
    const server = renderHome({ user: null, byCategory: { watches: [product('w1', 'watches')] } });
    expect(await screen.findByRole('heading', { name: "Popular's Watches" })).toBeTruthy();
    await waitFor(() => expect(server.inputsOf('catalog.byCategory')).toHaveLength(HOME_ROWS.length));
    await waitFor(() => expect(screen.queryByRole('heading', { name: "Top's Airpodes" })).toBeNull());
    expect(screen.getAllByTestId('product-card')).toHaveLength(1);
    expect(screen.queryByText('No products found in this category.')).toBeNull();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(["Popular's Watches"]);
  });

  it('shows the owner of an empty shop the setup checklist instead of the rows, each step done or linked', async () => {
    renderHome({ user: me('ADMIN'), setup: { ...emptyShop, bannersShown: 2, settingsSaved: false } });
    // The checklist's code is loaded on demand (its first import is slow on a loaded machine).
    expect(await screen.findByRole('heading', { name: 'Set up your shop' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add your first product' }).getAttribute('href')).toBe('/admit-panel/all-products');
    expect(screen.getByRole('link', { name: 'Fill in your shop settings' }).getAttribute('href')).toBe('/admit-panel/settings');
    // Done: ticked, no link.
    expect(screen.queryByRole('link', { name: 'Add a banner' })).toBeNull();
    expect(screen.getByText('Add a banner').textContent).toBe('Add a banner (done)');
    expect(screen.queryByRole('heading', { name: "Top's Airpodes" })).toBeNull();
  });

  it('links the banner step to the Banners page while no banner is shown', async () => {
    renderHome({ user: me('ADMIN') });
    expect((await screen.findByRole('link', { name: 'Add a banner' })).getAttribute('href')).toBe('/admit-panel/banners');
  });

  it('shows no checklist to the owner of a shop with products on sale', async () => {
    const server = renderHome({ user: me('ADMIN'), byCategory: { airpodes: [product('a1', 'airpodes')] }, setup: { ...emptyShop, productsOnSale: 1 } });
    await waitFor(() => expect(server.inputsOf('admin.setupStatus')).toHaveLength(1));
    expect(await screen.findByRole('heading', { name: "Top's Airpodes" })).toBeTruthy();
    expect(screen.queryByTestId('setup-checklist')).toBeNull();
  });

  it('never asks a shopper or a visitor for the setup status', async () => {
    for (const user of [me('GENERAL'), null]) {
      const server = renderHome({ user });
      await waitFor(() => expect(server.inputsOf('account.me')).toHaveLength(1));
      await waitFor(() => expect(server.inputsOf('catalog.byCategory')).toHaveLength(HOME_ROWS.length));
      expect(server.inputsOf('admin.setupStatus')).toEqual([]);
      expect(screen.queryByTestId('setup-checklist')).toBeNull();
      cleanup();
    }
  });

  it('hydrates a server-rendered page whose first row is empty: neither side renders that row', async () => {
    // What the server puts in the page for / (server/routes/pages/render.ts): its queries' answers, the first row's empty.
    const answer = (path: string, input: unknown) => {
      if (path === 'catalog.categories') return SPEC_CATEGORY_INFO;
      if (path === 'catalog.byCategory') return { items: (input as { category: string }).category === 'watches' ? [product('w1', 'watches')] : [], nextCursor: null };
      if (path === 'catalog.banners') return { desktop: [], mobile: [] };
      if (path === 'catalog.categoryBubbles') return [];
      return { timeZone: 'Asia/Kolkata' };
    };
    // The first two home rows are asked once the categories have answered (completePage).
    const first = pageAt('/', new URLSearchParams())!;
    const page = completePage(
      first,
      first.queries.map((query) => answer(query.path, query.input)),
    );
    const seeded = () => {
      const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
      seedQueries(
        queryClient,
        page.queries,
        page.queries.map((query) => answer(query.path, query.input)),
      );
      return queryClient;
    };
    const server = fakeServer({ 'account.me': () => null, 'catalog.byCategory': (input) => answer('catalog.byCategory', input) });
    const client = trpc.createClient({ links: [httpBatchLink({ url: 'http://shop.test/trpc', fetch: server.fetch })] });
    const tree = (queryClient: QueryClient) => (
      <trpc.Provider client={client} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>
          <MemoryRouter>
            <HomeRoute />
          </MemoryRouter>
        </QueryClientProvider>
      </trpc.Provider>
    );

    const html = renderToString(tree(seeded()));
    expect(html).toContain('Popular&#x27;s Watches');
    expect(html).not.toContain('Airpodes');
    expect(html).not.toContain('No products found');

    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const errors: string[] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void errors.push(args.map(String).join(' ')));
    let root: Root | undefined;
    act(() => {
      root = hydrateRoot(container, tree(seeded()), { onRecoverableError: (error) => void errors.push(String(error)) });
    });
    await waitFor(() => expect(server.inputsOf('catalog.byCategory').length).toBeGreaterThan(0));
    expect(errors.filter((e) => /hydrat|did not match|didn't match/i.test(e))).toEqual([]);
    // The first two rows came with the page and are not asked for again.
    expect(server.inputsOf('catalog.byCategory').map((input: any) => input.category)).not.toContain('airpodes');
    expect(container.textContent).not.toContain('Airpodes');
    act(() => root?.unmount());
    spy.mockRestore();
    container.remove();
  });
});

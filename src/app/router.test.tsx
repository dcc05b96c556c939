import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderableApp } from '../lib/test-providers';
import { routes } from './router';

// No server here: every call fails, so the layout renders as for a visitor.
const offline = () => vi.fn<typeof globalThis.fetch>(() => Promise.reject(new Error('offline')));

function renderAt(url: string) {
  render(renderableApp({ routes, initialEntries: [url], fetch: offline() }));
}

describe('routes', () => {
  beforeEach(() => {
    // ScrollRestoration scrolls on navigation; jsdom has no layout to scroll.
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows the error page inside the layout for an unknown address', async () => {
    renderAt('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeTruthy();
    expect(screen.getByTestId('error-detail').textContent).toBe('404 Not Found');
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('contentinfo').textContent).toContain('Voltmart');
  });

  it('loads lazy screens on demand', async () => {
    renderAt('/forgot-password');
    expect(await screen.findByRole('heading', { name: 'Forgot password' })).toBeTruthy();
  });

  it('has every route of the spec under the root layout, with the address step, the policies and the admin’s dashboard, banners, invoices, settings, mail and audit log', () => {
    const children = routes[0]?.children?.[0]?.children ?? [];
    const paths = children.map((route) => (route.index ? '/' : route.path));
    expect(paths).toEqual([
      '/',
      'login',
      'forgot-password',
      'reset-password',
      'sign-up',
      'product-category',
      'product/:id',
      'cart',
      'checkout',
      'policies',
      'success',
      'cancel',
      'search',
      'compare',
      'order',
      'account',
      'account/two-factor',
      'confirm-email',
      'admit-panel',
      '*',
    ]);
    const admin = children.find((route) => route.path === 'admit-panel');
    // The Dashboard is the panel's own address (its index), before the spec's three sections.
    expect(admin?.children?.map((route) => (route.index ? '(index)' : route.path))).toEqual([
      '(index)',
      'all-users',
      'all-products',
      'all-orders',
      'import-export',
      'bulk-edit',
      'banners',
      'offers',
      'categories',
      'invoices',
      'settings',
      'mail',
      'returns',
      'audit',
    ]);
  });
});

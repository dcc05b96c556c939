import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Dashboard } from '../../../../shared/schemas/admin';
import { ADMIN_PANEL_QUERY } from '../../../lib/admin-landing';
import { fakeServer, renderableApp, stubMatchMedia } from '../../../lib/test-providers';
import { WIDE_SCREEN_QUERY } from '../../../features/admin/hooks/use-media-query';
import { Component as AdminLayout } from './admin-layout';
import { Component as AllOrders } from './all-orders';
import { Component as DashboardPage } from './dashboard';

const admin = {
  _id: 'a1',
  name: 'Asha Rao',
  email: 'asha@voltmart.in',
  role: 'ADMIN',
  profilePic: '',
  createdAt: '2026-11-01T10:00:00.000Z',
  twoFactorEnabled: true,
  mustEnrolTwoFactor: false,
};

const dashboard: Dashboard = {
  timeZone: 'Asia/Kolkata',
  today: '2026-11-22',
  todayTotals: { revenue: 129_900, orders: 1 },
  monthTotals: { revenue: 6_127_900, orders: 3 },
  revenueByDay: [{ date: '2026-11-22', revenue: 129_900, orders: 1 }],
  lowStock: [],
  paidNotInStock: 0,
};

function renderPanel(url: string) {
  const server = fakeServer({
    'account.me': () => admin,
    'admin.dashboard': () => dashboard,
    'admin.setupStatus': () => ({ productsOnSale: 3, bannersShown: 1, settingsSaved: true, demo: { products: 0, banners: 0 } }),
    'admin.orders': () => ({ items: [], nextCursor: null }),
  });
  render(
    renderableApp({
      routes: [
        {
          path: '/admit-panel',
          element: <AdminLayout />,
          children: [
            { index: true, element: <DashboardPage /> },
            { path: 'all-orders', element: <AllOrders /> },
          ],
        },
      ],
      initialEntries: [url],
      fetch: server.fetch,
    }),
  );
  return server;
}

const sections = () => within(screen.getByRole('navigation', { name: 'Admin sections' }));

describe("the admin panel's Dashboard", () => {
  beforeEach(() => {
    // A desktop window: the panel shows.
    stubMatchMedia((query) => query === WIDE_SCREEN_QUERY);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('is the panel’s first page and its first entry, current only on its own address', async () => {
    renderPanel('/admit-panel');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    expect((await screen.findByTestId('today-revenue')).textContent).toBe('₹1,299.00');
    const links = sections().getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')]).slice(0, 4)).toEqual([
      ['Dashboard', '/admit-panel'],
      ['All Users', '/admit-panel/all-users'],
      ['All Products', '/admit-panel/all-products'],
      ['All Orders', '/admit-panel/all-orders'],
    ]);
    expect(sections().getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page');

    fireEvent.click(sections().getByRole('link', { name: 'All Orders' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'All Orders' })).toBeTruthy();
    expect(sections().getByRole('link', { name: 'All Orders' }).getAttribute('aria-current')).toBe('page');
    expect(sections().getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBeNull();
    // The orders page no longer carries the dashboard at its top.
    await waitFor(() => expect(screen.queryByTestId('today-revenue')).toBeNull());
  });

  it('opens the panel where signing in lands an admin (the same width)', () => {
    expect(ADMIN_PANEL_QUERY).toBe(WIDE_SCREEN_QUERY);
  });
});

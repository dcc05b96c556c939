import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Dashboard } from '../../../../shared/schemas/admin';
import { fakeServer, renderableApp } from '../../../lib/test-providers';
import { DashboardPanel, ORDERS_NEEDING_STOCK_PATH } from './dashboard-panel';

function dashboard(patch: Partial<Dashboard> = {}): Dashboard {
  return {
    timeZone: 'Asia/Kolkata',
    today: '2026-11-22',
    todayTotals: { revenue: 129_900, orders: 1 },
    monthTotals: { revenue: 6_127_900, orders: 3 },
    revenueByDay: [
      { date: '2026-11-21', revenue: 0, orders: 0 },
      { date: '2026-11-22', revenue: 129_900, orders: 1 },
    ],
    lowStock: [],
    paidNotInStock: 0,
    ...patch,
  };
}

function renderPanel(data: Dashboard) {
  const server = fakeServer({ 'admin.dashboard': () => data });
  render(renderableApp({ routes: [{ path: '/', element: <DashboardPanel /> }], fetch: server.fetch }));
}

describe('DashboardPanel', () => {
  afterEach(cleanup);

  it('shows no red card while every paid order got its units', async () => {
    renderPanel(dashboard());
    expect((await screen.findByTestId('today-orders')).textContent).toBe('1');
    expect(screen.queryByTestId('paid-not-in-stock')).toBeNull();
  });

  it('links the count of orders paid for units not in stock to the list of just those', async () => {
    renderPanel(dashboard({ paidNotInStock: 2 }));
    const card = await screen.findByRole('link', { name: /^Paid, not in stock: 2 orders — restock or refund/ });
    expect(card.getAttribute('href')).toBe('/admit-panel/all-orders?attention=1');
    expect(ORDERS_NEEDING_STOCK_PATH).toBe('/admit-panel/all-orders?attention=1');
  });

  it('counts one order in the singular', async () => {
    renderPanel(dashboard({ paidNotInStock: 1 }));
    expect((await screen.findByTestId('paid-not-in-stock')).textContent).toContain('Paid, not in stock: 1 order — restock or refund');
  });
});

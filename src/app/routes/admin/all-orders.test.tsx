import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdminOrder, Dashboard } from '../../../../shared/schemas/admin';
import { fakeServer, renderableApp, withToastHost } from '../../../lib/test-providers';
import { Component as AllOrders } from './all-orders';
import { Component as DashboardPage } from './dashboard';

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

const line = { productId: 'p1', name: 'Sony WH-1000XM5', image: [], price: 2_999_000, quantity: 1, notInStock: 0 };
function order(id: string, patch: Partial<AdminOrder> = {}): AdminOrder {
  return {
    _id: id,
    orderNumber: `VM-2026-${id}`,
    userId: 'u1',
    email: 'ravi@example.com',
    customer: { name: 'Ravi Shopper', email: 'ravi@example.com' },
    status: 'paid',
    createdAt: '2026-11-22T08:00:00.000Z',
    updatedAt: '2026-11-22T08:00:00.000Z',
    paidAt: '2026-11-22T08:05:00.000Z',
    productDetails: [line],
    paymentDetails: { paymentId: 'pi_1', payment_method_type: ['card'], payment_status: 'paid' },
    shipping_options: [],
    shippingAddress: null,
    subtotalAmount: 2_999_000,
    totalAmount: 2_999_000,
    amountCharged: 2_999_000,
    amountMismatch: false,
    stockShortfall: 0,
    deliveryAddress: null,
    tax: null,
    invoice: null,
    creditNote: null,
    paymentMethod: 'online',
    provider: 'stripe',
    codFee: 0,
    refund: null,
    ...patch,
  };
}

/**
 * A shop with one ordinary order and one paid for a unit that was re-sold meanwhile, until an
 * admin takes it from stock; `timeZone` is the owner's setting, as settings.storefront gives it.
 */
function shop(timeZone?: string) {
  let owed = 1;
  const orders = () => [order('ord_short', { stockShortfall: owed, productDetails: [{ ...line, notInStock: owed }] }), order('ord_ok')];
  const dashboard = (): Dashboard => ({
    timeZone: 'Asia/Kolkata',
    today: '2026-11-22',
    todayTotals: { revenue: 0, orders: 0 },
    monthTotals: { revenue: 0, orders: 0 },
    revenueByDay: [{ date: '2026-11-22', revenue: 0, orders: 0 }],
    lowStock: [],
    paidNotInStock: owed > 0 ? 1 : 0,
  });
  return fakeServer({
    ...(timeZone ? { 'settings.storefront': () => ({ timeZone }) } : {}),
    'admin.dashboard': dashboard,
    'admin.orders': (input: any) => ({
      items: orders().filter((o) => (!input?.attention || o.stockShortfall > 0) && (!input?.q || o.orderNumber.toUpperCase() === String(input.q).toUpperCase())),
      nextCursor: null,
    }),
    'admin.resolveShortage': () => {
      owed = 0;
      return orders()[0];
    },
  });
}

function renderPage(url: string, timeZone?: string) {
  const server = shop(timeZone);
  render(
    renderableApp({
      routes: [
        { path: '/admit-panel', element: <DashboardPage /> },
        {
          path: '/admit-panel/all-orders',
          element: (
            <>
              <AllOrders />
              <Where />
            </>
          ),
        },
      ],
      initialEntries: [url],
      fetch: server.fetch,
      toasts: true,
    }),
  );
  return server;
}

const needsStock = () => screen.getByRole<HTMLInputElement>('checkbox', { name: 'Needs stock' });
const shownOrders = () => screen.getAllByTestId('admin-order').map((li) => li.getAttribute('data-order-id'));
const lastOrdersInput = (server: ReturnType<typeof shop>) => server.inputsOf('admin.orders').at(-1);

describe('All orders page', () => {
  withToastHost();
  afterEach(cleanup);

  it('filters by every status, cash on delivery ones included', async () => {
    const server = renderPage('/admit-panel/all-orders');
    await waitFor(() => expect(shownOrders()).toEqual(['ord_short', 'ord_ok']));
    const filter = screen.getByLabelText<HTMLSelectElement>('Status');
    expect([...filter.options].map((o) => o.value)).toEqual(['', 'pending', 'paid', 'confirmed', 'shipped', 'delivered', 'returned', 'cancelled']);
    fireEvent.change(filter, { target: { value: 'returned' } });
    await waitFor(() => expect(lastOrdersInput(server)).toMatchObject({ status: 'returned' }));
  });

  it('links the manifest PDF when parcels await the courier’s pickup, and shows no link when none does', async () => {
    const server = fakeServer({ 'admin.orders': () => ({ items: [], nextCursor: null }), 'shipping.awaitingPickup': () => ({ count: 3 }) });
    render(renderableApp({ routes: [{ path: '/', element: <AllOrders /> }], fetch: server.fetch }));
    const link = await screen.findByRole('link', { name: 'Print manifest (PDF)' });
    expect(link.getAttribute('href')).toBe('/admin/manifest.pdf');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(screen.getByTestId('manifest-link').textContent).toContain('3 parcels awaiting the courier’s pickup');
    cleanup();
    renderPage('/admit-panel/all-orders');
    await waitFor(() => expect(shownOrders()).toEqual(['ord_short', 'ord_ok']));
    expect(screen.queryByRole('link', { name: 'Print manifest (PDF)' })).toBeNull();
  });

  it('shows only the orders needing stock when the address says ?attention=1', async () => {
    const server = renderPage('/admit-panel/all-orders?attention=1');
    await waitFor(() => expect(shownOrders()).toEqual(['ord_short']));
    expect(needsStock().checked).toBe(true);
    expect(lastOrdersInput(server)).toMatchObject({ attention: true });
  });

  it('turns the Needs stock filter on and off, in the address too', async () => {
    const server = renderPage('/admit-panel/all-orders');
    await waitFor(() => expect(shownOrders()).toEqual(['ord_short', 'ord_ok']));
    expect(needsStock().checked).toBe(false);
    expect(lastOrdersInput(server)).not.toHaveProperty('attention');

    fireEvent.click(needsStock());
    await waitFor(() => expect(shownOrders()).toEqual(['ord_short']));
    expect(screen.getByTestId('where').textContent).toBe('/admit-panel/all-orders?attention=1');
    expect(lastOrdersInput(server)).toMatchObject({ attention: true });

    fireEvent.click(needsStock());
    await waitFor(() => expect(shownOrders()).toEqual(['ord_short', 'ord_ok']));
    expect(screen.getByTestId('where').textContent).toBe('/admit-panel/all-orders');
  });

  it('searches as the admin types (once they pause), sends the term trimmed, and says when nothing matches', async () => {
    const server = renderPage('/admit-panel/all-orders');
    await waitFor(() => expect(shownOrders()).toEqual(['ord_short', 'ord_ok']));
    const box = screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search orders' });
    expect(box.maxLength).toBe(100);
    expect(screen.getByRole('search', { name: 'Search orders' })).toBeTruthy();

    fireEvent.change(box, { target: { value: '  vm-2026-ord_ok ' } });
    await waitFor(() => expect(shownOrders()).toEqual(['ord_ok']));
    expect(lastOrdersInput(server)).toMatchObject({ q: 'vm-2026-ord_ok' });
    // Typing is not a request per key: the term went once.
    expect(server.inputsOf('admin.orders').filter((input: any) => input?.q !== undefined)).toHaveLength(1);

    fireEvent.change(box, { target: { value: 'VM-2026-000999' } });
    expect((await screen.findByTestId('no-search-results')).textContent).toBe('No order matches “VM-2026-000999”.');

    fireEvent.change(box, { target: { value: '' } });
    await waitFor(() => expect(shownOrders()).toEqual(['ord_short', 'ord_ok']));
  });

  it('leaves the dashboard to its own page', async () => {
    renderPage('/admit-panel/all-orders');
    await waitFor(() => expect(shownOrders()).toEqual(['ord_short', 'ord_ok']));
    expect(screen.queryByTestId('today-revenue')).toBeNull();
    expect(screen.queryByTestId('paid-not-in-stock')).toBeNull();
  });

  it("follows the Dashboard's red card to the orders needing stock", async () => {
    renderPage('/admit-panel');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    fireEvent.click(await screen.findByRole('link', { name: /^Paid, not in stock: 1 order/ }));
    await waitFor(() => expect(shownOrders()).toEqual(['ord_short']));
    expect(needsStock().checked).toBe(true);
  });

  it("groups orders by the day they were placed on the shop's clock: India's by default, the setting's once chosen", async () => {
    // Placed at 08:00 UTC on 22 November: 1:30 pm that day in India, 10:00 pm the day before in Honolulu.
    renderPage('/admit-panel/all-orders');
    expect(await screen.findAllByRole('heading', { name: '22 November 2026' })).toHaveLength(1);
    cleanup();
    renderPage('/admit-panel/all-orders', 'Pacific/Honolulu');
    expect(await screen.findAllByRole('heading', { name: '21 November 2026' })).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: '22 November 2026' })).toBeNull();
  });

  it('after Take from stock, the refreshed list no longer shows the order as short', async () => {
    renderPage('/admit-panel/all-orders?attention=1');
    const flagged = await screen.findByTestId('stock-shortfall');
    expect(within(flagged).getByText('Paid, not in stock: restock or refund')).toBeTruthy();
    expect(screen.getByText('(1 not in stock)')).toBeTruthy();

    fireEvent.click(within(flagged).getByRole('button', { name: 'Take from stock: order VM-2026-ord_short' }));
    expect(await screen.findByText('No order is waiting for stock.')).toBeTruthy();

    fireEvent.click(needsStock());
    await waitFor(() => expect(shownOrders()).toEqual(['ord_short', 'ord_ok']));
    expect(screen.queryByTestId('stock-shortfall')).toBeNull();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Pack & ship: order VM-2026-ord_short' }).disabled).toBe(false);
  });

  it('after Pack & ship, the refreshed list shows the order shipped with its parcel', async () => {
    let shipped = false;
    const buds = { ...line, productId: 'p2', name: 'Buds Air' };
    const server = fakeServer({
      'admin.orders': () => ({ items: [order('ord_buds', { productDetails: [buds], status: shipped ? 'shipped' : 'paid' })], nextCursor: null }),
      'admin.dashboard': () => ({}),
      'shipping.packingSheet': () => ({
        orderId: 'ord_buds',
        orderStatus: shipped ? 'shipped' : 'paid',
        lines: [{ itemId: 'it_1', productId: 'p2', name: 'Buds Air', variantLabel: null, sku: null, quantity: 1, unitIds: 'none' }],
        valuePaise: 2_999_000,
        ewayBillThresholdPaise: 5_000_000,
        ewayBillRequired: false,
        parcel: { weightGrams: 500, lengthCm: 20, breadthCm: 15, heightCm: 10 },
        manualCourier: { courierName: 'Delhivery', trackingUrl: '' },
        shipment: null,
      }),
      'shipping.shipManual': () => {
        shipped = true;
        return { orderId: 'ord_buds', shipment: { courierName: 'Delhivery', awb: 'DLV555001' } };
      },
      'shipping.ofOrders': () =>
        shipped
          ? {
              ord_buds: {
                id: 'sh_1',
                status: 'shipped',
                courier: 'manual',
                courierName: 'Delhivery',
                awb: 'DLV555001',
                trackingUrl: null,
                packedAt: '2026-11-23T05:00:00.000Z',
                shippedAt: '2026-11-23T05:00:00.000Z',
                deliveredAt: null,
                units: [],
                timeline: [{ status: 'shipped', at: '2026-11-23T05:00:00.000Z', label: 'Shipped', location: null, reason: null, note: null }],
                parcel: { weightGrams: 500, lengthCm: 20, breadthCm: 15, heightCm: 10 },
                valuePaise: 2_999_000,
                codAmount: 0,
                ewayBill: null,
                ewayBillRequired: false,
                failedReason: null,
                lastError: null,
              },
            }
          : {},
    });
    render(
      renderableApp({ routes: [{ path: '/admit-panel/all-orders', element: <AllOrders /> }], initialEntries: ['/admit-panel/all-orders'], fetch: server.fetch, toasts: true }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Pack & ship: order VM-2026-ord_buds' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pack & ship' });
    fireEvent.change(await within(dialog).findByLabelText('AWB (air waybill number)'), { target: { value: 'DLV555001' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ship' }));
    expect(await screen.findByText('Shipped with Delhivery, AWB DLV555001')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('order-status').textContent).toBe('shipped'));
    expect((await screen.findByTestId('order-parcel')).textContent).toContain('Delhivery · AWB DLV555001');
    expect(screen.getByRole('button', { name: 'Mark delivered: order VM-2026-ord_buds' })).toBeTruthy();
    expect(server.inputsOf('admin.orders').length).toBeGreaterThan(1);
  });
});

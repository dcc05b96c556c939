import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Order } from '../../../shared/schemas/order';
import type { OrderShipment } from '../../../shared/schemas/shipping';
import { FakeServerError, fakeServer, renderableApp, withToastHost } from '../../lib/test-providers';
import { Component as Orders } from './orders';

const shopper = { _id: 'u1', name: 'Ravi Kumar', email: 'ravi@example.com', role: 'GENERAL', profilePic: null };

function order(id: string, patch: Partial<Order> = {}): Order {
  return {
    _id: id,
    orderNumber: `VM-2026-${id}`,
    userId: 'u1',
    email: 'ravi@example.com',
    status: 'confirmed',
    createdAt: '2026-11-20T08:00:00.000Z',
    updatedAt: '2026-11-20T08:00:00.000Z',
    paidAt: null,
    productDetails: [{ productId: 'p1', name: 'Sony WH-1000XM5', image: [], price: 2_999_000, quantity: 1, notInStock: 0 }],
    paymentDetails: { paymentId: null, payment_method_type: ['cod'], payment_status: 'unpaid' },
    shipping_options: [{ shipping_amount: 4900, shipping_rate: 'standard' }],
    shippingAddress: null,
    subtotalAmount: 2_999_000,
    totalAmount: 3_006_400,
    amountCharged: null,
    amountMismatch: false,
    stockShortfall: 0,
    deliveryAddress: null,
    tax: null,
    invoice: null,
    creditNote: null,
    paymentMethod: 'cod',
    provider: 'cod',
    codFee: 2500,
    refund: null,
    ...patch,
  };
}

/** The shopper's orders: one COD order not shipped yet, one shipped, one paid online; `cancel` answers order.cancel. */
function renderPage(cancel?: (input: any) => unknown) {
  let orders = [
    order('o-cod'),
    order('o-shipped', { status: 'shipped' }),
    order('o-card', {
      status: 'paid',
      paidAt: '2026-11-20T08:01:00.000Z',
      paymentMethod: 'online',
      provider: 'stripe',
      codFee: 0,
      paymentDetails: { paymentId: 'pi_1', payment_method_type: ['card'], payment_status: 'paid' },
    }),
  ];
  const server = fakeServer({
    'account.me': () => shopper,
    'settings.storefront': () => ({ timeZone: 'Asia/Kolkata' }),
    'order.list': () => orders,
    'shipping.mine': () => ({}),
    'order.cancel':
      cancel ??
      ((input: any) => {
        orders = orders.map((o) => (o._id === input.orderId ? { ...o, status: 'cancelled' as const } : o));
        return orders.find((o) => o._id === input.orderId);
      }),
  });
  render(renderableApp({ routes: [{ path: '/order', element: <Orders /> }], initialEntries: ['/order'], fetch: server.fetch, toasts: true }));
  return server;
}

const card = (id: string) => screen.getAllByTestId('order').find((li) => li.textContent?.includes(`Order VM-2026-${id}`))!;

describe('Orders page: cancelling a cash on delivery order', () => {
  withToastHost();
  afterEach(cleanup);

  it('offers Cancel order only on a COD order not shipped yet, and asks first', async () => {
    const server = renderPage();
    const cancel = await screen.findByRole('button', { name: 'Cancel order VM-2026-o-cod' });
    expect(within(card('o-shipped')).queryByRole('button', { name: /^Cancel order/ })).toBeNull();
    expect(within(card('o-card')).queryByRole('button', { name: /^Cancel order/ })).toBeNull();

    fireEvent.click(cancel);
    const question = screen.getByRole('group', { name: 'Cancel order VM-2026-o-cod?' });
    fireEvent.click(within(question).getByRole('button', { name: 'Keep order' }));
    expect(server.inputsOf('order.cancel')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Cancel order VM-2026-o-cod' }));
    fireEvent.click(within(screen.getByRole('group', { name: 'Cancel order VM-2026-o-cod?' })).getByRole('button', { name: 'Yes, cancel it' }));
    expect(await screen.findByText('Order cancelled')).toBeTruthy();
    expect(server.inputsOf('order.cancel')).toEqual([{ orderId: 'o-cod' }]);
    // The list is read again: the order shows cancelled, without the button.
    await waitFor(() => expect(within(card('o-cod')).getByTestId('order-status').textContent).toBe('cancelled'));
    expect(screen.queryByRole('button', { name: /^Cancel order/ })).toBeNull();
  });

  it("toasts the server's refusal once the order has shipped", async () => {
    const message = 'This order has shipped and can no longer be cancelled: you may refuse it at the door.';
    renderPage(() => {
      throw new FakeServerError(409, 'INVALID_TRANSITION', message);
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel order VM-2026-o-cod' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, cancel it' }));
    expect(await screen.findByText(message)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Cancel order VM-2026-o-cod?' })).toBeNull());
  });
});

describe('Orders page: the parcel', () => {
  afterEach(cleanup);

  const IMEI = '490154203237518';
  const IMEI_2 = '356938035643809';
  const phoneAndBuds = order('o-phone', {
    status: 'shipped',
    productDetails: [
      { productId: 'p1', name: 'Galaxy S30', image: [], price: 7_500_000, quantity: 1, notInStock: 0 },
      { productId: 'p2', name: 'Buds Air', image: [], price: 199_900, quantity: 1, notInStock: 0 },
      { productId: 'p3', name: 'Vision 43', image: [], price: 3_999_900, quantity: 2, notInStock: 0 },
    ],
  });
  const parcel = (patch: Partial<OrderShipment> = {}): OrderShipment => ({
    id: 'sh_1',
    status: 'shipped',
    courier: 'manual',
    courierName: 'Delhivery',
    awb: 'DLV123456',
    trackingUrl: 'https://track.example.in/awb/DLV123456',
    // 05:00 UTC is 10:30 am in India.
    packedAt: '2026-11-23T05:00:00.000Z',
    shippedAt: '2026-11-23T07:30:00.000Z',
    deliveredAt: null,
    units: [
      { itemId: 'i1', line: 0, unit: 0, kind: 'imei', values: [IMEI, IMEI_2] },
      { itemId: 'i3', line: 2, unit: 0, kind: 'serial', values: ['TV-0001'] },
      { itemId: 'i3', line: 2, unit: 1, kind: 'serial', values: ['TV-0002'] },
    ],
    timeline: [
      { status: 'packed', at: '2026-11-23T05:00:00.000Z', label: 'Packed', location: null, reason: null, note: null },
      { status: 'shipped', at: '2026-11-23T07:30:00.000Z', label: 'Shipped', location: null, reason: null, note: null },
    ],
    ...patch,
  });

  function renderWith(shipments: Record<string, OrderShipment[]>, orders: Order[] = [phoneAndBuds, order('o-cod')], timeZone = 'Asia/Kolkata') {
    const server = fakeServer({
      'account.me': () => shopper,
      'settings.storefront': () => ({ timeZone }),
      'order.list': () => orders,
      'shipping.mine': () => shipments,
    });
    render(renderableApp({ routes: [{ path: '/order', element: <Orders /> }], initialEntries: ['/order'], fetch: server.fetch }));
    return server;
  }

  it('shows the courier, AWB, a Track your parcel link in a new tab, the timeline on the shop’s clock, and each unit’s number by its line, from one call', async () => {
    const server = renderWith({ 'o-phone': [parcel()] });
    const box = await within(await waitFor(() => card('o-phone'))).findByTestId('order-parcel');
    expect(server.inputsOf('shipping.mine')).toHaveLength(1);
    expect(within(box).getByTestId('parcel-status').textContent).toBe('Shipped');
    expect(within(box).getByTestId('parcel-courier').textContent).toBe('Delhivery · AWB DLV123456');
    const track = within(box).getByRole('link', { name: 'Track your parcel (opens the courier’s page in a new tab)' });
    expect(track.getAttribute('href')).toBe('https://track.example.in/awb/DLV123456');
    expect(track.getAttribute('target')).toBe('_blank');
    expect(track.getAttribute('rel')).toBe('noopener noreferrer');
    const steps = within(within(box).getByRole('list', { name: 'Timeline' })).getAllByRole('listitem');
    expect(steps.map((step) => step.querySelector('p')?.textContent)).toEqual(['Packed', 'Shipped with Delhivery, AWB DLV123456']);
    expect(steps[0]!.textContent).toContain('23 Nov 2026, 10:30 am IST');

    const notes = within(card('o-phone')).getAllByTestId('line-unit-numbers');
    expect(notes.map((note) => note.textContent)).toEqual([`IMEI ${IMEI}, ${IMEI_2}`, 'Unit 1: Serial no. TV-0001Unit 2: Serial no. TV-0002']);
    // Two notes for three lines: the earphones need none. The order without a parcel shows none.
    expect(within(card('o-cod')).queryByTestId('order-parcel')).toBeNull();
  });

  it('reads times on the owner’s clock, says Delivered, or Delivery failed with the courier’s reason', async () => {
    renderWith(
      {
        'o-phone': [
          parcel({
            status: 'delivery_failed',
            timeline: [
              ...parcel().timeline,
              { status: 'out_for_delivery', at: '2026-11-24T03:00:00.000Z', label: 'Out for delivery', location: 'Bengaluru hub', reason: null, note: null },
              {
                status: 'delivery_failed',
                at: '2026-11-24T09:00:00.000Z',
                label: 'Delivery failed: customer not available',
                location: null,
                reason: 'customer not available',
                note: null,
              },
            ],
          }),
        ],
        'o-done': [
          parcel({
            id: 'sh_2',
            status: 'delivered',
            timeline: [...parcel().timeline, { status: 'delivered', at: '2026-11-25T06:00:00.000Z', label: 'Delivered', location: null, reason: null, note: null }],
          }),
        ],
      },
      [phoneAndBuds, order('o-done', { status: 'delivered' })],
      'Pacific/Honolulu',
    );
    const failed = await within(await waitFor(() => card('o-phone'))).findByTestId('order-parcel');
    expect(within(failed).getByTestId('parcel-status').textContent).toBe('Delivery failed');
    const steps = within(failed)
      .getAllByRole('listitem')
      .map((step) => step.textContent);
    expect(steps[2]).toContain('Out for delivery');
    expect(steps[2]).toContain('Bengaluru hub');
    expect(steps[3]).toContain('Delivery failed: customer not available');
    // 09:00 UTC on 24 November is 11:00 pm the day before in Honolulu.
    expect(steps[3]).toContain('23 Nov 2026, 11:00 pm');
    const done = within(card('o-done')).getByTestId('order-parcel');
    expect(within(done).getByTestId('parcel-status').textContent).toBe('Delivered');
    expect(within(done).getAllByRole('listitem').at(-1)?.textContent).toContain('Delivered');
  });

  it('hides a parcel unpacked when its order was cancelled, and still shows the orders when the parcels cannot be read', async () => {
    renderWith({ 'o-phone': [parcel({ status: 'cancelled', awb: null, courierName: null, trackingUrl: null })] });
    await waitFor(() => expect(card('o-phone')).toBeTruthy());
    expect(screen.queryByTestId('order-parcel')).toBeNull();
    expect(screen.queryByTestId('line-unit-numbers')).toBeNull();
    cleanup();

    const server = fakeServer({
      'account.me': () => shopper,
      'order.list': () => [phoneAndBuds],
      'shipping.mine': () => {
        throw new FakeServerError(500, 'INTERNAL', 'Something went wrong');
      },
    });
    render(renderableApp({ routes: [{ path: '/order', element: <Orders /> }], initialEntries: ['/order'], fetch: server.fetch }));
    await waitFor(() => expect(card('o-phone')).toBeTruthy());
    expect(screen.queryByTestId('order-parcel')).toBeNull();
  });
});

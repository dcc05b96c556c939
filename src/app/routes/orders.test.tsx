import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Order } from '../../../shared/schemas/order';
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

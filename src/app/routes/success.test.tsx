import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Order } from '../../../shared/schemas/order';
import { fakeServer, renderableApp } from '../../lib/test-providers';
import { Component as Success } from './success';

const codOrder = {
  _id: 'o-cod',
  orderNumber: 'VM-2026-000042',
  status: 'confirmed',
  paymentMethod: 'cod',
  provider: 'cod',
  codFee: 2500,
  totalAmount: 3_006_400,
} as Partial<Order>;

function renderAt(url: string) {
  const server = fakeServer({
    'order.list': () => [codOrder],
    'checkout.confirmReturn': () => ({ status: 'paid', orderId: 'o-card', orderNumber: 'VM-2026-000043' }),
  });
  render(renderableApp({ routes: [{ path: '/success', element: <Success /> }], initialEntries: [url], fetch: server.fetch }));
  return server;
}

describe('Success page', () => {
  afterEach(cleanup);

  it('says how much cash to have ready for a cash on delivery order, and links the orders', async () => {
    const server = renderAt('/success?order_id=o-cod');
    expect(await screen.findByRole('heading', { name: 'Order placed!' })).toBeTruthy();
    expect(screen.getByTestId('cod-message').textContent).toBe('Pay ₹30,064.00 in cash when it arrives.');
    // The readable number the shopper quotes, never the internal id.
    expect(screen.getByTestId('success-order-number').textContent).toBe('Order VM-2026-000042');
    expect(document.body.textContent).not.toContain('o-cod');
    expect(screen.getByRole('link', { name: 'See Order' }).getAttribute('href')).toBe('/order');
    expect(server.inputsOf('checkout.confirmReturn')).toEqual([]);
  });

  it('still confirms a payment by its session id', async () => {
    const server = renderAt('/success?session_id=cs_test_1');
    expect(await screen.findByRole('heading', { name: 'Payment Successfully' })).toBeTruthy();
    expect(screen.getByTestId('success-order-number').textContent).toBe('Order VM-2026-000043');
    expect(server.inputsOf('checkout.confirmReturn')).toEqual([{ sessionId: 'cs_test_1' }]);
  });
});

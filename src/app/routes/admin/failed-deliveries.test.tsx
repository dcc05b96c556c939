import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeServerError, fakeServer, renderableApp, withToastHost } from '../../../lib/test-providers';
import { Component as AllOrders } from './all-orders';

// The Failed deliveries panel at the top of All orders (issue 29's NDR queue) against a fake
// server whose queue loses an entry once it is answered, as shipping.answerNdr does.

type Entry = {
  orderId: string;
  orderNumber: string;
  awb: string | null;
  courierName: string | null;
  courier: 'manual' | 'shiprocket';
  reason: string | null;
  attempts: number;
  failedAt: string;
  customer: string;
  phone: string | null;
  pin: string | null;
};

const ASHA: Entry = {
  orderId: 'ord_asha',
  orderNumber: 'VM-2026-000041',
  awb: '19041234567890',
  courierName: 'Delhivery Surface',
  courier: 'shiprocket',
  reason: 'Consignee not available',
  attempts: 2,
  failedAt: '2026-11-27T04:30:00.000Z',
  customer: 'Asha Rao',
  phone: '+919845011111',
  pin: '560001',
};
const RAVI: Entry = {
  ...ASHA,
  orderId: 'ord_ravi',
  orderNumber: 'VM-2026-000042',
  awb: 'DLV123456',
  courierName: 'Delhivery',
  courier: 'manual',
  reason: 'Address not found',
  attempts: 1,
  customer: 'Ravi Kumar',
  phone: '+919845022222',
  pin: '400001',
};

function renderPage(initial: Entry[], answer?: (input: any) => unknown) {
  let queue = initial;
  const server = fakeServer({
    'admin.orders': () => ({ items: [], nextCursor: null }),
    'shipping.ndrQueue': () => queue,
    'shipping.answerNdr': (input: any) => {
      if (answer) return answer(input);
      queue = queue.filter((e) => e.orderId !== input.orderId);
      return { orderId: input.orderId, shipment: null };
    },
  });
  render(renderableApp({ routes: [{ path: '/admit-panel/all-orders', element: <AllOrders /> }], initialEntries: ['/admit-panel/all-orders'], fetch: server.fetch, toasts: true }));
  return server;
}

describe('Failed deliveries on All orders', () => {
  withToastHost();
  afterEach(cleanup);

  it('is not shown while no delivery waits for an answer', async () => {
    const server = renderPage([]);
    await screen.findByRole('heading', { name: 'Orders' });
    await waitFor(() => expect(server.inputsOf('shipping.ndrQueue')).toHaveLength(1));
    expect(screen.queryByTestId('failed-deliveries')).toBeNull();
    expect(screen.queryByRole('heading', { name: /Failed deliveries/ })).toBeNull();
  });

  it('lists each failed delivery: order, customer, phone, PIN, the courier’s reason, attempts and when', async () => {
    renderPage([ASHA, RAVI]);
    const panel = await screen.findByRole('region', { name: 'Failed deliveries (2)' });
    const [asha, ravi] = within(panel).getAllByTestId('ndr-entry');
    expect(asha!.textContent).toContain('Order VM-2026-000041 · Asha Rao');
    expect(within(asha!).getByRole('link', { name: '+91 98450 11111' }).getAttribute('href')).toBe('tel:+919845011111');
    expect(asha!.textContent).toContain('PIN 560001');
    expect(asha!.textContent).toContain('Delhivery Surface AWB 19041234567890');
    expect(within(asha!).getByTestId('ndr-reason').textContent).toBe('Consignee not available');
    // On the shop's clock (India's by default).
    expect(asha!.textContent).toContain('2 attempts, last 27 Nov 2026, 10:00 am');
    expect(ravi!.textContent).toContain('1 attempt, last');
    expect(within(ravi!).getByTestId('ndr-reason').textContent).toBe('Address not found');
  });

  it('“Deliver again” sends the note for the courier’s agent; the answered parcel leaves the panel', async () => {
    const server = renderPage([ASHA, RAVI]);
    fireEvent.click(await screen.findByRole('button', { name: 'Deliver again: order VM-2026-000041' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deliver again' });
    fireEvent.change(within(dialog).getByLabelText('Note for the courier’s agent (optional)'), { target: { value: ' Shopper at home after 6 pm ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deliver again' }));
    expect(await screen.findByText('Order VM-2026-000041: the courier will deliver again')).toBeTruthy();
    expect(server.inputsOf('shipping.answerNdr')).toEqual([{ orderId: 'ord_asha', action: 're-attempt', note: 'Shopper at home after 6 pm' }]);
    await waitFor(() => expect(screen.getAllByTestId('ndr-entry')).toHaveLength(1));
    expect(screen.getByRole('region', { name: 'Failed deliveries (1)' })).toBeTruthy();
  });

  it('“Return to shop” is asked first; kept waiting, nothing is sent; confirmed, the panel goes with the last entry', async () => {
    const server = renderPage([RAVI]);
    fireEvent.click(await screen.findByRole('button', { name: 'Return to shop: order VM-2026-000042' }));
    let dialog = await screen.findByRole('dialog', { name: 'Return to shop?' });
    expect(dialog.textContent).toContain('its units go back on sale unless they came back damaged');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep waiting' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.inputsOf('shipping.answerNdr')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Return to shop: order VM-2026-000042' }));
    dialog = await screen.findByRole('dialog', { name: 'Return to shop?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Return to shop' }));
    expect(await screen.findByText('Order VM-2026-000042: returning to the shop')).toBeTruthy();
    expect(server.inputsOf('shipping.answerNdr')).toEqual([{ orderId: 'ord_ravi', action: 'return', note: '' }]);
    await waitFor(() => expect(screen.queryByTestId('failed-deliveries')).toBeNull());
  });

  it('shows the courier’s refusal in the dialog and keeps the entry', async () => {
    renderPage([ASHA], () => {
      throw new FakeServerError(502, 'COURIER', 'Shiprocket answered 422: AWB not found in NDR');
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Return to shop: order VM-2026-000041' }));
    const dialog = await screen.findByRole('dialog', { name: 'Return to shop?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Return to shop' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Shiprocket answered 422: AWB not found in NDR');
    expect(screen.getAllByTestId('ndr-entry')).toHaveLength(1);
  });
});

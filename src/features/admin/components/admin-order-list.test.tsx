import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdminOrder } from '../../../../shared/schemas/admin';
import { FakeServerError, fakeServer, renderableApp, withToastHost } from '../../../lib/test-providers';
import { AdminOrderList, SHORTFALL_RESOLVED_MESSAGE, STOCK_SHORTFALL_NOTICE } from './admin-order-list';

function adminOrder(id: string, patch: Partial<AdminOrder> = {}): AdminOrder {
  return {
    _id: id,
    userId: 'u1',
    email: 'ravi@example.com',
    customer: { name: 'Ravi Shopper', email: 'ravi@example.com' },
    status: 'paid',
    createdAt: '2026-11-22T08:00:00.000Z',
    updatedAt: '2026-11-22T08:00:00.000Z',
    paidAt: '2026-11-22T08:05:00.000Z',
    productDetails: [
      { productId: 'p1', name: 'Sony WH-1000XM5', image: [], price: 2_999_000, quantity: 2, notInStock: 0 },
      { productId: 'p2', name: 'boAt Airdopes 141', image: [], price: 129_900, quantity: 1, notInStock: 0 },
    ],
    paymentDetails: { paymentId: 'pi_1', payment_method_type: ['card'], payment_status: 'paid' },
    shipping_options: [],
    shippingAddress: null,
    subtotalAmount: 6_127_900,
    totalAmount: 6_127_900,
    amountCharged: 6_127_900,
    amountMismatch: false,
    stockShortfall: 0,
    deliveryAddress: null,
    tax: null,
    invoice: null,
    creditNote: null,
    ...patch,
  };
}

/** Paid late: one of the two headphones was re-sold meanwhile. */
const short = adminOrder('ord_short', {
  stockShortfall: 1,
  productDetails: [
    { productId: 'p1', name: 'Sony WH-1000XM5', image: [], price: 2_999_000, quantity: 2, notInStock: 1 },
    { productId: 'p2', name: 'boAt Airdopes 141', image: [], price: 129_900, quantity: 1, notInStock: 0 },
  ],
});

function renderList(orders: AdminOrder[], resolveShortage: (input: unknown) => unknown = () => ({ ...short, stockShortfall: 0 })) {
  const server = fakeServer({ 'admin.resolveShortage': resolveShortage });
  render(renderableApp({ routes: [{ path: '/', element: <AdminOrderList orders={orders} /> }], fetch: server.fetch, toasts: true }));
  return server;
}

const card = (id: string) => screen.getAllByTestId('admin-order').find((li) => li.getAttribute('data-order-id') === id)!;

describe('AdminOrderList', () => {
  withToastHost();
  afterEach(cleanup);

  it('shows no stock notice on an order that got all its units', () => {
    renderList([adminOrder('ord_ok')]);
    const ok = card('ord_ok');
    expect(within(ok).queryByText(STOCK_SHORTFALL_NOTICE)).toBeNull();
    expect(within(ok).queryByText(/not in stock/)).toBeNull();
    expect(within(ok).getByRole<HTMLButtonElement>('button', { name: 'Mark shipped: order ord_ok' }).disabled).toBe(false);
    expect(within(ok).queryByRole('button', { name: /^Take from stock/ })).toBeNull();
  });

  it('flags an order paid for units not in stock in red, per line, and will not ship it', () => {
    renderList([short, adminOrder('ord_ok')]);
    const flagged = card('ord_short');
    const notice = within(flagged).getByTestId('stock-shortfall');
    expect(within(notice).getByText(STOCK_SHORTFALL_NOTICE)).toBeTruthy();
    expect(notice.textContent).toContain('1 unit was paid for');

    const lines = within(flagged).getAllByText(/^Quantity :/);
    expect(lines.map((line) => line.textContent)).toEqual(['Quantity : 2(1 not in stock)', 'Quantity : 1']);

    const ship = within(flagged).getByRole<HTMLButtonElement>('button', { name: 'Mark shipped: order ord_short' });
    expect(ship.disabled).toBe(true);
    expect(document.getElementById(ship.getAttribute('aria-describedby') ?? '')?.textContent).toContain(STOCK_SHORTFALL_NOTICE);
    // Cancelling (and refunding) stays possible.
    expect(within(flagged).getByRole<HTMLButtonElement>('button', { name: 'Cancel order: order ord_short' }).disabled).toBe(false);
  });

  // The refresh of the list and the dashboard afterwards is tested with the all-orders page.
  it('takes the owed units from stock', async () => {
    const server = renderList([short]);
    fireEvent.click(within(card('ord_short')).getByRole('button', { name: 'Take from stock: order ord_short' }));
    expect(await screen.findByText(SHORTFALL_RESOLVED_MESSAGE)).toBeTruthy();
    expect(server.inputsOf('admin.resolveShortage')).toEqual([{ orderId: 'ord_short' }]);
  });

  it('offers no Take from stock on an order that is no longer paid', () => {
    renderList([{ ...short, _id: 'ord_shipped', status: 'shipped' }]);
    const flagged = card('ord_shipped');
    expect(within(flagged).getByText(STOCK_SHORTFALL_NOTICE)).toBeTruthy();
    expect(within(flagged).queryByRole('button', { name: /^Take from stock/ })).toBeNull();
  });

  it("toasts the server's refusal when there is still not enough stock", async () => {
    const message = 'Not enough Sony WH-1000XM5 in stock for this order (1 needed): restock it first.';
    renderList([short], () => {
      throw new FakeServerError(409, 'OUT_OF_STOCK', message);
    });
    const take = within(card('ord_short')).getByRole<HTMLButtonElement>('button', { name: 'Take from stock: order ord_short' });
    fireEvent.click(take);
    expect(await screen.findByText(message)).toBeTruthy();
    await waitFor(() => expect(take.disabled).toBe(false));
    expect(screen.getByText(STOCK_SHORTFALL_NOTICE)).toBeTruthy();
  });

  describe('tax documents and the delivery address', () => {
    const invoiced = adminOrder('ord_inv', {
      deliveryAddress: { name: 'Ravi Kumar', phone: '+919845012345', line1: '12 MG Road', line2: '', city: 'Bengaluru', stateCode: '29', pin: '560001', gstin: '29ABCDE1234F1ZW' },
      invoice: { number: 'INV/2627/00007', issuedAt: '2026-11-22T08:05:00.000Z', url: '/orders/ord_inv/invoice.pdf' },
    });

    it('links the invoice and the credit note an order has, and none when it has none', () => {
      renderList([
        invoiced,
        adminOrder('ord_cn', {
          status: 'cancelled',
          invoice: { number: 'INV/2627/00008', issuedAt: '2026-11-22T08:05:00.000Z', url: '/orders/ord_cn/invoice.pdf' },
          creditNote: { number: 'INV/2627/C0001', issuedAt: '2026-11-23T08:05:00.000Z', url: '/orders/ord_cn/credit-note.pdf' },
        }),
        adminOrder('ord_plain'),
      ]);
      const invoice = within(card('ord_inv')).getByRole('link', { name: 'Invoice INV/2627/00007 of order ord_inv (PDF)' });
      expect(invoice.getAttribute('href')).toBe('/orders/ord_inv/invoice.pdf');
      expect(invoice.firstChild?.textContent).toBe('Invoice INV/2627/00007');
      const links = within(within(card('ord_cn')).getByTestId('order-documents')).getAllByRole('link');
      expect(links.map((a) => [a.firstChild?.textContent, a.getAttribute('href')])).toEqual([
        ['Invoice INV/2627/00008', '/orders/ord_cn/invoice.pdf'],
        ['Credit note INV/2627/C0001', '/orders/ord_cn/credit-note.pdf'],
      ]);
      expect(within(card('ord_plain')).queryByTestId('order-documents')).toBeNull();
    });

    it('shows the delivery address chosen at checkout, with the phone and the buyer’s GSTIN', () => {
      renderList([invoiced]);
      const lines = [...card('ord_inv').querySelectorAll('address span')].map((span) => span.textContent);
      expect(lines).toEqual(['Ravi Kumar', '12 MG Road', 'Bengaluru, Karnataka 560001', 'Phone +91 98450 12345', 'GSTIN 29ABCDE1234F1ZW']);
    });

    it('warns that cancelling an invoiced order issues a credit note', () => {
      renderList([invoiced, adminOrder('ord_plain')]);
      fireEvent.click(within(card('ord_inv')).getByRole('button', { name: 'Cancel order: order ord_inv' }));
      const dialog = screen.getByRole('dialog', { name: 'Cancel this order?' });
      expect(within(dialog).getByTestId('credit-note-notice').textContent).toBe('A credit note will be issued for invoice INV/2627/00007.');
      fireEvent.click(within(dialog).getByRole('button', { name: 'Keep order' }));

      fireEvent.click(within(card('ord_plain')).getByRole('button', { name: 'Cancel order: order ord_plain' }));
      expect(within(screen.getByRole('dialog', { name: 'Cancel this order?' })).queryByTestId('credit-note-notice')).toBeNull();
    });
  });
});

import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdminOrder } from '../../../../shared/schemas/admin';
import { FakeServerError, fakeServer, renderableApp, withToastHost } from '../../../lib/test-providers';
import { AdminOrderList, SHORTFALL_RESOLVED_MESSAGE, STOCK_SHORTFALL_NOTICE } from './admin-order-list';

function adminOrder(id: string, patch: Partial<AdminOrder> = {}): AdminOrder {
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
    paymentMethod: 'online',
    provider: 'stripe',
    codFee: 0,
    refund: null,
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

type Procedure = (input: any) => unknown;

function renderList(orders: AdminOrder[], resolveShortage: Procedure = () => ({ ...short, stockShortfall: 0 }), more: Record<string, Procedure> = {}) {
  const server = fakeServer({ 'admin.resolveShortage': resolveShortage, ...more });
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
    expect(within(ok).getByRole<HTMLButtonElement>('button', { name: 'Pack & ship: order VM-2026-ord_ok' }).disabled).toBe(false);
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

    const ship = within(flagged).getByRole<HTMLButtonElement>('button', { name: 'Pack & ship: order VM-2026-ord_short' });
    expect(ship.disabled).toBe(true);
    expect(document.getElementById(ship.getAttribute('aria-describedby') ?? '')?.textContent).toContain(STOCK_SHORTFALL_NOTICE);
    // Cancelling (and refunding) stays possible.
    expect(within(flagged).getByRole<HTMLButtonElement>('button', { name: 'Cancel order: order VM-2026-ord_short' }).disabled).toBe(false);
  });

  // The refresh of the list and the dashboard afterwards is tested with the all-orders page.
  it('takes the owed units from stock', async () => {
    const server = renderList([short]);
    fireEvent.click(within(card('ord_short')).getByRole('button', { name: 'Take from stock: order VM-2026-ord_short' }));
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
    const take = within(card('ord_short')).getByRole<HTMLButtonElement>('button', { name: 'Take from stock: order VM-2026-ord_short' });
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
      const invoice = within(card('ord_inv')).getByRole('link', { name: 'Invoice INV/2627/00007 of order VM-2026-ord_inv (PDF)' });
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
      fireEvent.click(within(card('ord_inv')).getByRole('button', { name: 'Cancel order: order VM-2026-ord_inv' }));
      const dialog = screen.getByRole('dialog', { name: 'Cancel this order?' });
      expect(within(dialog).getByTestId('credit-note-notice').textContent).toBe('A credit note will be issued for invoice INV/2627/00007.');
      fireEvent.click(within(dialog).getByRole('button', { name: 'Keep order' }));

      fireEvent.click(within(card('ord_plain')).getByRole('button', { name: 'Cancel order: order VM-2026-ord_plain' }));
      expect(within(screen.getByRole('dialog', { name: 'Cancel this order?' })).queryByTestId('credit-note-notice')).toBeNull();
    });
  });
});

describe('AdminOrderList: cash on delivery and refunds', () => {
  withToastHost();
  afterEach(cleanup);

  const cod = (id: string, patch: Partial<AdminOrder> = {}) =>
    adminOrder(id, {
      status: 'confirmed',
      paidAt: null,
      paymentDetails: { paymentId: null, payment_method_type: ['cod'], payment_status: 'unpaid' },
      amountCharged: null,
      totalAmount: 6_130_400,
      paymentMethod: 'cod',
      provider: 'cod',
      codFee: 2500,
      ...patch,
    });
  const buttonsOf = (id: string) =>
    within(card(id))
      .queryAllByRole('button')
      .map((b) => b.textContent);
  /** setOrderStatus as the server answers it: the order moved, refunded as `refund` says when asked. */
  const setOrderStatus =
    (orders: AdminOrder[], refund: Partial<NonNullable<AdminOrder['refund']>> = {}): Procedure =>
    (input) => {
      const order = orders.find((o) => o._id === input.orderId)!;
      return {
        ...order,
        status: input.status,
        refund: input.refund ? { id: 're_1', status: 'succeeded', amount: order.amountCharged ?? order.totalAmount, at: '2026-11-23T08:00:00.000Z', error: null, ...refund } : null,
      };
    };

  it('moves a COD order along its own life cycle, and names who takes the money', () => {
    renderList([
      cod('ord_cod'),
      cod('ord_cod_shipped', { status: 'shipped' }),
      adminOrder('ord_card_shipped', { status: 'shipped' }),
      adminOrder('ord_rzp', { provider: 'razorpay' }),
    ]);
    expect(buttonsOf('ord_cod')).toEqual(['Pack & ship', 'Cancel order']);
    // A shipped COD parcel is delivered (the cash collected) or comes back; it is no longer cancelled.
    expect(buttonsOf('ord_cod_shipped')).toEqual(['Delivered, cash collected', 'Returned undelivered']);
    expect(buttonsOf('ord_card_shipped')).toEqual(['Mark delivered', 'Cancel order']);
    expect(within(card('ord_cod')).getByTestId('payment-provider').textContent).toBe('Payment: COD');
    expect(within(card('ord_card_shipped')).getByTestId('payment-provider').textContent).toBe('Payment: Stripe');
    expect(within(card('ord_rzp')).getByTestId('payment-provider').textContent).toBe('Payment: Razorpay');
    expect(within(card('ord_cod')).getByText('Payment method : Cash on delivery')).toBeTruthy();
    expect(within(card('ord_cod')).getByTestId('order-cod-fee').textContent).toBe('Cash on delivery fee : ₹25.00');
    expect(within(card('ord_cod')).getByTestId('order-status').textContent).toBe('Confirmed · pay on delivery');
  });

  it('marks a COD parcel delivered, cash collected, or returned undelivered', async () => {
    const orders = [cod('ord_a', { status: 'shipped' }), cod('ord_b', { status: 'shipped' })];
    const server = renderList(orders, undefined, { 'admin.setOrderStatus': setOrderStatus(orders) });
    fireEvent.click(within(card('ord_a')).getByRole('button', { name: 'Delivered, cash collected: order VM-2026-ord_a' }));
    expect(await screen.findByText('Order marked delivered')).toBeTruthy();
    fireEvent.click(within(card('ord_b')).getByRole('button', { name: 'Returned undelivered: order VM-2026-ord_b' }));
    expect(await screen.findByText('Order marked returned')).toBeTruthy();
    expect(server.inputsOf('admin.setOrderStatus')).toEqual([
      { orderId: 'ord_a', status: 'delivered' },
      { orderId: 'ord_b', status: 'returned' },
    ]);
  });

  it('offers the refund through the provider when cancelling an order paid online, ticked, and sends refund: true', async () => {
    const orders = [adminOrder('ord_paid', { amountCharged: 6_127_900 })];
    const server = renderList(orders, undefined, { 'admin.setOrderStatus': setOrderStatus(orders) });
    fireEvent.click(within(card('ord_paid')).getByRole('button', { name: 'Cancel order: order VM-2026-ord_paid' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this order?' });
    const refund = within(dialog).getByRole<HTMLInputElement>('checkbox', { name: 'Refund ₹61,279.00 through Stripe' });
    expect(refund.checked).toBe(true);
    expect(dialog.textContent).not.toContain('yourself');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText('Order cancelled. Refunded ₹61,279.00')).toBeTruthy();
    expect(server.inputsOf('admin.setOrderStatus')).toEqual([{ orderId: 'ord_paid', status: 'cancelled', refund: true }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('cancels without a refund when the box is unticked, and says the refund is the admin’s to make', async () => {
    const orders = [adminOrder('ord_paid', { provider: 'razorpay' })];
    const server = renderList(orders, undefined, { 'admin.setOrderStatus': setOrderStatus(orders) });
    fireEvent.click(within(card('ord_paid')).getByRole('button', { name: 'Cancel order: order VM-2026-ord_paid' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this order?' });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Refund ₹61,279.00 through Razorpay' }));
    expect(dialog.textContent).toContain('Refund the payment at the payment provider yourself.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText('Order cancelled')).toBeTruthy();
    expect(server.inputsOf('admin.setOrderStatus')).toEqual([{ orderId: 'ord_paid', status: 'cancelled' }]);
  });

  it('offers no refund when cancelling a COD order: nothing was paid', async () => {
    const orders = [cod('ord_cod')];
    const server = renderList(orders, undefined, { 'admin.setOrderStatus': setOrderStatus(orders) });
    fireEvent.click(within(card('ord_cod')).getByRole('button', { name: 'Cancel order: order VM-2026-ord_cod' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this order?' });
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
    expect(dialog.textContent).toContain('Its units go back on sale. Nothing was paid for it');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText('Order cancelled')).toBeTruthy();
    expect(server.inputsOf('admin.setOrderStatus')).toEqual([{ orderId: 'ord_cod', status: 'cancelled' }]);
  });

  it('says so when the provider refused the refund', async () => {
    const orders = [adminOrder('ord_paid')];
    renderList(orders, undefined, { 'admin.setOrderStatus': setOrderStatus(orders, { id: null, status: 'failed', error: 'Stripe could not make the refund.' }) });
    fireEvent.click(within(card('ord_paid')).getByRole('button', { name: 'Cancel order: order VM-2026-ord_paid' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText('Order cancelled. Refund failed: Stripe could not make the refund.')).toBeTruthy();
  });

  it('shows where a refund stands, and retries a failed one', async () => {
    const at = '2026-11-23T08:00:00.000Z';
    const failed = adminOrder('ord_failed', { status: 'cancelled', refund: { id: null, status: 'failed', amount: 6_127_900, at, error: 'The Razorpay keys are no longer set.' } });
    const done = adminOrder('ord_done', { status: 'cancelled', refund: { id: 're_42', status: 'succeeded', amount: 6_127_900, at, error: null } });
    const server = renderList([failed, done], undefined, {
      'admin.refundOrder': () => ({ ...failed, refund: { id: 'rfnd_7', status: 'pending', amount: 6_127_900, at, error: null } }),
    });
    const doneStatus = within(card('ord_done')).getByTestId('refund-status');
    expect(doneStatus.textContent).toContain('Refunded ₹61,279.00');
    expect(doneStatus.textContent).toContain('refund re_42');
    expect(within(doneStatus).queryByRole('button')).toBeNull();

    const failedStatus = within(card('ord_failed')).getByTestId('refund-status');
    expect(failedStatus.textContent).toContain('Refund failed: The Razorpay keys are no longer set.');
    fireEvent.click(within(failedStatus).getByRole('button', { name: 'Retry refund: order VM-2026-ord_failed' }));
    expect(await screen.findByText('Refund of ₹61,279.00 in progress')).toBeTruthy();
    expect(server.inputsOf('admin.refundOrder')).toEqual([{ orderId: 'ord_failed' }]);
  });

  it('offers a refund, asked twice, on a cancelled order paid online that was never refunded; none on a cancelled COD order', async () => {
    const at = '2026-11-23T08:00:00.000Z';
    const unrefunded = adminOrder('ord_kept', { status: 'cancelled', amountCharged: 6_127_900 });
    const server = renderList([unrefunded, cod('ord_cod_cancelled', { status: 'cancelled' })], undefined, {
      'admin.refundOrder': () => ({ ...unrefunded, refund: { id: 're_9', status: 'succeeded', amount: 6_127_900, at, error: null } }),
    });
    expect(within(card('ord_cod_cancelled')).queryByTestId('refund-status')).toBeNull();
    const status = within(card('ord_kept')).getByTestId('refund-status');
    expect(status.textContent).toContain('Not refunded through Stripe.');
    fireEvent.click(within(status).getByRole('button', { name: 'Refund ₹61,279.00 through Stripe: order VM-2026-ord_kept' }));
    expect(server.inputsOf('admin.refundOrder')).toEqual([]);
    fireEvent.click(within(status).getByRole('button', { name: 'Not now' }));
    fireEvent.click(within(status).getByRole('button', { name: 'Refund ₹61,279.00 through Stripe: order VM-2026-ord_kept' }));
    fireEvent.click(within(status).getByRole('button', { name: 'Yes, refund' }));
    expect(await screen.findByText('Refunded ₹61,279.00')).toBeTruthy();
    expect(server.inputsOf('admin.refundOrder')).toEqual([{ orderId: 'ord_kept' }]);
  });
});

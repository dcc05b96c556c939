import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Order } from '../../../shared/schemas/order';
import { OrderList } from './order-list';

function order(id: string, createdAt: string, overrides: Partial<Order> = {}): Order {
  return {
    _id: id,
    orderNumber: `VM-2026-${id}`,
    userId: 'u1',
    email: 'ravi@example.com',
    status: 'paid',
    createdAt,
    updatedAt: createdAt,
    paidAt: createdAt,
    productDetails: [{ productId: 'p1', name: 'Sony WH-1000XM5', image: [], price: 2_999_000, quantity: 2, notInStock: 0 }],
    paymentDetails: { paymentId: 'pi_1', payment_method_type: ['card'], payment_status: 'paid' },
    shipping_options: [{ shipping_amount: 9900, shipping_rate: 'express' }],
    shippingAddress: null,
    subtotalAmount: 5_998_000,
    totalAmount: 6_007_900,
    amountCharged: 6_007_900,
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
    ...overrides,
  };
}

describe('OrderList', () => {
  afterEach(cleanup);

  it('says so when there are no orders', () => {
    render(<OrderList orders={[]} timeZone="UTC" />);
    expect(screen.getByText('No Order available!')).toBeTruthy();
  });

  it('groups orders under their long-form date, newest first', () => {
    render(
      <OrderList
        timeZone="UTC"
        orders={[
          order('o3', '2026-11-22T10:00:00.000Z'),
          order('o2', '2026-11-22T08:00:00.000Z', { status: 'pending', paymentDetails: { paymentId: null, payment_method_type: [], payment_status: 'unpaid' } }),
          order('o1', '2026-11-20T08:00:00.000Z'),
        ]}
      />,
    );
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(['22 November 2026', '20 November 2026']);
    const firstDay = screen.getByRole('region', { name: 'Orders of 22 November 2026' });
    expect(within(firstDay).getAllByTestId('order')).toHaveLength(2);
    expect(
      within(firstDay)
        .getAllByTestId('order-status')
        .map((s) => s.textContent),
    ).toEqual(['paid', 'pending']);
  });

  it('names the order by its readable number, never its internal id', () => {
    render(<OrderList timeZone="UTC" orders={[order('3f9a1c0e7b2d4e6f', '2026-11-20T08:00:00.000Z', { orderNumber: 'VM-2026-000123' })]} />);
    const card = screen.getByTestId('order');
    expect(within(card).getByTestId('order-number').textContent).toBe('Order VM-2026-000123');
    expect(card.textContent).not.toContain('3f9a1c0e7b2d4e6f');
  });

  it('shows lines, payment and shipping details and the total in INR', () => {
    render(<OrderList timeZone="UTC" orders={[order('o1', '2026-11-20T08:00:00.000Z')]} />);
    const card = screen.getByTestId('order');
    expect(within(card).getByText('Sony WH-1000XM5')).toBeTruthy();
    expect(within(card).getByText('₹29,990.00')).toBeTruthy();
    expect(within(card).getByText('Quantity : 2')).toBeTruthy();
    expect(within(card).getByText('Payment Details :')).toBeTruthy();
    expect(within(card).getByText('Payment method : card')).toBeTruthy();
    expect(within(card).getByText('Payment Status : paid')).toBeTruthy();
    expect(within(card).getByText('Shipping Details:')).toBeTruthy();
    expect(card.textContent).toContain('Shipping Amount : ₹99.00');
    expect(within(card).getByText('Total Amount : ₹60,079.00')).toBeTruthy();
  });

  it('shows no invoice, GST line or delivery address before the order has them', () => {
    render(<OrderList timeZone="UTC" orders={[order('o1', '2026-11-20T08:00:00.000Z')]} />);
    const card = screen.getByTestId('order');
    expect(within(card).queryByRole('link', { name: /Invoice/ })).toBeNull();
    expect(within(card).queryByText(/incl\. GST/)).toBeNull();
    expect(within(card).queryByText('Deliver to:')).toBeNull();
  });

  it('links the invoice and the credit note for download, and shows the GST and the delivery address', () => {
    const invoiced = order('o1', '2026-11-20T08:00:00.000Z', {
      status: 'cancelled',
      deliveryAddress: { name: 'Ravi Kumar', phone: '+919876543210', line1: '12 MG Road', line2: '', city: 'Bengaluru', stateCode: '29', pin: '560001', gstin: null },
      tax: {
        intraState: true,
        placeOfSupply: '29',
        taxableValue: 5_091_441,
        cgst: 458_229,
        sgst: 458_230,
        igst: 0,
        lines: [],
        shipping: { hsn: '996812', rateBasisPoints: 1800, taxableValue: 8390, cgst: 755, sgst: 755, igst: 0 },
      },
      invoice: { number: 'VM/2627/00001', issuedAt: '2026-11-20T08:05:00.000Z', url: '/orders/o1/invoice.pdf' },
      creditNote: { number: 'VM/CN/2627/00001', issuedAt: '2026-11-21T10:00:00.000Z', url: '/orders/o1/credit-note.pdf' },
    });
    render(<OrderList timeZone="UTC" orders={[invoiced]} />);
    const card = screen.getByTestId('order');

    const invoice = within(card).getByRole('link', { name: /^Invoice/ });
    expect(invoice.getAttribute('href')).toBe('/orders/o1/invoice.pdf');
    expect(invoice.hasAttribute('download')).toBe(true);
    expect(invoice.textContent).toContain('VM/2627/00001');
    const creditNote = within(card).getByRole('link', { name: /^Credit note/ });
    expect(creditNote.getAttribute('href')).toBe('/orders/o1/credit-note.pdf');
    expect(creditNote.hasAttribute('download')).toBe(true);

    // ₹4,582.29 + ₹4,582.30, under the unchanged total.
    expect(within(card).getByText('Total Amount : ₹60,079.00')).toBeTruthy();
    expect(within(card).getByTestId('order-gst').textContent).toBe('incl. GST ₹9,164.59');
    expect(within(card).getByTestId('order-delivery-address').textContent).toBe('Deliver to: Ravi Kumar, 12 MG Road, Bengaluru, Karnataka 560001 · +91 98765 43210');
  });

  it('offers only the invoice while the order has no credit note', () => {
    const paid = order('o1', '2026-11-20T08:00:00.000Z', { invoice: { number: 'VM/2627/00002', issuedAt: '2026-11-20T08:05:00.000Z', url: '/orders/o1/invoice.pdf' } });
    render(<OrderList timeZone="UTC" orders={[paid]} />);
    expect(screen.getByRole('link', { name: /^Invoice/ }).getAttribute('href')).toBe('/orders/o1/invoice.pdf');
    expect(screen.queryByRole('link', { name: /Credit note/ })).toBeNull();
  });
});

describe('OrderList: cash on delivery and refunds', () => {
  afterEach(cleanup);

  /** Placed for cash on delivery: unpaid, ₹25 fee on top of ₹59,980 of items and ₹49 delivery. */
  const cod = (id: string, overrides: Partial<Order> = {}) =>
    order(id, '2026-11-20T08:00:00.000Z', {
      status: 'confirmed',
      paidAt: null,
      paymentDetails: { paymentId: null, payment_method_type: ['cod'], payment_status: 'unpaid' },
      shipping_options: [{ shipping_amount: 4900, shipping_rate: 'standard' }],
      totalAmount: 6_002_700,
      amountCharged: null,
      paymentMethod: 'cod',
      provider: 'cod',
      codFee: 2500,
      ...overrides,
    });

  it('labels a placed cash on delivery order, and one returned undelivered', () => {
    render(<OrderList timeZone="UTC" orders={[cod('o1'), cod('o2', { status: 'returned' }), order('o3', '2026-11-20T07:00:00.000Z', { status: 'shipped' })]} />);
    expect(screen.getAllByTestId('order-status').map((s) => s.textContent)).toEqual(['Confirmed · pay on delivery', 'Returned undelivered', 'shipped']);
  });

  it('shows cash on delivery as the payment method, the fee as its own line and the total with it', () => {
    render(<OrderList timeZone="UTC" orders={[cod('o1')]} />);
    const card = screen.getByTestId('order');
    expect(within(card).getByText('Payment method : Cash on delivery')).toBeTruthy();
    expect(within(card).getByText('Payment Status : to be paid on delivery')).toBeTruthy();
    expect(within(card).getByTestId('order-cod-fee').textContent).toBe('Cash on delivery fee : ₹25.00');
    expect(within(card).getByText('Total Amount : ₹60,027.00')).toBeTruthy();
    // An order paid online has no fee line.
    cleanup();
    render(<OrderList timeZone="UTC" orders={[order('o2', '2026-11-20T08:00:00.000Z')]} />);
    expect(screen.queryByTestId('order-cod-fee')).toBeNull();
  });

  it('says how the refund of a cancelled order stands', () => {
    const refunded = (id: string, status: 'pending' | 'succeeded' | 'failed') =>
      order(id, '2026-11-20T08:00:00.000Z', {
        status: 'cancelled',
        refund: { id: status === 'failed' ? null : `re_${id}`, status, amount: 6_007_900, at: '2026-11-21T08:00:00.000Z', error: status === 'failed' ? 'Declined' : null },
      });
    render(<OrderList timeZone="UTC" orders={[refunded('o1', 'succeeded'), refunded('o2', 'pending'), refunded('o3', 'failed'), order('o4', '2026-11-20T08:00:00.000Z')]} />);
    expect(screen.getAllByTestId('order-refund').map((line) => line.textContent)).toEqual([
      'Refund of ₹60,079.00: processed',
      'Refund of ₹60,079.00: in progress',
      'Refund of ₹60,079.00: failed',
    ]);
    // Only a refund that went through changes what the payment status says.
    expect(screen.getAllByTestId('payment-status').map((line) => line.textContent)).toEqual([
      'Payment Status : refunded',
      'Payment Status : paid',
      'Payment Status : paid',
      'Payment Status : paid',
    ]);
  });

  it('puts what the shopper can do with an order in its card', () => {
    render(<OrderList timeZone="UTC" orders={[cod('o1')]} actions={(o) => <button type="button">{`Act on ${o._id}`}</button>} />);
    expect(within(screen.getByTestId('order')).getByRole('button', { name: 'Act on o1' })).toBeTruthy();
  });
});

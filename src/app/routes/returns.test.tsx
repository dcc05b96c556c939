import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Order } from '../../../shared/schemas/order';
import type { AdminReturn, MyReturns, ReturnLine } from '../../../shared/schemas/returns';
import { fakeServer, renderableApp, withToastHost } from '../../lib/test-providers';
import { Component as Orders } from './orders';
import { Component as Returns } from './admin/returns';

// Returns (issue 31) in the browser's two places: the shopper's form under a delivered line of
// their order page, and the owner's queue, each against a fake server.

const shopper = { _id: 'u1', name: 'Ravi Kumar', email: 'ravi@example.com', role: 'GENERAL', profilePic: null };
const admin = { ...shopper, _id: 'a1', role: 'ADMIN' };

const ORDER = {
  _id: 'o1',
  orderNumber: 'VM-2026-000007',
  userId: 'u1',
  email: 'ravi@example.com',
  status: 'delivered',
  createdAt: '2026-11-20T08:00:00.000Z',
  updatedAt: '2026-11-20T08:00:00.000Z',
  paidAt: null,
  productDetails: [{ productId: 'p1', name: 'Buds Air', image: [], price: 199_900, quantity: 1, notInStock: 0 }],
  paymentDetails: { paymentId: null, payment_method_type: ['cod'], payment_status: 'paid' },
  shipping_options: [],
  shippingAddress: null,
  subtotalAmount: 199_900,
  totalAmount: 199_900,
  amountCharged: null,
  amountMismatch: false,
  stockShortfall: 0,
  deliveryAddress: null,
  tax: null,
  invoice: null,
  creditNote: null,
  paymentMethod: 'cod',
  provider: 'cod',
  codFee: 0,
  refund: null,
} as unknown as Order;

const LINE: ReturnLine = {
  itemId: 'i1',
  policyText: '7 days refund or replacement',
  closedReason: null,
  lastDay: '2026-11-27',
  reasons: ['defective', 'damaged-in-transit', 'wrong-item', 'not-as-described'],
  resolutions: ['replacement', 'refund'],
  photosRequired: true,
  payoutNeeded: true,
  units: [{ unit: 0, number: null, request: null }],
};

function renderOrders(line: ReturnLine) {
  const mine: MyReturns = { o1: [line] };
  const server = fakeServer({
    'account.me': () => shopper,
    'settings.storefront': () => ({ timeZone: 'Asia/Kolkata' }),
    'order.list': () => [ORDER],
    'shipping.mine': () => ({}),
    'returns.mine': () => mine,
    'returns.uploadPhoto': () => ({ url: '/images/0123456789abcdef0123456789abcdef.webp' }),
    'returns.request': (input: any) => ({ id: 'r1', ...input, status: 'requested', timeline: [] }),
  });
  render(renderableApp({ routes: [{ path: '/order', element: <Orders /> }], initialEntries: ['/order'], fetch: server.fetch, toasts: true }));
  return server;
}

describe('the shopper’s return request', () => {
  withToastHost();
  afterEach(cleanup);

  it('says why instead of the button when the window has closed', async () => {
    renderOrders({ ...LINE, closedReason: 'Returns for Earphones close 7 days after delivery (delivered 20 Nov)' });
    expect((await screen.findByTestId('return-closed')).textContent).toBe('Returns for Earphones close 7 days after delivery (delivered 20 Nov)');
    expect(screen.queryByRole('button', { name: /Return or replace/ })).toBeNull();
  });

  it('asks a description and a photo, and for a COD refund a valid UPI id, then sends the request', async () => {
    const server = renderOrders(LINE);
    expect(await screen.findByText('7 days refund or replacement')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Return or replace' }));
    const form = await screen.findByTestId('return-form');
    fireEvent.click(within(form).getByRole('radio', { name: 'Refund' }));
    fireEvent.change(within(form).getByLabelText('UPI id'), { target: { value: 'not-upi' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Request return' }));
    expect((await within(form).findAllByRole('alert')).map((a) => a.textContent)).toEqual([
      'description: tell us what is wrong in at least 10 characters',
      'add at least one photo of the item and its box',
      'UPI id must look like name@bank (e.g. asha.k@okaxis)',
    ]);
    expect(server.inputsOf('returns.request')).toEqual([]);

    fireEvent.change(within(form).getByLabelText('What is wrong?'), { target: { value: 'Left bud makes no sound' } });
    fireEvent.change(within(form).getByLabelText('UPI id'), { target: { value: 'ravi.k@okaxis' } });
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'bud.png', { type: 'image/png' });
    fireEvent.change(within(form).getByLabelText('Photos of the item and its box'), { target: { files: [file] } });
    expect(await within(form).findByRole('img', { name: 'Photo for the return' })).toBeTruthy();
    expect(server.inputsOf('returns.uploadPhoto')).toEqual([{ dataUrl: expect.stringMatching(/^data:image\/png;base64,/) as string }]);
    fireEvent.click(within(form).getByRole('button', { name: 'Request return' }));
    await waitFor(() =>
      expect(server.inputsOf('returns.request')).toEqual([
        {
          orderId: 'o1',
          itemId: 'i1',
          unit: 0,
          reason: 'defective',
          description: 'Left bud makes no sound',
          photos: ['/images/0123456789abcdef0123456789abcdef.webp'],
          resolution: 'refund',
          payout: { kind: 'upi', upiId: 'ravi.k@okaxis' },
        },
      ]),
    );
  });
});

const REQUEST: AdminReturn = {
  id: 'r1',
  orderId: 'o1',
  itemId: 'i1',
  unit: 0,
  deliveredNumber: '356938035643809',
  reason: 'defective',
  description: 'Screen stays black',
  photos: ['/images/0123456789abcdef0123456789abcdef.webp'],
  resolution: 'replacement',
  status: 'requested',
  ownerMessage: null,
  pickup: null,
  requestedAt: '2026-11-24T04:30:00.000Z',
  timeline: [],
  orderNumber: 'VM-2026-000007',
  itemName: 'Galaxy S30',
  variantLabel: '256 GB, Black',
  customerEmail: 'ravi@example.com',
  payoutMasked: null,
  receivedNumber: null,
  numberMatches: null,
  held: false,
  resolveNote: null,
  condition: null,
  quantity: 1,
};

function renderQueue(requests: AdminReturn[]) {
  const server = fakeServer({
    'account.me': () => admin,
    'settings.storefront': () => ({ timeZone: 'Asia/Kolkata' }),
    'returns.queue': () => requests,
    'returns.decide': (input: any) => ({ ...REQUEST, status: input.decision === 'approve' ? 'approved' : 'rejected' }),
    'returns.receive': () => REQUEST,
  });
  render(renderableApp({ routes: [{ path: '/admit-panel/returns', element: <Returns /> }], initialEntries: ['/admit-panel/returns'], fetch: server.fetch, toasts: true }));
  return server;
}

describe('the owner’s returns queue', () => {
  withToastHost();
  afterEach(cleanup);

  it('lists each request with its order, item, delivered IMEI, reason and photos; filters by reason; approves', async () => {
    const server = renderQueue([REQUEST]);
    const card = await screen.findByTestId('return-card');
    expect(card.textContent).toContain('Order VM-2026-000007');
    expect(card.textContent).toContain('Galaxy S30 (256 GB, Black)');
    expect(within(card).getByTestId('delivered-number').textContent).toBe('356938035643809');
    expect(card.textContent).toContain('Defective or not working');
    expect(within(card).getByRole('img', { name: 'Shopper’s photo' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'wrong-item' } });
    await waitFor(() => expect(server.inputsOf('returns.queue').at(-1)).toEqual({ show: 'open', reason: 'wrong-item' }));
    fireEvent.click(within(await screen.findByTestId('return-card')).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(server.inputsOf('returns.decide')).toEqual([{ returnId: 'r1', decision: 'approve', message: '' }]));
  });

  it('shows a mismatched IMEI in red with the request held, and offers the resolve step', async () => {
    renderQueue([{ ...REQUEST, status: 'received', receivedNumber: '356938035643817', numberMatches: false, held: true, condition: 'resaleable' }]);
    const card = await screen.findByTestId('return-card');
    const received = within(card).getByTestId('received-number');
    expect(received.textContent).toContain('356938035643817 ≠ delivered: mismatch');
    expect(received.className).toContain('text-red-700');
    expect(within(card).getByTestId('return-card-status').textContent).toBe('Received · held');
    expect(within(card).getByRole('button', { name: 'Accept the unit' })).toBeTruthy();
  });
});

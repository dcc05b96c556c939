import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdminOffer } from '../../../../shared/schemas/offers-admin';
import { FakeServerError, fakeServer, renderableApp, withToastHost } from '../../../lib/test-providers';
import { AdminOffers } from './admin-offers';

const EMPTY = { categories: [], brands: [], productIds: [], variantIds: [] };

const save1000: AdminOffer = {
  _id: 'c1',
  kind: 'coupon',
  name: 'SAVE1000 on phones',
  definition: {
    id: 'c1',
    kind: 'amount',
    code: 'SAVE1000',
    amountPaise: 100_000,
    minCartPaise: 2_000_000,
    validFrom: '2026-11-30T18:30:00.000Z',
    validTo: null,
    totalUses: 50,
    usesPerShopper: 1,
    firstOrderOnly: false,
    include: { ...EMPTY, categories: ['mobiles'] },
    exclude: EMPTY,
    combinable: true,
    paused: false,
  },
  code: 'SAVE1000',
  paused: false,
  status: 'live',
  validFrom: '2026-11-30T18:30:00.000Z',
  validTo: null,
  usesCount: 12,
  usesLimit: 50,
  usage: { orders: 12, discountPaise: 1_200_000, revenuePaise: 31_234_500 },
  product: null,
  createdAt: '2026-11-30T10:00:00.000Z',
  updatedAt: '2026-11-30T10:00:00.000Z',
};

const tvSale: AdminOffer = {
  _id: 's1',
  kind: 'sale-price',
  name: 'TV weekend',
  definition: { id: 's1', productId: 'tv', variantId: 'tv', pricePaise: 6_999_900, from: '2026-12-03T18:30:00.000Z', to: '2026-12-06T18:30:00.000Z' },
  code: null,
  paused: false,
  status: 'scheduled',
  validFrom: '2026-12-03T18:30:00.000Z',
  validTo: '2026-12-06T18:30:00.000Z',
  usesCount: 0,
  usesLimit: null,
  usage: { orders: 0, discountPaise: 0, revenuePaise: 0 },
  product: { name: 'Bravia 55', variantLabel: null },
  createdAt: '2026-11-30T11:00:00.000Z',
  updatedAt: '2026-11-30T11:00:00.000Z',
};

function renderPage(opts: { create?: (input: any) => unknown } = {}) {
  const server = fakeServer({
    'offers.list': (input: any) => [save1000, tvSale].filter((o) => (!input?.status || o.status === input.status) && (!input?.kind || o.kind === input.kind)),
    'offers.create': (input: any) => (opts.create ? opts.create(input) : { ...save1000, _id: 'new' }),
    'offers.setPaused': (input: any) => ({ ...save1000, paused: input.paused, status: input.paused ? 'paused' : 'live' }),
    'offers.duplicate': () => ({ ...save1000, _id: 'copy', name: 'SAVE1000 on phones (copy)', code: 'SAVE1000-2', paused: true, status: 'paused' }),
    'offers.emiSettings': () => ({ plans: [{ bank: 'HDFC Bank', months: 6, annualRateBp: 1500, minPricePaise: 0 }], bankOffers: [] }),
    'catalog.adminCategories': () => [
      { value: 'mobiles', label: 'Mobiles', position: 1, hidden: false, hsn: '8517', rateBasisPoints: 1800, homeRow: null, template: [], unitIds: 'none' },
    ],
  });
  render(renderableApp({ routes: [{ path: '/admit-panel/offers', element: <AdminOffers /> }], initialEntries: ['/admit-panel/offers'], fetch: server.fetch, toasts: true }));
  return server;
}

afterEach(cleanup);

describe('Offers page', () => {
  withToastHost();

  it('lists each offer with its kind, code, status, IST window, uses, discount given and revenue', async () => {
    renderPage();
    const rows = await screen.findAllByTestId('offer-row');
    expect(rows).toHaveLength(2);
    const coupon = within(rows[0]!);
    expect(coupon.getByText('SAVE1000 on phones')).toBeTruthy();
    expect(coupon.getByText('SAVE1000')).toBeTruthy();
    expect(coupon.getByText('₹1,000.00 off above ₹20,000.00')).toBeTruthy();
    expect(coupon.getByTestId('offer-status').textContent).toBe('Live');
    expect(coupon.getByText('From Tue 1 Dec 2026, 00:00 IST, no end')).toBeTruthy();
    expect(coupon.getByText('12 / 50')).toBeTruthy();
    expect(coupon.getByText('₹12,000.00')).toBeTruthy();
    expect(coupon.getByText('₹3,12,345.00')).toBeTruthy();
    const sale = within(rows[1]!);
    expect(sale.getByTestId('offer-status').textContent).toBe('Scheduled');
    expect(sale.getByText('Fri 4 Dec 2026, 00:00 – Sun 6 Dec 2026, 23:59 IST')).toBeTruthy();
    expect(sale.getByText('₹69,999.00 on Bravia 55')).toBeTruthy();
    // The EMI plan worked out on a ₹69,900 phone: ₹11,650.00 a month for 6 months.
    expect((await screen.findByTestId('emi-worked')).textContent).toMatch(/^₹69,900\.00 phone: ₹11,650\.00 a month for 6 months; costs you ₹[\d,]+\.\d\d a sale\.$/);
  });

  it('filters by status and kind', async () => {
    const server = renderPage();
    await screen.findAllByTestId('offer-row');
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'scheduled' } });
    await waitFor(() => expect(screen.getAllByTestId('offer-row')).toHaveLength(1));
    expect(server.inputsOf('offers.list').at(-1)).toEqual({ status: 'scheduled' });
    fireEvent.change(screen.getByLabelText('Kind'), { target: { value: 'coupon' } });
    await screen.findByText('No offer matches these filters.');
    expect(server.inputsOf('offers.list').at(-1)).toEqual({ status: 'scheduled', kind: 'coupon' });
  });

  it('pauses and duplicates an offer', async () => {
    const server = renderPage();
    await screen.findAllByTestId('offer-row');
    fireEvent.click(within(screen.getAllByTestId('offer-row')[0]!).getByRole('button', { name: 'Pause SAVE1000 on phones' }));
    await waitFor(() => expect(server.inputsOf('offers.setPaused')).toEqual([{ offerId: 'c1', paused: true }]));
    fireEvent.click(within(screen.getAllByTestId('offer-row')[0]!).getByRole('button', { name: 'Duplicate SAVE1000 on phones' }));
    await screen.findByText('Copied as SAVE1000 on phones (copy) (SAVE1000-2), paused');
  });

  it('adds a coupon: checks the boxes, sends exact paise and IST times, shows the server’s refusal beside the code', async () => {
    let refuse = true;
    const server = renderPage({
      create: () => {
        if (refuse) throw new FakeServerError(409, 'CONFLICT', 'SAVE1000 is already a coupon', { 'definition.code': 'SAVE1000 is already a coupon: choose another code' });
        return { ...save1000, _id: 'new' };
      },
    });
    await screen.findAllByTestId('offer-row');
    fireEvent.click(screen.getByRole('button', { name: 'New offer' }));
    fireEvent.click(await screen.findByRole('button', { name: /^Coupon/ }));
    const form = screen.getByRole('form', { name: 'Coupon form' });
    const box = (label: string) => within(form).getByLabelText(label);
    fireEvent.change(box('Name'), { target: { value: 'SAVE1000 on phones' } });
    fireEvent.change(box('Code'), { target: { value: 'save1000' } });
    fireEvent.change(box('Amount off (₹)'), { target: { value: '1000.555' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add coupon' }));
    expect((await within(form).findByText('Amount off must have at most 2 decimals')).id).toBe(box('Amount off (₹)').getAttribute('aria-describedby')?.split(' ')[0]);
    expect(server.inputsOf('offers.create')).toEqual([]);

    fireEvent.change(box('Amount off (₹)'), { target: { value: '1000' } });
    fireEvent.change(box('Minimum cart (₹)'), { target: { value: '20000' } });
    fireEvent.change(box('Starts (IST)'), { target: { value: '2026-12-01T00:00' } });
    fireEvent.change(box('Uses in all'), { target: { value: '50' } });
    fireEvent.click(within(within(form).getByRole('group', { name: 'Applies to: categories' })).getByLabelText('Mobiles'));
    fireEvent.click(within(form).getByRole('button', { name: 'Add coupon' }));
    expect(await within(form).findByText('SAVE1000 is already a coupon: choose another code')).toBeTruthy();
    expect(server.inputsOf('offers.create')).toEqual([
      {
        kind: 'coupon',
        name: 'SAVE1000 on phones',
        definition: expect.objectContaining({
          kind: 'amount',
          code: 'save1000',
          amountPaise: 100_000,
          minCartPaise: 2_000_000,
          validFrom: '2026-12-01T00:00:00+05:30',
          validTo: null,
          totalUses: 50,
          usesPerShopper: 1,
          include: { categories: ['mobiles'], brands: [], productIds: [], variantIds: [] },
        }),
      },
    ]);
    refuse = false;
    fireEvent.change(box('Code'), { target: { value: 'SAVE1000X' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add coupon' }));
    await screen.findByText('Offer added: SAVE1000 on phones');
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Coupon form' })).toBeNull());
  });
});

import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { InvoiceRegister, InvoiceRegisterRow } from '../../../../shared/schemas/invoices';
import { fakeServer, renderableApp } from '../../../lib/test-providers';
import { gstMonth } from '../../../features/admin/components/gst-date';
import { Component as InvoicesPage } from './invoices';

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

const row = (patch: Partial<InvoiceRegisterRow>): InvoiceRegisterRow => ({
  kind: 'invoice',
  number: 'INV/2627/00001',
  date: '2026-11-03',
  reference: null,
  orderId: 'ord_1',
  orderNumber: 'VM-2026-000001',
  buyerName: 'Ravi Shopper',
  buyerGstin: null,
  placeOfSupply: '29',
  taxableValue: 100_000,
  cgst: 9_000,
  sgst: 9_000,
  igst: 0,
  total: 118_000,
  ...patch,
});

const november: InvoiceRegister = {
  month: '2026-11',
  rows: [
    row({}),
    row({
      number: 'INV/2627/00002',
      date: '2026-11-10',
      orderId: 'ord_2',
      orderNumber: 'VM-2026-000002',
      buyerName: 'Meera Traders',
      buyerGstin: '27ABCDE1234F1Z0',
      placeOfSupply: '27',
      taxableValue: 200_000,
      cgst: 0,
      sgst: 0,
      igst: 36_000,
      total: 236_000,
    }),
    row({ kind: 'credit-note', number: 'INV/2627/C0001', date: '2026-11-12', reference: 'INV/2627/00001' }),
  ],
  totals: {
    invoices: { count: 2, taxableValue: 300_000, cgst: 9_000, sgst: 9_000, igst: 36_000, total: 354_000 },
    creditNotes: { count: 1, taxableValue: 100_000, cgst: 9_000, sgst: 9_000, igst: 0, total: 118_000 },
  },
};

const none = { count: 0, taxableValue: 0, cgst: 0, sgst: 0, igst: 0, total: 0 };

function renderPage(url: string) {
  const server = fakeServer({
    'admin.invoices': (input: any) => (input?.month === '2026-11' ? november : { month: input?.month, rows: [], totals: { invoices: none, creditNotes: none } }),
    'settings.get': () => ({ seller: { gstin: '29ABCDE1234F1ZW' }, categoryTax: [] }),
  });
  render(
    renderableApp({
      routes: [
        {
          path: '/admit-panel/invoices',
          element: (
            <>
              <InvoicesPage />
              <Where />
            </>
          ),
        },
      ],
      initialEntries: [url],
      fetch: server.fetch,
    }),
  );
  return server;
}

const monthPicker = () => screen.getByLabelText<HTMLInputElement>('Month');
const csvLink = () => screen.getByRole('link', { name: 'Download GSTR-1 CSV' });

describe('Invoices page', () => {
  afterEach(cleanup);

  it("shows the month's invoices and credit notes with their totals, PDFs and the GSTR-1 link", async () => {
    const server = renderPage('/admit-panel/invoices?month=2026-11');
    const invoices = await screen.findByTestId('totals-invoices');
    expect(server.inputsOf('admin.invoices')).toEqual([{ month: '2026-11' }]);
    expect(monthPicker().value).toBe('2026-11');
    expect(csvLink().getAttribute('href')).toBe('/admin/gstr1.csv?month=2026-11');

    expect(invoices.textContent).toContain('2 invoices');
    expect(within(invoices).getByTestId('totals-invoices-taxable').textContent).toBe('₹3,000.00');
    expect(within(invoices).getByTestId('totals-invoices-total').textContent).toBe('₹3,540.00');
    const credit = screen.getByTestId('totals-credit-notes');
    expect(credit.textContent).toContain('1 credit note');
    expect(within(credit).getByTestId('totals-credit-notes-total').textContent).toBe('-₹1,180.00');
    const net = screen.getByTestId('totals-net');
    expect(within(net).getByTestId('totals-net-taxable').textContent).toBe('₹2,000.00');
    expect(within(net).getByTestId('totals-net-total').textContent).toBe('₹2,360.00');

    const table = screen.getByTestId('invoice-table');
    const rows = within(table).getAllByTestId('invoice-row');
    expect(rows).toHaveLength(3);
    const cells = (tr: HTMLElement) =>
      within(tr)
        .getAllByRole('cell')
        .map((td) => td.textContent);
    // Eight columns, so the table fits a 1366 px laptop's panel: the date under the number, the
    // GSTIN under the buyer, the taxes that apply one line each, the order number on one line.
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Number and date', 'Order', 'Buyer and GSTIN', 'Place of supply', 'Taxable value', 'Tax', 'Total', 'Download']);
    expect(cells(rows[1]!)).toEqual([
      'INV/2627/0000210 November 2026',
      'VM-2026-000002',
      'Meera Traders27ABCDE1234F1Z0',
      'Maharashtra (27)',
      '₹2,000.00',
      'IGST ₹360.00',
      '₹2,360.00',
      'PDF of invoice INV/2627/00002',
    ]);
    // The readable order number, not the internal id (which only the PDF links carry).
    expect(table.textContent).not.toContain('ord_2');
    // The credit note is marked, with the invoice it reverses, and links to its own PDF.
    expect(cells(rows[2]!)[0]).toMatch(/^INV\/2627\/C0001Credit noteagainst INV\/2627\/00001/);
    expect(within(table).getByRole('link', { name: 'PDF of credit note INV/2627/C0001' }).getAttribute('href')).toBe('/orders/ord_1/credit-note.pdf');
    expect(within(table).getByRole('link', { name: 'PDF of invoice INV/2627/00001' }).getAttribute('href')).toBe('/orders/ord_1/invoice.pdf');

    // The same documents as cards, for a narrow panel.
    expect(within(screen.getByTestId('invoice-cards')).getAllByRole('listitem')).toHaveLength(3);
  });

  it('opens on this month, and keeps a month picked in the address and the CSV link', async () => {
    const server = renderPage('/admit-panel/invoices');
    const thisMonth = gstMonth();
    await waitFor(() => expect(server.inputsOf('admin.invoices')).toEqual([{ month: thisMonth }]));
    expect(monthPicker().value).toBe(thisMonth);

    const other = thisMonth === '2026-11' ? '2026-10' : '2026-11';
    fireEvent.change(monthPicker(), { target: { value: other } });
    await waitFor(() => expect(server.inputsOf('admin.invoices').at(-1)).toEqual({ month: other }));
    expect(screen.getByTestId('where').textContent).toBe(`/admit-panel/invoices?month=${other}`);
    expect(monthPicker().value).toBe(other);
    expect(csvLink().getAttribute('href')).toBe(`/admin/gstr1.csv?month=${other}`);
  });

  it('says so kindly when a month has no documents, and still offers its CSV', async () => {
    renderPage('/admit-panel/invoices?month=2026-09');
    const empty = await screen.findByTestId('no-invoices');
    expect(empty.textContent).toContain('No invoices or credit notes in September 2026.');
    expect(screen.queryByTestId('invoice-table')).toBeNull();
    expect(csvLink().getAttribute('href')).toBe('/admin/gstr1.csv?month=2026-09');
  });

  it('ignores a month in the address that is not one', async () => {
    const server = renderPage('/admit-panel/invoices?month=2026-13');
    await waitFor(() => expect(server.inputsOf('admin.invoices')).toEqual([{ month: gstMonth() }]));
  });
});

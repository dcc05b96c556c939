import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../../shared/schemas/audit';
import { FakeServerError, fakeServer, renderableApp } from '../../../lib/test-providers';
import { Component as AuditPage } from './audit';

const owner = { _id: 'u_owner', name: 'Asha Owner', email: 'owner@example.com' };

const entry = (id: string, patch: Partial<AuditEntry> = {}): AuditEntry => ({
  _id: id,
  at: '2026-11-25T10:00:00.000Z',
  action: 'settings.update',
  kind: 'settings',
  label: 'Settings changed',
  actor: owner,
  summary: 'Changed the shop settings: free shipping threshold.',
  detail: {},
  ...patch,
});

const settings = entry('a_settings');
const taxCategory = entry('a_tax', { at: '2026-11-24T06:00:00.000Z', action: 'tax.category', kind: 'tax', label: 'Category GST set', summary: 'Set GST on Laptops to 18%.' });
const role = entry('a_role', { at: '2026-11-23T18:45:00.000Z', action: 'user.role', kind: 'role', label: 'Role changed', summary: 'Made ravi@example.com an ADMIN.' });
const stock = entry('a_stock', {
  at: '2026-11-22T08:00:00.000Z',
  action: 'stock',
  kind: 'stock',
  label: 'Stock changed',
  actor: null,
  summary: 'Stock of boAt Rockerz 450 went from 5 to 4 (order).',
});
const taxProduct = entry('a_tax_product', {
  at: '2026-11-20T06:00:00.000Z',
  action: 'tax.product',
  kind: 'tax',
  label: 'Product GST set',
  summary: 'Set GST on iPhone 16 to 12%.',
});
const price = entry('a_price', {
  at: '2026-11-26T09:00:00.000Z',
  action: 'product.update',
  kind: 'product',
  label: 'Price changed',
  summary: 'Voltwave Speaker: selling price ₹12,345.50 → ₹9,999.00',
});
const cancelled = entry('a_cancel', {
  at: '2026-11-26T08:00:00.000Z',
  action: 'order.status',
  kind: 'order',
  label: 'Order cancelled (refund ₹1,299.00)',
  summary: 'Order o_1: paid → cancelled; credit note VM/2627/C0001 issued; refund of ₹1,299.00 asked through Stripe',
});
const refunded = entry('a_refund', {
  at: '2026-11-26T07:00:00.000Z',
  action: 'order.refund',
  kind: 'order',
  label: 'Order refunded (₹1,299.00)',
  summary: 'Refunded order o_1 through Stripe (₹1,299.00, succeeded)',
});

function renderPage(audit: (input: any) => unknown) {
  const server = fakeServer({ 'admin.audit': audit });
  render(renderableApp({ routes: [{ path: '/admit-panel/audit', element: <AuditPage /> }], initialEntries: ['/admit-panel/audit'], fetch: server.fetch }));
  return server;
}

const cells = (tr: HTMLElement) =>
  within(tr)
    .getAllByRole('cell')
    .map((td) => td.textContent);

describe('Audit log page', () => {
  afterEach(cleanup);

  it('lists who changed what when, with the kind as a badge, and loads more with the cursor', async () => {
    const server = renderPage((input) =>
      input?.cursor === 'page-2' ? { items: [taxProduct], nextCursor: null } : { items: [settings, taxCategory, role, stock], nextCursor: 'page-2' },
    );
    const table = await screen.findByTestId('audit-table');
    expect(screen.getByRole('heading', { name: 'Audit log' })).toBeTruthy();

    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['When', 'Who', 'What']);
    expect(within(table).getAllByTestId('audit-row').map(cells)).toEqual([
      ['25 Nov 2026, 3:30 pm IST', 'Asha Ownerowner@example.com', 'SettingsSettings changedChanged the shop settings: free shipping threshold.'],
      ['24 Nov 2026, 11:30 am IST', 'Asha Ownerowner@example.com', 'TaxCategory GST setSet GST on Laptops to 18%.'],
      ['24 Nov 2026, 12:15 am IST', 'Asha Ownerowner@example.com', 'RoleRole changedMade ravi@example.com an ADMIN.'],
      ['22 Nov 2026, 1:30 pm IST', 'The shop', 'StockStock changedStock of boAt Rockerz 450 went from 5 to 4 (order).'],
    ]);
    // The same changes as cards, for a narrow panel.
    const cards = within(screen.getByTestId('audit-cards')).getAllByRole('listitem');
    expect(cards).toHaveLength(4);
    expect(cards[3]!.textContent).toBe('StockStock changedStock of boAt Rockerz 450 went from 5 to 4 (order).22 Nov 2026, 1:30 pm ISTThe shop');

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(table).getAllByTestId('audit-row')).toHaveLength(5));
    expect(server.inputsOf('admin.audit')).toEqual([
      { limit: 50, direction: 'forward' },
      { limit: 50, cursor: 'page-2', direction: 'forward' },
    ]);
    expect(cells(within(table).getAllByTestId('audit-row')[4]!)).toEqual([
      '20 Nov 2026, 11:30 am IST',
      'Asha Ownerowner@example.com',
      'TaxProduct GST setSet GST on iPhone 16 to 12%.',
    ]);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('shows catalogue and order changes in words, never the server’s action keys, and filters by kind', async () => {
    const server = renderPage((input) =>
      input?.kind === 'order' ? { items: [cancelled, refunded], nextCursor: null } : { items: [price, cancelled, refunded], nextCursor: null },
    );
    const table = await screen.findByTestId('audit-table');
    expect(within(table).getAllByTestId('audit-row').map(cells)).toEqual([
      ['26 Nov 2026, 2:30 pm IST', 'Asha Ownerowner@example.com', 'ProductPrice changedVoltwave Speaker: selling price ₹12,345.50 → ₹9,999.00'],
      [
        '26 Nov 2026, 1:30 pm IST',
        'Asha Ownerowner@example.com',
        'OrderOrder cancelled (refund ₹1,299.00)Order o_1: paid → cancelled; credit note VM/2627/C0001 issued; refund of ₹1,299.00 asked through Stripe',
      ],
      ['26 Nov 2026, 12:30 pm IST', 'Asha Ownerowner@example.com', 'OrderOrder refunded (₹1,299.00)Refunded order o_1 through Stripe (₹1,299.00, succeeded)'],
    ]);
    const page = document.body.textContent ?? '';
    for (const key of ['product.update', 'order.status', 'order.refund']) expect(page).not.toContain(key);

    const filter = screen.getByLabelText<HTMLSelectElement>('Show');
    expect([...filter.options].map((o) => o.textContent)).toEqual([
      'All changes',
      'Product',
      'Order',
      'Stock',
      'Banner',
      'Category',
      'Offer',
      'Catalogue',
      'Settings',
      'Tax',
      'Role',
      'Account',
    ]);
    fireEvent.change(filter, { target: { value: 'order' } });
    await waitFor(() => expect(within(screen.getByTestId('audit-table')).getAllByTestId('audit-row')).toHaveLength(2));
    expect(
      within(screen.getByTestId('audit-table'))
        .getAllByTestId('audit-kind')
        .map((b) => b.textContent),
    ).toEqual(['Order', 'Order']);
    expect(server.inputsOf('admin.audit')).toEqual([
      { limit: 50, direction: 'forward' },
      { limit: 50, kind: 'order', direction: 'forward' },
    ]);
  });

  it('says so when nothing has changed yet', async () => {
    renderPage(() => ({ items: [], nextCursor: null }));
    const empty = await screen.findByTestId('no-audit');
    expect(empty.textContent).toContain('Nothing changed yet');
    expect(screen.queryByTestId('audit-table')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('shows the server’s refusal', async () => {
    renderPage(() => {
      throw new FakeServerError(403, 'FORBIDDEN', 'Only an admin can do this.');
    });
    expect((await screen.findByRole('alert')).textContent).toBe('Only an admin can do this.');
  });
});

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
  actor: owner,
  summary: 'Changed the shop settings: free shipping threshold.',
  detail: {},
  ...patch,
});

const settings = entry('a_settings');
const taxCategory = entry('a_tax', { at: '2026-11-24T06:00:00.000Z', action: 'tax.category', summary: 'Set GST on Laptops to 18%.' });
const role = entry('a_role', { at: '2026-11-23T18:45:00.000Z', action: 'user.role', summary: 'Made ravi@example.com an ADMIN.' });
const stock = entry('a_stock', { at: '2026-11-22T08:00:00.000Z', action: 'stock', actor: null, summary: 'Stock of boAt Rockerz 450 went from 5 to 4 (order).' });
const taxProduct = entry('a_tax_product', { at: '2026-11-20T06:00:00.000Z', action: 'tax.product', summary: 'Set GST on iPhone 16 to 12%.' });

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
      ['25 Nov 2026, 3:30 pm IST', 'Asha Ownerowner@example.com', 'SettingsChanged the shop settings: free shipping threshold.'],
      ['24 Nov 2026, 11:30 am IST', 'Asha Ownerowner@example.com', 'TaxSet GST on Laptops to 18%.'],
      ['24 Nov 2026, 12:15 am IST', 'Asha Ownerowner@example.com', 'RoleMade ravi@example.com an ADMIN.'],
      ['22 Nov 2026, 1:30 pm IST', 'The shop', 'StockStock of boAt Rockerz 450 went from 5 to 4 (order).'],
    ]);
    // The same changes as cards, for a narrow panel.
    const cards = within(screen.getByTestId('audit-cards')).getAllByRole('listitem');
    expect(cards).toHaveLength(4);
    expect(cards[3]!.textContent).toBe('StockStock of boAt Rockerz 450 went from 5 to 4 (order).22 Nov 2026, 1:30 pm ISTThe shop');

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(table).getAllByTestId('audit-row')).toHaveLength(5));
    expect(server.inputsOf('admin.audit')).toEqual([
      { limit: 50, direction: 'forward' },
      { limit: 50, cursor: 'page-2', direction: 'forward' },
    ]);
    expect(cells(within(table).getAllByTestId('audit-row')[4]!)).toEqual(['20 Nov 2026, 11:30 am IST', 'Asha Ownerowner@example.com', 'TaxSet GST on iPhone 16 to 12%.']);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
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

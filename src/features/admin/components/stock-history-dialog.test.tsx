import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StockMovement } from '../../../../shared/schemas/catalog';
import { fakeServer, renderableApp } from '../../../lib/test-providers';
import { formatDelta, StockHistoryDialog, type StockHistoryProduct } from './stock-history-dialog';

const product: StockHistoryProduct = { _id: 'p1', productName: 'Sony WH-1000XM5', trackStock: true, stock: 6 };
const asha = { _id: 'u1', name: 'Asha Admin', email: 'asha@example.com' };

function movement(id: string, patch: Partial<StockMovement>): StockMovement {
  return { _id: id, at: '2026-11-21T20:05:00.000Z', reason: 'sale', delta: -1, before: 7, after: 6, orderId: null, actor: null, note: '', ...patch };
}

const newest = [
  movement('m4', { at: '2026-11-22T09:30:00.000Z', reason: 'admin', delta: 3, before: 6, after: 9, actor: asha, note: 'Delivery from the distributor' }),
  movement('m3', { at: '2026-11-21T20:05:00.000Z', reason: 'sale', delta: -1, before: 7, after: 6, orderId: 'ord_42', orderNumber: 'VM-2026-000042' }),
];
const older = [
  movement('m2', { at: '2026-11-20T06:00:00.000Z', reason: 'release', delta: 2, before: 5, after: 7, orderId: 'ord_41' }),
  movement('m1', { at: '2026-11-01T04:30:00.000Z', reason: 'created', delta: 5, before: 0, after: 5, actor: asha }),
];

function renderHistory(history: (input: any) => unknown, shown: StockHistoryProduct = product) {
  const server = fakeServer({ 'catalog.stockHistory': history });
  const onClose = vi.fn();
  render(renderableApp({ routes: [{ path: '/', element: <StockHistoryDialog product={shown} onClose={onClose} /> }], fetch: server.fetch }));
  return { server, onClose, dialog: screen.getByRole('dialog', { name: 'Stock history' }) };
}

// ICU may put a narrow no-break space before "am"/"pm".
const text = (element: Element) => (element.textContent ?? '').replace(/\s/g, ' ');
/** The text a screen reader gets: without what is aria-hidden. */
function spoken(element: Element): string {
  const copy = element.cloneNode(true) as Element;
  for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
  return text(copy);
}

describe('formatDelta', () => {
  it('signs the change with plus or a real minus', () => {
    expect(formatDelta(3)).toBe('+3');
    expect(formatDelta(-1)).toBe('\u22121');
    expect(formatDelta(0)).toBe('0');
  });
});

describe('StockHistoryDialog', () => {
  afterEach(cleanup);

  it('lists the movements newest first: IST time, reason, change, before → after, order, who and note', async () => {
    const { dialog, server } = renderHistory(() => ({ items: newest, nextCursor: null }));
    expect(text(dialog)).toContain('Sony WH-1000XM5 · Stock now 6');
    const rows = await within(dialog).findAllByTestId('stock-movement');
    expect(server.inputsOf('catalog.stockHistory')).toEqual([expect.objectContaining({ productId: 'p1', limit: 20 })]);
    expect(rows).toHaveLength(2);

    const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map(spoken);
    expect(cells(rows[0]!)).toEqual(['22 Nov 2026, 3:00 pm IST', 'Admin change', '+3', '6 to 9', 'none', 'Asha Adminasha@example.com', 'Delivery from the distributor']);
    // The order by its readable number (issue 29).
    expect(cells(rows[1]!)).toEqual(['22 Nov 2026, 1:35 am IST', 'Sale', '\u22121', '7 to 6', 'VM-2026-000042', 'Shop', '']);
    // Seen as "7 → 6"; the arrow is not read out.
    expect(within(rows[1]!).getByText('→').getAttribute('aria-hidden')).toBe('true');
    expect(
      within(rows[0]!)
        .getByText('22 Nov 2026, 3:00 pm IST', { normalizer: (s) => s.replace(/\s/g, ' ') })
        .getAttribute('datetime'),
    ).toBe('2026-11-22T09:30:00.000Z');
    expect(within(dialog).queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('names every kind of movement in words', async () => {
    const reasons = ['created', 'sale', 'release', 'restock', 'admin', 'late_payment', 'shortage_filled', 'tracking_on'] as const;
    const { dialog } = renderHistory(() => ({ items: reasons.map((reason, i) => movement(`m${i}`, { reason })), nextCursor: null }));
    const rows = await within(dialog).findAllByTestId('stock-movement');
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]?.textContent)).toEqual([
      'Created',
      'Sale',
      'Released (checkout expired or cancelled)',
      'Restocked (order cancelled)',
      'Admin change',
      'Late payment',
      'Taken for a late-paid order',
      'Tracking switched on',
    ]);
  });

  it('loads older movements with the cursor, until there are none', async () => {
    const { dialog, server } = renderHistory((input: { cursor?: string }) => (input.cursor === 'c2' ? { items: older, nextCursor: null } : { items: newest, nextCursor: 'c2' }));
    await within(dialog).findAllByTestId('stock-movement');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(dialog).getAllByTestId('stock-movement')).toHaveLength(4));
    expect(
      within(dialog)
        .getAllByTestId('stock-movement')
        .map((row) => within(row).getAllByRole('cell')[1]?.textContent),
    ).toEqual(['Admin change', 'Sale', 'Released (checkout expired or cancelled)', 'Created']);
    const asked = server.inputsOf('catalog.stockHistory');
    expect(asked).toEqual([expect.objectContaining({ productId: 'p1', limit: 20 }), expect.objectContaining({ productId: 'p1', limit: 20, cursor: 'c2' })]);
    expect(asked[0]).not.toHaveProperty('cursor');
    expect(within(dialog).queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('says so when nothing moved yet, and that an untracked stock is not counted', async () => {
    const { dialog } = renderHistory(() => ({ items: [], nextCursor: null }), { ...product, trackStock: false, stock: 0 });
    expect(await within(dialog).findByText('No stock movements yet: this product’s stock is not tracked.')).toBeTruthy();
    expect(text(dialog)).toContain('Stock not tracked');
    expect(within(dialog).queryByRole('table')).toBeNull();
  });

  it('closes from its Close button', () => {
    const { dialog, onClose } = renderHistory(() => ({ items: [], nextCursor: null }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { BulkGridRow, BulkUpdateResult } from '../../../../shared/schemas/bulk-edit';
import { fakeServer, renderableApp } from '../../../lib/test-providers';
import { BulkEdit } from './bulk-edit';

const row = (id: string, over: Partial<BulkGridRow> = {}): BulkGridRow => ({
  variantId: id,
  productId: `p-${id}`,
  productName: `Phone ${id}`,
  label: '',
  sku: `SKU-${id}`,
  category: 'mobiles',
  brand: 'Zorbix',
  price: 2_000_000,
  sellingPrice: 1_800_000,
  stock: 9,
  trackStock: true,
  archived: false,
  productArchived: false,
  ...over,
});

const ROWS = [row('a'), row('b', { sellingPrice: 1_299_900 }), row('c'), row('d', { stock: 4 })];

function renderGrid(result: (input: { rows: { variantId: string; set: { sellingPrice?: number; price?: number; stock?: number } }[] }) => BulkUpdateResult) {
  const server = fakeServer({
    'catalog.bulkGrid': () => ({ items: ROWS, nextCursor: null }),
    'catalog.bulkGridBrands': () => ['Zorbix'],
    'catalog.adminCategories': () => [],
    'catalog.bulkUpdateVariants': (input) => result(input as Parameters<typeof result>[0]),
  });
  render(renderableApp({ routes: [{ path: '/', element: <BulkEdit /> }], fetch: server.fetch }));
  return server;
}

const cell = (sku: string, name: 'MRP' | 'Selling price' | 'Stock') => screen.getByLabelText<HTMLInputElement>(new RegExp(`^${name} of .*SKU ${sku}$`));

describe('BulkEdit', () => {
  afterEach(cleanup);

  it('ticks 3 rows, raises them 10 %, reviews and saves one save; a refused row shows why, the saved ones are done', async () => {
    const server = renderGrid((input) => ({
      saved: input.rows.filter((r) => r.variantId !== 'd').map((r) => ({ ...ROWS.find((x) => x.variantId === r.variantId)!, ...r.set })),
      refused: [{ variantId: 'd', sku: 'SKU-d', field: 'stock', message: 'stock is now 2 (was 4 when you loaded)', current: { ...ROWS[3]!, stock: 2 } }],
      counts: { variants: 3, prices: 3, stock: 0, archived: 0, restored: 0 },
    }));
    await screen.findByText('SKU-a');
    for (const sku of ['SKU-a', 'SKU-b', 'SKU-c']) fireEvent.click(screen.getByLabelText(new RegExp(`^Select .*SKU ${sku}$`)));
    expect(screen.getByTestId('bulk-selected').textContent).toBe('3 selected');
    fireEvent.change(screen.getByLabelText('By (+ raises, − cuts)'), { target: { value: '+10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect([cell('SKU-a', 'MRP').value, cell('SKU-a', 'Selling price').value, cell('SKU-b', 'Selling price').value]).toEqual(['22000', '19800', '14299']);
    expect(cell('SKU-d', 'Selling price').value).toBe('18000');
    fireEvent.change(cell('SKU-d', 'Stock'), { target: { value: '10' } });
    expect(screen.getByTestId('bulk-pending').textContent).toBe('4 variants changed');

    // A selling price typed above the MRP holds the save until fixed.
    fireEvent.change(cell('SKU-c', 'Selling price'), { target: { value: '25000' } });
    expect(screen.getByText('Selling price is above the MRP')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Review changes' }).disabled).toBe(true);
    fireEvent.change(cell('SKU-c', 'Selling price'), { target: { value: '19800' } });

    fireEvent.click(screen.getByRole('button', { name: 'Review changes' }));
    const dialog = screen.getByRole('dialog', { name: 'Review changes' });
    expect(within(dialog).getByTestId('bulk-summary').textContent).toBe('4 variants: 3 price changes, 1 stock changes, 0 to archive, 0 to restore.');
    expect(within(dialog).getByTestId('bulk-review').textContent).toContain('Selling price: ₹12,999 → ₹14,299');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save 4 variants' }));
    expect(await screen.findByTestId('bulk-row-refused')).toHaveProperty('textContent', 'stock is now 2 (was 4 when you loaded)');
    expect(server.inputsOf('catalog.bulkUpdateVariants')).toEqual([
      {
        rows: [
          { variantId: 'a', expected: { price: 2_000_000, sellingPrice: 1_800_000, stock: 9 }, set: { price: 2_200_000, sellingPrice: 1_980_000 } },
          { variantId: 'b', expected: { price: 2_000_000, sellingPrice: 1_299_900, stock: 9 }, set: { price: 2_200_000, sellingPrice: 1_429_900 } },
          { variantId: 'c', expected: { price: 2_000_000, sellingPrice: 1_800_000, stock: 9 }, set: { price: 2_200_000, sellingPrice: 1_980_000 } },
          { variantId: 'd', expected: { price: 2_000_000, sellingPrice: 1_800_000, stock: 4 }, set: { stock: 10 } },
        ],
      },
    ]);
    // Only the refused row is left to save (over its figure now).
    expect(screen.getByTestId('bulk-pending').textContent).toBe('1 variant changed');
    expect(screen.getByTestId('bulk-selected').textContent).toBe('0 selected');
  });

  it('the header box ticks and unticks the whole page', async () => {
    renderGrid(() => ({ saved: [], refused: [], counts: { variants: 0, prices: 0, stock: 0, archived: 0, restored: 0 } }));
    await screen.findByText('SKU-a');
    const all = screen.getByLabelText<HTMLInputElement>('Select every row of this page');
    fireEvent.click(all);
    expect(screen.getByTestId('bulk-selected').textContent).toBe('4 selected');
    fireEvent.click(screen.getByLabelText(/^Select .*SKU SKU-b$/));
    expect(all.indeterminate).toBe(true);
    fireEvent.click(all);
    expect(screen.getByTestId('bulk-selected').textContent).toBe('4 selected');
    fireEvent.click(all);
    expect(screen.getByTestId('bulk-selected').textContent).toBe('0 selected');
  });
});

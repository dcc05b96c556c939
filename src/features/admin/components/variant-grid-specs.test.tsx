import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminCategory, SpecAttribute } from '../../../../shared/schemas/categories';
import type { AdminVariant } from '../../../../shared/schemas/variants';
import { FakeServerError, fakeServer, renderableApp, withToastHost } from '../../../lib/test-providers';
import { ProductFormDialog } from './product-form-dialog';

/**
 * Issue 27: the variant grid's columns for the category's per-variant attributes (typed per the
 * template, filled from an option that is the attribute, fill down), sent with each variant, and
 * the server's refusal shown on its cell.
 */

const TEMPLATE: SpecAttribute[] = [
  { key: 'capacity', name: 'Capacity', unit: 'mAh', type: 'number', options: [], filter: true, onCard: true, perVariant: true },
  { key: 'output', name: 'Output', unit: 'W', type: 'number', options: [], filter: false, onCard: false, perVariant: false },
  { key: 'fast_charging', name: 'Fast charging', unit: '', type: 'yesno', options: [], filter: true, onCard: false, perVariant: true },
  { key: 'cell', name: 'Cell', unit: '', type: 'list', options: ['Li-ion', 'Li-polymer'], filter: true, onCard: false, perVariant: true },
  { key: 'ports', name: 'Ports', unit: '', type: 'text', options: [], filter: false, onCard: false, perVariant: true },
];

const category: AdminCategory = {
  value: 'power-banks',
  label: 'Power banks',
  position: 12,
  hidden: false,
  hsn: '850760',
  rateBasisPoints: 1800,
  homeRow: null,
  template: TEMPLATE,
  unitIds: 'none',
  productCount: 1,
  createdAt: '2026-12-03T00:00:00.000Z',
  updatedAt: '2026-12-03T00:00:00.000Z',
};

const stored = {
  _id: 'p1',
  productName: 'Ambrane Stylo 20K',
  brandName: 'Ambrane',
  category: 'power-banks',
  description: '',
  productImage: ['/images/0123456789abcdef0123456789abcdef.webp'],
  price: 199_900,
  sellingPrice: 149_900,
  stock: 4,
  trackStock: true,
  hsnCode: null as string | null,
  gstRateBasisPoints: null as number | null,
  facts: {
    countryOfOrigin: 'India',
    manufacturerName: 'Ambrane India Pvt. Ltd.',
    manufacturerAddress: 'Plot 12, Sector 63, Noida 201301',
    importerName: null,
    importerAddress: null,
    netQuantity: '1 N: power bank, cable',
    warrantyMonths: 6 as number | null,
    warrantyBy: 'Ambrane (manufacturer)',
  },
};

const variant = (id: string, sku: string, optionValues: string[], position: number, specs: AdminVariant['specs']): AdminVariant => ({
  _id: id,
  sku,
  ean: null,
  optionValues,
  label: optionValues.join(', '),
  price: 199_900,
  sellingPrice: 149_900,
  stock: 4,
  trackStock: true,
  inStock: true,
  weightGrams: null,
  images: [],
  position,
  archivedAt: null,
  specs,
});

const storedVariants = {
  options: [
    { name: 'Capacity', values: [{ value: '10000 mAh' }, { value: '20000 mAh' }] },
    { name: 'Colour', values: [{ value: 'Black', swatch: '#111111' }] },
  ],
  variants: [
    variant('p1', 'STY-10000-BLK', ['10000 mAh', 'Black'], 0, { fast_charging: true, cell: 'Li-ion' }),
    variant('v2', 'STY-20000-BLK', ['20000 mAh', 'Black'], 1, { ports: '2 × USB-C' }),
  ],
};

function renderDialog(update: (input: unknown) => unknown) {
  const server = fakeServer({
    'catalog.adminCategories': () => [category],
    'catalog.update': update,
    'catalog.variants': () => storedVariants,
  });
  const onClose = vi.fn();
  render(renderableApp({ routes: [{ path: '/', element: <ProductFormDialog product={stored} onClose={onClose} /> }], fetch: server.fetch, toasts: true }));
  return { server, onClose, dialog: screen.getByRole('dialog', { name: 'Edit Product' }) };
}

const cell = (dialog: HTMLElement, label: string) => within(dialog).getByLabelText<HTMLInputElement | HTMLSelectElement>(label);
const column = (dialog: HTMLElement, heading: string) => ['10000 mAh, Black', '20000 mAh, Black'].map((row) => cell(dialog, `${heading} of ${row}`).value);

describe('the variant grid’s per-variant spec columns', () => {
  withToastHost();
  afterEach(cleanup);

  it('shows a typed column per per-variant attribute, fills Capacity from the option, fills down, checks and sends each row’s values', async () => {
    const update = vi
      .fn<(input: unknown) => unknown>()
      .mockImplementationOnce(() => {
        throw new FakeServerError(400, 'BAD_INPUT', 'variants.1.specs.cell: Cell must be one of: Li-ion, Li-polymer (variant 2, 20000 mAh, Black, SKU STY-20000-BLK)', {
          'variants.1.specs.cell': 'Cell must be one of: Li-ion, Li-polymer',
        });
      })
      .mockImplementation((input) => ({ ...stored, ...(input as object) }));
    const { dialog, server, onClose } = renderDialog(update);
    await waitFor(() => expect(within(dialog).getAllByTestId('variant-row')).toHaveLength(2));
    const grid = within(dialog).getByTestId('variant-grid');
    const headings = within(grid)
      .getAllByRole('columnheader')
      .map((th) => th.textContent?.replace('↓', '').trim());
    expect(headings).toEqual(expect.arrayContaining(['Capacity (mAh)', 'Fast charging', 'Cell', 'Ports']));
    expect(headings).not.toContain('Output (W)');
    // Typed per the template: a number, a yes / no select, a list's select, text.
    expect(cell(dialog, 'Capacity (mAh) of 10000 mAh, Black').tagName).toBe('INPUT');
    expect(cell(dialog, 'Capacity (mAh) of 10000 mAh, Black').getAttribute('inputmode')).toBe('decimal');
    expect([...(cell(dialog, 'Fast charging of 10000 mAh, Black') as HTMLSelectElement).options].map((o) => o.text)).toEqual(['Not given', 'Yes', 'No']);
    expect([...(cell(dialog, 'Cell of 10000 mAh, Black') as HTMLSelectElement).options].map((o) => o.text)).toEqual(['Not given', 'Li-ion', 'Li-polymer']);
    // The option Capacity is the attribute: its values fill the column; stored values load.
    expect(column(dialog, 'Capacity (mAh)')).toEqual(['10000', '20000']);
    expect(column(dialog, 'Fast charging')).toEqual(['yes', '']);
    expect(column(dialog, 'Ports')).toEqual(['', '2 × USB-C']);
    // The Specifications section keeps the product-level attributes only.
    const section = within(dialog).getByTestId('specifications-fields');
    expect(within(section).getByLabelText(/Output/)).toBeTruthy();
    expect(within(section).queryByLabelText(/Capacity/)).toBeNull();

    fireEvent.click(within(grid).getByRole('button', { name: 'Fill down Fast charging' }));
    fireEvent.click(within(grid).getByRole('button', { name: 'Fill down Cell' }));
    expect(column(dialog, 'Fast charging')).toEqual(['yes', 'yes']);
    expect(column(dialog, 'Cell')).toEqual(['Li-ion', 'Li-ion']);

    // Checked before sending: a capacity that is not a number stays on its cell, nothing is sent.
    fireEvent.change(cell(dialog, 'Capacity (mAh) of 20000 mAh, Black'), { target: { value: 'lots' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update Product' }));
    const capacity = cell(dialog, 'Capacity (mAh) of 20000 mAh, Black');
    await waitFor(() => expect(capacity.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(capacity.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Capacity must be a number in mAh');
    expect(server.inputsOf('catalog.update')).toHaveLength(0);

    fireEvent.change(capacity, { target: { value: '20000 mAh' } });
    expect(capacity.getAttribute('aria-invalid')).toBeNull();
    fireEvent.change(cell(dialog, 'Ports of 10000 mAh, Black'), { target: { value: 'USB-C, USB-A' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update Product' }));
    // The server's refusal of one row's value lands on that cell.
    const refused = cell(dialog, 'Cell of 20000 mAh, Black');
    await waitFor(() => expect(refused.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(refused.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Cell must be one of: Li-ion, Li-polymer');
    expect(cell(dialog, 'Cell of 10000 mAh, Black').getAttribute('aria-invalid')).toBeNull();
    expect(update.mock.calls[0]?.[0]).toEqual(
      expect.objectContaining({
        variants: [
          expect.objectContaining({ _id: 'p1', specs: { capacity: 10000, fast_charging: true, cell: 'Li-ion', ports: 'USB-C, USB-A' } }),
          expect.objectContaining({ _id: 'v2', specs: { capacity: 20000, fast_charging: true, cell: 'Li-ion', ports: '2 × USB-C' } }),
        ],
      }),
    );
    // An emptied cell clears the value (null).
    fireEvent.change(cell(dialog, 'Cell of 20000 mAh, Black'), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update Product' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect((update.mock.calls[1]?.[0] as { variants: { specs: unknown }[] }).variants[1]?.specs).toEqual({ capacity: 20000, fast_charging: true, cell: null, ports: '2 × USB-C' });
  });

  it('a new product’s rows fill their Capacity from a Capacity option typed in', async () => {
    const server = fakeServer({ 'catalog.adminCategories': () => [category] });
    render(renderableApp({ routes: [{ path: '/', element: <ProductFormDialog onClose={vi.fn()} /> }], fetch: server.fetch, toasts: true }));
    const dialog = screen.getByRole('dialog', { name: 'Upload Product' });
    await waitFor(() => expect(within(dialog).getByRole('option', { name: 'Power banks' })).toBeTruthy());
    fireEvent.change(within(dialog).getByLabelText('Category'), { target: { value: 'power-banks' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add option' }));
    fireEvent.change(within(dialog).getByLabelText('Option 1 name'), { target: { value: 'Capacity' } });
    const value = within(dialog).getByLabelText('Add a value of Capacity');
    for (const v of ['10000 mAh', '20,000mAh', 'Huge']) {
      fireEvent.change(value, { target: { value: v } });
      fireEvent.keyDown(value, { key: 'Enter' });
    }
    // "Huge" does not read as a number in mAh: left for the owner to type.
    expect(['10000 mAh', '20,000mAh', 'Huge'].map((row) => cell(dialog, `Capacity (mAh) of ${row}`).value)).toEqual(['10000', '20000', '']);
    expect(cell(dialog, 'Capacity (mAh) of 10000 mAh').getAttribute('title')).toBe('From the option Capacity');
  });
});

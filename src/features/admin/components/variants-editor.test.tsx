import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminVariant } from '../../../../shared/schemas/variants';
import { FakeServerError, fakeServer, renderableApp, withToastHost } from '../../../lib/test-providers';
import { ProductFormDialog } from './product-form-dialog';

const facts = {
  countryOfOrigin: 'India',
  manufacturerName: 'Ambrane India Pvt. Ltd.',
  manufacturerAddress: 'Plot 12, Sector 63, Noida 201301',
  importerName: null,
  importerAddress: null,
  netQuantity: '1 N: power bank, cable',
  warrantyMonths: 6 as number | null,
  warrantyBy: 'Ambrane (manufacturer)',
};

const stored = {
  _id: 'p1',
  productName: 'Ambrane Stylo 20K',
  brandName: 'Ambrane',
  category: 'mobiles',
  description: '',
  productImage: ['/images/0123456789abcdef0123456789abcdef.webp', '/images/fedcba9876543210fedcba9876543210.webp'],
  price: 199_900,
  sellingPrice: 149_900,
  stock: 4,
  trackStock: true,
  hsnCode: null as string | null,
  gstRateBasisPoints: null as number | null,
  facts,
};

const variant = (id: string, sku: string, optionValues: string[], sellingPrice: number, stock: number, position: number): AdminVariant => ({
  _id: id,
  sku,
  ean: null,
  optionValues,
  label: optionValues.join(', '),
  price: 199_900,
  sellingPrice,
  stock,
  trackStock: true,
  inStock: stock > 0,
  weightGrams: null,
  images: [],
  position,
  archivedAt: null,
});

const storedVariants = {
  options: [
    { name: 'Capacity', values: [{ value: '10000 mAh' }, { value: '20000 mAh' }] },
    { name: 'Colour', values: [{ value: 'Black', swatch: '#111111' }] },
  ],
  variants: [variant('p1', 'STY-10000-BLK', ['10000 mAh', 'Black'], 149_900, 4, 0), variant('v2', 'STY-20000-BLK', ['20000 mAh', 'Black'], 179_900, 9, 1)],
};

function renderDialog(opts: { product?: typeof stored; update?: (input: unknown) => unknown } = {}) {
  const server = fakeServer({
    'catalog.update': opts.update ?? ((input) => ({ ...stored, ...(input as object) })),
    'catalog.create': (input) => ({ ...(input as object), _id: 'p_new' }),
    'catalog.variants': () => storedVariants,
  });
  const onClose = vi.fn();
  const element = opts.product ? <ProductFormDialog product={opts.product} onClose={onClose} /> : <ProductFormDialog onClose={onClose} />;
  render(renderableApp({ routes: [{ path: '/', element }], fetch: server.fetch, toasts: true }));
  const dialog = screen.getByRole('dialog', { name: opts.product ? 'Edit Product' : 'Upload Product' });
  return { server, onClose, dialog };
}

/** Adds an option (its name typed over the suggestion) with its values typed in as chips. */
function addOption(dialog: HTMLElement, name: string, values: string[]) {
  fireEvent.click(within(dialog).getByRole('button', { name: 'Add option' }));
  const names = within(dialog).getAllByLabelText(/^Option \d name$/);
  const input = names[names.length - 1]!;
  fireEvent.change(input, { target: { value: name } });
  const valueInput = within(dialog).getByLabelText(`Add a value of ${name}`);
  for (const value of values) {
    fireEvent.change(valueInput, { target: { value } });
    fireEvent.keyDown(valueInput, { key: 'Enter' });
  }
}

const rowsOf = (dialog: HTMLElement) =>
  within(dialog)
    .getAllByTestId('variant-row')
    .map((row) => row.getAttribute('data-row'));
const cell = (dialog: HTMLElement, label: string) => within(dialog).getByLabelText<HTMLInputElement>(label);

describe('the options editor and variant grid', () => {
  withToastHost();
  afterEach(cleanup);

  it('proposes every combination of the options, with SKUs from the name and values, and hides the single price and stock', () => {
    const { dialog } = renderDialog();
    fireEvent.change(within(dialog).getByLabelText('Product Name'), { target: { value: 'Samsung Galaxy S24 5G' } });
    expect(within(dialog).getByLabelText('Price (₹)')).toBeTruthy();
    addOption(dialog, 'Storage', ['128 GB', '256 GB']);
    addOption(dialog, 'Colour', ['Onyx Black', 'Marble Grey']);
    expect(rowsOf(dialog)).toEqual(['128 GB, Onyx Black', '128 GB, Marble Grey', '256 GB, Onyx Black', '256 GB, Marble Grey']);
    expect(cell(dialog, 'SKU of 256 GB, Marble Grey').value).toBe('S24-256-GRY');
    expect(cell(dialog, 'SKU of 128 GB, Onyx Black').value).toBe('S24-128-BLK');
    // A colour value gets a swatch picker; the product-level figures are now each variant's.
    expect(within(dialog).getByLabelText('Swatch colour of Marble Grey')).toBeTruthy();
    expect(within(dialog).queryByLabelText('Price (₹)')).toBeNull();
    expect(within(dialog).queryByLabelText('Stock')).toBeNull();

    // Unticked: that combination is not sold, and its cells cannot be typed in.
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Sold: 128 GB, Marble Grey' }));
    expect(cell(dialog, 'MRP (₹) of 128 GB, Marble Grey').disabled).toBe(true);
    expect(within(dialog).getByText(/3 of 4 combinations sold/)).toBeTruthy();
  });

  it('keeps what was typed for the combinations that stay when a value is added, and a new option starts from the row it grew from', () => {
    const { dialog } = renderDialog();
    addOption(dialog, 'Storage', ['128 GB', '256 GB']);
    fireEvent.change(cell(dialog, 'MRP (₹) of 256 GB'), { target: { value: '89999' } });
    fireEvent.change(cell(dialog, 'SKU of 256 GB'), { target: { value: 'MY-OWN-SKU' } });
    fireEvent.change(within(dialog).getByLabelText('Add a value of Storage'), { target: { value: '512 GB' } });
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Add value' })[0]!);
    expect(rowsOf(dialog)).toEqual(['128 GB', '256 GB', '512 GB']);
    expect(cell(dialog, 'MRP (₹) of 256 GB').value).toBe('89999');
    expect(cell(dialog, 'SKU of 256 GB').value).toBe('MY-OWN-SKU');
    expect(cell(dialog, 'MRP (₹) of 512 GB').value).toBe('');

    addOption(dialog, 'Colour', ['Black', 'Grey']);
    expect(rowsOf(dialog)).toHaveLength(6);
    expect(cell(dialog, 'MRP (₹) of 256 GB, Grey').value).toBe('89999');

    // Removing a value drops its rows; the others keep their figures.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove 128 GB' }));
    expect(rowsOf(dialog)).toEqual(['256 GB, Black', '256 GB, Grey', '512 GB, Black', '512 GB, Grey']);
    expect(cell(dialog, 'MRP (₹) of 256 GB, Black').value).toBe('89999');
  });

  it('fills a column down from the first row, or from the first of the selected rows to the others selected', () => {
    const { dialog } = renderDialog();
    addOption(dialog, 'Size', ['S', 'M', 'L']);
    fireEvent.change(cell(dialog, 'MRP (₹) of S'), { target: { value: '1999' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Fill down MRP (₹)' }));
    expect(['S', 'M', 'L'].map((size) => cell(dialog, `MRP (₹) of ${size}`).value)).toEqual(['1999', '1999', '1999']);

    fireEvent.change(cell(dialog, 'Stock of M'), { target: { value: '7' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Select M' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Select L' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Fill down Stock' }));
    expect(['S', 'M', 'L'].map((size) => cell(dialog, `Stock of ${size}`).value)).toEqual(['', '7', '7']);
  });

  it('+/- % rounds to whole rupees and leaves out, and shows, a row it would give a selling price above the MRP', () => {
    const { dialog } = renderDialog();
    addOption(dialog, 'Size', ['S', 'M']);
    fireEvent.change(cell(dialog, 'MRP (₹) of S'), { target: { value: '1999' } });
    fireEvent.change(cell(dialog, 'Selling (₹) of S'), { target: { value: '1499' } });
    fireEvent.change(cell(dialog, 'MRP (₹) of M'), { target: { value: '2000' } });
    fireEvent.change(cell(dialog, 'Selling (₹) of M'), { target: { value: '1950' } });

    fireEvent.change(within(dialog).getByLabelText('Change'), { target: { value: 'price' } });
    fireEvent.change(within(dialog).getByLabelText('+/- %'), { target: { value: '-5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply to all rows' }));
    // 1999 - 5% = 1899.05 -> ₹1899; M's MRP would be ₹1900, below its ₹1950 selling price: unchanged.
    expect(cell(dialog, 'MRP (₹) of S').value).toBe('1899');
    expect(cell(dialog, 'MRP (₹) of M').value).toBe('2000');
    const warning = within(dialog).getByTestId('percent-broken');
    expect(warning.textContent).toContain('M: selling ₹1,950.00 > MRP ₹1,900.00');
    expect(warning.textContent).not.toContain('S:');

    // Only the selected rows: +10% on S's selling price.
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Select S' }));
    fireEvent.change(within(dialog).getByLabelText('Change'), { target: { value: 'sellingPrice' } });
    fireEvent.change(within(dialog).getByLabelText('+/- %'), { target: { value: '10' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply to 1 selected' }));
    expect(cell(dialog, 'Selling (₹) of S').value).toBe('1649');
    expect(cell(dialog, 'Selling (₹) of M').value).toBe('1950');
  });

  it('loads the variants of a product, saves them with catalog.update, and shows the server’s errors on the right row', async () => {
    const update = vi
      .fn<(input: unknown) => unknown>()
      .mockImplementationOnce(() => {
        throw new FakeServerError(409, 'CONFLICT', 'SKU STY-20000-BLK is already used by another variant (sty-20000-blk): choose another SKU', {
          'variants.1.sku': 'STY-20000-BLK is already used',
        });
      })
      .mockImplementationOnce(() => {
        throw new FakeServerError(
          409,
          'STOCK_CHANGED',
          'The stock of Ambrane Stylo 20K (10000 mAh, Black, SKU STY-10000-BLK) changed from 4 to 3 since this form was loaded (orders were placed or another admin changed it). Nothing was saved: reload and enter the stock again.',
          { stock: 'changed from 4 to 3 since the form was loaded' },
        );
      })
      .mockImplementation((input) => ({ ...stored, ...(input as object) }));
    const { dialog, server, onClose } = renderDialog({ product: stored, update });
    await waitFor(() => expect(rowsOf(dialog)).toEqual(['10000 mAh, Black', '20000 mAh, Black']));
    expect(cell(dialog, 'Stock of 20000 mAh, Black').value).toBe('9');

    fireEvent.change(cell(dialog, 'Selling (₹) of 20000 mAh, Black'), { target: { value: '1749' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update Product' }));
    const sku = cell(dialog, 'SKU of 20000 mAh, Black');
    await waitFor(() => expect(sku.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(sku.getAttribute('aria-describedby') ?? '')?.textContent).toBe('STY-20000-BLK is already used');
    expect(cell(dialog, 'SKU of 10000 mAh, Black').getAttribute('aria-invalid')).toBeNull();
    expect(update.mock.calls[0]?.[0]).toEqual(
      expect.objectContaining({
        _id: 'p1',
        price: 199_900,
        sellingPrice: 149_900,
        options: storedVariants.options,
        variants: [
          expect.objectContaining({ _id: 'p1', sku: 'STY-10000-BLK', stock: 4, expectedStock: 4 }),
          expect.objectContaining({ _id: 'v2', sku: 'STY-20000-BLK', sellingPrice: 174_900, stock: 9, expectedStock: 9 }),
        ],
      }),
    );

    // The stock error names the variant only by its SKU in the message: it lands on that row's stock.
    fireEvent.change(sku, { target: { value: 'STY-20K-BLK' } });
    expect(sku.getAttribute('aria-invalid')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update Product' }));
    const stock = cell(dialog, 'Stock of 10000 mAh, Black');
    await waitFor(() => expect(stock.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(stock.getAttribute('aria-describedby') ?? '')?.textContent).toBe('changed from 4 to 3 since the form was loaded');
    expect(cell(dialog, 'Stock of 20000 mAh, Black').getAttribute('aria-invalid')).toBeNull();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Update Product' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(server.inputsOf('catalog.update')).toHaveLength(3);
  });

  it('checks the grid before sending: a selling price above the MRP is shown on its cell and nothing is sent', async () => {
    const { dialog, server } = renderDialog({ product: stored });
    await waitFor(() => expect(rowsOf(dialog)).toHaveLength(2));
    fireEvent.change(cell(dialog, 'Selling (₹) of 10000 mAh, Black'), { target: { value: '2500' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update Product' }));
    const selling = cell(dialog, 'Selling (₹) of 10000 mAh, Black');
    await waitFor(() => expect(selling.getAttribute('aria-invalid')).toBe('true'));
    expect(server.inputsOf('catalog.update')).toEqual([]);
  });

  it('shows each variant’s low-stock level (empty: the shop’s default), sends the levels typed, and refuses a negative one on its cell', async () => {
    const levelled = {
      ...storedVariants,
      variants: [
        { ...storedVariants.variants[0]!, lowStockLevel: 2 },
        { ...storedVariants.variants[1]!, lowStockLevel: null },
      ],
    };
    const server = fakeServer({ 'catalog.update': (input) => ({ ...stored, ...(input as object) }), 'catalog.variants': () => levelled });
    render(renderableApp({ routes: [{ path: '/', element: <ProductFormDialog product={stored} onClose={vi.fn()} /> }], fetch: server.fetch, toasts: true }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Product' });
    await waitFor(() => expect(rowsOf(dialog)).toHaveLength(2));
    const level = (row: string) => cell(dialog, `Low-stock alert at of ${row}`);
    expect(level('10000 mAh, Black').value).toBe('2');
    expect(level('20000 mAh, Black').value).toBe('');
    expect(level('20000 mAh, Black').placeholder).toBe('Default');

    fireEvent.change(level('20000 mAh, Black'), { target: { value: '-1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update Product' }));
    await waitFor(() => expect(level('20000 mAh, Black').getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(level('20000 mAh, Black').getAttribute('aria-describedby') ?? '')?.textContent).toBe('a whole number, 0 or more (empty: the shop’s default)');
    expect(server.inputsOf('catalog.update')).toEqual([]);

    fireEvent.change(level('20000 mAh, Black'), { target: { value: '6' } });
    fireEvent.change(level('10000 mAh, Black'), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update Product' }));
    await waitFor(() => expect(server.inputsOf('catalog.update')).toHaveLength(1));
    const sent = server.inputsOf('catalog.update')[0] as { variants: { _id: string; lowStockLevel: number | null }[]; lowStockLevel?: unknown };
    expect(sent.variants.map((v) => [v._id, v.lowStockLevel])).toEqual([
      ['p1', null],
      ['v2', 6],
    ]);
    // The product-level field is for products without options: not sent beside the grid.
    expect(sent).not.toHaveProperty('lowStockLevel');
  });

  it('archives a variant from its row, and says why the last one on sale cannot be', async () => {
    const server = fakeServer({
      'catalog.variants': () => storedVariants,
      'catalog.archiveVariant': (input) => ({ ...storedVariants.variants[1], archivedAt: '2026-12-04T00:00:00.000Z', _id: (input as { variantId: string }).variantId }),
    });
    render(renderableApp({ routes: [{ path: '/', element: <ProductFormDialog product={stored} onClose={() => undefined} /> }], fetch: server.fetch }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Product' });
    await waitFor(() => expect(rowsOf(dialog)).toHaveLength(2));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Archive 20000 mAh, Black' }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Restore 20000 mAh, Black' })).toBeTruthy());
    expect(server.inputsOf('catalog.archiveVariant')).toEqual([{ variantId: 'v2' }]);
    const last = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Archive 10000 mAh, Black' });
    expect(last.disabled).toBe(true);
    expect(within(dialog).getByText('Last on sale: archive the product instead')).toBeTruthy();
  });
});

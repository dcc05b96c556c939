import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeServerError, fakeServer, renderableApp, withToastHost } from '../../../lib/test-providers';
import { PRODUCT_TAX_NOT_SAVED, PRODUCT_UPDATED_MESSAGE, PRODUCT_UPLOADED_MESSAGE, ProductFormDialog } from './product-form-dialog';

const stored = {
  _id: 'p1',
  productName: 'Sony WH-1000XM5',
  brandName: 'Sony',
  category: 'earphones',
  description: 'Quiet.',
  productImage: ['/images/0123456789abcdef0123456789abcdef.webp'],
  price: 2_999_000,
  sellingPrice: 2_499_000,
  stock: 7,
  trackStock: true,
  hsnCode: null as string | null,
  gstRateBasisPoints: null as number | null,
};

/** What settings.get answers here: only the category tax table matters to the dialog (its placeholders). */
const adminSettings = {
  categoryTax: [
    { category: 'earphones', hsn: '851830', rateBasisPoints: 1800 },
    { category: 'mobiles', hsn: '851713', rateBasisPoints: 1800 },
  ],
};

const STOCK_CHANGED =
  'The stock of Sony WH-1000XM5 changed from 7 to 6 since this form was loaded (orders were placed or another admin changed it). Nothing was saved: reload and enter the stock again.';

function renderDialog(product: typeof stored | undefined, update: (input: unknown) => unknown = (input) => input, setProductTax: (input: unknown) => unknown = () => null) {
  const server = fakeServer({
    'catalog.update': update,
    'catalog.create': (input) => ({ ...(input as object), _id: 'p_new' }),
    'settings.get': () => adminSettings,
    'settings.setProductTax': setProductTax,
  });
  const onClose = vi.fn();
  const element = product ? <ProductFormDialog product={product} onClose={onClose} /> : <ProductFormDialog onClose={onClose} />;
  render(renderableApp({ routes: [{ path: '/', element }], fetch: server.fetch, toasts: true }));
  const dialog = screen.getByRole('dialog', { name: product ? 'Edit Product' : 'Upload Product' });
  return { server, onClose, dialog };
}

const trackBox = (dialog: HTMLElement) => within(dialog).getByRole<HTMLInputElement>('checkbox', { name: 'Track quantity' });
const reasonLabel = /^Reason for the stock change/;

describe('ProductFormDialog', () => {
  withToastHost();
  afterEach(cleanup);

  it('tracks the quantity of a new product by default, and hides the stock when told not to', () => {
    const { dialog } = renderDialog(undefined);
    expect(trackBox(dialog).checked).toBe(true);
    expect(within(dialog).getByLabelText('Stock')).toBeTruthy();
    // A new product has no figure to change, so no reason to give.
    expect(within(dialog).queryByLabelText(reasonLabel)).toBeNull();

    fireEvent.click(trackBox(dialog));
    expect(within(dialog).queryByLabelText('Stock')).toBeNull();
    expect(within(dialog).getByTestId('stock-not-tracked').textContent).toContain('always available');
    expect(trackBox(dialog).getAttribute('aria-describedby')).toBe(within(dialog).getByTestId('stock-not-tracked').id);
  });

  it('asks for a stock figure while tracking, beside the field, and sends nothing', async () => {
    const { dialog, server } = renderDialog(undefined);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upload Product' }));
    const stock = within(dialog).getByLabelText('Stock');
    await waitFor(() => expect(stock.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(stock.getAttribute('aria-describedby') ?? '')?.textContent).toBe('stock is required');
    // Only the category tax table was read (for the Tax placeholders); nothing was saved.
    expect(server.calls.map((call) => call.path).filter((path) => path !== 'settings.get')).toEqual([]);
  });

  it('shows the stored stock, and sends it back as expectedStock with the reason for a change', async () => {
    const { dialog, server, onClose } = renderDialog(stored);
    expect(trackBox(dialog).checked).toBe(true);
    const stock = within(dialog).getByLabelText<HTMLInputElement>('Stock');
    expect(stock.value).toBe('7');
    expect(within(dialog).queryByLabelText(reasonLabel)).toBeNull();

    fireEvent.change(stock, { target: { value: '12' } });
    const reason = within(dialog).getByLabelText<HTMLInputElement>(reasonLabel);
    expect(document.getElementById(reason.getAttribute('aria-describedby') ?? '')?.textContent).toContain('stock history');
    fireEvent.change(reason, { target: { value: 'Delivery from the distributor' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update Product' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(server.inputsOf('catalog.update')).toEqual([
      expect.objectContaining({ _id: 'p1', trackStock: true, stock: 12, expectedStock: 7, stockNote: 'Delivery from the distributor' }),
    ]);
    expect(await screen.findByText(PRODUCT_UPDATED_MESSAGE)).toBeTruthy();
  });

  it('hides the reason again when the figure goes back to the one loaded, and sends no note', async () => {
    const { dialog, server, onClose } = renderDialog(stored);
    const stock = within(dialog).getByLabelText('Stock');
    fireEvent.change(stock, { target: { value: '3' } });
    fireEvent.change(within(dialog).getByLabelText(reasonLabel), { target: { value: 'typo' } });
    fireEvent.change(stock, { target: { value: '7' } });
    expect(within(dialog).queryByLabelText(reasonLabel)).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update Product' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [sent] = server.inputsOf('catalog.update');
    expect(sent).toMatchObject({ stock: 7, expectedStock: 7 });
    expect(sent).not.toHaveProperty('stockNote');
  });

  it('keeps the dialog open when the stock moved meanwhile, with the reason beside the stock and in a toast', async () => {
    const { dialog, onClose } = renderDialog(stored, () => {
      throw new FakeServerError(409, 'STOCK_CHANGED', STOCK_CHANGED, { stock: 'changed from 7 to 6 since the form was loaded' });
    });
    const stock = within(dialog).getByLabelText('Stock');
    fireEvent.change(stock, { target: { value: '20' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update Product' }));

    expect(await screen.findByText(STOCK_CHANGED)).toBeTruthy();
    expect(stock.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(stock.getAttribute('aria-describedby') ?? '')?.textContent).toBe('changed from 7 to 6 since the form was loaded');
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Edit Product' })).toBeTruthy();
    // What was typed stays, so nothing has to be entered again but the stock.
    expect(within(dialog).getByLabelText<HTMLInputElement>('Product Name').value).toBe(stored.productName);
  });

  it('switches tracking off: no stock field, trackStock false and no stock sent', async () => {
    const { dialog, server, onClose } = renderDialog(stored);
    fireEvent.click(trackBox(dialog));
    expect(within(dialog).queryByLabelText('Stock')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update Product' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [sent] = server.inputsOf('catalog.update');
    expect(sent).toMatchObject({ _id: 'p1', trackStock: false });
    expect(sent).not.toHaveProperty('stock');
    expect(sent).not.toHaveProperty('expectedStock');
  });

  it('opens an untracked product unticked, and switching tracking on asks for the figure', async () => {
    const { dialog, server, onClose } = renderDialog({ ...stored, trackStock: false, stock: 0 });
    expect(trackBox(dialog).checked).toBe(false);
    expect(within(dialog).queryByLabelText('Stock')).toBeNull();

    fireEvent.click(trackBox(dialog));
    const stock = within(dialog).getByLabelText<HTMLInputElement>('Stock');
    expect(stock.value).toBe('');
    fireEvent.change(stock, { target: { value: '5' } });
    fireEvent.change(within(dialog).getByLabelText(reasonLabel), { target: { value: 'Counted the shelf' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update Product' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(server.inputsOf('catalog.update')).toEqual([expect.objectContaining({ trackStock: true, stock: 5, stockNote: 'Counted the shelf' })]);
  });

  describe('Tax (optional)', () => {
    const hsnField = (dialog: HTMLElement) => within(dialog).getByLabelText<HTMLInputElement>('HSN code');
    const rateField = (dialog: HTMLElement) => within(dialog).getByLabelText<HTMLSelectElement>('GST rate');

    it("shows the category's HSN code and rate as what an empty field means", async () => {
      const { dialog } = renderDialog(stored);
      await waitFor(() => expect(hsnField(dialog).placeholder).toBe('851830'));
      expect(hsnField(dialog).value).toBe('');
      expect(rateField(dialog).value).toBe('');
      expect(rateField(dialog).selectedOptions[0]?.textContent).toBe('Category’s rate (18%)');
    });

    it("prefills the product's own tax, and does not send it again when unchanged", async () => {
      const { dialog, server, onClose } = renderDialog({ ...stored, hsnCode: '85183000', gstRateBasisPoints: 500 });
      expect(hsnField(dialog).value).toBe('85183000');
      expect(rateField(dialog).value).toBe('500');
      fireEvent.click(within(dialog).getByRole('button', { name: 'Update Product' }));
      await waitFor(() => expect(onClose).toHaveBeenCalled());
      expect(server.inputsOf('settings.setProductTax')).toEqual([]);
    });

    it('checks the HSN code beside its field before anything is saved', async () => {
      const { dialog, server, onClose } = renderDialog(undefined);
      fireEvent.change(within(dialog).getByLabelText('Product Name'), { target: { value: 'Galaxy S30' } });
      fireEvent.change(within(dialog).getByLabelText('Brand Name'), { target: { value: 'Samsung' } });
      fireEvent.change(within(dialog).getByLabelText('Category'), { target: { value: 'mobiles' } });
      fireEvent.change(within(dialog).getByLabelText('Stock'), { target: { value: '3' } });
      fireEvent.change(within(dialog).getByLabelText('Price (₹)'), { target: { value: '79999' } });
      fireEvent.change(within(dialog).getByLabelText('Selling Price (₹)'), { target: { value: '69999' } });
      fireEvent.change(hsnField(dialog), { target: { value: '85' } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Upload Product' }));
      await waitFor(() => expect(hsnField(dialog).getAttribute('aria-invalid')).toBe('true'));
      expect(document.getElementById(hsnField(dialog).getAttribute('aria-describedby') ?? '')?.textContent).toBe('HSN code must be 4, 6 or 8 digits');
      expect(server.inputsOf('catalog.create')).toEqual([]);
      expect(onClose).not.toHaveBeenCalled();
    });

    it("after an edit, sets the product's tax, an emptied field going back to the category's (null)", async () => {
      const { dialog, server, onClose } = renderDialog({ ...stored, hsnCode: '85183000', gstRateBasisPoints: 500 });
      fireEvent.change(hsnField(dialog), { target: { value: '' } });
      fireEvent.change(rateField(dialog), { target: { value: '1800' } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Update Product' }));
      await waitFor(() => expect(onClose).toHaveBeenCalled());
      expect(server.inputsOf('catalog.update')).toHaveLength(1);
      expect(server.inputsOf('settings.setProductTax')).toEqual([{ productId: 'p1', hsn: null, rateBasisPoints: 1800 }]);
      // Not part of the product itself.
      expect(server.inputsOf('catalog.update')[0]).not.toHaveProperty('hsnCode');
      expect(await screen.findByText(PRODUCT_UPDATED_MESSAGE)).toBeTruthy();
    });

    it('closes anyway when the product saved but its tax did not, saying so', async () => {
      const { dialog, onClose } = renderDialog(stored, undefined, () => {
        throw new FakeServerError(404, 'PRODUCT_NOT_FOUND', 'Product not found');
      });
      fireEvent.change(hsnField(dialog), { target: { value: '8518' } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Update Product' }));
      await waitFor(() => expect(onClose).toHaveBeenCalled());
      expect(await screen.findByText(`${PRODUCT_TAX_NOT_SAVED}: Product not found`)).toBeTruthy();
      expect(screen.queryByText(PRODUCT_UPLOADED_MESSAGE)).toBeNull();
    });
  });
});

import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeServerError, fakeServer, renderableApp, withToastHost } from '../../../lib/test-providers';
import { PRODUCT_UPDATED_MESSAGE, ProductFormDialog } from './product-form-dialog';

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
};

const STOCK_CHANGED =
  'The stock of Sony WH-1000XM5 changed from 7 to 6 since this form was loaded (orders were placed or another admin changed it). Nothing was saved: reload and enter the stock again.';

function renderDialog(product: typeof stored | undefined, update: (input: unknown) => unknown = (input) => input) {
  const server = fakeServer({ 'catalog.update': update, 'catalog.create': (input) => input });
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
    expect(server.fetch).not.toHaveBeenCalled();
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
});

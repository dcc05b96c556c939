import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SPEC_CATEGORY_INFO } from '../../../../shared/categories';
import { FakeServerError, fakeServer, renderableApp, withToastHost } from '../../../lib/test-providers';
import { UPLOAD_IMAGE_URL } from '../api/upload-image';
import { RETRY_OR_REMOVE_IMAGES } from './product-form';
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
  facts: {
    countryOfOrigin: 'Malaysia',
    manufacturerName: 'Sony EMCS (Malaysia) Sdn. Bhd.',
    manufacturerAddress: 'Lot 5, Jalan Teknologi, Penang',
    importerName: 'Sony India Pvt. Ltd.',
    importerAddress: 'A-31, Mohan Co-operative Industrial Estate, New Delhi 110044',
    netQuantity: '1 N: headphones, case, cable',
    warrantyMonths: 12 as number | null,
    warrantyBy: 'Sony India (manufacturer)',
  },
};

/** Fills the Legal details of a new product made in India (no importer asked). */
function fillIndianFacts(dialog: HTMLElement) {
  fireEvent.change(within(dialog).getByLabelText('Country of origin'), { target: { value: 'India' } });
  fireEvent.change(within(dialog).getByLabelText('Manufacturer'), { target: { value: 'Boat Lifestyle (Imagine Marketing Ltd.)' } });
  fireEvent.change(within(dialog).getByLabelText('Manufacturer’s address'), { target: { value: 'Unit 204, Kamla Mills, Mumbai 400013' } });
  fireEvent.change(within(dialog).getByLabelText('Net quantity / in the box'), { target: { value: '1 N: speaker, cable' } });
  fireEvent.change(within(dialog).getByLabelText('Warranty (months)'), { target: { value: '12' } });
  fireEvent.change(within(dialog).getByLabelText('Warranty given by'), { target: { value: 'boAt (manufacturer)' } });
}

/** The owner's categories (catalog.adminCategories): the select's choices and the Tax fields' placeholders. */
const adminCategories = SPEC_CATEGORY_INFO.map((c) => ({
  ...c,
  hsn: c.value === 'earphones' ? '851830' : '851713',
  rateBasisPoints: 1800,
  template: [],
  productCount: 0,
  createdAt: '2026-12-03T00:00:00.000Z',
  updatedAt: '2026-12-03T00:00:00.000Z',
}));

const STOCK_CHANGED =
  'The stock of Sony WH-1000XM5 changed from 7 to 6 since this form was loaded (orders were placed or another admin changed it). Nothing was saved: reload and enter the stock again.';

function renderDialog(product: typeof stored | undefined, update: (input: unknown) => unknown = (input) => input, setProductTax: (input: unknown) => unknown = () => null) {
  const server = fakeServer({
    'catalog.update': update,
    'catalog.create': (input) => ({ ...(input as object), _id: 'p_new' }),
    'catalog.adminCategories': () => adminCategories,
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
    expect(server.calls.map((call) => call.path).filter((path) => path !== 'catalog.adminCategories')).toEqual([]);
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

  it('shows the product’s own low-stock level, sends the level typed (empty: the shop’s default), and refuses a negative one beside its field', async () => {
    const { dialog, server, onClose } = renderDialog({ ...stored, lowStockLevel: 3 } as typeof stored);
    const level = within(dialog).getByLabelText<HTMLInputElement>(/^Low-stock alert at/);
    expect(level.value).toBe('3');
    expect(level.placeholder).toBe('Shop default');
    fireEvent.change(level, { target: { value: '-4' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update Product' }));
    await waitFor(() => expect(level.getAttribute('aria-invalid')).toBe('true'));
    expect(
      level
        .getAttribute('aria-describedby')
        ?.split(' ')
        .map((id) => document.getElementById(id)?.textContent),
    ).toContain('lowStockLevel must be 0 or more');
    expect(server.inputsOf('catalog.update')).toEqual([]);

    fireEvent.change(level, { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update Product' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(server.inputsOf('catalog.update')).toEqual([expect.objectContaining({ _id: 'p1', lowStockLevel: null })]);
  });

  it('has no low-stock level for a product whose stock is not counted', () => {
    const { dialog } = renderDialog(undefined);
    expect(within(dialog).getByLabelText(/^Low-stock alert at/)).toBeTruthy();
    fireEvent.click(trackBox(dialog));
    expect(within(dialog).queryByLabelText(/^Low-stock alert at/)).toBeNull();
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

  describe('errors go as soon as their field is fixed', () => {
    const errorOf = (field: HTMLElement) => document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent;

    it('checks a field reported by the form again on every change, with the same rules as saving', async () => {
      const { dialog, server } = renderDialog(undefined);
      fireEvent.click(within(dialog).getByRole('button', { name: 'Upload Product' }));
      const name = within(dialog).getByLabelText('Product Name');
      const price = within(dialog).getByLabelText('Price (₹)');
      await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
      expect(errorOf(name)).toBe('productName is required');
      expect(errorOf(price)).toBe('price is required');

      fireEvent.change(name, { target: { value: 'Galaxy S30' } });
      expect(name.getAttribute('aria-invalid')).toBeNull();
      expect(name.getAttribute('aria-describedby')).toBeNull();
      expect(within(dialog).queryByText('productName is required')).toBeNull();
      // The other fields still say what is wrong with them, now.
      expect(errorOf(within(dialog).getByLabelText('Brand Name'))).toBe('brandName is required');
      fireEvent.change(price, { target: { value: '-5' } });
      expect(errorOf(price)).toBe('price must be more than 0');
      fireEvent.change(price, { target: { value: '5' } });
      expect(price.getAttribute('aria-invalid')).toBeNull();
      expect(server.inputsOf('catalog.create')).toEqual([]);
    });

    it('clears an error that another field caused when that field is fixed (selling price above the price)', async () => {
      const { dialog } = renderDialog(stored);
      const selling = within(dialog).getByLabelText('Selling Price (₹)');
      fireEvent.change(selling, { target: { value: '40000' } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Update Product' }));
      await waitFor(() => expect(errorOf(selling)).toBe('sellingPrice must not be more than price'));
      fireEvent.change(within(dialog).getByLabelText('Price (₹)'), { target: { value: '45000' } });
      expect(selling.getAttribute('aria-invalid')).toBeNull();
      expect(within(dialog).queryByText('sellingPrice must not be more than price')).toBeNull();
    });

    it("clears the server's error on a field when that field is edited, and only that one", async () => {
      const { dialog, onClose } = renderDialog(stored, () => {
        throw new FakeServerError(400, 'BAD_INPUT', 'Invalid input', { productName: 'productName is taken', brandName: 'brandName is not allowed' });
      });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Update Product' }));
      const name = within(dialog).getByLabelText('Product Name');
      const brand = within(dialog).getByLabelText('Brand Name');
      await waitFor(() => expect(errorOf(name)).toBe('productName is taken'));
      expect(errorOf(brand)).toBe('brandName is not allowed');

      fireEvent.change(name, { target: { value: 'Sony WH-1000XM5 (2025)' } });
      expect(name.getAttribute('aria-invalid')).toBeNull();
      expect(within(dialog).queryByText('productName is taken')).toBeNull();
      expect(errorOf(brand)).toBe('brandName is not allowed');
      expect(onClose).not.toHaveBeenCalled();
    });
  });

  describe('Product images', () => {
    const image = (name: string) => `https://cdn.test/${name}`;
    const slots = (dialog: HTMLElement) => within(within(dialog).getByRole('list', { name: 'Product images' })).getAllByRole('listitem');
    const shownImages = (dialog: HTMLElement) => slots(dialog).map((slot) => slot.querySelector('img')?.getAttribute('src'));
    const pick = (dialog: HTMLElement, ...names: string[]) =>
      fireEvent.change(within(dialog).getByTestId('product-image-input'), { target: { files: names.map((name) => new File(['png'], name, { type: 'image/png' })) } });
    const saveButton = (dialog: HTMLElement) => within(dialog).getByRole<HTMLButtonElement>('button', { name: /^(Update Product|Waiting for uploads…)$/ });
    // Hosted elsewhere, so a thumbnail shows the URL itself rather than one of our renditions.
    const oneImage = { ...stored, productImage: [image('stored.webp')] };
    const threeImages = { ...stored, productImage: [image('a.webp'), image('b.webp'), image('c.webp')] };

    /**
     * The browser's side of POST /api/upload-image: each upload waits until the test answers it,
     * as the shop's server does (201 with the envelope's data.url, or a refusal with a message).
     */
    class FakeUpload {
      static sent: FakeUpload[] = [];
      readonly upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      onabort: (() => void) | null = null;
      responseType = '';
      status = 0;
      response: unknown = null;
      url = '';
      fileName = '';
      aborted = false;
      open(_method: string, url: string) {
        this.url = url;
      }
      send(body: FormData) {
        this.fileName = (body.get('file') as File).name;
        FakeUpload.sent.push(this);
      }
      abort() {
        this.aborted = true;
        this.onabort?.();
      }
      async progress(fraction: number) {
        await act(() => Promise.resolve(this.upload.onprogress?.({ lengthComputable: true, loaded: fraction * 100, total: 100 })));
      }
      async succeed(url: string) {
        this.status = 201;
        this.response = { success: true, message: 'Image uploaded', data: { url } };
        // A promise, so act also runs the upload's .then before the test looks.
        await act(() => Promise.resolve(this.onload?.()));
      }
      async refuse(status: number, message: string) {
        this.status = status;
        this.response = { success: false, message, data: null };
        await act(() => Promise.resolve(this.onload?.()));
      }
    }
    const uploadOf = (fileName: string) => {
      const found = FakeUpload.sent.filter((upload) => upload.fileName === fileName).at(-1);
      if (!found) throw new Error(`No upload of ${fileName}`);
      return found;
    };

    // jsdom has no object URLs; these stand in and remember which are still held.
    const previews = new Set<string>();
    let created = 0;
    beforeEach(() => {
      FakeUpload.sent = [];
      previews.clear();
      created = 0;
      vi.stubGlobal('XMLHttpRequest', FakeUpload);
      Object.assign(URL, {
        createObjectURL: (file: File) => {
          const url = `blob:preview/${file.name}/${created++}`;
          previews.add(url);
          return url;
        },
        revokeObjectURL: (url: string) => previews.delete(url),
      });
    });

    it('keeps the order the files were picked in when the uploads finish in reverse, and saves it', async () => {
      const { dialog, server, onClose } = renderDialog(oneImage);
      pick(dialog, 'red.png', 'blue.png');
      // Each file has its slot at once, after the stored image, showing its local preview.
      expect(shownImages(dialog)).toEqual([image('stored.webp'), 'blob:preview/red.png/0', 'blob:preview/blue.png/1']);
      expect(within(dialog).getByRole('progressbar', { name: 'Uploading red.png' })).toBeTruthy();
      expect(FakeUpload.sent.map((upload) => [upload.url, upload.fileName])).toEqual([
        [UPLOAD_IMAGE_URL, 'red.png'],
        [UPLOAD_IMAGE_URL, 'blue.png'],
      ]);

      await uploadOf('blue.png').progress(0.5);
      expect(within(dialog).getByRole<HTMLProgressElement>('progressbar', { name: 'Uploading blue.png' }).value).toBe(50);
      await uploadOf('blue.png').succeed(image('blue.webp'));
      expect(shownImages(dialog)).toEqual([image('stored.webp'), 'blob:preview/red.png/0', image('blue.webp')]);
      await uploadOf('red.png').succeed(image('red.webp'));
      expect(shownImages(dialog)).toEqual([image('stored.webp'), image('red.webp'), image('blue.webp')]);
      // Done previews are let go.
      expect([...previews]).toEqual([]);

      fireEvent.click(saveButton(dialog));
      await waitFor(() => expect(onClose).toHaveBeenCalled());
      expect(server.inputsOf('catalog.update')).toEqual([expect.objectContaining({ productImage: [image('stored.webp'), image('red.webp'), image('blue.webp')] })]);
    });

    it('does not save while an upload is running', async () => {
      const { dialog, server } = renderDialog(oneImage);
      pick(dialog, 'red.png');
      expect(saveButton(dialog).disabled).toBe(true);
      expect(saveButton(dialog).textContent).toBe('Waiting for uploads…');
      fireEvent.submit(within(dialog).getByRole('form', { name: 'Edit Product' }));
      await uploadOf('red.png').progress(0.9);
      expect(server.inputsOf('catalog.update')).toEqual([]);

      await uploadOf('red.png').succeed(image('red.webp'));
      expect(saveButton(dialog).disabled).toBe(false);
      expect(saveButton(dialog).textContent).toBe('Update Product');
    });

    it('shows a failed upload in its slot, with Retry and Remove, and does not save past it', async () => {
      const { dialog, server } = renderDialog(oneImage);
      pick(dialog, 'huge.png', 'ok.png');
      await uploadOf('huge.png').refuse(413, 'Image is too large: the limit is 5 MB');
      await uploadOf('ok.png').succeed(image('ok.webp'));
      const failed = slots(dialog)[1] as HTMLElement;
      expect(within(failed).getByRole('alert').textContent).toBe('huge.png: Image is too large: the limit is 5 MB');
      expect(within(failed).getByRole('button', { name: 'Retry image 2' })).toBeTruthy();
      expect(within(failed).getByRole('button', { name: 'Remove image 2' })).toBeTruthy();
      // A failed upload does not hold saving up, but saving asks what to do with it.
      expect(saveButton(dialog).disabled).toBe(false);
      fireEvent.click(saveButton(dialog));
      expect(await within(dialog).findByText(RETRY_OR_REMOVE_IMAGES)).toBeTruthy();
      expect(server.inputsOf('catalog.update')).toEqual([]);

      fireEvent.click(within(failed).getByRole('button', { name: 'Retry image 2' }));
      expect(saveButton(dialog).disabled).toBe(true);
      await uploadOf('huge.png').succeed(image('huge.webp'));
      expect(shownImages(dialog)).toEqual([image('stored.webp'), image('huge.webp'), image('ok.webp')]);
      // Fixed: the message goes without another save.
      expect(within(dialog).queryByText(RETRY_OR_REMOVE_IMAGES)).toBeNull();
      expect([...previews]).toEqual([]);
    });

    it('removes a failed upload, and cancels one still running, letting their previews go', async () => {
      const { dialog } = renderDialog(oneImage);
      pick(dialog, 'broken.png', 'slow.png');
      await uploadOf('broken.png').refuse(400, 'Not an image');
      fireEvent.click(within(dialog).getByRole('button', { name: 'Remove image 2' }));
      expect(shownImages(dialog)).toEqual([image('stored.webp'), 'blob:preview/slow.png/1']);
      fireEvent.click(within(dialog).getByRole('button', { name: 'Remove image 2' }));
      expect(uploadOf('slow.png').aborted).toBe(true);
      expect(shownImages(dialog)).toEqual([image('stored.webp')]);
      expect([...previews]).toEqual([]);
      expect(saveButton(dialog).disabled).toBe(false);
    });

    it('marks the first image as the cover, and Move left/right change the order that is saved', async () => {
      const { dialog, server, onClose } = renderDialog(threeImages);
      expect(within(slots(dialog)[0] as HTMLElement).getByText('Cover')).toBeTruthy();
      expect(within(dialog).getAllByText('Cover')).toHaveLength(1);
      expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Move image 1 left' }).disabled).toBe(true);
      expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Move image 3 right' }).disabled).toBe(true);

      fireEvent.click(within(dialog).getByRole('button', { name: 'Move image 3 left' }));
      expect(shownImages(dialog)).toEqual([image('a.webp'), image('c.webp'), image('b.webp')]);
      // The focus follows the image, for a keyboard user pressing again.
      expect(document.activeElement?.getAttribute('aria-label')).toBe('Move image 2 left');
      fireEvent.click(within(dialog).getByRole('button', { name: 'Move image 2 left' }));
      expect(shownImages(dialog)).toEqual([image('c.webp'), image('a.webp'), image('b.webp')]);
      // At the front its left button is off; the focus moves to its right one.
      expect(document.activeElement?.getAttribute('aria-label')).toBe('Move image 1 right');
      expect(within(slots(dialog)[0] as HTMLElement).getByText('Cover')).toBeTruthy();
      expect(screen.getByText('Image moved to position 1 of 3, the cover.')).toBeTruthy();

      fireEvent.click(saveButton(dialog));
      await waitFor(() => expect(onClose).toHaveBeenCalled());
      expect(server.inputsOf('catalog.update')).toEqual([expect.objectContaining({ productImage: [image('c.webp'), image('a.webp'), image('b.webp')] })]);
    });

    it('reorders by drag and drop', async () => {
      const { dialog, server, onClose } = renderDialog(threeImages);
      const dataTransfer = { effectAllowed: 'none', dropEffect: 'none', setData: () => undefined };
      const [first, , third] = slots(dialog) as [HTMLElement, HTMLElement, HTMLElement];
      fireEvent.dragStart(third, { dataTransfer });
      fireEvent.dragEnter(first, { dataTransfer });
      fireEvent.dragOver(first, { dataTransfer });
      fireEvent.drop(first, { dataTransfer });
      fireEvent.dragEnd(third, { dataTransfer });
      expect(shownImages(dialog)).toEqual([image('c.webp'), image('a.webp'), image('b.webp')]);
      expect(within(slots(dialog)[0] as HTMLElement).getByText('Cover')).toBeTruthy();

      fireEvent.click(saveButton(dialog));
      await waitFor(() => expect(onClose).toHaveBeenCalled());
      expect(server.inputsOf('catalog.update')).toEqual([expect.objectContaining({ productImage: [image('c.webp'), image('a.webp'), image('b.webp')] })]);
    });

    it('says nothing about the image until the owner tries to save without one, then the spec’s red hint', async () => {
      const { dialog, server } = renderDialog(undefined);
      // Just opened: no red warning before the owner has done anything.
      expect(within(dialog).queryByText('*Please upload product image')).toBeNull();
      fireEvent.change(within(dialog).getByLabelText('Product Name'), { target: { value: 'Quiet Box' } });
      expect(within(dialog).queryByText('*Please upload product image')).toBeNull();

      fireEvent.click(within(dialog).getByRole('button', { name: 'Upload Product' }));
      const hint = await within(dialog).findByText('*Please upload product image');
      expect(hint.className).toContain('text-red-700');
      expect(hint.getAttribute('role')).toBe('alert');
      expect(within(dialog).getByRole('group', { name: 'Product Image' }).getAttribute('aria-describedby')).toBe(hint.id);
      expect(server.inputsOf('catalog.create')).toEqual([]);

      // Gone as soon as an image is on its way, and once it is there; back if it is removed again.
      pick(dialog, 'red.png');
      await waitFor(() => expect(within(dialog).queryByText('*Please upload product image')).toBeNull());
      await uploadOf('red.png').succeed(image('red.webp'));
      expect(within(dialog).queryByText('*Please upload product image')).toBeNull();
      fireEvent.click(within(dialog).getByRole('button', { name: 'Remove image 1' }));
      expect(await within(dialog).findByText('*Please upload product image')).toBeTruthy();
    });

    it('asks for an image while there is none, and the request goes once one is uploaded', async () => {
      const { dialog } = renderDialog(undefined);
      fireEvent.click(within(dialog).getByRole('button', { name: 'Upload Product' }));
      await waitFor(() => expect(within(dialog).getByLabelText('Product Name').getAttribute('aria-invalid')).toBe('true'));
      pick(dialog, 'red.png');
      await uploadOf('red.png').succeed(image('red.webp'));
      expect(within(dialog).queryByText('*Please upload product image')).toBeNull();
      expect(
        within(dialog)
          .queryAllByRole('alert')
          .map((alert) => alert.textContent),
      ).not.toContain('*Please upload product image');
    });

    // Inside Product images: a new product can only be saved with an image, which needs the fake upload above.
    describe('Legal details', () => {
      /** The messages a field points at (its hint and its error), as one text. */
      const describedText = (field: HTMLElement) =>
        (field.getAttribute('aria-describedby') ?? '')
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' ');
      const fillProduct = async (dialog: HTMLElement) => {
        // The categories are the owner's: the select's choices arrive with them.
        await within(dialog).findByRole('option', { name: 'Speakers' });
        fireEvent.change(within(dialog).getByLabelText('Product Name'), { target: { value: 'Stone 350' } });
        fireEvent.change(within(dialog).getByLabelText('Brand Name'), { target: { value: 'boAt' } });
        fireEvent.change(within(dialog).getByLabelText('Category'), { target: { value: 'speakers' } });
        fireEvent.change(within(dialog).getByLabelText('Stock'), { target: { value: '3' } });
        fireEvent.change(within(dialog).getByLabelText('Price (₹)'), { target: { value: '3490' } });
        fireEvent.change(within(dialog).getByLabelText('Selling Price (₹)'), { target: { value: '1499' } });
        fireEvent.change(within(dialog).getByTestId('product-image-input'), { target: { files: [new File(['png'], 'stone.png', { type: 'image/png' })] } });
        await uploadOf('stone.png').succeed('https://cdn.test/stone.webp');
      };

      it('are required before a new product is saved, each message beside its field, and nothing is sent', async () => {
        const { dialog, server } = renderDialog(undefined);
        await fillProduct(dialog);
        fireEvent.click(within(dialog).getByRole('button', { name: 'Upload Product' }));
        const origin = within(dialog).getByLabelText('Country of origin');
        await waitFor(() => expect(origin.getAttribute('aria-invalid')).toBe('true'));
        expect(describedText(origin)).toContain('country of origin is required');
        expect(describedText(within(dialog).getByLabelText('Manufacturer'))).toContain('manufacturer name is required');
        expect(describedText(within(dialog).getByLabelText('Net quantity / in the box'))).toContain('net quantity is required');
        expect(describedText(within(dialog).getByLabelText('Warranty (months)'))).toContain('warranty period is required');
        // The importer is asked for only once the origin is known not to be India.
        expect(within(dialog).queryByLabelText('Importer')).toBeNull();
        expect(server.inputsOf('catalog.create')).toEqual([]);

        fillIndianFacts(dialog);
        expect(origin.getAttribute('aria-invalid')).toBeNull();
        fireEvent.change(origin, { target: { value: 'Vietnam' } });
        const importer = within(dialog).getByLabelText('Importer');
        fireEvent.click(within(dialog).getByRole('button', { name: 'Upload Product' }));
        await waitFor(() => expect(describedText(importer)).toContain('importer name is required for goods made outside India'));
        expect(server.inputsOf('catalog.create')).toEqual([]);

        fireEvent.change(importer, { target: { value: 'Imagine Marketing Ltd.' } });
        fireEvent.change(within(dialog).getByLabelText('Importer’s address'), { target: { value: 'Unit 204, Kamla Mills, Mumbai 400013' } });
        fireEvent.click(within(dialog).getByRole('button', { name: 'Upload Product' }));
        await waitFor(() => expect(server.inputsOf('catalog.create')).toHaveLength(1));
        expect(server.inputsOf('catalog.create')[0]).toMatchObject({
          facts: {
            countryOfOrigin: 'Vietnam',
            manufacturerName: 'Boat Lifestyle (Imagine Marketing Ltd.)',
            importerName: 'Imagine Marketing Ltd.',
            netQuantity: '1 N: speaker, cable',
            warrantyMonths: 12,
            warrantyBy: 'boAt (manufacturer)',
          },
        });
      });

      it('offer common countries, hide the warranty giver for no warranty, and prefill an edit', async () => {
        const { dialog, server, onClose } = renderDialog(stored);
        const origin = within(dialog).getByLabelText<HTMLInputElement>('Country of origin');
        expect(origin.value).toBe('Malaysia');
        const options = [...(origin.list?.querySelectorAll('option') ?? [])].map((option) => option.value);
        expect(options).toEqual(expect.arrayContaining(['India', 'China', 'Vietnam']));
        expect(within(dialog).getByLabelText<HTMLInputElement>('Importer').value).toBe('Sony India Pvt. Ltd.');
        fireEvent.change(within(dialog).getByLabelText('Warranty (months)'), { target: { value: '0' } });
        expect(within(dialog).queryByLabelText('Warranty given by')).toBeNull();
        fireEvent.click(within(dialog).getByRole('button', { name: 'Update Product' }));
        await waitFor(() => expect(onClose).toHaveBeenCalled());
        expect(server.inputsOf('catalog.update')).toEqual([expect.objectContaining({ facts: expect.objectContaining({ warrantyMonths: 0, warrantyBy: '' }) as unknown })]);
      });

      it('show the server’s error on a fact beside that fact', async () => {
        const { dialog, onClose } = renderDialog(stored, () => {
          throw new FakeServerError(400, 'BAD_INPUT', 'facts.importerAddress: importer address is required', { 'facts.importerAddress': 'importer address is required' });
        });
        fireEvent.click(within(dialog).getByRole('button', { name: 'Update Product' }));
        const address = within(dialog).getByLabelText('Importer’s address');
        await waitFor(() => expect(address.getAttribute('aria-invalid')).toBe('true'));
        expect(describedText(address)).toBe('importer address is required');
        expect(onClose).not.toHaveBeenCalled();
      });
    });
  });
});

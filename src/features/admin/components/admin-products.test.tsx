import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdminProduct } from '../../../../shared/schemas/admin';
import { NO_FACTS, type ProductFacts } from '../../../../shared/product-facts';
import { fakeServer, renderableApp } from '../../../lib/test-providers';
import { AdminProducts } from './admin-products';

const FACTS: ProductFacts = {
  countryOfOrigin: 'China',
  manufacturerName: 'Sony Corporation',
  manufacturerAddress: '1-7-1 Konan, Minato-ku, Tokyo',
  importerName: 'Sony India Pvt. Ltd.',
  importerAddress: 'A-31, Mohan Co-operative Industrial Estate, New Delhi 110044',
  netQuantity: '1 N: earphones, case, cable',
  warrantyMonths: 12,
  warrantyBy: 'Sony India (manufacturer)',
};

function product(id: string, patch: Partial<AdminProduct>): AdminProduct {
  return {
    _id: id,
    productName: `Product ${id}`,
    brandName: 'Sony',
    category: 'earphones',
    productImage: [],
    description: '',
    price: 2_999_000,
    sellingPrice: 2_499_000,
    stock: 12,
    trackStock: true,
    hsnCode: null,
    gstRateBasisPoints: null,
    priceMin: 2_499_000,
    priceMax: 2_499_000,
    variantCount: 1,
    facts: FACTS,
    archived: false,
    archivedAt: null,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    ...patch,
  };
}

const products = [
  product('plenty', { stock: 12 }),
  product('few', { stock: 3 }),
  product('none', { stock: 0 }),
  product('untracked', { stock: 0, trackStock: false, productName: 'Gift card' }),
  product('bare', { productName: 'Uploaded by the old client', facts: NO_FACTS }),
  product('no-importer', { productName: 'Imported without importer', facts: { ...FACTS, importerName: null, importerAddress: null } }),
  product('s24', { productName: 'Galaxy S24 5G', sellingPrice: 7_499_900, priceMin: 7_499_900, priceMax: 8_999_900, variantCount: 4 }),
  product('archived-bare', { productName: 'Archived bare', facts: NO_FACTS, archived: true, archivedAt: '2026-11-02T00:00:00.000Z' }),
];

function renderGrid() {
  const server = fakeServer({
    'admin.products': () => ({ items: products, nextCursor: null }),
    'catalog.stockHistory': () => ({ items: [], nextCursor: null }),
  });
  render(renderableApp({ routes: [{ path: '/', element: <AdminProducts /> }], fetch: server.fetch }));
  return server;
}

/** All products opened from a link of the low-stock mail (`?edit=<id>`). */
function renderLinked(id: string, found: AdminProduct | undefined) {
  const server = fakeServer({
    'admin.products': (input) =>
      (input as { productId?: string }).productId === undefined ? { items: products, nextCursor: null } : { items: found ? [found] : [], nextCursor: null },
    'catalog.variants': () => ({ options: [], variants: [] }),
    'catalog.adminCategories': () => [],
  });
  render(
    renderableApp({ routes: [{ path: '/admit-panel/all-products', element: <AdminProducts /> }], initialEntries: [`/admit-panel/all-products?edit=${id}`], fetch: server.fetch }),
  );
  return server;
}

const card = async (name: string) => (await screen.findAllByTestId('admin-product')).find((li) => within(li).queryByRole('heading', { name }))!;

describe('AdminProducts', () => {
  afterEach(cleanup);

  it('opens the form of the product a low-stock mail links to (?edit=<id>), archived ones too, and says when it is gone', async () => {
    const server = renderLinked('few', product('few', { stock: 3, lowStockLevel: 4, archived: true, archivedAt: '2026-11-02T00:00:00.000Z' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Product' });
    expect(within(dialog).getByLabelText<HTMLInputElement>('Product Name').value).toBe('Product few');
    expect(within(dialog).getByLabelText<HTMLInputElement>(/^Low-stock alert at/).value).toBe('4');
    expect(server.inputsOf('admin.products')).toContainEqual({ productId: 'few', view: 'all', limit: 1 });
    cleanup();

    renderLinked('deleted', undefined);
    expect((await screen.findByRole('alert')).textContent).toBe('The product of this link was not found: it may have been deleted.');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the stock of tracked products, with a badge when low, and "Stock not tracked" without a badge otherwise', async () => {
    renderGrid();
    expect((await card('Product plenty')).textContent).toContain('Stock 12');
    expect((await card('Product few')).textContent).toContain('3 left');
    expect((await card('Product none')).textContent).toContain('Sold out');

    const untracked = await card('Gift card');
    expect(untracked.textContent).toContain('Stock not tracked');
    expect(untracked.textContent).not.toMatch(/Stock 0|Sold out|left/);
  });

  it('flags a product on sale without the legal details its page must show, naming what is missing', async () => {
    renderGrid();
    const bare = within(await card('Uploaded by the old client')).getByTestId('facts-missing');
    expect(bare.textContent).toBe('Legal details missing');
    expect(bare.getAttribute('title')).toMatch(/^Missing: Country of origin, Manufacturer, Manufacturer’s address, Net quantity \/ in the box, Warranty \(months\)\./);
    expect(
      within(await card('Imported without importer'))
        .getByTestId('facts-missing')
        .getAttribute('title'),
    ).toMatch(/^Missing: Importer, Importer’s address\./);
    // Complete facts, or off sale: no badge.
    expect(within(await card('Product plenty')).queryByTestId('facts-missing')).toBeNull();
    expect(within(await card('Archived bare')).queryByTestId('facts-missing')).toBeNull();
  });

  it('shows how many variants a product sells and its price range; a product without options shows its price alone', async () => {
    renderGrid();
    const s24 = await card('Galaxy S24 5G');
    expect(within(s24).getByTestId('admin-product-variants').textContent).toBe('4 variants');
    expect(within(s24).getByTestId('admin-product-price').textContent).toBe('₹74,999.00 – ₹89,999.00');
    const plain = await card('Product plenty');
    expect(within(plain).queryByTestId('admin-product-variants')).toBeNull();
    expect(within(plain).getByTestId('admin-product-price').textContent).toBe('₹24,990.00');
  });

  it('opens the stock history of a product from its card', async () => {
    const server = renderGrid();
    fireEvent.click(within(await card('Gift card')).getByRole('button', { name: 'Stock history of Gift card' }));
    const dialog = screen.getByRole('dialog', { name: 'Stock history' });
    expect(await within(dialog).findByText(/No stock movements yet/)).toBeTruthy();
    expect(server.inputsOf('catalog.stockHistory')).toEqual([expect.objectContaining({ productId: 'untracked' })]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog', { name: 'Stock history' })).toBeNull();
  });
});

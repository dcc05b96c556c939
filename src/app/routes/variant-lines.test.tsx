import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { CartLine } from '../../../shared/schemas/cart';
import { OrderLines } from '../../components/orders/order-list';
import { CartView } from '../../features/cart/components/cart-view';
import { CheckoutSummary } from '../../features/checkout/components/checkout-summary';
import { fakeServer, renderableApp } from '../../lib/test-providers';

/** Issue 27: a cart line, the checkout summary and an order line name the variant bought. */

const s24 = {
  _id: 'p-s24',
  productName: 'Samsung Galaxy S24 5G',
  brandName: 'Samsung',
  category: 'mobiles' as const,
  productImage: [],
  description: '',
  // The line's product carries its variant's figures.
  price: 8_999_900,
  sellingPrice: 7_399_900,
  stock: 4,
  trackStock: true,
  createdAt: '2026-12-01T00:00:00.000Z',
  updatedAt: '2026-12-01T00:00:00.000Z',
};

const lines: CartLine[] = [
  { _id: 'l1', quantity: 4, userId: 'u1', productId: s24, variant: { _id: 'v1', sku: 'S24-256-GRY', label: '256 GB, Marble Grey', optionValues: ['256 GB', 'Marble Grey'] } },
  {
    _id: 'l2',
    quantity: 1,
    userId: 'u1',
    productId: { ...s24, _id: 'p-buds', productName: 'Galaxy Buds', stock: 10 },
    variant: { _id: 'p-buds', sku: 'VM-PBUDS', label: '', optionValues: [] },
  },
];

describe('variants on cart, checkout and order lines', () => {
  afterEach(cleanup);

  it('a cart line shows its variant under the name, links to the product on that variant, and limits the quantity by that variant’s stock', async () => {
    const server = fakeServer({ 'cart.list': () => lines });
    render(renderableApp({ routes: [{ path: '/cart', element: <CartView onPayment={() => undefined} paying={false} /> }], initialEntries: ['/cart'], fetch: server.fetch }));
    const [phone, buds] = await screen.findAllByTestId('cart-line');
    expect(within(phone!).getByTestId('variant-label').textContent).toBe('256 GB, Marble Grey');
    expect(within(phone!).getByRole('link', { name: 'Samsung Galaxy S24 5G' }).getAttribute('href')).toBe('/product/p-s24?variant=S24-256-GRY');
    // 4 of the variant's 4: no more.
    expect(within(phone!).getByText('Only 4 in stock')).toBeTruthy();
    // A product sold one way: no label, its plain address.
    expect(within(buds!).queryByTestId('variant-label')).toBeNull();
    expect(within(buds!).getByRole('link', { name: 'Galaxy Buds' }).getAttribute('href')).toBe('/product/p-buds');
  });

  it('the checkout summary names the variant', () => {
    render(
      <MemoryRouter>
        <CheckoutSummary
          lines={[{ id: 'l1', name: 'Samsung Galaxy S24 5G', variantLabel: '256 GB, Marble Grey', quantity: 1, price: 7_399_900 }]}
          delivery={undefined}
          expressOnPaymentPage={null}
          freeAbovePaise={null}
          codFee={0}
        >
          <button type="button">Pay</button>
        </CheckoutSummary>
      </MemoryRouter>,
    );
    const items = screen.getByRole('list', { name: 'Items' });
    expect(items.textContent).toContain('Samsung Galaxy S24 5G256 GB, Marble GreyQty 1');
  });

  it('an order line names the variant and its SKU; a line from before variants reads as before', () => {
    render(
      <OrderLines
        className=""
        lines={[
          {
            productId: 'p-s24',
            name: 'Samsung Galaxy S24 5G',
            image: [],
            price: 7_399_900,
            quantity: 1,
            notInStock: 0,
            variantId: 'v1',
            sku: 'S24-256-GRY',
            variantLabel: '256 GB, Marble Grey',
          },
          { productId: 'p-old', name: 'Old Phone', image: [], price: 999_900, quantity: 1, notInStock: 0, variantId: 'p-old', sku: null, variantLabel: null },
        ]}
      />,
    );
    const labels = screen.getAllByTestId('order-line-variant');
    expect(labels.map((l) => l.textContent)).toEqual(['256 GB, Marble Grey · SKU S24-256-GRY']);
  });
});

import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeServerError, fakeServer, renderableApp } from '../../lib/test-providers';
import { Component as ProductDetail } from './product-detail';

function renderProduct(unavailable: unknown) {
  const server = fakeServer({
    'catalog.details': () => {
      throw new FakeServerError(404, 'PRODUCT_NOT_FOUND', 'Product not found');
    },
    'catalog.unavailable': () => unavailable,
  });
  render(renderableApp({ routes: [{ path: '/product/:id', element: <ProductDetail /> }], initialEntries: ['/product/p-old'], fetch: server.fetch }));
  return server;
}

describe('the page of a product not on sale', () => {
  afterEach(cleanup);

  it('names an archived product and links to its category, not an application error', async () => {
    const server = renderProduct({ _id: 'p-old', productName: 'Old Pixel 6', category: 'mobiles' });
    expect(await screen.findByRole('heading', { name: 'This product is no longer available' })).toBeTruthy();
    expect((await screen.findByTestId('unavailable-detail')).textContent).toBe('Old Pixel 6 is no longer sold here. Similar products may be in Mobiles.');
    expect(screen.getByRole('link', { name: 'See Mobiles' }).getAttribute('href')).toBe('/product-category?category=mobiles');
    expect(screen.queryByText('Unexpected Application Error!')).toBeNull();
    expect(server.inputsOf('catalog.unavailable')).toEqual([{ productId: 'p-old' }]);
    expect(document.title).toBe('Old Pixel 6: no longer available · Voltmart');
  });

  it('says a product was not found when the id never was one', async () => {
    renderProduct(null);
    expect(await screen.findByRole('heading', { name: 'We could not find this product' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse all products' }).getAttribute('href')).toBe('/product-category');
  });
});

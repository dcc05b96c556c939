import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { S24_PRODUCT } from '../../../shared/variant.fixtures';
import { fakeServer, renderableApp } from '../../lib/test-providers';
import { Component as ProductDetail } from './product-detail';

/** Where the page's address is now (the picker replaces `?variant=`). */
function Address() {
  const location = useLocation();
  return <output data-testid="address">{`${location.pathname}${location.search}`}</output>;
}

function renderPage(address: string) {
  const server = fakeServer({
    'catalog.details': () => S24_PRODUCT,
    'catalog.byCategory': () => ({ items: [], nextCursor: null }),
    'cart.addItem': (input) => ({ line: { _id: 'l1', quantity: 1, productId: S24_PRODUCT, userId: 'u1' }, alreadyInCart: false, message: 'Product Added in Cart', input }),
    'cart.count': () => 1,
    'cart.list': () => [],
  });
  const routes = [
    {
      path: '/product/:id',
      element: (
        <>
          <ProductDetail />
          <Address />
        </>
      ),
    },
  ];
  render(renderableApp({ routes, initialEntries: [address], fetch: server.fetch }));
  return server;
}

const group = (name: string) => screen.getByRole('group', { name: new RegExp(`^${name}:`) });
const chip = (groupName: string, value: string) => within(group(groupName)).getByRole('radio', { name: new RegExp(`^${value}`) });
const priceBlock = () => screen.getByTestId('price-block').textContent;
const mainImageSrc = () => screen.getByRole('img', { name: 'Samsung Galaxy S24 5G' }).getAttribute('src');
const address = () => screen.getByTestId('address').textContent;
const addButton = () => screen.getByRole('button', { name: 'Add To Cart' });

describe('the product page picker', () => {
  let scrolls: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    scrolls = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('opens on the variant the address names: its chips checked, its price and MRP, its stock', async () => {
    renderPage('/product/p-s24?variant=S24-256-GRY');
    await screen.findByRole('heading', { level: 1, name: 'Samsung Galaxy S24 5G' });
    expect((chip('Storage', '256 GB') as HTMLInputElement).checked).toBe(true);
    expect((chip('Colour', 'Marble Grey') as HTMLInputElement).checked).toBe(true);
    expect(group('Storage').querySelector('legend')?.textContent).toBe('Storage: 256 GB');
    expect(priceBlock()).toContain('₹73,999.00');
    expect(priceBlock()).toContain('M.R.P.: ₹89,999.00');
    expect(priceBlock()).toContain('You save ₹16,000.00 (17%)');
    expect(screen.getByText('Only 4 left in stock')).toBeTruthy();
    // No pictures of its own: the product's.
    expect(mainImageSrc()).toContain('a'.repeat(32));
  });

  it('opens on the default (summary) variant when the address names an unknown SKU', async () => {
    renderPage('/product/p-s24?variant=NOT-A-SKU');
    await screen.findByRole('heading', { level: 1, name: 'Samsung Galaxy S24 5G' });
    expect((chip('Storage', '128 GB') as HTMLInputElement).checked).toBe(true);
    expect((chip('Colour', 'Onyx Black') as HTMLInputElement).checked).toBe(true);
    expect(priceBlock()).toContain('₹64,999.00');
  });

  it('switches price, MRP, saving, stock message, pictures and the address when a value is chosen, without scrolling', async () => {
    renderPage('/product/p-s24?variant=S24-256-GRY');
    await screen.findByRole('heading', { level: 1, name: 'Samsung Galaxy S24 5G' });
    // 128 GB Marble Grey is not sold: 128 GB is kept, the colour moves to Onyx Black.
    fireEvent.click(chip('Storage', '128 GB'));
    expect((chip('Storage', '128 GB') as HTMLInputElement).checked).toBe(true);
    expect((chip('Colour', 'Onyx Black') as HTMLInputElement).checked).toBe(true);
    expect(priceBlock()).toContain('₹64,999.00');
    expect(priceBlock()).toContain('M.R.P.: ₹79,999.00');
    expect(priceBlock()).toContain('You save ₹15,000.00 (18%)');
    expect(screen.queryByText(/left in stock/)).toBeNull();
    // This variant has pictures of its own.
    expect(mainImageSrc()).toContain('d'.repeat(32));
    expect(screen.getAllByRole('button', { name: /^Show image \d of 2$/ })).toHaveLength(2);
    expect(address()).toBe('/product/p-s24?variant=S24-128-BLK');

    fireEvent.click(chip('Storage', '512 GB'));
    expect(priceBlock()).toContain('₹86,999.00');
    expect(screen.getByText('Only 3 left in stock')).toBeTruthy();
    expect(mainImageSrc()).toContain('a'.repeat(32));
    expect(address()).toBe('/product/p-s24?variant=S24-512-BLK');
    expect(scrolls).not.toHaveBeenCalled();
  });

  it('greys a sold-out combination with "Out of stock"; it can be chosen and viewed, and Add to cart says why it is off', async () => {
    renderPage('/product/p-s24?variant=S24-128-BLK');
    await screen.findByRole('heading', { level: 1, name: 'Samsung Galaxy S24 5G' });
    const violet = chip('Colour', 'Cobalt Violet');
    expect(violet.closest('label')?.getAttribute('data-state')).toBe('out-of-stock');
    expect(violet.closest('label')?.textContent).toContain('Out of stock');
    expect((violet as HTMLInputElement).disabled).toBe(false);
    // A colour sold in no combination cannot be chosen.
    expect((chip('Colour', 'Jade Green') as HTMLInputElement).disabled).toBe(true);

    fireEvent.click(violet);
    expect((chip('Colour', 'Cobalt Violet') as HTMLInputElement).checked).toBe(true);
    expect(priceBlock()).toContain('₹62,999.00');
    expect(address()).toBe('/product/p-s24?variant=S24-128-VLT');
    expect((addButton() as HTMLButtonElement).disabled).toBe(true);
    const reason = document.getElementById(addButton().getAttribute('aria-describedby') ?? '');
    expect(reason?.textContent).toBe('Out of stock: 128 GB, Cobalt Violet');
  });

  it('adds the chosen variant to the cart', async () => {
    const server = renderPage('/product/p-s24?variant=S24-256-BLK');
    await screen.findByRole('heading', { level: 1, name: 'Samsung Galaxy S24 5G' });
    fireEvent.click(chip('Colour', 'Marble Grey'));
    fireEvent.click(addButton());
    await vi.waitFor(() => expect(server.inputsOf('cart.addItem')).toEqual([{ productId: 'p-s24', variantId: 'v-S24-256-GRY' }]));
  });
});

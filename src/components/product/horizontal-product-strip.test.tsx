import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HorizontalProductStrip, type HorizontalProductStripProps } from './horizontal-product-strip';
import type { CardProduct } from './product-card';

const products: CardProduct[] = [1, 2, 3].map((n) => ({
  _id: `p${n}`,
  productName: `Watch ${n}`,
  category: 'watches',
  productImage: [],
  price: 500_000,
  sellingPrice: 400_000,
  stock: n === 3 ? 0 : 5,
  trackStock: true,
}));

function renderStrip(props: Partial<HorizontalProductStripProps>) {
  const onAddToCart = vi.fn();
  const element = <HorizontalProductStrip heading="Popular's Watches" status="success" products={products} variant="small" onAddToCart={onAddToCart} {...props} />;
  render(<RouterProvider router={createMemoryRouter([{ path: '/', element }])} />);
  return { onAddToCart };
}

describe('HorizontalProductStrip', () => {
  afterEach(cleanup);

  it('shows 13 skeleton cards while loading', () => {
    renderStrip({ status: 'pending', products: undefined });
    expect(screen.getByRole('heading', { name: "Popular's Watches" })).toBeTruthy();
    expect(screen.getAllByTestId('product-card-skeleton')).toHaveLength(13);
    expect(screen.queryAllByTestId('product-card')).toHaveLength(0);
  });

  it('says so when loading failed', () => {
    renderStrip({ status: 'error', products: undefined });
    expect(screen.getByRole('alert').textContent).toBe('Failed to fetch products. Please try again later.');
  });

  it('says so when the category is empty', () => {
    renderStrip({ products: [] });
    expect(screen.getByText('No products found in this category.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Scroll/ })).toBeNull();
  });

  it('lists the cards and passes Add to Cart through', () => {
    const { onAddToCart } = renderStrip({});
    expect(screen.getAllByTestId('product-card')).toHaveLength(3);
    fireEvent.click(screen.getAllByRole('button', { name: 'Add to Cart' })[1]!);
    expect(onAddToCart).toHaveBeenCalledWith(products[1]);
    expect(screen.getByRole('button', { name: 'Out of stock' })).toBeTruthy();
  });

  it('moves 300 px per scroll button press', () => {
    renderStrip({});
    const scroller = screen.getByTestId('strip-scroller');
    fireEvent.click(screen.getByRole('button', { name: "Scroll Popular's Watches right" }));
    expect(scroller.scrollLeft).toBe(300);
    fireEvent.click(screen.getByRole('button', { name: "Scroll Popular's Watches right" }));
    expect(scroller.scrollLeft).toBe(600);
    fireEvent.click(screen.getByRole('button', { name: "Scroll Popular's Watches left" }));
    expect(scroller.scrollLeft).toBe(300);
  });
});

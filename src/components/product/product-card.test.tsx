import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { discountPercent, ProductCard, type CardProduct, type ProductCardProps } from './product-card';

const HASH = 'a'.repeat(32);
const product: CardProduct = {
  _id: 'p-123',
  productName: 'boAt Airdopes 141',
  category: 'airpodes',
  productImage: [`/images/${HASH}.webp`, `/images/${'b'.repeat(32)}.webp`],
  price: 449_000,
  sellingPrice: 129_950,
  stock: 4,
  trackStock: true,
};

function renderCard(props: Partial<ProductCardProps> = {}) {
  const onAddToCart = vi.fn();
  const router = createMemoryRouter([{ path: '/', element: <ProductCard product={product} variant="large" onAddToCart={onAddToCart} {...props} /> }], { initialEntries: ['/'] });
  render(<RouterProvider router={router} />);
  return { onAddToCart };
}

describe('discountPercent', () => {
  it('rounds down to whole percent (as the product page’s saving) and is 0 without a discount', () => {
    expect(discountPercent(100_00, 75_00)).toBe(25);
    expect(discountPercent(300, 200)).toBe(33);
    // 9.9997% off: 9, never rounded up to 10 (issue 27).
    expect(discountPercent(2_999_900, 2_700_000)).toBe(9);
    expect(discountPercent(100, 100)).toBe(0);
    expect(discountPercent(100, 120)).toBe(0);
    expect(discountPercent(0, 0)).toBe(0);
  });
});

describe('ProductCard', () => {
  afterEach(cleanup);

  it('shows the first image with WebP renditions, name, category and both prices in INR', () => {
    renderCard();
    const img = screen.getByRole('img', { name: 'boAt Airdopes 141' });
    expect(img.getAttribute('src')).toBe(`/images/${HASH}-w640.webp`);
    expect(img.getAttribute('srcset')).toBe(`/images/${HASH}-w320.webp 320w, /images/${HASH}-w640.webp 640w, /images/${HASH}-w1280.webp 1280w`);
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('width')).toBe('640');
    expect(screen.getByRole('link', { name: 'boAt Airdopes 141' }).getAttribute('href')).toBe('/product/p-123');
    expect(screen.getByText('airpodes')).toBeTruthy();
    expect(screen.getByText('₹1,299.50')).toBeTruthy();
    expect(screen.getByText('₹4,490.00').tagName).toBe('S');
    expect(screen.getByText('71% off')).toBeTruthy();
  });

  it('loads eagerly when it is above the fold', () => {
    renderCard({ eager: true });
    expect(screen.getByRole('img', { name: 'boAt Airdopes 141' }).getAttribute('loading')).toBe('eager');
  });

  it('adds to cart with the product', () => {
    const { onAddToCart } = renderCard();
    fireEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(onAddToCart).toHaveBeenCalledWith(product);
  });

  it('cannot be added while its request is in flight', () => {
    const { onAddToCart } = renderCard({ adding: true });
    const button = screen.getByRole<HTMLButtonElement>('button', { name: 'Add to Cart' });
    expect(button.disabled).toBe(true);
    fireEvent.click(button);
    expect(onAddToCart).not.toHaveBeenCalled();
  });

  it('says when it is out of stock and offers no add button', () => {
    const { onAddToCart } = renderCard({ product: { ...product, stock: 0 } });
    expect(screen.queryByRole('button', { name: 'Add to Cart' })).toBeNull();
    const button = screen.getByRole<HTMLButtonElement>('button', { name: 'Out of stock' });
    expect(button.disabled).toBe(true);
    fireEvent.click(button);
    expect(onAddToCart).not.toHaveBeenCalled();
  });

  it('always sells a product whose stock is not tracked (its stock figure means nothing)', () => {
    const untracked = { ...product, stock: 0, trackStock: false };
    const { onAddToCart } = renderCard({ product: untracked });
    expect(screen.queryByRole('button', { name: 'Out of stock' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(onAddToCart).toHaveBeenCalledWith(untracked);
  });

  it('hides the struck price when there is no discount and copes without images', () => {
    renderCard({ product: { ...product, productImage: [], price: 129_950 } });
    expect(screen.queryByText('₹4,490.00')).toBeNull();
    expect(screen.getByRole('img', { name: 'boAt Airdopes 141 (no image)' })).toBeTruthy();
  });

  it('says "from ₹X" with the lowest price when its variants differ in price, and how many colours it comes in (issue 27)', () => {
    const phone = {
      ...product,
      productName: 'Galaxy S24',
      category: 'mobiles',
      price: 7_999_900,
      sellingPrice: 6_499_900,
      priceMin: 6_299_900,
      priceMax: 8_699_900,
      colourCount: 3,
    };
    renderCard({ product: phone });
    expect(screen.getByTestId('selling-price').textContent).toBe('from ₹62,999.00');
    expect(screen.getByTestId('colour-count').textContent).toBe(' · 3 colours');
    // The MRP and the % off belong to one variant: not beside a range.
    expect(screen.queryByText('₹79,999.00')).toBeNull();
    expect(screen.queryByText(/% off$/)).toBeNull();
  });

  it('reads as before when every variant has one price and one colour', () => {
    renderCard({ product: { ...product, priceMin: 129_950, priceMax: 129_950, colourCount: 1 } });
    expect(screen.getByTestId('selling-price').textContent).toBe('₹1,299.50');
    expect(screen.getByText('₹4,490.00').tagName).toBe('S');
    expect(screen.getByText('71% off')).toBeTruthy();
    expect(screen.queryByTestId('colour-count')).toBeNull();
  });
});

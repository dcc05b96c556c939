import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProductDetails, type DetailProduct, type ProductDetailsProps } from './product-details';

const hash = (c: string) => c.repeat(32);
const product: DetailProduct = {
  _id: 'p1',
  productName: 'Canon EOS R50',
  brandName: 'Canon',
  category: 'camera',
  description: 'A light mirrorless camera.\nShoots 4K video.',
  productImage: [`/images/${hash('a')}.webp`, `/images/${hash('b')}.webp`, `/images/${hash('c')}.webp`],
  price: 7_999_000,
  sellingPrice: 6_899_000,
  stock: 3,
  trackStock: true,
};

function renderDetails(props: Partial<ProductDetailsProps> = {}) {
  const onAddToCart = vi.fn();
  const onBuy = vi.fn();
  const view = render(<ProductDetails product={product} onAddToCart={onAddToCart} onBuy={onBuy} busy={false} {...props} />);
  return { onAddToCart, onBuy, ...view };
}

const mainImage = () => screen.getByRole('img', { name: 'Canon EOS R50' });

describe('ProductDetails', () => {
  afterEach(cleanup);

  it('shows four thumbnail placeholders while the product loads', () => {
    renderDetails({ product: undefined });
    expect(screen.getAllByTestId('thumbnail-skeleton')).toHaveLength(4);
    expect(screen.getByRole('status').textContent).toContain('Loading product');
  });

  it('shows brand, name, category, the star row, both prices and the description', () => {
    renderDetails();
    expect(screen.getByText('Canon')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Canon EOS R50' })).toBeTruthy();
    expect(screen.getByText('camera')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Rated 4.5 out of 5' })).toBeTruthy();
    expect(screen.getByText('₹68,990.00')).toBeTruthy();
    expect(screen.getByText('₹79,990.00').tagName).toBe('S');
    expect(screen.getByText('Description :')).toBeTruthy();
    expect(screen.getByText(/A light mirrorless camera/)).toBeTruthy();
    expect(screen.getByText('Only 3 left in stock')).toBeTruthy();
  });

  it('switches the large image when a thumbnail is hovered or clicked', () => {
    renderDetails();
    expect(mainImage().getAttribute('src')).toBe(`/images/${hash('a')}-w640.webp`);
    const thumbs = screen.getAllByRole('button', { name: /^Show image \d of 3$/ });
    fireEvent.mouseEnter(thumbs[1]!);
    expect(mainImage().getAttribute('src')).toBe(`/images/${hash('b')}-w640.webp`);
    expect(thumbs[1]!.getAttribute('aria-current')).toBe('true');
    fireEvent.click(thumbs[2]!);
    expect(mainImage().getAttribute('src')).toBe(`/images/${hash('c')}-w640.webp`);
  });

  it('opens a zoom pane that follows the pointer over the large image', () => {
    renderDetails();
    const area = screen.getByTestId('main-image');
    area.getBoundingClientRect = () => ({ left: 0, top: 0, width: 200, height: 200, right: 200, bottom: 200, x: 0, y: 0, toJSON: () => ({}) });
    expect(screen.queryByTestId('zoom-pane')).toBeNull();
    fireEvent.mouseMove(area, { clientX: 50, clientY: 150 });
    const pane = screen.getByTestId('zoom-pane');
    expect(pane.style.backgroundPosition).toBe('25% 75%');
    expect(pane.style.backgroundImage).toContain(`${hash('a')}-w1280.webp`);
    fireEvent.mouseLeave(area);
    expect(screen.queryByTestId('zoom-pane')).toBeNull();
  });

  it('buys and adds to cart, and offers neither when out of stock', () => {
    const { onAddToCart, onBuy, rerender } = renderDetails();
    fireEvent.click(screen.getByRole('button', { name: 'Buy' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add To Cart' }));
    expect(onBuy).toHaveBeenCalledWith(product);
    expect(onAddToCart).toHaveBeenCalledWith(product);

    rerender(<ProductDetails product={{ ...product, stock: 0 }} onAddToCart={onAddToCart} onBuy={onBuy} busy={false} />);
    expect(screen.getByText('Out of stock')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Buy' }).disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Add To Cart' }).disabled).toBe(true);
  });

  it('shows no stock line for a product whose stock is not tracked, and sells it', () => {
    const untracked = { ...product, stock: 0, trackStock: false };
    const { onAddToCart, onBuy } = renderDetails({ product: untracked });
    expect(screen.queryByText('Out of stock')).toBeNull();
    expect(screen.queryByText(/left in stock/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Buy' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add To Cart' }));
    expect(onBuy).toHaveBeenCalledWith(untracked);
    expect(onAddToCart).toHaveBeenCalledWith(untracked);
  });

  it('says nothing about stock when plenty is left', () => {
    renderDetails({ product: { ...product, stock: 40 } });
    expect(screen.queryByText(/left in stock/)).toBeNull();
    expect(screen.queryByText('Out of stock')).toBeNull();
  });

  it('starts again on the first image when another product is shown', () => {
    const { rerender, onAddToCart, onBuy } = renderDetails();
    fireEvent.click(screen.getAllByRole('button', { name: /^Show image/ })[2]!);
    const other = { ...product, _id: 'p2', productName: 'Canon EOS R10', productImage: [`/images/${hash('d')}.webp`, `/images/${hash('e')}.webp`] };
    rerender(<ProductDetails product={other} onAddToCart={onAddToCart} onBuy={onBuy} busy={false} />);
    expect(screen.getByRole('img', { name: 'Canon EOS R10' }).getAttribute('src')).toBe(`/images/${hash('d')}-w640.webp`);
  });
});

import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NO_FACTS } from '../../../../shared/product-facts';
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
    // Issue 27: the five-star row stays, honestly (it was a fixed "Rated 4.5 out of 5").
    expect(screen.getByRole('img', { name: 'No reviews yet' })).toBeTruthy();
    expect(screen.queryByRole('img', { name: /out of 5/ })).toBeNull();
    expect(screen.getByText('₹68,990.00')).toBeTruthy();
    expect(screen.getByText('₹79,990.00').tagName).toBe('S');
    expect(screen.getByText('Description :')).toBeTruthy();
    expect(screen.getByText(/A light mirrorless camera/)).toBeTruthy();
    expect(screen.getByText('Only 3 left in stock')).toBeTruthy();
  });

  it('shows the MRP inclusive of all taxes beside the selling price, and the saving rounded down to a whole percent', () => {
    renderDetails({ product: { ...product, price: 2_999_900, sellingPrice: 2_700_000 } });
    const block = screen.getByTestId('price-block');
    expect(block.textContent).toContain('₹27,000.00');
    expect(block.textContent).toContain('M.R.P.: ₹29,999.00 (inclusive of all taxes)');
    // ₹2,999 off ₹29,999 is 9.9997%: 9%, never rounded up to 10%.
    expect(within(block).getByText('You save ₹2,999.00 (9%)')).toBeTruthy();
  });

  it('shows the MRP without a saving when sold at it', () => {
    renderDetails({ product: { ...product, price: 6_899_000, sellingPrice: 6_899_000 } });
    const block = screen.getByTestId('price-block');
    expect(block.textContent).toContain('M.R.P.: ₹68,990.00 (inclusive of all taxes)');
    expect(block.querySelector('s')).toBeNull();
    expect(screen.queryByText(/You save/)).toBeNull();
  });

  it('shows the legal information it has: origin, manufacturer, importer, contents, warranty', () => {
    renderDetails({
      product: {
        ...product,
        facts: {
          countryOfOrigin: 'Vietnam',
          manufacturerName: 'Samsung Electronics Vietnam Co., Ltd.',
          manufacturerAddress: 'Yen Phong I Industrial Park, Bac Ninh',
          importerName: 'Samsung India Electronics Pvt. Ltd.',
          importerAddress: '6th Floor, DLF Centre, Sansad Marg, New Delhi 110001',
          netQuantity: '1 N: handset, USB-C cable, SIM ejector',
          warrantyMonths: 12,
          warrantyBy: 'Samsung India',
        },
      },
    });
    const section = screen.getByRole('region', { name: 'Legal information' });
    const rows = [...section.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);
    expect(rows).toEqual([
      ['Country of origin', 'Vietnam'],
      ['Manufacturer', 'Samsung Electronics Vietnam Co., Ltd.Yen Phong I Industrial Park, Bac Ninh'],
      ['Importer', 'Samsung India Electronics Pvt. Ltd.6th Floor, DLF Centre, Sansad Marg, New Delhi 110001'],
      ['Net quantity / in the box', '1 N: handset, USB-C cable, SIM ejector'],
      ['Warranty', '1 year, from Samsung India'],
    ]);
  });

  it('invents no fact: a missing one is left out, and with none there is no block', () => {
    const { rerender, onAddToCart, onBuy } = renderDetails({ product: { ...product, facts: { ...NO_FACTS, countryOfOrigin: 'India', warrantyMonths: 0 } } });
    const section = screen.getByRole('region', { name: 'Legal information' });
    expect([...section.querySelectorAll('dt')].map((dt) => dt.textContent)).toEqual(['Country of origin', 'Warranty']);
    expect(within(section).getByText('No warranty')).toBeTruthy();
    expect(within(section).queryByText('Importer')).toBeNull();
    rerender(<ProductDetails product={{ ...product, facts: NO_FACTS }} onAddToCart={onAddToCart} onBuy={onBuy} busy={false} />);
    expect(screen.queryByRole('region', { name: 'Legal information' })).toBeNull();
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

import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProductCard, type CardProduct } from './product-card';
import { saleEndLabel, timeLeft } from './sale-price';

// Sunday 6 December 2026, 21:59:59 IST; the sale ends at Monday 00:00 IST.
const NOW = Date.parse('2026-12-06T16:29:59.000Z');
const ENDS = '2026-12-06T18:30:00.000Z';

const product: CardProduct = {
  _id: 'p-sale',
  productName: 'Galaxy On Sale',
  category: 'mobiles',
  productImage: [],
  price: 2_999_900,
  sellingPrice: 2_499_900,
  stock: 4,
  trackStock: true,
};

function renderCard(card: CardProduct) {
  const router = createMemoryRouter([{ path: '/', element: <ProductCard product={card} variant="large" onAddToCart={() => undefined} /> }], { initialEntries: ['/'] });
  render(<RouterProvider router={router} />);
}

describe('a sale price on a card (issue 30)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
    cleanup();
  });

  it('shows the sale price, the usual price struck through, and when it ends in IST', () => {
    renderCard({ ...product, sale: { pricePaise: 1_999_900, endsAt: ENDS } });
    expect(screen.getByTestId('selling-price').textContent).toBe('₹19,999.00');
    const struck = screen.getByTestId('list-price');
    expect(struck.tagName).toBe('S');
    expect(struck.textContent).toBe('₹24,999.00');
    expect(screen.getByTestId('sale-ends').textContent).toBe('Sale ends in 2 h (Monday, 7 December, 12:00 am IST)');
  });

  it('without a sale shows the selling price against the MRP as before', () => {
    renderCard(product);
    expect(screen.getByTestId('selling-price').textContent).toBe('₹24,999.00');
    expect(screen.queryByTestId('list-price')).toBeNull();
    expect(screen.queryByTestId('sale-ends')).toBeNull();
  });

  it('words the time left and the end on India’s clock', () => {
    expect(timeLeft(2 * 3_600_000 + 1)).toBe('2 h');
    expect(timeLeft(45 * 60_000)).toBe('45 min');
    expect(timeLeft(1_000)).toBe('1 min');
    expect(timeLeft(3 * 86_400_000)).toBe('3 days');
    expect(saleEndLabel('2026-12-06T18:29:59.000Z')).toBe('Sunday, 6 December, 11:59 pm IST');
    expect(saleEndLabel('2026-12-04T06:30:00.000Z')).toBe('Friday, 4 December, 12:00 pm IST');
  });
});

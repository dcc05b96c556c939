import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { niceCeiling, RevenueChart, shortDate, type RevenueDay } from './revenue-chart';

function days(revenues: number[]): RevenueDay[] {
  return revenues.map((revenue, i) => ({
    date: `2026-03-${String(i + 1).padStart(2, '0')}`,
    revenue,
    orders: revenue > 0 ? 1 : 0,
  }));
}

describe('niceCeiling', () => {
  it.each([
    [0, 0],
    [1, 1],
    [7, 10],
    [120, 200],
    [305_000, 500_000],
    [500_000, 500_000],
    [1_000_001, 2_000_000],
  ])('%d -> %d', (value, top) => {
    expect(niceCeiling(value)).toBe(top);
  });
});

describe('RevenueChart', () => {
  afterEach(cleanup);

  it('draws one bar per day, scaled against a round top, each with a title', () => {
    const { container } = render(<RevenueChart days={days([0, 100_000, 250_000, 0])} />);
    const bars = [...container.querySelectorAll('rect')];
    expect(bars).toHaveLength(4);
    const heights = bars.map((bar) => Number(bar.getAttribute('height')));
    expect(heights[0]).toBe(0);
    expect(heights[3]).toBe(0);
    // Top is ₹5,000.00 (500 000 paise): 1 000 and 2 500 rupees are a fifth and a half of it.
    expect((heights[1] ?? 0) / (heights[2] ?? 1)).toBeCloseTo(0.4);
    expect(bars[2]?.querySelector('title')?.textContent).toBe('3 Mar: ₹2,500.00 from 1 order');
    expect(screen.getByText('Scale: ₹5,000.00')).toBeTruthy();
  });

  it('is an image named by its caption, described by a summary, with every day in a table', () => {
    render(<RevenueChart days={days([0, 100_000, 250_000, 0])} />);
    const chart = screen.getByRole('img', {
      name: 'Revenue per day, last 4 days',
    });
    const desc = document.getElementById(chart.getAttribute('aria-describedby') ?? '');
    expect(desc?.textContent).toBe('From 1 Mar to 4 Mar: ₹3,500.00 in total; the best day was 3 Mar with ₹2,500.00.');
    const rows = screen.getAllByRole('row');
    expect(rows).toHaveLength(5);
    expect(rows[3]?.textContent).toBe('3 Mar₹2,500.001');
  });

  it('draws an empty chart without dividing by zero', () => {
    const { container } = render(<RevenueChart days={days([0, 0, 0])} />);
    expect([...container.querySelectorAll('rect')].every((bar) => bar.getAttribute('height') === '0')).toBe(true);
    expect(screen.getByRole('img').textContent).toContain('no sales');
  });

  it('formats shop-local dates without shifting them', () => {
    expect(shortDate('2026-03-16')).toBe('16 Mar');
    expect(shortDate('2026-12-31')).toBe('31 Dec');
  });
});

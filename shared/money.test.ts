import { describe, expect, it } from 'vitest';
import { formatINR } from './money';

describe('formatINR', () => {
  const intl = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2, maximumFractionDigits: 2 });

  it('groups in thousands, then lakhs and crores, with two decimals', () => {
    expect(formatINR(0)).toBe('₹0.00');
    expect(formatINR(5)).toBe('₹0.05');
    expect(formatINR(129950)).toBe('₹1,299.50');
    expect(formatINR(7_999_900)).toBe('₹79,999.00');
    expect(formatINR(1_234_567_800)).toBe('₹1,23,45,678.00');
    expect(formatINR(-2000)).toBe('-₹20.00');
  });

  it('prints what Intl prints for en-IN rupees, over a spread of amounts', () => {
    const amounts = [0, 1, 99, 100, 101, 99_999, 100_000, 9_999_999, 10_000_000, 123_456_789, 99_999_999_999, -1, -123_456];
    for (let i = 0; i < 2000; i++) amounts.push(Math.floor(Math.random() * 10 ** (1 + (i % 13))));
    for (const paise of amounts) expect(formatINR(paise)).toBe(intl.format(paise / 100));
  });
});

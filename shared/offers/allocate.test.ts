import { describe, expect, it } from 'vitest';
import { allocate, percentOf } from './allocate';

/** A small seeded generator (mulberry32), so a failing case can be replayed. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('allocate', () => {
  it('splits in proportion by largest remainder, ties to the earlier line', () => {
    // 100 / 3 = 33⅓ each: 33 + 33 + 33 = 99, the one paisa left goes to the first line (equal remainders).
    expect(allocate(100, [100, 100, 100])).toEqual([34, 33, 33]);
    // 5 over [10, 0, 10]: 2.5 and 2.5, the paisa left to the earlier one; a line worth 0 gets 0.
    expect(allocate(5, [10, 0, 10])).toEqual([3, 0, 2]);
    // ₹500 over ₹999, ₹1,499 and ₹2,499 (sum 499,700 paise):
    //   50,000 × 99,900 / 499,700 = 9,995.9976   -> 9,995, remainder .9976
    //   50,000 × 149,900 / 499,700 = 14,998.9994 -> 14,998, remainder .9994
    //   50,000 × 249,900 / 499,700 = 25,005.0030 -> 25,005, remainder .0030
    //   floors add to 49,998: the 2 paise left go to .9994 (line 2) and .9976 (line 1).
    expect(allocate(50_000, [99_900, 149_900, 249_900])).toEqual([9_996, 14_999, 25_005]);
    // All of it: each line gets exactly its weight.
    expect(allocate(60, [10, 20, 30])).toEqual([10, 20, 30]);
    expect(allocate(0, [10, 20])).toEqual([0, 0]);
    expect(allocate(0, [])).toEqual([]);
    expect(allocate(0, [0, 0])).toEqual([0, 0]);
  });

  it('stays exact where amount × weight passes 2^53', () => {
    const weights = [999_999_999_999, 1, 333_333_333_333];
    const shares = allocate(1_000_000_000_000, weights);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(1_000_000_000_000);
    shares.forEach((share, i) => expect(share).toBeLessThanOrEqual(weights[i]!));
  });

  it('refuses more than the weights hold, and anything not whole paise', () => {
    expect(() => allocate(31, [10, 20])).toThrow(RangeError);
    expect(() => allocate(1, [])).toThrow(RangeError);
    expect(() => allocate(10.5, [10, 20])).toThrow(RangeError);
    expect(() => allocate(10, [10, 2.5])).toThrow(RangeError);
    expect(() => allocate(-1, [10])).toThrow(RangeError);
    expect(() => allocate(1, [-1, 10])).toThrow(RangeError);
    expect(() => allocate(Number.NaN, [10])).toThrow(RangeError);
  });

  it('on random inputs: adds up exactly, each share between 0 and its weight, within a paisa of its exact share', () => {
    const next = random(30);
    for (let run = 0; run < 3_000; run++) {
      const count = 1 + Math.floor(next() * 8);
      const weights = Array.from({ length: count }, () => (next() < 0.15 ? 0 : Math.floor(next() * 10 ** (1 + Math.floor(next() * 8)))));
      const total = weights.reduce((a, b) => a + b, 0);
      const amount = Math.floor(next() * (total + 1));
      const shares = allocate(amount, weights);
      expect(shares.reduce((a, b) => a + b, 0)).toBe(amount);
      shares.forEach((share, i) => {
        expect(Number.isInteger(share)).toBe(true);
        expect(share).toBeGreaterThanOrEqual(0);
        expect(share).toBeLessThanOrEqual(weights[i]!);
        if (total > 0) expect(Math.abs(share - (amount * weights[i]!) / total)).toBeLessThan(1);
      });
    }
  });
});

describe('percentOf', () => {
  it('rounds to the nearest paisa, half up', () => {
    expect(percentOf(99_900, 1000)).toBe(9_990); // 10 % of ₹999
    expect(percentOf(105, 1000)).toBe(11); // 10.5 -> 11
    expect(percentOf(104, 1000)).toBe(10); // 10.4 -> 10
    expect(percentOf(2_499_900, 10_000)).toBe(2_499_900);
    expect(() => percentOf(100, 10_001)).toThrow(RangeError);
    expect(() => percentOf(1.5, 100)).toThrow(RangeError);
  });
});

import { describe, expect, it } from 'vitest';
import { chosenVariant, defaultVariant, nearestVariant, valueState, variantBySku } from './variant-choice';
import { S24_VARIANTS } from './variant.fixtures';

const sku = (v: { sku: string } | null) => v?.sku ?? null;
const grey256 = ['256 GB', 'Marble Grey'];

describe('choosing a variant', () => {
  it('finds the variant an address names, whatever the case, and falls back to the default for an unknown SKU', () => {
    expect(sku(variantBySku(S24_VARIANTS, 's24-256-gry'))).toBe('S24-256-GRY');
    expect(variantBySku(S24_VARIANTS, 'NOPE')).toBeNull();
    expect(sku(chosenVariant(S24_VARIANTS, 'NOPE'))).toBe('S24-128-BLK');
    expect(sku(chosenVariant(S24_VARIANTS, null))).toBe('S24-128-BLK');
  });

  it('defaults to the cheapest variant that can be bought (the server summary variant), not a cheaper sold-out one', () => {
    // 128 GB Cobalt Violet is cheaper (₹62,999) but sold out.
    expect(sku(defaultVariant(S24_VARIANTS))).toBe('S24-128-BLK');
    const soldOut = S24_VARIANTS.map((v) => ({ ...v, stock: 0 }));
    expect(sku(defaultVariant(soldOut))).toBe('S24-256-BLK');
    expect(defaultVariant([])).toBeNull();
  });

  it('keeps the other choices when the combination is sold', () => {
    expect(sku(nearestVariant(S24_VARIANTS, ['128 GB', 'Onyx Black'], 0, '256 GB'))).toBe('S24-256-BLK');
    expect(sku(nearestVariant(S24_VARIANTS, ['256 GB', 'Onyx Black'], 1, 'Marble Grey'))).toBe('S24-256-GRY');
  });

  it('picks the nearest sold combination when the clicked value is not sold with the others: keeps the clicked value, changes the fewest others', () => {
    // 128 GB Marble Grey is not sold: 128 GB stays, the colour moves (to the one that can be bought, Onyx Black).
    expect(sku(nearestVariant(S24_VARIANTS, grey256, 0, '128 GB'))).toBe('S24-128-BLK');
    // Cobalt Violet comes only in 128 GB: the colour is kept, the storage moves.
    expect(sku(nearestVariant(S24_VARIANTS, grey256, 1, 'Cobalt Violet'))).toBe('S24-128-VLT');
    // A value no live variant has picks nothing.
    expect(nearestVariant(S24_VARIANTS, grey256, 1, 'Jade Green')).toBeNull();
  });

  it('tells each chip how it reads beside the current choice', () => {
    expect(valueState(S24_VARIANTS, grey256, 1, 'Onyx Black')).toBe('available');
    expect(valueState(S24_VARIANTS, ['128 GB', 'Onyx Black'], 1, 'Cobalt Violet')).toBe('out-of-stock');
    expect(valueState(S24_VARIANTS, grey256, 0, '128 GB')).toBe('elsewhere');
    expect(valueState(S24_VARIANTS, grey256, 1, 'Jade Green')).toBe('none');
  });
});

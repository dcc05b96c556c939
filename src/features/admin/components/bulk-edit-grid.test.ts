import { describe, expect, it } from 'vitest';
import type { BulkGridRow } from '../../../../shared/schemas/bulk-edit';
import {
  adjustPaise,
  afterSave,
  applyAdjustment,
  draftOf,
  pageSelection,
  parseAdjustment,
  parseRupeeInput,
  review,
  rowErrors,
  selectPage,
  setArchived,
  toggle,
  type Drafts,
} from './bulk-edit-grid';

const row = (id: string, over: Partial<BulkGridRow> = {}): BulkGridRow => ({
  variantId: id,
  productId: `p-${id}`,
  productName: `Phone ${id}`,
  label: '128 GB',
  sku: `SKU-${id}`,
  category: 'mobiles',
  brand: 'Zorbix',
  price: 1_999_900,
  sellingPrice: 1_799_900,
  stock: 9,
  trackStock: true,
  archived: false,
  productArchived: false,
  ...over,
});

describe('bulk edit grid: selection', () => {
  it('ticks rows, a whole page, and tells all / some / none of the page', () => {
    const page = ['a', 'b', 'c'];
    let selected = toggle(new Set(), 'b', true);
    expect(pageSelection(selected, page)).toBe('some');
    selected = selectPage(new Set(['z']), page, true);
    expect([...selected].sort()).toEqual(['a', 'b', 'c', 'z']);
    expect(pageSelection(selected, page)).toBe('all');
    selected = selectPage(selected, page, false);
    expect([...selected]).toEqual(['z']);
    expect(pageSelection(toggle(selected, 'z', false), page)).toBe('none');
  });
});

describe('bulk edit grid: +/- by a percentage or an amount', () => {
  it('rounds to the whole rupee, never below ₹1', () => {
    expect(adjustPaise(1_799_900, { by: 'percent', value: 10 })).toBe(1_979_900); // 19798.90 -> 19799
    expect(adjustPaise(129_950, { by: 'percent', value: 10 })).toBe(142_900); // 1429.45 -> 1429
    expect(adjustPaise(1_000_000, { by: 'percent', value: -12.5 })).toBe(875_000);
    expect(adjustPaise(1_000_000, { by: 'amount', value: -500 })).toBe(950_000);
    expect(adjustPaise(30_000, { by: 'amount', value: -1000 })).toBe(100);
    expect([parseAdjustment('+10'), parseAdjustment(' −5 '), parseAdjustment('12.5'), parseAdjustment('0'), parseAdjustment('ten')]).toEqual([10, -5, 12.5, null, null]);
  });

  it('+10 % on both prices of 3 selected rows; a cut of the MRP alone that would put it under the selling price leaves that row and lists it', () => {
    const rows = [row('a'), row('b', { price: 129_950, sellingPrice: 99_900 }), row('c', { sellingPrice: 1_999_900 })];
    const raised = applyAdjustment({}, rows, 'both', { by: 'percent', value: 10 });
    expect(raised.broken).toEqual([]);
    expect(Object.values(raised.drafts).map((d) => [d.price, d.sellingPrice])).toEqual([
      ['21999', '19799'],
      ['1429', '1099'],
      ['21999', '21999'],
    ]);
    const cut = applyAdjustment(raised.drafts, rows, 'price', { by: 'percent', value: -5 });
    // c's selling price equals its MRP: a cut of the MRP alone would put it below.
    expect(cut.broken).toEqual([{ variantId: 'c', sku: 'SKU-c', price: 2_089_900, sellingPrice: 2_199_900 }]);
    expect(cut.drafts.a?.price).toBe('20899');
    expect(cut.drafts.c?.price).toBe('21999');
    // Only the price of the selected rows moved: the others are untouched.
    const onlyA = applyAdjustment({}, rows.slice(0, 1), 'sellingPrice', { by: 'amount', value: 1000 });
    expect(Object.keys(onlyA.drafts)).toEqual(['a']);
    expect(onlyA.drafts.a).toMatchObject({ price: '19999', sellingPrice: '18999' });
  });
});

describe('bulk edit grid: checks, review and the result of a save', () => {
  it('checks typed cells as the product form does', () => {
    expect(parseRupeeInput('₹ 1,299.50')).toEqual({ paise: 129_950 });
    expect(parseRupeeInput('12.345')).toEqual({ error: 'at most 2 decimals' });
    expect(parseRupeeInput('0')).toEqual({ error: 'must be more than 0' });
    expect(parseRupeeInput('abc')).toEqual({ error: 'must be a number of rupees' });
    const d = draftOf(row('a'));
    expect(rowErrors({ ...d, sellingPrice: '25000' })).toEqual({ sellingPrice: 'Selling price is above the MRP' });
    expect(rowErrors({ ...d, stock: '-1' })).toEqual({ stock: 'Stock must be a whole number, 0 or more' });
    expect(rowErrors({ ...d, stock: '2.5', price: '' })).toEqual({ price: 'MRP is required', stock: 'Stock must be a whole number, 0 or more' });
    // A variant that does not track stock has no stock to check.
    expect(rowErrors(draftOf(row('u', { trackStock: false, stock: 0 })))).toEqual({});
  });

  it('review sends only what changed, with the figures loaded, and sums it up; rows with errors hold the save', () => {
    const rows = [row('a'), row('b'), row('c'), row('d')];
    let drafts: Drafts = applyAdjustment({}, rows.slice(0, 2), 'sellingPrice', { by: 'percent', value: 10 }).drafts;
    drafts = { ...drafts, c: { ...draftOf(rows[2]!), stock: '12' } };
    drafts = setArchived(drafts, [rows[3]!], true);
    const r = review(drafts);
    expect(r.errors).toEqual({});
    expect(r.counts).toEqual({ variants: 4, prices: 2, stock: 1, archived: 1, restored: 0 });
    expect(r.rows).toEqual([
      { variantId: 'a', expected: { price: 1_999_900, sellingPrice: 1_799_900, stock: 9 }, set: { sellingPrice: 1_979_900 } },
      { variantId: 'b', expected: { price: 1_999_900, sellingPrice: 1_799_900, stock: 9 }, set: { sellingPrice: 1_979_900 } },
      { variantId: 'c', expected: { price: 1_999_900, sellingPrice: 1_799_900, stock: 9 }, set: { stock: 12 } },
      { variantId: 'd', expected: { price: 1_999_900, sellingPrice: 1_799_900, stock: 9 }, set: { archived: true } },
    ]);
    expect(r.lines[0]).toEqual({ variantId: 'a', sku: 'SKU-a', name: 'Phone a (128 GB)', changes: [{ field: 'Selling price', from: '₹17,999', to: '₹19,799' }] });
    // A draft typed back to what was loaded is no change.
    expect(review({ a: { ...draftOf(rows[0]!), price: '19,999' } }).rows).toEqual([]);
    const broken = review({ ...drafts, b: { ...drafts.b!, sellingPrice: '99999' } });
    expect(Object.keys(broken.errors)).toEqual(['b']);
  });

  it('after a save: saved rows are done; a refused row keeps the typed figure over its figure now, with the reason', () => {
    const rows = [row('a'), row('b')];
    const drafts: Drafts = { a: { ...draftOf(rows[0]!), stock: '12' }, b: { ...draftOf(rows[1]!), sellingPrice: '19000' } };
    const { drafts: next, refusals } = afterSave(drafts, {
      saved: [{ ...rows[1]!, sellingPrice: 1_900_000 }],
      refused: [{ variantId: 'a', sku: 'SKU-a', field: 'stock', message: 'stock is now 7 (was 9 when you loaded)', current: { ...rows[0]!, stock: 7 } }],
      counts: { variants: 1, prices: 1, stock: 0, archived: 0, restored: 0 },
    });
    expect(Object.keys(next)).toEqual(['a']);
    expect(next.a).toMatchObject({ stock: '12', loaded: { stock: 7 } });
    expect(refusals).toEqual({ a: 'stock is now 7 (was 9 when you loaded)' });
    expect(review(next).rows[0]).toMatchObject({ expected: { stock: 7 }, set: { stock: 12 } });
  });
});

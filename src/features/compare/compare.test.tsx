import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { compareRows, readCompareIds, type CompareProduct, type CompareReply } from '../../../shared/compare';
import type { SpecAttribute } from '../../../shared/schemas/categories';
import { NO_FACTS } from '../../../shared/product-facts';
import { COMPARE_STORAGE_KEY } from './compare-signal';
import { addTo, addToSelection, FULL_MESSAGE, readStoredSelection, removeFromSelection, setSelection, startNewComparison, type CompareItem } from './compare-store';
import { CompareTable } from './compare-table';
import { CompareToggle } from './compare-toggle';
import { CompareTray } from './compare-tray';

afterEach(cleanup);
beforeEach(() => {
  window.localStorage.clear();
  setSelection([]);
});

const phone = (n: number, category = 'mobiles'): CompareItem => ({ _id: `p${n}`, productName: `Phone ${n}`, category, image: null });

describe('the compare selection', () => {
  it('holds up to four products of one category, in the order ticked', () => {
    let selection: CompareItem[] = [];
    for (const n of [1, 2, 3, 4]) {
      const outcome = addTo(selection, phone(n));
      expect(outcome.ok).toBe(true);
      if (outcome.ok) selection = outcome.selection;
    }
    expect(selection.map((s) => s._id)).toEqual(['p1', 'p2', 'p3', 'p4']);
    expect(addTo(selection, phone(5))).toEqual({ ok: false, notice: { kind: 'full' } });
    // Ticking a chosen one again changes nothing, even when full.
    expect(addTo(selection, phone(2))).toEqual({ ok: true, selection });
    const laptop = phone(9, 'laptops');
    expect(addTo(selection.slice(0, 2), laptop)).toEqual({ ok: false, notice: { kind: 'other-category', item: laptop, current: 'mobiles' } });
  });

  it('persists in localStorage and reads back only what fits the rules', () => {
    expect(addToSelection(phone(1))).toBe(true);
    expect(addToSelection(phone(2))).toBe(true);
    expect(JSON.parse(window.localStorage.getItem(COMPARE_STORAGE_KEY) ?? '[]')).toEqual([phone(1), phone(2)]);
    expect(readStoredSelection()).toEqual([phone(1), phone(2)]);
    removeFromSelection('p1');
    expect(readStoredSelection()).toEqual([phone(2)]);
    // A tampered store: other categories, a sixth product and junk are dropped.
    window.localStorage.setItem(COMPARE_STORAGE_KEY, JSON.stringify([phone(1), phone(7, 'laptops'), 'junk', phone(2), phone(3), phone(4), phone(5), phone(6)]));
    expect(readStoredSelection().map((s) => s._id)).toEqual(['p1', 'p2', 'p3', 'p4']);
    window.localStorage.setItem(COMPARE_STORAGE_KEY, '{not json');
    expect(readStoredSelection()).toEqual([]);
    setSelection([]);
    expect(window.localStorage.getItem(COMPARE_STORAGE_KEY)).toBeNull();
  });

  it('reads the address’s ids: repeats dropped, the first four kept', () => {
    expect(readCompareIds(new URLSearchParams('ids=a,b,,a,c,d,e'))).toEqual({ ids: ['a', 'b', 'c', 'd'], cut: true });
    expect(readCompareIds(new URLSearchParams(''))).toEqual({ ids: [], cut: false });
  });

  it('the tray says a fifth product cannot be added, and offers a new comparison for another category', () => {
    for (const n of [1, 2, 3, 4]) addToSelection(phone(n));
    render(
      <MemoryRouter>
        <CompareTray />
        <CompareToggle product={{ _id: 'p5', productName: 'Phone 5', category: 'mobiles', productImage: [] }} />
        <CompareToggle product={{ _id: 'l1', productName: 'Laptop 1', category: 'laptops', productImage: [] }} />
      </MemoryRouter>,
    );
    expect(screen.getAllByTestId('compare-tray-item')).toHaveLength(4);
    expect(screen.getByRole('link', { name: 'Compare (4)' }).getAttribute('href')).toBe('/compare?ids=p1,p2,p3,p4');
    const fifth = screen.getByRole('checkbox', { name: 'Compare Phone 5' });
    fireEvent.click(fifth);
    expect((fifth as HTMLInputElement).checked).toBe(false);
    expect(screen.getByRole('alert').textContent).toContain(FULL_MESSAGE);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Compare Laptop 1' }));
    expect(screen.getByRole('alert').textContent).toContain('“Laptop 1” is in laptops; your comparison holds mobiles.');
    expect(readStoredSelection()).toHaveLength(4); // nothing mixed in
    fireEvent.click(screen.getByRole('button', { name: 'Start a new comparison for laptops' }));
    expect(readStoredSelection().map((s) => s._id)).toEqual(['l1']);
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Compare Laptop 1' }).checked).toBe(true);
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Laptop 1 from comparison' }));
    expect(readStoredSelection()).toEqual([]);
  });

  it('is read after hydration: the server’s tick is empty, the hydrated one shows the stored selection', async () => {
    startNewComparison(phone(1));
    const ui = (
      <MemoryRouter>
        <CompareToggle product={{ _id: 'p1', productName: 'Phone 1', category: 'mobiles', productImage: [] }} />
      </MemoryRouter>
    );
    const html = renderToString(ui);
    expect(html).not.toContain('checked');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, ui, { onRecoverableError: (error) => errors.push(error) });
      await Promise.resolve();
    });
    expect(errors).toEqual([]);
    expect(within(container).getByRole<HTMLInputElement>('checkbox').checked).toBe(true);
    container.remove();
  });
});

const TEMPLATE: SpecAttribute[] = [
  { key: 'ram', name: 'RAM', unit: 'GB', type: 'number', options: [], filter: true, onCard: true, perVariant: false },
  { key: 'storage', name: 'Storage', unit: 'GB', type: 'number', options: [], filter: true, onCard: true, perVariant: true },
  { key: 'five_g', name: '5G', unit: '', type: 'yesno', options: [], filter: true, onCard: false, perVariant: false },
  { key: 'chip', name: 'Chipset', unit: '', type: 'text', options: [], filter: false, onCard: false, perVariant: false },
  { key: 'nfc', name: 'NFC', unit: '', type: 'yesno', options: [], filter: false, onCard: false, perVariant: false },
];

function product(id: string, specs: CompareProduct['specs'], facts: Partial<CompareProduct['facts']> = {}): CompareProduct {
  return {
    _id: id,
    productName: `Phone ${id}`,
    brandName: 'Nimbus',
    category: 'mobiles',
    productImage: [],
    description: '',
    price: 2_000_000,
    sellingPrice: 1_800_000,
    stock: 4,
    trackStock: true,
    createdAt: '2026-12-01T00:00:00.000Z',
    updatedAt: '2026-12-01T00:00:00.000Z',
    priceMin: 1_800_000,
    priceMax: 1_800_000,
    variantCount: 1,
    mrpMin: 2_000_000,
    mrpMax: 2_000_000,
    inStock: true,
    facts: { ...NO_FACTS, ...facts },
    specs,
  };
}

const REPLY: Pick<CompareReply, 'template' | 'products'> = {
  template: TEMPLATE,
  products: [
    product('a', { ram: [8], storage: [128, 256], five_g: [true], chip: ['Snapdragon'] }, { countryOfOrigin: 'India', warrantyMonths: 12, warrantyBy: 'Nimbus' }),
    product('b', { ram: [8], storage: [256], five_g: [true] }, { countryOfOrigin: 'India', warrantyMonths: 12, warrantyBy: 'Nimbus' }),
    product('c', { ram: [8], storage: [128, 256], five_g: [true], chip: ['Snapdragon'] }, { countryOfOrigin: 'Vietnam', warrantyMonths: 12, warrantyBy: 'Nimbus' }),
  ],
};

describe('differences', () => {
  it('marks the rows whose values differ (a missing value differs), in template order then the facts', () => {
    const rows = compareRows(REPLY);
    expect(rows.map((r) => [r.label, r.cells, r.differs])).toEqual([
      ['RAM', ['8 GB', '8 GB', '8 GB'], false],
      ['Storage', ['128 GB / 256 GB', '256 GB', '128 GB / 256 GB'], true],
      ['5G', ['Yes', 'Yes', 'Yes'], false],
      ['Chipset', ['Snapdragon', null, 'Snapdragon'], true],
      ['Country of origin', ['India', 'India', 'Vietnam'], true],
      ['Warranty', ['1 year, from Nimbus', '1 year, from Nimbus', '1 year, from Nimbus'], false],
    ]);
    // One product alone differs from nothing.
    expect(compareRows({ template: TEMPLATE, products: REPLY.products.slice(0, 1) }).some((r) => r.differs)).toBe(false);
  });

  it('highlights differing rows with words for screen readers, and can show only them', () => {
    const { rerender } = render(
      <MemoryRouter>
        <CompareTable reply={REPLY} onlyDifferences={false} onAddToCart={() => undefined} />
      </MemoryRouter>,
    );
    const table = screen.getByTestId('compare-table');
    const header = (name: RegExp) => within(table).getByRole('rowheader', { name });
    expect(within(table).getAllByRole('columnheader')).toHaveLength(3);
    expect(header(/^Storage/).textContent).toBe('Storage (values differ)');
    expect(header(/^Storage/).closest('tr')?.dataset.differs).toBe('true');
    expect(header(/^Storage/).className).toContain('bg-amber-50');
    expect(header(/^RAM/).textContent).toBe('RAM');
    expect(header(/^RAM/).closest('tr')?.dataset.differs).toBeUndefined();
    expect(
      header(/^Chipset/)
        .closest('tr')
        ?.querySelectorAll('td')[1]?.textContent,
    ).toBe('—not given');
    expect(screen.getByTestId('difference-count').textContent).toBe('3 of 6 specifications differ (highlighted).');
    rerender(
      <MemoryRouter>
        <CompareTable reply={REPLY} onlyDifferences onAddToCart={() => undefined} />
      </MemoryRouter>,
    );
    expect(
      within(screen.getByTestId('compare-table'))
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['Storage (values differ)', 'Chipset (values differ)', 'Country of origin (values differ)']);
    // Removing a column is a link to the address without it (works without JavaScript).
    expect(screen.getByRole('link', { name: 'Remove Phone b from comparison' }).getAttribute('href')).toBe('/compare?ids=a,c&diff=1');
  });
});

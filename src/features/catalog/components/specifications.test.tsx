import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Refine } from '../../../../shared/facets';
import { readRefine, writeRefine } from '../../../../shared/facets';
import type { SpecFacet, SpecSheetRow } from '../../../../shared/specs';
import { Specifications } from './specifications';
import { SpecFacets } from './spec-facets';

afterEach(cleanup);

const ROWS: SpecSheetRow[] = [
  { key: 'ram', name: 'RAM', unit: 'GB', type: 'number', perVariant: false, value: 8, byVariant: {} },
  { key: 'storage', name: 'Storage', unit: 'GB', type: 'number', perVariant: true, value: null, byVariant: { v128: 128, v256: 256 } },
  { key: 'five_g', name: '5G', unit: '', type: 'yesno', perVariant: false, value: true, byVariant: {} },
  { key: 'battery', name: 'Battery', unit: 'mAh', type: 'number', perVariant: false, value: 5000, byVariant: {} },
];

describe('Specifications table', () => {
  it('shows the template’s rows with units, a per-variant value following the chosen variant', () => {
    const { rerender } = render(<Specifications rows={ROWS} variantId="v128" />);
    const table = screen.getByRole('table');
    const cell = (name: string) => within(table).getByRole('rowheader', { name }).nextElementSibling?.textContent;
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['RAM', 'Storage', '5G', 'Battery']);
    expect(cell('RAM')).toBe('8 GB');
    expect(cell('Storage')).toBe('128 GB');
    expect(cell('5G')).toBe('Yes');
    expect(cell('Battery')).toBe('5,000 mAh');
    rerender(<Specifications rows={ROWS} variantId="v256" />);
    expect(cell('Storage')).toBe('256 GB');
  });

  it('renders on the server, and nothing when there is nothing to show', () => {
    expect(renderToString(<Specifications rows={ROWS} variantId="v256" />)).toContain('256 GB');
    expect(renderToString(<Specifications rows={[]} variantId={undefined} />)).toBe('');
  });
});

describe('spec facets', () => {
  const FACETS: SpecFacet[] = [
    {
      key: 'ram',
      name: 'RAM',
      unit: 'GB',
      type: 'number',
      choices: [
        { value: '6-', label: '6 GB & above', count: 9 },
        { value: '8-', label: '8 GB & above', count: 7 },
      ],
    },
    {
      key: 'five_g',
      name: '5G',
      unit: '',
      type: 'yesno',
      choices: [
        { value: 'yes', label: 'Yes', count: 5 },
        { value: 'no', label: 'No', count: 2 },
      ],
    },
  ];

  it('offers thresholds and checkboxes with counts, named as the address names them, and writes the choice', () => {
    const onChange = vi.fn<(refine: Refine) => void>();
    const { rerender } = render(<SpecFacets facets={FACETS} refine={{}} onChange={onChange} size="panel" />);
    const ram = screen.getByRole('group', { name: 'RAM' });
    expect(
      within(ram)
        .getByLabelText(/8 GB & above/)
        .getAttribute('name'),
    ).toBe('spec.ram');
    expect(ram.textContent).toContain('(7)');
    fireEvent.click(within(ram).getByLabelText(/8 GB & above/));
    expect(onChange).toHaveBeenLastCalledWith({ specs: { ram: ['8-'] } });

    const refine = { specs: { ram: ['8-'] } };
    rerender(<SpecFacets facets={FACETS} refine={refine} onChange={onChange} size="panel" />);
    fireEvent.click(within(screen.getByRole('group', { name: '5G' })).getByLabelText(/Yes/));
    const next = onChange.mock.lastCall?.[0] as Refine;
    expect(next).toEqual({ specs: { ram: ['8-'], five_g: ['yes'] } });
    // The address keeps it, and reads it back.
    const address = writeRefine(new URLSearchParams('category=mobiles'), next).toString();
    expect(address).toBe('category=mobiles&spec.ram=8-&spec.five_g=yes');
    expect(readRefine(new URLSearchParams(address))).toEqual({ specs: { ram: ['8-'], five_g: ['yes'] } });
  });
});

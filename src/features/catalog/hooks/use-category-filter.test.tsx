import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useCategoryFilter } from './use-category-filter';

const ALLOWED = ['airpodes', 'mobiles', 'Mouse', 'watches'] as const;

function Probe() {
  const filter = useCategoryFilter(ALLOWED);
  const location = useLocation();
  return (
    <div>
      <output data-testid="selected">{filter.selected.join(',')}</output>
      <output data-testid="search">{location.search}</output>
      {ALLOWED.map((value) => (
        <label key={value}>
          <input type="checkbox" checked={filter.isSelected(value)} onChange={() => filter.toggle(value)} />
          {value}
        </label>
      ))}
      <button type="button" onClick={() => filter.setSelected([])}>
        clear
      </button>
    </div>
  );
}

function renderAt(url: string) {
  const router = createMemoryRouter([{ path: '/product-category', element: <Probe /> }], { initialEntries: [url] });
  render(<RouterProvider router={router} />);
  return router;
}

const selected = () => screen.getByTestId('selected').textContent;
const search = () => decodeURIComponent(screen.getByTestId('search').textContent ?? '');

describe('useCategoryFilter', () => {
  afterEach(cleanup);

  it('reads repeated category parameters on load, so a shared link shows the same filter', () => {
    renderAt('/product-category?category=mobiles&category=Mouse');
    expect(selected()).toBe('mobiles,Mouse');
    expect(screen.getByLabelText<HTMLInputElement>('mobiles').checked).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>('Mouse').checked).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>('watches').checked).toBe(false);
  });

  it('ignores unknown values and duplicates from a hand-edited link', () => {
    renderAt('/product-category?category=toasters&category=watches&category=watches&category=mouse');
    expect(selected()).toBe('watches');
  });

  it('mirrors ticks and unticks into the address, keeping other parameters', () => {
    const router = renderAt('/product-category?category=airpodes&sort=asc');
    fireEvent.click(screen.getByLabelText('watches'));
    expect(selected()).toBe('airpodes,watches');
    expect(search()).toBe('?sort=asc&category=airpodes&category=watches');

    fireEvent.click(screen.getByLabelText('airpodes'));
    expect(selected()).toBe('watches');
    expect(search()).toBe('?sort=asc&category=watches');

    // Filter changes replace the history entry instead of pushing one per tick.
    expect(router.state.historyAction).toBe('REPLACE');

    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'clear' }));
    });
    expect(selected()).toBe('');
    expect(search()).toBe('?sort=asc');
  });

  it('follows the address when it changes under the page (back/forward, a link)', async () => {
    const router = renderAt('/product-category?category=airpodes');
    await act(() => router.navigate('/product-category?category=Mouse&category=mobiles'));
    expect(selected()).toBe('Mouse,mobiles');
  });
});

import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdminCategory } from '../../../../shared/schemas/categories';
import { FakeServerError, fakeServer, renderableApp, withToastHost } from '../../../lib/test-providers';
import { AdminCategories } from './admin-categories';

const category = (value: string, label: string, position: number, patch: Partial<AdminCategory> = {}): AdminCategory => ({
  value,
  label,
  position,
  hidden: false,
  hsn: '85171300',
  rateBasisPoints: 1800,
  homeRow: null,
  template: [],
  unitIds: 'none',
  productCount: 0,
  createdAt: '2026-12-03T00:00:00.000Z',
  updatedAt: '2026-12-03T00:00:00.000Z',
  ...patch,
});

/** A server holding categories in memory, as catalog.adminCategories / createCategory / updateCategory / moveCategory / deleteCategory keep them. */
function renderPage(initial: AdminCategory[]) {
  let categories = [...initial];
  const list = () => [...categories].sort((a, b) => a.position - b.position);
  const server = fakeServer({
    'catalog.adminCategories': () => list(),
    'catalog.createCategory': (input: any) => {
      const created = category(input.value, input.label, categories.length + 1, { ...input, homeRow: input.homeRow ? { ...input.homeRow, position: 99 } : null });
      categories = [...categories, created];
      return created;
    },
    'catalog.updateCategory': (input: any) => {
      categories = categories.map((c) =>
        c.value === input.value ? { ...c, ...input, homeRow: input.homeRow === undefined ? c.homeRow : input.homeRow && { ...input.homeRow, position: 1 } } : c,
      );
      return categories.find((c) => c.value === input.value);
    },
    'catalog.moveCategory': ({ value, direction }: any) => {
      const ordered = list();
      const i = ordered.findIndex((c) => c.value === value);
      const other = ordered[direction === 'up' ? i - 1 : i + 1];
      const moved = ordered[i]!;
      if (other) [moved.position, other.position] = [other.position, moved.position];
      return list();
    },
    'catalog.deleteCategory': ({ value }: any) => {
      const found = categories.find((c) => c.value === value)!;
      if (found.productCount > 0) throw new FakeServerError(409, 'CONFLICT', `${found.label} is used by ${found.productCount} products: hide it instead`);
      categories = categories.filter((c) => c.value !== value);
      return { value, deleted: true };
    },
  });
  render(
    renderableApp({ routes: [{ path: '/admit-panel/categories', element: <AdminCategories /> }], initialEntries: ['/admit-panel/categories'], fetch: server.fetch, toasts: true }),
  );
  return server;
}

const labels = () => screen.getAllByTestId('category-row').map((row) => within(row).getByRole('rowheader').querySelector('span')?.textContent);

describe('the admin Categories page', () => {
  withToastHost();
  afterEach(cleanup);

  it('lists the categories in menu order with their products, tax and home row', async () => {
    renderPage([
      category('mobiles', 'Mobiles', 1, { productCount: 14, homeRow: { heading: 'Mobiles', cards: 'large', position: 1 } }),
      category('printers', 'Printers', 2, { hidden: true, hsn: '84433250', rateBasisPoints: 1200 }),
    ]);
    await waitFor(() => expect(labels()).toEqual(['Mobiles', 'Printers']));
    const [mobiles, printers] = screen.getAllByTestId('category-row');
    expect(mobiles!.textContent).toContain('14');
    expect(mobiles!.textContent).toContain('“Mobiles” (large)');
    expect(printers!.textContent).toContain('Hidden');
    expect(printers!.textContent).toContain('84433250');
    expect(printers!.textContent).toContain('12%');
    expect(within(screen.getByRole('list', { name: 'Home page rows' })).getAllByTestId('home-row')).toHaveLength(1);
  });

  it('adds Power banks with its spec template: value from the label, keys from the names, a list’s options', async () => {
    const server = renderPage([category('mobiles', 'Mobiles', 1)]);
    await waitFor(() => expect(labels()).toEqual(['Mobiles']));
    fireEvent.click(screen.getByRole('button', { name: 'Add category' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add category' });
    fireEvent.change(within(dialog).getByLabelText('Label'), { target: { value: 'Power banks' } });
    expect(within(dialog).getByLabelText<HTMLInputElement>('Value (in addresses and the API)').value).toBe('power-banks');
    fireEvent.change(within(dialog).getByLabelText('HSN code'), { target: { value: '85076000' } });
    fireEvent.click(within(dialog).getByLabelText('Show a row of this category on the home page'));
    fireEvent.change(within(dialog).getByLabelText('Heading'), { target: { value: 'Power banks' } });

    const addAttribute = (name: string, unit: string, type: string, flags: string[] = []) => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Add attribute' }));
      const row = within(dialog).getAllByTestId('spec-attribute').at(-1)!;
      fireEvent.change(within(row).getByLabelText('Name'), { target: { value: name } });
      fireEvent.change(within(row).getByLabelText('Unit'), { target: { value: unit } });
      fireEvent.change(within(row).getByLabelText('Type'), { target: { value: type } });
      for (const flag of flags) fireEvent.click(within(row).getByLabelText(flag));
      return row;
    };
    addAttribute('Capacity', 'mAh', 'number', ['Filter', 'On cards']);
    addAttribute('Output', 'W', 'number');
    addAttribute('Ports', '', 'text');
    addAttribute('Fast charging', '', 'yesno', ['Filter']);
    const colour = addAttribute('Colour', '', 'list', ['Per variant']);

    // A list without options is refused beside its field, and nothing is sent.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add category' }));
    expect(await within(colour).findByText('a list needs at least one option')).toBeTruthy();
    expect(server.inputsOf('catalog.createCategory')).toEqual([]);

    fireEvent.change(within(colour).getByLabelText('Options (one per line)'), { target: { value: 'Black\nWhite\n' } });
    // Reorder: Colour up one place, then removed again.
    fireEvent.click(within(colour).getByRole('button', { name: 'Move Colour up' }));
    expect(
      within(dialog)
        .getAllByTestId('spec-attribute')
        .map((row) => within(row).getByLabelText<HTMLInputElement>('Name').value),
    ).toEqual(['Capacity', 'Output', 'Ports', 'Colour', 'Fast charging']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move Colour down' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add category' }));
    await waitFor(() => expect(server.inputsOf('catalog.createCategory')).toHaveLength(1));
    expect(server.inputsOf('catalog.createCategory')[0]).toEqual({
      value: 'power-banks',
      label: 'Power banks',
      hsn: '85076000',
      rateBasisPoints: 1800,
      hidden: false,
      homeRow: { heading: 'Power banks', cards: 'large' },
      template: [
        { key: 'capacity', name: 'Capacity', unit: 'mAh', type: 'number', options: [], filter: true, onCard: true, perVariant: false },
        { key: 'output', name: 'Output', unit: 'W', type: 'number', options: [], filter: false, onCard: false, perVariant: false },
        { key: 'ports', name: 'Ports', unit: '', type: 'text', options: [], filter: false, onCard: false, perVariant: false },
        { key: 'fast_charging', name: 'Fast charging', unit: '', type: 'yesno', options: [], filter: true, onCard: false, perVariant: false },
        { key: 'colour', name: 'Colour', unit: '', type: 'list', options: ['Black', 'White'], filter: false, onCard: false, perVariant: true },
      ],
      unitIds: 'none',
    });
    expect(await screen.findByText('Category added: Power banks')).toBeTruthy();
    await waitFor(() => expect(labels()).toEqual(['Mobiles', 'Power banks']));
  });

  it('edits a template: a saved key stays as it was when the attribute is renamed', async () => {
    const server = renderPage([
      category('mobiles', 'Mobiles', 1, {
        template: [{ key: 'ram', name: 'RAM', unit: 'GB', type: 'number', options: [], filter: true, onCard: true, perVariant: true }],
      }),
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Mobiles' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Mobiles' });
    const row = within(dialog).getByTestId('spec-attribute');
    fireEvent.change(within(row).getByLabelText('Name'), { target: { value: 'Memory' } });
    expect(within(row).getByLabelText<HTMLInputElement>('Key').readOnly).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('GST rate'), { target: { value: '500' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.inputsOf('catalog.updateCategory')).toHaveLength(1));
    expect(server.inputsOf('catalog.updateCategory')[0]).toMatchObject({
      value: 'mobiles',
      rateBasisPoints: 500,
      template: [{ key: 'ram', name: 'Memory', unit: 'GB', type: 'number', filter: true, onCard: true, perVariant: true }],
    });
  });

  it('says what packing asks of each unit, and changes it: nothing, a serial number or an IMEI', async () => {
    const server = renderPage([
      category('mobiles', 'Mobiles', 1, { unitIds: 'imei' }),
      category('televisions', 'Televisions', 2, { unitIds: 'serial' }),
      category('airpodes', 'Airpodes', 3),
    ]);
    await waitFor(() => expect(labels()).toEqual(['Mobiles', 'Televisions', 'Airpodes']));
    const [mobiles, tvs, airpodes] = screen.getAllByTestId('category-row');
    expect(within(mobiles!).getByTestId('category-unit-ids').textContent).toBe('Scan at packing: IMEI (phones)');
    expect(within(tvs!).getByTestId('category-unit-ids').textContent).toBe('Scan at packing: Serial number');
    expect(within(airpodes!).queryByTestId('category-unit-ids')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Edit Televisions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Televisions' });
    const select = within(dialog).getByLabelText<HTMLSelectElement>('Scan at packing');
    expect(select.value).toBe('serial');
    expect([...select.options].map((o) => o.textContent)).toEqual(['Nothing', 'Serial number', 'IMEI (phones)']);
    // The hint is read with the field.
    expect(document.getElementById(select.getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent).toContain('What Pack & ship asks for each unit');
    fireEvent.change(select, { target: { value: 'none' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.inputsOf('catalog.updateCategory')).toHaveLength(1));
    expect(server.inputsOf('catalog.updateCategory')[0]).toMatchObject({ value: 'televisions', unitIds: 'none' });
    await waitFor(() => expect(within(screen.getAllByTestId('category-row')[1]!).queryByTestId('category-unit-ids')).toBeNull());
  });

  it('shows the server’s refusal of the unit numbers beside the select', async () => {
    const message = 'unit numbers must be one of: none, serial, imei';
    const server = fakeServer({
      'catalog.adminCategories': () => [category('mobiles', 'Mobiles', 1)],
      'catalog.updateCategory': () => {
        throw new FakeServerError(400, 'BAD_INPUT', message, { unitIds: message });
      },
    });
    render(
      renderableApp({
        routes: [{ path: '/admit-panel/categories', element: <AdminCategories /> }],
        initialEntries: ['/admit-panel/categories'],
        fetch: server.fetch,
        toasts: true,
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Mobiles' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Mobiles' });
    const select = within(dialog).getByLabelText<HTMLSelectElement>('Scan at packing');
    fireEvent.change(select, { target: { value: 'imei' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(select.getAttribute('aria-invalid')).toBe('true'));
    const described = select
      .getAttribute('aria-describedby')!
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toContain(message);
  });

  it('reorders with the up and down buttons, and says where the category went', async () => {
    const server = renderPage([category('mobiles', 'Mobiles', 1), category('watches', 'Watches', 2), category('power-banks', 'Power banks', 3)]);
    fireEvent.click(await screen.findByRole('button', { name: 'Move Power banks up' }));
    await waitFor(() => expect(labels()).toEqual(['Mobiles', 'Power banks', 'Watches']));
    expect(server.inputsOf('catalog.moveCategory')).toEqual([{ value: 'power-banks', direction: 'up', list: 'menu' }]);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Power banks moved to place 2 of 3.'));
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Move Mobiles up' }).disabled).toBe(true);
  });

  it('refuses to delete a category in use, with the reason, and offers to hide it; deletes an unused one', async () => {
    const server = renderPage([category('mobiles', 'Mobiles', 1, { productCount: 14 }), category('chargers', 'Chargers', 2)]);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Mobiles' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Mobiles?' });
    expect(within(dialog).getByRole('alert').textContent).toContain('Mobiles is used by 14 products');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Mobiles is used by 14 products: hide it instead')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hide it instead' }));
    await waitFor(() => expect(server.inputsOf('catalog.updateCategory')).toEqual([{ value: 'mobiles', hidden: true }]));

    fireEvent.click(screen.getByRole('button', { name: 'Delete Chargers' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Delete Chargers?' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(labels()).toEqual(['Mobiles']));
    expect(await screen.findByText('Category deleted: Chargers')).toBeTruthy();
  });
});

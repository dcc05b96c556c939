import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ImportReport } from '../../../../shared/schemas/catalog-io';
import { FakeServerError, fakeServer, renderableApp } from '../../../lib/test-providers';
import { CatalogueImport } from './catalogue-import';

const UPLOAD_ID = 'a'.repeat(32);
const PICTURES_ID = 'b'.repeat(32);

const report = (patch: Partial<ImportReport> = {}): ImportReport => ({
  uploadId: UPLOAD_ID,
  fileName: 'prices.csv',
  rows: 120,
  products: { create: 1, update: 11, unchanged: 100, skipped: 0 },
  variants: { create: 4, update: 10, unchanged: 104, skipped: 0 },
  errorRows: 2,
  errors: [
    { row: 14, column: 'MRP', message: "'abc' is not a price" },
    { row: 15, column: 'Category', message: "'Tablet' does not exist" },
  ],
  errorCount: 2,
  changes: [{ row: 2, kind: 'update', product: 'Galaxy S24', sku: 'S24-256-GRY', changes: [{ field: 'Selling price', from: '79999.00', to: '74999.00' }] }],
  unknownColumns: ['Notes'],
  warnings: [],
  applied: false,
  ...patch,
});

/** The page on a fake server: the multipart upload through a stubbed fetch, the procedures through tRPC's. */
function renderPage(
  procedures: Record<string, (input: any) => unknown>,
  upload: () => Response = () => Response.json({ uploadId: UPLOAD_ID, fileName: 'prices.csv', size: 10 }, { status: 201 }),
) {
  const uploads = vi.fn<typeof globalThis.fetch>(() => Promise.resolve(upload()));
  vi.stubGlobal('fetch', uploads);
  const server = fakeServer(procedures);
  render(renderableApp({ routes: [{ path: '/admit-panel/import-export', element: <CatalogueImport /> }], initialEntries: ['/admit-panel/import-export'], fetch: server.fetch }));
  return { server, uploads };
}

const choose = (label: string, name: string) =>
  fireEvent.change(screen.getByLabelText(label), {
    target: { files: [new File(['SKU,Selling price\r\n'], name, { type: name.endsWith('.zip') ? 'application/zip' : 'text/csv' })] },
  });

describe('the admin Import / export page', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('offers both exports, checks a file: counts, errors with row and column, the error rows to download, Apply held back with the reason', async () => {
    const { server, uploads } = renderPage({ 'catalogIo.dryRun': () => report() }, () =>
      Response.json({ uploadId: UPLOAD_ID, fileName: 'prices.csv', size: 10, picturesId: PICTURES_ID, picturesName: 'shots.zip' }, { status: 201 }),
    );
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe('/admin/catalogue.csv');
    expect(screen.getByRole('link', { name: 'Download Excel' }).getAttribute('href')).toBe('/admin/catalogue.xlsx');

    choose('Catalogue file (CSV or Excel)', 'prices.csv');
    choose('Pictures (ZIP, optional)', 'shots.zip');
    fireEvent.click(screen.getByLabelText(/Only update existing/));
    fireEvent.click(screen.getByLabelText(/Add the file’s figures to stock/));
    fireEvent.click(screen.getByRole('button', { name: 'Check file' }));

    await screen.findByRole('heading', { name: 'Check of prices.csv' });
    const sent = uploads.mock.calls[0]![1]!.body as FormData;
    expect((sent.get('file') as File).name).toBe('prices.csv');
    expect((sent.get('pictures') as File).name).toBe('shots.zip');
    expect(server.inputsOf('catalogIo.dryRun')).toEqual([{ uploadId: UPLOAD_ID, mode: 'update', stock: 'add', pictures: PICTURES_ID }]);

    expect(screen.getByTestId('count-products-create').textContent).toBe('1');
    expect(screen.getByTestId('count-variants-update').textContent).toBe('10');
    expect(screen.getByTestId('count-error-rows').textContent).toBe('2 rows in error');
    expect(screen.getByText('Checked prices.csv: 2 rows in error.').getAttribute('role')).toBe('status');
    const errors = screen.getAllByTestId('import-error').map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
    expect(errors).toEqual([
      ['14', 'MRP', "'abc' is not a price"],
      ['15', 'Category', "'Tablet' does not exist"],
    ]);
    expect(screen.getByTestId('import-change').textContent).toContain('Selling price: 79999.00 → 74999.00');
    expect(screen.getByTestId('import-notes').textContent).toContain('Notes');
    expect(screen.getByRole('link', { name: 'Download rows with errors' }).getAttribute('href')).toBe(
      `/admin/catalogue-import/${UPLOAD_ID}/errors.csv?mode=update&stock=add&pictures=${PICTURES_ID}`,
    );
    const apply = screen.getByRole('button', { name: 'Apply' });
    expect((apply as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('apply-blocked').textContent).toMatch(/^2 rows have errors: fix them in the file/);
    expect(apply.getAttribute('aria-describedby')).toBe(screen.getByTestId('apply-blocked').id);
  });

  it('applies a clean check, says what it did; a choice changed after the check asks for another; the same file is not sent twice', async () => {
    const clean = report({ errors: [], errorCount: 0, errorRows: 0, unknownColumns: [] });
    const { server, uploads } = renderPage({ 'catalogIo.dryRun': () => clean, 'catalogIo.applyImport': () => ({ ...clean, applied: true }) });
    choose('Catalogue file (CSV or Excel)', 'prices.csv');
    fireEvent.click(screen.getByRole('button', { name: 'Check file' }));
    await screen.findByRole('heading', { name: 'Check of prices.csv' });
    const apply = screen.getByRole<HTMLButtonElement>('button', { name: 'Apply' });
    expect(apply.disabled).toBe(false);

    fireEvent.click(screen.getByLabelText(/Only create new/));
    expect(apply.disabled).toBe(true);
    expect(screen.getByTestId('apply-blocked').textContent).toBe('The choices changed since the check: check the file again.');
    fireEvent.click(screen.getByRole('button', { name: 'Check file' }));
    await vi.waitFor(() => expect(server.inputsOf('catalogIo.dryRun')).toHaveLength(2));
    expect(uploads).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(apply.disabled).toBe(false));

    fireEvent.click(apply);
    const done = await screen.findByTestId('import-applied');
    expect(document.activeElement).toBe(done);
    expect(done.textContent).toContain('Imported prices.csv');
    expect(done.textContent).toContain('Products 1 added, 11 updated, 100 unchanged; variants 4 added, 10 updated, 104 unchanged.');
    expect(server.inputsOf('catalogIo.applyImport')).toEqual([{ uploadId: UPLOAD_ID, mode: 'create', stock: 'set' }]);
  });

  it('says "No changes" for a file that matches the catalogue, and shows a refused file’s reason', async () => {
    const same = report({
      errors: [],
      errorCount: 0,
      errorRows: 0,
      changes: [],
      unknownColumns: [],
      products: { create: 0, update: 0, unchanged: 30, skipped: 0 },
      variants: { create: 0, update: 0, unchanged: 80, skipped: 0 },
    });
    let refuse = false;
    renderPage({
      'catalogIo.dryRun': () => {
        if (refuse) throw new FakeServerError(400, 'BAD_REQUEST', 'The file names a column twice: “SKU” and “sku”. Delete or rename one of them.');
        return same;
      },
    });
    choose('Catalogue file (CSV or Excel)', 'prices.csv');
    fireEvent.click(screen.getByRole('button', { name: 'Check file' }));
    expect((await screen.findByTestId('import-no-changes')).textContent).toBe('No changes: the file matches the catalogue.');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Apply' }).disabled).toBe(true);

    refuse = true;
    choose('Catalogue file (CSV or Excel)', 'twice.csv');
    fireEvent.click(screen.getByRole('button', { name: 'Check file' }));
    expect((await screen.findByTestId('import-refused')).textContent).toBe('The file names a column twice: “SKU” and “sku”. Delete or rename one of them.');
    expect(screen.queryByTestId('import-dry-run')).toBeNull();
  });

  it('shows the upload’s own refusal (a file over the limit)', async () => {
    renderPage({}, () => Response.json({ error: { message: 'The file is larger than 50 MB: split it into smaller files.' } }, { status: 413 }));
    choose('Catalogue file (CSV or Excel)', 'huge.csv');
    fireEvent.click(screen.getByRole('button', { name: 'Check file' }));
    expect((await screen.findByTestId('import-refused')).textContent).toBe('The file is larger than 50 MB: split it into smaller files.');
  });
});

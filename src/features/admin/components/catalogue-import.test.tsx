import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ImportJob, ImportReport } from '../../../../shared/schemas/catalog-io';
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

const JOB_WAIT = { timeout: 4000 };
const jobIdOf = (n: number) => n.toString(16).padStart(32, 'c');

/** A job as the server answers it, running by default. */
const jobOf = (patch: Partial<ImportJob> = {}): ImportJob => ({
  jobId: jobIdOf(1),
  action: 'dryRun',
  uploadId: UPLOAD_ID,
  picturesId: null,
  fileName: 'prices.csv',
  mode: 'both',
  stock: 'set',
  state: 'running',
  phase: 'checking',
  rowsChecked: 12_345,
  rowsWritten: 0,
  toWrite: 0,
  total: 300_000,
  startedBy: { id: 'u1', name: 'Asha Rao' },
  startedAt: '2026-12-06T08:30:00.000Z',
  finishedAt: null,
  elapsedMs: 2000,
  timeLeftMs: 40_000,
  result: null,
  error: null,
  ...patch,
});

/**
 * The job API on the fake server: a started job answers its first poll running (checking, or for
 * an apply writing, with the time left) and the next ones ended, with `run`'s report or, when
 * `run` throws a FakeServerError, failed with its words. No job before (currentJob null) unless
 * `current` says otherwise.
 */
function jobApi(run: (input: any) => ImportReport, opts: { current?: () => ImportJob | null; others?: Record<string, ImportJob[]> } = {}) {
  const jobs = new Map<string, ImportJob[]>(Object.entries(opts.others ?? {}));
  return {
    'catalogIo.currentJob': opts.current ?? (() => null),
    'catalogIo.startJob': (input: any) => {
      const jobId = jobIdOf(100 + jobs.size);
      const base = {
        jobId,
        action: input.action,
        uploadId: input.uploadId,
        picturesId: input.pictures ?? null,
        mode: input.mode,
        stock: input.stock,
        startedBy: { id: 'u1', name: 'Asha Rao' },
      };
      let end: Partial<ImportJob>;
      try {
        const result = run(input);
        end = { state: 'done', phase: 'done', result, rowsChecked: 300_000, timeLeftMs: null, finishedAt: '2026-12-06T08:31:00.000Z' };
      } catch (error) {
        if (!(error instanceof FakeServerError)) throw error;
        end = { state: 'failed', phase: 'failed', error: { code: error.appCode, message: error.message }, timeLeftMs: null, finishedAt: '2026-12-06T08:31:00.000Z' };
      }
      const running = input.action === 'apply' ? { phase: 'writing' as const, rowsChecked: 300_000, rowsWritten: 2_000, toWrite: 30_000 } : {};
      jobs.set(jobId, [jobOf({ ...base, ...running }), jobOf({ ...base, ...end })]);
      return { jobId };
    },
    'catalogIo.job': ({ jobId }: { jobId: string }) => {
      const answers = jobs.get(jobId);
      if (!answers) throw new FakeServerError(404, 'NOT_FOUND', 'No such import job.');
      return answers.length > 1 ? answers.shift() : answers[0];
    },
    'settings.storefront': () => ({ timeZone: 'Asia/Kolkata' }),
  };
}

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
    const { server, uploads } = renderPage(
      jobApi(() => report()),
      () => Response.json({ uploadId: UPLOAD_ID, fileName: 'prices.csv', size: 10, picturesId: PICTURES_ID, picturesName: 'shots.zip' }, { status: 201 }),
    );
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe('/admin/catalogue.csv');
    expect(screen.getByRole('link', { name: 'Download Excel' }).getAttribute('href')).toBe('/admin/catalogue.xlsx');

    choose('Catalogue file (CSV or Excel)', 'prices.csv');
    choose('Pictures (ZIP, optional)', 'shots.zip');
    fireEvent.click(screen.getByLabelText(/Only update existing/));
    fireEvent.click(screen.getByLabelText(/Add the file’s figures to stock/));
    fireEvent.click(screen.getByRole('button', { name: 'Check file' }));

    // The dry run runs as a job: its progress bar while it runs, Check held back.
    const bar = await screen.findByRole('progressbar', { name: 'Checking “prices.csv”' });
    expect(bar.getAttribute('aria-valuenow')).toBe('4');
    const progress = screen.getByTestId('import-progress');
    expect(within(progress).getByText('Checking rows: 12,345 of 3,00,000')).toBeTruthy();
    expect(within(progress).getByText('about 40 s left')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Checking …' }).disabled).toBe(true);

    await screen.findByRole('heading', { name: 'Check of prices.csv' }, JOB_WAIT);
    expect(screen.queryByRole('progressbar')).toBeNull();
    const sent = uploads.mock.calls[0]![1]!.body as FormData;
    expect((sent.get('file') as File).name).toBe('prices.csv');
    expect((sent.get('pictures') as File).name).toBe('shots.zip');
    expect(server.inputsOf('catalogIo.startJob')).toEqual([{ uploadId: UPLOAD_ID, mode: 'update', stock: 'add', pictures: PICTURES_ID, action: 'dryRun' }]);
    expect(server.inputsOf('catalogIo.dryRun')).toEqual([]);

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
    const { server, uploads } = renderPage(jobApi((input) => (input.action === 'apply' ? { ...clean, applied: true } : clean)));
    choose('Catalogue file (CSV or Excel)', 'prices.csv');
    fireEvent.click(screen.getByRole('button', { name: 'Check file' }));
    await screen.findByRole('heading', { name: 'Check of prices.csv' }, JOB_WAIT);
    const apply = screen.getByRole<HTMLButtonElement>('button', { name: 'Apply' });
    expect(apply.disabled).toBe(false);

    fireEvent.click(screen.getByLabelText(/Only create new/));
    expect(apply.disabled).toBe(true);
    expect(screen.getByTestId('apply-blocked').textContent).toBe('The choices changed since the check: check the file again.');
    fireEvent.click(screen.getByRole('button', { name: 'Check file' }));
    await vi.waitFor(() => expect(server.inputsOf('catalogIo.startJob')).toHaveLength(2));
    expect(uploads).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(apply.disabled).toBe(false), JOB_WAIT);

    const storefrontReads = server.inputsOf('settings.storefront').length;
    fireEvent.click(apply);
    // Writing: its progress, Apply held back; then the summary, and the caches read again.
    expect((await screen.findByTestId('import-progress-written')).textContent).toBe('Writing: 2,000 of 30,000');
    expect(screen.getByTestId('import-progress-checked').textContent).toBe('Checking rows: 3,00,000 of 3,00,000');
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('53');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Applying …' }).disabled).toBe(true);
    const done = await screen.findByTestId('import-applied', undefined, JOB_WAIT);
    await vi.waitFor(() => expect(document.activeElement).toBe(done));
    await vi.waitFor(() => expect(server.inputsOf('settings.storefront').length).toBeGreaterThan(storefrontReads));
    expect(done.textContent).toContain('Imported prices.csv');
    expect(done.textContent).toContain('Products 1 added, 11 updated, 100 unchanged; variants 4 added, 10 updated, 104 unchanged.');
    expect(server.inputsOf('catalogIo.startJob').at(-1)).toEqual({ uploadId: UPLOAD_ID, mode: 'create', stock: 'set', action: 'apply' });
    expect(server.inputsOf('catalogIo.applyImport')).toEqual([]);
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
    renderPage(
      jobApi(() => {
        if (refuse) throw new FakeServerError(400, 'BAD_INPUT', 'The file names a column twice: “SKU” and “sku”. Delete or rename one of them.');
        return same;
      }),
    );
    choose('Catalogue file (CSV or Excel)', 'prices.csv');
    fireEvent.click(screen.getByRole('button', { name: 'Check file' }));
    expect((await screen.findByTestId('import-no-changes', undefined, JOB_WAIT)).textContent).toBe('No changes: the file matches the catalogue.');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Apply' }).disabled).toBe(true);

    refuse = true;
    choose('Catalogue file (CSV or Excel)', 'twice.csv');
    fireEvent.click(screen.getByRole('button', { name: 'Check file' }));
    expect((await screen.findByTestId('import-refused', undefined, JOB_WAIT)).textContent).toBe('The file names a column twice: “SKU” and “sku”. Delete or rename one of them.');
    expect(screen.queryByTestId('import-dry-run')).toBeNull();
  });

  it('after a reload, finds the running import again (another admin’s): its progress and whose file it is, Check held back with the reason, then its report with the error rows’ link', async () => {
    const running = jobOf({
      jobId: jobIdOf(7),
      fileName: 'supplier.csv',
      picturesId: PICTURES_ID,
      mode: 'update',
      stock: 'add',
      phase: 'reading',
      rowsChecked: 0,
      total: 0,
      timeLeftMs: null,
      startedBy: { id: 'u2', name: 'Ravi Kumar' },
    });
    const ended = jobOf({
      ...running,
      state: 'done',
      phase: 'done',
      rowsChecked: 120,
      total: 120,
      result: report({ fileName: 'supplier.csv' }),
      finishedAt: new Date().toISOString(),
    });
    const { server } = renderPage(jobApi(() => report(), { current: () => running, others: { [running.jobId]: [running, ended] } }));

    const progress = await screen.findByTestId('import-progress');
    expect(within(progress).getByRole('heading').textContent).toBe('Checking “supplier.csv”');
    expect(screen.getByTestId('import-progress-owner').textContent).toMatch(/^Started by Ravi Kumar, 6 Dec 2026, 2:00 pm IST\.$/i);
    expect(screen.getByTestId('import-progress-checked').textContent).toBe('Reading the file …');
    expect(screen.getByTestId('import-progress-left').textContent).toBe('Time left: estimating …');
    expect(screen.getByRole('progressbar').hasAttribute('aria-valuenow')).toBe(false);
    const check = screen.getByRole<HTMLButtonElement>('button', { name: 'Check file' });
    expect(check.disabled).toBe(true);
    expect(screen.getByTestId('import-wait').textContent).toBe('Wait for the running import to finish: one import runs at a time.');
    expect(check.getAttribute('aria-describedby')).toBe(screen.getByTestId('import-wait').id);
    // The job's choices are the page's again (so its report is not "stale").
    expect(screen.getByLabelText<HTMLInputElement>(/Only update existing/).checked).toBe(true);

    await screen.findByRole('heading', { name: 'Check of supplier.csv' }, JOB_WAIT);
    expect(screen.queryByTestId('import-progress')).toBeNull();
    expect(check.disabled).toBe(false);
    expect(screen.queryByTestId('import-wait')).toBeNull();
    expect(screen.getByTestId('import-dry-run').textContent).toContain('120 rows read, pictures from the ZIP sent with it.');
    expect(screen.getByRole('link', { name: 'Download rows with errors' }).getAttribute('href')).toBe(
      `/admin/catalogue-import/${UPLOAD_ID}/errors.csv?mode=update&stock=add&pictures=${PICTURES_ID}`,
    );
    expect(screen.getByTestId('apply-blocked').textContent).toMatch(/^2 rows have errors/);
    expect(server.inputsOf('catalogIo.startJob')).toEqual([]);
  });

  it('after a reload, shows the summary of an import that ended in the last hour (without taking focus); an older one is not shown', async () => {
    const applied = (ago: number) =>
      jobOf({
        action: 'apply',
        state: 'done',
        phase: 'done',
        result: report({ errors: [], errorCount: 0, errorRows: 0, applied: true }),
        finishedAt: new Date(Date.now() - ago).toISOString(),
        timeLeftMs: null,
      });
    renderPage(jobApi(() => report(), { current: () => applied(5 * 60_000) }));
    const done = await screen.findByTestId('import-applied');
    expect(done.textContent).toContain('Imported prices.csv');
    expect(done.textContent).toContain('Products 1 added, 11 updated, 100 unchanged');
    expect(document.activeElement).not.toBe(done);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Check file' }).disabled).toBe(false);
    cleanup();

    const { server } = renderPage(jobApi(() => report(), { current: () => applied(2 * 3600_000) }));
    await vi.waitFor(() => expect(server.inputsOf('catalogIo.currentJob')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('import-applied')).toBeNull();
    expect(screen.queryByTestId('import-refused')).toBeNull();
  });

  it('a check refused with 409 while another import runs: the server’s words, that import’s progress, Check held back until it ends', async () => {
    const other = jobOf({
      jobId: jobIdOf(9),
      action: 'apply',
      fileName: 'supplier.csv',
      phase: 'writing',
      rowsChecked: 300_000,
      rowsWritten: 2_000,
      toWrite: 30_000,
      startedBy: { id: 'u2', name: 'Ravi Kumar' },
    });
    const ended = jobOf({ ...other, state: 'done', phase: 'done', result: report({ applied: true }), timeLeftMs: null, finishedAt: new Date().toISOString() });
    const words = 'Another import is running: the import of “supplier.csv”, started by Ravi Kumar at 2026-12-06 08:30:00 UTC. One import runs at a time: wait for it to finish.';
    renderPage({
      ...jobApi(() => report(), { others: { [other.jobId]: [other, ended] } }),
      'catalogIo.startJob': () => {
        throw new FakeServerError(409, 'CONFLICT', words, { action: 'another import is running', jobId: other.jobId });
      },
    });
    choose('Catalogue file (CSV or Excel)', 'prices.csv');
    fireEvent.click(screen.getByRole('button', { name: 'Check file' }));
    expect((await screen.findByTestId('import-refused')).textContent).toBe(words);
    expect(await screen.findByRole('progressbar', { name: 'Importing “supplier.csv”' })).toBeTruthy();
    expect(screen.getByTestId('import-progress-written').textContent).toBe('Writing: 2,000 of 30,000');
    expect(screen.getByTestId('import-progress-owner').textContent).toContain('Started by Ravi Kumar');
    const check = screen.getByRole<HTMLButtonElement>('button', { name: 'Check file' });
    expect(check.disabled).toBe(true);

    await vi.waitFor(() => expect(check.disabled).toBe(false), JOB_WAIT);
    expect(screen.getByText('The other import of “supplier.csv” has ended: you can go on.').getAttribute('role')).toBe('status');
    expect(screen.queryByTestId('import-refused')).toBeNull();
    expect(screen.queryByTestId('import-progress')).toBeNull();
    // Another admin's report is theirs: not shown here.
    expect(screen.queryByTestId('import-applied')).toBeNull();
  });

  it('shows the upload’s own refusal (a file over the limit)', async () => {
    renderPage(
      jobApi(() => report()),
      () => Response.json({ error: { message: 'The file is larger than 50 MB: split it into smaller files.' } }, { status: 413 }),
    );
    choose('Catalogue file (CSV or Excel)', 'huge.csv');
    fireEvent.click(screen.getByRole('button', { name: 'Check file' }));
    expect((await screen.findByTestId('import-refused')).textContent).toBe('The file is larger than 50 MB: split it into smaller files.');
  });
});

import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { ImportCounts, ImportJob, ImportJobAction, ImportMode, ImportReport, ImportUpload, StockMode } from '../../../../shared/schemas/catalog-io';
import { IMPORT_MAX_MB } from '../../../../shared/schemas/catalog-io';
import { formatDateTime } from '../../../lib/format-date';
import { errorMessage, errorStatus, fieldErrors } from '../../../lib/trpc';
import { useShopTimeZone } from '../../../lib/use-shop-time-zone';
import { useAdminCategories } from '../api/use-admin-categories';
import { errorRowsUrl, exportUrl, uploadCatalogueFile, uploadOfJob, useCatalogueImport, type ImportChoices } from '../api/use-catalogue-import';

const MODE_CHOICES: { value: ImportMode; label: string; hint: string }[] = [
  { value: 'both', label: 'Create and update', hint: 'New SKUs become products or variants; known SKUs are updated.' },
  { value: 'create', label: 'Only create new', hint: 'Rows of SKUs the shop has are skipped.' },
  { value: 'update', label: 'Only update existing', hint: 'Rows of new SKUs are skipped.' },
];

const STOCK_CHOICES: { value: StockMode; label: string; hint: string }[] = [
  { value: 'set', label: 'Set stock as the file says', hint: 'Refused on a row where a sale changed the stock since the export.' },
  { value: 'add', label: 'Add the file’s figures to stock', hint: 'A delivery: 5 adds five, −2 takes two away.' },
];

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-IN')} ${n === 1 ? one : many}`;

/** Whether a dry run would write anything. */
function changesAnything(report: ImportReport): boolean {
  return report.products.create + report.products.update + report.variants.create + report.variants.update > 0;
}

/** "products 1 added, 11 updated; variants 4 added, 10 updated, 120 unchanged" */
function summaryOf(report: ImportReport): string {
  const part = (c: ImportCounts) => `${c.create} added, ${c.update} updated, ${c.unchanged} unchanged${c.skipped ? `, ${c.skipped} skipped` : ''}`;
  return `Products ${part(report.products)}; variants ${part(report.variants)}.`;
}

type Checked = { upload: ImportUpload; choices: ImportChoices; report: ImportReport };

/**
 * The job the page follows: one started here ('mine'), one found running on opening the page
 * ('restored'), or another admin's that refused ours with 409 ('other').
 */
type Followed = { jobId: string; origin: 'mine' | 'restored' | 'other'; action?: ImportJobAction; picturesName?: string | undefined };

/** A finished job is shown again on opening the page this long after it ended (as long as its upload is kept, so its Apply still works). */
const SHOWN_AGAIN_MS = 60 * 60 * 1000;

const WAIT = 'Wait for the running import to finish: one import runs at a time.';

const jobName = (job: ImportJob) => `${job.action === 'apply' ? 'import' : 'dry run'} of “${job.fileName}”`;

/**
 * The admin's Import / export page (issue 28): the catalogue downloads as CSV or Excel; a file
 * (with a ZIP of the pictures its rows name, if any) is checked first, a dry run that writes
 * nothing and lists what would change, the rows in error (row, column, problem) and the columns
 * ignored, and then applied, all or nothing, once no row is in error. Both run as background
 * jobs: the page shows their progress, and finds a running or just-finished one again after a
 * reload; while any import runs in the shop, Check and Apply wait.
 */
export function CatalogueImport() {
  const ids = { file: useId(), pictures: useId(), picturesHint: useId(), fileHint: useId(), result: useId(), wait: useId(), exportCategory: useId() };
  const categories = useAdminCategories();
  const [exportCategory, setExportCategory] = useState('');
  const importer = useCatalogueImport();
  const timeZone = useShopTimeZone();
  const [file, setFile] = useState<File | null>(null);
  const [pictures, setPictures] = useState<File | null>(null);
  const [choices, setChoices] = useState<ImportChoices>({ mode: 'both', stock: 'set' });
  // A start on its way (the upload, then startJob): which.
  const [sending, setSending] = useState<ImportJobAction | null>(null);
  const [followed, setFollowed] = useState<Followed | null>(null);
  const [progress, setProgress] = useState<ImportJob | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [checked, setChecked] = useState<Checked | null>(null);
  const [applied, setApplied] = useState<{ report: ImportReport; restored: boolean } | null>(null);
  const [said, setSaid] = useState('');
  // The upload of the files as chosen, so checking again with other choices sends nothing again.
  const uploaded = useRef<{ file: File; pictures: File | null; upload: ImportUpload } | null>(null);
  // Stops following a job when the page closes or follows another.
  const following = useRef<AbortController | null>(null);

  const choose = (next: Partial<ImportChoices>) => {
    setChoices((c) => ({ ...c, ...next }));
    setApplied(null);
  };

  /** What an ended job leaves on the page: its report, its summary, or its error. */
  const showEnd = useCallback(
    (job: ImportJob, how: { origin: Followed['origin']; picturesName?: string | undefined; justEnded: boolean }) => {
      // An apply that ended while the page watched: whatever lists products reads them again.
      if (how.justEnded && job.action === 'apply' && job.state === 'done') void importer.applied();
      if (how.origin === 'other') {
        setRefusal(null);
        setSaid(`The other ${jobName(job)} has ended: you can go on.`);
        return;
      }
      const choicesOfJob = { mode: job.mode, stock: job.stock };
      if (how.origin === 'restored') setChoices(choicesOfJob);
      setSaid('');
      if (job.state === 'failed' || !job.result) {
        const message = job.error?.message ?? 'The import failed on the server; nothing was written. Try again.';
        if (job.action === 'dryRun') {
          setChecked(null);
          uploaded.current = null;
        }
        setRefusal(how.origin === 'restored' ? `The ${jobName(job)} failed: ${message}` : message);
        return;
      }
      const report = job.result;
      if (job.action === 'apply') {
        setApplied({ report, restored: !how.justEnded });
        setChecked(null);
        uploaded.current = null;
        return;
      }
      setChecked({ upload: uploadOfJob(job, how.picturesName), choices: choicesOfJob, report });
      setSaid(
        `Checked ${report.fileName}: ${report.errorRows > 0 ? `${plural(report.errorRows, 'row')} in error.` : changesAnything(report) ? 'no errors, ready to apply.' : 'no changes.'}`,
      );
    },
    [importer],
  );

  /** Shows the job's progress until it ends, then its end. */
  const follow = useCallback(
    async (job: Followed, known: ImportJob | null = null) => {
      following.current?.abort();
      const controller = new AbortController();
      following.current = controller;
      setFollowed(job);
      setProgress(known);
      try {
        const ended = await importer.follow(job.jobId, setProgress, controller.signal);
        setFollowed(null);
        setProgress(null);
        showEnd(ended, { origin: job.origin, picturesName: job.picturesName, justEnded: true });
      } catch (error) {
        if (controller.signal.aborted) return;
        setFollowed(null);
        setProgress(null);
        setRefusal(errorMessage(error));
      }
    },
    [importer, showEnd],
  );

  // On opening the page: the shop's running import shows its progress again; one that ended in
  // the last hour shows its report or summary (see README, Decisions).
  useEffect(() => {
    let gone = false;
    importer
      .current()
      .then((job) => {
        if (gone || !job || following.current) return;
        if (job.state === 'running') {
          setChoices({ mode: job.mode, stock: job.stock });
          void follow({ jobId: job.jobId, origin: 'restored', action: job.action }, job);
        } else if (job.finishedAt && Date.now() - Date.parse(job.finishedAt) < SHOWN_AGAIN_MS) {
          showEnd(job, { origin: 'restored', justEnded: false });
        }
      })
      .catch(() => undefined); // the page works without it
    return () => {
      gone = true;
    };
  }, [importer, follow, showEnd]);
  // The page closed: its job goes on, unwatched.
  useEffect(() => () => following.current?.abort(), []);

  /** A refused start: the server's words; a 409 names the running import, which the page then follows. */
  const refuse = (error: unknown) => {
    setRefusal(errorMessage(error));
    const other = fieldErrors(error).jobId;
    if (errorStatus(error) === 409 && other) void follow({ jobId: other, origin: 'other' });
  };

  const onCheck = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setRefusal('Choose the catalogue file first (.csv or .xlsx).');
      return;
    }
    setSending('dryRun');
    setRefusal(null);
    setApplied(null);
    setSaid('');
    let upload: ImportUpload;
    try {
      const previous = uploaded.current;
      upload = previous && previous.file === file && previous.pictures === pictures ? previous.upload : await uploadCatalogueFile(file, pictures);
      uploaded.current = { file, pictures, upload };
    } catch (error) {
      setChecked(null);
      uploaded.current = null;
      setRefusal(errorMessage(error));
      setSending(null);
      return;
    }
    try {
      const { jobId } = await importer.start(upload, choices, 'dryRun');
      void follow({ jobId, origin: 'mine', action: 'dryRun', picturesName: upload.picturesName });
    } catch (error) {
      // An upload kept an hour may be gone: the next check sends the file again.
      if (errorStatus(error) !== 409) {
        setChecked(null);
        uploaded.current = null;
      }
      refuse(error);
    } finally {
      setSending(null);
    }
  };

  const onApply = async () => {
    if (!checked) return;
    setRefusal(null);
    setSending('apply');
    try {
      const { jobId } = await importer.start(checked.upload, checked.choices, 'apply');
      void follow({ jobId, origin: 'mine', action: 'apply', picturesName: checked.upload.picturesName });
    } catch (error) {
      refuse(error);
    } finally {
      setSending(null);
    }
  };

  const mine = followed?.origin === 'mine' ? followed.action : undefined;
  const checking = sending === 'dryRun' || mine === 'dryRun';
  const applying = sending === 'apply' || mine === 'apply';
  const waiting = followed !== null && followed.origin !== 'mine';
  const busy = sending !== null || followed !== null;

  const stale = checked !== null && (checked.choices.mode !== choices.mode || checked.choices.stock !== choices.stock);
  const blocked = waiting
    ? WAIT
    : !checked
      ? 'Check the file first.'
      : stale
        ? 'The choices changed since the check: check the file again.'
        : checked.report.errorCount > 0
          ? `${plural(checked.report.errorRows, 'row has', 'rows have')} errors: fix ${checked.report.errorRows === 1 ? 'it' : 'them'} in the file (download the rows with errors below), then check it again.`
          : !changesAnything(checked.report)
            ? 'Nothing to import: the file changes nothing.'
            : null;

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold tracking-tight">Import / export</h1>

      <section className="card flex flex-col gap-3 p-4 sm:p-6" aria-labelledby={`${ids.result}-export`}>
        <h2 id={`${ids.result}-export`} className="text-lg font-semibold">
          Export the catalogue
        </h2>
        <p className="text-sm text-zinc-700">
          Every product and variant, one row per variant, archived ones too: edit it in a spreadsheet and import it back below. Keep the <strong>Stock at export</strong> column: it
          tells a sale made since from a change of yours.
        </p>
        <div className="flex flex-wrap items-end gap-3">
          <div>
            <label htmlFor={ids.exportCategory} className="label">
              Products
            </label>
            <select id={ids.exportCategory} className="field" value={exportCategory} onChange={(event) => setExportCategory(event.target.value)}>
              <option value="">All categories</option>
              {(categories.data ?? []).map((c) => (
                <option key={c.value} value={c.value}>
                  {c.label} ({c.productCount.toLocaleString('en-IN')})
                </option>
              ))}
            </select>
          </div>
          <a href={exportUrl('csv', exportCategory)} download className="btn-outline">
            Download CSV
          </a>
          <a href={exportUrl('xlsx', exportCategory)} download className="btn-outline">
            Download Excel
          </a>
        </div>
        <p className="text-xs text-zinc-600">A file imports up to {IMPORT_MAX_MB} MB: for a big catalogue, export and import one category at a time.</p>
      </section>

      <section className="card p-4 sm:p-6" aria-labelledby={`${ids.result}-import`}>
        <h2 id={`${ids.result}-import`} className="text-lg font-semibold">
          Import a file
        </h2>
        <form className="mt-3 flex flex-col gap-5" onSubmit={(event) => void onCheck(event)} noValidate>
          <div className="grid gap-5 md:grid-cols-2">
            <div>
              <label htmlFor={ids.file} className="label">
                Catalogue file (CSV or Excel)
              </label>
              <input
                id={ids.file}
                type="file"
                accept=".csv,.xlsx,.txt,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                aria-describedby={ids.fileHint}
                className="field file:mr-3 file:rounded-full file:border-0 file:bg-brand-50 file:px-3 file:py-1 file:font-semibold file:text-brand-800"
                onChange={(event) => {
                  setFile(event.target.files?.[0] ?? null);
                  setChecked(null);
                  setApplied(null);
                  setRefusal(null);
                  setSaid('');
                }}
              />
              <p id={ids.fileHint} className="mt-1 text-xs text-zinc-600">
                The export&apos;s columns or fewer (name, category, selling price and SKU are enough), up to {IMPORT_MAX_MB} MB.
              </p>
            </div>
            <div>
              <label htmlFor={ids.pictures} className="label">
                Pictures (ZIP, optional)
              </label>
              <input
                id={ids.pictures}
                type="file"
                accept=".zip,application/zip"
                aria-describedby={ids.picturesHint}
                className="field file:mr-3 file:rounded-full file:border-0 file:bg-brand-50 file:px-3 file:py-1 file:font-semibold file:text-brand-800"
                onChange={(event) => {
                  setPictures(event.target.files?.[0] ?? null);
                  setChecked(null);
                  setApplied(null);
                }}
              />
              <p id={ids.picturesHint} className="mt-1 text-xs text-zinc-600">
                A row whose Image URLs name a file (<code>s24-grey-1.jpg</code>) takes it from this ZIP; https:// addresses are fetched.
              </p>
            </div>
          </div>

          <div className="grid gap-5 md:grid-cols-2">
            <Choices legend="Rows" name="mode" options={MODE_CHOICES} value={choices.mode} onChange={(mode) => choose({ mode })} />
            <Choices legend="Stock" name="stock" options={STOCK_CHOICES} value={choices.stock} onChange={(stock) => choose({ stock })} />
          </div>

          <div className="flex flex-wrap items-center gap-3">
            <button type="submit" className="btn-primary min-w-36" disabled={busy} aria-describedby={waiting ? ids.wait : undefined}>
              {checking ? 'Checking …' : 'Check file'}
            </button>
            {waiting ? (
              <p id={ids.wait} className="text-sm text-zinc-700" data-testid="import-wait">
                {WAIT}
              </p>
            ) : null}
            <span className="text-sm text-zinc-600" role="status">
              {sending === 'dryRun' ? 'Sending the file …' : checking ? 'Checking in the background (its progress is below): nothing is written yet.' : said}
            </span>
          </div>
        </form>
      </section>

      <div id={ids.result} className="flex flex-col gap-6">
        {refusal ? (
          <p role="alert" className="rounded-2xl border-2 border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900" data-testid="import-refused">
            {refusal}
          </p>
        ) : null}
        {followed ? <JobProgress job={progress} action={followed.action} mine={followed.origin === 'mine'} timeZone={timeZone} /> : null}
        {applied ? <AppliedSummary report={applied.report} focus={!applied.restored} /> : null}
        {checked ? <DryRun checked={checked} blocked={blocked} busy={busy} applying={applying} onApply={() => void onApply()} /> : null}
      </div>
    </div>
  );
}

/** "about 40 s left", "about 3 min left", "about 1 h 5 min left"; null: too early to tell. */
function timeLeftText(ms: number | null): string {
  if (ms === null) return 'Time left: estimating …';
  const seconds = Math.max(1, Math.round(ms / 1000));
  if (seconds < 60) return `about ${seconds} s left`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `about ${minutes} min left`;
  return `about ${Math.floor(minutes / 60)} h ${minutes % 60} min left`;
}

/** The share done, 0 to 1 (checking is the whole of a dry run and half of an apply); null while the file is read. */
function shareDone(job: ImportJob): number | null {
  if (job.phase === 'reading') return null;
  const checked = job.total > 0 ? Math.min(1, job.rowsChecked / job.total) : 0;
  if (job.action === 'dryRun') return checked;
  const written = job.toWrite > 0 ? Math.min(1, job.rowsWritten / job.toWrite) : 0;
  return checked * 0.5 + written * 0.5;
}

const count = (n: number) => n.toLocaleString('en-IN');

/** A running job: whose file, a progress bar, rows checked and written, the time left. */
function JobProgress({ job, action, mine, timeZone }: { job: ImportJob | null; action: ImportJobAction | undefined; mine: boolean; timeZone: string }) {
  const headingId = useId();
  const doing = (job?.action ?? action) === 'apply' ? 'Importing' : (job?.action ?? action) === 'dryRun' ? 'Checking' : 'Running';
  const share = job ? shareDone(job) : null;
  const phase = !job ? 'Starting …' : job.phase === 'reading' ? 'Reading the file …' : `Checking rows: ${count(job.rowsChecked)} of ${count(job.total)}`;
  const percent = share === null ? undefined : Math.round(share * 100);
  return (
    <section className="card flex flex-col gap-3 p-4 sm:p-6" aria-labelledby={headingId} data-testid="import-progress">
      <div>
        <h2 id={headingId} className="text-lg font-semibold break-words">
          {doing} {job ? `“${job.fileName}”` : 'the file'}
        </h2>
        {job && !mine ? (
          <p className="text-sm text-zinc-600" data-testid="import-progress-owner">
            Started by {job.startedBy.name || 'an admin'}, {formatDateTime(job.startedAt, timeZone)}.
          </p>
        ) : null}
      </div>
      <div
        role="progressbar"
        aria-labelledby={headingId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={percent === undefined ? phase : `${percent}%: ${phase}`}
        className="h-3 w-full overflow-hidden rounded-full bg-zinc-200"
      >
        {/* Keyed: the bar does not shrink from the waiting stripe to the share done in a transition. */}
        <div
          key={percent === undefined ? 'waiting' : 'share'}
          className={`h-full rounded-full bg-brand-700 transition-[width] duration-500 motion-reduce:transition-none ${percent === undefined ? 'w-1/4 animate-pulse' : ''}`}
          style={percent === undefined ? undefined : { width: `${Math.max(percent, 2)}%` }}
        />
      </div>
      <div className="flex flex-wrap gap-x-6 gap-y-1 text-sm tabular-nums text-zinc-800">
        <p data-testid="import-progress-checked">{phase}</p>
        {job?.action === 'apply' && (job.phase === 'writing' || job.toWrite > 0) ? (
          <p data-testid="import-progress-written">
            Writing: {count(job.rowsWritten)} of {count(job.toWrite)}
          </p>
        ) : null}
        {job ? (
          <p className="text-zinc-600" data-testid="import-progress-left">
            {timeLeftText(job.timeLeftMs)}
          </p>
        ) : null}
      </div>
      <p className="text-xs text-zinc-600">
        {(job?.action ?? action) === 'apply' ? 'All or nothing: nothing shows in the shop until every row is written. ' : 'A dry run: nothing is written. '}
        It goes on if you leave this page; come back to see it.
      </p>
    </section>
  );
}

function Choices<T extends string>({
  legend,
  name,
  options,
  value,
  onChange,
}: {
  legend: string;
  name: string;
  options: { value: T; label: string; hint: string }[];
  value: T;
  onChange: (value: T) => void;
}) {
  const id = useId();
  return (
    <fieldset>
      <legend className="label">{legend}</legend>
      <div className="flex flex-col gap-2">
        {options.map((option) => (
          <label
            key={option.value}
            className="flex cursor-pointer items-start gap-2 rounded-xl border border-zinc-200 px-3 py-2 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
          >
            <input
              type="radio"
              name={`${id}-${name}`}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="mt-0.5 size-4 accent-brand-700"
            />
            <span>
              <span className="font-semibold text-zinc-900">{option.label}</span>
              <span className="block text-xs text-zinc-600">{option.hint}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function AppliedSummary({ report, focus }: { report: ImportReport; focus: boolean }) {
  const ref = useRef<HTMLElement>(null);
  // The check's report it replaces was long: the summary is brought into view, and focus with it
  // (not when the page, opened again, finds an import that ended earlier).
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return (
    <section
      ref={ref}
      tabIndex={-1}
      className="scroll-mt-24 rounded-2xl border-2 border-green-300 bg-green-50 px-4 py-3 text-sm text-green-950"
      role="status"
      data-testid="import-applied"
    >
      <h2 className="font-semibold">Imported {report.fileName}</h2>
      <p className="mt-1">{summaryOf(report)}</p>
      <p className="mt-1">
        Every change is in the{' '}
        <Link to="/admit-panel/audit" className="font-semibold underline">
          audit log
        </Link>
        , and stock moves in each product&apos;s stock history.
      </p>
    </section>
  );
}

function DryRun({ checked, blocked, busy, applying, onApply }: { checked: Checked; blocked: string | null; busy: boolean; applying: boolean; onApply: () => void }) {
  const { report, upload, choices } = checked;
  const headingId = useId();
  const reasonId = useId();
  const nothing = !changesAnything(report) && report.errorCount === 0;
  return (
    <section className="card flex flex-col gap-5 p-4 sm:p-6" aria-labelledby={headingId} data-testid="import-dry-run">
      <div>
        <h2 id={headingId} className="text-lg font-semibold">
          Check of {report.fileName}
        </h2>
        <p className="text-sm text-zinc-600">
          {plural(report.rows, 'row')} read
          {upload.picturesName ? `, pictures from ${upload.picturesName}` : upload.picturesId ? ', pictures from the ZIP sent with it' : ''}. Nothing has been written yet.
        </p>
      </div>

      {nothing ? (
        <p className="rounded-2xl border-2 border-zinc-200 bg-zinc-50 px-4 py-3 font-semibold text-zinc-900" data-testid="import-no-changes">
          No changes: the file matches the catalogue.
        </p>
      ) : null}

      <Counts report={report} />

      {report.errorCount > 0 ? <Errors report={report} href={errorRowsUrl(upload, choices)} /> : null}
      {report.changes.length > 0 ? <Changes report={report} /> : null}

      {report.unknownColumns.length > 0 || report.warnings.length > 0 ? (
        <div className="flex flex-col gap-2 text-sm" data-testid="import-notes">
          {report.unknownColumns.length > 0 ? (
            <p>
              <span className="font-semibold">Columns ignored</span> (not columns of the catalogue): {report.unknownColumns.join(', ')}
            </p>
          ) : null}
          {report.warnings.map((warning) => (
            <p key={warning} className="rounded-xl bg-amber-50 px-3 py-2 text-amber-950">
              {warning}
            </p>
          ))}
        </div>
      ) : null}

      <div className="flex flex-wrap items-center gap-3 border-t border-zinc-200 pt-4">
        <button type="button" className="btn-primary min-w-36" disabled={blocked !== null || busy} aria-describedby={blocked ? reasonId : undefined} onClick={onApply}>
          {applying ? 'Applying …' : 'Apply'}
        </button>
        {blocked ? (
          <p id={reasonId} className="text-sm text-zinc-700" data-testid="apply-blocked">
            {blocked}
          </p>
        ) : (
          <p className="text-sm text-zinc-700">All or nothing: if anything fails while writing, the catalogue stays as it was.</p>
        )}
      </div>
    </section>
  );
}

function Counts({ report }: { report: ImportReport }) {
  const columns: { key: keyof ImportCounts; label: string }[] = [
    { key: 'create', label: 'To create' },
    { key: 'update', label: 'To update' },
    { key: 'unchanged', label: 'Unchanged' },
    { key: 'skipped', label: 'Skipped' },
  ];
  const row = (name: string, counts: ImportCounts, testId: string) => (
    <tr className="border-b border-zinc-100 last:border-b-0">
      <th scope="row" className="px-3 py-2 text-left font-semibold">
        {name}
      </th>
      {columns.map((c) => (
        <td key={c.key} className="px-3 py-2 text-right tabular-nums" data-testid={`${testId}-${c.key}`}>
          {counts[c.key].toLocaleString('en-IN')}
        </td>
      ))}
    </tr>
  );
  return (
    <div className="flex flex-col gap-2">
      <div className="overflow-x-auto rounded-xl border border-zinc-200" tabIndex={0} role="region" aria-label="Counts">
        <table className="w-full min-w-[28rem] text-sm" data-testid="import-counts">
          <caption className="sr-only">What the import would do</caption>
          <thead>
            <tr className="border-b border-zinc-200 text-xs text-zinc-600">
              <td className="px-3 py-2" />
              {columns.map((c) => (
                <th key={c.key} scope="col" className="px-3 py-2 text-right font-medium">
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {row('Products', report.products, 'count-products')}
            {row('Variants', report.variants, 'count-variants')}
          </tbody>
        </table>
      </div>
      <p className={`text-sm font-semibold ${report.errorRows > 0 ? 'text-red-800' : 'text-zinc-700'}`} data-testid="count-error-rows">
        {report.errorRows > 0 ? `${plural(report.errorRows, 'row')} in error` : 'No rows in error'}
      </p>
    </div>
  );
}

function Errors({ report, href }: { report: ImportReport; href: string }) {
  return (
    <Block
      title={`Errors (${report.errorCount.toLocaleString('en-IN')})`}
      action={
        <a href={href} download className="btn-outline">
          Download rows with errors
        </a>
      }
      note={report.errorCount > report.errors.length ? `The first ${report.errors.length} are listed; the download has every failing row.` : undefined}
    >
      <table className="w-full min-w-[32rem] text-left text-sm" data-testid="import-errors">
        <caption className="sr-only">Rows in error: row, column and problem</caption>
        <thead>
          <tr className="border-b border-zinc-200 text-xs text-zinc-600">
            <th scope="col" className="w-16 px-3 py-2 font-medium">
              Row
            </th>
            <th scope="col" className="w-40 px-3 py-2 font-medium">
              Column
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Problem
            </th>
          </tr>
        </thead>
        <tbody>
          {report.errors.map((e, i) => (
            <tr key={`${e.row}-${i}`} className="border-b border-zinc-100 align-top last:border-b-0" data-testid="import-error">
              <td className="px-3 py-2 tabular-nums">{e.row}</td>
              <td className="px-3 py-2">{e.column ?? '—'}</td>
              <td className="px-3 py-2 break-words text-red-900">{e.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Block>
  );
}

function Changes({ report }: { report: ImportReport }) {
  const kind = { 'create-product': 'New product', 'create-variant': 'New variant', update: 'Update' } as const;
  return (
    <Block title="First changes" note={`The first ${report.changes.length} rows that change something, old → new.`}>
      <table className="w-full min-w-[36rem] text-left text-sm" data-testid="import-changes">
        <caption className="sr-only">Changes, row by row: field, old value and new value</caption>
        <thead>
          <tr className="border-b border-zinc-200 text-xs text-zinc-600">
            <th scope="col" className="w-16 px-3 py-2 font-medium">
              Row
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Product and SKU
            </th>
            <th scope="col" className="w-2/5 px-3 py-2 font-medium">
              Changes
            </th>
          </tr>
        </thead>
        <tbody>
          {report.changes.map((change) => (
            <tr key={`${change.row}-${change.sku}`} className="border-b border-zinc-100 align-top last:border-b-0" data-testid="import-change">
              <td className="px-3 py-2 tabular-nums">{change.row}</td>
              <td className="px-3 py-2">
                <span className="block font-medium">{change.product}</span>
                <span className="block font-mono text-xs text-zinc-600">{change.sku}</span>
                <span className="mt-0.5 inline-block rounded-full bg-zinc-100 px-2 py-0.5 text-xs font-semibold text-zinc-800">{kind[change.kind]}</span>
              </td>
              <td className="px-3 py-2">
                <ul className="flex flex-col gap-0.5">
                  {change.changes.map((c) => (
                    <li key={c.field} className="break-words">
                      <span className="font-semibold">{c.field}:</span> {c.from === '' ? <span className="text-zinc-500">(empty)</span> : c.from} →{' '}
                      {c.to === '' ? <span className="text-zinc-500">(empty)</span> : c.to}
                    </li>
                  ))}
                </ul>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Block>
  );
}

function Block({ title, action, note, children }: { title: string; action?: ReactNode; note?: string | undefined; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id={id} className="font-semibold">
          {title}
        </h3>
        {action}
      </div>
      {note ? <p className="text-xs text-zinc-600">{note}</p> : null}
      <div className="max-h-[28rem] overflow-auto rounded-xl border border-zinc-200" tabIndex={0} role="region" aria-labelledby={id}>
        {children}
      </div>
    </section>
  );
}

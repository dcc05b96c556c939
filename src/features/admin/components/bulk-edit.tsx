import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { labelIn } from '../../../../shared/categories';
import { formatINR } from '../../../../shared/money';
import { BULK_GRID_PAGE_DEFAULT, type BulkGridRow, type BulkGridView, type StockLevel } from '../../../../shared/schemas/bulk-edit';
import { errorMessage } from '../../../lib/trpc';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useAdminCategories } from '../api/use-admin-categories';
import { useBulkGrid, useBulkGridBrands, useBulkUpdateVariants } from '../api/use-bulk-edit';
import {
  afterSave,
  applyAdjustment,
  cellChanged,
  isChanged,
  pageSelection,
  parseAdjustment,
  review,
  rowErrors,
  selectPage,
  setArchived,
  shown,
  toggle,
  type AdjustTarget,
  type BrokenRow,
  type GridDraft,
  type Review,
} from './bulk-edit-grid';
import { ModalDialog } from './modal-dialog';

export const BULK_SAVED_MESSAGE = 'Changes saved';

type Cell = 'price' | 'sellingPrice' | 'stock';
const CELL_LABEL: Record<Cell, string> = { price: 'MRP', sellingPrice: 'Selling price', stock: 'Stock' };

/**
 * The bulk edit grid (/admit-panel/bulk-edit): variants across products, filtered by category,
 * brand, stock level and a search, a keyset page at a time. MRP, selling price and stock are
 * typed in place (checked as the product form checks them); ticked rows get +/- a percentage or
 * an amount (whole rupees) or are archived or restored; "Review changes" sums up what changes
 * and Save sends it as one save, in which a row changed meanwhile is refused alone (shown on the
 * row with its figure now). Edits are kept across pages and filters until saved. On a phone the
 * table scrolls sideways under a sticky product column.
 */
export function BulkEdit() {
  const ids = { search: useId(), category: useId(), brand: useId(), stock: useId(), view: useId(), by: useId(), unit: useId(), target: useId() };
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState('');
  const [brand, setBrand] = useState('');
  const [stock, setStock] = useState<StockLevel | ''>('');
  const [view, setView] = useState<BulkGridView>('active');
  // The cursors of the pages before this one (Previous), and this page's.
  const [cursors, setCursors] = useState<string[]>([]);
  const q = useDebouncedValue(search.trim(), 300);
  const cursor = cursors.at(-1);
  const grid = useBulkGrid({
    limit: BULK_GRID_PAGE_DEFAULT,
    view,
    ...(q ? { q } : {}),
    ...(category ? { category } : {}),
    ...(brand ? { brand } : {}),
    ...(stock ? { stock } : {}),
    ...(cursor ? { cursor } : {}),
  });
  const categories = useAdminCategories();
  const brands = useBulkGridBrands(category);
  const save = useBulkUpdateVariants();

  const [drafts, setDrafts] = useState<Record<string, GridDraft>>({});
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [refusals, setRefusals] = useState<Record<string, string>>({});
  const [by, setBy] = useState('');
  const [unit, setUnit] = useState<'percent' | 'amount'>('percent');
  const [target, setTarget] = useState<AdjustTarget>('both');
  const [adjustError, setAdjustError] = useState('');
  const [broken, setBroken] = useState<BrokenRow[]>([]);
  const [reviewing, setReviewing] = useState<Review | null>(null);
  const [saveError, setSaveError] = useState('');

  const rows = grid.data?.items ?? [];
  const pageIds = rows.map((r) => r.variantId);
  const pageState = pageSelection(selected, pageIds);
  const changed = Object.values(drafts).filter(isChanged);
  const withErrors = Object.values(drafts).filter((d) => Object.keys(rowErrors(d)).length > 0);
  // Rows ticked on this page and on pages seen before: their last loaded figures.
  const [seen, setSeen] = useState<Record<string, BulkGridRow>>({});
  const rowsSeen = { ...seen, ...Object.fromEntries(rows.map((r) => [r.variantId, r])) };
  const selectedRows = [...selected].flatMap((id) => {
    const row = drafts[id]?.loaded ?? rowsSeen[id];
    return row ? [row] : [];
  });

  const filterChanged = () => {
    setCursors([]);
    setSeen(rowsSeen);
  };
  const edit = (row: BulkGridRow, cell: Cell, value: string) => {
    setDrafts((current) => ({ ...current, [row.variantId]: { ...shown(current, row), [cell]: value } }));
    setRefusals((current) => ({ ...current, [row.variantId]: '' }));
  };

  const applyBy = () => {
    const value = parseAdjustment(by);
    if (value === null) {
      setAdjustError('Type how much: +10 or -5');
      return;
    }
    if (selectedRows.length === 0) {
      setAdjustError('Tick the rows to change first');
      return;
    }
    setAdjustError('');
    const result = applyAdjustment(drafts, selectedRows, target, { by: unit, value });
    setDrafts(result.drafts);
    setBroken(result.broken);
  };
  const archiveSelected = (archived: boolean) => {
    if (selectedRows.length === 0) {
      setAdjustError('Tick the rows to change first');
      return;
    }
    setAdjustError('');
    setDrafts((current) => setArchived(current, selectedRows, archived));
  };

  const openReview = () => {
    setSaveError('');
    setReviewing(review(drafts));
  };
  const confirmSave = async () => {
    if (!reviewing) return;
    try {
      const result = await save.mutateAsync({ rows: reviewing.rows });
      const next = afterSave(drafts, result);
      setDrafts(next.drafts);
      setRefusals(next.refusals);
      setReviewing(null);
      setSelected(new Set());
      setBroken([]);
      if (result.refused.length > 0) toast.error(`${result.saved.length} saved; ${result.refused.length} refused: changed since you loaded them`);
      else toast.success(`${BULK_SAVED_MESSAGE}: ${result.saved.length} variants`);
    } catch (error) {
      setSaveError(errorMessage(error));
    }
  };

  const refusedRows = Object.entries(refusals).filter(([, message]) => message);

  const cellInput = (row: BulkGridRow, d: GridDraft, cell: Cell, errors: ReturnType<typeof rowErrors>) => {
    const message = errors[cell];
    const isEdited = drafts[row.variantId] !== undefined && cellChanged(d, cell);
    if (cell === 'stock' && !row.trackStock) return <td className="px-2 py-1 text-xs text-zinc-500">not tracked</td>;
    const cellId = `${ids.search}-${row.variantId}-${cell}`;
    return (
      <td className="px-1 py-1 align-top">
        <div className="relative">
          {cell !== 'stock' ? <span className="pointer-events-none absolute left-2 top-1/2 -translate-y-1/2 text-xs text-zinc-500">₹</span> : null}
          <input
            id={cellId}
            className={`field h-9 text-right text-sm tabular-nums ${cell === 'stock' ? 'w-20 px-2' : 'w-28 pl-5 pr-2'} ${isEdited ? 'border-amber-500 bg-amber-50' : ''}`}
            inputMode={cell === 'stock' ? 'numeric' : 'decimal'}
            value={d[cell]}
            aria-label={`${CELL_LABEL[cell]} of ${row.productName}${row.label ? ` (${row.label})` : ''}, SKU ${row.sku}`}
            aria-invalid={message ? true : undefined}
            aria-describedby={message ? `${cellId}-error` : undefined}
            data-cell={cell}
            onChange={(event) => edit(row, cell, event.target.value)}
          />
        </div>
        {message ? (
          <p id={`${cellId}-error`} role="alert" className="mt-0.5 max-w-32 text-xs font-medium text-red-700">
            {message}
          </p>
        ) : null}
      </td>
    );
  };

  return (
    <section aria-labelledby="bulk-edit-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="bulk-edit-heading" className="text-2xl font-bold tracking-tight">
          Bulk edit
        </h1>
        <p className="hidden text-sm text-zinc-600 sm:block">Prices and stock of many variants at once. Nothing is saved until you review and save.</p>
      </div>

      <div className="card grid grid-cols-2 gap-2 p-3 lg:grid-cols-[1fr_12rem_12rem_10rem_9rem] lg:gap-3 lg:p-4" role="search" aria-label="Filter variants">
        <div className="col-span-2 lg:col-span-1">
          <label htmlFor={ids.search} className="label">
            Search name, brand or SKU
          </label>
          <input
            id={ids.search}
            type="search"
            className="field"
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              filterChanged();
            }}
          />
        </div>
        <div>
          <label htmlFor={ids.category} className="label">
            Category
          </label>
          <select
            id={ids.category}
            className="field"
            value={category}
            onChange={(event) => {
              setCategory(event.target.value);
              setBrand('');
              filterChanged();
            }}
          >
            <option value="">All categories</option>
            {(categories.data ?? []).map((c) => (
              <option key={c.value} value={c.value}>
                {c.hidden ? `${c.label} (hidden)` : c.label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={ids.brand} className="label">
            Brand
          </label>
          <select
            id={ids.brand}
            className="field"
            value={brand}
            onChange={(event) => {
              setBrand(event.target.value);
              filterChanged();
            }}
          >
            <option value="">All brands</option>
            {(brands.data ?? []).map((b) => (
              <option key={b} value={b}>
                {b}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={ids.stock} className="label">
            Stock
          </label>
          <select
            id={ids.stock}
            className="field"
            value={stock}
            onChange={(event) => {
              setStock(event.target.value as StockLevel | '');
              filterChanged();
            }}
          >
            <option value="">Any stock</option>
            <option value="out">Out of stock</option>
            <option value="low">Low (1–5)</option>
            <option value="in">In stock</option>
          </select>
        </div>
        <div>
          <label htmlFor={ids.view} className="label">
            Show
          </label>
          <select
            id={ids.view}
            className="field"
            value={view}
            onChange={(event) => {
              setView(event.target.value as BulkGridView);
              filterChanged();
            }}
          >
            <option value="active">On sale</option>
            <option value="archived">Archived</option>
            <option value="all">All</option>
          </select>
        </div>
      </div>

      <div className="card flex flex-wrap items-end gap-2 p-3 text-sm" aria-label="Change the ticked rows" role="group">
        <p className="mr-auto self-center font-semibold" data-testid="bulk-selected">
          {selected.size} selected
        </p>
        <div>
          <label htmlFor={ids.target} className="label">
            Change
          </label>
          <select id={ids.target} className="field h-9 w-40 py-0 text-sm" value={target} onChange={(event) => setTarget(event.target.value as AdjustTarget)}>
            <option value="both">Both prices</option>
            <option value="sellingPrice">Selling price</option>
            <option value="price">MRP</option>
          </select>
        </div>
        <div>
          <label htmlFor={ids.by} className="label">
            By (+ raises, − cuts)
          </label>
          <input id={ids.by} className="field h-9 w-24 text-sm" inputMode="decimal" placeholder="+10" value={by} onChange={(event) => setBy(event.target.value)} />
        </div>
        <div>
          <label htmlFor={ids.unit} className="label">
            Unit
          </label>
          <select id={ids.unit} className="field h-9 w-20 py-0 text-sm" value={unit} onChange={(event) => setUnit(event.target.value as 'percent' | 'amount')}>
            <option value="percent">%</option>
            <option value="amount">₹</option>
          </select>
        </div>
        <button type="button" className="btn-outline h-9 px-3 text-sm" onClick={applyBy}>
          Apply
        </button>
        <button type="button" className="btn-outline h-9 px-3 text-sm" onClick={() => archiveSelected(true)}>
          Archive
        </button>
        <button type="button" className="btn-outline h-9 px-3 text-sm" onClick={() => archiveSelected(false)}>
          Restore
        </button>
        <p className="basis-full text-xs text-zinc-600">New prices are rounded to the whole rupee.</p>
      </div>
      {adjustError ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {adjustError}
        </p>
      ) : null}
      {broken.length > 0 ? (
        <div role="alert" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="bulk-broken">
          Not changed, the selling price would be above the MRP:
          <ul className="list-disc pl-5">
            {broken.map((b) => (
              <li key={b.variantId}>
                SKU {b.sku}
                {Number.isFinite(b.price) ? `: selling ${formatINR(b.sellingPrice)} > MRP ${formatINR(b.price)}` : ': fix its typed price first'}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {refusedRows.length > 0 ? (
        <div role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900" data-testid="bulk-refused">
          Not saved, changed since you loaded them (the rows show the figures now; save again to apply your change over them):
          <ul className="list-disc pl-5">
            {refusedRows.map(([id, message]) => (
              <li key={id}>
                SKU {drafts[id]?.loaded.sku ?? rowsSeen[id]?.sku ?? id}: {message}
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      <div className="card overflow-x-auto" data-testid="bulk-grid">
        <table className="w-full min-w-[980px] border-collapse text-left text-sm">
          <thead>
            <tr className="border-b border-zinc-200 text-xs text-zinc-700">
              <th scope="col" className="sticky left-0 z-10 bg-white px-2 py-2">
                <span className="flex items-center gap-2">
                  <input
                    type="checkbox"
                    className="size-4 accent-brand-700"
                    aria-label="Select every row of this page"
                    checked={pageState === 'all'}
                    ref={(el) => {
                      if (el) el.indeterminate = pageState === 'some';
                    }}
                    onChange={(event) => setSelected((current) => selectPage(current, pageIds, event.target.checked))}
                  />
                  Product · SKU
                </span>
              </th>
              <th scope="col" className="px-2 py-2">
                Category
              </th>
              <th scope="col" className="px-2 py-2">
                Brand
              </th>
              <th scope="col" className="px-2 py-2 text-right">
                MRP
              </th>
              <th scope="col" className="px-2 py-2 text-right">
                Selling price
              </th>
              <th scope="col" className="px-2 py-2 text-right">
                Stock
              </th>
              <th scope="col" className="px-2 py-2">
                Tracked
              </th>
              <th scope="col" className="px-2 py-2">
                Status
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const d = shown(drafts, row);
              const errors = drafts[row.variantId] ? rowErrors(d) : {};
              const refusal = refusals[row.variantId];
              const ticked = selected.has(row.variantId);
              return (
                <tr
                  key={row.variantId}
                  className={`border-b border-zinc-100 ${ticked ? 'bg-brand-50' : ''}`}
                  data-testid="bulk-row"
                  data-sku={row.sku}
                  data-variant-id={row.variantId}
                  data-product-id={row.productId}
                  data-label={row.label}
                >
                  <th scope="row" className={`sticky left-0 z-10 max-w-40 px-2 py-1 text-left font-normal sm:max-w-56 ${ticked ? 'bg-brand-50' : 'bg-white'}`}>
                    <span className="flex items-start gap-2">
                      <input
                        type="checkbox"
                        className="mt-1 size-4 shrink-0 accent-brand-700"
                        aria-label={`Select ${row.productName}${row.label ? ` (${row.label})` : ''}, SKU ${row.sku}`}
                        checked={ticked}
                        onChange={(event) => setSelected((current) => toggle(current, row.variantId, event.target.checked))}
                      />
                      <span className="min-w-0">
                        <span className="line-clamp-2 block text-xs font-semibold sm:text-sm" title={row.productName}>
                          {row.productName}
                        </span>
                        <span className="block text-xs text-zinc-600">
                          {row.label ? `${row.label} · ` : ''}
                          <span className="font-mono">{row.sku}</span>
                        </span>
                        {refusal ? (
                          <span role="alert" className="block text-xs font-medium text-red-700" data-testid="bulk-row-refused">
                            {refusal}
                          </span>
                        ) : null}
                      </span>
                    </span>
                  </th>
                  <td className="px-2 py-1 text-xs">{labelIn(categories.data, row.category)}</td>
                  <td className="px-2 py-1 text-xs">{row.brand}</td>
                  {cellInput(row, d, 'price', errors)}
                  {cellInput(row, d, 'sellingPrice', errors)}
                  {cellInput(row, d, 'stock', errors)}
                  <td className="px-2 py-1 text-xs">{row.trackStock ? 'yes' : 'no'}</td>
                  <td className="px-2 py-1 text-xs">
                    {d.archived !== row.archived ? (
                      <span className="rounded-full bg-amber-100 px-2 py-0.5 font-bold text-amber-900">{d.archived ? 'to archive' : 'to restore'}</span>
                    ) : row.archived ? (
                      <span className="rounded-full bg-zinc-800 px-2 py-0.5 font-bold text-white">Archived</span>
                    ) : (
                      'On sale'
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        {grid.isLoading ? <p className="p-4 text-sm text-zinc-600">Loading…</p> : null}
        {grid.error ? (
          <p role="alert" className="p-4 text-sm font-medium text-red-700">
            {errorMessage(grid.error)}
          </p>
        ) : null}
        {!grid.isLoading && rows.length === 0 && !grid.error ? <p className="p-4 text-sm text-zinc-600">No variants match.</p> : null}
      </div>

      <div className="sticky bottom-0 z-20 flex flex-wrap items-center gap-2 rounded-2xl border border-zinc-200 bg-white/95 px-3 py-2 shadow-lg backdrop-blur lg:gap-3 lg:px-4 lg:py-3">
        <button type="button" className="btn-outline h-9 px-3 text-sm" disabled={cursors.length === 0} onClick={() => setCursors((c) => c.slice(0, -1))}>
          Previous
        </button>
        <button
          type="button"
          className="btn-outline h-9 px-3 text-sm"
          disabled={!grid.data?.nextCursor}
          onClick={() => {
            const next = grid.data?.nextCursor;
            if (next) {
              setSeen(rowsSeen);
              setCursors((c) => [...c, next]);
            }
          }}
        >
          Next
        </button>
        <p className="ml-auto text-sm" data-testid="bulk-pending">
          {changed.length} {changed.length === 1 ? 'variant' : 'variants'} changed
          {withErrors.length > 0 ? `, ${withErrors.length} to fix` : ''}
        </p>
        <button type="button" className="btn-primary h-9 px-4 text-sm" disabled={changed.length === 0 || withErrors.length > 0} onClick={openReview}>
          Review changes
        </button>
      </div>

      {reviewing ? (
        <ModalDialog
          title="Review changes"
          widthClassName="max-w-2xl"
          onClose={() => setReviewing(null)}
          description={
            <span data-testid="bulk-summary">
              {reviewing.counts.variants} variants: {reviewing.counts.prices} price changes, {reviewing.counts.stock} stock changes, {reviewing.counts.archived} to archive,{' '}
              {reviewing.counts.restored} to restore.
            </span>
          }
        >
          <ul className="max-h-80 divide-y divide-zinc-100 overflow-y-auto text-sm" data-testid="bulk-review">
            {reviewing.lines.slice(0, 100).map((line) => (
              <li key={line.variantId} className="py-2">
                <p className="font-semibold">
                  {line.name} <span className="font-mono text-xs font-normal text-zinc-600">{line.sku}</span>
                </p>
                <p className="text-xs text-zinc-700">{line.changes.map((c) => `${c.field}: ${c.from} → ${c.to}`).join(' · ')}</p>
              </li>
            ))}
          </ul>
          {reviewing.lines.length > 100 ? <p className="mt-2 text-xs text-zinc-600">…and {reviewing.lines.length - 100} more.</p> : null}
          {saveError ? (
            <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
              {saveError}
            </p>
          ) : null}
          <div className="mt-4 flex justify-end gap-2">
            <button type="button" className="btn-outline" onClick={() => setReviewing(null)}>
              Back to the grid
            </button>
            <button type="button" className="btn-primary" disabled={save.isPending || reviewing.rows.length === 0} onClick={() => void confirmSave()}>
              {save.isPending ? 'Saving…' : `Save ${reviewing.counts.variants} variants`}
            </button>
          </div>
        </ModalDialog>
      ) : null}
    </section>
  );
}

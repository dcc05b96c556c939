import { useId, useState, type KeyboardEvent } from 'react';
import { formatINR, rupeesToPaise } from '../../../../shared/money';
import { isColourOption, MAX_OPTION_VALUES, MAX_OPTIONS, variantLabel, type AdminVariant } from '../../../../shared/schemas/variants';
import type { SpecAttribute } from '../../../../shared/schemas/categories';
import { ProductImage } from '../../../components/product/product-image';
import { errorMessage, trpc } from '../../../lib/trpc';
import {
  adjustPercent,
  cellKey,
  dedupeProposedSkus,
  DEFAULT_SWATCH,
  editableRows,
  fillDown,
  OPTION_NAME_SUGGESTIONS,
  optionsToDrafts,
  optionIndexOf,
  reconcileRows,
  rowsFromVariants,
  specCell,
  specColumn,
  type BrokenRow,
  type GridColumn,
  type OptionDraft,
  type VariantRow,
} from './variant-grid';

/**
 * The state of a product form's options and variant grid. For an existing product it starts
 * from catalog.variants (every variant, archived too, exact stock) once that has loaded.
 */
export function useVariantsDraft(productId: string | undefined, productName: string) {
  const [options, setOptionsState] = useState<OptionDraft[]>([]);
  const [rows, setRows] = useState<VariantRow[]>([]);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [cellErrors, setCellErrors] = useState<Record<string, string>>({});
  const [broken, setBroken] = useState<BrokenRow[]>([]);
  const [loadedFor, setLoadedFor] = useState<string | undefined>(undefined);
  const loaded = trpc.catalog.variants.useQuery({ productId: productId ?? '' }, { enabled: productId !== undefined, staleTime: 0, refetchOnWindowFocus: false });

  // The server's variants arrive once: later refetches must not undo what the owner typed.
  if (productId !== undefined && loaded.data && loadedFor !== productId) {
    setLoadedFor(productId);
    setOptionsState(optionsToDrafts(loaded.data.options));
    setRows(rowsFromVariants(loaded.data.variants));
  }

  // Proposed SKUs follow the product name as it is typed.
  const [skusFor, setSkusFor] = useState(productName);
  if (skusFor !== productName) {
    setSkusFor(productName);
    setRows((current) => dedupeProposedSkus(current, productName));
  }

  // Rows options changes dropped: a combination that comes back (or grows from one) gets its figures again.
  const [past, setPast] = useState<VariantRow[]>([]);
  const setOptions = (next: OptionDraft[]) => {
    const nextRows = reconcileRows(next, rows, productName, past);
    const kept = new Set(nextRows.map((r) => r.key));
    setOptionsState(next);
    setRows(nextRows);
    setPast((current) => [...rows.filter((r) => !kept.has(r.key)), ...current.filter((r) => !kept.has(r.key))].slice(0, 200));
  };
  /** Edits one row; the errors shown on its edited cells go (they were about the old value). */
  const updateRow = (key: string, patch: Partial<VariantRow>) => {
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...patch } : row)));
    setCellErrors((current) => {
      const next = { ...current };
      for (const field of Object.keys(patch)) delete next[cellKey(key, field)];
      for (const spec of Object.keys(patch.specs ?? {})) delete next[cellKey(key, specColumn(spec))];
      delete next[cellKey(key, 'row')];
      return next;
    });
    setBroken((current) => current.filter((b) => b.key !== key));
  };
  /** Replaces a stored variant's row after archiving or restoring it. */
  const replaceVariant = (variant: AdminVariant) => {
    setRows((current) => current.map((row) => (row.id === variant._id ? { ...row, archived: variant.archivedAt !== null, sold: variant.archivedAt === null } : row)));
  };
  const loading = productId !== undefined && loadedFor !== productId;
  /** Whether the form edits variants rather than one price and stock: the product has (or had) options. */
  const active = options.length > 0 || rows.some((r) => r.id !== undefined && r.optionValues.length > 0);
  return {
    options,
    rows,
    selected,
    setSelected,
    cellErrors,
    setCellErrors,
    broken,
    setBroken,
    setRows,
    setOptions,
    updateRow,
    replaceVariant,
    loading,
    loadError: loaded.error,
    active,
  };
}

export type VariantsDraft = ReturnType<typeof useVariantsDraft>;

const COLUMN_LABELS: Record<Exclude<GridColumn, `spec:${string}`>, string> = {
  sku: 'SKU',
  ean: 'EAN',
  price: 'MRP (₹)',
  sellingPrice: 'Selling (₹)',
  stock: 'Stock',
  trackStock: 'Track stock',
  lowStockLevel: 'Low-stock alert at',
  weightGrams: 'Weight (g)',
  images: 'Images',
};

/** Chips of one option's values: typed in (Enter or comma adds), moved left or right, removed. */
function OptionEditor({
  option,
  index,
  count,
  usedValues,
  onChange,
  onRemove,
  onMove,
  error,
}: {
  option: OptionDraft;
  index: number;
  count: number;
  /** Values a stored variant on sale uses: they cannot be removed here (archive the variant first). */
  usedValues: ReadonlySet<string>;
  onChange: (next: OptionDraft) => void;
  onRemove: () => void;
  onMove: (by: -1 | 1) => void;
  error: string | undefined;
}) {
  const id = useId();
  const [typed, setTyped] = useState('');
  const [valueError, setValueError] = useState<string | undefined>(undefined);
  const colour = isColourOption(option.name);
  const add = () => {
    const value = typed.trim().replace(/,$/, '').trim();
    if (value === '') return;
    if (option.values.some((v) => v.value.toLowerCase() === value.toLowerCase())) {
      setValueError(`${value} is already a value`);
      return;
    }
    if (option.values.length >= MAX_OPTION_VALUES) {
      setValueError(`An option has at most ${MAX_OPTION_VALUES} values`);
      return;
    }
    onChange({ ...option, values: [...option.values, { value, ...(colour ? { swatch: DEFAULT_SWATCH } : {}) }] });
    setTyped('');
    setValueError(undefined);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      add();
    }
  };
  const moveValue = (from: number, by: -1 | 1) => {
    const values = [...option.values];
    const [moved] = values.splice(from, 1);
    if (!moved) return;
    values.splice(from + by, 0, moved);
    onChange({ ...option, values });
  };
  const name = option.name.trim() || `Option ${index + 1}`;
  return (
    <li className="rounded-xl border border-zinc-200 p-3" data-testid="option">
      <div className="flex items-end gap-2">
        <div className="w-48">
          <label htmlFor={`${id}-name`} className="label">
            Option {index + 1} name
          </label>
          <input
            id={`${id}-name`}
            className="field"
            list={`${id}-names`}
            value={option.name}
            maxLength={40}
            onChange={(event) => onChange({ ...option, name: event.target.value })}
            aria-invalid={error ? true : undefined}
          />
          <datalist id={`${id}-names`}>
            {OPTION_NAME_SUGGESTIONS.map((s) => (
              <option key={s} value={s} />
            ))}
          </datalist>
        </div>
        <div className="min-w-0 flex-1">
          <label htmlFor={`${id}-value`} className="label">
            Add a value of {name}
          </label>
          <div className="flex gap-2">
            <input
              id={`${id}-value`}
              className="field"
              value={typed}
              maxLength={60}
              placeholder={colour ? 'e.g. Onyx Black' : 'e.g. 128 GB'}
              onChange={(event) => setTyped(event.target.value)}
              onKeyDown={onKeyDown}
              aria-describedby={valueError ? `${id}-value-error` : undefined}
            />
            <button type="button" className="btn-outline shrink-0" onClick={add}>
              Add value
            </button>
          </div>
        </div>
        <div className="flex shrink-0 gap-1">
          <button type="button" className="btn-ghost h-10 px-2 text-xs" disabled={index === 0} onClick={() => onMove(-1)} aria-label={`Move ${name} up`}>
            ↑
          </button>
          <button type="button" className="btn-ghost h-10 px-2 text-xs" disabled={index === count - 1} onClick={() => onMove(1)} aria-label={`Move ${name} down`}>
            ↓
          </button>
          <button type="button" className="btn-ghost h-10 px-2 text-xs text-red-800" onClick={onRemove} aria-label={`Remove option ${name}`}>
            Remove
          </button>
        </div>
      </div>
      {valueError ? (
        <p id={`${id}-value-error`} role="alert" className="mt-1 text-sm font-medium text-red-700">
          {valueError}
        </p>
      ) : null}
      {error ? <p className="mt-1 text-sm font-medium text-red-700">{error}</p> : null}
      <ul className="mt-2 flex flex-wrap gap-2" aria-label={`Values of ${name}`}>
        {option.values.map((v, i) => {
          const used = usedValues.has(v.value);
          return (
            <li key={v.value} className="flex items-center gap-1 rounded-full border border-zinc-300 bg-zinc-50 py-0.5 pr-1 pl-2 text-sm" data-testid="option-value">
              {colour ? (
                <input
                  type="color"
                  className="size-5 cursor-pointer rounded-full border-0 bg-transparent p-0"
                  value={v.swatch ?? DEFAULT_SWATCH}
                  aria-label={`Swatch colour of ${v.value}`}
                  onChange={(event) => onChange({ ...option, values: option.values.map((o, n) => (n === i ? { ...o, swatch: event.target.value } : o)) })}
                />
              ) : null}
              <span>{v.value}</span>
              <button
                type="button"
                className="rounded px-1 text-zinc-600 hover:bg-zinc-200 disabled:opacity-30"
                disabled={i === 0}
                onClick={() => moveValue(i, -1)}
                aria-label={`Move ${v.value} left`}
              >
                ‹
              </button>
              <button
                type="button"
                className="rounded px-1 text-zinc-600 hover:bg-zinc-200 disabled:opacity-30"
                disabled={i === option.values.length - 1}
                onClick={() => moveValue(i, 1)}
                aria-label={`Move ${v.value} right`}
              >
                ›
              </button>
              <button
                type="button"
                className="rounded px-1 font-bold text-zinc-700 hover:bg-red-100 hover:text-red-800 disabled:opacity-30"
                disabled={used}
                title={used ? `A variant on sale is ${v.value}: archive it first` : undefined}
                onClick={() => onChange({ ...option, values: option.values.filter((_, n) => n !== i) })}
                aria-label={`Remove ${v.value}`}
              >
                ×
              </button>
            </li>
          );
        })}
      </ul>
    </li>
  );
}

/** The options of a product: up to MAX_OPTIONS, each with its values. */
export function OptionsEditor({ draft, error }: { draft: VariantsDraft; error: string | undefined }) {
  const { options, setOptions, rows, cellErrors } = draft;
  // Values stored variants on sale use (edit): removing them would orphan the variant.
  const used = (i: number) => new Set(rows.filter((r) => r.id !== undefined && !r.archived).map((r) => r.optionValues[i] ?? ''));
  const suggestion = OPTION_NAME_SUGGESTIONS.find((s) => !options.some((o) => o.name.toLowerCase() === s.toLowerCase())) ?? '';
  return (
    <fieldset className="rounded-xl border border-zinc-200 px-4 pt-2 pb-4" data-testid="options-editor">
      <legend className="px-1 text-sm font-semibold text-zinc-900">Options</legend>
      <p className="mb-3 text-xs text-zinc-600">
        Sold in several versions (storage, colour, size…)? Add up to {MAX_OPTIONS} options: every combination of their values becomes a row of the variant grid below.
      </p>
      {options.length > 0 ? (
        <ol className="mb-3 flex flex-col gap-3">
          {options.map((option, i) => (
            <OptionEditor
              // By position: an option being renamed is still the same option.
              key={i}
              option={option}
              index={i}
              count={options.length}
              usedValues={used(i)}
              error={cellErrors[`options.${i}.name`] ?? cellErrors[`options.${i}.values`]}
              onChange={(next) => setOptions(options.map((o, n) => (n === i ? next : o)))}
              onRemove={() => setOptions(options.filter((_, n) => n !== i))}
              onMove={(by) => {
                const next = [...options];
                const [moved] = next.splice(i, 1);
                if (moved) next.splice(i + by, 0, moved);
                setOptions(next);
              }}
            />
          ))}
        </ol>
      ) : null}
      {error ? (
        <p role="alert" className="mb-2 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <button
        type="button"
        className="btn-outline"
        disabled={options.length >= MAX_OPTIONS || draft.loading}
        onClick={() => setOptions([...options, { name: suggestion, values: [] }])}
      >
        Add option
      </button>
    </fieldset>
  );
}

/** A per-variant attribute's column heading: "Capacity (mAh)". */
function specHeading(a: SpecAttribute): string {
  return a.unit ? `${a.name} (${a.unit})` : a.name;
}

/**
 * The variant grid: one row per combination (unticked "sold": not created), SKU, EAN, MRP,
 * selling price, stock and tracking, weight, a column per per-variant attribute of the
 * category's template (`attributes`: a number with its unit, a select for a list or yes / no,
 * text; an option that is the attribute fills its cells until typed over) and images. Fill down copies the first row's value
 * (of the selected rows, or of all) to the others; +/- % changes MRP or selling price of the
 * selected rows (or all), rounded to whole rupees, leaving out and listing rows it would give a
 * selling price above the MRP. Errors (the form's and the server's) show on their cell.
 */
export function VariantGrid({
  draft,
  pictures,
  error,
  attributes = [],
}: {
  draft: VariantsDraft;
  pictures: readonly string[];
  error: string | undefined;
  attributes?: readonly SpecAttribute[] | undefined;
}) {
  const id = useId();
  const { rows, selected, setSelected, cellErrors, updateRow, setRows, broken, setBroken, replaceVariant, options } = draft;
  const [percentColumn, setPercentColumn] = useState<'price' | 'sellingPrice'>('sellingPrice');
  const [percent, setPercent] = useState('');
  const [percentError, setPercentError] = useState<string | undefined>(undefined);
  const utils = trpc.useUtils();
  const archive = trpc.catalog.archiveVariant.useMutation();
  const restore = trpc.catalog.restoreVariant.useMutation();
  const [rowActionError, setRowActionError] = useState<Record<string, string>>({});
  const live = editableRows(rows);
  const savedLive = rows.filter((r) => r.id !== undefined && !r.archived);
  const chosen = live.filter((r) => selected.has(r.key));
  const scope = chosen.length > 0 ? `${chosen.length} selected` : 'all rows';

  const fill = (column: GridColumn) => {
    const attribute = attributes.find((a) => specColumn(a.key) === column);
    setRows(fillDown(rows, column, selected, attribute ? { attribute, options } : undefined));
  };
  const labelOf = (column: GridColumn) => {
    const attribute = attributes.find((a) => specColumn(a.key) === column);
    return attribute ? specHeading(attribute) : COLUMN_LABELS[column as keyof typeof COLUMN_LABELS];
  };
  const applyPercent = () => {
    const value = Number(percent.trim());
    if (percent.trim() === '' || !Number.isFinite(value) || value <= -100) {
      setPercentError('Type a percentage, e.g. 5 or -10');
      return;
    }
    setPercentError(undefined);
    const result = adjustPercent(rows, percentColumn, value, selected);
    setRows(result.rows);
    setBroken(result.broken);
  };
  const toggleSelected = (key: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(key);
    else next.delete(key);
    setSelected(next);
  };
  const runRowAction = async (row: VariantRow, action: 'archive' | 'restore') => {
    if (!row.id) return;
    try {
      const variant = await (action === 'archive' ? archive : restore).mutateAsync({ variantId: row.id });
      replaceVariant(variant);
      setRowActionError((current) => ({ ...current, [row.key]: '' }));
      void Promise.all([utils.admin.products.invalidate(), utils.admin.dashboard.invalidate(), utils.catalog.invalidate()]);
    } catch (caught) {
      setRowActionError((current) => ({ ...current, [row.key]: errorMessage(caught) }));
    }
  };

  const cellId = (row: VariantRow, column: string) => `${id}-${rows.indexOf(row)}-${column}`;
  const errorOf = (row: VariantRow, column: string) => cellErrors[cellKey(row.key, column)];
  const cellInput = (
    row: VariantRow,
    column: 'sku' | 'ean' | 'price' | 'sellingPrice' | 'lowStockLevel' | 'weightGrams',
    extra: { className: string; inputMode?: 'numeric' | 'decimal'; placeholder?: string; disabled?: boolean },
  ) => {
    const message = errorOf(row, column);
    const disabled = !row.sold || row.archived || extra.disabled === true;
    const label = `${COLUMN_LABELS[column]} of ${variantLabel(row.optionValues) || 'the product'}`;
    return (
      <td className="px-1 py-1 align-top">
        <input
          id={cellId(row, column)}
          name={`${column}-${rows.indexOf(row)}`}
          className={`field h-9 px-2 text-sm ${extra.className}`}
          inputMode={extra.inputMode}
          placeholder={extra.placeholder}
          value={row[column]}
          disabled={disabled}
          aria-label={label}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${cellId(row, column)}-error` : undefined}
          onChange={(event) => updateRow(row.key, column === 'sku' ? { sku: event.target.value, skuTyped: true } : { [column]: event.target.value })}
        />
        {message ? (
          <p id={`${cellId(row, column)}-error`} role="alert" className="mt-0.5 max-w-40 text-xs font-medium text-red-700">
            {message}
          </p>
        ) : null}
      </td>
    );
  };
  /** A per-variant attribute's cell: typed per the template (its errors, the form's and the server's, under it). */
  const specInput = (row: VariantRow, a: SpecAttribute) => {
    const column = specColumn(a.key);
    const message = errorOf(row, column);
    const disabled = !row.sold || row.archived;
    const label = `${specHeading(a)} of ${variantLabel(row.optionValues) || 'the product'}`;
    const value = specCell(row, a, options);
    const fromOption = row.specs[a.key] === undefined && value !== '';
    const common = {
      id: cellId(row, column),
      name: `${column}-${rows.indexOf(row)}`,
      value,
      disabled,
      'aria-label': label,
      'aria-invalid': message ? true : undefined,
      'aria-describedby': message ? `${cellId(row, column)}-error` : undefined,
      title: fromOption ? `From the option ${options[optionIndexOf(a, options)]?.name ?? ''}` : undefined,
      onChange: (event: { target: { value: string } }) => updateRow(row.key, { specs: { ...row.specs, [a.key]: event.target.value } }),
    };
    return (
      <td key={column} className="px-1 py-1 align-top" data-testid={`spec-cell-${a.key}`}>
        {a.type === 'list' || a.type === 'yesno' ? (
          <select {...common} className="field h-9 w-24 px-1 py-0 text-sm">
            <option value="">Not given</option>
            {(a.type === 'yesno' ? ['yes', 'no'] : a.options).map((option) => (
              <option key={option} value={option}>
                {a.type === 'yesno' ? (option === 'yes' ? 'Yes' : 'No') : option}
              </option>
            ))}
          </select>
        ) : (
          <input
            {...common}
            className={`field h-9 px-2 text-sm ${a.type === 'number' ? 'w-20' : 'w-28'}`}
            inputMode={a.type === 'number' ? 'decimal' : undefined}
            placeholder={a.type === 'number' && a.unit ? a.unit : undefined}
          />
        )}
        {message ? (
          <p id={`${cellId(row, column)}-error`} role="alert" className="mt-0.5 max-w-40 text-xs font-medium text-red-700">
            {message}
          </p>
        ) : null}
      </td>
    );
  };
  const fillButton = (column: GridColumn) => (
    <button
      type="button"
      className="ml-1 rounded px-1 text-xs font-semibold text-brand-700 hover:bg-brand-50"
      onClick={() => fill(column)}
      aria-label={`Fill down ${labelOf(column)}`}
      title={`Fill down: the first of ${scope}`}
    >
      ↓
    </button>
  );

  if (draft.loading) {
    return (
      <p className="text-sm text-zinc-600" aria-live="polite">
        {draft.loadError ? errorMessage(draft.loadError) : 'Loading the variants…'}
      </p>
    );
  }
  if (rows.length === 0) return null;

  return (
    <fieldset className="rounded-xl border border-zinc-200 px-4 pt-2 pb-4" data-testid="variant-grid">
      <legend className="px-1 text-sm font-semibold text-zinc-900">Variants</legend>
      <div className="mb-2 flex flex-wrap items-end gap-3 text-sm">
        <p className="text-xs text-zinc-600">
          {live.length} of {rows.length} combinations sold. Untick one that is not sold. ↓ fills a column down from the first of {scope}.
        </p>
        <div className="ml-auto flex items-end gap-2">
          <label htmlFor={`${id}-percent-column`} className="sr-only">
            Change
          </label>
          <select
            id={`${id}-percent-column`}
            className="field h-9 w-36 px-2 py-0 text-sm"
            value={percentColumn}
            onChange={(event) => setPercentColumn(event.target.value as 'price' | 'sellingPrice')}
          >
            <option value="sellingPrice">Selling price</option>
            <option value="price">MRP</option>
          </select>
          <label htmlFor={`${id}-percent`} className="text-sm text-zinc-800">
            +/- %
          </label>
          <input
            id={`${id}-percent`}
            className="field h-9 w-20 px-2 text-sm"
            inputMode="decimal"
            value={percent}
            placeholder="-10"
            onChange={(event) => setPercent(event.target.value)}
            aria-describedby={percentError ? `${id}-percent-error` : undefined}
          />
          <button type="button" className="btn-outline h-9 px-3 text-sm" onClick={applyPercent}>
            Apply to {scope}
          </button>
        </div>
      </div>
      {percentError ? (
        <p id={`${id}-percent-error`} role="alert" className="mb-2 text-sm font-medium text-red-700">
          {percentError}
        </p>
      ) : null}
      {broken.length > 0 ? (
        <div role="alert" className="mb-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="percent-broken">
          Not changed, the selling price would be above the MRP:
          <ul className="list-disc pl-5">
            {broken.map((b) => (
              <li key={b.key}>
                {b.label}: selling {formatINR(rupeesToPaise(b.sellingPrice))} &gt; MRP {formatINR(rupeesToPaise(b.price))}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="mb-2 rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {error}
        </p>
      ) : null}
      <table className="w-full border-collapse text-left text-sm">
        <thead>
          <tr className="border-b border-zinc-200 text-xs text-zinc-700">
            <th scope="col" className="w-8 px-1 py-1">
              <input
                type="checkbox"
                className="size-4 accent-brand-700"
                aria-label="Select all rows"
                checked={live.length > 0 && chosen.length === live.length}
                onChange={(event) => setSelected(new Set(event.target.checked ? live.map((r) => r.key) : []))}
              />
            </th>
            <th scope="col" className="px-1 py-1">
              Sold · combination
            </th>
            <th scope="col" className="px-1 py-1">
              {COLUMN_LABELS.sku}
            </th>
            <th scope="col" className="px-1 py-1">
              {COLUMN_LABELS.ean} {fillButton('ean')}
            </th>
            <th scope="col" className="px-1 py-1">
              {COLUMN_LABELS.price} {fillButton('price')}
            </th>
            <th scope="col" className="px-1 py-1">
              {COLUMN_LABELS.sellingPrice} {fillButton('sellingPrice')}
            </th>
            <th scope="col" className="px-1 py-1">
              {COLUMN_LABELS.stock} {fillButton('stock')}
            </th>
            <th scope="col" className="px-1 py-1" title="Mailed to the admins when the stock comes down to this many units; empty: the shop’s default (Settings → Stock alerts)">
              {COLUMN_LABELS.lowStockLevel} {fillButton('lowStockLevel')}
            </th>
            <th scope="col" className="px-1 py-1">
              {COLUMN_LABELS.weightGrams} {fillButton('weightGrams')}
            </th>
            {attributes.map((a) => (
              <th key={a.key} scope="col" className="px-1 py-1">
                {specHeading(a)} {fillButton(specColumn(a.key))}
              </th>
            ))}
            <th scope="col" className="px-1 py-1">
              {COLUMN_LABELS.images} {fillButton('images')}
            </th>
            <th scope="col" className="px-1 py-1">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const label = variantLabel(row.optionValues) || 'The product';
            const rowError = errorOf(row, 'row') ?? rowActionError[row.key];
            const isLastLive = row.id !== undefined && !row.archived && savedLive.length <= 1;
            return (
              <tr
                key={row.key}
                className={`border-b border-zinc-100 ${row.sold && !row.archived ? '' : 'bg-zinc-50 text-zinc-500'} ${rowError || broken.some((b) => b.key === row.key) ? 'bg-amber-50' : ''}`}
                data-testid="variant-row"
                data-row={label}
              >
                <td className="px-1 py-1 align-top">
                  <input
                    type="checkbox"
                    className="mt-2 size-4 accent-brand-700"
                    aria-label={`Select ${label}`}
                    checked={selected.has(row.key)}
                    disabled={!row.sold || row.archived}
                    onChange={(event) => toggleSelected(row.key, event.target.checked)}
                  />
                </td>
                <td className="px-1 py-1 align-top">
                  <span className="flex items-center gap-2 pt-1.5">
                    {row.id === undefined ? (
                      <input
                        type="checkbox"
                        className="size-4 accent-brand-700"
                        aria-label={`Sold: ${label}`}
                        checked={row.sold}
                        onChange={(event) => updateRow(row.key, { sold: event.target.checked })}
                      />
                    ) : null}
                    <span className="font-medium text-zinc-900">{label}</span>
                    {row.archived ? <span className="rounded-full bg-zinc-200 px-1.5 text-xs font-bold text-zinc-700">Archived</span> : null}
                  </span>
                  {rowError ? (
                    <p role="alert" className="mt-0.5 max-w-52 text-xs font-medium text-red-700" data-testid="row-error">
                      {rowError}
                    </p>
                  ) : null}
                </td>
                {cellInput(row, 'sku', { className: 'w-32' })}
                {cellInput(row, 'ean', { className: 'w-32', inputMode: 'numeric' })}
                {cellInput(row, 'price', { className: 'w-20', inputMode: 'decimal' })}
                {cellInput(row, 'sellingPrice', { className: 'w-20', inputMode: 'decimal' })}
                <td className="px-1 py-1 align-top">
                  <span className="flex items-center gap-1">
                    <input
                      type="checkbox"
                      className="size-4 shrink-0 accent-brand-700"
                      aria-label={`Track stock of ${label}`}
                      checked={row.trackStock}
                      disabled={!row.sold || row.archived}
                      onChange={(event) => updateRow(row.key, { trackStock: event.target.checked })}
                    />
                    <input
                      id={cellId(row, 'stock')}
                      className="field h-9 w-20 px-2 text-sm"
                      inputMode="numeric"
                      value={row.trackStock ? row.stock : ''}
                      placeholder={row.trackStock ? undefined : 'Not counted'}
                      disabled={!row.sold || row.archived || !row.trackStock}
                      aria-label={`${COLUMN_LABELS.stock} of ${label}`}
                      aria-invalid={errorOf(row, 'stock') ? true : undefined}
                      aria-describedby={errorOf(row, 'stock') ? `${cellId(row, 'stock')}-error` : undefined}
                      onChange={(event) => updateRow(row.key, { stock: event.target.value })}
                    />
                  </span>
                  {errorOf(row, 'stock') ? (
                    <p id={`${cellId(row, 'stock')}-error`} role="alert" className="mt-0.5 max-w-40 text-xs font-medium text-red-700">
                      {errorOf(row, 'stock')}
                    </p>
                  ) : null}
                </td>
                {cellInput(row, 'lowStockLevel', {
                  className: 'w-16',
                  inputMode: 'numeric',
                  placeholder: row.trackStock ? 'Default' : 'Not counted',
                  disabled: !row.trackStock,
                })}
                {cellInput(row, 'weightGrams', { className: 'w-16', inputMode: 'numeric' })}
                {attributes.map((a) => specInput(row, a))}
                <td className="px-1 py-1 align-top">
                  <details className="relative">
                    <summary className="cursor-pointer pt-2 text-xs font-semibold text-brand-700" aria-label={`Images of ${label}`}>
                      {row.images.length === 0 ? 'Product’s' : `${row.images.length} picture${row.images.length === 1 ? '' : 's'}`}
                    </summary>
                    <div className="absolute right-0 z-10 mt-1 w-64 rounded-xl border border-zinc-200 bg-white p-2 shadow-lg">
                      {pictures.length === 0 ? (
                        <p className="text-xs text-zinc-600">Upload the product’s pictures above, then tick this variant’s.</p>
                      ) : (
                        <ul className="grid grid-cols-4 gap-1">
                          {pictures.map((url, n) => (
                            <li key={url}>
                              <label className="relative block cursor-pointer">
                                <input
                                  type="checkbox"
                                  className="absolute left-1 top-1 size-4 accent-brand-700"
                                  checked={row.images.includes(url)}
                                  disabled={!row.sold || row.archived}
                                  aria-label={`Picture ${n + 1} for ${label}`}
                                  onChange={(event) =>
                                    updateRow(row.key, {
                                      images: event.target.checked ? pictures.filter((p) => p === url || row.images.includes(p)) : row.images.filter((p) => p !== url),
                                    })
                                  }
                                />
                                <ProductImage
                                  url={url}
                                  alt=""
                                  sizes="56px"
                                  width={56}
                                  height={56}
                                  className="aspect-square w-full rounded-lg border border-zinc-200 object-contain"
                                />
                              </label>
                            </li>
                          ))}
                        </ul>
                      )}
                      <p className="mt-1 text-xs text-zinc-600">None ticked: the product’s pictures.</p>
                    </div>
                  </details>
                </td>
                <td className="px-1 py-1 align-top">
                  {row.id !== undefined && !row.archived ? (
                    <button
                      type="button"
                      className="btn-ghost h-9 px-2 text-xs"
                      disabled={isLastLive || archive.isPending}
                      title={isLastLive ? 'The last variant on sale cannot be archived: archive the product instead' : undefined}
                      aria-label={`Archive ${label}`}
                      onClick={() => void runRowAction(row, 'archive')}
                    >
                      Archive
                    </button>
                  ) : null}
                  {row.archived ? (
                    <button
                      type="button"
                      className="btn-ghost h-9 px-2 text-xs"
                      disabled={restore.isPending}
                      aria-label={`Restore ${label}`}
                      onClick={() => void runRowAction(row, 'restore')}
                    >
                      Restore
                    </button>
                  ) : null}
                  {isLastLive && rows.length > 1 ? <p className="max-w-24 text-xs text-zinc-600">Last on sale: archive the product instead</p> : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </fieldset>
  );
}

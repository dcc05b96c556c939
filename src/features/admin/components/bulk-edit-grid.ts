import { hasAtMostTwoDecimals, rupeesToPaise } from '../../../../shared/money';
import { STOCK_MAX } from '../../../../shared/schemas/catalog';
import type { BulkGridRow, BulkUpdateResult, BulkUpdateRow } from '../../../../shared/schemas/bulk-edit';

/**
 * The bulk edit grid's arithmetic, apart from the screen: a row's edits as typed (rupees, units),
 * their checks (the product form's: MRP and selling price more than 0 with at most 2 decimals,
 * selling price not above the MRP, stock a whole number 0 or more), the selection, the +/- by a
 * percentage or an amount (rounded to the whole rupee), and the save's rows and summary.
 */

/** A row the admin touched: the figures as loaded (sent back as `expected`) and as typed. */
export type GridDraft = {
  loaded: BulkGridRow;
  /** MRP in rupees, as typed. */
  price: string;
  sellingPrice: string;
  /** Units as typed ('' for a variant that does not track stock). */
  stock: string;
  archived: boolean;
};

export type Drafts = Readonly<Record<string, GridDraft>>;

export type RowErrors = Partial<Record<'price' | 'sellingPrice' | 'stock', string>>;

/** 129950 -> "1299.50", 129900 -> "1299": what a cell shows to edit. */
export function rupeesText(paise: number): string {
  return paise % 100 === 0 ? String(paise / 100) : (paise / 100).toFixed(2);
}

export function draftOf(row: BulkGridRow): GridDraft {
  return { loaded: row, price: rupeesText(row.price), sellingPrice: rupeesText(row.sellingPrice), stock: row.trackStock ? String(row.stock) : '', archived: row.archived };
}

/** The row as the grid shows it: its draft, or as loaded. */
export function shown(drafts: Drafts, row: BulkGridRow): GridDraft {
  return drafts[row.variantId] ?? draftOf(row);
}

/** Paise from a typed price ("1,299.50", "₹ 1299"), or the problem. */
export function parseRupeeInput(text: string): { paise: number } | { error: string } {
  const cleaned = text.trim().replace(/^₹\s*/, '').replace(/,/g, '');
  if (cleaned === '') return { error: 'is required' };
  const value = Number(cleaned);
  if (!/^\d+(\.\d+)?$/.test(cleaned) || !Number.isFinite(value)) return { error: 'must be a number of rupees' };
  if (value <= 0) return { error: 'must be more than 0' };
  if (!hasAtMostTwoDecimals(value)) return { error: 'at most 2 decimals' };
  return { paise: rupeesToPaise(value) };
}

export function rowErrors(d: GridDraft): RowErrors {
  const errors: RowErrors = {};
  const mrp = parseRupeeInput(d.price);
  const selling = parseRupeeInput(d.sellingPrice);
  if ('error' in mrp) errors.price = `MRP ${mrp.error}`;
  if ('error' in selling) errors.sellingPrice = `Selling price ${selling.error}`;
  if ('paise' in mrp && 'paise' in selling && selling.paise > mrp.paise) errors.sellingPrice = 'Selling price is above the MRP';
  if (d.loaded.trackStock) {
    const text = d.stock.trim();
    if (!/^\d+$/.test(text)) errors.stock = 'Stock must be a whole number, 0 or more';
    else if (Number(text) > STOCK_MAX) errors.stock = `Stock must be at most ${STOCK_MAX}`;
  }
  return errors;
}

/** What a draft changes, in paise and units (a field left out is unchanged or not valid). */
function changesOf(d: GridDraft): { price?: number; sellingPrice?: number; stock?: number; archived?: boolean } {
  const out: { price?: number; sellingPrice?: number; stock?: number; archived?: boolean } = {};
  const mrp = parseRupeeInput(d.price);
  const selling = parseRupeeInput(d.sellingPrice);
  if ('paise' in mrp && mrp.paise !== d.loaded.price) out.price = mrp.paise;
  if ('paise' in selling && selling.paise !== d.loaded.sellingPrice) out.sellingPrice = selling.paise;
  if (d.loaded.trackStock && /^\d+$/.test(d.stock.trim()) && Number(d.stock) !== d.loaded.stock) out.stock = Number(d.stock);
  if (d.archived !== d.loaded.archived) out.archived = d.archived;
  return out;
}

/** Whether a cell differs from what was loaded (a cell that is not a figure counts as changed). */
export function cellChanged(d: GridDraft, cell: 'price' | 'sellingPrice' | 'stock'): boolean {
  if (cell === 'stock') return d.loaded.trackStock && d.stock.trim() !== String(d.loaded.stock);
  const parsed = parseRupeeInput(d[cell]);
  return !('paise' in parsed) || parsed.paise !== d.loaded[cell];
}

export function isChanged(d: GridDraft): boolean {
  return Object.keys(changesOf(d)).length > 0;
}

// ---- Selection ----

export function toggle(selected: ReadonlySet<string>, id: string, on: boolean): Set<string> {
  const next = new Set(selected);
  if (on) next.add(id);
  else next.delete(id);
  return next;
}

/** Ticks (or unticks) every row of the page, keeping the selection on other pages. */
export function selectPage(selected: ReadonlySet<string>, pageIds: readonly string[], on: boolean): Set<string> {
  const next = new Set(selected);
  for (const id of pageIds) {
    if (on) next.add(id);
    else next.delete(id);
  }
  return next;
}

export function pageSelection(selected: ReadonlySet<string>, pageIds: readonly string[]): 'all' | 'some' | 'none' {
  const n = pageIds.filter((id) => selected.has(id)).length;
  if (n === 0) return 'none';
  return n === pageIds.length ? 'all' : 'some';
}

// ---- +/- by a percentage or an amount ----

export type Adjustment = { by: 'percent' | 'amount'; /** Signed: +10, -5. Rupees for an amount. */ value: number };
export type AdjustTarget = 'sellingPrice' | 'price' | 'both';

/** A price raised or cut, rounded to the whole rupee (never below ₹1). */
export function adjustPaise(paise: number, a: Adjustment): number {
  const raw = a.by === 'percent' ? paise * (1 + a.value / 100) : paise + a.value * 100;
  return Math.max(100, Math.round(raw / 100) * 100);
}

/** "+10", "-5", "12.5" -> the number; null for anything else (or 0). */
export function parseAdjustment(text: string): number | null {
  const cleaned = text
    .trim()
    .replace(/\u2212/g, '-')
    .replace(/\s+/g, '');
  if (!/^[+-]?\d+(\.\d+)?$/.test(cleaned)) return null;
  const value = Number(cleaned);
  return value === 0 ? null : value;
}

export type BrokenRow = { variantId: string; sku: string; price: number; sellingPrice: number };

/**
 * Applies `a` to the MRP, the selling price or both of the `rows` (the selected ones, with the
 * drafts over them). A row the change would leave with a selling price above its MRP, or whose
 * typed price is not a price, is left as it is and listed in `broken` (with the figures it would
 * have had).
 */
export function applyAdjustment(drafts: Drafts, rows: readonly BulkGridRow[], target: AdjustTarget, a: Adjustment): { drafts: Record<string, GridDraft>; broken: BrokenRow[] } {
  const next: Record<string, GridDraft> = { ...drafts };
  const broken: BrokenRow[] = [];
  for (const row of rows) {
    const d = shown(drafts, row);
    const mrp = parseRupeeInput(d.price);
    const selling = parseRupeeInput(d.sellingPrice);
    if (!('paise' in mrp) || !('paise' in selling)) {
      broken.push({ variantId: row.variantId, sku: row.sku, price: NaN, sellingPrice: NaN });
      continue;
    }
    const price = target === 'sellingPrice' ? mrp.paise : adjustPaise(mrp.paise, a);
    const sellingPrice = target === 'price' ? selling.paise : adjustPaise(selling.paise, a);
    if (sellingPrice > price) {
      broken.push({ variantId: row.variantId, sku: row.sku, price, sellingPrice });
      continue;
    }
    next[row.variantId] = { ...d, price: rupeesText(price), sellingPrice: rupeesText(sellingPrice) };
  }
  return { drafts: next, broken };
}

/** Archive (true) or restore (false) the rows. */
export function setArchived(drafts: Drafts, rows: readonly BulkGridRow[], archived: boolean): Record<string, GridDraft> {
  const next: Record<string, GridDraft> = { ...drafts };
  for (const row of rows) next[row.variantId] = { ...shown(drafts, row), archived };
  return next;
}

// ---- Review and save ----

export type ReviewLine = { variantId: string; sku: string; name: string; changes: { field: string; from: string; to: string }[] };
export type Review = {
  rows: BulkUpdateRow[];
  /** Rows with errors (by variant id): nothing is saved while any is left. */
  errors: Record<string, RowErrors>;
  counts: { variants: number; prices: number; stock: number; archived: number; restored: number };
  lines: ReviewLine[];
};

const inr = (paise: number) => `₹${(paise / 100).toLocaleString('en-IN', { maximumFractionDigits: 2 })}`;

/** The save's rows (only what changed) with the figures each was loaded with, the errors left, and the summary. */
export function review(drafts: Drafts): Review {
  const out: Review = { rows: [], errors: {}, counts: { variants: 0, prices: 0, stock: 0, archived: 0, restored: 0 }, lines: [] };
  for (const d of Object.values(drafts)) {
    const errors = rowErrors(d);
    if (Object.keys(errors).length > 0) {
      out.errors[d.loaded.variantId] = errors;
      continue;
    }
    const set = changesOf(d);
    if (Object.keys(set).length === 0) continue;
    const { loaded } = d;
    out.rows.push({
      variantId: loaded.variantId,
      expected: { price: loaded.price, sellingPrice: loaded.sellingPrice, ...(loaded.trackStock ? { stock: loaded.stock } : {}) },
      set,
    });
    const changes: ReviewLine['changes'] = [];
    if (set.price !== undefined) changes.push({ field: 'MRP', from: inr(loaded.price), to: inr(set.price) });
    if (set.sellingPrice !== undefined) changes.push({ field: 'Selling price', from: inr(loaded.sellingPrice), to: inr(set.sellingPrice) });
    if (set.stock !== undefined) changes.push({ field: 'Stock', from: String(loaded.stock), to: String(set.stock) });
    if (set.archived !== undefined) changes.push({ field: 'On sale', from: loaded.archived ? 'archived' : 'on sale', to: set.archived ? 'archived' : 'on sale' });
    out.lines.push({ variantId: loaded.variantId, sku: loaded.sku, name: loaded.label ? `${loaded.productName} (${loaded.label})` : loaded.productName, changes });
    out.counts.variants += 1;
    if (set.price !== undefined || set.sellingPrice !== undefined) out.counts.prices += 1;
    if (set.stock !== undefined) out.counts.stock += 1;
    if (set.archived === true) out.counts.archived += 1;
    if (set.archived === false) out.counts.restored += 1;
  }
  return out;
}

/**
 * The drafts after a save: saved rows are done (their drafts go); a refused row keeps what the
 * admin typed over the figures it has now (so Review shows the change from those), with the
 * reason to show on it; a row whose variant is gone goes.
 */
export function afterSave(drafts: Drafts, result: BulkUpdateResult): { drafts: Record<string, GridDraft>; refusals: Record<string, string> } {
  const next: Record<string, GridDraft> = { ...drafts };
  const refusals: Record<string, string> = {};
  for (const row of result.saved) delete next[row.variantId];
  for (const r of result.refused) {
    refusals[r.variantId] = r.message;
    const d = next[r.variantId];
    if (!d || !r.current) {
      delete next[r.variantId];
      continue;
    }
    next[r.variantId] = { ...d, loaded: r.current };
  }
  return { drafts: next, refusals };
}

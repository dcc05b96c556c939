import { useSyncExternalStore } from 'react';
import { COMPARE_MAX } from '../../../shared/compare';
import { COMPARE_EVENT, COMPARE_STORAGE_KEY, subscribeToCompare } from './compare-signal';

/**
 * The shopper's choice of products to compare: up to COMPARE_MAX of one category, kept in
 * localStorage so it survives navigation (and reloads), read after hydration so the server's
 * markup (no selection) matches. The rules are pure functions (`addTo`); the store applies them,
 * persists and tells every subscriber.
 */

/** What the tray shows of a chosen product, and what the rules need. */
export type CompareItem = { _id: string; productName: string; category: string; image: string | null };

/** Why a tick was refused: the selection is full, or holds another category (`item` can start a new one). */
export type CompareNotice = { kind: 'full' } | { kind: 'other-category'; item: CompareItem; current: string };

export type AddOutcome = { ok: true; selection: CompareItem[] } | { ok: false; notice: CompareNotice };

export const FULL_MESSAGE = `You can compare up to ${COMPARE_MAX} products`;

/** The selection with `item` added at the end; refused when full or of another category. Adding a chosen product changes nothing. */
export function addTo(selection: readonly CompareItem[], item: CompareItem): AddOutcome {
  if (selection.some((s) => s._id === item._id)) return { ok: true, selection: [...selection] };
  const first = selection[0];
  if (first && first.category !== item.category) return { ok: false, notice: { kind: 'other-category', item, current: first.category } };
  if (selection.length >= COMPARE_MAX) return { ok: false, notice: { kind: 'full' } };
  return { ok: true, selection: [...selection, item] };
}

function isItem(value: unknown): value is CompareItem {
  const v = value as CompareItem;
  return typeof v === 'object' && v !== null && typeof v._id === 'string' && typeof v.productName === 'string' && typeof v.category === 'string';
}

/** The stored selection; anything unreadable (or breaking the rules) reads as what fits. */
export function readStoredSelection(): CompareItem[] {
  try {
    const value: unknown = JSON.parse(window.localStorage.getItem(COMPARE_STORAGE_KEY) ?? '[]');
    if (!Array.isArray(value)) return [];
    let selection: CompareItem[] = [];
    for (const raw of value) {
      if (!isItem(raw)) continue;
      const outcome = addTo(selection, { _id: raw._id, productName: raw.productName, category: raw.category, image: typeof raw.image === 'string' ? raw.image : null });
      if (outcome.ok) selection = outcome.selection;
    }
    return selection;
  } catch {
    return [];
  }
}

const EMPTY: CompareItem[] = [];
let snapshot: { text: string; selection: CompareItem[] } | null = null;
let notice: CompareNotice | null = null;

function current(): CompareItem[] {
  let text: string;
  try {
    text = window.localStorage.getItem(COMPARE_STORAGE_KEY) ?? '[]';
  } catch {
    text = '[]';
  }
  if (snapshot?.text !== text) snapshot = { text, selection: readStoredSelection() };
  return snapshot.selection.length === 0 ? EMPTY : snapshot.selection;
}

function announce(): void {
  window.dispatchEvent(new Event(COMPARE_EVENT));
}

/** Replaces the selection (the compare page's address sets it); an empty one is removed from storage. */
export function setSelection(items: readonly CompareItem[]): void {
  let selection: CompareItem[] = [];
  for (const item of items) {
    const outcome = addTo(selection, item);
    if (outcome.ok) selection = outcome.selection;
  }
  try {
    if (selection.length === 0) window.localStorage.removeItem(COMPARE_STORAGE_KEY);
    else window.localStorage.setItem(COMPARE_STORAGE_KEY, JSON.stringify(selection));
  } catch {
    // Private mode or a full quota: the selection lasts as long as this page.
  }
  notice = null;
  announce();
}

/** Ticks a product: added, or refused with a notice the tray shows. Returns whether it was added. */
export function addToSelection(item: CompareItem): boolean {
  const outcome = addTo(current(), item);
  if (!outcome.ok) {
    notice = outcome.notice;
    announce();
    return false;
  }
  setSelection(outcome.selection);
  return true;
}

export function removeFromSelection(id: string): void {
  setSelection(current().filter((item) => item._id !== id));
}

/** Starts a new comparison with this product alone (the answer to a tick of another category). */
export function startNewComparison(item: CompareItem): void {
  setSelection([item]);
}

export function clearNotice(): void {
  if (notice === null) return;
  notice = null;
  announce();
}

const serverSelection = (): CompareItem[] => EMPTY;
const serverNotice = (): CompareNotice | null => null;

/** The selection: empty on the server and while hydrating (so the markup matches), the stored one after. */
export function useCompareSelection(): CompareItem[] {
  return useSyncExternalStore(subscribeToCompare, current, serverSelection);
}

/** The latest refusal, until the selection changes or it is dismissed. */
export function useCompareNotice(): CompareNotice | null {
  return useSyncExternalStore(subscribeToCompare, () => notice, serverNotice);
}

import { useSyncExternalStore } from 'react';

/*
 * The one piece of Compare every page carries (the root layout): whether a selection is stored,
 * so the tray's code is fetched only once there is one. The selection itself (compare-store.ts)
 * and the tray are lazy chunks.
 */

/** Where the selection is kept (localStorage): a JSON list of CompareItem. */
export const COMPARE_STORAGE_KEY = 'voltmart.compare';
/** Fired on window when this tab changes the selection (other tabs hear `storage`). */
export const COMPARE_EVENT = 'voltmart:compare';

/** Calls `onChange` whenever the selection may have changed (this tab, or another). */
export function subscribeToCompare(onChange: () => void): () => void {
  window.addEventListener(COMPARE_EVENT, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(COMPARE_EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}

function stored(): boolean {
  try {
    const text = window.localStorage.getItem(COMPARE_STORAGE_KEY);
    return text !== null && text !== '[]' && text !== '';
  } catch {
    return false;
  }
}

/** True once the page has hydrated and a selection is stored (false on the server and while hydrating: the markup matches). */
export function useHasCompareSelection(): boolean {
  return useSyncExternalStore(subscribeToCompare, stored, () => false);
}

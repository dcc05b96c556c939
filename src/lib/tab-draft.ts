/*
 * Half-typed forms kept for this tab only, so a reload does not lose them: sessionStorage is
 * per tab (another tab, or the tab reopened tomorrow, starts empty) and is never sent to the
 * server. Only what a shopper types into ordinary fields belongs here, never a password, a
 * code or a card number. Every call tolerates a browser that refuses storage (private modes,
 * a full quota): the form then simply forgets on reload, as before.
 */

const PREFIX = 'voltmart:draft:';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** The draft kept under `key` in this tab, as stored (the caller checks its shape), or null. */
export function readTabDraft(key: string): unknown {
  try {
    const text = storage()?.getItem(PREFIX + key);
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
}

export function writeTabDraft(key: string, value: unknown): void {
  try {
    storage()?.setItem(PREFIX + key, JSON.stringify(value));
  } catch {
    // Storage refused: the draft is not kept, nothing else changes.
  }
}

export function clearTabDraft(key: string): void {
  try {
    storage()?.removeItem(PREFIX + key);
  } catch {
    // Nothing to clear.
  }
}

/** Forgets every draft of this tab: on signing out, nothing typed stays behind for the next person at the screen. */
export function clearTabDrafts(): void {
  const store = storage();
  if (!store) return;
  try {
    const keys = Array.from({ length: store.length }, (_, i) => store.key(i)).filter((key): key is string => key?.startsWith(PREFIX) === true);
    for (const key of keys) store.removeItem(key);
  } catch {
    // Nothing to clear.
  }
}

/**
 * Readable order numbers (issue 29): `<PREFIX>-<YYYY>-<NNNNNN>`, e.g. `VM-2026-000123`. PREFIX is
 * the `orderPrefix` setting (1–4 capital letters or digits) when the number was given, YYYY the
 * year the order was placed on the shop's clock, NNNNNN its place in that year's count (from
 * 000001; 7 digits once past 999,999). The internal id (`_id`) stays what the /api contract and
 * every link use; the number is what people read, type and say on the phone.
 *
 * Zod-free (like pin.ts): the order pages and the admin's search box use it.
 */

export const DEFAULT_ORDER_PREFIX = 'VM';

/** What the `orderPrefix` setting accepts, after trimming and upper-casing. */
export const ORDER_PREFIX_PATTERN = /^[A-Z0-9]{1,4}$/;

/** `VM-2026-000123`. */
export function formatOrderNumber(prefix: string, year: number, n: number): string {
  return `${prefix}-${year}-${String(n).padStart(6, '0')}`;
}

const WELL_FORMED = /^[A-Z0-9]{1,4}-\d{4}-(?:\d{6}|[1-9]\d{6})$/;

export function isOrderNumber(text: string): boolean {
  return WELL_FORMED.test(text);
}

/**
 * The order numbers `typed` may be, as stored (`VM-2026-000123`): any case, with or without the
 * dashes, spaces around or between the parts (` vm 2026 000123 `, `vm2026000123`). Without dashes
 * a prefix ending in digits is ambiguous (`V12026000123` is `V1-2026-000123`, or `V-1202-6000123`),
 * so every reading is returned and the search looks for all of them; [] when none fits.
 */
export function orderNumberCandidates(typed: string): string[] {
  const parts = typed
    .trim()
    .toUpperCase()
    .split(/[\s-]+/)
    .filter(Boolean);
  if (parts.length === 3) {
    const dashed = parts.join('-');
    return isOrderNumber(dashed) ? [dashed] : [];
  }
  const compact = parts.join('');
  if (!/^[A-Z0-9]{11,15}$/.test(compact)) return [];
  const found: string[] = [];
  for (let prefixLength = 1; prefixLength <= 4; prefixLength++) {
    for (const countLength of [6, 7]) {
      if (prefixLength + 4 + countLength !== compact.length) continue;
      const candidate = `${compact.slice(0, prefixLength)}-${compact.slice(prefixLength, prefixLength + 4)}-${compact.slice(prefixLength + 4)}`;
      if (isOrderNumber(candidate)) found.push(candidate);
    }
  }
  return found;
}

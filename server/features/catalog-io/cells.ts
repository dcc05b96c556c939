/**
 * Cells as the file writes them: money in rupees with two decimals ("89999.00"), yes/no, lists
 * joined by " | ", and text guarded against formula injection (a spreadsheet runs a cell that
 * starts with =, +, -, @, a tab or a carriage return as a formula: the export prefixes it with
 * an apostrophe, which the import takes off again).
 */

const FORMULA_START = /^[=+\-@\t\r]/;

export function escapeFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** Takes off the apostrophe the export put before a formula-like cell; any other apostrophe stays. */
export function unescapeFormula(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}

/** 8999900 -> "89999.00" (a plain number a spreadsheet reads as one). */
export function formatRupees(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * Paise from what a sheet holds: "89999", "89999.5", "89,999.00", "₹ 89,999", "Rs. 89999", "INR 89999".
 * Null when it is not a price (the caller names the row and column).
 */
export function parseRupees(text: string): number | null {
  const cleaned = text
    .trim()
    .replace(/^(₹|rs\.?|inr)\s*/i, '')
    .replace(/,/g, '')
    .replace(/\s+/g, '');
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0'));
}

export function formatYesNo(value: boolean): string {
  return value ? 'yes' : 'no';
}

/** yes/no, y/n, true/false, 1/0 (any case); null when it is none of them. */
export function parseYesNo(text: string): boolean | null {
  const word = text.trim().toLowerCase();
  if (['yes', 'y', 'true', '1'].includes(word)) return true;
  if (['no', 'n', 'false', '0'].includes(word)) return false;
  return null;
}

/** A whole number (thousands separators allowed); null when it is not one. */
export function parseWhole(text: string): number | null {
  const cleaned = text.trim().replace(/,/g, '');
  if (!/^-?\d{1,9}(\.0+)?$/.test(cleaned)) return null;
  return Number.parseInt(cleaned, 10);
}

/** A signed whole number of units, as a supplier writes a stock change: "+5", "-2", "−2", "5"; null when it is not one. */
export function parseSignedWhole(text: string): number | null {
  const cleaned = text
    .trim()
    .replace(/\u2212/g, '-')
    .replace(/[,\s]/g, '');
  if (!/^[+-]?\d{1,9}(\.0+)?$/.test(cleaned)) return null;
  return Number.parseInt(cleaned, 10);
}

export const LIST_SEPARATOR = ' | ';

export function splitList(text: string): string[] {
  return text
    .split('|')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

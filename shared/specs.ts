import type { SpecAttribute } from './schemas/categories';

// Spec values (issue 27): what a product (and each of its variants) says for its category's
// spec template, how a value is written from what an owner types, shown on a page and a card,
// indexed as search words, and asked for in an address (?spec.ram=8-&spec.5g=yes). No zod here:
// the storefront's product page and filter panel import it.

/** A stored value: a number (unit stripped), a list's option as the template spells it, yes/no as true/false, or text. */
export type SpecValue = number | string | boolean;
export type SpecValues = Record<string, SpecValue>;

/** The longest text value. */
export const SPEC_TEXT_MAX = 200;
/** Numbers stay within ±this (a sanity bound, far above any real spec). */
export const SPEC_NUMBER_MAX = 1_000_000_000;

export type Normalized = { ok: true; value: SpecValue | null } | { ok: false; message: string };

const unitLabel = (a: Pick<SpecAttribute, 'unit'>) => (a.unit ? ` in ${a.unit}` : '');

/**
 * One value as stored, from what a form or an API call sent: null (or '') clears it. A number
 * may carry its unit and thousands separators ("10,000 mAh"); a list's option and yes/no are
 * matched whatever the case. The message names the attribute.
 */
export function normalizeSpecValue(a: SpecAttribute, raw: unknown): Normalized {
  if (raw === null || raw === undefined || (typeof raw === 'string' && raw.trim() === '')) return { ok: true, value: null };
  switch (a.type) {
    case 'number': {
      let n: number | null = null;
      if (typeof raw === 'number') n = raw;
      else if (typeof raw === 'string') {
        let text = raw.trim().replace(/,/g, '');
        if (a.unit && text.toLowerCase().endsWith(a.unit.toLowerCase())) text = text.slice(0, text.length - a.unit.length).trim();
        if (/^-?\d+(\.\d+)?$/.test(text)) n = Number(text);
      }
      if (n === null || !Number.isFinite(n) || Math.abs(n) > SPEC_NUMBER_MAX) return { ok: false, message: `${a.name} must be a number${unitLabel(a)}` };
      return { ok: true, value: Math.round(n * 1000) / 1000 };
    }
    case 'list': {
      const wanted = typeof raw === 'string' || typeof raw === 'number' ? String(raw).trim().toLowerCase() : null;
      const option = wanted === null ? undefined : a.options.find((o) => o.toLowerCase() === wanted);
      return option === undefined ? { ok: false, message: `${a.name} must be one of: ${a.options.join(', ')}` } : { ok: true, value: option };
    }
    case 'yesno': {
      if (typeof raw === 'boolean') return { ok: true, value: raw };
      const word = typeof raw === 'string' ? raw.trim().toLowerCase() : '';
      if (['yes', 'true'].includes(word)) return { ok: true, value: true };
      if (['no', 'false'].includes(word)) return { ok: true, value: false };
      return { ok: false, message: `${a.name} must be yes or no` };
    }
    case 'text': {
      const text = typeof raw === 'string' || typeof raw === 'number' ? String(raw).trim() : null;
      // eslint-disable-next-line no-control-regex
      if (text === null || text.length > SPEC_TEXT_MAX || /[\u0000-\u001f\u007f]/.test(text)) {
        return { ok: false, message: `${a.name} must be one line of text of at most ${SPEC_TEXT_MAX} characters` };
      }
      return { ok: true, value: text };
    }
  }
}

/** A number as a page shows it: up to two decimals, Indian grouping ("10,000"). */
export function formatSpecNumber(n: number): string {
  return n.toLocaleString('en-IN', { maximumFractionDigits: 2 });
}

/** A value as the Specifications table shows it ("8 GB", "Yes", "AMOLED"). */
export function formatSpecValue(a: Pick<SpecAttribute, 'type' | 'unit'>, value: SpecValue): string {
  if (a.type === 'yesno') return value === true ? 'Yes' : 'No';
  if (typeof value === 'number') return a.unit ? `${formatSpecNumber(value)} ${a.unit}` : formatSpecNumber(value);
  return String(value);
}

/**
 * What a card shows of one on-card attribute, from its values over the product and its live
 * variants: "8 GB RAM", "128/256 GB Storage", "AMOLED", "5G" (a yes; a no shows nothing).
 */
export function cardPart(a: SpecAttribute, values: readonly SpecValue[]): string | null {
  if (values.length === 0) return null;
  if (a.type === 'yesno') return values.includes(true) ? a.name : null;
  if (a.type === 'number') {
    const numbers = [...new Set(values.filter((v): v is number => typeof v === 'number'))].sort((x, y) => x - y);
    const shown = numbers.length > 3 ? [numbers[0] as number, numbers.at(-1) as number] : numbers;
    const joined = shown.map(formatSpecNumber).join(numbers.length > 3 ? '–' : '/');
    return `${joined}${a.unit ? ` ${a.unit}` : ''} ${a.name}`;
  }
  return [...new Set(values.map(String))].join('/');
}

/** The card line: the on-card parts in template order, joined by " · ". */
export function cardLine(template: readonly SpecAttribute[], valuesOf: (key: string) => readonly SpecValue[]): string {
  return template
    .filter((a) => a.onCard)
    .map((a) => cardPart(a, valuesOf(a.key)))
    .filter((part): part is string => part !== null && part !== '')
    .join(' · ');
}

/**
 * The words a value adds to the search document: a number with its unit both spaced and run
 * together and the attribute's name ("RAM 8 GB 8gb", so "8gb ram" and "8 gb" both match); a yes
 * the attribute's name ("5G"); a list's option or a text as written.
 */
export function searchWordsOf(a: SpecAttribute, value: SpecValue): string {
  if (a.type === 'yesno') return value === true ? a.name : '';
  if (typeof value === 'number') {
    const unit = a.unit.replace(/\s+/g, '');
    return unit ? `${a.name} ${value} ${a.unit} ${value}${unit.toLowerCase()}` : `${a.name} ${value}`;
  }
  return String(value);
}

/** The text of a value in the filter index: lower-case, 'yes'/'no' for yes-no, the plain number ('8'). */
export function specIndexText(value: SpecValue): string {
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return String(value).toLowerCase();
}

// ---- Filters in the address ----

/** A spec filter's parameter: `spec.<key>` (repeated for several choices of a list). */
export const SPEC_PARAM_PREFIX = 'spec.';
/** At most this many attributes filter at once, each with at most MAX_SPEC_CHOICES choices. */
export const MAX_SPEC_FILTERS = 12;
export const MAX_SPEC_CHOICES = 30;
export const SPEC_CHOICE_MAX = 60;
export const SPEC_KEY_PATTERN = /^[a-z][a-z0-9_]*$/;

/** Spec filters: attribute key -> its choices (any of them matches). A number's choice is a range. */
export type SpecRefine = Readonly<Record<string, readonly string[]>>;

/** A number filter's choice: `8-` (8 and above), `-12` (up to 12), `4-12`, or `8` (exactly 8). */
export type SpecRange = { min: number | null; max: number | null };

/** The range a choice spells, or null when it is not one ("yes", "AMOLED"). */
export function parseSpecRange(choice: string): SpecRange | null {
  const range = /^(\d+(?:\.\d+)?)?-(\d+(?:\.\d+)?)?$/.exec(choice.trim());
  if (!range || (range[1] === undefined && range[2] === undefined)) return null;
  return { min: range[1] === undefined ? null : Number(range[1]), max: range[2] === undefined ? null : Number(range[2]) };
}

/** The spec filters of an address (`spec.ram=8-&spec.5g=yes`); malformed keys and empty choices left out. */
export function readSpecRefine(params: URLSearchParams): SpecRefine {
  const out: Record<string, string[]> = {};
  for (const [name, raw] of params) {
    if (!name.startsWith(SPEC_PARAM_PREFIX)) continue;
    const key = name.slice(SPEC_PARAM_PREFIX.length);
    const choice = raw.trim();
    if (!SPEC_KEY_PATTERN.test(key) || key.length > 40 || choice === '' || choice.length > SPEC_CHOICE_MAX) continue;
    const list = (out[key] ??= []);
    if (!list.includes(choice) && list.length < MAX_SPEC_CHOICES) list.push(choice);
  }
  return Object.fromEntries(Object.entries(out).slice(0, MAX_SPEC_FILTERS));
}

/** Writes spec filters into `params`, replacing every `spec.*` parameter there was. */
export function writeSpecRefine(params: URLSearchParams, specs: SpecRefine | undefined): void {
  for (const name of [...new Set([...params.keys()])]) if (name.startsWith(SPEC_PARAM_PREFIX)) params.delete(name);
  for (const [key, choices] of Object.entries(specs ?? {})) for (const choice of choices) params.append(`${SPEC_PARAM_PREFIX}${key}`, choice);
}

/** One filterable attribute's facet: its choices with how many products each would show. */
export type SpecFacet = {
  key: string;
  name: string;
  unit: string;
  type: 'number' | 'list' | 'yesno';
  /** number: "8 GB & above" thresholds (value `8-`); list: its options present; yesno: yes / no. */
  choices: { value: string; label: string; count: number }[];
};

/** A row of a product page's Specifications table: the product's value, or each live variant's. */
export type SpecSheetRow = {
  key: string;
  name: string;
  unit: string;
  type: SpecAttribute['type'];
  perVariant: boolean;
  /** The product-level value (null for a per-variant attribute, or none given). */
  value: SpecValue | null;
  /** A per-variant attribute's value by variant id. */
  byVariant: Record<string, SpecValue>;
};

import { hasAtMostTwoDecimals, paiseToRupees, rupeesToPaise } from '../../../../shared/money';
import type { SpecAttribute } from '../../../../shared/schemas/categories';
import { normalizeSpecValue, type SpecValue } from '../../../../shared/specs';
import {
  EanSchema,
  isColourOption,
  MAX_VARIANTS,
  ProductOptionsSchema,
  SkuSchema,
  variantLabel,
  VariantLowStockLevelSchema,
  WEIGHT_MAX_GRAMS,
  type AdminVariant,
  type ProductOption,
  type VariantInput,
} from '../../../../shared/schemas/variants';

/**
 * The admin's variant editor, as plain data (issue 27): the options the owner types, the
 * combinations they propose (one row each, ticked "sold" or not), and the grid's figures as
 * typed (rupees as text). A row is known by its option values, so what was typed stays with a
 * combination while options change around it.
 */

export const OPTION_NAME_SUGGESTIONS = ['Storage', 'Colour', 'RAM', 'Size', 'Strap'] as const;
/** The swatch a colour value starts with, until the owner picks one. */
export const DEFAULT_SWATCH = '#71717a';

export type OptionValueDraft = { value: string; swatch?: string | undefined };
export type OptionDraft = { name: string; values: OptionValueDraft[] };

/** One combination: its option values (in the options' order) and what the grid holds for it. */
export type VariantRow = {
  /** The option values joined by a character no value can hold (see rowKey). */
  key: string;
  optionValues: string[];
  /** Unticked: the combination is not sold (a new one is not created). Existing variants are archived instead. */
  sold: boolean;
  /** An existing variant's id (edit); none for a combination not saved yet. */
  id?: string | undefined;
  archived: boolean;
  sku: string;
  /** False while the SKU is the proposed one (it follows the product name and values). */
  skuTyped: boolean;
  ean: string;
  /** MRP in rupees, as typed. */
  price: string;
  sellingPrice: string;
  trackStock: boolean;
  stock: string;
  /** The exact stock the grid was loaded with (existing variants): sent back as expectedStock. */
  loadedStock?: number | undefined;
  /** Its own low-stock level as typed; '' for the shop's default (Settings → Stock alerts). */
  lowStockLevel: string;
  weightGrams: string;
  /** Picked from the product's pictures; [] = the product's. */
  images: string[];
  /**
   * Its values of the category's per-variant attributes (Storage, Capacity) as typed, by key
   * ('yes' / 'no' for yes-no). A key left out shows (and saves) what the row's option value says,
   * when an option is that attribute (specCell); '' is a cell emptied on purpose.
   */
  specs: Record<string, string>;
};

/** The fixed columns, and a column per per-variant attribute (`spec:<key>`). */
export type GridColumn = 'sku' | 'ean' | 'price' | 'sellingPrice' | 'stock' | 'trackStock' | 'lowStockLevel' | 'weightGrams' | 'images' | `spec:${string}`;

/** The column of a per-variant attribute. */
export function specColumn(key: string): `spec:${string}` {
  return `spec:${key}`;
}
export const FILL_COLUMNS: readonly GridColumn[] = ['ean', 'price', 'sellingPrice', 'stock', 'trackStock', 'lowStockLevel', 'weightGrams', 'images'];

/** Option values never hold a line break (single-line text), so it joins them unambiguously. */
export function rowKey(optionValues: readonly string[]): string {
  return optionValues.join('\n');
}

/** The options that make combinations: named, with at least one value. */
function usableOptions(options: readonly OptionDraft[]): OptionDraft[] {
  return options.filter((o) => o.name.trim() !== '' && o.values.length > 0);
}

/** Every combination of the options' values (the cartesian product), first option slowest. [] without options. */
export function combinations(options: readonly OptionDraft[]): string[][] {
  const usable = usableOptions(options);
  if (usable.length === 0) return [];
  return usable.reduce<string[][]>((acc, option) => acc.flatMap((prefix) => option.values.map((v) => [...prefix, v.value])), [[]]);
}

/** A short code of a product name: its first word with both letters and digits (S24, X74L), else its first word's first 4 letters. */
function nameCode(productName: string): string {
  const words = productName
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .filter(Boolean);
  const model = words.find((w) => /[A-Z]/.test(w) && /\d/.test(w) && w.length <= 8);
  return model ?? (words[0] ?? 'VAR').slice(0, 4);
}

/** A short code of a value: its number (256 GB -> 256, 1.5 m -> 1.5M), else its last word without inner vowels (Marble Grey -> GRY, Black -> BLK). */
function valueCode(value: string): string {
  const upper = value.toUpperCase();
  const number = /\d+(?:\.\d+)?/.exec(upper)?.[0];
  if (number) return number.replace('.', '_');
  const word =
    upper
      .split(/[^A-Z]+/)
      .filter(Boolean)
      .pop() ?? 'X';
  const letters = word[0] + word.slice(1).replace(/[AEIOU]/g, '');
  return letters.length > 3 ? `${letters.slice(0, 2)}${letters.slice(-1)}` : letters;
}

/** The SKU proposed for a combination, e.g. `S24-256-GRY` for "Galaxy S24 5G", 256 GB, Marble Grey. */
export function proposedSku(productName: string, optionValues: readonly string[]): string {
  return [nameCode(productName), ...optionValues.map(valueCode)].join('-').slice(0, 64);
}

function emptyRow(optionValues: string[], productName: string): VariantRow {
  return {
    key: rowKey(optionValues),
    optionValues,
    sold: true,
    archived: false,
    sku: proposedSku(productName, optionValues),
    skuTyped: false,
    ean: '',
    price: '',
    sellingPrice: '',
    trackStock: true,
    stock: '',
    lowStockLevel: '',
    weightGrams: '',
    images: [],
    specs: {},
  };
}

/**
 * The rows for the options as they are now: a combination that was there keeps its row as
 * typed; a new one starts from the row it grew out of (the same values without the option just
 * added, e.g. 128 GB's figures for 128 GB / Black, also from `past`, rows dropped earlier) or empty. Existing variants whose values are
 * no longer a combination stay (the server says what is wrong with them on save). Proposed SKUs
 * follow the product name; two proposals alike get -2, -3.
 */
export function reconcileRows(options: readonly OptionDraft[], previous: readonly VariantRow[], productName: string, past: readonly VariantRow[] = []): VariantRow[] {
  // Rows dropped by earlier changes (a value removed, then typed again) come back as they were.
  const byKey = new Map([
    ...past.map((row): [string, VariantRow] => [row.key, { ...row, id: undefined, archived: false }]),
    ...previous.map((row): [string, VariantRow] => [row.key, row]),
  ]);
  const combos = combinations(options);
  // A product sold without options until now: its one variant becomes the first combination.
  let single = previous.find((row) => row.id !== undefined && row.optionValues.length === 0 && !row.archived);
  const rows = combos.map((values): VariantRow => {
    const kept = byKey.get(rowKey(values));
    if (kept) return kept;
    if (single) {
      const taken = { ...single, key: rowKey(values), optionValues: values };
      single = undefined;
      return taken;
    }
    const parent = [...previous, ...past].find(
      (row) => row.optionValues.length > 0 && row.optionValues.length < values.length && row.optionValues.every((v) => values.includes(v)),
    );
    const fresh = emptyRow(values, productName);
    if (!parent) return fresh;
    const { price, sellingPrice, trackStock, stock, lowStockLevel, weightGrams, specs } = parent;
    return { ...fresh, price, sellingPrice, trackStock, stock, lowStockLevel, weightGrams, specs: { ...specs } };
  });
  const keys = new Set(rows.map((r) => r.key));
  const ids = new Set(rows.map((r) => r.id));
  const orphans = previous.filter((row) => row.id !== undefined && !keys.has(row.key) && !ids.has(row.id));
  return dedupeProposedSkus([...rows, ...orphans], productName);
}

/** Proposed SKUs (not typed, not saved) follow the product name; two alike get -2, -3. */
export function dedupeProposedSkus(rows: VariantRow[], productName: string): VariantRow[] {
  const taken = new Set(rows.filter((r) => r.skuTyped || r.id !== undefined).map((r) => r.sku.toLowerCase()));
  return rows.map((row) => {
    if (row.skuTyped || row.id !== undefined) return row;
    const base = proposedSku(productName, row.optionValues);
    let sku = base;
    for (let n = 2; taken.has(sku.toLowerCase()); n++) sku = `${base}-${n}`;
    taken.add(sku.toLowerCase());
    return sku === row.sku ? row : { ...row, sku };
  });
}

/** Rows from an existing product's variants (catalog.variants): exact stock, prices in rupees. */
export function rowsFromVariants(variants: readonly AdminVariant[]): VariantRow[] {
  return [...variants]
    .sort((a, b) => a.position - b.position)
    .map((v) => ({
      key: rowKey(v.optionValues),
      optionValues: [...v.optionValues],
      sold: v.archivedAt === null,
      id: v._id,
      archived: v.archivedAt !== null,
      sku: v.sku,
      skuTyped: true,
      ean: v.ean ?? '',
      price: String(paiseToRupees(v.price)),
      sellingPrice: String(paiseToRupees(v.sellingPrice)),
      trackStock: v.trackStock,
      stock: v.trackStock ? String(v.stock) : '',
      loadedStock: v.trackStock ? v.stock : undefined,
      lowStockLevel: v.lowStockLevel === null || v.lowStockLevel === undefined ? '' : String(v.lowStockLevel),
      weightGrams: v.weightGrams === null ? '' : String(v.weightGrams),
      images: [...v.images],
      specs: Object.fromEntries(Object.entries(v.specs ?? {}).map(([key, value]) => [key, specText(value)])),
    }));
}

/** A stored value as a cell holds it ('yes' / 'no' for yes-no). */
function specText(value: SpecValue): string {
  return typeof value === 'boolean' ? (value ? 'yes' : 'no') : String(value);
}

const comparable = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * The option that obviously is the attribute: named as it is (any case and punctuation), by its
 * key, or with its unit ("Capacity (mAh)"). -1 when none.
 */
export function optionIndexOf(attribute: SpecAttribute, options: readonly { name: string }[]): number {
  const names = new Set([attribute.name, attribute.key, `${attribute.name} ${attribute.unit}`].map(comparable));
  return options.findIndex((o) => names.has(comparable(o.name)));
}

/**
 * What a row's cell of a per-variant attribute holds: the value typed, else the row's value of
 * the option that is the attribute when it reads as one (option Capacity "10000 mAh" -> 10000 for
 * a number in mAh; a list's option; yes / no), else ''.
 */
export function specCell(row: Pick<VariantRow, 'specs' | 'optionValues'>, attribute: SpecAttribute, options: readonly { name: string }[]): string {
  const typed = row.specs[attribute.key];
  if (typed !== undefined) return typed;
  const index = optionIndexOf(attribute, options);
  const fromOption = index < 0 ? undefined : row.optionValues[index];
  if (fromOption === undefined) return '';
  const read = normalizeSpecValue(attribute, fromOption);
  return read.ok && read.value !== null ? specText(read.value) : '';
}

export function optionsToDrafts(options: readonly ProductOption[]): OptionDraft[] {
  return options.map((o) => ({ name: o.name, values: o.values.map((v) => ({ value: v.value, ...(v.swatch ? { swatch: v.swatch } : {}) })) }));
}

/** The rows the grid works on: combinations sold, live. */
export function editableRows(rows: readonly VariantRow[]): VariantRow[] {
  return rows.filter((r) => r.sold && !r.archived);
}

/** The targets of a grid action: the selected rows that are sold, or every sold row when none is selected. */
function targets(rows: readonly VariantRow[], selected: ReadonlySet<string>): Set<string> {
  const live = editableRows(rows);
  const chosen = live.filter((r) => selected.has(r.key));
  return new Set((chosen.length > 0 ? chosen : live).map((r) => r.key));
}

/** Fill down: the column's value of the first target row copied to the other targets (the selected rows, or all). */
export function fillDown(
  rows: readonly VariantRow[],
  column: GridColumn,
  selected: ReadonlySet<string> = new Set(),
  spec?: { attribute: SpecAttribute; options: readonly { name: string }[] },
): VariantRow[] {
  const to = targets(rows, selected);
  const source = rows.find((r) => to.has(r.key));
  if (!source) return [...rows];
  const specValue = spec ? specCell(source, spec.attribute, spec.options) : '';
  return rows.map((row) => {
    if (!to.has(row.key) || row === source) return row;
    if (column.startsWith('spec:')) return spec ? { ...row, specs: { ...row.specs, [spec.attribute.key]: specValue } } : row;
    if (column === 'images') return { ...row, images: [...source.images] };
    if (column === 'trackStock') return { ...row, trackStock: source.trackStock };
    if (column === 'stock') return { ...row, stock: source.stock, trackStock: source.trackStock };
    if (column === 'sku') return row;
    return { ...row, [column]: source[column as 'ean'] };
  });
}

export type BrokenRow = { key: string; label: string; price: number; sellingPrice: number };

/**
 * +/- % on the MRP or selling price of the target rows, rounded to whole rupees. A row the
 * change would leave with a selling price above its MRP is not changed, and is returned in
 * `broken` (with the figures it would have had) for the grid to show. Rows without a figure
 * typed in that column are left as they are.
 */
export function adjustPercent(
  rows: readonly VariantRow[],
  column: 'price' | 'sellingPrice',
  percent: number,
  selected: ReadonlySet<string> = new Set(),
): { rows: VariantRow[]; broken: BrokenRow[] } {
  const to = targets(rows, selected);
  const broken: BrokenRow[] = [];
  const next = rows.map((row) => {
    if (!to.has(row.key)) return row;
    const current = Number(row[column]);
    if (row[column].trim() === '' || !Number.isFinite(current)) return row;
    const changed = Math.max(1, Math.round(current * (1 + percent / 100)));
    const price = column === 'price' ? changed : Number(row.price);
    const sellingPrice = column === 'sellingPrice' ? changed : Number(row.sellingPrice);
    if (Number.isFinite(price) && Number.isFinite(sellingPrice) && row.price.trim() !== '' && row.sellingPrice.trim() !== '' && sellingPrice > price) {
      broken.push({ key: row.key, label: variantLabel(row.optionValues), price, sellingPrice });
      return row;
    }
    return { ...row, [column]: String(changed) };
  });
  return { rows: next, broken };
}

/** A grid error's key: the row and its column (`<row key>|price`), or the row alone (`<row key>|row`). */
export function cellKey(rowKeyValue: string, column: string): string {
  return `${rowKeyValue}|${column}`;
}

function rupeesOf(text: string, field: string, key: string, errors: Record<string, string>): number | undefined {
  const trimmed = text.trim();
  const value = Number(trimmed);
  if (trimmed === '') errors[cellKey(key, field)] = `${field === 'price' ? 'MRP' : 'selling price'} is required`;
  else if (!Number.isFinite(value)) errors[cellKey(key, field)] = 'must be a number';
  else if (value <= 0) errors[cellKey(key, field)] = 'must be more than 0';
  else if (!hasAtMostTwoDecimals(value)) errors[cellKey(key, field)] = 'at most 2 decimals';
  else return rupeesToPaise(value);
  return undefined;
}

export type VariantsPayload = { options: ProductOption[]; variants: VariantInput[]; sentKeys: string[] };

/**
 * The options and the sold rows as catalog.create / catalog.update take them (paise), checked
 * with the server's schemas. `sentKeys[i]` is the row of `variants[i]`, so the server's
 * `variants.<i>.<field>` errors find their cell. Archived rows are not sent (archiving is its own step).
 */
export function toVariantsPayload(
  options: readonly OptionDraft[],
  rows: readonly VariantRow[],
  attributes: readonly SpecAttribute[] = [],
): { payload: VariantsPayload | null; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const parsedOptions = ProductOptionsSchema.safeParse(
    usableOptions(options).map((o) => ({
      name: o.name,
      values: o.values.map((v) => ({ value: v.value, ...(v.swatch && isColourOption(o.name) ? { swatch: v.swatch } : {}) })),
    })),
  );
  if (!parsedOptions.success) errors.options = parsedOptions.error.issues[0]?.message ?? 'options are not valid';
  options.forEach((o, i) => {
    if (o.name.trim() === '') errors[`options.${i}.name`] = 'option name is required';
    else if (o.values.length === 0) errors[`options.${i}.values`] = `${o.name} needs at least one value`;
  });
  const sold = editableRows(rows);
  if (sold.length === 0) errors.variants = 'Tick at least one combination to sell';
  if (sold.length > MAX_VARIANTS) errors.variants = `A product sells at most ${MAX_VARIANTS} combinations`;
  const skus = new Map<string, string>();
  const variants = sold.map((row): VariantInput => {
    const price = rupeesOf(row.price, 'price', row.key, errors);
    const sellingPrice = rupeesOf(row.sellingPrice, 'sellingPrice', row.key, errors);
    if (price !== undefined && sellingPrice !== undefined && sellingPrice > price) errors[cellKey(row.key, 'sellingPrice')] = 'more than the MRP';
    const sku = SkuSchema.safeParse(row.sku);
    if (!sku.success) errors[cellKey(row.key, 'sku')] = sku.error.issues[0]?.message ?? 'sku is not valid';
    else {
      const twin = skus.get(sku.data.toLowerCase());
      if (twin !== undefined) errors[cellKey(row.key, 'sku')] = `also the SKU of ${twin}`;
      skus.set(sku.data.toLowerCase(), variantLabel(row.optionValues));
    }
    const eanText = row.ean.trim();
    const ean = eanText === '' ? null : EanSchema.safeParse(eanText);
    if (ean && !ean.success) errors[cellKey(row.key, 'ean')] = 'not a valid EAN/GTIN';
    let stock: number | undefined;
    if (row.trackStock) {
      const n = Number(row.stock.trim());
      if (row.stock.trim() === '' || !Number.isInteger(n) || n < 0) errors[cellKey(row.key, 'stock')] = 'a whole number, 0 or more';
      else stock = n;
    }
    // Empty: the shop's default level (null); else the server's own rule (a whole number, 0 or more).
    const levelText = row.lowStockLevel.trim();
    const level = levelText === '' ? null : VariantLowStockLevelSchema.safeParse(Number(levelText));
    if (level && !level.success) errors[cellKey(row.key, 'lowStockLevel')] = 'a whole number, 0 or more (empty: the shop’s default)';
    const weightText = row.weightGrams.trim();
    const weight = weightText === '' ? null : Number(weightText);
    if (weight !== null && (!Number.isInteger(weight) || weight < 1 || weight > WEIGHT_MAX_GRAMS)) errors[cellKey(row.key, 'weightGrams')] = 'whole grams, more than 0';
    // Every per-variant column of the row: an empty cell clears the value (null).
    const specs: Record<string, SpecValue | null> = {};
    for (const a of attributes) {
      const read = normalizeSpecValue(a, specCell(row, a, options));
      if (read.ok) specs[a.key] = read.value;
      else errors[cellKey(row.key, specColumn(a.key))] = read.message;
    }
    return {
      ...(row.id ? { _id: row.id } : {}),
      sku: sku.success ? sku.data : row.sku,
      ean: ean?.success ? ean.data : null,
      optionValues: row.optionValues,
      price: price ?? 0,
      sellingPrice: sellingPrice ?? 0,
      trackStock: row.trackStock,
      ...(stock !== undefined ? { stock } : {}),
      ...(stock !== undefined && row.loadedStock !== undefined ? { expectedStock: row.loadedStock } : {}),
      lowStockLevel: level?.success ? (level.data ?? null) : null,
      weightGrams: weight,
      images: row.images,
      ...(attributes.length > 0 ? { specs } : {}),
    };
  });
  if (Object.keys(errors).length > 0 || !parsedOptions.success) return { payload: null, errors };
  return { payload: { options: parsedOptions.data, variants, sentKeys: sold.map((r) => r.key) }, errors };
}

/**
 * The server's errors on the grid's cells: `variants.<i>.<field>` goes to the row sent at `i`;
 * one that names a SKU in its message ("The stock of … (…, SKU S24-256-GRY) changed…", a SKU in
 * use) goes to that row; the rest stay with the form (returned in `rest`).
 */
export function serverErrorsToCells(
  fieldErrors: Record<string, string>,
  message: string,
  sentKeys: readonly string[],
  rows: readonly VariantRow[],
): { cells: Record<string, string>; rest: Record<string, string> } {
  const cells: Record<string, string> = {};
  const rest: Record<string, string> = {};
  const bySku = (text: string) => rows.find((r) => r.sku !== '' && new RegExp(`SKU ${r.sku.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\\b`, 'i').test(text));
  for (const [path, text] of Object.entries(fieldErrors)) {
    const match = /^variants\.(\d+)\.?(\w*)/.exec(path);
    const key = match ? sentKeys[Number(match[1])] : undefined;
    const spec = /^variants\.\d+\.specs\.(\w+)$/.exec(path);
    if (key !== undefined && spec?.[1]) {
      cells[cellKey(key, specColumn(spec[1]))] = text;
      continue;
    }
    if (key !== undefined) {
      const field = match?.[2] ?? '';
      cells[cellKey(key, ['sku', 'ean', 'price', 'sellingPrice', 'stock', 'lowStockLevel', 'weightGrams', 'images'].includes(field) ? field : 'row')] = text;
      continue;
    }
    const named = bySku(message);
    if (named && (path === 'stock' || path.startsWith('variants'))) cells[cellKey(named.key, path === 'stock' ? 'stock' : 'row')] = text;
    else rest[path] = text;
  }
  if (Object.keys(fieldErrors).length === 0) {
    const named = bySku(message);
    if (named) cells[cellKey(named.key, /SKU .* (is already used|was just given)/.test(message) ? 'sku' : 'row')] = message;
  }
  return { cells, rest };
}

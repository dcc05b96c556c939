import { closest, distance } from 'fastest-levenshtein';
import { AppError } from '../../errors';
import { normalizeSpecValue, type SpecValue, type SpecValues } from '../../../shared/specs';
import type { SpecAttribute } from '../../../shared/schemas/categories';
import { DESCRIPTION_MAX, PRODUCT_IMAGES_MAX, PRODUCT_NAME_MAX, BRAND_NAME_MAX, ProductFactsInputSchema, ProductImageUrlSchema, STOCK_MAX } from '../../../shared/schemas/catalog';
import { LOW_STOCK_LEVEL_MAX } from '../../../shared/schemas/stock-level';
import { EanSchema, MAX_OPTION_VALUES, MAX_VARIANTS, OPTION_NAME_MAX, OPTION_VALUE_MAX, SkuSchema, WEIGHT_MAX_GRAMS, type ProductOption } from '../../../shared/schemas/variants';
import { textProblem } from '../../../shared/schemas/text';
import { isIndia, type ProductFacts } from '../../../shared/product-facts';
import type { ImportChange, ImportCounts, ImportError, ImportMode, StockMode } from '../../../shared/schemas/catalog-io';
import { baseHeader, FACT_COLUMN_IDS, isQuickUpdate, matchHeaders, specColumns, type BaseColumnId, type ColumnRef, type SpecColumn } from './columns';
import { formatRupees, formatYesNo, parseRupees, parseSignedWhole, parseWhole, parseYesNo, splitList, unescapeFormula, LIST_SEPARATOR } from './cells';
import { absoluteImage, specCell } from './export';
import type { ParsedTable } from './parse';
import type { IoProduct, IoVariant } from './catalog-io.queries';
import type { PictureResult } from './pictures';

/**
 * The import's plan: what each row of a file does to the catalogue as it is now, and every
 * problem, with its row and column. Pure: the caller reads the catalogue (the products the file
 * names by Handle or SKU, the categories) and hands it in, so the dry run and the apply (which
 * plans again inside its transaction, against what is there then) run the same code.
 */

export type PlanCategory = { value: string; label: string; hidden: boolean; template: SpecAttribute[] };

export type PlanContext = {
  categories: readonly PlanCategory[];
  /** The products the file names (by Handle = id, or by one of their SKUs), with every variant. */
  products: ReadonlyMap<string, IoProduct>;
  /** Lower-case SKU -> the product that has it (archived variants too). */
  skuOwners: ReadonlyMap<string, string>;
  mode: ImportMode;
  stockMode: StockMode;
  publicUrl: string;
  /** The cells' pictures at other sites or in the ZIP, as fetched and stored before planning (pictures.ts); without it they are not fetched. */
  pictures?: ReadonlyMap<string, PictureResult>;
};

/** A variant's figures as the catalogue's services take them (paise, grams). */
export type VariantSpec = {
  row: number;
  sku: string | undefined;
  ean: string | null;
  optionValues: string[];
  price: number;
  sellingPrice: number;
  stock: number | undefined;
  trackStock: boolean;
  weightGrams: number | null;
  images: string[];
  specs: Record<string, SpecValue | null>;
  archived: boolean;
  /** Its own low-stock level; null: the shop's default. */
  lowStockLevel: number | null;
};

export type CreateAction = {
  kind: 'create';
  row: number;
  productName: string;
  brandName: string;
  category: string;
  description: string;
  images: string[];
  facts: ProductFacts | undefined;
  options: ProductOption[];
  specs: Record<string, SpecValue | null>;
  variants: VariantSpec[];
  archived: boolean;
};

export type VariantEdit = {
  variantId: string;
  row: number;
  /** Set when a field other than stock changed: the variant as it will be. */
  fields: Omit<VariantSpec, 'stock' | 'trackStock' | 'archived' | 'row'> | null;
  /** The variant's specs as the file gives them (per-variant attributes), when they changed. */
  specsChanged: boolean;
  /** Tracking and stock: the figure to set, compared with `expected` (what the export saw, or what is there now). */
  stock: { trackStock: boolean; stock: number | undefined; expected: number | undefined } | null;
  archived: boolean | null;
};

export type UpdateAction = {
  kind: 'update';
  productId: string;
  row: number;
  /** Every row of the file that is this product's (unchanged ones too). */
  rows: number[];
  /** The product's fields as they will be, when one of them changed. */
  product: {
    productName: string;
    brandName: string;
    category: string;
    description: string;
    images: string[];
    facts: ProductFacts | undefined;
    options: ProductOption[] | undefined;
    specs: Record<string, SpecValue | null> | undefined;
  } | null;
  edits: VariantEdit[];
  added: VariantSpec[];
  archived: boolean | null;
};

export type Plan = {
  rows: number;
  products: ImportCounts;
  variants: ImportCounts;
  errors: ImportError[];
  errorRows: number;
  changes: ImportChange[];
  unknownColumns: string[];
  warnings: string[];
  actions: (CreateAction | UpdateAction)[];
};

/** The report lists this many changed rows (the counts count all). */
export const CHANGES_LISTED = 100;

const bad = (message: string) => new AppError('BAD_INPUT', message, { fieldErrors: { file: message } });

/** "row 214, column MRP: 'abc' is not a price": an error as the report and the error file say it. */
export function errorText(e: ImportError): string {
  return `row ${e.row}${e.column ? `, column ${e.column}` : ''}: ${e.message}`;
}

type Row = {
  row: number;
  cells: string[];
  /** The cell of a base column, formula escape taken off and trimmed; undefined when the file has no such column. */
  get(id: BaseColumnId): string | undefined;
  spec(column: SpecColumn): string | undefined;
};

/** Where each column is in the file's rows. */
type ColumnsAt = { base: ReadonlyMap<BaseColumnId, number>; spec: ReadonlyMap<string, number> };

/** A cell, the formula escape taken off and trimmed; undefined when the file has no such column. */
function cellAt(cells: readonly string[], i: number | undefined): string | undefined {
  return i === undefined ? undefined : unescapeFormula(cells[i] ?? '').trim();
}

class FileRow implements Row {
  constructor(
    readonly row: number,
    readonly cells: string[],
    private readonly at: ColumnsAt,
  ) {}

  get(id: BaseColumnId): string | undefined {
    return cellAt(this.cells, this.at.base.get(id));
  }

  spec(column: SpecColumn): string | undefined {
    return cellAt(this.cells, this.at.spec.get(column.header));
  }
}

type Collector = {
  error(row: number, column: string | null, message: string): void;
  warn(message: string): void;
};

const quote = (text: string) => `'${text.length > 60 ? `${text.slice(0, 57)}…` : text}'`;

function checkText(c: Collector, row: number, column: string, value: string, max: number, lines: 'single' | 'multi'): boolean {
  if (value.length > max) {
    c.error(row, column, `is longer than ${max} characters`);
    return false;
  }
  const problem = textProblem(value, lines);
  if (problem) {
    c.error(row, column, `${column} ${problem}`);
    return false;
  }
  return true;
}

/**
 * Plans an import of `table` against `ctx`.
 * @throws AppError BAD_INPUT for a file that cannot be planned at all (a column named twice, none
 *   of the columns that identify a row); each row's own problems are in the plan's `errors`.
 */
export function planImport(table: ParsedTable, ctx: PlanContext): Plan {
  const steps = planSteps(table, ctx);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** The plan pauses (yields) every this many rows or so, to see whether the event loop is due a turn. */
const PLAN_CHUNK_ROWS = 200;
/** planImportAsync works this long at most before giving the event loop a turn. */
export const PLAN_SLICE_MS = 8;

/**
 * planImport for a big file while the shop serves: the same plan, giving the event loop a turn
 * (setImmediate) after every PLAN_SLICE_MS of work, so shoppers' requests are answered meanwhile
 * (a request waits for one slice at most); `onProgress` hears how many rows are checked.
 */
export async function planImportAsync(table: ParsedTable, ctx: PlanContext, onProgress?: (rowsChecked: number) => void): Promise<Plan> {
  const steps = planSteps(table, ctx);
  let sliceStarted = performance.now();
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (performance.now() - sliceStarted < PLAN_SLICE_MS) continue;
    onProgress?.(step.value);
    await new Promise<void>((resolve) => setImmediate(resolve));
    sliceStarted = performance.now();
  }
}

/** planImport's work, yielding every PLAN_CHUNK_ROWS rows or so: the rows checked so far (0 while SKUs are checked). */
function* planSteps(table: ParsedTable, ctx: PlanContext): Generator<number, Plan, void> {
  const specs = specColumns(ctx.categories);
  const matched = matchHeaders(table.headers, specs);
  if (matched.duplicates.length > 0) {
    throw bad(`The file names a column twice: ${matched.duplicates.map((d) => d.map((h) => `“${h}”`).join(' and ')).join('; ')}. Delete or rename one of them.`);
  }
  const baseAt = new Map<BaseColumnId, number>();
  const specAt = new Map<string, number>();
  matched.columns.forEach((ref: ColumnRef | null, i) => {
    if (ref?.kind === 'base') baseAt.set(ref.id, i);
    else if (ref?.kind === 'spec') specAt.set(ref.spec.header, i);
  });
  const has = (id: BaseColumnId) => baseAt.has(id);
  if (!has('sku') && !has('name') && !has('handle')) {
    throw bad('The file has none of the columns SKU, Handle or Product name, so no row can be matched or created: is the first row the header row?');
  }
  const header = (id: BaseColumnId) => table.headers[baseAt.get(id) ?? -1] ?? baseHeader(id);
  // A distributor's SKU + prices/stock sheet: updates only, whatever the mode; an unknown SKU is an error (planCreate).
  const quick = isQuickUpdate([...baseAt.keys()], specAt.size);
  const specHeaderIn = (s: SpecColumn) => table.headers[specAt.get(s.header) ?? -1] ?? s.header;
  const at: ColumnsAt = { base: baseAt, spec: specAt };
  // (One object a row, its methods shared: 300,000 rows with two closures each held 600,000 functions.)
  const rows: Row[] = table.rows.map((r) => new FileRow(r.row, r.cells, at));

  const errors: ImportError[] = [];
  const errorRowSet = new Set<number>();
  const warnings = new Set<string>();
  const c: Collector = {
    error(row, column, message) {
      errors.push({ row, column, message });
      errorRowSet.add(row);
    },
    warn(message) {
      warnings.add(message);
    },
  };
  if (has('hsn') || has('gst')) {
    c.warn('HSN and GST rate are not imported: they come from the product’s category (admin panel, Categories) and are in the file for reference.');
  }

  // ---- SKUs: given once each ----
  const firstRowOfSku = new Map<string, number>();
  let skusChecked = 0;
  for (const r of rows) {
    if (++skusChecked % PLAN_CHUNK_ROWS === 0) yield 0;
    const sku = r.get('sku');
    if (!sku) continue;
    const parsed = SkuSchema.safeParse(sku);
    if (!parsed.success) {
      c.error(r.row, header('sku'), `${quote(sku)}: ${parsed.error.issues[0]?.message ?? 'not a SKU'}`);
      continue;
    }
    const key = sku.toLowerCase();
    const first = firstRowOfSku.get(key);
    if (first !== undefined) c.error(r.row, header('sku'), `SKU ${sku} appears twice (rows ${first} and ${r.row})`);
    else firstRowOfSku.set(key, r.row);
  }

  // ---- Rows grouped into products ----
  const groups = new Map<string, { target: IoProduct | null; handle: string; rows: Row[] }>();
  let grouped = 0;
  for (const r of rows) {
    if (++grouped % PLAN_CHUNK_ROWS === 0) yield 0;
    const handle = r.get('handle') ?? '';
    const sku = r.get('sku') ?? '';
    const owner = sku ? ctx.skuOwners.get(sku.toLowerCase()) : undefined;
    let key: string;
    let target: IoProduct | null = null;
    if (handle && ctx.products.has(handle)) {
      key = `id:${handle}`;
      target = ctx.products.get(handle) ?? null;
    } else if (handle) {
      key = `handle:${handle.toLowerCase()}`;
    } else if (owner) {
      key = `id:${owner}`;
      target = ctx.products.get(owner) ?? null;
    } else {
      key = `row:${r.row}`;
    }
    const group = groups.get(key) ?? { target, handle, rows: [] };
    group.rows.push(r);
    groups.set(key, group);
  }

  const products: ImportCounts = { create: 0, update: 0, unchanged: 0, skipped: 0 };
  const variants: ImportCounts = { create: 0, update: 0, unchanged: 0, skipped: 0 };
  const changes: ImportChange[] = [];
  const actions: (CreateAction | UpdateAction)[] = [];
  const categoryByValue = new Map(ctx.categories.map((cat) => [cat.value, cat]));

  /** The first non-empty value of a product column over the group's rows; a different one on a later row is an error. */
  const productValue = (group: Row[], id: BaseColumnId): string | undefined => {
    if (!has(id)) return undefined;
    let value: string | undefined;
    let from = 0;
    for (const r of group) {
      const v = r.get(id) ?? '';
      if (v === '') continue;
      if (value === undefined) {
        value = v;
        from = r.row;
      } else if (v !== value) {
        c.error(r.row, header(id), `differs from row ${from} of the same product (${quote(value)}): a product’s columns are the same on each of its rows (or left empty)`);
      }
    }
    return value ?? '';
  };

  const resolveCategory = (row: number, text: string, current: string | null): PlanCategory | null => {
    const exact = categoryByValue.get(text) ?? ctx.categories.find((cat) => cat.value.toLowerCase() === text.toLowerCase() || cat.label.toLowerCase() === text.toLowerCase());
    if (!exact) {
      const names = ctx.categories.flatMap((cat) => [cat.value, cat.label]);
      const near = names.length > 0 ? closest(text, names) : undefined;
      const hint = near !== undefined && distance(text.toLowerCase(), near.toLowerCase()) <= Math.max(2, Math.floor(text.length / 3)) ? ` (did you mean ${near}?)` : '';
      c.error(row, header('category'), `${quote(text)} does not exist${hint}`);
      return null;
    }
    if (exact.hidden && exact.value !== current) {
      c.error(row, header('category'), `${exact.label} is hidden: show it again (admin panel, Categories) to put products in it`);
      return null;
    }
    return exact;
  };

  const imagesOf = (row: number, id: 'images' | 'variantImages', text: string): string[] | null => {
    const out: string[] = [];
    const own = `${ctx.publicUrl}/images/`;
    let failed = false;
    for (const url of splitList(text)) {
      const local = url.startsWith(own) ? url.slice(ctx.publicUrl.length) : url;
      const picture = ctx.pictures?.get(url);
      if (picture && 'error' in picture) {
        c.error(row, header(id), `${url.length > 200 ? `${url.slice(0, 197)}…` : url} ${picture.error}`);
        failed = true;
        continue;
      }
      if (picture) {
        out.push(picture.url);
        continue;
      }
      if (/^\/images\/[A-Za-z0-9._-]+$/.test(local)) {
        out.push(local);
        continue;
      }
      if (/^https?:\/\//i.test(local)) {
        c.warn('Pictures at other sites’ addresses are not fetched yet (the next version will): those rows keep their current pictures; add new ones in the product form.');
        continue;
      }
      const parsed = ProductImageUrlSchema.safeParse(local);
      if (!parsed.success) {
        c.error(row, header(id), `${quote(url)} is not a picture address (https://… or this shop’s /images/…)`);
        return null;
      }
    }
    if (failed) return null;
    if (out.length > PRODUCT_IMAGES_MAX) {
      c.error(row, header(id), `lists ${out.length} pictures: at most ${PRODUCT_IMAGES_MAX}`);
      return null;
    }
    return out;
  };

  const priceOf = (r: Row, id: 'mrp' | 'price'): number | undefined | null => {
    const text = r.get(id);
    if (text === undefined || text === '') return undefined;
    const paise = parseRupees(text);
    if (paise === null) {
      c.error(r.row, header(id), `${quote(text)} is not a price`);
      return null;
    }
    if (paise <= 0) {
      c.error(r.row, header(id), 'must be more than 0');
      return null;
    }
    if (paise > 1_000_000_000) {
      c.error(r.row, header(id), `${quote(text)} is too high`);
      return null;
    }
    return paise;
  };

  const wholeOf = (r: Row, id: BaseColumnId, min: number, max: number, what: string): number | undefined | null => {
    const text = r.get(id);
    if (text === undefined || text === '') return undefined;
    const n = parseWhole(text);
    if (n === null || n < min || n > max) {
      c.error(r.row, header(id), `${quote(text)} is not ${what}`);
      return null;
    }
    return n;
  };

  const yesNoOf = (r: Row, id: BaseColumnId): boolean | undefined | null => {
    const text = r.get(id);
    if (text === undefined || text === '') return undefined;
    const v = parseYesNo(text);
    if (v === null) c.error(r.row, header(id), `${quote(text)} is not yes or no`);
    return v;
  };

  /** The option names the group's rows give (Option1 name … Option3 name). */
  const optionNamesOf = (group: Row[]): string[] | undefined => {
    if (!has('option1Name') && !has('option2Name') && !has('option3Name')) return undefined;
    const names: string[] = [];
    for (const id of ['option1Name', 'option2Name', 'option3Name'] as const) {
      const v = productValue(group, id);
      if (v) names.push(v);
    }
    return names;
  };

  const optionValuesOf = (r: Row, names: readonly string[]): string[] | null => {
    const ids = ['option1Value', 'option2Value', 'option3Value'] as const;
    const values: string[] = [];
    let ok = true;
    names.forEach((name, i) => {
      const id = ids[i] as (typeof ids)[number];
      const v = r.get(id) ?? '';
      if (v === '') {
        c.error(r.row, header(id), `a value of ${name} is required`);
        ok = false;
      } else if (!checkText(c, r.row, header(id), v, OPTION_VALUE_MAX, 'single')) ok = false;
      values.push(v);
    });
    return ok ? values : null;
  };

  /** Spec values of a level (product or variant) from a row, checked against the template; null where the cell is empty (clears). */
  const specsOf = (r: Row, category: PlanCategory, perVariant: boolean, group: Row[] | null): Record<string, SpecValue | null> | null => {
    const out: Record<string, SpecValue | null> = {};
    let ok = true;
    for (const s of specs) {
      if (s.category !== category.value || s.attribute.perVariant !== perVariant || !specAt.has(s.header)) continue;
      let text: string;
      if (group) {
        // A product-level value: the first non-empty over the rows.
        text = '';
        let from = 0;
        for (const gr of group) {
          const v = gr.spec(s) ?? '';
          if (v === '') continue;
          if (text === '') {
            text = v;
            from = gr.row;
          } else if (v !== text) c.error(gr.row, specHeaderIn(s), `differs from row ${from} of the same product (${quote(text)}): ${s.attribute.name} is one value per product`);
        }
      } else text = r.spec(s) ?? '';
      const normalized = normalizeSpecValue(s.attribute, text);
      if (!normalized.ok) {
        c.error(r.row, specHeaderIn(s), normalized.message);
        ok = false;
        continue;
      }
      out[s.attribute.key] = normalized.value;
    }
    return ok ? out : null;
  };

  const factsOf = (lead: Row, group: Row[], current: ProductFacts | null): { facts: ProductFacts | undefined; ok: boolean } => {
    if (!FACT_COLUMN_IDS.some((id) => has(id))) return { facts: undefined, ok: true };
    const text = (id: (typeof FACT_COLUMN_IDS)[number], stored: string | null): string | null => {
      if (!has(id)) return stored;
      const v = productValue(group, id) ?? '';
      return v === '' ? null : v;
    };
    let months: number | null = current?.warrantyMonths ?? null;
    if (has('warrantyMonths')) {
      const v = productValue(group, 'warrantyMonths') ?? '';
      if (v === '') months = null;
      else {
        const n = parseWhole(v);
        if (n === null || n < 0) {
          c.error(lead.row, header('warrantyMonths'), `${quote(v)} is not a number of months`);
          return { facts: undefined, ok: false };
        }
        months = n;
      }
    }
    const facts: ProductFacts = {
      countryOfOrigin: text('origin', current?.countryOfOrigin ?? null),
      manufacturerName: text('manufacturerName', current?.manufacturerName ?? null),
      manufacturerAddress: text('manufacturerAddress', current?.manufacturerAddress ?? null),
      importerName: text('importerName', current?.importerName ?? null),
      importerAddress: text('importerAddress', current?.importerAddress ?? null),
      netQuantity: text('netQuantity', current?.netQuantity ?? null),
      warrantyMonths: months,
      warrantyBy: text('warrantyBy', current?.warrantyBy ?? null),
    };
    const stored = current ? storedFacts(current) : null;
    const next = storedFacts(facts);
    if (stored && JSON.stringify(stored) === JSON.stringify(next)) return { facts: undefined, ok: true };
    // A new product with no fact given: none (the product list flags it, as for one made by the /api).
    if (!current && Object.values(next).every((v) => v === null)) return { facts: undefined, ok: true };
    const parsed = ProductFactsInputSchema.safeParse({
      ...facts,
      importerName: facts.importerName ?? '',
      importerAddress: facts.importerAddress ?? '',
      warrantyBy: facts.warrantyBy ?? '',
    });
    if (!parsed.success) {
      const columnOf: Record<string, BaseColumnId> = {
        countryOfOrigin: 'origin',
        manufacturerName: 'manufacturerName',
        manufacturerAddress: 'manufacturerAddress',
        importerName: 'importerName',
        importerAddress: 'importerAddress',
        netQuantity: 'netQuantity',
        warrantyMonths: 'warrantyMonths',
        warrantyBy: 'warrantyBy',
      };
      for (const issue of parsed.error.issues) {
        const id = columnOf[String(issue.path[0])];
        c.error(lead.row, id ? header(id) : null, issue.message);
      }
      return { facts: undefined, ok: false };
    }
    return { facts: next, ok: true };
  };

  let rowsChecked = 0;
  let sinceYield = 0;
  for (const group of groups.values()) {
    rowsChecked += group.rows.length;
    sinceYield += group.rows.length;
    if (sinceYield >= PLAN_CHUNK_ROWS) {
      sinceYield = 0;
      yield rowsChecked;
    }
    const lead = group.rows[0] as Row;
    const target = group.target;
    const errorsBefore = errors.length;
    // A row whose SKU belongs to another product than the group's.
    for (const r of group.rows) {
      const sku = r.get('sku');
      const owner = sku ? ctx.skuOwners.get(sku.toLowerCase()) : undefined;
      if (owner !== undefined && owner !== target?.id) {
        const other = ctx.products.get(owner);
        c.error(r.row, header('sku'), `SKU ${sku} belongs to ${other ? `${other.name} (Handle ${other.id})` : 'another product'}: a variant cannot move to another product`);
      }
    }
    if (errors.length > errorsBefore) continue;
    if (target) planUpdate(group.rows, lead, target);
    else planCreate(group.rows, lead, group.handle);
  }

  function planCreate(group: Row[], lead: Row, handle: string) {
    if (quick) {
      for (const r of group) {
        const sku = r.get('sku') ?? '';
        if (sku === '') c.error(r.row, header('sku'), 'is empty: a price and stock update names each variant by its SKU');
        else if (!errorRowSet.has(r.row)) c.error(r.row, null, `SKU ${sku} is not in the catalogue`);
      }
      return;
    }
    if (ctx.mode === 'update') {
      products.skipped += 1;
      variants.skipped += group.length;
      return;
    }
    const before = errors.length;
    const name = productValue(group, 'name') ?? '';
    if (name === '')
      c.error(lead.row, has('name') ? header('name') : 'Product name', `is required to add a product${handle ? ` (Handle ${handle} is not a product of this shop)` : ''}`);
    else checkText(c, lead.row, header('name'), name, PRODUCT_NAME_MAX, 'single');
    const brand = productValue(group, 'brand') ?? '';
    if (brand) checkText(c, lead.row, header('brand'), brand, BRAND_NAME_MAX, 'single');
    const description = productValue(group, 'description') ?? '';
    if (description) checkText(c, lead.row, header('description'), description, DESCRIPTION_MAX, 'multi');
    const categoryText = productValue(group, 'category') ?? '';
    let category: PlanCategory | null = null;
    if (categoryText === '') c.error(lead.row, has('category') ? header('category') : 'Category', 'is required to add a product');
    else category = resolveCategory(lead.row, categoryText, null);
    const images = imagesOf(lead.row, 'images', productValue(group, 'images') ?? '') ?? [];
    const { facts } = factsOf(lead, group, null);
    const names = optionNamesOf(group) ?? [];
    names.forEach((n, i) => checkText(c, lead.row, header((['option1Name', 'option2Name', 'option3Name'] as const)[i] ?? 'option1Name'), n, OPTION_NAME_MAX, 'single'));
    if (names.length === 0 && group.length > 1)
      c.error(group[1]?.row ?? lead.row, 'Option1 name', 'a product with several rows needs options (Option1 name and value…) to tell its variants apart');
    if (group.length > MAX_VARIANTS) c.error(lead.row, null, `a product has at most ${MAX_VARIANTS} variants (this one has ${group.length} rows)`);
    const productSpecs = category ? specsOf(lead, category, false, group) : null;
    const list: VariantSpec[] = [];
    const seenCombos = new Map<string, number>();
    for (const r of group) {
      const v = variantFields(r, null, category, names);
      if (!v) continue;
      const combo = JSON.stringify(v.optionValues.map((x) => x.toLowerCase()));
      const twin = seenCombos.get(combo);
      if (twin !== undefined) c.error(r.row, null, `the same options as row ${twin} (${v.optionValues.join(', ') || 'none'}): each combination is sold once`);
      seenCombos.set(combo, r.row);
      list.push(v);
    }
    const options: ProductOption[] = names.map((n, i) => ({ name: n, values: uniqueValues(list.map((v) => v.optionValues[i] ?? '')) }));
    options.forEach((o, i) => {
      if (o.values.length > MAX_OPTION_VALUES)
        c.error(
          lead.row,
          header((['option1Value', 'option2Value', 'option3Value'] as const)[i] ?? 'option1Value'),
          `${o.name} has ${o.values.length} values: at most ${MAX_OPTION_VALUES}`,
        );
    });
    if (errors.length > before || !category) return;
    const archivedAll = has('archived') && list.every((v) => v.archived);
    products.create += 1;
    variants.create += list.length;
    pushChange({ row: lead.row, kind: 'create-product', product: name, sku: list[0]?.sku ?? '', changes: [] });
    for (const v of list.slice(1)) pushChange({ row: v.row, kind: 'create-variant', product: name, sku: v.sku ?? '', changes: [] });
    actions.push({
      kind: 'create',
      row: lead.row,
      productName: name,
      brandName: brand,
      category: category.value,
      description,
      images,
      facts,
      options,
      specs: productSpecs ?? {},
      variants: list.map((v) => ({ ...v, archived: archivedAll ? false : v.archived })),
      archived: archivedAll,
    });
  }

  function uniqueValues(values: string[]): { value: string }[] {
    const seen = new Set<string>();
    const out: { value: string }[] = [];
    for (const value of values) {
      if (value === '' || seen.has(value.toLowerCase())) continue;
      seen.add(value.toLowerCase());
      out.push({ value });
    }
    return out;
  }

  /** A row's variant fields, over `current` (an existing variant) where the file leaves a column out. Null when the row has an error. */
  function variantFields(r: Row, current: IoVariant | null, category: PlanCategory | null, names: readonly string[]): VariantSpec | null {
    const before = errors.length;
    const sku = r.get('sku') || undefined;
    let ean: string | null = current?.ean ?? null;
    if (has('ean')) {
      const text = r.get('ean') ?? '';
      if (text === '') ean = null;
      else if (!EanSchema.safeParse(text).success) c.error(r.row, header('ean'), `${quote(text)} is not a GTIN (8, 12, 13 or 14 digits with a valid check digit)`);
      else ean = text;
    }
    const mrp = priceOf(r, 'mrp');
    const selling = priceOf(r, 'price');
    if (!current && selling === undefined) c.error(r.row, has('price') ? header('price') : 'Selling price', 'is required to add a product or variant');
    const sellingPrice = selling ?? current?.sellingPrice ?? 0;
    const price = mrp ?? (current ? current.price : sellingPrice);
    if (typeof mrp !== 'object' && typeof selling !== 'object' && sellingPrice > price && price > 0)
      c.error(r.row, has('price') ? header('price') : 'Selling price', `selling price above MRP (${formatRupees(sellingPrice)} > ${formatRupees(price)})`);
    let weightGrams = current?.weightGrams ?? null;
    if (has('weight')) {
      const w = wholeOf(r, 'weight', 1, WEIGHT_MAX_GRAMS, 'a weight in grams');
      weightGrams = w ?? null;
    }
    let lowStockLevel = current?.lowStockLevel ?? null;
    // Empty: the shop's default level (Settings → Stock alerts).
    if (has('lowStockLevel')) lowStockLevel = wholeOf(r, 'lowStockLevel', 0, LOW_STOCK_LEVEL_MAX, 'a whole number of units (0 or more; empty for the shop’s default)') ?? null;
    let images = current?.images ?? [];
    if (has('variantImages')) images = imagesOf(r.row, 'variantImages', r.get('variantImages') ?? '') ?? images;
    // A file without option value columns (a price list: SKU and prices) keeps an existing variant's.
    const givesOptionValues = has('option1Value') || has('option2Value') || has('option3Value');
    const optionValues = names.length > 0 && (current === null || givesOptionValues) ? optionValuesOf(r, names) : (current?.optionValues ?? []);
    const track = yesNoOf(r, 'trackStock');
    const stockMin = ctx.stockMode === 'add' && current ? -STOCK_MAX : 0;
    const stock = wholeOf(r, 'stock', stockMin, STOCK_MAX, ctx.stockMode === 'add' && current ? 'a whole number of units to add' : 'a whole number of units (0 or more)');
    const archived = yesNoOf(r, 'archived');
    const variantSpecs = category ? specsOf(r, category, true, null) : {};
    if (errors.length > before || optionValues === null || variantSpecs === null) return null;
    return {
      row: r.row,
      sku,
      ean,
      optionValues,
      price,
      sellingPrice,
      stock: stock ?? undefined,
      trackStock: track ?? (current ? current.trackStock : true),
      weightGrams,
      images,
      specs: variantSpecs,
      archived: archived ?? (current ? current.archived : false),
      lowStockLevel,
    };
  }

  function planUpdate(group: Row[], lead: Row, target: IoProduct) {
    const before = errors.length;
    const fieldChanges: { row: number; field: string; from: string; to: string }[] = [];
    const name = productValue(group, 'name') || target.name;
    if (name !== target.name && checkText(c, lead.row, header('name'), name, PRODUCT_NAME_MAX, 'single'))
      fieldChanges.push({ row: lead.row, field: header('name'), from: target.name, to: name });
    const brandCell = productValue(group, 'brand');
    const brand = brandCell || target.brand;
    if (brand !== target.brand && checkText(c, lead.row, header('brand'), brand, BRAND_NAME_MAX, 'single'))
      fieldChanges.push({ row: lead.row, field: header('brand'), from: target.brand, to: brand });
    const descriptionCell = productValue(group, 'description');
    // An empty Description keeps the product's (a supplier's sheet often has the column empty).
    const description = descriptionCell ? descriptionCell : target.description;
    if (description !== target.description && checkText(c, lead.row, header('description'), description, DESCRIPTION_MAX, 'multi')) {
      fieldChanges.push({ row: lead.row, field: header('description'), from: short(target.description), to: short(description) });
    }
    const categoryText = productValue(group, 'category') || target.category;
    const category = resolveCategory(lead.row, categoryText, target.category);
    if (category && category.value !== target.category) fieldChanges.push({ row: lead.row, field: header('category'), from: target.category, to: category.value });
    const imagesCell = productValue(group, 'images') ?? '';
    let images = target.images;
    if (imagesCell !== '') {
      const parsed = imagesOf(lead.row, 'images', imagesCell);
      // Addresses of other sites are not fetched yet: the product keeps its pictures.
      if (parsed && parsed.length > 0 && JSON.stringify(parsed) !== JSON.stringify(target.images)) {
        images = parsed;
        fieldChanges.push({
          row: lead.row,
          field: header('images'),
          from: target.images.map((u) => absoluteImage(u, ctx.publicUrl)).join(LIST_SEPARATOR),
          to: parsed.map((u) => absoluteImage(u, ctx.publicUrl)).join(LIST_SEPARATOR),
        });
      }
    }
    const facts = factsOf(lead, group, target.facts);
    if (facts.facts) {
      const old = storedFacts(target.facts);
      for (const [key, value] of Object.entries(facts.facts) as [keyof ProductFacts, string | number | null][]) {
        if (old[key] !== value) fieldChanges.push({ row: lead.row, field: header(factColumnOf(key)), from: String(old[key] ?? ''), to: String(value ?? '') });
      }
    }
    // Options: the product's names, whatever the case; new values are added to them.
    const fileNames = optionNamesOf(group);
    const names = target.options.map((o) => o.name);
    if (fileNames !== undefined && (fileNames.length !== names.length || fileNames.some((n, i) => n.toLowerCase() !== names[i]?.toLowerCase()))) {
      c.error(
        lead.row,
        header('option1Name'),
        `the options (${fileNames.join(', ') || 'none'}) differ from the product’s (${names.join(', ') || 'none'}): change options in the product form`,
      );
    }
    const productSpecs = category ? specsOf(lead, category, false, group) : null;
    let specsChanged = false;
    if (productSpecs && category) {
      for (const [key, value] of Object.entries(productSpecs)) {
        const old = target.specs[key];
        if ((value ?? undefined) !== old) {
          specsChanged = true;
          const s = specs.find((x) => x.category === category.value && x.attribute.key === key);
          fieldChanges.push({ row: lead.row, field: s ? specHeaderIn(s) : key, from: specCell(old), to: specCell(value ?? undefined) });
        }
      }
    }
    // Variants: by SKU, or (no SKU) by option values.
    const edits: VariantEdit[] = [];
    const added: VariantSpec[] = [];
    const variantChanges: ImportChange[] = [];
    const options = target.options.map((o) => ({ name: o.name, values: [...o.values] }));
    const combos = new Map(target.variants.filter((v) => !v.archived).map((v) => [JSON.stringify(v.optionValues.map((x) => x.toLowerCase())), v.sku]));
    let variantsUpdated = 0;
    let variantsUnchanged = 0;
    let variantsSkipped = 0;
    const archivedAll = has('archived') && group.every((r) => parseYesNo(r.get('archived') ?? '') === true);
    for (const r of group) {
      const sku = r.get('sku') ?? '';
      let current = sku ? (target.variants.find((v) => v.sku.toLowerCase() === sku.toLowerCase()) ?? null) : null;
      if (!current && !sku && names.length === 0 && target.variants.length === 1 && group.length === 1) current = target.variants[0] ?? null;
      const v = variantFields(r, current, category, names);
      if (!current && !sku && v) current = target.variants.find((x) => JSON.stringify(x.optionValues) === JSON.stringify(v.optionValues)) ?? null;
      if (!v) continue;
      if (!current) {
        if (ctx.mode === 'update') {
          variantsSkipped += 1;
          continue;
        }
        const combo = JSON.stringify(v.optionValues.map((x) => x.toLowerCase()));
        const twin = combos.get(combo);
        if (twin !== undefined) {
          c.error(r.row, null, `the same options as SKU ${twin} (${v.optionValues.join(', ') || 'none'}): each combination is sold once`);
          continue;
        }
        combos.set(combo, v.sku ?? `row ${r.row}`);
        v.optionValues.forEach((value, i) => {
          const option = options[i];
          if (option && !option.values.some((x) => x.value.toLowerCase() === value.toLowerCase())) option.values.push({ value });
        });
        added.push({ ...v, archived: archivedAll ? false : v.archived });
        variantChanges.push({ row: r.row, kind: 'create-variant', product: name, sku: v.sku ?? '', changes: [] });
        continue;
      }
      // Option values as the product spells them.
      v.optionValues = v.optionValues.map((value, i) => options[i]?.values.find((x) => x.value.toLowerCase() === value.toLowerCase())?.value ?? value);
      const changed: { field: string; from: string; to: string }[] = [];
      const cur = current;
      const note = (id: BaseColumnId, from: string, to: string) => {
        if (from !== to) changed.push({ field: header(id), from, to });
      };
      note('ean', cur.ean ?? '', v.ean ?? '');
      note('mrp', formatRupees(cur.price), formatRupees(v.price));
      note('price', formatRupees(cur.sellingPrice), formatRupees(v.sellingPrice));
      note('weight', String(cur.weightGrams ?? ''), String(v.weightGrams ?? ''));
      note('lowStockLevel', String(cur.lowStockLevel ?? ''), String(v.lowStockLevel ?? ''));
      note('variantImages', cur.images.join(LIST_SEPARATOR), v.images.join(LIST_SEPARATOR));
      if (JSON.stringify(cur.optionValues) !== JSON.stringify(v.optionValues)) {
        const combo = JSON.stringify(v.optionValues.map((x) => x.toLowerCase()));
        const twin = combos.get(combo);
        if (twin !== undefined && twin.toLowerCase() !== cur.sku.toLowerCase())
          c.error(r.row, null, `the same options as SKU ${twin} (${v.optionValues.join(', ')}): each combination is sold once`);
        combos.delete(JSON.stringify(cur.optionValues.map((x) => x.toLowerCase())));
        combos.set(combo, cur.sku);
        changed.push({ field: 'Options', from: cur.optionValues.join(', '), to: v.optionValues.join(', ') });
        v.optionValues.forEach((value, i) => {
          const option = options[i];
          if (option && !option.values.some((x) => x.value === value)) option.values.push({ value });
        });
      }
      let variantSpecsChanged = false;
      for (const [key, value] of Object.entries(v.specs)) {
        if ((value ?? undefined) !== cur.specs[key]) {
          variantSpecsChanged = true;
          const s = specs.find((x) => category && x.category === category.value && x.attribute.key === key);
          changed.push({ field: s ? specHeaderIn(s) : key, from: specCell(cur.specs[key]), to: specCell(value ?? undefined) });
        }
      }
      const fieldsChanged = changed.length > 0;
      // Stock: tracking, then the figure, by the stock mode.
      let stock: VariantEdit['stock'] = null;
      if (v.trackStock !== cur.trackStock) {
        changed.push({ field: header('trackStock'), from: formatYesNo(cur.trackStock), to: formatYesNo(v.trackStock) });
        if (v.trackStock && v.stock === undefined) c.error(r.row, header('stock'), 'is required when Track stock is yes');
        stock = { trackStock: v.trackStock, stock: v.trackStock ? v.stock : undefined, expected: undefined };
      } else if (cur.trackStock && v.stock !== undefined) {
        if (ctx.stockMode === 'add') {
          if (v.stock !== 0) {
            const next = cur.stock + v.stock;
            if (next < 0) c.error(r.row, header('stock'), `takes ${-v.stock} units but only ${cur.stock} are in stock`);
            else {
              stock = { trackStock: true, stock: next, expected: cur.stock };
              changed.push({ field: header('stock'), from: String(cur.stock), to: String(next) });
            }
          }
        } else {
          const atExportText = r.get('stockAtExport') ?? '';
          const atExport = atExportText === '' ? null : parseWhole(atExportText);
          if (atExportText !== '' && (atExport === null || atExport < 0)) c.error(r.row, header('stockAtExport'), `${quote(atExportText)} is not a number of units`);
          else if (atExport !== null && v.stock !== atExport) {
            // Changed in the file: set only if no sale (or other change) moved it since the export.
            if (cur.stock !== atExport)
              c.error(r.row, header('stock'), `stock changed since the export: now ${cur.stock}, file says ${v.stock} (it was ${atExport} at the export)`);
            else {
              stock = { trackStock: true, stock: v.stock, expected: atExport };
              changed.push({ field: header('stock'), from: String(cur.stock), to: String(v.stock) });
            }
          } else if (atExport === null && v.stock !== cur.stock) {
            stock = { trackStock: true, stock: v.stock, expected: cur.stock };
            changed.push({ field: header('stock'), from: String(cur.stock), to: String(v.stock) });
          }
        }
      }
      // Stock change: a supplier's signed delta (+5, -2) added to the stock now, written compare-and-set against it.
      const deltaText = r.get('stockChange') ?? '';
      if (deltaText !== '') {
        const delta = parseSignedWhole(deltaText);
        if (delta === null || Math.abs(delta) > STOCK_MAX) c.error(r.row, header('stockChange'), `${quote(deltaText)} is not a number of units to add or take (+5, -2)`);
        else if (v.stock !== undefined || stock !== null) c.error(r.row, header('stockChange'), `give ${header('stock')} or ${header('stockChange')}, not both`);
        else if (!cur.trackStock) c.error(r.row, header('stockChange'), `SKU ${cur.sku} does not track stock (switch Track stock on in the product form first)`);
        else if (delta !== 0) {
          const next = cur.stock + delta;
          if (next < 0) c.error(r.row, header('stockChange'), `takes ${-delta} units but only ${cur.stock} are in stock`);
          else if (next > STOCK_MAX) c.error(r.row, header('stockChange'), `would make the stock ${next}: at most ${STOCK_MAX}`);
          else {
            stock = { trackStock: true, stock: next, expected: cur.stock };
            changed.push({ field: header('stock'), from: String(cur.stock), to: String(next) });
          }
        }
      } else if (quick && v.stock !== undefined && !cur.trackStock) {
        // A full file's Track stock column would switch tracking on; a price and stock update has none.
        c.error(r.row, header('stock'), `SKU ${cur.sku} does not track stock (switch Track stock on in the product form first)`);
      }
      let archived: boolean | null = null;
      if (!archivedAll && has('archived') && v.archived !== cur.archived && !target.archived) {
        archived = v.archived;
        changed.push({ field: header('archived'), from: formatYesNo(cur.archived), to: formatYesNo(v.archived) });
      } else if (!archivedAll && has('archived') && target.archived && v.archived !== cur.archived) {
        archived = v.archived;
        changed.push({ field: header('archived'), from: formatYesNo(cur.archived), to: formatYesNo(v.archived) });
      }
      if (changed.length === 0) {
        variantsUnchanged += 1;
        continue;
      }
      if (ctx.mode === 'create') {
        variantsSkipped += 1;
        continue;
      }
      variantsUpdated += 1;
      edits.push({
        variantId: cur.id,
        row: r.row,
        fields: fieldsChanged
          ? {
              sku: cur.sku,
              ean: v.ean,
              optionValues: v.optionValues,
              price: v.price,
              sellingPrice: v.sellingPrice,
              weightGrams: v.weightGrams,
              images: v.images,
              specs: v.specs,
              lowStockLevel: v.lowStockLevel,
            }
          : null,
        specsChanged: variantSpecsChanged,
        stock,
        archived,
      });
      variantChanges.push({ row: r.row, kind: 'update', product: name, sku: cur.sku, changes: changed });
    }
    let productArchived: boolean | null = null;
    if (has('archived')) {
      if (archivedAll && !target.archived) productArchived = true;
      if (!archivedAll && target.archived) productArchived = false;
      if (productArchived !== null) fieldChanges.push({ row: lead.row, field: header('archived'), from: formatYesNo(target.archived), to: formatYesNo(productArchived) });
    }
    if (errors.length > before) return;
    const optionsChanged = JSON.stringify(options) !== JSON.stringify(target.options);
    const productChanged = fieldChanges.length > 0 || optionsChanged;
    if (ctx.mode === 'create' && productChanged && added.length === 0) {
      products.skipped += 1;
    }
    const productWrites = ctx.mode !== 'create' && fieldChanges.some((f) => f.field !== header('archived'));
    const anything = productWrites || edits.length > 0 || added.length > 0 || (ctx.mode !== 'create' && productArchived !== null);
    variants.update += variantsUpdated;
    variants.unchanged += variantsUnchanged;
    variants.skipped += variantsSkipped;
    variants.create += added.length;
    if (!anything) {
      if (!(ctx.mode === 'create' && productChanged && added.length === 0)) products.unchanged += 1;
      return;
    }
    products.update += 1;
    if (productWrites || (ctx.mode !== 'create' && productArchived !== null))
      pushChange({ row: lead.row, kind: 'update', product: name, sku: target.variants[0]?.sku ?? '', changes: fieldChanges });
    for (const ch of variantChanges) pushChange(ch);
    actions.push({
      kind: 'update',
      productId: target.id,
      row: lead.row,
      rows: group.map((r) => r.row),
      product:
        productWrites || optionsChanged || specsChanged
          ? {
              productName: name,
              brandName: brand,
              category: category?.value ?? target.category,
              description,
              images,
              facts: ctx.mode === 'create' ? undefined : facts.facts,
              options: optionsChanged ? options : undefined,
              specs: ctx.mode !== 'create' && specsChanged ? (productSpecs ?? undefined) : undefined,
            }
          : null,
      edits,
      added,
      archived: ctx.mode === 'create' ? null : productArchived,
    });
  }

  function pushChange(change: ImportChange) {
    if (changes.length < CHANGES_LISTED) changes.push(change);
  }

  errors.sort((a, b) => a.row - b.row);
  return {
    rows: rows.length,
    products,
    variants,
    errors,
    errorRows: errorRowSet.size,
    changes: changes.sort((a, b) => a.row - b.row),
    unknownColumns: matched.unknown,
    warnings: [...warnings],
    actions,
  };
}

const short = (text: string) => (text.length > 80 ? `${text.slice(0, 77)}…` : text);

function factColumnOf(key: keyof ProductFacts): BaseColumnId {
  const map: Record<keyof ProductFacts, BaseColumnId> = {
    countryOfOrigin: 'origin',
    manufacturerName: 'manufacturerName',
    manufacturerAddress: 'manufacturerAddress',
    importerName: 'importerName',
    importerAddress: 'importerAddress',
    netQuantity: 'netQuantity',
    warrantyMonths: 'warrantyMonths',
    warrantyBy: 'warrantyBy',
  };
  return map[key];
}

/** Facts as the database keeps them (see db/product-row's factColumns): empty texts, an Indian product's importer and no warranty's giver are null. */
export function storedFacts(f: ProductFacts): ProductFacts {
  const text = (v: string | null) => (v === null || v.trim() === '' ? null : v.trim());
  const madeInIndia = f.countryOfOrigin !== null && isIndia(f.countryOfOrigin);
  return {
    countryOfOrigin: text(f.countryOfOrigin),
    manufacturerName: text(f.manufacturerName),
    manufacturerAddress: text(f.manufacturerAddress),
    importerName: madeInIndia ? null : text(f.importerName),
    importerAddress: madeInIndia ? null : text(f.importerAddress),
    netQuantity: text(f.netQuantity),
    warrantyMonths: f.warrantyMonths,
    warrantyBy: f.warrantyMonths === 0 ? null : text(f.warrantyBy),
  };
}

export type { SpecValues };

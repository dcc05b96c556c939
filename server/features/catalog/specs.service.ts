import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { DB } from '../../db/database';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import type { FieldChange } from '../../audit/audit';
import type { Category } from '../../../shared/categories';
import type { Refine } from '../../../shared/facets';
import type { SpecAttribute } from '../../../shared/schemas/categories';
import { variantLabel } from '../../../shared/schemas/variants';
import {
  cardLine,
  formatSpecNumber,
  normalizeSpecValue,
  searchWordsOf,
  specIndexText,
  parseSpecRange,
  type SpecFacet,
  type SpecSheetRow,
  type SpecValue,
  type SpecValues,
} from '../../../shared/specs';
import { findCategory, listCategories } from './categories.queries';
import { onSale, refineCondition } from './catalog.queries';
import * as sq from './specs.queries';
import { listVariants } from './variants.queries';

// What the synthetic seed writes in bulk (server/seed/synthetic-specs.ts).
export { insertSpecIndex, specValuesJson, type SpecIndexRow } from './specs.queries';

/**
 * Spec values (issue 27): checked against the category's template, stored as JSON on the product
 * (product-level attributes) and its variants (per-variant ones), and indexed in spec_values with
 * the card line and search words, all in the caller's transaction.
 *
 * Template changes and category moves CONFORM the stored values (conformValues): a value of an
 * attribute the template no longer has is dropped; one whose type changed is kept when it reads
 * as the new type (8 -> "8", "8 GB" -> 8, a list's option still listed), else dropped; one that
 * moved between product and variant level moves with it (a product's value goes to every
 * variant; a per-variant value becomes the product's from its first variant). What is dropped
 * is audited by the caller.
 */

type Raw = Record<string, string | number | boolean | null>;

/** `who` (a variant's row and SKU) goes in the message only: the field's own error sits on its cell. */
function badSpec(field: string, message: string, who = ''): AppError {
  return new AppError('BAD_INPUT', `${field}: ${message}${who}`, { fieldErrors: { [field]: message } });
}

/**
 * Checks one level's input against the template.
 * @throws AppError BAD_INPUT naming the field (`specs.ram`, `variants.1.specs.storage`) and the attribute.
 */
function checkInput(template: readonly SpecAttribute[], categoryLabel: string, raw: Raw, level: 'product' | 'variant', field: string, who = '') {
  const set = new Map<SpecAttribute, SpecValue>();
  const clear: SpecAttribute[] = [];
  for (const [key, value] of Object.entries(raw)) {
    const attribute = template.find((a) => a.key === key);
    if (!attribute) throw badSpec(`${field}.${key}`, `“${key}” is not an attribute of ${categoryLabel}`, who);
    if (level === 'variant' && !attribute.perVariant) throw badSpec(`${field}.${key}`, `${attribute.name} is the same for every variant: give it in the product’s specs`, who);
    const normalized = normalizeSpecValue(attribute, value);
    if (!normalized.ok) throw badSpec(`${field}.${key}`, normalized.message, who);
    if (normalized.value === null) clear.push(attribute);
    else set.set(attribute, normalized.value);
  }
  return { set, clear };
}

type VariantSpecs = { id: string; optionValues: string; specs: SpecValues; specsText: string; live: boolean };

/** What an index, a card and a search see of a product: its values and its live variants'. */
export function deriveSpecIndex(template: readonly SpecAttribute[], product: SpecValues, variants: readonly SpecValues[]) {
  const valuesOf = (key: string): SpecValue[] => {
    const all = [product[key], ...variants.map((v) => v[key])].filter((v): v is SpecValue => v !== undefined);
    const seen = new Set<string>();
    return all.filter((v) => {
      const id = `${typeof v}:${String(v)}`;
      if (seen.has(id)) return false;
      seen.add(id);
      return true;
    });
  };
  const rows: sq.SpecIndexRow[] = [];
  const words: string[] = [];
  for (const a of template) {
    for (const v of valuesOf(a.key)) {
      const text = specIndexText(v);
      if (!rows.some((r) => r.key === a.key && r.value === text)) rows.push({ key: a.key, value: text, num: typeof v === 'number' ? v : null, text });
      const w = searchWordsOf(a, v);
      if (w) words.push(w);
    }
  }
  return { rows, line: cardLine(template, valuesOf), words: [...new Set(words)].join(' ') };
}

/**
 * Rewrites a product's indexed values, card line and search words from its stored JSON and its
 * live variants', when they changed (the products trigger then stales what shows them).
 */
export async function reindexProductSpecs(trx: DB, productId: string, template?: readonly SpecAttribute[]): Promise<void> {
  const product = await sq.findProductSpecs(trx, productId);
  if (!product) return;
  const attributes = template ?? (await findCategory(trx, product.category))?.template ?? [];
  const variants = (await sq.listVariantSpecs(trx, productId)).filter((v) => v.live);
  const derived = deriveSpecIndex(
    attributes,
    product.specs,
    variants.map((v) => v.specs),
  );
  await sq.replaceSpecIndex(trx, productId, product.category, derived.rows);
  if (derived.line !== product.specLine || derived.words !== product.specWords) await sq.setProductSpecs(trx, productId, { specLine: derived.line, specWords: derived.words });
}

/**
 * A product form's spec values, after its row and variants are saved (same transaction): the
 * product's own (a per-variant attribute given there applies to every live variant, which is
 * what a product without options needs) and each variant's, matched by its option values.
 * Left out: the stored values stay. Returns the changes for the audit log.
 * @throws AppError BAD_INPUT naming the field and the attribute (nothing saved).
 */
export async function saveProductSpecs(
  trx: DB,
  productId: string,
  input: { specs?: Raw | undefined; variants?: readonly { optionValues: readonly string[]; sku?: string | undefined; specs?: Raw | undefined }[] | undefined },
): Promise<FieldChange[]> {
  const product = await sq.findProductSpecs(trx, productId);
  if (!product) return [];
  const category = await findCategory(trx, product.category);
  const template = category?.template ?? [];
  const label = category?.label ?? product.category;
  const variants = await sq.listVariantSpecs(trx, productId);
  const live = variants.filter((v) => v.live);
  const productSpecs: SpecValues = { ...product.specs };
  const variantSpecs = new Map(variants.map((v) => [v.id, { ...v.specs }]));
  if (input.specs) {
    const { set, clear } = checkInput(template, label, input.specs, 'product', 'specs');
    for (const [a, value] of set) {
      if (a.perVariant) for (const v of live) (variantSpecs.get(v.id) as SpecValues)[a.key] = value;
      else productSpecs[a.key] = value;
    }
    for (const a of clear) {
      if (a.perVariant) for (const v of live) delete (variantSpecs.get(v.id) as SpecValues)[a.key];
      else delete productSpecs[a.key];
    }
  }
  // A variant's refusal names its row and SKU as well as the attribute (the grid puts it on the cell).
  const skus = input.variants?.some((i) => i.specs) ? new Map((await listVariants(trx, productId)).map((r) => [r._id, r.sku])) : new Map<string, string>();
  for (const [i, variantInput] of (input.variants ?? []).entries()) {
    if (!variantInput.specs) continue;
    const target = live.find((v) => v.optionValues === JSON.stringify(variantInput.optionValues));
    const sku = variantInput.sku ?? (target ? skus.get(target.id) : undefined);
    const rowLabel = variantLabel(variantInput.optionValues);
    const who = ` (variant ${i + 1}${rowLabel ? `, ${rowLabel}` : ''}${sku ? `, SKU ${sku}` : ''})`;
    const { set, clear } = checkInput(template, label, variantInput.specs, 'variant', `variants.${i}.specs`, who);
    if (!target) continue;
    const values = variantSpecs.get(target.id) as SpecValues;
    for (const [a, value] of set) values[a.key] = value;
    for (const a of clear) delete values[a.key];
  }
  return writeConformed(trx, productId, template, product.specsText, productSpecs, variants, variantSpecs);
}

async function writeConformed(
  trx: DB,
  productId: string,
  template: readonly SpecAttribute[],
  productText: string,
  productSpecs: SpecValues,
  variants: readonly VariantSpecs[],
  variantSpecs: Map<string, SpecValues>,
): Promise<FieldChange[]> {
  const changes: FieldChange[] = [];
  const before = sq.parseSpecValues(productText);
  const nextText = sq.specValuesJson(productSpecs);
  if (nextText !== sq.specValuesJson(before)) {
    for (const key of new Set([...Object.keys(before), ...Object.keys(productSpecs)])) {
      if (before[key] !== productSpecs[key]) changes.push({ field: `specs.${key}`, from: before[key] ?? null, to: productSpecs[key] ?? null });
    }
    await sq.setProductSpecs(trx, productId, { specs: nextText });
  }
  for (const v of variants) {
    const next = variantSpecs.get(v.id) ?? {};
    const text = sq.specValuesJson(next);
    if (text === sq.specValuesJson(v.specs)) continue;
    for (const key of new Set([...Object.keys(v.specs), ...Object.keys(next)])) {
      if (v.specs[key] !== next[key]) changes.push({ field: `variants.${v.id}.specs.${key}`, from: v.specs[key] ?? null, to: next[key] ?? null });
    }
    await sq.setVariantSpecs(trx, v.id, text);
  }
  await reindexProductSpecs(trx, productId, template);
  return changes;
}

/** A value kept under a changed attribute, when it reads as the new type; null to drop it. */
function conformValue(a: SpecAttribute, value: SpecValue): SpecValue | null {
  const raw = typeof value === 'boolean' && a.type !== 'yesno' ? (value ? 'yes' : 'no') : value;
  const normalized = normalizeSpecValue(a, raw);
  return normalized.ok ? normalized.value : null;
}

/**
 * Conforms a product's stored values to `template` (its category's, after a template change or a
 * move to another category): see the module's comment. Returns what was dropped or changed.
 */
export async function conformProductSpecs(trx: DB, productId: string, template: readonly SpecAttribute[]): Promise<FieldChange[]> {
  const product = await sq.findProductSpecs(trx, productId);
  if (!product) return [];
  const variants = await sq.listVariantSpecs(trx, productId);
  const live = variants.filter((v) => v.live);
  const productSpecs: SpecValues = {};
  const variantSpecs = new Map<string, SpecValues>(variants.map((v) => [v.id, {}]));
  const byKey = new Map(template.map((a) => [a.key, a]));
  for (const [key, value] of Object.entries(product.specs)) {
    const a = byKey.get(key);
    const kept = a ? conformValue(a, value) : null;
    if (a === undefined || kept === null) continue;
    if (a.perVariant) for (const v of live) (variantSpecs.get(v.id) as SpecValues)[key] = kept;
    else productSpecs[key] = kept;
  }
  for (const v of variants) {
    for (const [key, value] of Object.entries(v.specs)) {
      const a = byKey.get(key);
      const kept = a ? conformValue(a, value) : null;
      if (a === undefined || kept === null) continue;
      if (a.perVariant) (variantSpecs.get(v.id) as SpecValues)[key] = kept;
      else if (v.live && productSpecs[key] === undefined) productSpecs[key] = kept;
    }
  }
  return writeConformed(trx, productId, template, product.specsText, productSpecs, variants, variantSpecs);
}

/** After a template change: every product of the category conformed and reindexed. Returns how many values changed or were dropped. */
export async function conformCategorySpecs(trx: DB, category: string, template: readonly SpecAttribute[]): Promise<{ products: number; changes: number }> {
  let products = 0;
  let changes = 0;
  for (const id of await sq.productIdsIn(trx, category)) {
    const changed = await conformProductSpecs(trx, id, template);
    if (changed.length > 0) products += 1;
    changes += changed.length;
  }
  return { products, changes };
}

/** Each variant's own values (per-variant attributes), archived ones too, by variant id: the admin's variant grid. */
export async function variantSpecsById(db: DB, productId: string): Promise<Map<string, SpecValues>> {
  return new Map((await sq.listVariantSpecs(db, productId)).map((v) => [v.id, v.specs]));
}

/** The product page's Specifications table: every attribute with a value, in template order. */
export async function specSheet(db: DB, productId: string): Promise<SpecSheetRow[]> {
  const product = await sq.findProductSpecs(db, productId);
  if (!product) return [];
  const template = (await findCategory(db, product.category))?.template ?? [];
  const live = (await sq.listVariantSpecs(db, productId)).filter((v) => v.live);
  const rows: SpecSheetRow[] = [];
  for (const a of template) {
    const byVariant: Record<string, SpecValue> = {};
    if (a.perVariant) for (const v of live) if (v.specs[a.key] !== undefined) byVariant[v.id] = v.specs[a.key] as SpecValue;
    const value = a.perVariant ? null : (product.specs[a.key] ?? null);
    if (value === null && Object.keys(byVariant).length === 0) continue;
    rows.push({ key: a.key, name: a.name, unit: a.unit, type: a.type, perVariant: a.perVariant, value, byVariant });
  }
  return rows;
}

// ---- Facets ----

type Base = (eb: ExpressionBuilder<Database, 'products'>) => Expression<SqlBool>;

/** How many number thresholds a facet offers at most. */
const MAX_THRESHOLDS = 6;

/**
 * The filterable attributes of `categories` (all of them when absent: a search's or the whole
 * shop's list, merged by key, the first category in menu order naming each), in template order.
 */
async function filterAttributes(db: DB, categories: readonly string[] | undefined): Promise<SpecAttribute[]> {
  const all = await listCategories(db);
  const wanted = categories ? all.filter((c) => categories.includes(c.value)) : all;
  const seen = new Map<string, SpecAttribute>();
  for (const c of wanted) for (const a of c.template) if (a.filter && a.type !== 'text' && !seen.has(a.key)) seen.set(a.key, a);
  return [...seen.values()];
}

/**
 * A facet per filterable attribute: a list's options and yes/no with how many products each
 * would show, a number's thresholds ("8 GB & above") derived from the values present (every
 * distinct value while there are few, else evenly spread ones). Each count respects the other
 * selected filters (brand, price, stock, the other attributes), not the attribute's own.
 * `scope`: the category page's categories; absent: the categories found in the list (`base`).
 */
export async function specFacets(db: DB, base: Base, refine: Refine, scope: readonly Category[] | undefined): Promise<SpecFacet[]> {
  let categories: readonly string[] | undefined = scope;
  if (!categories) {
    const present = await db.selectFrom('products').select('products.category').distinct().where(onSale).where(base).execute();
    categories = present.map((r) => r.category);
  }
  if (categories.length === 0) return [];
  const attributes = await filterAttributes(db, categories);
  const facets: SpecFacet[] = [];
  for (const a of attributes) {
    const others = Object.fromEntries(Object.entries(refine.specs ?? {}).filter(([key]) => key !== a.key));
    const ids = db
      .selectFrom('products')
      .select('products.id')
      .where(onSale)
      .where(base)
      .where((eb) => refineCondition(eb, { ...refine, specs: others }, scope));
    const chosen = refine.specs?.[a.key] ?? [];
    if (a.type === 'number') {
      const maxima = db
        .selectFrom('spec_values')
        .select(['spec_values.product_id', (eb) => eb.fn.max('spec_values.num').as('m')])
        .where('spec_values.key', '=', a.key)
        .where('spec_values.category', 'in', [...categories])
        .where('spec_values.product_id', 'in', ids)
        .groupBy('spec_values.product_id')
        .as('maxima');
      const rows = await db
        .selectFrom(maxima)
        .select(['maxima.m', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy('maxima.m')
        .orderBy('maxima.m')
        .execute();
      const counts = rows.filter((r) => r.m !== null).map((r) => ({ value: Number(r.m), n: Number(r.n) }));
      if (counts.length === 0 && chosen.length === 0) continue;
      // Thresholds from every value present (a variant's 128 GB too), counts from each product's highest.
      const values = await db
        .selectFrom('spec_values')
        .select('spec_values.num')
        .distinct()
        .where('spec_values.key', '=', a.key)
        .where('spec_values.category', 'in', [...categories])
        .where('spec_values.product_id', 'in', ids)
        .orderBy('spec_values.num')
        .execute();
      const distinct = values.filter((r) => r.num !== null).map((r) => Number(r.num));
      const picked =
        distinct.length <= MAX_THRESHOLDS
          ? distinct
          : [...new Set(Array.from({ length: MAX_THRESHOLDS }, (_, i) => distinct[Math.round((i * (distinct.length - 1)) / (MAX_THRESHOLDS - 1))] as number))];
      const atLeast = (t: number) => counts.filter((c) => c.value >= t).reduce((sum, c) => sum + c.n, 0);
      const unit = a.unit ? ` ${a.unit}` : '';
      const choices = picked.map((t) => ({ value: `${t}-`, label: `${formatSpecNumber(t)}${unit} & above`, count: atLeast(t) }));
      for (const value of chosen) {
        const range = parseSpecRange(value);
        if (!range || choices.some((c) => c.value === value)) continue;
        const label = range.max === null ? `${formatSpecNumber(range.min ?? 0)}${unit} & above` : `${formatSpecNumber(range.min ?? 0)}–${formatSpecNumber(range.max)}${unit}`;
        const n = counts.filter((c) => c.value >= (range.min ?? -Infinity)).reduce((sum, c) => sum + c.n, 0);
        choices.push({ value, label, count: range.max === null ? n : 0 });
      }
      facets.push({ key: a.key, name: a.name, unit: a.unit, type: 'number', choices });
      continue;
    }
    const rows = await db
      .selectFrom('spec_values')
      .select(['spec_values.text', (eb) => eb.fn.countAll<number>().as('n')])
      .where('spec_values.key', '=', a.key)
      .where('spec_values.category', 'in', [...categories])
      .where('spec_values.product_id', 'in', ids)
      .groupBy('spec_values.text')
      .execute();
    const count = (text: string) => Number(rows.find((r) => r.text === text)?.n ?? 0);
    const options = a.type === 'yesno' ? ['Yes', 'No'] : a.options;
    const choices = options.map((o) => ({ value: o.toLowerCase(), label: o, count: count(o.toLowerCase()) }));
    const shown = choices.filter((c) => c.count > 0 || chosen.some((value) => value.toLowerCase() === c.value));
    if (shown.length === 0) continue;
    facets.push({ key: a.key, name: a.name, unit: a.unit, type: a.type === 'yesno' ? 'yesno' : 'list', choices: shown });
  }
  return facets;
}

/** What saveProductSpecs would leave for new variants of many products (newVariantSpecs), for the caller to write. */
export type NewVariantSpecs = {
  /** Each new variant's stored values (JSON), written with its row. */
  variantSpecs: Map<string, string>;
  /** Products whose card line or search words change. */
  lines: Map<string, { specLine: string; specWords: string }>;
  /** Products whose indexed values change: the rows they will have. */
  index: { productId: string; category: string; rows: sq.SpecIndexRow[] }[];
  /** The changes each product's audit entry records. */
  changes: Map<string, FieldChange[]>;
};

/**
 * saveProductSpecs for new variants of many products at once (a catalogue import's new rows),
 * worked out before their rows are inserted, in a few queries per few hundred products: each new
 * variant's values checked against its category's template as the form's save checks them (the
 * same refusals, naming `variants.<index>.specs`), and what that save would leave: the new
 * variants' stored values, each product's indexed values, card line and search words (with its
 * live variants, the new ones placed last), the changes to audit. `index`: the place of a
 * product's first new variant in the form's list (after the edited ones).
 * @throws AppError BAD_INPUT naming the field and the attribute.
 */
export async function newVariantSpecs(
  trx: DB,
  products: readonly { productId: string; index: number; variants: readonly { id: string; optionValues: readonly string[]; sku: string; specs?: Raw | undefined }[] }[],
): Promise<NewVariantSpecs> {
  const out: NewVariantSpecs = { variantSpecs: new Map(), lines: new Map(), index: [], changes: new Map() };
  const wanted = products.filter((p) => p.variants.some((v) => v.specs));
  const categories = new Map<string, Awaited<ReturnType<typeof findCategory>>>();
  for (let i = 0; i < wanted.length; i += 400) {
    const chunk = wanted.slice(i, i + 400);
    const ids = chunk.map((p) => p.productId);
    const rows = await trx.selectFrom('products').select(['id', 'category', 'specs', 'spec_line', 'spec_words']).where('id', 'in', ids).execute();
    const variantRows = await trx
      .selectFrom('product_variants')
      .select(['id', 'product_id', 'specs', 'archived_at'])
      .where('product_id', 'in', ids)
      .orderBy('position')
      .orderBy('id')
      .execute();
    const indexRows = await trx.selectFrom('spec_values').select(['product_id', 'key', 'value', 'num', 'text', 'category']).where('product_id', 'in', ids).execute();
    for (const p of chunk) {
      const product = rows.find((r) => r.id === p.productId);
      if (!product) continue;
      if (!categories.has(product.category)) categories.set(product.category, await findCategory(trx, product.category));
      const category = categories.get(product.category);
      const template = category?.template ?? [];
      const label = category?.label ?? product.category;
      const productSpecs = sq.parseSpecValues(product.specs);
      const changes: FieldChange[] = [];
      const fresh: SpecValues[] = [];
      for (const [j, input] of p.variants.entries()) {
        const i = p.index + j;
        const next: SpecValues = {};
        if (input.specs) {
          const rowLabel = variantLabel(input.optionValues);
          const who = ` (variant ${i + 1}${rowLabel ? `, ${rowLabel}` : ''}, SKU ${input.sku})`;
          const { set, clear } = checkInput(template, label, input.specs, 'variant', `variants.${i}.specs`, who);
          for (const [a, value] of set) next[a.key] = value;
          for (const a of clear) delete next[a.key];
        }
        fresh.push(next);
        const text = sq.specValuesJson(next);
        if (text === sq.specValuesJson({})) continue;
        for (const key of Object.keys(next)) changes.push({ field: `variants.${input.id}.specs.${key}`, from: null, to: next[key] ?? null });
        out.variantSpecs.set(input.id, text);
      }
      if (changes.length > 0) out.changes.set(p.productId, changes);
      // reindexProductSpecs: the live variants in position order, the new ones last.
      const live = [...variantRows.filter((v) => v.product_id === p.productId && v.archived_at === null).map((v) => sq.parseSpecValues(v.specs)), ...fresh];
      const derived = deriveSpecIndex(template, productSpecs, live);
      const current = indexRows.filter((r) => r.product_id === p.productId);
      const signature = (r: sq.SpecIndexRow) => JSON.stringify([r.key, r.value, r.num === null ? null : Number(r.num), r.text]);
      const same = current.every((r) => r.category === product.category) && JSON.stringify(current.map(signature).sort()) === JSON.stringify(derived.rows.map(signature).sort());
      if (!same) out.index.push({ productId: p.productId, category: product.category, rows: derived.rows });
      if (derived.line !== product.spec_line || derived.words !== product.spec_words) out.lines.set(p.productId, { specLine: derived.line, specWords: derived.words });
    }
  }
  return out;
}

/** The indexed values of newVariantSpecs' products replaced: one DELETE and a few INSERTs per 400 products. */
export async function replaceSpecIndexes(trx: DB, index: NewVariantSpecs['index']): Promise<void> {
  for (let i = 0; i < index.length; i += 400) {
    const chunk = index.slice(i, i + 400);
    await trx
      .deleteFrom('spec_values')
      .where(
        'product_id',
        'in',
        chunk.map((p) => p.productId),
      )
      .execute();
    await sq.insertSpecIndex(
      trx,
      chunk.flatMap((p) => p.rows.map((r) => ({ ...r, productId: p.productId, category: p.category }))),
    );
  }
}

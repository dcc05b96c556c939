import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { DB } from '../../db/database';
import type { Database } from '../../db/schema';
import { parseSpecRange, type SpecRefine, type SpecValues } from '../../../shared/specs';

/**
 * SQL for spec values (migration 2026-12-03-04-spec-values): the JSON a product and its variants
 * carry, and the spec_values rows that index them for filters and facets.
 */

/** One indexed value of a product (see the migration for the columns). */
export type SpecIndexRow = { key: string; value: string; num: number | null; text: string };

/** A JSON object of values as stored; anything unreadable reads as none. */
export function parseSpecValues(text: string): SpecValues {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
    const out: SpecValues = {};
    for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
      if (typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean') out[key] = v;
    }
    return out;
  } catch {
    return {};
  }
}

/** The same values as stored: keys sorted, so equal values are equal text. */
export function specValuesJson(values: SpecValues): string {
  return JSON.stringify(Object.fromEntries(Object.entries(values).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))));
}

/**
 * The condition spec filters put on products: for every filtered attribute, the product (or one
 * of its live variants) has a chosen value. A number's choice is a range (`8-`, `-12`, `4-12`)
 * on `num`, any other choice the lower-cased text. With `scope` (a category page's categories)
 * the ids come from the (category, key, …) indexes; without (search, every product), each
 * product is probed through the primary key.
 */
export function specConditions(eb: ExpressionBuilder<Database, 'products'>, specs: SpecRefine | undefined, scope?: readonly string[]): Expression<SqlBool>[] {
  const parts: Expression<SqlBool>[] = [];
  const valuesOf = (key: string) => eb.selectFrom('spec_values').select('spec_values.product_id').where('spec_values.key', '=', key);
  /** With a scope, each filter's matching ids, from the (category, key, …) indexes. */
  const scoped: ReturnType<typeof valuesOf>[] = [];
  for (const [key, choices] of Object.entries(specs ?? {})) {
    if (choices.length === 0) continue;
    let values = valuesOf(key);
    values = values.where((sv) =>
      sv.or(
        choices.map((choice) => {
          const range = parseSpecRange(choice);
          if (!range) return sv('spec_values.text', '=', choice.toLowerCase());
          const bounds = [];
          if (range.min !== null) bounds.push(sv('spec_values.num', '>=', range.min));
          if (range.max !== null) bounds.push(sv('spec_values.num', '<=', range.max));
          return sv.and(bounds);
        }),
      ),
    );
    if (scope && scope.length > 0) scoped.push(values.where('spec_values.category', 'in', [...new Set(scope)]));
    else parts.push(eb.exists(values.whereRef('spec_values.product_id', '=', 'products.id')));
  }
  // One `id in (A intersect B …)` rather than `id in (A) and id in (B)`: PostgreSQL's planner,
  // misjudging how many products pass the first, probed the second per product (a 256 GB +
  // 5000 mAh page at 100k products: 16.8 ms against 8.5 ms intersected); SQLite takes the same time.
  const [first, ...rest] = scoped;
  if (first)
    parts.push(
      eb(
        'products.id',
        'in',
        rest.reduce((all, next) => all.intersect(next), first),
      ),
    );
  return parts;
}

/** Replaces a product's indexed values when they differ from `rows`; true when they did. */
export async function replaceSpecIndex(db: DB, productId: string, category: string, rows: readonly SpecIndexRow[]): Promise<boolean> {
  const current = await db.selectFrom('spec_values').select(['key', 'value', 'num', 'text', 'category']).where('product_id', '=', productId).execute();
  const signature = (r: SpecIndexRow) => JSON.stringify([r.key, r.value, r.num === null ? null : Number(r.num), r.text]);
  const before = current.map(signature).sort();
  const after = rows.map(signature).sort();
  if (current.every((r) => r.category === category) && JSON.stringify(before) === JSON.stringify(after)) return false;
  await db.deleteFrom('spec_values').where('product_id', '=', productId).execute();
  if (rows.length > 0)
    await db
      .insertInto('spec_values')
      .values(rows.map((r) => ({ product_id: productId, category, ...r })))
      .execute();
  return true;
}

/** Inserts indexed values of many new products at once (the seeds), in chunks. */
export async function insertSpecIndex(db: DB, rows: readonly (SpecIndexRow & { productId: string; category: string })[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 2000) {
    const chunk = rows.slice(i, i + 2000);
    await db
      .insertInto('spec_values')
      .values(chunk.map((r) => ({ product_id: r.productId, category: r.category, key: r.key, value: r.value, num: r.num, text: r.text })))
      .execute();
  }
}

/** A product's category and values, its card line and search words; null for an unknown id. */
export async function findProductSpecs(db: DB, productId: string) {
  const row = await db.selectFrom('products').select(['category', 'specs', 'spec_line', 'spec_words']).where('id', '=', productId).executeTakeFirst();
  return row ? { category: row.category, specs: parseSpecValues(row.specs), specLine: row.spec_line, specWords: row.spec_words, specsText: row.specs } : null;
}

/** A product's variants' values, live ones first by position (archived ones too, flagged). */
export async function listVariantSpecs(db: DB, productId: string) {
  const rows = await db
    .selectFrom('product_variants')
    .select(['id', 'option_values', 'specs', 'archived_at', 'position'])
    .where('product_id', '=', productId)
    .orderBy('position')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: r.id, optionValues: r.option_values, specs: parseSpecValues(r.specs), specsText: r.specs, live: r.archived_at === null }));
}

export async function setProductSpecs(db: DB, productId: string, fields: { specs?: string; specLine?: string; specWords?: string }): Promise<void> {
  const set = {
    ...(fields.specs !== undefined ? { specs: fields.specs } : {}),
    ...(fields.specLine !== undefined ? { spec_line: fields.specLine } : {}),
    ...(fields.specWords !== undefined ? { spec_words: fields.specWords } : {}),
  };
  if (Object.keys(set).length > 0) await db.updateTable('products').set(set).where('id', '=', productId).execute();
}

export async function setVariantSpecs(db: DB, variantId: string, specs: string): Promise<void> {
  await db.updateTable('product_variants').set({ specs }).where('id', '=', variantId).execute();
}

/** The ids of every product in a category, archived ones too (a template change conforms them all). */
export async function productIdsIn(db: DB, category: string): Promise<string[]> {
  const rows = await db.selectFrom('products').select('id').where('category', '=', category).orderBy('id').execute();
  return rows.map((r) => r.id);
}

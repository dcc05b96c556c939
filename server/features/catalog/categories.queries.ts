import type { Selectable } from 'kysely';
import type { DB } from '../../db/database';
import type { CategoriesTable } from '../../db/schema';
import type { CategoryInfo } from '../../../shared/categories';
import type { AdminCategory, SpecAttribute } from '../../../shared/schemas/categories';

const columns = [
  'value',
  'label',
  'position',
  'hidden',
  'hsn',
  'gst_rate_bp',
  'home_heading',
  'home_cards',
  'home_position',
  'spec_template',
  'unit_ids',
  'created_at',
  'updated_at',
] as const;
type CategoryRow = Pick<Selectable<CategoriesTable>, (typeof columns)[number]>;

/** A category with its tax and template: what the service reads and writes. */
export type CategoryRecord = Omit<AdminCategory, 'productCount'>;

function parseTemplate(text: string): SpecAttribute[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? (value as SpecAttribute[]) : [];
  } catch {
    return [];
  }
}

function toRecord(r: CategoryRow): CategoryRecord {
  return {
    value: r.value,
    label: r.label,
    position: Number(r.position),
    hidden: Number(r.hidden) === 1,
    hsn: r.hsn,
    rateBasisPoints: Number(r.gst_rate_bp),
    homeRow:
      r.home_heading !== null && r.home_cards !== null ? { heading: r.home_heading, cards: r.home_cards, position: Number(r.home_position ?? Number.MAX_SAFE_INTEGER) } : null,
    template: parseTemplate(r.spec_template),
    unitIds: r.unit_ids,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

/** Every category in menu order. */
export async function listCategories(db: DB): Promise<CategoryRecord[]> {
  const rows = await db.selectFrom('categories').select(columns).orderBy('position').orderBy('value').execute();
  return rows.map(toRecord);
}

/** The storefront's view: every category (hidden ones flagged), in menu order, without tax or template. */
export async function listCategoryInfo(db: DB): Promise<CategoryInfo[]> {
  return (await listCategories(db)).map(({ value, label, position, hidden, homeRow }) => ({ value, label, position, hidden, homeRow }));
}

export async function findCategory(db: DB, value: string): Promise<CategoryRecord | null> {
  const row = await db.selectFrom('categories').select(columns).where('value', '=', value).executeTakeFirst();
  return row ? toRecord(row) : null;
}

/** Which of `values` exist, with their hidden flag. */
export async function existingCategories(db: DB, values: readonly string[]): Promise<Map<string, { hidden: boolean }>> {
  if (values.length === 0) return new Map();
  const rows = await db
    .selectFrom('categories')
    .select(['value', 'hidden'])
    .where('value', 'in', [...new Set(values)])
    .execute();
  return new Map(rows.map((r) => [r.value, { hidden: Number(r.hidden) === 1 }]));
}

/** Products in each category, archived ones included. */
export async function productCounts(db: DB): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('products')
    .select(['category', (eb) => eb.fn.countAll<number | string>().as('n')])
    .groupBy('category')
    .execute();
  return new Map(rows.map((r) => [r.category, Number(r.n)]));
}

export async function countProductsOf(db: DB, value: string): Promise<number> {
  const row = await db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('category', '=', value)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The last place in menu order and among home rows (0 when there is none). */
export async function lastPositions(db: DB): Promise<{ menu: number; home: number }> {
  const row = await db
    .selectFrom('categories')
    .select((eb) => [eb.fn.max('position').as('menu'), eb.fn.max('home_position').as('home')])
    .executeTakeFirst();
  return { menu: Number(row?.menu ?? 0), home: Number(row?.home ?? 0) };
}

const rowOf = (c: CategoryRecord, now: string) => ({
  label: c.label,
  position: c.position,
  hidden: c.hidden ? 1 : 0,
  hsn: c.hsn,
  gst_rate_bp: c.rateBasisPoints,
  home_heading: c.homeRow?.heading ?? null,
  home_cards: c.homeRow?.cards ?? null,
  home_position: c.homeRow?.position ?? null,
  spec_template: JSON.stringify(c.template),
  unit_ids: c.unitIds,
  updated_at: now,
});

export async function insertCategory(db: DB, c: CategoryRecord, now: string): Promise<void> {
  await db
    .insertInto('categories')
    .values({ value: c.value, ...rowOf(c, now), created_at: now })
    .execute();
}

export async function updateCategoryRow(db: DB, c: CategoryRecord, now: string): Promise<void> {
  await db.updateTable('categories').set(rowOf(c, now)).where('value', '=', c.value).execute();
}

export async function setPositions(db: DB, value: string, positions: { position?: number; homePosition?: number }, now: string): Promise<void> {
  await db
    .updateTable('categories')
    .set({
      ...(positions.position !== undefined ? { position: positions.position } : {}),
      ...(positions.homePosition !== undefined ? { home_position: positions.homePosition } : {}),
      updated_at: now,
    })
    .where('value', '=', value)
    .execute();
}

/** Deletes a category; false when there was none. */
export async function deleteCategoryRow(db: DB, value: string): Promise<boolean> {
  const result = await db.deleteFrom('categories').where('value', '=', value).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

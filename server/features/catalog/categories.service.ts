import type { DB } from '../../db/database';
import { nowIso } from '../../db/database';
import { transaction } from '../../db/transaction';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { changedFields, writeAudit } from '../../audit/audit';
import { listedCategories, MAX_CATEGORIES, type CategoryInfo, type HomeRowCards } from '../../../shared/categories';
import type { Product } from '../../../shared/schemas/catalog';
import type { AdminCategory, CreateCategoryInputSchema, MoveCategoryInputSchema, SpecAttribute, UpdateCategoryInputSchema } from '../../../shared/schemas/categories';
import type { UnitIdKind } from '../../../shared/schemas/shipping';
import type { z } from 'zod';
import * as q from './categories.queries';
import { bubblePerCategory } from './catalog.queries';
import { conformCategorySpecs } from './specs.service';

/**
 * The owner's categories: the spec's twelve and any the owner adds. Every change is audited in
 * its transaction; the table's trigger stales the shared replies that show categories (tags
 * `categories` and `category:<value>`), so nothing here writes a tag.
 *
 * Hidden: unlisted (no bubble, home row or filter entry, not offered for new products), while its
 * page and its products keep answering at their addresses. Only a category no product uses
 * (archived ones included: their orders and pages name it) can be deleted.
 */

/** Every category, hidden ones flagged, in menu order (the storefront's `catalog.categories`). */
export function listShopCategories(db: DB): Promise<CategoryInfo[]> {
  return q.listCategoryInfo(db);
}

/** The admin's Categories page: every category with its tax, home row, template and products count. */
export async function listAdminCategories(db: DB): Promise<AdminCategory[]> {
  const [categories, counts] = await Promise.all([q.listCategories(db), q.productCounts(db)]);
  return categories.map((c) => ({ ...c, productCount: counts.get(c.value) ?? 0 }));
}

const doesNotExist = (value: string) => `category '${value}' does not exist`;

/**
 * Checks that every value names a category (for listings: hidden ones answer too).
 * @throws AppError BAD_INPUT "category 'x' does not exist", naming `field`.
 */
export async function requireCategories(db: DB, values: readonly string[], field = 'category'): Promise<void> {
  const found = await q.existingCategories(db, values);
  const missing = values.find((v) => !found.has(v));
  if (missing !== undefined) throw new AppError('BAD_INPUT', doesNotExist(missing), { fieldErrors: { [field]: doesNotExist(missing) } });
}

/**
 * Checks the category a product is being put in: it must exist, and be listed unless the
 * product is already in it (a hidden category is not offered for new products, but the products
 * it holds can still be edited).
 * @throws AppError BAD_INPUT naming `category`.
 */
export async function requireCategoryForProduct(db: DB, value: string, currentCategory: string | null): Promise<void> {
  const found = (await q.existingCategories(db, [value])).get(value);
  if (!found) throw new AppError('BAD_INPUT', doesNotExist(value), { fieldErrors: { category: doesNotExist(value) } });
  if (found.hidden && value !== currentCategory) {
    const message = `category '${value}' is hidden: show it again (admin panel, Categories) to put products in it`;
    throw new AppError('BAD_INPUT', message, { fieldErrors: { category: message } });
  }
}

type CreateInput = z.output<typeof CreateCategoryInputSchema>;
type UpdateInput = z.output<typeof UpdateCategoryInputSchema>;
type MoveInput = z.output<typeof MoveCategoryInputSchema>;

const notFound = () => new AppError('NOT_FOUND', 'Category not found', { fieldErrors: { value: 'no such category' } });

async function refuseTakenLabel(db: DB, label: string, except: string | null): Promise<void> {
  const taken = (await q.listCategories(db)).find((c) => c.value !== except && c.label.toLowerCase() === label.toLowerCase());
  if (taken)
    throw new AppError('CONFLICT', `The label “${label}” is already used by the category '${taken.value}'`, { fieldErrors: { label: 'already used by another category' } });
}

/**
 * Adds a category at the end of the menu (and of the home rows, when it has one).
 * @throws AppError CONFLICT (409) for a value or label already in use, or past MAX_CATEGORIES.
 */
export async function createCategory(deps: Pick<Deps, 'db' | 'clock'>, input: CreateInput, actorId: string | null): Promise<AdminCategory> {
  const now = nowIso(deps.clock);
  await transaction(deps.db, async (trx) => {
    if (await q.findCategory(trx, input.value)) {
      throw new AppError('CONFLICT', `A category with the value '${input.value}' already exists`, { fieldErrors: { value: 'already exists' } });
    }
    await refuseTakenLabel(trx, input.label, null);
    const all = await q.listCategories(trx);
    if (all.length >= MAX_CATEGORIES) throw new AppError('CONFLICT', `A shop holds at most ${MAX_CATEGORIES} categories: hide or delete one first`);
    const last = await q.lastPositions(trx);
    const record: q.CategoryRecord = {
      value: input.value,
      label: input.label,
      position: last.menu + 1,
      hidden: input.hidden,
      hsn: input.hsn,
      rateBasisPoints: input.rateBasisPoints,
      homeRow: input.homeRow ? { ...input.homeRow, position: last.home + 1 } : null,
      template: input.template,
      unitIds: input.unitIds,
      createdAt: now,
      updatedAt: now,
    };
    await q.insertCategory(trx, record, now);
    await writeAudit(trx, {
      at: now,
      actorId,
      action: 'category.add',
      detail: {
        value: record.value,
        label: record.label,
        hidden: record.hidden,
        hsn: record.hsn,
        rateBasisPoints: record.rateBasisPoints,
        homeRow: record.homeRow,
        attributes: record.template.length,
        unitIds: record.unitIds,
      },
    });
  });
  return adminCategory(deps.db, input.value);
}

const AUDITED_FIELDS = ['label', 'hidden', 'hsn', 'rateBasisPoints', 'homeRow', 'template', 'unitIds'] as const;

/**
 * Edits a category: the fields given replace the current ones. A home row given to a category
 * that had none goes last among the rows; an edited one keeps its place.
 * @throws AppError NOT_FOUND; CONFLICT for a label another category uses.
 */
export async function updateCategory(deps: Pick<Deps, 'db' | 'clock'>, input: UpdateInput, actorId: string | null): Promise<AdminCategory> {
  const now = nowIso(deps.clock);
  await transaction(deps.db, async (trx) => {
    const current = await q.findCategory(trx, input.value);
    if (!current) throw notFound();
    if (input.label !== undefined && input.label !== current.label) await refuseTakenLabel(trx, input.label, current.value);
    let homeRow = current.homeRow;
    if (input.homeRow === null) homeRow = null;
    else if (input.homeRow !== undefined) homeRow = { ...input.homeRow, position: current.homeRow?.position ?? (await q.lastPositions(trx)).home + 1 };
    const next: q.CategoryRecord = {
      ...current,
      label: input.label ?? current.label,
      hidden: input.hidden ?? current.hidden,
      hsn: input.hsn ?? current.hsn,
      rateBasisPoints: input.rateBasisPoints ?? current.rateBasisPoints,
      homeRow,
      template: input.template ?? current.template,
      unitIds: input.unitIds ?? current.unitIds,
      updatedAt: now,
    };
    const changes = changedFields(current, next, AUDITED_FIELDS);
    if (changes.length === 0) return;
    await q.updateCategoryRow(trx, next, now);
    // A changed template: its products' values conformed (dropped where an attribute went or no longer reads as its type) and reindexed.
    const specValues = changes.some((c) => c.field === 'template') ? await conformCategorySpecs(trx, current.value, next.template) : null;
    await writeAudit(trx, {
      at: now,
      actorId,
      action: 'category.update',
      detail: { value: current.value, label: next.label, changes, ...(specValues ? { specValuesChanged: specValues.changes, productsChanged: specValues.products } : {}) },
    });
  });
  return adminCategory(deps.db, input.value);
}

/**
 * Moves a category one place up or down in the menu order, or among the home rows (swapping
 * places with its neighbour). At either end it stays where it is.
 * @throws AppError NOT_FOUND; BAD_INPUT to move a home row the category does not have.
 */
export async function moveCategory(deps: Pick<Deps, 'db' | 'clock'>, input: MoveInput, actorId: string | null): Promise<AdminCategory[]> {
  const now = nowIso(deps.clock);
  await transaction(deps.db, async (trx) => {
    const all = await q.listCategories(trx);
    const current = all.find((c) => c.value === input.value);
    if (!current) throw notFound();
    if (input.list === 'home') {
      if (!current.homeRow) throw new AppError('BAD_INPUT', `${current.label} has no home row to move`, { fieldErrors: { list: 'this category has no home row' } });
      const rows = all
        .filter((c): c is q.CategoryRecord & { homeRow: NonNullable<q.CategoryRecord['homeRow']> } => c.homeRow !== null)
        .sort((a, b) => a.homeRow.position - b.homeRow.position || a.position - b.position);
      const at = rows.findIndex((c) => c.value === current.value);
      const other = rows[input.direction === 'up' ? at - 1 : at + 1];
      if (!other) return;
      // Renumbered 1..n first: places written by hand (or equal ones) still swap cleanly.
      const places = rows.map((c, i) => ({ value: c.value, place: i + 1 }));
      const mine = at + 1;
      const theirs = input.direction === 'up' ? at : at + 2;
      for (const { value, place } of places) {
        const wanted = value === current.value ? theirs : value === other.value ? mine : place;
        await q.setPositions(trx, value, { homePosition: wanted }, now);
      }
      await writeAudit(trx, {
        at: now,
        actorId,
        action: 'category.move',
        detail: { value: current.value, label: current.label, list: 'home', direction: input.direction, from: mine, to: theirs },
      });
      return;
    }
    const at = all.findIndex((c) => c.value === current.value);
    const other = all[input.direction === 'up' ? at - 1 : at + 1];
    if (!other) return;
    const mine = at + 1;
    const theirs = input.direction === 'up' ? at : at + 2;
    for (const [i, c] of all.entries()) {
      const wanted = c.value === current.value ? theirs : c.value === other.value ? mine : i + 1;
      if (wanted !== c.position) await q.setPositions(trx, c.value, { position: wanted }, now);
    }
    await writeAudit(trx, {
      at: now,
      actorId,
      action: 'category.move',
      detail: { value: current.value, label: current.label, list: 'menu', direction: input.direction, from: mine, to: theirs },
    });
  });
  return listAdminCategories(deps.db);
}

/**
 * Deletes a category no product uses (archived ones included).
 * @throws AppError NOT_FOUND; CONFLICT (409) "Mobiles is used by 14 products: hide it instead".
 */
export async function deleteCategory(deps: Pick<Deps, 'db' | 'clock'>, value: string, actorId: string | null): Promise<{ value: string; deleted: true }> {
  const now = nowIso(deps.clock);
  await transaction(deps.db, async (trx) => {
    const current = await q.findCategory(trx, value);
    if (!current) throw notFound();
    const used = await q.countProductsOf(trx, value);
    if (used > 0) {
      throw new AppError('CONFLICT', `${current.label} is used by ${used} product${used === 1 ? '' : 's'}: hide it instead`, {
        fieldErrors: { value: `used by ${used} product${used === 1 ? '' : 's'}` },
      });
    }
    await q.deleteCategoryRow(trx, value);
    await writeAudit(trx, { at: now, actorId, action: 'category.delete', detail: { value, label: current.label } });
  });
  return { value, deleted: true };
}

async function adminCategory(db: DB, value: string): Promise<AdminCategory> {
  const found = (await listAdminCategories(db)).find((c) => c.value === value);
  if (!found) throw notFound();
  return found;
}

/** One bubble per listed category that has products on sale (its newest buyable product), in menu order. */
export async function categoryBubbles(db: DB): Promise<Product[]> {
  const listed = listedCategories(await q.listCategoryInfo(db));
  return bubblePerCategory(
    db,
    listed.map((c) => c.value),
  );
}

/**
 * The demo shop's categories (SEED=demo, in the seed's transaction): a template for each that
 * has none yet, and the categories the demo adds (at the end of the menu and the home rows).
 * Not audited: nobody made the change. An owner's own edits are never overwritten.
 */
export async function applyDemoCategories(
  db: DB,
  demo: readonly {
    value: string;
    added?: { label: string; hsn: string; rateBasisPoints: number; homeRow: { heading: string; cards: HomeRowCards } | null; unitIds?: UnitIdKind };
    template: SpecAttribute[];
  }[],
  now: string,
): Promise<void> {
  for (const category of demo) {
    const current = await q.findCategory(db, category.value);
    if (current) {
      if (current.template.length === 0) await q.updateCategoryRow(db, { ...current, template: category.template }, now);
    } else if (category.added) {
      const last = await q.lastPositions(db);
      const { label, hsn, rateBasisPoints, homeRow, unitIds = 'none' } = category.added;
      await q.insertCategory(
        db,
        {
          value: category.value,
          label,
          position: last.menu + 1,
          hidden: false,
          hsn,
          rateBasisPoints,
          homeRow: homeRow ? { ...homeRow, position: last.home + 1 } : null,
          template: category.template,
          unitIds,
          createdAt: now,
          updatedAt: now,
        },
        now,
      );
    }
  }
}

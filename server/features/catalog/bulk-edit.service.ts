import type { z } from 'zod';
import type { DB } from '../../db/database';
import { nowIso } from '../../db/database';
import { transaction } from '../../db/transaction';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { writeAudit } from '../../audit/audit';
import { decodeCursor, encodeCursor } from '../../lib/cursor';
import { formatINR } from '../../../shared/money';
import type { BulkGridInputSchema, BulkGridPage, BulkGridRow, BulkRefusal, BulkUpdateResult, BulkUpdateVariantsInputSchema } from '../../../shared/schemas/bulk-edit';
import * as q from './bulk-edit.queries';
import * as v from './variants.queries';
import { applyVariantStock, archiveVariant, editVariant, restoreVariant, type VariantWriter } from './variants.service';
import { archiveProduct, restoreProduct } from './catalog.service';

/**
 * The bulk edit grid (issue 28): variants across products, a keyset page at a time, and one save
 * of many rows in ONE transaction. Each row carries the figures the grid loaded; a row whose
 * changed figure moved since (a sale took stock, another admin edited the price) is refused on
 * its own with the figure now, and the others are saved. Input the grid should never send (a
 * selling price above the MRP, a row given twice) refuses the whole save (400 naming the row, SKU
 * and field). Writes go through the variant services: every change audited, stock moves in the
 * stock history with the reason `bulk_edit`, the products' summaries refreshed, the caches'
 * tags staled by the tables' triggers.
 */

type GridInput = z.output<typeof BulkGridInputSchema>;
type UpdateInput = z.output<typeof BulkUpdateVariantsInputSchema>;

export async function bulkGrid(db: DB, input: GridInput): Promise<BulkGridPage> {
  let after: q.GridKey | undefined;
  if (input.cursor) {
    const [createdAt, productId, position, variantId] = decodeCursor(input.cursor, 4);
    if (typeof createdAt !== 'string' || typeof productId !== 'string' || typeof position !== 'number' || typeof variantId !== 'string') {
      throw new AppError('BAD_INPUT', 'cursor is not valid', { fieldErrors: { cursor: 'not valid' } });
    }
    after = { createdAt, productId, position, variantId };
  }
  const rows = await q.listGridRows(db, { q: input.q || undefined, category: input.category, brand: input.brand, stock: input.stock, view: input.view }, after, input.limit + 1);
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  return {
    items: page.map(({ key: _key, ...row }) => row),
    nextCursor: rows.length > input.limit && last ? encodeCursor([last.key.createdAt, last.key.productId, last.key.position, last.key.variantId]) : null,
  };
}

/** The brands the brand filter offers (of one category when given). */
export function bulkGridBrands(db: DB, category: string | undefined): Promise<string[]> {
  return q.listBrands(db, category, 500);
}

const rupees = (paise: number) => formatINR(paise).replace(/\.00$/, '');

type Accepted = {
  index: number;
  row: UpdateInput['rows'][number];
  current: BulkGridRow;
  price: boolean;
  stock: boolean;
  archive: boolean | undefined;
};

/**
 * Saves the grid's changed rows. Refused rows (changed meanwhile) come back with their current
 * figures; the rest are saved as one transaction.
 * @throws AppError BAD_INPUT (nothing saved) for a row given twice, a selling price above the
 *   MRP, or a stock change without the stock the grid loaded.
 */
export async function bulkUpdateVariants(deps: Pick<Deps, 'db' | 'clock'>, input: UpdateInput, actorId: string | null): Promise<BulkUpdateResult> {
  const seen = new Map<string, number>();
  input.rows.forEach((row, i) => {
    const first = seen.get(row.variantId);
    if (first !== undefined)
      throw new AppError('BAD_INPUT', `Row ${i + 1}: variant ${row.variantId} is given twice (rows ${first + 1} and ${i + 1})`, {
        fieldErrors: { [`rows.${i}.variantId`]: 'given twice' },
      });
    seen.set(row.variantId, i);
  });
  const note = input.note ?? 'bulk edit';
  const at = nowIso(deps.clock);
  const outcome = await transaction(deps.db, async (trx) => {
    const refused: BulkRefusal[] = [];
    const accepted: Accepted[] = [];
    const currentRows = await q.gridRowsByVariantId(
      trx,
      input.rows.map((r) => r.variantId),
    );
    const refuse = (row: { variantId: string }, current: BulkGridRow | null, field: BulkRefusal['field'], message: string) =>
      refused.push({ variantId: row.variantId, sku: current?.sku ?? '', field, message, current });
    // Every row checked before any write: a bad one refuses the whole save, a changed one only itself.
    for (const [i, row] of input.rows.entries()) {
      const current = currentRows.get(row.variantId) ?? null;
      if (!current) {
        refuse(row, null, 'variant', 'this variant no longer exists');
        continue;
      }
      const who = `Row ${i + 1} (SKU ${current.sku})`;
      const { set, expected } = row;
      const price = set.price !== undefined || set.sellingPrice !== undefined;
      if (price && current.price !== expected.price) {
        refuse(row, current, 'price', `MRP is now ${rupees(current.price)} (was ${rupees(expected.price)} when you loaded)`);
        continue;
      }
      if (price && current.sellingPrice !== expected.sellingPrice) {
        refuse(row, current, 'sellingPrice', `selling price is now ${rupees(current.sellingPrice)} (was ${rupees(expected.sellingPrice)} when you loaded)`);
        continue;
      }
      if (set.stock !== undefined) {
        if (expected.stock === undefined)
          throw new AppError('BAD_INPUT', `${who}: expected.stock is required to change the stock (the figure the grid loaded)`, {
            fieldErrors: { [`rows.${i}.expected.stock`]: 'required to change the stock' },
          });
        if (!current.trackStock) {
          refuse(row, current, 'stock', 'stock is no longer tracked for this variant');
          continue;
        }
        if (current.stock !== expected.stock) {
          refuse(row, current, 'stock', `stock is now ${current.stock} (was ${expected.stock} when you loaded)`);
          continue;
        }
      }
      const nextPrice = set.price ?? current.price;
      const nextSelling = set.sellingPrice ?? current.sellingPrice;
      if (nextSelling > nextPrice) {
        throw new AppError('BAD_INPUT', `${who}: selling price ${rupees(nextSelling)} is above the MRP ${rupees(nextPrice)}`, {
          fieldErrors: { [`rows.${i}.set.sellingPrice`]: 'must not be more than the MRP' },
        });
      }
      accepted.push({
        index: i,
        row,
        current,
        price: nextPrice !== current.price || nextSelling !== current.sellingPrice,
        stock: set.stock !== undefined && set.stock !== current.stock,
        archive: set.archived === undefined || set.archived === current.archived ? undefined : set.archived,
      });
    }

    const counts = { variants: 0, prices: 0, stock: 0, archived: 0, restored: 0 };
    const saved: string[] = [];
    const touched = new Set<string>();
    const writerOf = (a: Accepted): VariantWriter => ({ trx, productId: a.current.productId, productName: a.current.productName, at, actorId });
    for (const a of accepted) {
      const w = writerOf(a);
      if (a.stock) {
        const record = await v.findVariant(trx, a.row.variantId);
        if (!record) continue;
        try {
          // Compare-and-set against the figure the grid loaded: a sale in this very moment refuses the row.
          await applyVariantStock(w, record, { stock: a.row.set.stock, expectedStock: a.row.expected.stock }, { note, reason: 'bulk_edit' });
        } catch (error) {
          if (!(error instanceof AppError) || error.appCode !== 'STOCK_CHANGED') throw error;
          const now = (await q.gridRowsByVariantId(trx, [a.row.variantId])).get(a.row.variantId) ?? null;
          refuse(a.row, now, 'stock', `stock is now ${now?.stock ?? 0} (was ${a.row.expected.stock ?? 0} when you loaded)`);
          a.archive = undefined;
          a.price = false;
          continue;
        }
        counts.stock += 1;
      }
      if (a.price) {
        const record = await v.findVariant(trx, a.row.variantId);
        if (!record) continue;
        await editVariant(w, record, { price: a.row.set.price ?? record.price, sellingPrice: a.row.set.sellingPrice ?? record.sellingPrice }, a.index);
        counts.prices += 1;
      }
      touched.add(a.current.productId);
    }

    // Archive and restore: a selection that takes every live variant of a product off sale archives the product.
    const archiving = accepted.filter((a) => a.archive === true && !a.current.productArchived);
    const byProduct = new Map<string, Accepted[]>();
    for (const a of archiving) byProduct.set(a.current.productId, [...(byProduct.get(a.current.productId) ?? []), a]);
    const scoped = { db: trx, clock: deps.clock };
    for (const [productId, rows] of byProduct) {
      const live = await v.listVariants(trx, productId);
      const chosen = new Set(rows.map((a) => a.row.variantId));
      if (live.length > 0 && live.every((x) => chosen.has(x._id))) await archiveProduct(scoped, productId, actorId);
      else for (const a of rows) await archiveVariant(scoped, a.row.variantId, actorId);
      counts.archived += rows.length;
      touched.add(productId);
    }
    for (const a of accepted.filter((x) => x.archive === false)) {
      const record = await v.findVariant(trx, a.row.variantId);
      if (record?.archivedAt) {
        const twin = (await v.listVariants(trx, a.current.productId)).find((x) => JSON.stringify(x.optionValues) === JSON.stringify(record.optionValues));
        if (twin) {
          refuse(a.row, a.current, 'archived', `SKU ${twin.sku} is on sale with the same options (${record.label || 'none'}): archive it first`);
          continue;
        }
        await restoreVariant(scoped, a.row.variantId, actorId);
      }
      if (a.current.productArchived) await restoreProduct(scoped, a.current.productId, actorId);
      counts.restored += 1;
      touched.add(a.current.productId);
    }
    for (const productId of touched) await v.refreshSummary(trx, productId, at);
    const refusedIds = new Set(refused.map((r) => r.variantId));
    for (const a of accepted) if (!refusedIds.has(a.row.variantId)) saved.push(a.row.variantId);
    counts.variants = saved.length;
    if (saved.length > 0 || refused.length > 0) {
      await writeAudit(trx, {
        at,
        actorId,
        action: 'catalog.bulk-edit',
        detail: {
          counts,
          refused: refused.length,
          skus: accepted
            .filter((a) => saved.includes(a.row.variantId))
            .slice(0, 50)
            .map((a) => a.current.sku),
        },
      });
    }
    return { saved, refused, counts };
  });
  const now = await q.gridRowsByVariantId(deps.db, outcome.saved);
  return { saved: outcome.saved.flatMap((id) => now.get(id) ?? []), refused: outcome.refused, counts: outcome.counts };
}

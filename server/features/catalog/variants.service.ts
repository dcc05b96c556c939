import type { z } from 'zod';
import type { DB } from '../../db/database';
import { newId, nowIso } from '../../db/database';
import { transaction } from '../../db/transaction';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { changedFields, writeAudit, writeAudits } from '../../audit/audit';
import { MAX_QUANTITY_PER_LINE } from '../../../shared/schemas/cart';
import {
  variantLabel,
  type AdminVariant,
  type BulkVariantUpdateInputSchema,
  type ProductOption,
  type ProductVariant,
  type VariantInputSchema,
} from '../../../shared/schemas/variants';
import * as v from './variants.queries';
import { newVariantSpecs, reindexProductSpecs, replaceSpecIndexes, saveProductSpecs, variantSpecsById } from './specs.service';
import * as stock from './stock.queries';

/**
 * The rules of a product's variants: every write checks them and refreshes the product's summary
 * (variants.queries' refreshSummary) in the same transaction. A product keeps at least one live
 * variant; SKUs are unique across the shop whatever their case (409 naming the SKU); a selling
 * price above the MRP is refused naming the variant (400); a variant's option values are one of
 * each of the product's options, and two live variants never share them.
 */

type VariantInput = z.output<typeof VariantInputSchema>;
type BulkInput = z.output<typeof BulkVariantUpdateInputSchema>;

const nameOf = (variant: { sku?: string | undefined; optionValues: readonly string[] }, index: number) => {
  const label = variantLabel(variant.optionValues);
  if (variant.sku && label) return `${label} (SKU ${variant.sku})`;
  return variant.sku ? `SKU ${variant.sku}` : label || `variant ${index + 1}`;
};

/** Throws BAD_INPUT (naming the variant and field) for option values that do not fit the options, or a selling price above the MRP. */
function checkVariant(
  options: readonly ProductOption[],
  variant: { sku?: string | undefined; optionValues: readonly string[]; price: number; sellingPrice: number },
  index: number,
) {
  const field = (name: string) => `variants.${index}.${name}`;
  if (variant.optionValues.length !== options.length) {
    const names = options.map((o) => o.name).join(', ');
    throw new AppError('BAD_INPUT', `Variant ${nameOf(variant, index)} needs one value for each option${names ? ` (${names})` : ' (this product has none)'}`, {
      fieldErrors: { [field('optionValues')]: `one value for each option${names ? `: ${names}` : ''}` },
    });
  }
  variant.optionValues.forEach((value, i) => {
    const option = options[i];
    if (option && !option.values.some((o) => o.value === value)) {
      throw new AppError('BAD_INPUT', `Variant ${nameOf(variant, index)}: ${value} is not a value of ${option.name}`, {
        fieldErrors: { [field('optionValues')]: `${value} is not a value of ${option.name}` },
      });
    }
  });
  if (variant.sellingPrice > variant.price) {
    throw new AppError('BAD_INPUT', `Variant ${nameOf(variant, index)}: sellingPrice must not be more than price (the MRP)`, {
      fieldErrors: { [field('sellingPrice')]: 'must not be more than price' },
    });
  }
}

/** Throws CONFLICT naming the SKU when another variant (archived ones too) has it, whatever the case. */
async function assertSkuFree(trx: DB, sku: string, exceptVariantId: string | null, index: number): Promise<void> {
  const owner = await v.findVariantBySku(trx, sku);
  if (owner && owner.id !== exceptVariantId) {
    throw new AppError('CONFLICT', `SKU ${sku} is already used by another variant (${owner.sku}): choose another SKU`, {
      fieldErrors: { [`variants.${index}.sku`]: `${sku} is already used` },
    });
  }
}

/** Throws BAD_INPUT when two of `variants` (the live ones as they will be) have the same option values. */
function assertDistinct(variants: readonly { sku: string; optionValues: readonly string[] }[]): void {
  const seen = new Map<string, string>();
  for (const variant of variants) {
    const key = JSON.stringify(variant.optionValues);
    const other = seen.get(key);
    if (other !== undefined) {
      const label = variantLabel(variant.optionValues) || 'none';
      throw new AppError('BAD_INPUT', `Variants ${other} and ${variant.sku} have the same options (${label}): each combination is sold once`, {
        fieldErrors: { variants: `${other} and ${variant.sku} have the same options` },
      });
    }
    seen.set(key, variant.sku);
  }
}

/** After the writes: every live variant fits the options, no two share option values, and one at least is left. */
async function checkLiveVariants(trx: DB, productId: string, options: readonly ProductOption[]): Promise<void> {
  const live = await v.listVariants(trx, productId);
  if (live.length === 0) throw new AppError('CONFLICT', 'A product keeps at least one variant on sale: archive the product instead.');
  live.forEach((variant, i) => checkVariant(options, variant, i));
  assertDistinct(live);
}

/**
 * A write that lost a race for a SKU or an option combination (two admins saving at once on
 * PostgreSQL, where each checked before the other committed): the database's unique index
 * refuses it, and the admin is told so (409) rather than given a 500. Anything else is rethrown.
 */
export function asVariantConflict(error: unknown): unknown {
  const text = error instanceof Error ? `${error.message} ${'code' in error ? String(error.code) : ''} ${'constraint' in error ? String(error.constraint) : ''}` : '';
  if (/product_variants_sku|product_variants\.sku|lower\(sku\)/.test(text))
    return new AppError('CONFLICT', 'That SKU was just given to another variant: choose another SKU.', { cause: error });
  if (/product_variants_live_options|product_variants\.product_id, product_variants\.option_values/.test(text)) {
    return new AppError('CONFLICT', 'Another variant with the same options was just saved: reload the product.', { cause: error });
  }
  return error;
}

/** `unaudited`: the demo seed's writes (its products are not audited either). */
type Writer = { trx: DB; productId: string; productName: string; at: string; actorId: string | null; unaudited?: boolean };

/** A new variant's row as the form's input gives it: tracked when it says so or names a stock (then that stock, else 0). */
function newVariantRow(input: VariantInput, at: { id: string; productId: string; sku: string; position: number; createdAt: string }): v.NewVariantRow {
  const tracked = input.trackStock ?? input.stock !== undefined;
  return {
    ...at,
    ean: input.ean ?? null,
    optionValues: input.optionValues,
    price: input.price,
    sellingPrice: input.sellingPrice,
    stock: tracked ? (input.stock ?? 0) : 0,
    trackStock: tracked,
    weightGrams: input.weightGrams ?? null,
    images: input.images ?? [],
    lowStockLevel: input.lowStockLevel ?? null,
  };
}

/** The audit entry's detail for a variant added. */
function variantAdded(row: v.NewVariantRow, productName: string) {
  return { productId: row.productId, name: productName, variantId: row.id, sku: row.sku, label: variantLabel(row.optionValues), price: row.price, sellingPrice: row.sellingPrice };
}

/** Adds a variant (its SKU generated when none is given), records its opening stock, audits it. */
async function addVariant(w: Writer, input: VariantInput, index: number, position: number, id = newId()): Promise<void> {
  const sku = input.sku ?? (await v.generatedSku(w.trx, id));
  await assertSkuFree(w.trx, sku, null, index);
  const row = newVariantRow(input, { id, productId: w.productId, sku, position, createdAt: w.at });
  await v.insertVariants(w.trx, [row]);
  if (row.trackStock) await stock.recordInitialStock(w.trx, w.productId, id, row.stock, { reason: 'created', at: w.at, actorId: w.actorId });
  if (w.unaudited) return;
  await writeAudit(w.trx, { at: w.at, actorId: w.actorId, action: 'variant.add', detail: variantAdded(row, w.productName) });
}

const VARIANT_AUDIT_FIELDS = ['sku', 'ean', 'optionValues', 'price', 'sellingPrice', 'weightGrams', 'images', 'position', 'trackStock', 'lowStockLevel'] as const;

/** Rewrites an existing variant from a form's or the grid's fields (those given); stock compare-and-set; audited. */
export async function editVariant(
  w: Writer,
  current: v.VariantRecord,
  input: Partial<Omit<VariantInput, '_id'>> & { position?: number },
  index: number,
  stockNote = '',
): Promise<void> {
  if (input.sku !== undefined && input.sku !== current.sku) await assertSkuFree(w.trx, input.sku, current._id, index);
  const next = {
    sku: input.sku ?? current.sku,
    ean: input.ean === undefined ? current.ean : input.ean,
    optionValues: input.optionValues ?? current.optionValues,
    price: input.price ?? current.price,
    sellingPrice: input.sellingPrice ?? current.sellingPrice,
    weightGrams: input.weightGrams === undefined ? current.weightGrams : input.weightGrams,
    images: input.images ?? current.images,
    position: input.position ?? current.position,
    trackStock: input.trackStock ?? current.trackStock,
    lowStockLevel: input.lowStockLevel === undefined ? (current.lowStockLevel ?? null) : input.lowStockLevel,
  };
  if (next.sellingPrice > next.price) {
    throw new AppError('BAD_INPUT', `Variant ${nameOf(next, index)}: sellingPrice must not be more than price (the MRP)`, {
      fieldErrors: { [`variants.${index}.sellingPrice`]: 'must not be more than price' },
    });
  }
  const changes = changedFields(current, { ...current, ...next }, VARIANT_AUDIT_FIELDS);
  if (changes.some((c) => c.field !== 'trackStock')) await v.updateVariantRow(w.trx, current._id, next, w.at);
  if (changes.length > 0) {
    await writeAudit(w.trx, {
      at: w.at,
      actorId: w.actorId,
      action: 'variant.update',
      detail: { productId: w.productId, name: w.productName, variantId: current._id, sku: next.sku, label: variantLabel(next.optionValues), changes },
    });
  }
  await applyVariantStock(w, current, { stock: input.stock, expectedStock: input.expectedStock, trackStock: input.trackStock }, { note: stockNote });
}

/**
 * A variant's tracking and stock from a form: tracking switched on starts at the figure given
 * (required), switched off drops it; a figure for a tracked variant is set compare-and-set
 * against what the form showed (`expectedStock`, or the stock at `updatedAt` from the history,
 * or the current stock), 409 STOCK_CHANGED naming the variant when it moved meanwhile.
 */
export async function applyVariantStock(
  w: Writer,
  current: v.VariantRecord,
  wanted: { stock?: number | undefined; expectedStock?: number | undefined; trackStock?: boolean | undefined; updatedAt?: string | undefined },
  opts: { note?: string; stockField?: string; reason?: 'admin' | 'import' | 'bulk_edit' } = {},
): Promise<void> {
  const movement = { reason: opts.reason ?? ('admin' as const), at: w.at, actorId: w.actorId, note: opts.note ?? '' };
  const track = wanted.trackStock ?? current.trackStock;
  const field = opts.stockField ?? 'stock';
  if (track && !current.trackStock) {
    if (wanted.stock === undefined) throw new AppError('BAD_INPUT', 'stock is required when trackStock is on', { fieldErrors: { [field]: 'required when tracking stock' } });
    await stock.setTracking(w.trx, current._id, true, wanted.stock, w.at);
    await stock.recordInitialStock(w.trx, w.productId, current._id, wanted.stock, { ...movement, reason: 'tracking_on' });
  } else if (!track && current.trackStock) {
    await stock.setTracking(w.trx, current._id, false, 0, w.at);
  } else if (track && wanted.stock !== undefined) {
    let seen = current.stock;
    if (wanted.expectedStock !== undefined) seen = wanted.expectedStock;
    else if (wanted.updatedAt !== undefined) seen = (await stock.stockAsOf(w.trx, current._id, wanted.updatedAt)) ?? current.stock;
    // The figure the form showed, sent back as it was: not a change, whatever was sold since.
    if (wanted.stock === seen) return;
    if (!(await stock.setStock(w.trx, current._id, seen, wanted.stock, movement))) throw stockChanged(w.productName, current, seen, field);
  }
}

/** 409 STOCK_CHANGED: the stock of `current` is not the `seen` figure a form (or a file) was based on. */
function stockChanged(productName: string, current: { label: string; sku: string; stock: number }, seen: number, field: string): AppError {
  const who = current.label ? `${productName} (${current.label}, SKU ${current.sku})` : productName;
  return new AppError(
    'STOCK_CHANGED',
    `The stock of ${who} changed from ${seen} to ${current.stock} since this form was loaded (orders were placed or another admin changed it). Nothing was saved: reload and enter the stock again.`,
    { fieldErrors: { [field]: `changed from ${seen} to ${current.stock} since the form was loaded` } },
  );
}

/**
 * A new product's variants, in the caller's transaction: the product row and its default
 * variant (id = the product's) were inserted with the first variant's figures; the default
 * variant takes the first's SKU, EAN, options, weight and images, the others are added.
 */
export async function createVariants(w: Writer, options: readonly ProductOption[], variants: readonly VariantInput[]): Promise<void> {
  await v.setProductOptions(w.trx, w.productId, options, w.at);
  variants.forEach((variant, i) => checkVariant(options, variant, i));
  assertDistinct(variants.map((variant, i) => ({ sku: variant.sku ?? `variant ${i + 1}`, optionValues: variant.optionValues })));
  const [first, ...rest] = variants;
  if (first) {
    const sku = first.sku ?? (await v.generatedSku(w.trx, w.productId));
    await assertSkuFree(w.trx, sku, w.productId, 0);
    await v.updateVariantRow(
      w.trx,
      w.productId,
      {
        sku,
        ean: first.ean ?? null,
        optionValues: first.optionValues,
        weightGrams: first.weightGrams ?? null,
        images: first.images ?? [],
        position: 0,
        lowStockLevel: first.lowStockLevel ?? null,
      },
      w.at,
    );
  }
  for (const [i, variant] of rest.entries()) await addVariant(w, variant, i + 1, i + 1);
  await checkLiveVariants(w.trx, w.productId, options);
  await v.refreshSummary(w.trx, w.productId, w.at);
}

/**
 * A product form's options and variants, in the caller's transaction: a variant with `_id`
 * is edited, one without is added; variants left out are left as they are (archiving is its
 * own step). Then every live variant must fit the options.
 * @throws AppError NOT_FOUND for an `_id` that is not this product's variant.
 */
export async function saveVariants(w: Writer, options: readonly ProductOption[] | undefined, variants: readonly VariantInput[] | undefined, stockNote = ''): Promise<void> {
  const currentOptions = (await v.findProductOptions(w.trx, w.productId)) ?? [];
  const effective = options ?? currentOptions;
  if (options !== undefined && JSON.stringify(options) !== JSON.stringify(currentOptions)) await v.setProductOptions(w.trx, w.productId, options, w.at);
  const existing = await v.listVariants(w.trx, w.productId, { archived: true });
  // The live variants as they will be, checked before any write (the database would refuse a twin).
  const edited = new Map((variants ?? []).filter((i) => i._id !== undefined).map((i) => [i._id, i]));
  assertDistinct([
    ...existing.filter((e) => e.archivedAt === null).map((e) => ({ sku: edited.get(e._id)?.sku ?? e.sku, optionValues: edited.get(e._id)?.optionValues ?? e.optionValues })),
    ...(variants ?? []).filter((i) => i._id === undefined).map((i, n) => ({ sku: i.sku ?? `new variant ${n + 1}`, optionValues: i.optionValues })),
  ]);
  let nextPosition = existing.reduce((max, e) => Math.max(max, e.position + 1), 0);
  for (const [i, input] of (variants ?? []).entries()) {
    checkVariant(effective, input, i);
    if (input._id === undefined) {
      await addVariant(w, input, i, nextPosition++);
      continue;
    }
    const current = existing.find((e) => e._id === input._id);
    if (!current)
      throw new AppError('NOT_FOUND', `Variant ${input._id} is not a variant of this product`, { fieldErrors: { [`variants.${i}._id`]: 'not a variant of this product' } });
    const { _id: _unused, ...fields } = input;
    await editVariant(w, current, fields, i, stockNote);
  }
  await checkLiveVariants(w.trx, w.productId, effective);
  await v.refreshSummary(w.trx, w.productId, w.at);
}

/**
 * The spec's update-product (no variants) on the product's variants: with one live variant, its
 * price, selling price, tracking and stock are the form's; with several, a product-level figure
 * that differs from the summary cannot say which variant it means and is refused (409).
 */
export async function applyProductFigures(
  w: Writer,
  figures: {
    price: number;
    sellingPrice: number;
    stock?: number | undefined;
    expectedStock?: number | undefined;
    trackStock?: boolean | undefined;
    updatedAt?: string | undefined;
    lowStockLevel?: number | null | undefined;
  },
  summary: { price: number; sellingPrice: number; stock: number; trackStock: boolean },
  stockNote = '',
): Promise<void> {
  const live = await v.listVariants(w.trx, w.productId);
  const [only] = live;
  if (live.length === 1 && only) {
    if (only.price !== figures.price || only.sellingPrice !== figures.sellingPrice) {
      await v.updateVariantRow(w.trx, only._id, { price: figures.price, sellingPrice: figures.sellingPrice }, w.at);
    }
    const level = figures.lowStockLevel;
    if (level !== undefined && level !== (only.lowStockLevel ?? null)) {
      await v.updateVariantRow(w.trx, only._id, { lowStockLevel: level }, w.at);
      if (!w.unaudited) {
        await writeAudit(w.trx, {
          at: w.at,
          actorId: w.actorId,
          action: 'variant.update',
          detail: {
            productId: w.productId,
            name: w.productName,
            variantId: only._id,
            sku: only.sku,
            label: only.label,
            changes: [{ field: 'lowStockLevel', from: only.lowStockLevel ?? null, to: level }],
          },
        });
      }
    }
    await applyVariantStock(w, only, figures, { note: stockNote });
  } else if (live.length > 1) {
    const differs: string[] = [];
    if (figures.price !== summary.price) differs.push('price');
    if (figures.sellingPrice !== summary.sellingPrice) differs.push('sellingPrice');
    if (figures.trackStock !== undefined && figures.trackStock !== summary.trackStock) differs.push('trackStock');
    const stockSeen = figures.expectedStock ?? (figures.updatedAt === undefined ? summary.stock : undefined);
    if (figures.stock !== undefined && stockSeen !== undefined && figures.stock !== stockSeen) differs.push('stock');
    if (figures.lowStockLevel !== undefined && live.some((x) => (x.lowStockLevel ?? null) !== figures.lowStockLevel)) differs.push('lowStockLevel');
    if (differs.length > 0) {
      throw new AppError('CONFLICT', `${w.productName} has ${live.length} variants: change ${differs.join(', ')} on each variant instead (variants)`, {
        fieldErrors: Object.fromEntries(differs.map((f) => [f, `set per variant: this product has ${live.length}`])),
      });
    }
  }
  await v.refreshSummary(w.trx, w.productId, w.at);
}

/**
 * The variant grid's save: SKU, MRP, selling price and stock of many variants of one product, all
 * or none, in one transaction; each change audited ("Price changed" for variant SKU X: old → new).
 * @throws AppError PRODUCT_NOT_FOUND; NOT_FOUND for a variant not the product's; CONFLICT for a
 *   SKU in use; BAD_INPUT for a selling price above the MRP; STOCK_CHANGED when a stock moved.
 */
export async function updateVariantsBulk(deps: Pick<Deps, 'db' | 'clock'>, input: BulkInput, actorId: string | null): Promise<AdminVariant[]> {
  const at = nowIso(deps.clock);
  await transaction(deps.db, async (trx) => {
    const product = await trx.selectFrom('products').select(['id', 'product_name']).where('id', '=', input.productId).executeTakeFirst();
    if (!product) throw new AppError('PRODUCT_NOT_FOUND', 'Product not found');
    const w: Writer = { trx, productId: product.id, productName: product.product_name, at, actorId };
    const existing = await v.listVariants(trx, product.id, { archived: true });
    const skus = new Map<string, number>();
    for (const [i, row] of input.variants.entries()) {
      const current = existing.find((e) => e._id === row._id);
      if (!current)
        throw new AppError('NOT_FOUND', `Variant ${row._id} is not a variant of this product`, { fieldErrors: { [`variants.${i}._id`]: 'not a variant of this product' } });
      const sku = (row.sku ?? current.sku).toLowerCase();
      const twin = skus.get(sku);
      if (twin !== undefined) throw new AppError('CONFLICT', `SKU ${row.sku ?? current.sku} is given to two variants`, { fieldErrors: { [`variants.${i}.sku`]: 'given twice' } });
      skus.set(sku, i);
    }
    // SKUs swapped between two variants of the grid: free them first so neither collides.
    for (const row of input.variants) {
      const current = existing.find((e) => e._id === row._id);
      if (current && row.sku !== undefined && row.sku !== current.sku) await v.updateVariantRow(trx, current._id, { sku: `~${current._id}` }, at);
    }
    for (const [i, row] of input.variants.entries()) {
      const current = existing.find((e) => e._id === row._id);
      if (!current) continue;
      await editVariant(
        w,
        current,
        { sku: row.sku, price: row.price, sellingPrice: row.sellingPrice, stock: row.stock, expectedStock: row.expectedStock, lowStockLevel: row.lowStockLevel },
        i,
      );
    }
    // Per-variant spec values (checked against the category's template, 400 naming the row, SKU and attribute), reindexed in this transaction.
    if (input.variants.some((row) => row.specs)) {
      const changes = await saveProductSpecs(trx, product.id, {
        variants: input.variants.map((row) => {
          const current = existing.find((e) => e._id === row._id);
          return { optionValues: current?.optionValues ?? [], sku: row.sku ?? current?.sku, specs: row.specs };
        }),
      });
      if (changes.length > 0) await writeAudit(trx, { at, actorId, action: 'product.update', detail: { productId: product.id, name: product.product_name, changes } });
    }
    await v.refreshSummary(trx, product.id, at);
  }).catch((error: unknown) => {
    throw asVariantConflict(error);
  });
  return (await v.listVariants(deps.db, input.productId, { archived: true })).map(toAdminVariant);
}

/**
 * Takes one variant off sale (its cart lines stop showing; orders keep their copy). A product
 * keeps at least one live variant (409). Idempotent; audited once.
 */
export async function archiveVariant(deps: Pick<Deps, 'db' | 'clock'>, variantId: string, actorId: string | null): Promise<AdminVariant> {
  const at = nowIso(deps.clock);
  await transaction(deps.db, async (trx) => {
    const current = await v.findVariant(trx, variantId);
    if (!current) throw new AppError('NOT_FOUND', 'Variant not found');
    if (current.archivedAt !== null) return;
    const live = await v.listVariants(trx, current.productId);
    if (live.length <= 1) throw new AppError('CONFLICT', `SKU ${current.sku} is the product's last variant on sale: archive the product instead.`);
    await v.setVariantArchived(trx, variantId, at, at);
    await reindexProductSpecs(trx, current.productId);
    await writeAudit(trx, {
      at,
      actorId,
      action: 'variant.archive',
      detail: { productId: current.productId, name: await productName(trx, current.productId), variantId, sku: current.sku, label: current.label },
    });
    await v.refreshSummary(trx, current.productId, at);
  });
  return toAdminVariant((await v.findVariant(deps.db, variantId))!);
}

/** Puts an archived variant back on sale, unless a live one has its option values now (409). */
export async function restoreVariant(deps: Pick<Deps, 'db' | 'clock'>, variantId: string, actorId: string | null): Promise<AdminVariant> {
  const at = nowIso(deps.clock);
  await transaction(deps.db, async (trx) => {
    const current = await v.findVariant(trx, variantId);
    if (!current) throw new AppError('NOT_FOUND', 'Variant not found');
    if (current.archivedAt === null) return;
    const twin = (await v.listVariants(trx, current.productId)).find((e) => JSON.stringify(e.optionValues) === JSON.stringify(current.optionValues));
    if (twin) throw new AppError('CONFLICT', `SKU ${twin.sku} is on sale with the same options (${current.label || 'none'}): archive it first.`);
    await v.setVariantArchived(trx, variantId, null, at);
    await reindexProductSpecs(trx, current.productId);
    await checkLiveVariants(trx, current.productId, (await v.findProductOptions(trx, current.productId)) ?? []);
    await writeAudit(trx, {
      at,
      actorId,
      action: 'variant.restore',
      detail: { productId: current.productId, name: await productName(trx, current.productId), variantId, sku: current.sku, label: current.label },
    });
    await v.refreshSummary(trx, current.productId, at);
  });
  return toAdminVariant((await v.findVariant(deps.db, variantId))!);
}

async function productName(trx: DB, productId: string): Promise<string> {
  const row = await trx.selectFrom('products').select('product_name').where('id', '=', productId).executeTakeFirst();
  return row?.product_name ?? productId;
}

function toAdminVariant(record: v.VariantRecord): AdminVariant {
  const { productId: _productId, ...variant } = record;
  return variant;
}

/** Every variant of a product, archived ones too, exact stock (the admin's form and grid). */
export async function adminVariants(db: DB, productId: string): Promise<{ options: ProductOption[]; variants: AdminVariant[] }> {
  const options = await v.findProductOptions(db, productId);
  if (options === null) throw new AppError('PRODUCT_NOT_FOUND', 'Product not found');
  const specs = await variantSpecsById(db, productId);
  return { options, variants: (await v.listVariants(db, productId, { archived: true })).map((record) => ({ ...toAdminVariant(record), specs: specs.get(record._id) ?? {} })) };
}

/** A product's options and live variants as shoppers see them (stock shown as shownStock shows it: exact up to 10). */
export async function shopperVariants(db: DB, productId: string): Promise<{ options: ProductOption[]; variants: ProductVariant[] }> {
  const options = (await v.findProductOptions(db, productId)) ?? [];
  const variants = (await v.listVariants(db, productId)).map((record) => {
    const { productId: _productId, archivedAt: _archivedAt, lowStockLevel: _level, ...variant } = record;
    return variant.trackStock && variant.stock > MAX_QUANTITY_PER_LINE ? { ...variant, stock: MAX_QUANTITY_PER_LINE } : variant;
  });
  return { options, variants };
}

/** The variant standing for a product where none is chosen (the spec's addtocart {productId}): its summary variant; null when it has no live one. */
export async function defaultVariantId(db: DB, productId: string): Promise<string | null> {
  return v.summaryVariantOf(await v.listVariants(db, productId))?._id ?? null;
}

export { summaryVariantOf } from './variants.queries';
export type { VariantRecord } from './variants.queries';
export const findVariant = v.findVariant;
/** Sets a variant's own low-stock level (null: the shop's default), in the caller's transaction; not audited (the caller's entry names it). */
export function setVariantLowStockLevel(trx: DB, variantId: string, level: number | null, at: string): Promise<void> {
  return v.updateVariantRow(trx, variantId, { lowStockLevel: level }, at);
}
export const refreshSummary = v.refreshSummary;
export type VariantWriter = Writer;

/** One variant's edit in a batch (a catalogue import): the variant as it was read, its new figures (all but stock, tracking and options), a stock compare-and-set. */
export type BatchVariantEdit = {
  productId: string;
  productName: string;
  current: {
    id: string;
    sku: string;
    ean: string | null;
    optionValues: readonly string[];
    price: number;
    sellingPrice: number;
    weightGrams: number | null;
    images: readonly string[];
    position: number;
    trackStock: boolean;
    lowStockLevel: number | null;
  };
  fields: { ean: string | null; price: number; sellingPrice: number; weightGrams: number | null; images: readonly string[]; lowStockLevel: number | null } | null;
  /** A tracked variant's stock set to `to` only if it is still `from`. */
  stock: { from: number; to: number } | null;
};

/**
 * New variants of one existing product in a batch (a catalogue import's new rows of a product), as
 * the product form's save adds them: `index` the first one's place in the form's list of
 * variants (after the edited ones: it names the field of a refusal).
 */
export type BatchNewVariants = {
  productId: string;
  productName: string;
  /** The product's options as they will be (the file's new values added); null: unchanged. */
  options: ProductOption[] | null;
  /** The product's options now. */
  currentOptions: readonly ProductOption[];
  /** Every variant it has (archived ones too), as read. */
  existing: readonly { id: string; sku: string; optionValues: readonly string[]; position: number; archived: boolean }[];
  /** How many edited variants come before the new ones in the form's list (their SKUs and option values stay). */
  index: number;
  variants: readonly (VariantInput & { sku: string })[];
};

/**
 * Many variants' figures and stock at once (a catalogue import's price and stock changes), in the
 * caller's transaction, with set-based SQL instead of a form's save per product: the same rows
 * as the product form's save would leave (each variant's fields, the product row marked saved,
 * the summary refreshed, a `variant.update` audit entry per variant with the same changes, a
 * stock movement per stock set), in a few statements per few hundred variants; `added`: new
 * variants of existing products, as the form's save adds them (addVariantsBatch). Each variant
 * row and each product row is written once. The caller holds the products (on PostgreSQL their
 * variants' rows and then their own FOR UPDATE, as a sale takes them: catalog-io.queries'
 * lockAndReadProducts).
 * @throws AppError BAD_INPUT for a selling price above the MRP, or a new variant's options or
 *   specs that do not fit; CONFLICT for a new variant's SKU in use; STOCK_CHANGED when a stock
 *   moved since it was read (the caller's transaction then rolls back everything).
 */
export async function saveVariantEditsBatch(
  trx: DB,
  edits: readonly BatchVariantEdit[],
  opts: {
    at: string;
    actorId: string | null;
    movement: { reason: 'import'; note: string };
    added?: readonly BatchNewVariants[];
    /** The edited products' variants (archived ones too) as read under the caller's lock: their summaries are worked out from them, not read again. */
    variants?: ReadonlyMap<string, readonly BatchVariantState[]>;
  },
): Promise<void> {
  const { at, actorId } = opts;
  const added = opts.added ?? [];
  const { specLines, rows: newRows } =
    added.length > 0 ? await addVariantsBatch(trx, added, { at, actorId }) : { specLines: new Map<string, { specLine: string; specWords: string }>(), rows: [] };
  const rows: Parameters<typeof v.updateVariantRows>[1][number][] = [];
  const audits: Parameters<typeof writeAudits>[1][number][] = [];
  const saved = new Set<string>();
  edits.forEach((e, i) => {
    if (!e.fields) return;
    const c = e.current;
    const before = {
      sku: c.sku,
      ean: c.ean,
      optionValues: c.optionValues,
      price: c.price,
      sellingPrice: c.sellingPrice,
      weightGrams: c.weightGrams,
      images: c.images,
      position: c.position,
      trackStock: c.trackStock,
      lowStockLevel: c.lowStockLevel,
    };
    const next = { ...before, ...e.fields };
    if (next.sellingPrice > next.price) {
      throw new AppError('BAD_INPUT', `Variant ${nameOf(next, i)}: sellingPrice must not be more than price (the MRP)`, {
        fieldErrors: { [`variants.${i}.sellingPrice`]: 'must not be more than price' },
      });
    }
    saved.add(e.productId);
    const changes = changedFields(before, next, VARIANT_AUDIT_FIELDS);
    if (changes.some((ch) => ch.field !== 'trackStock')) rows.push({ id: c.id, ...e.fields });
    if (changes.length > 0) {
      audits.push({
        at,
        actorId,
        action: 'variant.update',
        detail: { productId: e.productId, name: e.productName, variantId: c.id, sku: next.sku, label: variantLabel(next.optionValues), changes },
      });
    }
  });
  // A variant whose stock is set too is written once, figures and stock together (setStocks).
  const stocks = edits.flatMap((e) => (e.stock && e.stock.from !== e.stock.to ? [{ variantId: e.current.id, productId: e.productId, ...e.stock }] : []));
  const figures = new Map(rows.map((r) => [r.id, r]));
  const withStock = new Set(stocks.filter((s) => figures.has(s.variantId)).map((s) => s.variantId));
  await v.updateVariantRows(
    trx,
    rows.filter((r) => !withStock.has(r.id)),
    at,
  );
  await writeAudits(trx, audits);
  const moved = await stock.setStocks(
    trx,
    stocks.map((s) => ({ ...s, figures: figures.get(s.variantId) })),
    { reason: opts.movement.reason, at, actorId, note: opts.movement.note },
  );
  const first = moved[0];
  if (first !== undefined) {
    const edit = edits.find((e) => e.current.id === first);
    const now = await v.findVariant(trx, first);
    throw stockChanged(edit?.productName ?? '', { label: now?.label ?? '', sku: now?.sku ?? edit?.current.sku ?? '', stock: now?.stock ?? 0 }, edit?.stock?.from ?? 0, 'stock');
  }
  // The product form's save rewrites its product's row whatever the variant's changes: the saved
  // products are touched in the summaries' UPDATE (one write of each product row, not two).
  await v.refreshSummaries(trx, [...edits.map((e) => e.productId), ...added.map((a) => a.productId)], at, {
    touch: new Set([...saved, ...added.map((a) => a.productId)]),
    options: new Map(added.flatMap((a) => (a.options ? [[a.productId, a.options] as const] : []))),
    specLines,
    live: opts.variants ? liveAfter(opts.variants, edits, newRows) : undefined,
  });
}

/** A variant as a batch's caller read it (under its lock). */
export type BatchVariantState = {
  id: string;
  optionValues: readonly string[];
  price: number;
  sellingPrice: number;
  stock: number;
  trackStock: boolean;
  position: number;
  archived: boolean;
};

/** The live variants of `variants`' products once `edits` and `added` are written, in position order (as refreshSummary reads them). */
function liveAfter(
  variants: ReadonlyMap<string, readonly BatchVariantState[]>,
  edits: readonly BatchVariantEdit[],
  added: readonly v.NewVariantRow[],
): Map<string, v.SummaryVariant[]> {
  const byId = new Map(edits.map((e) => [e.current.id, e]));
  const live = new Map<string, (v.SummaryVariant & { id: string })[]>();
  for (const [productId, list] of variants) {
    live.set(
      productId,
      list
        .filter((x) => !x.archived)
        .map((x) => {
          const e = byId.get(x.id);
          const price = e?.fields?.price ?? x.price;
          const sellingPrice = e?.fields?.sellingPrice ?? x.sellingPrice;
          const stock = e?.stock && e.stock.from !== e.stock.to ? e.stock.to : x.stock;
          return { id: x.id, optionValues: [...x.optionValues], price, sellingPrice, stock, trackStock: x.trackStock, inStock: !x.trackStock || stock > 0, position: x.position };
        }),
    );
  }
  for (const r of added) {
    const stock = r.trackStock ? r.stock : 0;
    live.get(r.productId)?.push({
      id: r.id,
      optionValues: [...r.optionValues],
      price: r.price,
      sellingPrice: r.sellingPrice,
      stock,
      trackStock: r.trackStock,
      inStock: !r.trackStock || stock > 0,
      position: r.position,
    });
  }
  for (const list of live.values()) list.sort((a, b) => a.position - b.position || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return live;
}

/**
 * The new variants of saveVariantEditsBatch, checked as the product form's save checks them
 * (their options and figures, no two live variants with the same options, SKUs free: the same
 * refusals, naming the same fields) and written set-based: their rows (placed after the product's
 * last variant), the opening stock of the tracked ones (`created`), a `variant.add` audit entry
 * each. The product's new options and summary are written by the caller's refreshSummaries.
 */
async function addVariantsBatch(
  trx: DB,
  added: readonly BatchNewVariants[],
  opts: { at: string; actorId: string | null },
): Promise<{ specLines: Map<string, { specLine: string; specWords: string }>; rows: v.NewVariantRow[] }> {
  const rows: v.NewVariantRow[] = [];
  const withIds: Parameters<typeof newVariantSpecs>[1][number][] = [];
  const stocks: { productId: string; variantId: string; stock: number }[] = [];
  const audits: Parameters<typeof writeAudits>[1][number][] = [];
  const taken = new Map(
    (
      await v.findVariantsBySkus(
        trx,
        added.flatMap((a) => a.variants.map((n) => n.sku)),
      )
    ).map((o) => [o.sku.toLowerCase(), o]),
  );
  for (const a of added) {
    const effective = a.options ?? a.currentOptions;
    let position = a.existing.reduce((max, e) => Math.max(max, e.position + 1), 0);
    const ids: Parameters<typeof newVariantSpecs>[1][number]['variants'][number][] = [];
    withIds.push({ productId: a.productId, index: a.index, variants: ids });
    for (const [j, input] of a.variants.entries()) {
      const index = a.index + j;
      checkVariant(effective, input, index);
      const owner = taken.get(input.sku.toLowerCase());
      if (owner) {
        throw new AppError('CONFLICT', `SKU ${input.sku} is already used by another variant (${owner.sku}): choose another SKU`, {
          fieldErrors: { [`variants.${index}.sku`]: `${input.sku} is already used` },
        });
      }
      const id = newId();
      ids.push({ id, optionValues: input.optionValues, sku: input.sku, specs: input.specs });
      taken.set(input.sku.toLowerCase(), { id, productId: a.productId, sku: input.sku });
      const row = newVariantRow(input, { id, productId: a.productId, sku: input.sku, position: position++, createdAt: opts.at });
      rows.push(row);
      if (row.trackStock) stocks.push({ productId: a.productId, variantId: id, stock: row.stock });
      audits.push({ at: opts.at, actorId: opts.actorId, action: 'variant.add', detail: variantAdded(row, a.productName) });
    }
    // The live variants as they will be: each fits the options, no two alike (checkLiveVariants).
    const live = [...a.existing.filter((e) => !e.archived), ...a.variants];
    live.forEach((variant, i) => checkVariant(effective, { ...variant, price: 0, sellingPrice: 0 }, i));
    assertDistinct(live);
  }
  // Their spec values as the form's save (saveProductSpecs) would leave them: stored with the rows, the products reindexed.
  const specs = await newVariantSpecs(trx, withIds);
  await v
    .insertVariants(
      trx,
      rows.map((r) => ({ ...r, specs: specs.variantSpecs.get(r.id) })),
    )
    .catch((error: unknown) => {
      throw asVariantConflict(error);
    });
  await replaceSpecIndexes(trx, specs.index);
  await stock.recordInitialStocks(trx, stocks, { reason: 'created', at: opts.at, actorId: opts.actorId });
  for (const a of added) {
    const changes = specs.changes.get(a.productId);
    if (changes) audits.push({ at: opts.at, actorId: opts.actorId, action: 'product.update', detail: { productId: a.productId, name: a.productName, changes } });
  }
  await writeAudits(trx, audits);
  return { specLines: specs.lines, rows };
}

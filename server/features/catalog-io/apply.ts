import type { DB } from '../../db/database';
import { nowIso } from '../../db/database';
import type { Deps } from '../../deps';
import type { ProductFacts } from '../../../shared/product-facts';
import type { SpecValue } from '../../../shared/specs';
import { archiveProduct, createProduct, findVariant, restoreProduct, updateProduct } from '../catalog/catalog.service';
import { applyVariantStock, archiveVariant, refreshSummary, restoreVariant } from '../catalog/variants.service';
import type { CreateAction, Plan, UpdateAction, VariantSpec } from './plan';

/**
 * Writes a plan through the catalogue's own services (the product form's create and update, the
 * variant archive, the stock compare-and-set), in the caller's transaction: the services join it
 * (db/transaction.ts), so the first refusal of any of them rolls the whole import back. Each
 * product and variant change is audited by those services as a form's would be; stock moves are
 * recorded with the reason `import` and the file's name.
 */

type Writer = { trx: DB; deps: Pick<Deps, 'clock'>; actorId: string | null; fileName: string };

/** The facts as the product form sends them (validated by the plan). */
export function factsInput(f: ProductFacts | undefined) {
  if (!f) return undefined;
  return {
    countryOfOrigin: f.countryOfOrigin ?? '',
    manufacturerName: f.manufacturerName ?? '',
    manufacturerAddress: f.manufacturerAddress ?? '',
    importerName: f.importerName ?? '',
    importerAddress: f.importerAddress ?? '',
    netQuantity: f.netQuantity ?? '',
    warrantyMonths: f.warrantyMonths ?? 0,
    warrantyBy: f.warrantyBy ?? '',
  };
}

/** Spec values to write: a new product's leave out the empty ones. */
function specsInput(specs: Record<string, SpecValue | null>, dropEmpty: boolean): Record<string, SpecValue | null> | undefined {
  const entries = Object.entries(specs).filter(([, v]) => !dropEmpty || v !== null);
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

/** A variant as the product form sends it: a new one (`isNew`) with its tracking and opening stock. */
export function variantInput(v: VariantSpec, isNew: boolean) {
  return {
    sku: v.sku,
    ean: v.ean,
    optionValues: v.optionValues,
    price: v.price,
    sellingPrice: v.sellingPrice,
    weightGrams: v.weightGrams,
    images: v.images,
    lowStockLevel: v.lowStockLevel,
    specs: specsInput(v.specs, isNew),
    ...(isNew ? { trackStock: v.trackStock, stock: v.trackStock ? (v.stock ?? 0) : undefined } : {}),
  };
}

async function create(w: Writer, a: CreateAction): Promise<void> {
  const first = a.variants[0];
  if (!first) return;
  const deps = { db: w.trx, clock: w.deps.clock };
  const created = await createProduct(
    deps,
    {
      productName: a.productName,
      brandName: a.brandName,
      category: a.category,
      description: a.description,
      productImage: a.images,
      price: first.price,
      sellingPrice: first.sellingPrice,
      trackStock: first.trackStock,
      stock: first.trackStock ? (first.stock ?? 0) : 0,
      facts: factsInput(a.facts),
      options: a.options,
      variants: a.variants.map((v) => variantInput(v, true)),
      specs: specsInput(a.specs, true),
    },
    w.actorId,
  );
  if (a.archived) await archiveProduct(deps, created._id, w.actorId);
  else {
    const skus = a.variants.filter((v) => v.archived).map((v) => v.sku);
    if (skus.length > 0) {
      const rows = await w.trx.selectFrom('product_variants').select(['id', 'sku']).where('product_id', '=', created._id).execute();
      for (const row of rows) if (skus.includes(row.sku)) await archiveVariant(deps, row.id, w.actorId);
    }
  }
}

async function update(
  w: Writer,
  a: UpdateAction,
  current: { price: number; sellingPrice: number; name: string; brand: string; category: string; description: string; images: string[] },
): Promise<void> {
  const deps = { db: w.trx, clock: w.deps.clock };
  const edited = a.edits.filter((e) => e.fields !== null);
  if (a.product || edited.length > 0 || a.added.length > 0) {
    const p = a.product;
    await updateProduct(
      deps,
      {
        _id: a.productId,
        productName: p?.productName ?? current.name,
        brandName: p?.brandName ?? current.brand,
        category: p?.category ?? current.category,
        description: p?.description ?? current.description,
        productImage: p?.images ?? current.images,
        price: current.price,
        sellingPrice: current.sellingPrice,
        facts: factsInput(p?.facts),
        options: p?.options,
        variants: [
          ...edited.map((e) => {
            const f = e.fields!;
            return {
              _id: e.variantId,
              ...variantInput({ ...f, row: e.row, stock: undefined, trackStock: false, archived: false }, false),
              specs: e.specsChanged ? specsInput(f.specs, false) : undefined,
            };
          }),
          ...a.added.map((v) => variantInput(v, true)),
        ],
        specs: p?.specs ? specsInput(p.specs, false) : undefined,
      },
      w.actorId,
    );
  }
  const productName = a.product?.productName ?? current.name;
  const at = nowIso(w.deps.clock);
  for (const e of a.edits) {
    if (!e.stock) continue;
    const variant = await findVariant(w.trx, e.variantId);
    if (!variant) continue;
    await applyVariantStock(
      { trx: w.trx, productId: a.productId, productName, at, actorId: w.actorId },
      variant,
      { stock: e.stock.stock, expectedStock: e.stock.expected, trackStock: e.stock.trackStock },
      { note: `import: ${w.fileName}`, reason: 'import' },
    );
    await refreshSummary(w.trx, a.productId, at);
  }
  for (const e of a.edits) {
    if (e.archived === true) await archiveVariant(deps, e.variantId, w.actorId);
  }
  for (const e of a.edits) {
    if (e.archived === false) await restoreVariant(deps, e.variantId, w.actorId);
  }
  if (a.archived === true) await archiveProduct(deps, a.productId, w.actorId);
  if (a.archived === false) await restoreProduct(deps, a.productId, w.actorId);
}

/** Writes every action of `plan` (which has no errors) in `trx`. */
export async function writePlan(
  trx: DB,
  plan: Plan,
  products: ReadonlyMap<string, { price: number; sellingPrice: number; name: string; brand: string; category: string; description: string; images: string[] }>,
  opts: { deps: Pick<Deps, 'clock'>; actorId: string | null; fileName: string },
): Promise<void> {
  const w: Writer = { trx, ...opts };
  for (const action of plan.actions) {
    if (action.kind === 'create') await create(w, action);
    else {
      const current = products.get(action.productId);
      if (current) await update(w, action, current);
    }
  }
}

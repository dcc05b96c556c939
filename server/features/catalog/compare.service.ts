import type { DB } from '../../db/database';
import type { CompareProduct, CompareReply } from '../../../shared/compare';
import type { SpecValue } from '../../../shared/specs';
import { findCategory } from './categories.queries';
import { findProductsOnSale } from './compare.queries';
import { shownStock } from './shown-stock';
import * as sq from './specs.queries';
import { listLiveVariantsOf } from './variants.queries';

/**
 * Compare (issue 27): the products asked for, side by side. Unknown and archived ids are dropped;
 * the first product on sale decides the category, and products of another category are left out
 * (named in `leftOut`). Each product comes with its facts, its MRP range, whether any variant can
 * be bought, and every attribute's values over itself and its live variants (a per-variant one,
 * such as storage, lists each: [128, 256]). Which rows differ is the page's to say.
 */
export async function compareProducts(db: DB, ids: readonly string[]): Promise<CompareReply> {
  const asked = [...new Set(ids)];
  const found = await findProductsOnSale(db, asked);
  const onSale = asked.flatMap((id) => {
    const product = found.get(id);
    return product ? [product] : [];
  });
  const first = onSale[0];
  if (!first) return { category: null, template: [], products: [], leftOut: [] };
  const category = await findCategory(db, first.category);
  const template = category?.template ?? [];
  const compared = onSale.filter((p) => p.category === first.category);
  const variants = await listLiveVariantsOf(
    db,
    compared.map((p) => p._id),
  );
  const products: CompareProduct[] = [];
  for (const product of compared) {
    const live = variants.get(product._id) ?? [];
    const ownSpecs = (await sq.findProductSpecs(db, product._id))?.specs ?? {};
    const variantSpecs = (await sq.listVariantSpecs(db, product._id)).filter((v) => v.live).map((v) => v.specs);
    const specs: Record<string, SpecValue[]> = {};
    for (const a of template) {
      const values = distinct([ownSpecs[a.key], ...variantSpecs.map((v) => v[a.key])]);
      if (values.length > 0) specs[a.key] = values;
    }
    const mrps = live.length > 0 ? live.map((v) => v.price) : [product.price];
    products.push({
      ...shownStock(product),
      mrpMin: Math.min(...mrps),
      mrpMax: Math.max(...mrps),
      inStock: live.length > 0 ? live.some((v) => v.inStock) : !product.trackStock || product.stock > 0,
      specs,
    });
  }
  return {
    category: { value: first.category, label: category?.label ?? first.category },
    template,
    products,
    leftOut: onSale.filter((p) => p.category !== first.category).map((p) => ({ _id: p._id, productName: p.productName, category: p.category })),
  };
}

/** The values given, each once: numbers ascending, anything else in the order met. */
function distinct(values: readonly (SpecValue | undefined)[]): SpecValue[] {
  const seen = new Set<string>();
  const out: SpecValue[] = [];
  for (const v of values) {
    if (v === undefined) continue;
    const id = `${typeof v}:${String(v)}`;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push(v);
  }
  return out.every((v) => typeof v === 'number') ? out.sort((a, b) => a - b) : out;
}

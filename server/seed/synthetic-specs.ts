import type { DB } from '../db/database';
import { CATEGORY_VALUES } from '../../shared/categories';
import type { SpecAttribute } from '../../shared/schemas/categories';
import type { SpecValues } from '../../shared/specs';
import { specValuesFor } from '../demo/demo-specs';
import { deriveSpecIndex, insertSpecIndex, specValuesJson, type SpecIndexRow } from '../features/catalog/specs.service';
import type { NewProductRow } from '../features/catalog/catalog.service';

/**
 * The synthetic catalogue's variants and spec sheets (issue 27, "Speed": 100,000 products with
 * about 300,000 variants and filled spec sheets). Each product comes in three variants of one
 * option (a phone by storage, anything else by colour), a step dearer each; its values come from
 * its category's template as the demo's do (server/demo/demo-specs.ts), per-variant ones from the
 * variant's option. Written in bulk: the JSON, card line and search words with the product row,
 * the index rows and the extra variants beside it, without the per-product service path.
 */

type Plan = { option: string; values: readonly [string, string, string]; step: number };

/** Per category: the option its variants differ by, and each step's extra price in paise. */
function planOf(category: string): Plan {
  if (category === 'mobiles') return { option: 'Storage', values: ['128 GB', '256 GB', '512 GB'], step: 500_000 };
  if (category === 'televisions') return { option: 'Screen size', values: ['43 inches', '55 inches', '65 inches'], step: 1_500_000 };
  return { option: 'Colour', values: ['Black', 'White', 'Blue'], step: 10_000 };
}

/** A variant's own values from its option value, for the template's per-variant attributes. */
function variantValues(template: readonly SpecAttribute[], option: string, value: string): SpecValues {
  const out: SpecValues = {};
  for (const a of template.filter((t) => t.perVariant)) {
    if (a.type === 'number' && a.name === option && a.unit && value.toLowerCase().endsWith(a.unit.toLowerCase())) out[a.key] = Number(value.replace(/[^\d.]/g, ''));
    if (a.type === 'list' && a.options.includes(value)) out[a.key] = value;
  }
  return out;
}

/** Gives each row its spec JSON, card line and search words (before it is inserted); returns what to write after. */
export function planSyntheticSpecs(rows: NewProductRow[], templates: ReadonlyMap<string, readonly SpecAttribute[]>, tierOf: (i: number) => 0 | 1 | 2) {
  const index: (SpecIndexRow & { productId: string; category: string })[] = [];
  const variants: { productId: string; category: string; createdAt: string; price: number; sellingPrice: number; stock: number; specs: SpecValues[] }[] = [];
  rows.forEach((row, i) => {
    const template = templates.get(row.category) ?? [];
    const plan = planOf(row.category);
    const values = specValuesFor({ productName: row.productName, description: row.description, sellingPrice: row.sellingPrice, category: row.category }, template, tierOf(i));
    const own: SpecValues = {};
    for (const a of template) if (!a.perVariant && values[a.key] !== undefined) own[a.key] = values[a.key] as SpecValues[string];
    const shared: SpecValues = {};
    for (const a of template) if (a.perVariant && values[a.key] !== undefined) shared[a.key] = values[a.key] as SpecValues[string];
    const perVariant = plan.values.map((value) => ({ ...shared, ...variantValues(template, plan.option, value) }));
    const derived = deriveSpecIndex(template, own, perVariant);
    row.specs = { json: specValuesJson(own), line: derived.line, words: derived.words };
    index.push(...derived.rows.map((r) => ({ ...r, productId: row.id, category: row.category })));
    variants.push({ productId: row.id, category: row.category, createdAt: row.createdAt, price: row.price, sellingPrice: row.sellingPrice, stock: row.stock, specs: perVariant });
  });
  return { index, variants };
}

/** After the rows are inserted (each with its default variant): the option, two more variants, the summary and the index. */
export async function writeSyntheticSpecs(trx: DB, plan: ReturnType<typeof planSyntheticSpecs>): Promise<void> {
  for (const category of CATEGORY_VALUES) {
    const mine = plan.variants.filter((v) => v.category === category);
    if (mine.length === 0) continue;
    const p = planOf(category);
    const ids = mine.map((v) => v.productId);
    for (let i = 0; i < ids.length; i += 500) {
      const chunk = ids.slice(i, i + 500);
      const options = JSON.stringify([{ name: p.option, values: p.values.map((value) => ({ value })) }]);
      await trx
        .updateTable('products')
        .set((eb) => ({
          options,
          price_max: eb('selling_price', '+', 2 * p.step),
          variant_count: 3,
          colour_count: p.option === 'Colour' ? 3 : 0,
        }))
        .where('id', 'in', chunk)
        .execute();
      await trx
        .updateTable('product_variants')
        .set({ option_values: JSON.stringify([p.values[0]]) })
        .where('id', 'in', chunk)
        .execute();
    }
    // The default variants' values, one statement per distinct value set (few: values go by tier).
    const byJson = new Map<string, string[]>();
    for (const v of mine) {
      const json = specValuesJson(v.specs[0] ?? {});
      byJson.set(json, [...(byJson.get(json) ?? []), v.productId]);
    }
    for (const [json, productIds] of byJson) {
      for (let i = 0; i < productIds.length; i += 500)
        await trx
          .updateTable('product_variants')
          .set({ specs: json })
          .where('id', 'in', productIds.slice(i, i + 500))
          .execute();
    }
    // The two added variants, with their values.
    const added = mine.flatMap((v) =>
      [1, 2].map((k) => ({
        id: `${v.productId}-${k}`,
        product_id: v.productId,
        sku: `SYN-${v.productId.toUpperCase()}-${k}`,
        option_values: JSON.stringify([p.values[k]]),
        price: v.price + k * p.step,
        selling_price: v.sellingPrice + k * p.step,
        stock: v.stock,
        track_stock: 1,
        images: '[]',
        specs: specValuesJson(v.specs[k] ?? {}),
        position: k,
        archived_at: null,
        created_at: v.createdAt,
        updated_at: v.createdAt,
      })),
    );
    for (let i = 0; i < added.length; i += 1000)
      await trx
        .insertInto('product_variants')
        .values(added.slice(i, i + 1000))
        .execute();
  }
  await insertSpecIndex(trx, plan.index);
}

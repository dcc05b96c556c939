import type { ProductOption, ProductVariant } from './schemas/variants';
import { isBuyable } from './stock';

/*
 * Which variant the product page shows, and what choosing an option value does. Pure functions
 * (no React, no zod: the product page's chunk stays small), shared by the picker, the page's
 * address (`?variant=<SKU>`) and the server's rendering of that address.
 */

export type ChoiceVariant = Pick<ProductVariant, '_id' | 'sku' | 'optionValues' | 'label' | 'price' | 'sellingPrice' | 'stock' | 'trackStock' | 'images'>;

/** The variant the address names (its SKU, any case), or null for none or an unknown one. */
export function variantBySku<V extends ChoiceVariant>(variants: readonly V[], sku: string | null | undefined): V | null {
  if (!sku) return null;
  const wanted = sku.trim().toLowerCase();
  return variants.find((v) => v.sku.toLowerCase() === wanted) ?? null;
}

/**
 * The variant a page without (or with an unknown) `?variant=` shows: the product's summary
 * variant, as the server picks it (README "Variants"): the cheapest that can be bought (selling
 * price, then position, i.e. list order), else the first.
 */
export function defaultVariant<V extends ChoiceVariant>(variants: readonly V[]): V | null {
  let best: V | null = null;
  for (const v of variants) if (isBuyable(v) && (!best || v.sellingPrice < best.sellingPrice)) best = v;
  return best ?? variants[0] ?? null;
}

/** The variant shown for `sku`: the one it names, else the default. */
export function chosenVariant<V extends ChoiceVariant>(variants: readonly V[], sku: string | null | undefined): V | null {
  return variantBySku(variants, sku) ?? defaultVariant(variants);
}

/** How a value of an option reads beside the current choice of the other options. */
export type ValueState =
  /** This value with the other current choices is a variant that can be bought. */
  | 'available'
  /** That combination is sold but out of stock: shown greyed, still selectable and viewable. */
  | 'out-of-stock'
  /** That combination is not sold: choosing the value moves the other options to the nearest one that is. */
  | 'elsewhere'
  /** No live variant has this value at all: not selectable. */
  | 'none';

const sameValue = (a: string | undefined, b: string) => a !== undefined && a.toLowerCase() === b.toLowerCase();

function exactly<V extends ChoiceVariant>(variants: readonly V[], values: readonly string[]): V | undefined {
  return variants.find((v) => v.optionValues.length === values.length && v.optionValues.every((value, i) => sameValue(values[i], value)));
}

export function valueState(variants: readonly ChoiceVariant[], current: readonly string[], optionIndex: number, value: string): ValueState {
  const wanted = current.map((v, i) => (i === optionIndex ? value : v));
  const exact = exactly(variants, wanted);
  if (exact) return isBuyable(exact) ? 'available' : 'out-of-stock';
  return variants.some((v) => sameValue(v.optionValues[optionIndex], value)) ? 'elsewhere' : 'none';
}

/**
 * The variant a click on `value` of option `optionIndex` picks: the combination with that value
 * and the other current choices when it is sold; else the sold combination with that value that
 * changes the fewest other options (one that can be bought first, then the earlier in the list).
 * Null when no live variant has the value.
 */
export function nearestVariant<V extends ChoiceVariant>(variants: readonly V[], current: readonly string[], optionIndex: number, value: string): V | null {
  let best: { variant: V; changes: number; buyable: boolean } | null = null;
  for (const variant of variants) {
    if (!sameValue(variant.optionValues[optionIndex], value)) continue;
    const changes = variant.optionValues.reduce((n, v, i) => (i === optionIndex || sameValue(current[i], v) ? n : n + 1), 0);
    const buyable = isBuyable(variant);
    if (!best || changes < best.changes || (changes === best.changes && buyable && !best.buyable)) best = { variant, changes, buyable };
  }
  return best?.variant ?? null;
}

/** The options a picker shows: none for a product without options or live variants. */
export function pickerOptions(options: readonly ProductOption[] | undefined, variants: readonly ChoiceVariant[] | undefined): readonly ProductOption[] {
  return options && variants && variants.length > 0 ? options : [];
}

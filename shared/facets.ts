// Refining a list of products (search results, a category page) by brand, price band and
// availability, as the address carries it: ?brand=Apple&brand=Samsung&price=10000-20000&instock=1.
// No zod here: the storefront's filter panel imports it, and zod's weight belongs to forms.
// Spec filters (?spec.ram=8-&spec.5g=yes) are read and written by shared/specs.ts.

import { readSpecRefine, writeSpecRefine, type SpecFacet, type SpecRefine } from './specs';

/** Price bands in rupees of the selling price; `max` is exclusive, null is open-ended. */
export const PRICE_BANDS = [
  { id: 'under-1000', label: 'Under ₹1,000', min: 0, max: 1_000 },
  { id: '1000-5000', label: '₹1,000 – ₹5,000', min: 1_000, max: 5_000 },
  { id: '5000-10000', label: '₹5,000 – ₹10,000', min: 5_000, max: 10_000 },
  { id: '10000-20000', label: '₹10,000 – ₹20,000', min: 10_000, max: 20_000 },
  { id: '20000-50000', label: '₹20,000 – ₹50,000', min: 20_000, max: 50_000 },
  { id: 'over-50000', label: 'Over ₹50,000', min: 50_000, max: null },
] as const;

export type PriceBandId = (typeof PRICE_BANDS)[number]['id'];
export const PRICE_BAND_IDS = PRICE_BANDS.map((band) => band.id) as [PriceBandId, ...PriceBandId[]];

export function isPriceBandId(value: string): value is PriceBandId {
  return (PRICE_BAND_IDS as readonly string[]).includes(value);
}

/** At most this many brands are ticked at once (and listed in a facet). */
export const MAX_BRANDS = 30;

/** What narrows a list: none of it set means the whole list. */
export type Refine = {
  brands?: readonly string[] | undefined;
  price?: PriceBandId | undefined;
  inStock?: boolean | undefined;
  /** Spec filters: attribute key -> its choices (shared/specs.ts). */
  specs?: SpecRefine | undefined;
};

/** The counts a filter panel shows beside each choice, over the unrefined list. */
export type Facets = {
  /** Products in the list (before refining). */
  total: number;
  /** The most common brands, most products first. */
  brands: { name: string; count: number }[];
  /** Every band, in PRICE_BANDS order (a band with no product has count 0). */
  priceBands: { id: PriceBandId; label: string; count: number }[];
  /** Products that can be bought now (untracked, or tracked with stock). */
  inStock: number;
  /**
   * A facet per filterable attribute of the list's categories, in template order. Unlike the
   * counts above, each choice's count respects the other selected filters (brand, price, stock
   * and the other attributes'), as choosing it would show.
   */
  specs?: SpecFacet[];
};

/** The refine of an address's search parameters (unknown values ignored). */
export function readRefine(params: URLSearchParams): Refine {
  const brands = [
    ...new Set(
      params
        .getAll('brand')
        .map((b) => b.trim())
        .filter((b) => b.length > 0 && b.length <= 100),
    ),
  ].slice(0, MAX_BRANDS);
  const price = params.get('price') ?? '';
  const specs = readSpecRefine(params);
  return {
    ...(Object.keys(specs).length > 0 ? { specs } : {}),
    ...(brands.length > 0 ? { brands } : {}),
    ...(isPriceBandId(price) ? { price } : {}),
    ...(params.get('instock') === '1' ? { inStock: true } : {}),
  };
}

/** Writes `refine` into `params` (replacing what was there). */
export function writeRefine(params: URLSearchParams, refine: Refine): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete('brand');
  next.delete('price');
  next.delete('instock');
  for (const brand of refine.brands ?? []) next.append('brand', brand);
  if (refine.price) next.set('price', refine.price);
  if (refine.inStock) next.set('instock', '1');
  writeSpecRefine(next, refine.specs);
  return next;
}

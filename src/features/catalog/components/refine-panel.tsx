import { useState } from 'react';
import { PRICE_BANDS, type Facets, type PriceBandId, type Refine } from '../../../../shared/facets';
import { refineCount } from '../hooks/use-refine';
import { OPTION_INPUT, OPTION_LEGEND, OPTION_ROW, type OptionSize } from './category-filters';
import { SpecFacets } from './spec-facets';

/** Brands listed before 'Show all': the most common ones, which is what most shoppers tick. */
export const BRANDS_SHOWN = 8;

export interface RefinePanelProps {
  refine: Refine;
  onChange: (refine: Refine) => void;
  /** The counts beside each choice; undefined while they load (the choices show without them). */
  facets: Facets | undefined;
  size?: OptionSize;
  /** 'Clear filters' while anything is chosen; a sheet leaves it out for its own 'Clear'. */
  showClear?: boolean;
}

const COUNT = 'text-zinc-500';

/**
 * 'Brand' checkboxes, 'Price' band radios and 'In stock only', each with how many products of the
 * unrefined list it would keep. The inputs carry the address's own names (brand, price, instock),
 * so inside the category page's GET form they filter without scripts too.
 */
export function RefinePanel({ refine, onChange, facets, size = 'panel', showClear = true }: RefinePanelProps) {
  const [allBrands, setAllBrands] = useState(false);
  const ticked = refine.brands ?? [];
  const listed: { name: string; count: number | null }[] = facets?.brands ?? [];
  // A ticked brand the counts do not list (an old link, or past the most common ones) stays in
  // view so it can be unticked.
  const brands = [...listed, ...ticked.filter((name) => !listed.some((b) => b.name === name)).map((name) => ({ name, count: null }))];
  const shownBrands = allBrands ? brands : brands.filter((brand, i) => i < BRANDS_SHOWN || ticked.includes(brand.name));
  const hiddenBrands = brands.length - shownBrands.length;

  const toggleBrand = (name: string) => onChange({ ...refine, brands: ticked.includes(name) ? ticked.filter((b) => b !== name) : [...ticked, name] });
  const setPrice = (price: PriceBandId | undefined) => onChange({ ...refine, price });
  const bandCount = (id: PriceBandId) => facets?.priceBands.find((band) => band.id === id)?.count;

  return (
    <div className="flex flex-col gap-6">
      {brands.length > 0 ? (
        <fieldset>
          <legend className={OPTION_LEGEND}>Brand</legend>
          <div className="flex flex-col gap-1">
            {shownBrands.map((brand) => (
              <label key={brand.name} className={OPTION_ROW[size]}>
                <input
                  type="checkbox"
                  name="brand"
                  value={brand.name}
                  checked={ticked.includes(brand.name)}
                  onChange={() => toggleBrand(brand.name)}
                  className={OPTION_INPUT[size]}
                />
                <span className="min-w-0 break-words">
                  {brand.name}
                  {brand.count === null ? null : <span className={COUNT}> ({brand.count})</span>}
                </span>
              </label>
            ))}
          </div>
          {hiddenBrands > 0 || allBrands ? (
            <button type="button" className="mt-1 min-h-9 text-sm font-semibold text-brand-700 hover:underline" aria-expanded={allBrands} onClick={() => setAllBrands(!allBrands)}>
              {allBrands ? 'Show fewer brands' : `Show all ${brands.length} brands`}
            </button>
          ) : null}
        </fieldset>
      ) : null}

      <fieldset>
        <legend className={OPTION_LEGEND}>Price</legend>
        <div className="flex flex-col gap-1">
          <label className={OPTION_ROW[size]}>
            <input type="radio" name="price" value="" checked={!refine.price} onChange={() => setPrice(undefined)} className={OPTION_INPUT[size]} />
            Any price
          </label>
          {PRICE_BANDS.map((band) => {
            const count = bandCount(band.id);
            const chosen = refine.price === band.id;
            // A band with nothing in it would be a dead end; the chosen one stays choosable so it shows as chosen.
            const empty = count === 0 && !chosen;
            return (
              <label key={band.id} className={`${OPTION_ROW[size]} ${empty ? 'cursor-not-allowed opacity-50' : ''}`}>
                <input type="radio" name="price" value={band.id} checked={chosen} disabled={empty} onChange={() => setPrice(band.id)} className={OPTION_INPUT[size]} />
                <span>
                  {band.label}
                  {count === undefined ? null : <span className={COUNT}> ({count})</span>}
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>

      {facets?.specs && facets.specs.length > 0 ? <SpecFacets facets={facets.specs} refine={refine} onChange={onChange} size={size} /> : null}

      <fieldset>
        <legend className={OPTION_LEGEND}>Availability</legend>
        <label className={OPTION_ROW[size]}>
          <input
            type="checkbox"
            name="instock"
            value="1"
            checked={refine.inStock === true}
            onChange={(event) => onChange({ ...refine, inStock: event.target.checked })}
            className={OPTION_INPUT[size]}
          />
          <span>
            In stock only
            {facets ? <span className={COUNT}> ({facets.inStock})</span> : null}
          </span>
        </label>
      </fieldset>

      {showClear && refineCount(refine) > 0 ? (
        <button type="button" className="btn-outline min-h-11 w-full" onClick={() => onChange({})}>
          Clear filters
        </button>
      ) : null}
    </div>
  );
}

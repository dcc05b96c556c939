import type { Refine } from '../../../../shared/facets';
import { SPEC_PARAM_PREFIX, type SpecFacet } from '../../../../shared/specs';
import { OPTION_INPUT, OPTION_LEGEND, OPTION_ROW, type OptionSize } from './category-filters';

const COUNT = 'text-zinc-500';

/**
 * A fieldset per filterable attribute (the server's spec facets): a number's thresholds as
 * radios ("8 GB & above", with "Any"), a list's options and yes/no as checkboxes, each with how
 * many products choosing it would show under the other filters. The inputs carry the address's
 * names (`spec.ram`), so the category page's GET form filters without scripts too.
 */
export function SpecFacets({ facets, refine, onChange, size }: { facets: readonly SpecFacet[]; refine: Refine; onChange: (refine: Refine) => void; size: OptionSize }) {
  const chosen = (key: string) => refine.specs?.[key] ?? [];
  const setChoices = (key: string, choices: readonly string[]) => {
    const specs: Record<string, readonly string[]> = { ...(refine.specs ?? {}) };
    if (choices.length > 0) specs[key] = choices;
    else delete specs[key];
    onChange({ ...refine, specs });
  };
  return (
    <>
      {facets.map((facet) => {
        const name = `${SPEC_PARAM_PREFIX}${facet.key}`;
        const picked = chosen(facet.key);
        if (facet.type === 'number') {
          return (
            <fieldset key={facet.key}>
              <legend className={OPTION_LEGEND}>{facet.name}</legend>
              <div className="flex flex-col gap-1">
                <label className={OPTION_ROW[size]}>
                  <input type="radio" name={name} value="" checked={picked.length === 0} onChange={() => setChoices(facet.key, [])} className={OPTION_INPUT[size]} />
                  Any
                </label>
                {facet.choices.map((choice) => {
                  const on = picked.includes(choice.value);
                  const empty = choice.count === 0 && !on;
                  return (
                    <label key={choice.value} className={`${OPTION_ROW[size]} ${empty ? 'cursor-not-allowed opacity-50' : ''}`}>
                      <input
                        type="radio"
                        name={name}
                        value={choice.value}
                        checked={on}
                        disabled={empty}
                        onChange={() => setChoices(facet.key, [choice.value])}
                        className={OPTION_INPUT[size]}
                      />
                      <span>
                        {choice.label}
                        <span className={COUNT}> ({choice.count})</span>
                      </span>
                    </label>
                  );
                })}
              </div>
            </fieldset>
          );
        }
        return (
          <fieldset key={facet.key}>
            <legend className={OPTION_LEGEND}>{facet.name}</legend>
            <div className="flex flex-col gap-1">
              {facet.choices.map((choice) => {
                const on = picked.some((p) => p.toLowerCase() === choice.value);
                return (
                  <label key={choice.value} className={OPTION_ROW[size]}>
                    <input
                      type="checkbox"
                      name={name}
                      value={choice.value}
                      checked={on}
                      onChange={() => setChoices(facet.key, on ? picked.filter((p) => p.toLowerCase() !== choice.value) : [...picked, choice.value])}
                      className={OPTION_INPUT[size]}
                    />
                    <span className="min-w-0 break-words">
                      {choice.label}
                      <span className={COUNT}> ({choice.count})</span>
                    </span>
                  </label>
                );
              })}
            </div>
          </fieldset>
        );
      })}
    </>
  );
}

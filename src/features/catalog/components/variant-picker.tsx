import { useId } from 'react';
import type { ProductOption } from '../../../../shared/schemas/variants';
import { nearestVariant, valueState, type ChoiceVariant, type ValueState } from '../../../../shared/variant-choice';

export interface VariantPickerProps<V extends ChoiceVariant> {
  options: readonly ProductOption[];
  variants: readonly V[];
  /** The variant shown now. */
  chosen: V;
  onChoose: (variant: V) => void;
}

/**
 * The product page's option pickers: one radio group per option (Storage, Colour), a chip per
 * value, a colour's swatch beside its name. Only sold combinations can be chosen: a value that is
 * not sold with the other current choices moves them to the nearest sold one (nearestVariant); a
 * sold combination that is out of stock is greyed with "Out of stock" and can still be chosen, to
 * see it. Native radios, so keyboards (arrow keys) and screen readers get a radio group as is, and
 * the server's HTML shows the chosen chips checked without any script.
 */
export function VariantPicker<V extends ChoiceVariant>({ options, variants, chosen, onChoose }: VariantPickerProps<V>) {
  return (
    <div className="flex flex-col gap-4" data-testid="variant-picker">
      {options.map((option, i) => (
        <OptionGroup key={option.name} option={option} index={i} variants={variants} chosen={chosen} onChoose={onChoose} />
      ))}
    </div>
  );
}

const CHIP: Record<ValueState, string> = {
  available: 'border-zinc-300 bg-white text-zinc-900 hover:border-zinc-500',
  'out-of-stock': 'border-zinc-200 bg-zinc-100 text-zinc-600',
  elsewhere: 'border-dashed border-zinc-300 bg-white text-zinc-700 hover:border-zinc-500',
  none: 'border-dashed border-zinc-200 bg-white text-zinc-500 cursor-not-allowed',
};

function OptionGroup<V extends ChoiceVariant>({
  option,
  index,
  variants,
  chosen,
  onChoose,
}: {
  option: ProductOption;
  index: number;
  variants: readonly V[];
  chosen: V;
  onChoose: (variant: V) => void;
}) {
  const name = useId();
  const current = chosen.optionValues[index];
  return (
    <fieldset className="min-w-0">
      <legend className="mb-2 text-sm font-semibold text-zinc-900">
        {option.name}: <span className="font-normal text-zinc-700">{current}</span>
      </legend>
      <div className="flex flex-wrap gap-2">
        {option.values.map((value) => {
          const state = valueState(variants, chosen.optionValues, index, value.value);
          const checked = current !== undefined && current.toLowerCase() === value.value.toLowerCase();
          return (
            <label
              key={value.value}
              className={`relative flex min-h-11 cursor-pointer select-none items-center gap-2 rounded-xl border-2 px-3 py-1.5 text-sm has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-700 ${
                checked ? 'border-brand-700 bg-brand-50 text-zinc-900' : CHIP[state]
              }`}
              data-state={state}
            >
              <input
                type="radio"
                name={name}
                value={value.value}
                checked={checked}
                disabled={state === 'none'}
                onChange={() => {
                  const next = nearestVariant(variants, chosen.optionValues, index, value.value);
                  if (next) onChoose(next);
                }}
                className="sr-only"
              />
              {value.swatch ? <span className="size-5 shrink-0 rounded-full border border-zinc-400" style={{ backgroundColor: value.swatch }} aria-hidden="true" /> : null}
              <span className="flex flex-col leading-tight">
                <span className={state === 'out-of-stock' && !checked ? 'line-through decoration-zinc-400' : ''}>{value.value}</span>
                {state === 'out-of-stock' ? <span className="text-xs font-medium text-zinc-600">Out of stock</span> : null}
                {state === 'elsewhere' ? <span className="sr-only">(changes your other choices)</span> : null}
                {state === 'none' ? <span className="sr-only">(not available)</span> : null}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

import { useId, useState } from 'react';
import { FieldError } from '../../../components/ui/field-error';
import type { SpecAttribute } from '../../../../shared/schemas/categories';
import { formatSpecNumber, type SpecSheetRow, type SpecValue } from '../../../../shared/specs';
import { trpc } from '../../../lib/trpc';

/**
 * The product form's Specifications section (issue 27): a field per attribute of the chosen
 * category's template (a number with its unit, a select for a list, yes / no, text). A product
 * without options sets its per-variant attributes (storage) here; one with options has them as
 * columns of the variant grid (`perVariantAttributes`), and the form leaves them out of this
 * section. Values are checked again by the server (a 400 naming the attribute shows under the section).
 */

/** The attributes whose values differ by variant: the columns a variant grid can add. */
export function perVariantAttributes(template: readonly SpecAttribute[]): SpecAttribute[] {
  return template.filter((a) => a.perVariant);
}

type Draft = Record<string, string>;

function shown(a: SpecAttribute, value: SpecValue | undefined): string {
  if (value === undefined) return '';
  if (a.type === 'yesno') return value === true ? 'yes' : 'no';
  if (typeof value === 'number') return String(value);
  return String(value);
}

/** The section's state: what it shows, and the `specs` a save sends (changed keys only on an edit; null clears). */
export function useSpecsDraft(productId: string | undefined, template: readonly SpecAttribute[]) {
  const loaded = trpc.catalog.details.useQuery({ productId: productId ?? '' }, { enabled: productId !== undefined, retry: false });
  const rows: SpecSheetRow[] = loaded.data?.specSheet ?? [];
  const [edits, setEdits] = useState<Draft>({});
  const stored: Draft = {};
  for (const a of template) {
    const row = rows.find((r) => r.key === a.key);
    if (!row) continue;
    // A per-variant value shows here when every variant has the same one.
    const values = row.perVariant ? [...new Set(Object.values(row.byVariant).map((v) => shown(a, v)))] : [shown(a, row.value ?? undefined)];
    if (values.length === 1 && values[0] !== undefined) stored[a.key] = values[0];
  }
  const value = (key: string) => edits[key] ?? stored[key] ?? '';
  const set = (key: string, next: string) => setEdits((current) => ({ ...current, [key]: next }));
  const input = (): Record<string, string | number | boolean | null> | undefined => {
    const out: Record<string, string | number | boolean | null> = {};
    for (const a of template) {
      const next = edits[a.key];
      if (next === undefined || next === (stored[a.key] ?? '')) continue;
      if (next.trim() === '') out[a.key] = null;
      else if (a.type === 'yesno') out[a.key] = next === 'yes';
      else out[a.key] = next;
    }
    return Object.keys(out).length > 0 ? out : undefined;
  };
  return { template, value, set, input };
}

export type SpecsDraft = ReturnType<typeof useSpecsDraft>;

export function SpecificationsFields({ draft, error }: { draft: SpecsDraft; error?: string | undefined }) {
  const id = useId();
  if (draft.template.length === 0) return null;
  return (
    <fieldset className="rounded-xl border border-zinc-200 px-4 pt-2 pb-4" data-testid="specifications-fields">
      <legend className="px-1 text-sm font-semibold text-zinc-900">Specifications</legend>
      <p className="mb-3 text-xs text-zinc-600">From the category’s template. Optional; shown on the product page, and filters use them.</p>
      <div className="grid grid-cols-2 gap-4">
        {draft.template.map((a) => {
          const fieldId = `${id}-${a.key}`;
          const label = (
            <label htmlFor={fieldId} className="label">
              {a.name}
              {a.unit ? <span className="font-normal text-zinc-600"> ({a.unit})</span> : null}
              {a.perVariant ? <span className="font-normal text-zinc-600"> · every variant</span> : null}
            </label>
          );
          const value = draft.value(a.key);
          const onChange = (event: { target: { value: string } }) => draft.set(a.key, event.target.value);
          return (
            <div key={a.key}>
              {label}
              {a.type === 'list' || a.type === 'yesno' ? (
                <select id={fieldId} className="field" value={value} onChange={onChange}>
                  <option value="">Not given</option>
                  {(a.type === 'yesno' ? ['yes', 'no'] : a.options).map((option) => (
                    <option key={option} value={option}>
                      {a.type === 'yesno' ? (option === 'yes' ? 'Yes' : 'No') : option}
                    </option>
                  ))}
                </select>
              ) : (
                <input
                  id={fieldId}
                  className="field"
                  value={value}
                  onChange={onChange}
                  inputMode={a.type === 'number' ? 'decimal' : undefined}
                  placeholder={a.type === 'number' ? `e.g. ${formatSpecNumber(8)}` : undefined}
                />
              )}
            </div>
          );
        })}
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </fieldset>
  );
}

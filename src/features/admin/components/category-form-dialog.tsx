import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import {
  CreateCategoryInputSchema,
  SPEC_ATTRIBUTES_MAX,
  SPEC_TYPE_LABELS,
  SPEC_TYPES,
  UNIT_ID_LABELS,
  UpdateCategoryInputSchema,
  type AdminCategory,
  type SpecType,
} from '../../../../shared/schemas/categories';
import type { HomeRowCards } from '../../../../shared/categories';
import { UNIT_ID_KINDS, type UnitIdKind } from '../../../../shared/schemas/shipping';
import { ChevronLeftIcon, ChevronRightIcon, PlusIcon, TrashIcon } from '../../../components/icons';
import { FieldError } from '../../../components/ui/field-error';
import { errorMessage, fieldErrors } from '../../../lib/trpc';
import { useCreateCategory, useUpdateCategory } from '../api/use-admin-categories';
import { ModalDialog } from './modal-dialog';
import { GST_RATE_OPTIONS } from './settings-form';

type AttributeDraft = {
  /** The row's identity in the form (React's key), not the attribute's key. */
  id: number;
  key: string;
  /** A key saved before never changes (products' values are stored under it); a new one follows the name until typed. */
  keyLocked: boolean;
  keyTyped: boolean;
  name: string;
  unit: string;
  type: SpecType;
  /** A list's options, one per line. */
  options: string;
  filter: boolean;
  onCard: boolean;
  perVariant: boolean;
};

type Draft = {
  value: string;
  valueTyped: boolean;
  label: string;
  hsn: string;
  rate: string;
  hidden: boolean;
  homeRow: boolean;
  heading: string;
  cards: HomeRowCards;
  attributes: AttributeDraft[];
  unitIds: UnitIdKind;
};

let nextRowId = 1;

/** A value from a label: "Chargers & cables" → "chargers-cables". */
export const valueFromLabel = (label: string) =>
  label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);

/** An attribute's key from its name: "Screen size" → "screen_size". */
export const keyFromName = (name: string) => {
  const key = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 40);
  return /^[a-z]/.test(key) ? key : key ? `a_${key}` : '';
};

function draftOf(category: AdminCategory | undefined): Draft {
  return {
    value: category?.value ?? '',
    valueTyped: false,
    label: category?.label ?? '',
    hsn: category?.hsn ?? '',
    rate: String(category?.rateBasisPoints ?? 1800),
    hidden: category?.hidden ?? false,
    homeRow: category?.homeRow !== null && category?.homeRow !== undefined,
    heading: category?.homeRow?.heading ?? '',
    cards: category?.homeRow?.cards ?? 'large',
    unitIds: category?.unitIds ?? 'none',
    attributes: (category?.template ?? []).map((a) => ({
      id: nextRowId++,
      key: a.key,
      keyLocked: true,
      keyTyped: true,
      name: a.name,
      unit: a.unit,
      type: a.type,
      options: a.options.join('\n'),
      filter: a.filter,
      onCard: a.onCard,
      perVariant: a.perVariant,
    })),
  };
}

function inputOf(draft: Draft) {
  return {
    value: draft.value.trim(),
    label: draft.label,
    hsn: draft.hsn,
    rateBasisPoints: Number(draft.rate),
    hidden: draft.hidden,
    homeRow: draft.homeRow ? { heading: draft.heading, cards: draft.cards } : null,
    unitIds: draft.unitIds,
    template: draft.attributes.map((a) => ({
      key: a.key,
      name: a.name,
      unit: a.unit,
      type: a.type,
      options:
        a.type === 'list'
          ? a.options
              .split('\n')
              .map((o) => o.trim())
              .filter(Boolean)
          : [],
      filter: a.filter,
      onCard: a.onCard,
      perVariant: a.perVariant,
    })),
  };
}

/**
 * Adds a category or edits one: label (and, for a new one, its value), HSN and GST rate, hidden,
 * its home row, and its spec template (attributes added, removed and reordered, each with its
 * type, unit, options for a list, and whether it is a filter, on cards and per variant). Checked
 * with the server's own schemas before sending; the server's refusals show beside their fields.
 */
export function CategoryFormDialog({ category, onClose }: { category?: AdminCategory; onClose: () => void }) {
  const editing = category !== undefined;
  const baseId = useId();
  const id = (name: string) => `${baseId}-${name}`;
  const [draft, setDraft] = useState<Draft>(() => draftOf(category));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateCategory();
  const update = useUpdateCategory();
  const saving = create.isPending || update.isPending;

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const setAttribute = (rowId: number, patch: Partial<AttributeDraft>) =>
    setDraft((d) => ({ ...d, attributes: d.attributes.map((a) => (a.id === rowId ? { ...a, ...patch } : a)) }));
  const moveAttribute = (index: number, by: -1 | 1) =>
    setDraft((d) => {
      const list = [...d.attributes];
      const [row] = list.splice(index, 1);
      if (row) list.splice(index + by, 0, row);
      return { ...d, attributes: list };
    });
  const addAttribute = () =>
    setDraft((d) => ({
      ...d,
      attributes: [
        ...d.attributes,
        { id: nextRowId++, key: '', keyLocked: false, keyTyped: false, name: '', unit: '', type: 'number', options: '', filter: false, onCard: false, perVariant: false },
      ],
    }));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = inputOf(draft);
    const parsed = editing ? UpdateCategoryInputSchema.safeParse(input) : CreateCategoryInputSchema.safeParse(input);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[issue.path.map(String).join('.') || 'form'] ??= issue.message;
      setErrors(found);
      toast.error('Check the highlighted fields');
      return;
    }
    setErrors({});
    try {
      if (editing) await update.mutateAsync(input);
      else await create.mutateAsync(input);
      toast.success(`${editing ? 'Category saved' : 'Category added'}: ${input.label.trim()}`);
      onClose();
    } catch (failure) {
      setErrors(fieldErrors(failure));
      toast.error(errorMessage(failure));
    }
  };

  const err = (path: string) => errors[path];
  const describedBy = (path: string, fieldId: string) => (errors[path] ? `${fieldId}-error` : undefined);

  return (
    <ModalDialog title={editing ? `Edit ${category.label}` : 'Add category'} onClose={onClose} widthClassName="max-w-3xl">
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-5" aria-label={editing ? `Edit ${category.label}` : 'Add category'}>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor={id('label')} className="label">
              Label
            </label>
            <input
              id={id('label')}
              className="field"
              value={draft.label}
              maxLength={40}
              onChange={(event) => {
                const label = event.target.value;
                setDraft((d) => ({ ...d, label, value: editing || d.valueTyped ? d.value : valueFromLabel(label) }));
              }}
              aria-invalid={err('label') ? true : undefined}
              aria-describedby={describedBy('label', id('label'))}
            />
            <FieldError id={`${id('label')}-error`} message={err('label')} />
          </div>
          <div>
            <label htmlFor={id('value')} className="label">
              Value (in addresses and the API)
            </label>
            <input
              id={id('value')}
              className="field font-mono"
              value={draft.value}
              readOnly={editing}
              maxLength={40}
              onChange={(event) => setDraft((d) => ({ ...d, value: event.target.value, valueTyped: true }))}
              aria-invalid={err('value') ? true : undefined}
              aria-describedby={describedBy('value', id('value'))}
            />
            <FieldError id={`${id('value')}-error`} message={err('value')} />
            {editing ? <p className="mt-1 text-xs text-zinc-600">Chosen once: links and products carry it.</p> : null}
          </div>
          <div>
            <label htmlFor={id('hsn')} className="label">
              HSN code
            </label>
            <input
              id={id('hsn')}
              className="field"
              inputMode="numeric"
              maxLength={8}
              value={draft.hsn}
              onChange={(event) => set('hsn', event.target.value)}
              aria-invalid={err('hsn') ? true : undefined}
              aria-describedby={describedBy('hsn', id('hsn'))}
            />
            <FieldError id={`${id('hsn')}-error`} message={err('hsn')} />
          </div>
          <div>
            <label htmlFor={id('rate')} className="label">
              GST rate
            </label>
            <select id={id('rate')} className="field" value={draft.rate} onChange={(event) => set('rate', event.target.value)}>
              {GST_RATE_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
            <FieldError id={`${id('rate')}-error`} message={err('rateBasisPoints')} />
          </div>
          <div className="sm:col-span-2">
            <label htmlFor={id('unitIds')} className="label">
              Scan at packing
            </label>
            <select
              id={id('unitIds')}
              className="field sm:max-w-xs"
              value={draft.unitIds}
              onChange={(event) => set('unitIds', event.target.value as UnitIdKind)}
              aria-invalid={err('unitIds') ? true : undefined}
              aria-describedby={`${id('unitIds')}-hint${err('unitIds') ? ` ${id('unitIds')}-error` : ''}`}
            >
              {UNIT_ID_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {UNIT_ID_LABELS[kind]}
                </option>
              ))}
            </select>
            <p id={`${id('unitIds')}-hint`} className="mt-1 text-xs text-zinc-600">
              What Pack &amp; ship asks for each unit of its products: a phone’s IMEI (two for a dual-SIM phone), or the serial number printed on the box. Kept with the order for
              warranty claims and returns, and shown to the shopper.
            </p>
            <FieldError id={`${id('unitIds')}-error`} message={err('unitIds')} />
          </div>
        </div>

        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" className="mt-1 size-4" checked={draft.hidden} onChange={(event) => set('hidden', event.target.checked)} />
          <span>
            <span className="font-medium">Hidden</span>: no bubble, home row or filter entry, and not offered for new products. Its page and products still open from links.
          </span>
        </label>

        <fieldset className="flex flex-col gap-3 rounded-xl border border-zinc-200 p-3">
          <legend className="px-1 text-sm font-semibold">Home page row</legend>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" className="size-4" checked={draft.homeRow} onChange={(event) => set('homeRow', event.target.checked)} />
            Show a row of this category on the home page
          </label>
          {draft.homeRow ? (
            <div className="grid grid-cols-1 gap-3 sm:grid-cols-[1fr_12rem]">
              <div>
                <label htmlFor={id('heading')} className="label">
                  Heading
                </label>
                <input
                  id={id('heading')}
                  className="field"
                  maxLength={60}
                  value={draft.heading}
                  onChange={(event) => set('heading', event.target.value)}
                  aria-invalid={err('homeRow.heading') ? true : undefined}
                  aria-describedby={describedBy('homeRow.heading', id('heading'))}
                />
                <FieldError id={`${id('heading')}-error`} message={err('homeRow.heading')} />
              </div>
              <div>
                <label htmlFor={id('cards')} className="label">
                  Cards
                </label>
                <select id={id('cards')} className="field" value={draft.cards} onChange={(event) => set('cards', event.target.value as HomeRowCards)}>
                  <option value="small">Small</option>
                  <option value="large">Large</option>
                </select>
              </div>
            </div>
          ) : null}
        </fieldset>

        <fieldset className="flex flex-col gap-3 rounded-xl border border-zinc-200 p-3">
          <legend className="px-1 text-sm font-semibold">Spec template</legend>
          <p className="text-sm text-zinc-600">The attributes this category’s products have: each product gives its values. Filters show on category and search pages.</p>
          <FieldError id={id('template-error')} message={err('template')} />
          <ol className="flex flex-col gap-3" aria-label="Attributes">
            {draft.attributes.map((a, index) => {
              const path = (field: string) => `template.${index}.${field}`;
              const rowId = (field: string) => id(`attr-${a.id}-${field}`);
              const name = a.name.trim() || `Attribute ${index + 1}`;
              return (
                <li key={a.id} className="flex flex-col gap-2 rounded-lg bg-zinc-50 p-3" data-testid="spec-attribute">
                  <div className="grid grid-cols-2 gap-2 sm:grid-cols-[1fr_8rem_7rem_9rem]">
                    <div className="col-span-2 sm:col-span-1">
                      <label htmlFor={rowId('name')} className="label">
                        Name
                      </label>
                      <input
                        id={rowId('name')}
                        className="field"
                        value={a.name}
                        maxLength={60}
                        onChange={(event) => setAttribute(a.id, { name: event.target.value, ...(a.keyLocked || a.keyTyped ? {} : { key: keyFromName(event.target.value) }) })}
                        aria-invalid={err(path('name')) ? true : undefined}
                        aria-describedby={describedBy(path('name'), rowId('name'))}
                      />
                      <FieldError id={`${rowId('name')}-error`} message={err(path('name'))} />
                    </div>
                    <div>
                      <label htmlFor={rowId('key')} className="label">
                        Key
                      </label>
                      <input
                        id={rowId('key')}
                        className="field font-mono"
                        value={a.key}
                        readOnly={a.keyLocked}
                        maxLength={40}
                        onChange={(event) => setAttribute(a.id, { key: event.target.value, keyTyped: true })}
                        aria-invalid={err(path('key')) ? true : undefined}
                        aria-describedby={describedBy(path('key'), rowId('key'))}
                      />
                      <FieldError id={`${rowId('key')}-error`} message={err(path('key'))} />
                    </div>
                    <div>
                      <label htmlFor={rowId('unit')} className="label">
                        Unit
                      </label>
                      <input
                        id={rowId('unit')}
                        className="field"
                        value={a.unit}
                        maxLength={20}
                        placeholder="GB, mAh…"
                        onChange={(event) => setAttribute(a.id, { unit: event.target.value })}
                      />
                      <FieldError id={`${rowId('unit')}-error`} message={err(path('unit'))} />
                    </div>
                    <div>
                      <label htmlFor={rowId('type')} className="label">
                        Type
                      </label>
                      <select id={rowId('type')} className="field" value={a.type} onChange={(event) => setAttribute(a.id, { type: event.target.value as SpecType })}>
                        {SPEC_TYPES.map((type) => (
                          <option key={type} value={type}>
                            {SPEC_TYPE_LABELS[type]}
                          </option>
                        ))}
                      </select>
                    </div>
                  </div>
                  {a.type === 'list' ? (
                    <div>
                      <label htmlFor={rowId('options')} className="label">
                        Options (one per line)
                      </label>
                      <textarea
                        id={rowId('options')}
                        className="field min-h-20"
                        value={a.options}
                        onChange={(event) => setAttribute(a.id, { options: event.target.value })}
                        aria-invalid={err(path('options')) ? true : undefined}
                        aria-describedby={describedBy(path('options'), rowId('options'))}
                      />
                      <FieldError id={`${rowId('options')}-error`} message={err(path('options'))} />
                    </div>
                  ) : null}
                  <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
                    <label className="flex items-center gap-1.5">
                      <input type="checkbox" className="size-4" checked={a.filter} onChange={(event) => setAttribute(a.id, { filter: event.target.checked })} />
                      Filter
                    </label>
                    <label className="flex items-center gap-1.5">
                      <input type="checkbox" className="size-4" checked={a.onCard} onChange={(event) => setAttribute(a.id, { onCard: event.target.checked })} />
                      On cards
                    </label>
                    <label className="flex items-center gap-1.5">
                      <input type="checkbox" className="size-4" checked={a.perVariant} onChange={(event) => setAttribute(a.id, { perVariant: event.target.checked })} />
                      Per variant
                    </label>
                    <span className="ms-auto flex gap-1">
                      <button type="button" className="btn-ghost px-2" disabled={index === 0} onClick={() => moveAttribute(index, -1)} aria-label={`Move ${name} up`}>
                        <ChevronLeftIcon className="size-4 rotate-90" />
                      </button>
                      <button
                        type="button"
                        className="btn-ghost px-2"
                        disabled={index === draft.attributes.length - 1}
                        onClick={() => moveAttribute(index, 1)}
                        aria-label={`Move ${name} down`}
                      >
                        <ChevronRightIcon className="size-4 rotate-90" />
                      </button>
                      <button
                        type="button"
                        className="btn-ghost px-2 text-red-700"
                        onClick={() => setDraft((d) => ({ ...d, attributes: d.attributes.filter((x) => x.id !== a.id) }))}
                        aria-label={`Remove ${name}`}
                      >
                        <TrashIcon className="size-4" />
                      </button>
                    </span>
                  </div>
                  <FieldError id={`${rowId('filter')}-error`} message={err(path('filter'))} />
                </li>
              );
            })}
          </ol>
          <button type="button" className="btn-outline self-start" onClick={addAttribute} disabled={draft.attributes.length >= SPEC_ATTRIBUTES_MAX}>
            <PlusIcon className="size-4" />
            Add attribute
          </button>
        </fieldset>

        <div className="flex justify-end gap-2">
          <button type="button" className="btn-ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn-primary" disabled={saving}>
            {saving ? 'Saving…' : editing ? 'Save' : 'Add category'}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}

import { useId, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { EXAMPLE_GSTIN, INDIAN_STATES } from '../../../../shared/gst';
import { AddressInputSchema } from '../../../../shared/schemas/settings';
import { FieldError } from '../../../components/ui/field-error';
import { readTabDraft, writeTabDraft } from '../../../lib/tab-draft';
import type { SavedAddress } from '../api/use-addresses';

/** The form's fields as typed: the server parses them with the same schema (AddressInputSchema). */
export interface AddressFormValues {
  name: string;
  phone: string;
  line1: string;
  line2: string;
  city: string;
  stateCode: string;
  pin: string;
  gstin: string;
}

type Field = keyof AddressFormValues;
export type AddressErrors = Partial<Record<Field, string>>;

const FIELDS: readonly Field[] = ['name', 'phone', 'line1', 'line2', 'city', 'stateCode', 'pin', 'gstin'];

const HINTS: Partial<Record<Field, string>> = {
  line1: 'House or flat number, building, street',
  line2: 'Area, landmark',
  gstin: `Optional: 15 characters, e.g. ${EXAMPLE_GSTIN}. Leave it empty for a personal purchase.`,
};

export const EMPTY_ADDRESS: AddressFormValues = { name: '', phone: '', line1: '', line2: '', city: '', stateCode: '', pin: '', gstin: '' };

/** A saved address back in the form: the phone without +91 (the form shows that prefix itself). */
export function formValuesOf(address: SavedAddress): AddressFormValues {
  return {
    name: address.name,
    phone: address.phone.replace(/^\+91/, ''),
    line1: address.line1,
    line2: address.line2,
    city: address.city,
    stateCode: address.stateCode,
    pin: address.pin,
    gstin: address.gstin ?? '',
  };
}

/** A draft kept for the tab (see draftKey), if it still has the form's shape: every field, as text. */
export function addressDraft(key: string): AddressFormValues | null {
  const stored = readTabDraft(key);
  if (typeof stored !== 'object' || stored === null) return null;
  const draft = stored as Record<string, unknown>;
  if (!FIELDS.every((field) => typeof draft[field] === 'string')) return null;
  return Object.fromEntries(FIELDS.map((field) => [field, draft[field]])) as unknown as AddressFormValues;
}

/** "name is required" -> "Name is required": the schema's wording, as a sentence. */
const sentence = (message: string) => message.charAt(0).toUpperCase() + message.slice(1);

/** The first message of each wrong field, from the schema the server uses; {} when the address is valid. */
export function validateAddress(values: AddressFormValues): AddressErrors {
  const result = AddressInputSchema.safeParse(values);
  const errors: AddressErrors = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && (FIELDS as readonly string[]).includes(field)) errors[field as Field] ??= sentence(issue.message);
  }
  return errors;
}

export interface AddressFormProps {
  initial: AddressFormValues;
  /** The form's heading ("Add a new address", "Edit address"). */
  title: string;
  submitLabel: string;
  pending: boolean;
  /** Saves a valid address; resolves to the server's field errors ({} when it was saved). */
  onSubmit: (values: AddressFormValues) => Promise<Record<string, string>>;
  /** Absent when there is nothing to go back to (no saved address yet). */
  onCancel?: () => void;
  /** Put the cursor in the first field: the shopper just opened the form. */
  focusOnOpen?: boolean;
  /**
   * Keeps what is typed for the tab under this key (src/lib/tab-draft.ts), and starts from it:
   * a reload does not lose a half-typed address. Whoever saves the address clears it.
   */
  draftKey?: string;
}

/**
 * A delivery address, checked in the browser with the server's schema before anything is sent.
 * Each wrong field says why beside it, and its message goes as soon as the field is right.
 */
export function AddressForm({ initial, title, submitLabel, pending, onSubmit, onCancel, focusOnOpen = false, draftKey }: AddressFormProps) {
  const id = useId();
  const [values, setValues] = useState(() => (draftKey ? addressDraft(draftKey) : null) ?? initial);
  const [errors, setErrors] = useState<AddressErrors>({});

  const fieldId = (field: Field) => `${id}-${field}`;
  const errorId = (field: Field) => `${id}-${field}-error`;
  const hintId = (field: Field) => `${id}-${field}-hint`;

  const change = (field: Field) => (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    const next = { ...values, [field]: event.target.value };
    setValues(next);
    if (draftKey) writeTabDraft(draftKey, next);
    // A field already marked wrong is checked again as it is typed: fixed, its message goes.
    if (errors[field]) {
      const message = validateAddress(next)[field];
      setErrors(({ [field]: _previous, ...rest }) => (message ? { ...rest, [field]: message } : rest));
    }
  };

  const focusFirstWrong = (wrong: AddressErrors) => {
    const first = FIELDS.find((field) => wrong[field]);
    if (first) document.getElementById(fieldId(first))?.focus();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problems = validateAddress(values);
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      focusFirstWrong(problems);
      return;
    }
    const fromServer = await onSubmit(values);
    const known: AddressErrors = {};
    for (const field of FIELDS) if (fromServer[field]) known[field] = sentence(fromServer[field]);
    setErrors(known);
    focusFirstWrong(known);
  };

  const control = (field: Field) => ({
    id: fieldId(field),
    name: field,
    value: values[field],
    onChange: change(field),
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': [HINTS[field] ? hintId(field) : '', errors[field] ? errorId(field) : ''].filter(Boolean).join(' ') || undefined,
  });

  const row = (field: Field) => ({
    htmlFor: fieldId(field),
    hint: HINTS[field] ? { id: hintId(field), text: HINTS[field] } : undefined,
    error: <FieldError id={errorId(field)} message={errors[field]} />,
  });

  return (
    <form className="flex flex-col gap-4" onSubmit={(event) => void submit(event)} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="text-base font-bold text-zinc-900">
        {title}
      </h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <Row label="Full name" {...row('name')}>
          <input {...control('name')} className="field" autoComplete="shipping name" autoFocus={focusOnOpen} maxLength={100} required />
        </Row>
        <Row label="Mobile number" {...row('phone')}>
          <div className="flex">
            <span className="inline-flex items-center rounded-l-xl border border-r-0 border-zinc-300 bg-zinc-50 px-3 text-zinc-700" aria-hidden="true">
              +91
            </span>
            <input
              {...control('phone')}
              type="tel"
              inputMode="numeric"
              className="field rounded-l-none"
              autoComplete="shipping tel-national"
              placeholder="98765 43210"
              maxLength={14}
              required
            />
          </div>
        </Row>
        <Row label="Address line 1" {...row('line1')} wide>
          <input {...control('line1')} className="field" autoComplete="shipping address-line1" maxLength={200} required />
        </Row>
        <Row label="Address line 2" optional {...row('line2')} wide>
          <input {...control('line2')} className="field" autoComplete="shipping address-line2" maxLength={200} />
        </Row>
        <Row label="City" {...row('city')}>
          <input {...control('city')} className="field" autoComplete="shipping address-level2" maxLength={100} required />
        </Row>
        <Row label="State or union territory" {...row('stateCode')}>
          <select {...control('stateCode')} className="field" autoComplete="shipping address-level1" required>
            <option value="">Choose…</option>
            {INDIAN_STATES.map((state) => (
              <option key={state.code} value={state.code}>
                {state.name}
              </option>
            ))}
          </select>
        </Row>
        <Row label="PIN code" {...row('pin')}>
          <input {...control('pin')} className="field" inputMode="numeric" autoComplete="shipping postal-code" placeholder="560001" maxLength={6} required />
        </Row>
        <Row label="GSTIN (for a business invoice)" {...row('gstin')} wide>
          <input {...control('gstin')} className="field uppercase" autoComplete="off" autoCapitalize="characters" spellCheck={false} maxLength={20} />
        </Row>
      </div>
      <div className="flex flex-wrap gap-3">
        <button type="submit" className="btn-primary min-h-11 px-6" disabled={pending}>
          {pending ? 'Saving…' : submitLabel}
        </button>
        {onCancel ? (
          <button type="button" className="btn-ghost min-h-11" onClick={onCancel} disabled={pending}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}

function Row({
  label,
  htmlFor,
  hint,
  optional = false,
  wide = false,
  error,
  children,
}: {
  label: string;
  htmlFor: string;
  hint: { id: string; text: string } | undefined;
  optional?: boolean;
  wide?: boolean;
  error: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <label htmlFor={htmlFor} className="label">
        {label}
        {optional ? <span className="ml-1 font-normal text-zinc-600">(optional)</span> : null}
      </label>
      {children}
      {hint ? (
        <p id={hint.id} className="mt-1 text-xs text-zinc-600">
          {hint.text}
        </p>
      ) : null}
      {error}
    </div>
  );
}

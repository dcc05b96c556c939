import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { checkGstin, EXAMPLE_GSTIN, INDIAN_STATES, stateLabel } from '../../../../shared/gst';
import { DELIVERY_ZONE_LABELS, DELIVERY_ZONES } from '../../../../shared/pin-zones';
import { WEEKDAYS, type AdminSettings, type OnlinePaymentChoice, type Weekday } from '../../../../shared/schemas/settings';
import { RETURN_REASONS, RETURN_REASON_LABELS } from '../../../../shared/schemas/return-policy';
import { FieldError } from '../../../components/ui/field-error';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { formatDateTime } from '../../../lib/format-date';
import { errorMessage, fieldErrors } from '../../../lib/trpc';
import { useShopTimeZone } from '../../../lib/use-shop-time-zone';
import { useSaveSettings, useShopSettings } from '../api/use-shop-settings';
import {
  COMMON_TIME_ZONES,
  fieldOfPath,
  GST_RATE_OPTIONS,
  invoiceNumberPreview,
  orderNumberPreview,
  otherTimeZones,
  parseDateList,
  parsePinList,
  parseWorkingDays,
  toggleWorkingDay,
  settingsToForm,
  toSettingsInput,
  type SettingsField,
  type SettingsFormValues,
} from './settings-form';

export const SETTINGS_SAVED_MESSAGE = 'Settings saved';
export const REQUIRE_ADMIN_TWO_FACTOR_HINT = 'Every admin must use an authenticator app code to sign in. Admins without it can only set it up.';
export const NOT_SET_UP_MESSAGE = 'Invoices are issued only once the seller’s GSTIN is saved.';
export const STOCK_ALERTS_HINT =
  'One email a day to every admin, listing the variants that came down to their low-stock level since the last one: each is named once, and again only after its stock went back above the level.';
export const TIME_ZONE_HINT =
  'Dates and times on every page, in emails and on the dashboard (its “today”) follow this clock. GST invoices, credit notes and GSTR-1 months keep India’s dates, as the GST law counts them.';

type Errors = Partial<Record<SettingsField | 'form', string>>;

/** The Settings page: the shop's settings form, then the GST of each category (rows saved one by one). */
export function ShopSettingsPage() {
  const settings = useShopSettings();
  const timeZone = useShopTimeZone();
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h1 className="text-2xl font-bold tracking-tight">Settings</h1>
        {settings.data ? (
          <p className="text-sm text-zinc-600" data-testid="last-saved">
            {settings.data.updatedAt ? `Last saved ${formatDateTime(settings.data.updatedAt, timeZone)}` : 'Never saved: these are the defaults'}
          </p>
        ) : null}
      </div>
      {settings.isPending ? (
        <PageSpinner label="Loading settings" />
      ) : settings.isError ? (
        <p role="alert" className="card px-4 py-6 text-center text-red-800">
          {errorMessage(settings.error)}
        </p>
      ) : (
        <>
          {settings.data.seller === null ? (
            <div className="rounded-2xl border-2 border-amber-400 bg-amber-50 px-4 py-3 text-amber-950" role="note" data-testid="not-set-up">
              <p className="font-bold">Not set up yet</p>
              <p className="text-sm">{NOT_SET_UP_MESSAGE} Fill in the Seller section below and save.</p>
            </div>
          ) : null}
          <SettingsForm saved={settings.data} />
        </>
      )}
    </div>
  );
}

const cardClass = 'card flex flex-col gap-4 p-4 sm:p-6';
const gridClass = 'grid grid-cols-1 gap-4 sm:grid-cols-2';

function Section({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={cardClass}>
      <div>
        <h2 id={headingId} className="text-lg font-bold">
          {title}
        </h2>
        {description ? <div className="mt-1 text-sm text-zinc-600">{description}</div> : null}
      </div>
      {children}
    </section>
  );
}

/**
 * The main form, sent whole to settings.update by "Save settings". It starts from the saved
 * settings and is reset to what the server saved (normalised: +91 phones, capital GSTIN) after
 * each save; a background refetch does not overwrite what is being typed. Problems, the
 * client's zod issues or the server's fieldErrors alike, show beside their fields.
 */
function SettingsForm({ saved }: { saved: AdminSettings }) {
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [baseline, setBaseline] = useState(() => settingsToForm(saved));
  const [values, setValues] = useState<SettingsFormValues>(baseline);
  const [errors, setErrors] = useState<Errors>({});
  // Bumped after a failed save: the first field in error gets the focus (the form is long).
  const [failedSaves, setFailedSaves] = useState(0);
  const save = useSaveSettings();
  const dirty = (Object.keys(values) as SettingsField[]).some((field) => values[field] !== baseline[field]);

  useEffect(() => {
    if (failedSaves > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [failedSaves]);

  const onChange = (field: SettingsField) => (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => {
    const value = event.target.value;
    setValues((current) => ({ ...current, [field]: value }));
    // The message was about the old value; the live checks speak for the new one.
    setErrors(({ [field]: _gone, ...rest }) => rest);
  };

  const onCheck = (field: SettingsField) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = String(event.target.checked);
    setValues((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _gone, ...rest }) => rest);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { input, errors: problems } = toSettingsInput(values);
    setErrors(problems);
    if (!input) {
      setFailedSaves((n) => n + 1);
      return;
    }
    try {
      const next = settingsToForm(await save.mutateAsync(input));
      setBaseline(next);
      setValues(next);
      toast.success(SETTINGS_SAVED_MESSAGE);
    } catch (error) {
      const byField: Errors = {};
      for (const [path, message] of Object.entries(fieldErrors(error))) byField[fieldOfPath(path)] ??= message;
      setErrors(Object.keys(byField).length > 0 ? byField : { form: errorMessage(error) });
      setFailedSaves((n) => n + 1);
    }
  };

  const id = (field: SettingsField) => `${formId}-${field.replace(/\./g, '-')}`;
  const hintId = (field: SettingsField) => `${id(field)}-hint`;
  const errorId = (field: SettingsField) => `${id(field)}-error`;
  const describedBy = (field: SettingsField, ...extra: (string | false | undefined)[]) =>
    [...extra, errors[field] ? errorId(field) : undefined].filter(Boolean).join(' ') || undefined;
  const invalid = (field: SettingsField) => (errors[field] ? true : undefined);

  type TextOptions = {
    type?: 'text' | 'email' | 'tel' | 'number' | 'time' | 'password';
    hint?: ReactNode;
    optional?: boolean;
    wide?: boolean;
    placeholder?: string;
    inputMode?: 'text' | 'numeric' | 'decimal' | 'tel' | 'email';
    autoComplete?: string;
    maxLength?: number;
    className?: string;
    after?: ReactNode;
    describedBy?: string;
    /** For a whole number: step 1 from this minimum (a rupee amount otherwise: step 0.01 from 0). */
    wholeFrom?: number;
  };
  const text = (field: SettingsField, label: string, o: TextOptions = {}) => (
    <div className={o.wide ? 'sm:col-span-2' : undefined}>
      <label htmlFor={id(field)} className="label">
        {label} {o.optional ? <span className="font-normal text-zinc-600">(optional)</span> : null}
      </label>
      <input
        id={id(field)}
        name={field}
        type={o.type ?? 'text'}
        className={`field ${o.className ?? ''}`}
        value={values[field]}
        onChange={onChange(field)}
        placeholder={o.placeholder}
        inputMode={o.inputMode}
        autoComplete={o.autoComplete ?? 'off'}
        maxLength={o.maxLength}
        {...(o.type === 'number' ? (o.wholeFrom !== undefined ? { min: o.wholeFrom, step: 1 } : { min: 0, step: 0.01 }) : {})}
        aria-invalid={invalid(field)}
        aria-describedby={describedBy(field, o.hint ? hintId(field) : undefined, o.describedBy)}
      />
      {o.hint ? (
        <p id={hintId(field)} className="mt-1 text-xs text-zinc-600">
          {o.hint}
        </p>
      ) : null}
      {o.after}
      <FieldError id={errorId(field)} message={errors[field]} />
    </div>
  );

  const checkbox = (field: SettingsField, label: string, hint: ReactNode) => (
    <div>
      <label htmlFor={id(field)} className="flex min-h-10 items-center gap-3 text-sm font-medium text-zinc-800">
        <input
          id={id(field)}
          name={field}
          type="checkbox"
          className="size-5 accent-brand-700"
          checked={values[field] === 'true'}
          onChange={onCheck(field)}
          aria-invalid={invalid(field)}
          aria-describedby={describedBy(field, hintId(field))}
        />
        {label}
      </label>
      <p id={hintId(field)} className="mt-1 text-xs text-zinc-600">
        {hint}
      </p>
      <FieldError id={errorId(field)} message={errors[field]} />
    </div>
  );

  const textarea = (field: SettingsField, label: string, o: { rows?: number; hint?: ReactNode; optional?: boolean } = {}) => (
    <div>
      <label htmlFor={id(field)} className="label">
        {label} {o.optional ? <span className="font-normal text-zinc-600">(optional)</span> : null}
      </label>
      <textarea
        id={id(field)}
        name={field}
        rows={o.rows ?? 5}
        className="field resize-y"
        value={values[field]}
        onChange={onChange(field)}
        aria-invalid={invalid(field)}
        aria-describedby={describedBy(field, o.hint ? hintId(field) : undefined)}
      />
      {o.hint ? (
        <p id={hintId(field)} className="mt-1 text-xs text-zinc-600">
          {o.hint}
        </p>
      ) : null}
      <FieldError id={errorId(field)} message={errors[field]} />
    </div>
  );

  const rateSelect = (field: SettingsField, label: string, hint?: ReactNode) => (
    <div>
      <label htmlFor={id(field)} className="label">
        {label}
      </label>
      <select
        id={id(field)}
        name={field}
        className="field"
        value={values[field]}
        onChange={onChange(field)}
        aria-invalid={invalid(field)}
        aria-describedby={describedBy(field, hint ? hintId(field) : undefined)}
      >
        {GST_RATE_OPTIONS.map((rate) => (
          <option key={rate.value} value={rate.value}>
            {rate.label}
          </option>
        ))}
      </select>
      {hint ? (
        <p id={hintId(field)} className="mt-1 text-xs text-zinc-600">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId(field)} message={errors[field]} />
    </div>
  );

  const pinCount = parsePinList(values['shipping.serviceablePins']).length;
  const codPinCount = parsePinList(values['payments.cod.pins']).length;
  const holidayCount = parseDateList(values['dispatch.holidays']).length;
  const bothProviders = saved.onlineProviders.includes('stripe') && saved.onlineProviders.includes('razorpay');
  const problemCount = Object.keys(errors).filter((key) => key !== 'form').length;

  return (
    <form ref={formRef} className="flex flex-col gap-6" onSubmit={onSubmit} noValidate aria-label="Shop settings">
      <Section
        title="Seller"
        description="The business named on every tax invoice and in the footer. Leave every field empty to keep the shop without a seller (no invoices are issued then)."
      >
        <div className={gridClass}>
          {text('seller.legalName', 'Legal name', { hint: 'As on the GST registration certificate.' })}
          {text('seller.tradeName', 'Trade name', { hint: 'The name shoppers know, e.g. Voltmart.' })}
          {text('seller.gstin', 'GSTIN', {
            wide: true,
            placeholder: EXAMPLE_GSTIN,
            className: 'uppercase',
            maxLength: 20,
            describedBy: `${id('seller.gstin')}-check`,
            after: (
              <GstinCheck
                id={`${id('seller.gstin')}-check`}
                gstin={values['seller.gstin']}
                stateCode={values['seller.address.stateCode']}
                hidden={Boolean(errors['seller.gstin'])}
              />
            ),
          })}
          {text('seller.address.line1', 'Registered address: line 1', { wide: true, autoComplete: 'address-line1' })}
          {text('seller.address.line2', 'Line 2', { wide: true, optional: true, autoComplete: 'address-line2' })}
          {text('seller.address.city', 'City', { autoComplete: 'address-level2' })}
          <div>
            <label htmlFor={id('seller.address.stateCode')} className="label">
              State
            </label>
            <select
              id={id('seller.address.stateCode')}
              name="seller.address.stateCode"
              className="field"
              value={values['seller.address.stateCode']}
              onChange={onChange('seller.address.stateCode')}
              aria-invalid={invalid('seller.address.stateCode')}
              aria-describedby={describedBy('seller.address.stateCode')}
            >
              <option value="">Select a state</option>
              {INDIAN_STATES.map((state) => (
                <option key={state.code} value={state.code}>
                  {stateLabel(state.code)}
                </option>
              ))}
            </select>
            <FieldError id={errorId('seller.address.stateCode')} message={errors['seller.address.stateCode']} />
          </div>
          {text('seller.address.pin', 'PIN code', { inputMode: 'numeric', maxLength: 6, autoComplete: 'postal-code' })}
          <div className="hidden sm:block" aria-hidden="true" />
          {text('seller.email', 'Contact email', { type: 'email', inputMode: 'email' })}
          {text('seller.phone', 'Contact phone', { type: 'tel', inputMode: 'tel', hint: '10 digits; +91 is added.' })}
        </div>
      </Section>

      <Section title="Invoices">
        <div className={gridClass}>
          {text('invoicePrefix', 'Invoice number prefix', {
            maxLength: 4,
            className: 'uppercase',
            hint: (
              <>
                Up to 4 letters or digits. Invoice numbers look like <strong data-testid="invoice-preview">{invoiceNumberPreview(values.invoicePrefix)}</strong> (prefix, financial
                year, number), credit notes like …/C0001.
              </>
            ),
          })}
          <fieldset aria-describedby={describedBy('tax.b2cHsnDigits', hintId('tax.b2cHsnDigits'))}>
            <legend className="label">HSN digits on B2C invoices</legend>
            <div className="flex flex-wrap gap-x-6 gap-y-2 py-1.5">
              {(['4', '6'] as const).map((digits) => (
                <label key={digits} className="flex min-h-10 items-center gap-2 text-sm text-zinc-800">
                  <input
                    type="radio"
                    name="tax.b2cHsnDigits"
                    value={digits}
                    className="size-4 accent-brand-700"
                    checked={values['tax.b2cHsnDigits'] === digits}
                    onChange={onChange('tax.b2cHsnDigits')}
                  />
                  {digits} digits
                </label>
              ))}
            </div>
            <p id={hintId('tax.b2cHsnDigits')} className="text-xs text-zinc-600">
              4 digits if the annual turnover is up to ₹5 crore, 6 above it. Invoices to registered buyers (B2B) always show the full code.
            </p>
            <FieldError id={errorId('tax.b2cHsnDigits')} message={errors['tax.b2cHsnDigits']} />
          </fieldset>
        </div>
      </Section>

      <Section title="Order numbers" description="What shoppers and the admin read, type and say on the phone; each year counts from 000001 again.">
        <div className={gridClass}>
          {text('orderPrefix', 'Order number prefix', {
            maxLength: 4,
            className: 'uppercase',
            hint: (
              <>
                Up to 4 letters or digits. Orders are numbered like <strong data-testid="order-number-preview">{orderNumberPreview(values.orderPrefix, values.timeZone)}</strong>{' '}
                (prefix, year, number). A new prefix applies to new orders only.
              </>
            ),
          })}
        </div>
      </Section>

      <Section
        title="Grievance officer"
        description="The Consumer Protection (E-Commerce) Rules, 2020 require an online shop to name a grievance officer; the name, email and phone appear in the footer."
      >
        <div className={gridClass}>
          {text('grievanceOfficer.name', 'Name', { wide: true })}
          {text('grievanceOfficer.email', 'Email', { type: 'email', inputMode: 'email' })}
          {text('grievanceOfficer.phone', 'Phone', { type: 'tel', inputMode: 'tel', hint: '10 digits; +91 is added.' })}
        </div>
      </Section>

      <Section title="Policies" description="Shown to shoppers on the policies page and linked from the footer and checkout.">
        {textarea('policies.returns', 'Return and refund policy', { rows: 6 })}
        {textarea('policies.shipping', 'Shipping policy', { rows: 6 })}
      </Section>

      <Section title="Shipping" description="Fees in rupees, GST included.">
        <div className={gridClass}>
          {text('shipping.standardPaise', 'Standard delivery fee (₹)', { type: 'number', inputMode: 'decimal', hint: '0 for free delivery.' })}
          {text('shipping.expressPaise', 'Express delivery fee (₹)', { type: 'number', inputMode: 'decimal' })}
          {text('shipping.freeAbovePaise', 'Free standard delivery from (₹)', {
            type: 'number',
            inputMode: 'decimal',
            optional: true,
            placeholder: 'No threshold',
            hint: 'Orders of this much or more ship standard for free. Empty: no threshold.',
          })}
          <div className="hidden sm:block" aria-hidden="true" />
          {text('shipping.standardDays', 'Standard delivery time (days)', { placeholder: '3–5', hint: 'Shown as “arrives in 3–5 days”.' })}
          {text('shipping.expressDays', 'Express delivery time (days)', { placeholder: '1–2' })}
        </div>
        {textarea('shipping.serviceablePins', 'Serviceable PIN codes', {
          rows: 5,
          optional: true,
          hint: (
            <>
              One PIN code or prefix a line, or separated by commas: 560001 is one PIN, 56 every PIN starting with 56. Empty: all of India.{' '}
              <span data-testid="pin-count">{pinCount === 0 ? 'Now: all of India.' : `Now: ${pinCount} ${pinCount === 1 ? 'entry' : 'entries'}.`}</span>
            </>
          ),
        })}
      </Section>

      <Section
        title="Dispatch and delivery dates"
        description="The product page and checkout show “Delivery by Thursday, 3 December” for the shopper’s PIN code: the day an order leaves, plus the days below for the PIN’s zone. Couriers deliver Monday to Saturday; holidays hold dispatch only."
      >
        <div className={gridClass}>
          {text('dispatch.cutoff', 'Dispatch cut-off time', {
            type: 'time',
            hint: `Orders placed before this on a working day (${zoneName(values.timeZone)}) leave the same day; later ones the next working day.`,
          })}
          {text('dispatch.fromPin', 'Dispatch from PIN code', {
            optional: true,
            inputMode: 'numeric',
            maxLength: 6,
            placeholder: values['seller.address.pin'] || '560001',
            hint: 'Where orders are picked up; delivery zones count from it. Empty: the seller’s address PIN code.',
          })}
        </div>
        <fieldset aria-describedby={describedBy('dispatch.workingDays', hintId('dispatch.workingDays'))}>
          <legend className="label">Working days</legend>
          <div className="flex flex-wrap gap-x-5 gap-y-1 py-1.5">
            {WEEKDAYS.map((day) => (
              <label key={day} className="flex min-h-10 items-center gap-2 text-sm text-zinc-800">
                <input
                  type="checkbox"
                  name="dispatch.workingDays"
                  value={day}
                  className="size-5 accent-brand-700"
                  checked={parseWorkingDays(values['dispatch.workingDays']).includes(day)}
                  onChange={(event) => {
                    const on = event.target.checked;
                    setValues((current) => ({ ...current, 'dispatch.workingDays': toggleWorkingDay(current['dispatch.workingDays'], day, on) }));
                    setErrors(({ 'dispatch.workingDays': _gone, ...rest }) => rest);
                  }}
                  aria-invalid={invalid('dispatch.workingDays')}
                />
                {WEEKDAY_NAMES[day]}
              </label>
            ))}
          </div>
          <p id={hintId('dispatch.workingDays')} className="text-xs text-zinc-600">
            The days orders are packed and handed to the courier.
          </p>
          <FieldError id={errorId('dispatch.workingDays')} message={errors['dispatch.workingDays']} />
        </fieldset>
        {textarea('dispatch.holidays', 'Holidays', {
          rows: 4,
          optional: true,
          hint: (
            <>
              One date a line, written YYYY-MM-DD (2026-11-08 for Diwali): nothing is dispatched on these days.{' '}
              <span data-testid="holiday-count">{holidayCount === 0 ? 'Now: none.' : `Now: ${holidayCount} ${holidayCount === 1 ? 'date' : 'dates'}.`}</span>
            </>
          ),
        })}
        <div>
          <h3 className="text-base font-bold" id={`${formId}-zone-days`}>
            Delivery days by zone
          </h3>
          <p className="mt-1 text-xs text-zinc-600" id={`${formId}-zone-days-hint`}>
            Days from dispatch to delivery. Same city: the first 3 digits of the PIN match yours; metro: Delhi, Mumbai, Kolkata, Chennai, Bengaluru, Hyderabad; north-east and
            islands: the north-eastern states, Sikkim, Andaman and Nicobar, Lakshadweep, Jammu and Kashmir, Ladakh. Leave express empty where you do not offer it.
          </p>
          <table className="mt-3 w-full max-w-xl text-sm" aria-labelledby={`${formId}-zone-days`} aria-describedby={`${formId}-zone-days-hint`}>
            <thead>
              <tr className="text-left text-zinc-700">
                <th scope="col" className="py-1 pr-3 font-semibold">
                  Zone
                </th>
                <th scope="col" className="px-1 py-1 font-semibold">
                  Standard
                </th>
                <th scope="col" className="px-1 py-1 font-semibold">
                  Express
                </th>
              </tr>
            </thead>
            <tbody>
              {DELIVERY_ZONES.map((zone) => (
                <tr key={zone} className="border-t border-zinc-100 align-middle">
                  <th scope="row" className="py-2 pr-3 text-left font-medium text-zinc-800">
                    {DELIVERY_ZONE_LABELS[zone]}
                  </th>
                  {(['standard', 'express'] as const).map((rate) => {
                    const field: SettingsField = `zoneDays.${rate}.${zone}`;
                    return (
                      <td key={rate} className="px-1 py-1.5">
                        <input
                          id={id(field)}
                          name={field}
                          type="number"
                          min={0}
                          max={60}
                          step={1}
                          inputMode="numeric"
                          className="field w-24"
                          placeholder={rate === 'express' ? 'None' : undefined}
                          value={values[field]}
                          onChange={onChange(field)}
                          aria-label={`${rate === 'standard' ? 'Standard' : 'Express'} delivery days: ${DELIVERY_ZONE_LABELS[zone]}`}
                          aria-invalid={invalid(field)}
                          aria-describedby={describedBy(field)}
                        />
                        <FieldError id={errorId(field)} message={errors[field]} />
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Section>

      <Section title="Payments" description="How shoppers pay. Amounts in rupees.">
        {bothProviders ? (
          <fieldset aria-describedby={describedBy('payments.online', hintId('payments.online'))}>
            <legend className="label">The Payment button uses</legend>
            <div className="flex flex-wrap gap-x-6 gap-y-2 py-1.5">
              {ONLINE_CHOICES.map((choice) => (
                <label key={choice.value} className="flex min-h-10 items-center gap-2 text-sm text-zinc-800">
                  <input
                    type="radio"
                    name="payments.online"
                    value={choice.value}
                    className="size-4 accent-brand-700"
                    checked={values['payments.online'] === choice.value}
                    onChange={onChange('payments.online')}
                  />
                  {choice.label}
                </label>
              ))}
            </div>
            <p id={hintId('payments.online')} className="text-xs text-zinc-600">
              Stripe’s and Razorpay’s keys are both set on the server. Razorpay takes UPI, cards, netbanking and wallets; with both offered, Razorpay is listed first.
            </p>
            <FieldError id={errorId('payments.online')} message={errors['payments.online']} />
          </fieldset>
        ) : (
          <p className="text-sm text-zinc-800" data-testid="online-provider">
            {onlineProviderLine(saved.onlineProviders)}
          </p>
        )}

        <h3 className="border-t border-zinc-100 pt-4 text-base font-bold">Cash on delivery</h3>
        {checkbox('payments.cod.enabled', 'Offer cash on delivery', 'The shopper pays the courier in cash; the order is confirmed at once and its stock held until it ships.')}
        <div className={gridClass}>
          {text('payments.cod.maxOrderPaise', 'Maximum order value (₹)', {
            type: 'number',
            inputMode: 'decimal',
            hint: 'Orders above this (items, delivery and fee) must be paid online.',
          })}
          {text('payments.cod.feePaise', 'Cash on delivery fee (₹)', { type: 'number', inputMode: 'decimal', hint: '0 for none. Added to the order as its own line.' })}
          {text('payments.cod.maxOpenOrders', 'Open cash on delivery orders per shopper', {
            type: 'number',
            inputMode: 'numeric',
            wholeFrom: 1,
            hint: 'Placed or shipped and not yet delivered, at once (1 to 20).',
          })}
        </div>
        {textarea('payments.cod.pins', 'Cash on delivery PIN codes', {
          rows: 4,
          optional: true,
          hint: (
            <>
              One PIN code or prefix a line, where the courier collects cash. Empty: wherever you deliver.{' '}
              <span data-testid="cod-pin-count">{codPinCount === 0 ? 'Now: wherever you deliver.' : `Now: ${codPinCount} ${codPinCount === 1 ? 'entry' : 'entries'}.`}</span>
            </>
          ),
        })}
      </Section>

      <Section title="Packing and shipping" description="What the packing table starts from, the courier the Ship step names, and when a parcel needs an e-way bill.">
        <fieldset aria-describedby={describedBy('fulfilment.courier', hintId('fulfilment.courier'))}>
          <legend className="label">Ship parcels with</legend>
          <div className="flex flex-wrap gap-x-6 gap-y-2 py-1.5">
            {COURIER_OPTIONS.map((choice) => (
              <label key={choice.value} className="flex min-h-10 items-center gap-2 text-sm text-zinc-800">
                <input
                  type="radio"
                  name="fulfilment.courier"
                  value={choice.value}
                  className="size-4 accent-brand-700"
                  checked={values['fulfilment.courier'] === choice.value}
                  onChange={onChange('fulfilment.courier')}
                />
                {choice.label}
              </label>
            ))}
          </div>
          <p id={hintId('fulfilment.courier')} className="text-xs text-zinc-600">
            {values['fulfilment.courier'] === 'shiprocket'
              ? 'Pack & ship books each parcel with Shiprocket (AWB, courier, pickup, label); its tracking moves the order to delivered. A parcel may still go with your own courier.'
              : 'Pack & ship asks the courier’s name and the AWB they gave you; you record its delivery on the order.'}
          </p>
          <FieldError id={errorId('fulfilment.courier')} message={errors['fulfilment.courier']} />
        </fieldset>
        {values['fulfilment.courier'] === 'shiprocket' ? (
          <div className="flex flex-col gap-4 rounded-xl border border-zinc-200 p-3 sm:p-4" data-testid="shiprocket-settings">
            <h3 className="text-base font-bold">Shiprocket</h3>
            <p className="-mt-2 text-sm text-zinc-600">
              An API user made in Shiprocket’s panel under Settings → API → Configure (not your own sign-in). The password and the token are never shown again once saved.
            </p>
            <div className={gridClass}>
              {text('fulfilment.shiprocket.email', 'API user email', { type: 'email', inputMode: 'email', autoComplete: 'off', maxLength: 254 })}
              {text('fulfilment.shiprocket.password', 'API user password', {
                type: 'password',
                autoComplete: 'new-password',
                maxLength: 200,
                hint: saved.fulfilment.shiprocket.password ? 'Leave as is to keep the saved password.' : 'The API user’s password, as set in Shiprocket.',
              })}
              {text('fulfilment.shiprocket.pickupLocation', 'Pickup location name', {
                maxLength: 60,
                placeholder: 'Primary',
                hint: 'Exactly as in Shiprocket → Settings → Pickup addresses (its nickname): parcels are collected from there.',
              })}
              {text('fulfilment.shiprocket.webhookToken', 'Webhook token', {
                optional: true,
                maxLength: 200,
                className: 'font-mono',
                hint: (
                  <>
                    Make up a long random token and paste the same in Shiprocket → Settings → API → Webhooks, with the webhook URL{' '}
                    <code className="rounded bg-zinc-100 px-1 font-mono text-zinc-900 [overflow-wrap:anywhere]" data-testid="courier-webhook-url">
                      {saved.courierWebhookUrl}
                    </code>
                    . Without it, the shop still asks Shiprocket for tracking every half hour.
                    {saved.fulfilment.shiprocket.webhookToken ? ' Leave as is to keep the saved token.' : ''}
                  </>
                ),
              })}
            </div>
          </div>
        ) : null}
        <div className={gridClass}>
          {text('fulfilment.manual.courierName', 'Courier', {
            optional: true,
            hint: 'The courier you hand parcels to (Delhivery, Blue Dart, India Post…): the Ship form starts with it.',
          })}
          {text('fulfilment.manual.trackingUrl', 'Tracking link', {
            optional: true,
            hint: 'The courier’s tracking page with {awb} where the AWB goes, e.g. https://www.delhivery.com/track/package/{awb}. Shoppers get it by email.',
          })}
          {text('fulfilment.ewayBillThresholdPaise', 'E-way bill above (₹)', {
            type: 'number',
            inputMode: 'decimal',
            hint: 'A parcel worth more than this with tax needs its e-way bill number to ship (₹50,000 under the GST rules).',
          })}
        </div>
        <h3 className="border-t border-zinc-100 pt-4 text-base font-bold">Default parcel</h3>
        <div className={gridClass}>
          {text('fulfilment.parcel.weightGrams', 'Weight (g)', { type: 'number', inputMode: 'numeric', wholeFrom: 1 })}
          {text('fulfilment.parcel.lengthCm', 'Length (cm)', { type: 'number', inputMode: 'numeric', wholeFrom: 1 })}
          {text('fulfilment.parcel.breadthCm', 'Breadth (cm)', { type: 'number', inputMode: 'numeric', wholeFrom: 1 })}
          {text('fulfilment.parcel.heightCm', 'Height (cm)', { type: 'number', inputMode: 'numeric', wholeFrom: 1 })}
        </div>
      </Section>

      <Section
        title="Tax"
        description={
          <>
            GST on the delivery charge. The HSN code and rate of goods are set per category on the{' '}
            <Link to="/admit-panel/categories" className="font-medium text-brand-700 underline">
              Categories
            </Link>{' '}
            page, or per product in the product form.
          </>
        }
      >
        <div className={gridClass}>
          {text('tax.shippingSac', 'Delivery charge SAC', { inputMode: 'numeric', maxLength: 8, placeholder: '996812', hint: '996812: courier services.' })}
          {rateSelect('tax.shippingRateBp', 'Delivery charge GST rate')}
        </div>
      </Section>

      <Section title="Time zone">
        <div className={gridClass}>
          <div>
            <label htmlFor={id('timeZone')} className="label">
              Show dates and times in
            </label>
            <select
              id={id('timeZone')}
              name="timeZone"
              className="field"
              value={values.timeZone}
              onChange={onChange('timeZone')}
              aria-invalid={invalid('timeZone')}
              aria-describedby={describedBy('timeZone', hintId('timeZone'))}
            >
              <optgroup label="Common">
                {COMMON_TIME_ZONES.map((zone) => (
                  <option key={zone.value} value={zone.value}>
                    {zone.label}
                  </option>
                ))}
              </optgroup>
              <optgroup label="All time zones">
                {otherTimeZones(values.timeZone).map((zone) => (
                  <option key={zone} value={zone}>
                    {zone.replace(/_/g, ' ')}
                  </option>
                ))}
              </optgroup>
            </select>
            <p id={hintId('timeZone')} className="mt-1 text-xs text-zinc-600">
              {TIME_ZONE_HINT}
            </p>
            <FieldError id={errorId('timeZone')} message={errors.timeZone} />
          </div>
        </div>
      </Section>

      <Section title="Stock alerts" description="The dashboard’s low-stock list uses the same levels.">
        {checkbox('stockAlerts.enabled', 'Email the admins about low stock', STOCK_ALERTS_HINT)}
        <div className={gridClass}>
          {text('stockAlerts.defaultLevel', 'Default low-stock level (units)', {
            type: 'number',
            inputMode: 'numeric',
            wholeFrom: 0,
            hint: 'A variant is low at this many units or fewer, unless its product form gives it a level of its own. 0: only when sold out.',
          })}
          {text('stockAlerts.sendAt', 'Send the email at', {
            type: 'time',
            hint: `On the shop’s clock (${values.timeZone}); a shop that was down then sends it when it is back that day.`,
          })}
        </div>
      </Section>

      <Section title="Returns" description="The policy of every category without one of its own (a category’s is set on the Categories page).">
        <div className={gridClass}>
          {text('returnPolicy.windowDays', 'Days after delivery to ask for a return', {
            type: 'number',
            inputMode: 'numeric',
            wholeFrom: 0,
            hint: 'Counted from the delivery day on the shop’s clock; 0: no returns.',
          })}
          <div>
            <label htmlFor={id('returnPolicy.resolutions')} className="label">
              Offered
            </label>
            <select
              id={id('returnPolicy.resolutions')}
              name="returnPolicy.resolutions"
              className="field"
              value={values['returnPolicy.resolutions']}
              onChange={onChange('returnPolicy.resolutions')}
            >
              <option value="replacement">Replacement only</option>
              <option value="refund-or-replacement">Refund or replacement</option>
              <option value="refund">Refund only</option>
            </select>
            <FieldError id={errorId('returnPolicy.resolutions')} message={errors['returnPolicy.resolutions']} />
          </div>
        </div>
        <fieldset>
          <legend className="label">Reasons a shopper can pick</legend>
          <div className="flex flex-wrap gap-x-4">
            {RETURN_REASONS.map((reason) => {
              const chosen = values['returnPolicy.reasons'].split(',').filter((r) => r.length > 0);
              return (
                <label key={reason} className="flex min-h-10 items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="size-5 accent-brand-700"
                    checked={chosen.includes(reason)}
                    onChange={(event) =>
                      setValues((v) => ({
                        ...v,
                        'returnPolicy.reasons': (event.target.checked ? [...chosen, reason] : chosen.filter((r) => r !== reason)).join(','),
                      }))
                    }
                  />
                  {RETURN_REASON_LABELS[reason]}
                </label>
              );
            })}
          </div>
          <FieldError id={errorId('returnPolicy.reasons')} message={errors['returnPolicy.reasons']} />
        </fieldset>
        {checkbox('returnPolicy.photosRequired', 'Ask for photos with every request', 'Photos of the item and its box, through the same image checks as product pictures.')}
      </Section>

      <Section title="Sign-in security">
        <div>
          <label htmlFor={id('security.requireAdminTwoFactor')} className="flex min-h-10 items-center gap-3 text-sm font-medium text-zinc-800">
            <input
              id={id('security.requireAdminTwoFactor')}
              name="security.requireAdminTwoFactor"
              type="checkbox"
              className="size-5 accent-brand-700"
              checked={values['security.requireAdminTwoFactor'] === 'true'}
              onChange={onCheck('security.requireAdminTwoFactor')}
              aria-invalid={invalid('security.requireAdminTwoFactor')}
              aria-describedby={describedBy('security.requireAdminTwoFactor', hintId('security.requireAdminTwoFactor'))}
            />
            Require two-factor sign-in for admins
          </label>
          <p id={hintId('security.requireAdminTwoFactor')} className="mt-1 text-xs text-zinc-600">
            {REQUIRE_ADMIN_TWO_FACTOR_HINT} Turn it on for your own account first, on the{' '}
            <Link to="/account/two-factor" className="font-semibold text-brand-700 underline hover:text-brand-800">
              two-factor sign-in page
            </Link>
            .
          </p>
          <FieldError id={errorId('security.requireAdminTwoFactor')} message={errors['security.requireAdminTwoFactor']} />
        </div>
      </Section>

      <div className="sticky bottom-0 z-10 -mx-1 flex flex-wrap items-center justify-end gap-3 rounded-2xl border border-zinc-200 bg-white/95 px-4 py-3 shadow-lg backdrop-blur">
        <div className="mr-auto min-w-0 text-sm" aria-live="polite">
          {errors.form ? (
            <p role="alert" className="font-medium text-red-800">
              {errors.form}
            </p>
          ) : problemCount > 0 ? (
            <p className="font-medium text-red-800">{problemCount === 1 ? '1 field needs' : `${problemCount} fields need`} attention: see the messages in red.</p>
          ) : dirty ? (
            <p className="text-zinc-700">Unsaved changes</p>
          ) : null}
        </div>
        <button type="submit" className="btn-primary" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save settings'}
        </button>
      </div>
    </form>
  );
}

const WEEKDAY_NAMES: Record<Weekday, string> = { mon: 'Mon', tue: 'Tue', wed: 'Wed', thu: 'Thu', fri: 'Fri', sat: 'Sat', sun: 'Sun' };

/** 'IST' for India's zone, else the zone's name: whose clock the cut-off is on. */
/** The courier choices of Settings → Packing and shipping. */
const COURIER_OPTIONS: readonly { value: 'manual' | 'shiprocket'; label: string }[] = [
  { value: 'manual', label: 'Your own courier (type the AWB)' },
  { value: 'shiprocket', label: 'Shiprocket' },
];

function zoneName(timeZone: string): string {
  return timeZone === 'Asia/Kolkata' ? 'IST' : timeZone.replace(/_/g, ' ');
}

/** The Payment button's choices when both Stripe's and Razorpay's keys are set. */
const ONLINE_CHOICES: readonly { value: OnlinePaymentChoice; label: string }[] = [
  { value: 'razorpay', label: 'Razorpay' },
  { value: 'stripe', label: 'Stripe' },
  { value: 'both', label: 'Offer both: the shopper picks' },
];

/** The one online provider set up on the server, in a sentence (no choice to make). */
export function onlineProviderLine(providers: AdminSettings['onlineProviders']): string {
  const real = providers.filter((p) => p !== 'test');
  if (real.length > 0) return `Online payments go through ${real.map((p) => (p === 'stripe' ? 'Stripe' : 'Razorpay')).join(' and ')} (its keys are set on the server).`;
  if (providers.includes('test')) return 'Online payments use the built-in test checkout: no money moves. Set Stripe’s or Razorpay’s keys on the server to take real payments.';
  return 'No online payment provider is set up on the server.';
}

/** What checkGstin says of the GSTIN as it is typed, and whether it belongs to the address's state. */
function GstinCheck({ id, gstin, stateCode, hidden }: { id: string; gstin: string; stateCode: string; hidden: boolean }) {
  const typed = gstin.trim();
  let message: ReactNode = null;
  if (typed && !hidden) {
    const check = checkGstin(typed);
    if (!check.ok) message = <span className="text-amber-800">{check.message}</span>;
    else if (stateCode && stateCode !== check.stateCode)
      message = (
        <span className="text-amber-800">
          This GSTIN is registered in {stateLabel(check.stateCode)}, but the address below is in {stateLabel(stateCode)}.
        </span>
      );
    else
      message = (
        <span className="text-green-800">
          Valid GSTIN: {stateLabel(check.stateCode)}, PAN {check.pan}.
        </span>
      );
  }
  return (
    <p id={id} className="mt-1 text-sm empty:hidden" aria-live="polite" data-testid="gstin-check">
      {message}
    </p>
  );
}

import { useId, useState, type FormEvent, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { formatINR } from '../../../../shared/money';
import { OFFER_KIND_LABELS, OFFER_KINDS, type AdminOffer, type OfferKindName } from '../../../../shared/schemas/offers-admin';
import { CloseIcon } from '../../../components/icons';
import { FieldError } from '../../../components/ui/field-error';
import { errorMessage, fieldErrors } from '../../../lib/trpc';
import { useCreateOffer, useOfferCategories, useProductSearch, useProductVariants, useUpdateOffer } from '../api/use-admin-offers';
import { ModalDialog } from './modal-dialog';
import {
  blankOfferValues,
  errorsByField,
  OFFER_FIELD_LABELS,
  offerToValues,
  toOfferInput,
  type OfferFormErrors,
  type OfferFormField,
  type OfferFormValues,
  type PickedProduct,
  type ScopeValues,
} from './offer-form';

export const OFFER_ADDED_MESSAGE = 'Offer added';
export const OFFER_SAVED_MESSAGE = 'Offer saved';

const KIND_HINTS: Record<OfferKindName, string> = {
  coupon: 'A code the shopper types in the cart: money or a percentage off, or free delivery.',
  'sale-price': 'A lower price on one product (or one variant) for a time: shown struck through with its end.',
  'buy-x-get-y': 'Buy some items, get others free or at a discount, applied by itself.',
  prepaid: 'Money off for paying online rather than cash on delivery.',
};

/** Search the catalogue by name or brand and pick a product (the admin grid's search). */
export function ProductPicker({ label, onPick, describedBy }: { label: string; onPick: (product: PickedProduct & { variantCount: number }) => void; describedBy?: string }) {
  const id = useId();
  const [q, setQ] = useState('');
  const search = useProductSearch(q);
  const items = q.trim().length >= 2 ? (search.data?.items ?? []) : [];
  return (
    <div className="relative">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        type="search"
        className="field"
        placeholder="Search products by name or brand"
        value={q}
        onChange={(e) => setQ(e.target.value)}
        aria-describedby={describedBy}
        autoComplete="off"
      />
      {items.length > 0 ? (
        <ul className="mt-1 max-h-56 overflow-auto rounded-xl border border-zinc-200 bg-white shadow-sm" aria-label={`${label}: results`}>
          {items.map((product) => (
            <li key={product._id}>
              <button
                type="button"
                className="flex w-full items-center justify-between gap-2 px-3 py-2 text-left text-sm hover:bg-brand-50 focus:bg-brand-50"
                onClick={() => {
                  onPick({ id: product._id, name: product.productName, variantCount: product.variantCount });
                  setQ('');
                }}
              >
                <span className="min-w-0 truncate font-medium">{product.productName}</span>
                <span className="shrink-0 text-xs text-zinc-600">{formatINR(product.priceMin)}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : q.trim().length >= 2 && search.isSuccess ? (
        <p className="mt-1 text-xs text-zinc-600">No product matches “{q.trim()}”.</p>
      ) : null}
    </div>
  );
}

/** Which lines an offer concerns: categories (ticked), brands (typed) and products (picked). Nothing chosen: every product. */
function ScopeEditor({ legend, value, onChange, error, errorId }: { legend: string; value: ScopeValues; onChange: (next: ScopeValues) => void; error?: string; errorId: string }) {
  const id = useId();
  const categories = useOfferCategories();
  return (
    <fieldset className="rounded-xl border border-zinc-200 p-3" aria-describedby={error ? errorId : undefined}>
      <legend className="px-1 text-sm font-semibold">{legend}</legend>
      <p className="text-xs text-zinc-600">A product is in when its category, its brand or itself is listed. Nothing listed: every product.</p>
      <div className="mt-2 flex flex-wrap gap-x-4 gap-y-1" role="group" aria-label={`${legend}: categories`}>
        {(categories.data ?? []).map((category) => (
          <label key={category.value} className="flex items-center gap-1.5 text-sm">
            <input
              type="checkbox"
              className="size-4 accent-brand-700"
              checked={value.categories.includes(category.value)}
              onChange={(e) => onChange({ ...value, categories: e.target.checked ? [...value.categories, category.value] : value.categories.filter((c) => c !== category.value) })}
            />
            {category.label}
          </label>
        ))}
      </div>
      <label htmlFor={`${id}-brands`} className="label mt-2">
        Brands (comma-separated)
      </label>
      <input id={`${id}-brands`} className="field" value={value.brands} onChange={(e) => onChange({ ...value, brands: e.target.value })} placeholder="Samsung, Apple" />
      <p className="label mt-2">Products</p>
      {value.products.length > 0 ? (
        <ul className="mb-2 flex flex-wrap gap-2" aria-label={`${legend}: products`}>
          {value.products.map((product) => (
            <li key={product.id} className="flex items-center gap-1 rounded-full bg-zinc-100 py-0.5 pr-1 pl-3 text-sm">
              {product.name}
              <button
                type="button"
                className="rounded-full p-1 hover:bg-zinc-200"
                aria-label={`Remove ${product.name}`}
                onClick={() => onChange({ ...value, products: value.products.filter((p) => p.id !== product.id) })}
              >
                <CloseIcon className="size-3" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <ProductPicker
        label={`${legend}: add a product`}
        onPick={(product) =>
          value.products.some((p) => p.id === product.id) ? undefined : onChange({ ...value, products: [...value.products, { id: product.id, name: product.name }] })
        }
      />
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}

/**
 * "New offer" (a kind to choose first) and "Edit offer": one form per kind. Money is typed in
 * rupees, times in IST; the shared schema checks the form before it is sent, and its messages
 * and the server's show beside their boxes until that box is edited.
 */
export function OfferFormDialog({ offer, onClose }: { offer?: AdminOffer; onClose: () => void }) {
  const editing = offer !== undefined;
  const formId = useId();
  const id = (field: string) => `${formId}-${field}`;
  const [values, setValues] = useState<OfferFormValues>(() => (offer ? offerToValues(offer) : blankOfferValues('coupon')));
  const [chosen, setChosen] = useState(editing);
  const [errors, setErrors] = useState<OfferFormErrors>({});
  const create = useCreateOffer();
  const update = useUpdateOffer();
  const pending = create.isPending || update.isPending;
  const variants = useProductVariants(values.kind === 'sale-price' ? (values.product?.id ?? null) : null);

  const set = <K extends keyof OfferFormValues>(key: K, value: OfferFormValues[K], field: OfferFormField = key as OfferFormField) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors(({ [field]: _gone, form: _form, ...rest }) => rest);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { input, errors: found } = toOfferInput(values);
    setErrors(found);
    if (!input) return;
    try {
      if (offer) await update.mutateAsync({ ...input, offerId: offer._id });
      else await create.mutateAsync(input);
      toast.success(`${editing ? OFFER_SAVED_MESSAGE : OFFER_ADDED_MESSAGE}: ${values.name.trim()}`);
      onClose();
    } catch (error) {
      const byField = errorsByField(fieldErrors(error));
      setErrors(Object.keys(byField).length > 0 ? byField : { form: errorMessage(error) });
    }
  };

  const text = (field: OfferFormField & keyof OfferFormValues, opts: { hint?: string; inputMode?: 'decimal' | 'numeric' | 'text'; placeholder?: string; type?: string } = {}) => (
    <div>
      <label htmlFor={id(field)} className="label">
        {OFFER_FIELD_LABELS[field]}
      </label>
      <input
        id={id(field)}
        name={field}
        type={opts.type ?? 'text'}
        className="field"
        inputMode={opts.inputMode}
        placeholder={opts.placeholder}
        value={values[field] as string}
        onChange={(e) => set(field, e.target.value as never)}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={[errors[field] ? id(`${field}-error`) : '', opts.hint ? id(`${field}-hint`) : ''].filter(Boolean).join(' ') || undefined}
      />
      {opts.hint ? (
        <p id={id(`${field}-hint`)} className="mt-1 text-xs text-zinc-600">
          {opts.hint}
        </p>
      ) : null}
      <FieldError id={id(`${field}-error`)} message={errors[field]} />
    </div>
  );

  const check = (key: 'firstOrderOnly' | 'combinable' | 'paused' | 'getFree', label: string, hint?: string) => (
    <div className="flex items-start gap-2">
      <input id={id(key)} type="checkbox" className="mt-1 size-4 accent-brand-700" checked={values[key]} onChange={(e) => set(key, e.target.checked, 'form' as OfferFormField)} />
      <label htmlFor={id(key)} className="text-sm">
        <span className="font-medium text-zinc-800">{label}</span>
        {hint ? <span className="block text-xs text-zinc-600">{hint}</span> : null}
      </label>
    </div>
  );

  const radios = <K extends 'couponKind' | 'prepaidKind' | 'cancelRule'>(key: K, legend: string, options: readonly { value: OfferFormValues[K]; label: string }[]) => (
    <fieldset>
      <legend className="label">{legend}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        {options.map((option) => (
          <label key={option.value} className="flex items-center gap-1.5 text-sm">
            <input
              type="radio"
              name={id(key)}
              className="size-4 accent-brand-700"
              checked={values[key] === option.value}
              onChange={() => set(key, option.value, 'form' as OfferFormField)}
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );

  const money = (kindKey: 'couponKind' | 'prepaidKind') => {
    const kind = values[kindKey];
    return (
      <div className="grid gap-3 sm:grid-cols-2">
        {kind === 'amount' ? text('amount', { inputMode: 'decimal', placeholder: '1000' }) : null}
        {kind === 'percent' ? text('percent', { inputMode: 'decimal', placeholder: '10', hint: 'In percent: 10 for 10 %.' }) : null}
        {kind === 'percent' ? text('cap', { inputMode: 'decimal', hint: 'The most it takes off; empty: no cap.' }) : null}
        {text('minCart', { inputMode: 'decimal', hint: kindKey === 'couponKind' ? 'What the products it covers must come to; empty: none.' : 'Empty: none.' })}
      </div>
    );
  };

  const times = (
    <div className="grid gap-3 sm:grid-cols-2">
      {text('from', { type: 'datetime-local', hint: 'India time.' })}
      {text('until', {
        type: 'datetime-local',
        hint:
          values.kind === 'sale-price' ? 'The last minute it applies: 23:59 means until 23:59:59.' : 'The last minute it applies (23:59: to the end of that day); empty: no end.',
      })}
    </div>
  );

  const body: Record<OfferKindName, ReactNode> = {
    coupon: (
      <>
        {text('code', { hint: 'Letters, digits, - and _; shoppers may type it in any case.', placeholder: 'SAVE1000' })}
        {radios('couponKind', 'Discount', [
          { value: 'amount', label: 'Amount off' },
          { value: 'percent', label: 'Percent off' },
          { value: 'free-delivery', label: 'Free delivery' },
        ])}
        {money('couponKind')}
        {times}
        <div className="grid gap-3 sm:grid-cols-2">
          {text('totalUses', { inputMode: 'numeric', hint: 'Empty: no limit.' })}
          {text('perShopper', { inputMode: 'numeric', hint: 'Empty: no limit.' })}
        </div>
        {check('firstOrderOnly', 'First order only', 'Only for a shopper with no paid order yet.')}
        <ScopeEditor legend="Applies to" value={values.include} onChange={(next) => set('include', next)} error={errors.include} errorId={id('include-error')} />
        <ScopeEditor legend="Never on" value={values.exclude} onChange={(next) => set('exclude', next)} error={errors.exclude} errorId={id('exclude-error')} />
        {check('combinable', 'Combines with buy X get Y', 'Unticked: it skips items a buy X get Y offer already discounts.')}
        {check('paused', 'Paused', 'A paused coupon is refused until resumed.')}
      </>
    ),
    'sale-price': (
      <>
        <div>
          <p className="label" id={id('product-label')}>
            {OFFER_FIELD_LABELS.product}
          </p>
          {values.product ? (
            <p className="flex items-center justify-between gap-2 rounded-xl border border-zinc-200 px-3 py-2 text-sm" data-testid="sale-product">
              <span className="font-medium">{values.product.name}</span>
              <button type="button" className="btn-ghost min-h-8 px-2 text-xs" onClick={() => set('product', null)}>
                Change
              </button>
            </p>
          ) : (
            <ProductPicker label="Product on sale" describedBy={errors.product ? id('product-error') : undefined} onPick={(p) => set('product', { id: p.id, name: p.name })} />
          )}
          <FieldError id={id('product-error')} message={errors.product} />
        </div>
        {values.product && (variants.data?.variants.length ?? 0) > 0 ? (
          <div>
            <label htmlFor={id('variantId')} className="label">
              {OFFER_FIELD_LABELS.variantId}
            </label>
            <select id={id('variantId')} className="field" value={values.variantId} onChange={(e) => set('variantId', e.target.value)}>
              <option value="">Every variant</option>
              {variants
                .data!.variants.filter((v) => v.archivedAt === null)
                .map((v) => (
                  <option key={v._id} value={v._id}>
                    {(v.label || 'The product') + ` — ${formatINR(v.sellingPrice)}`}
                  </option>
                ))}
            </select>
            <FieldError id={id('variantId-error')} message={errors.variantId} />
          </div>
        ) : null}
        {text('salePrice', { inputMode: 'decimal', hint: 'Below the selling price; shown struck through against it.' })}
        {times}
      </>
    ),
    'buy-x-get-y': (
      <>
        <div className="grid gap-3 sm:grid-cols-2">
          {text('buyQty', { inputMode: 'numeric' })}
          {text('getQty', { inputMode: 'numeric' })}
        </div>
        <ScopeEditor legend="Buy from" value={values.buy} onChange={(next) => set('buy', next)} error={errors.buy} errorId={id('buy-error')} />
        <ScopeEditor legend="Get from" value={values.get} onChange={(next) => set('get', next)} error={errors.get} errorId={id('get-error')} />
        {check('getFree', 'The get items are free')}
        {values.getFree ? null : text('getPercent', { inputMode: 'decimal', hint: 'In percent off each get item.' })}
        {text('limitPerOrder', { inputMode: 'numeric', hint: 'The most times it applies to one order.' })}
        {radios('cancelRule', 'Cancelling a bought item alone', [
          { value: 'refuse', label: 'Refuse it' },
          { value: 'cancel-combo', label: 'Cancel the combo (its free items too)' },
        ])}
        {times}
      </>
    ),
    prepaid: (
      <>
        {radios('prepaidKind', 'Discount', [
          { value: 'amount', label: 'Amount off' },
          { value: 'percent', label: 'Percent off' },
        ])}
        {money('prepaidKind')}
        {times}
      </>
    ),
  };

  return (
    <ModalDialog title={editing ? `Edit ${OFFER_KIND_LABELS[values.kind].toLowerCase()}` : 'New offer'} onClose={onClose} widthClassName="max-w-2xl">
      {!chosen ? (
        <fieldset className="flex flex-col gap-2">
          <legend className="label">What kind of offer?</legend>
          {OFFER_KINDS.map((kind) => (
            <button
              key={kind}
              type="button"
              className="rounded-xl border-2 border-zinc-200 px-4 py-3 text-left hover:border-brand-600 focus:border-brand-600"
              onClick={() => {
                setValues(blankOfferValues(kind));
                setChosen(true);
              }}
            >
              <span className="block font-semibold">{OFFER_KIND_LABELS[kind]}</span>
              <span className="block text-sm text-zinc-600">{KIND_HINTS[kind]}</span>
            </button>
          ))}
        </fieldset>
      ) : (
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label={`${OFFER_KIND_LABELS[values.kind]} form`}>
          {text('name', { hint: 'For you and the audit log; a buy X get Y offer shows it to shoppers.' })}
          {body[values.kind]}
          {errors.form ? (
            <p role="alert" className="rounded-xl bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
              {errors.form}
            </p>
          ) : null}
          <div className="flex justify-end gap-2 border-t border-zinc-200 pt-4">
            {!editing ? (
              <button type="button" className="btn-ghost mr-auto" onClick={() => setChosen(false)}>
                Another kind
              </button>
            ) : null}
            <button type="button" className="btn-ghost" onClick={onClose}>
              Cancel
            </button>
            <button type="submit" className="btn-primary" disabled={pending}>
              {pending ? 'Saving…' : editing ? 'Save offer' : `Add ${OFFER_KIND_LABELS[values.kind].toLowerCase()}`}
            </button>
          </div>
        </form>
      )}
    </ModalDialog>
  );
}

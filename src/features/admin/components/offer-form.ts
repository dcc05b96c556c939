import { hasAtMostTwoDecimals, rupeesToPaise } from '../../../../shared/money';
import { CreateOfferInputSchema, type AdminOffer, type CreateOfferInput, type OfferKindName } from '../../../../shared/schemas/offers-admin';
import type { OfferScope } from '../../../../shared/schemas/offers';

/**
 * The offer form's values as typed and their conversion to what offers.create / offers.update
 * take. Money is typed in rupees (at most 2 decimals) and sent as exact paise; percentages are
 * typed as percent (10, 7.5) and sent as basis points. Times are typed as India's wall clock
 * (a datetime-local box, IST) and sent as instants with +05:30. An end is typed as the last
 * minute the offer applies ("Sunday 23:59"): it is sent as the minute after (Monday 00:00,
 * excluded), so 23:59:59 is still inside and 00:00:00 is not.
 */

/** A product named in a scope (picked by search): its id, and its name to show. */
export type PickedProduct = { id: string; name: string };

export type ScopeValues = {
  categories: string[];
  /** Comma-separated, as typed. */
  brands: string;
  products: PickedProduct[];
};

export const EMPTY_SCOPE_VALUES: ScopeValues = { categories: [], brands: '', products: [] };

export type OfferFormValues = {
  kind: OfferKindName;
  name: string;
  // A coupon.
  code: string;
  couponKind: 'percent' | 'amount' | 'free-delivery';
  totalUses: string;
  perShopper: string;
  firstOrderOnly: boolean;
  include: ScopeValues;
  exclude: ScopeValues;
  combinable: boolean;
  paused: boolean;
  // A coupon's or the prepaid discount's amount.
  prepaidKind: 'amount' | 'percent';
  amount: string;
  percent: string;
  cap: string;
  minCart: string;
  // A sale price.
  product: PickedProduct | null;
  /** '' for every variant of the product. */
  variantId: string;
  salePrice: string;
  // Buy X get Y.
  buy: ScopeValues;
  buyQty: string;
  get: ScopeValues;
  getQty: string;
  getFree: boolean;
  getPercent: string;
  limitPerOrder: string;
  cancelRule: 'refuse' | 'cancel-combo';
  // Every kind: IST wall clock, 'YYYY-MM-DDTHH:mm'; `until` the last minute included ('' none).
  from: string;
  until: string;
};

export type OfferFormField =
  | 'kind'
  | 'name'
  | 'code'
  | 'couponKind'
  | 'totalUses'
  | 'perShopper'
  | 'include'
  | 'exclude'
  | 'amount'
  | 'percent'
  | 'cap'
  | 'minCart'
  | 'product'
  | 'variantId'
  | 'salePrice'
  | 'buy'
  | 'buyQty'
  | 'get'
  | 'getQty'
  | 'getPercent'
  | 'limitPerOrder'
  | 'cancelRule'
  | 'from'
  | 'until';

export type OfferFormErrors = Partial<Record<OfferFormField | 'form', string>>;

export const OFFER_FIELD_LABELS: Record<OfferFormField, string> = {
  kind: 'Kind',
  name: 'Name',
  code: 'Code',
  couponKind: 'Discount',
  totalUses: 'Uses in all',
  perShopper: 'Uses per shopper',
  include: 'Applies to',
  exclude: 'Never on',
  amount: 'Amount off (₹)',
  percent: 'Percent off',
  cap: 'Up to (₹)',
  minCart: 'Minimum cart (₹)',
  product: 'Product',
  variantId: 'Variant',
  salePrice: 'Sale price (₹)',
  buy: 'Buy from',
  buyQty: 'Buy quantity',
  get: 'Get from',
  getQty: 'Get quantity',
  getPercent: 'Percent off the get items',
  limitPerOrder: 'Times per order',
  cancelRule: 'Cancelling a bought item',
  from: 'Starts (IST)',
  until: 'Ends (IST, last minute included)',
};

const IST_OFFSET_MS = 330 * 60_000;
const LOCAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/** '2026-12-04T00:00' (IST) → '2026-12-04T00:00:00+05:30'; null when it is not such a time. */
export function istLocalToInstant(local: string): string | null {
  const text = local.trim();
  if (!LOCAL.test(text) || Number.isNaN(Date.parse(`${text}:00+05:30`))) return null;
  return `${text}:00+05:30`;
}

/** The end as typed (the last minute included, IST) → the first instant excluded: '2026-12-06T23:59' → '2026-12-07T00:00:00+05:30'. */
export function untilToInstant(local: string): string | null {
  const from = istLocalToInstant(local);
  if (from === null) return null;
  return instantToIstLocal(new Date(Date.parse(from) + 60_000).toISOString(), 0) + ':00+05:30';
}

/** An instant as IST wall clock for a datetime-local box, `minusMinutes` earlier (1 for an end: the last minute included). */
export function instantToIstLocal(iso: string, minusMinutes = 0): string {
  return new Date(Date.parse(iso) + IST_OFFSET_MS - minusMinutes * 60_000).toISOString().slice(0, 16);
}

/** Rupees as typed → paise; errors worded for the box. `optional`: empty is undefined, no error. */
function rupeesField(text: string, field: OfferFormField, errors: OfferFormErrors, opts: { optional?: boolean; zero?: boolean } = {}): number | undefined {
  const trimmed = text.trim().replace(/,/g, '');
  if (trimmed === '') {
    if (!opts.optional) errors[field] ??= `${OFFER_FIELD_LABELS[field].replace(' (₹)', '')} is required`;
    return undefined;
  }
  const value = Number(trimmed);
  const label = OFFER_FIELD_LABELS[field].replace(' (₹)', '');
  if (!/^\d+(\.\d*)?$/.test(trimmed) || !Number.isFinite(value)) errors[field] ??= `${label} must be an amount in rupees, like 1000 or 999.50`;
  else if (!hasAtMostTwoDecimals(value)) errors[field] ??= `${label} must have at most 2 decimals`;
  else if (value === 0 && !opts.zero) errors[field] ??= `${label} must be more than ₹0`;
  else return rupeesToPaise(value);
  return undefined;
}

/** A percent as typed (10, 7.5) → basis points (1000, 750). */
function percentField(text: string, field: OfferFormField, errors: OfferFormErrors): number | undefined {
  const trimmed = text.trim().replace(/%$/, '');
  const label = OFFER_FIELD_LABELS[field];
  if (trimmed === '') {
    errors[field] ??= `${label} is required`;
    return undefined;
  }
  const value = Number(trimmed);
  if (!/^\d+(\.\d*)?$/.test(trimmed) || !Number.isFinite(value)) errors[field] ??= `${label} must be a number, like 10 or 7.5`;
  else if (!hasAtMostTwoDecimals(value)) errors[field] ??= `${label} must have at most 2 decimals`;
  else if (value <= 0 || value > 100) errors[field] ??= `${label} must be more than 0 and at most 100`;
  else return Math.round(value * 100);
  return undefined;
}

/** A whole number as typed; '' is null when `optional`. */
function countField(text: string, field: OfferFormField, errors: OfferFormErrors, optional: boolean): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') {
    if (optional) return null;
    errors[field] ??= `${OFFER_FIELD_LABELS[field]} is required`;
    return undefined;
  }
  if (!/^\d+$/.test(trimmed)) {
    errors[field] ??= `${OFFER_FIELD_LABELS[field]} must be a whole number`;
    return undefined;
  }
  return Number(trimmed);
}

function timeField(text: string, field: 'from' | 'until', errors: OfferFormErrors, optional: boolean): string | null | undefined {
  if (text.trim() === '') {
    if (optional) return null;
    errors[field] ??= `${OFFER_FIELD_LABELS[field]} is required`;
    return undefined;
  }
  const instant = field === 'from' ? istLocalToInstant(text) : untilToInstant(text);
  if (instant === null) errors[field] ??= `${OFFER_FIELD_LABELS[field]} must be a date and time`;
  return instant ?? undefined;
}

const brandsOf = (text: string) =>
  text
    .split(',')
    .map((brand) => brand.trim())
    .filter(Boolean);

function scopeOf(scope: ScopeValues): OfferScope {
  return { categories: scope.categories, brands: brandsOf(scope.brands), productIds: scope.products.map((p) => p.id), variantIds: [] };
}

/** A definition path's field in the form ('definition.amountPaise' → 'amount'). */
const PATH_FIELDS: [RegExp, OfferFormField][] = [
  [/^kind$/, 'kind'],
  [/^name$/, 'name'],
  [/^definition\.code/, 'code'],
  [/^definition\.kind/, 'couponKind'],
  [/^definition\.amountPaise/, 'amount'],
  [/^definition\.percentBp/, 'percent'],
  [/^definition\.capPaise/, 'cap'],
  [/^definition\.minCartPaise/, 'minCart'],
  [/^definition\.(validFrom|from)/, 'from'],
  [/^definition\.(validTo|to)/, 'until'],
  [/^definition\.totalUses/, 'totalUses'],
  [/^definition\.usesPerShopper/, 'perShopper'],
  [/^definition\.include/, 'include'],
  [/^definition\.exclude/, 'exclude'],
  [/^definition\.pricePaise/, 'salePrice'],
  [/^definition\.productId/, 'product'],
  [/^definition\.variantId/, 'variantId'],
  [/^definition\.buy\.quantity/, 'buyQty'],
  [/^definition\.buy/, 'buy'],
  [/^definition\.get\.quantity/, 'getQty'],
  [/^definition\.get\.percentOffBp/, 'getPercent'],
  [/^definition\.get/, 'get'],
  [/^definition\.limitPerOrder/, 'limitPerOrder'],
  [/^definition\.cancelRule/, 'cancelRule'],
  [/^definition\.name/, 'name'],
];

export function fieldOfPath(path: string): OfferFormField | 'form' {
  // Whole segments only: 'definition.to' is not 'definition.totalUses'.
  return PATH_FIELDS.find(([pattern]) => pattern.test(path) && /^(\.|$)/.test(path.slice(pattern.exec(path)![0].length)))?.[1] ?? 'form';
}

/** The server's (or the schema's) messages by form field; a message's leading schema name ("amountPaise must…") is reworded with the box's label. */
export function errorsByField(messages: Record<string, string>): OfferFormErrors {
  const errors: OfferFormErrors = {};
  for (const [path, message] of Object.entries(messages)) {
    const field = fieldOfPath(path);
    const text = field === 'form' ? message : message.replace(/^[a-zA-Z]+(\.[a-zA-Z]+)? (?=must|is|are|cannot|holds)/, `${OFFER_FIELD_LABELS[field].replace(' (₹)', '')} `);
    errors[field] ??= text;
  }
  return errors;
}

/** The form's values → offers.create's input (nothing while `errors` has an entry). */
export function toOfferInput(values: OfferFormValues): { input: CreateOfferInput | null; errors: OfferFormErrors } {
  const errors: OfferFormErrors = {};
  const from = timeField(values.from, 'from', errors, false);
  const until = timeField(values.until, 'until', errors, values.kind !== 'sale-price');
  let definition: Record<string, unknown> = {};

  if (values.kind === 'coupon') {
    const money =
      values.couponKind === 'amount'
        ? { amountPaise: rupeesField(values.amount, 'amount', errors) }
        : values.couponKind === 'percent'
          ? { percentBp: percentField(values.percent, 'percent', errors), capPaise: rupeesField(values.cap, 'cap', errors, { optional: true }) ?? null }
          : {};
    definition = {
      kind: values.couponKind,
      code: values.code,
      ...money,
      minCartPaise: rupeesField(values.minCart, 'minCart', errors, { optional: true, zero: true }) ?? 0,
      validFrom: from,
      validTo: until,
      totalUses: countField(values.totalUses, 'totalUses', errors, true),
      usesPerShopper: countField(values.perShopper, 'perShopper', errors, true),
      firstOrderOnly: values.firstOrderOnly,
      include: scopeOf(values.include),
      exclude: scopeOf(values.exclude),
      combinable: values.combinable,
      paused: values.paused,
    };
  } else if (values.kind === 'sale-price') {
    if (!values.product) errors.product ??= 'Choose the product on sale';
    definition = {
      productId: values.product?.id ?? '',
      variantId: values.variantId === '' ? null : values.variantId,
      pricePaise: rupeesField(values.salePrice, 'salePrice', errors),
      from,
      to: until,
    };
  } else if (values.kind === 'buy-x-get-y') {
    definition = {
      buy: { scope: scopeOf(values.buy), quantity: countField(values.buyQty, 'buyQty', errors, false) },
      get: {
        scope: scopeOf(values.get),
        quantity: countField(values.getQty, 'getQty', errors, false),
        percentOffBp: values.getFree ? 10_000 : percentField(values.getPercent, 'getPercent', errors),
      },
      limitPerOrder: countField(values.limitPerOrder, 'limitPerOrder', errors, false),
      from,
      to: until,
      cancelRule: values.cancelRule,
    };
  } else {
    const money =
      values.prepaidKind === 'amount'
        ? { amountPaise: rupeesField(values.amount, 'amount', errors) }
        : { percentBp: percentField(values.percent, 'percent', errors), capPaise: rupeesField(values.cap, 'cap', errors, { optional: true }) ?? null };
    definition = { kind: values.prepaidKind, ...money, minCartPaise: rupeesField(values.minCart, 'minCart', errors, { optional: true, zero: true }) ?? 0, from, to: until };
  }

  const input = { kind: values.kind, name: values.name, definition };
  if (Object.keys(errors).length > 0) return { input: null, errors };
  const parsed = CreateOfferInputSchema.safeParse(input);
  if (!parsed.success) {
    const messages: Record<string, string> = {};
    for (const issue of parsed.error.issues) messages[issue.path.map(String).join('.')] ??= issue.message;
    return { input: null, errors: errorsByField(messages) };
  }
  return { input, errors };
}

const rupees = (paise: number) => (paise % 100 === 0 ? String(paise / 100) : (paise / 100).toFixed(2));
const percent = (bp: number) => String(bp / 100);

/** A blank form of a kind, starting now (IST) with no end. */
export function blankOfferValues(kind: OfferKindName, now: Date = new Date()): OfferFormValues {
  return {
    kind,
    name: '',
    code: '',
    couponKind: 'amount',
    totalUses: '',
    perShopper: '1',
    firstOrderOnly: false,
    include: EMPTY_SCOPE_VALUES,
    exclude: EMPTY_SCOPE_VALUES,
    combinable: true,
    paused: false,
    prepaidKind: 'amount',
    amount: '',
    percent: '',
    cap: '',
    minCart: '',
    product: null,
    variantId: '',
    salePrice: '',
    buy: EMPTY_SCOPE_VALUES,
    buyQty: '1',
    get: EMPTY_SCOPE_VALUES,
    getQty: '1',
    getFree: true,
    getPercent: '',
    limitPerOrder: '1',
    cancelRule: 'refuse',
    from: instantToIstLocal(new Date(Math.floor(now.getTime() / 60_000) * 60_000).toISOString()),
    until: '',
  };
}

/** A saved offer as form values (`names`: the names of the products its scopes list, as far as known). */
export function offerToValues(offer: AdminOffer, names: Record<string, string> = {}): OfferFormValues {
  const blank = blankOfferValues(offer.kind);
  const picked = (ids: string[]) => ids.map((id) => ({ id, name: names[id] ?? id }));
  const scope = (s: OfferScope): ScopeValues => ({ categories: s.categories, brands: s.brands.join(', '), products: picked(s.productIds) });
  const times = (from: string, to: string | null) => ({ from: instantToIstLocal(from), until: to === null ? '' : instantToIstLocal(to, 1) });
  const base = { ...blank, name: offer.name };
  switch (offer.kind) {
    case 'coupon': {
      const d = offer.definition;
      return {
        ...base,
        ...times(d.validFrom, d.validTo),
        code: d.code,
        couponKind: d.kind,
        amount: d.kind === 'amount' ? rupees(d.amountPaise) : '',
        percent: d.kind === 'percent' ? percent(d.percentBp) : '',
        cap: d.kind === 'percent' && d.capPaise !== null ? rupees(d.capPaise) : '',
        minCart: d.minCartPaise > 0 ? rupees(d.minCartPaise) : '',
        totalUses: d.totalUses === null ? '' : String(d.totalUses),
        perShopper: d.usesPerShopper === null ? '' : String(d.usesPerShopper),
        firstOrderOnly: d.firstOrderOnly,
        include: scope(d.include),
        exclude: scope(d.exclude),
        combinable: d.combinable,
        paused: d.paused,
      };
    }
    case 'sale-price': {
      const d = offer.definition;
      return {
        ...base,
        ...times(d.from, d.to),
        product: { id: d.productId, name: offer.product?.name ?? d.productId },
        variantId: d.variantId ?? '',
        salePrice: rupees(d.pricePaise),
      };
    }
    case 'buy-x-get-y': {
      const d = offer.definition;
      return {
        ...base,
        ...times(d.from, d.to),
        buy: scope(d.buy.scope),
        buyQty: String(d.buy.quantity),
        get: scope(d.get.scope),
        getQty: String(d.get.quantity),
        getFree: d.get.percentOffBp === 10_000,
        getPercent: d.get.percentOffBp === 10_000 ? '' : percent(d.get.percentOffBp),
        limitPerOrder: String(d.limitPerOrder),
        cancelRule: d.cancelRule,
      };
    }
    case 'prepaid': {
      const d = offer.definition;
      return {
        ...base,
        ...times(d.from, d.to),
        prepaidKind: d.kind,
        amount: d.kind === 'amount' ? rupees(d.amountPaise) : '',
        percent: d.kind === 'percent' ? percent(d.percentBp) : '',
        cap: d.kind === 'percent' && d.capPaise !== null ? rupees(d.capPaise) : '',
        minCart: d.minCartPaise > 0 ? rupees(d.minCartPaise) : '',
      };
    }
  }
}

/** "Fri 4 Dec 2026, 00:00" on India's clock. */
export function istLabel(iso: string): string {
  const at = new Date(Date.parse(iso) + IST_OFFSET_MS);
  const day = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][at.getUTCDay()]!;
  const month = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][at.getUTCMonth()]!;
  return `${day} ${at.getUTCDate()} ${month} ${at.getUTCFullYear()}, ${at.toISOString().slice(11, 16)}`;
}

/** An offer's window in IST as the list shows it: its end as the last minute included ("Fri 4 Dec 2026, 00:00 – Sun 6 Dec 2026, 23:59 IST"). */
export function windowLabel(from: string | null, to: string | null): string {
  if (from === null) return 'Always';
  const start = istLabel(from);
  if (to === null) return `From ${start} IST, no end`;
  return `${start} – ${istLabel(new Date(Date.parse(to) - 60_000).toISOString())} IST`;
}

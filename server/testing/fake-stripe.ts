import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local stand-in for the part of Stripe's API the shop calls, reached over real HTTP by the
 * real `stripe` SDK (pointed here with its host/port/protocol options). It is strict on purpose:
 * it rejects, with Stripe-shaped errors, what Stripe would reject, plus what our integration
 * promises to send (payment mode, INR, shipping for India, the order id, a {CHECKOUT_SESSION_ID}
 * success URL, a 30-minute expiry), so a test passing here means the request would work there.
 *
 * Test controls stand in for the shopper on Stripe's page (completeSession), for Stripe's own
 * clock (expireSessionNow, forgetIdempotencyKeys), for outages (failNext) and for Stripe's webhook
 * sender (signedEvent).
 */

export type Param = string | Param[] | { [key: string]: Param };
type ParamObject = { [key: string]: Param };

export interface RecordedRequest {
  method: string;
  path: string;
  query: ParamObject;
  headers: http.IncomingHttpHeaders;
  /** The decoded form body, nested the way Stripe reads it. */
  params: ParamObject;
  rawBody: string;
  status: number;
}

export interface FakeAddress {
  line1: string | null;
  line2: string | null;
  city: string | null;
  state: string | null;
  postal_code: string | null;
  country: string | null;
}

export interface FakeShippingRate {
  id: string;
  object: 'shipping_rate';
  active: boolean;
  created: number;
  delivery_estimate: null;
  display_name: string;
  fixed_amount: { amount: number; currency: string };
  livemode: false;
  metadata: Record<string, string>;
  tax_behavior: string;
  tax_code: null;
  type: 'fixed_amount';
}

export interface FakeLineItem {
  id: string;
  object: 'item';
  amount_discount: number;
  amount_subtotal: number;
  amount_tax: number;
  amount_total: number;
  currency: string;
  description: string;
  quantity: number;
  price: {
    id: string;
    object: 'price';
    currency: string;
    unit_amount: number;
    product: string;
    type: 'one_time';
  };
  /** Not part of Stripe's line item object; kept so tests can assert what was sent. */
  images: string[];
}

export interface FakeSession {
  id: string;
  object: 'checkout.session';
  amount_subtotal: number;
  amount_total: number;
  cancel_url: string | null;
  client_reference_id: string | null;
  collected_information: { business_name: null; individual_name: null; shipping_details: { name: string; address: FakeAddress } | null } | null;
  created: number;
  currency: string;
  customer: null;
  customer_details: { address: FakeAddress | null; email: string | null; name: string | null; phone: null; tax_exempt: 'none'; tax_ids: [] } | null;
  customer_email: string | null;
  expires_at: number;
  livemode: false;
  metadata: Record<string, string>;
  mode: 'payment';
  payment_intent: string | null;
  payment_method_types: string[];
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  shipping_address_collection: { allowed_countries: string[] } | null;
  /** What payment_intent_data[shipping] sent (Stripe keeps it on the PaymentIntent; kept here for tests to read). */
  preset_shipping?: { name: string; phone: string | null; address: FakeAddress } | null;
  shipping_cost: { amount_subtotal: number; amount_tax: number; amount_total: number; shipping_rate: string } | null;
  /** Present only when a test asks for the pre-2025-03-31 shape (see completeSession). */
  shipping_details?: { name: string; address: FakeAddress } | null;
  shipping_options: { shipping_amount: number; shipping_rate: string }[];
  status: 'open' | 'complete' | 'expired';
  success_url: string | null;
  total_details: { amount_discount: number; amount_shipping: number; amount_tax: number };
  ui_mode: 'hosted_page';
  url: string | null;
}

export interface CompleteSessionOptions {
  /** Which of the session's shipping options the shopper picked (default 0). */
  shippingRateIndex?: number;
  /** Pretend Stripe charged this many paise instead of the computed total. */
  amountOverride?: number;
  address?: Partial<FakeAddress> & { name?: string };
  /** 'unpaid' models a delayed payment method (completed, money not yet in). */
  paymentStatus?: 'paid' | 'unpaid';
  paymentMethodTypes?: string[];
  /** Put the address in the old top-level `shipping_details` instead of `collected_information`. */
  legacyShippingDetails?: boolean;
}

export interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  balance_transaction: string;
  charge: string;
  created: number;
  currency: string;
  metadata: Record<string, string>;
  payment_intent: string;
  reason: string | null;
  receipt_number: null;
  source_transfer_reversal: null;
  status: 'pending' | 'requires_action' | 'succeeded' | 'failed' | 'canceled';
  transfer_reversal: null;
}

export interface SignedEvent {
  /** The exact body to POST to the webhook endpoint. */
  body: string;
  /** The `Stripe-Signature` header value. */
  signature: string;
  event: { id: string; type: string; data: { object: unknown } };
}

export interface FakeStripe {
  /** e.g. http://127.0.0.1:53211: the value for STRIPE_API_BASE. */
  readonly url: string;
  readonly secretKey: string;
  readonly webhookSecret: string;
  readonly requests: RecordedRequest[];
  /** STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_API_BASE for a shop under test. */
  env(): { STRIPE_SECRET_KEY: string; STRIPE_WEBHOOK_SECRET: string; STRIPE_API_BASE: string };
  session(id: string): FakeSession;
  sessions(): FakeSession[];
  lineItems(sessionId: string): FakeLineItem[];
  shippingRate(id: string): FakeShippingRate;
  /** The shopper paid on Stripe's page. */
  completeSession(id: string, opts?: CompleteSessionOptions): FakeSession;
  /** A delayed payment (status complete, payment unpaid) settled. */
  settleAsyncPayment(id: string): FakeSession;
  /** Stripe's own clock reached expires_at. */
  expireSessionNow(id: string): FakeSession;
  /** The next `count` API requests answer `status` with a Stripe api_error (an outage). */
  failNext(count: number, status?: number): void;
  /** Refunds made, newest last (of one PaymentIntent when given). */
  refunds(paymentIntent?: string): FakeRefund[];
  /** The status the next refunds get (default succeeded). */
  setRefundStatus(status: FakeRefund['status']): void;
  /** Stripe prunes idempotency keys after 24 hours: forget every one seen so far. */
  forgetIdempotencyKeys(): void;
  /** A webhook body and a valid signature for it, as Stripe would send them. */
  signedEvent(type: string, session: FakeSession | string, opts?: { secret?: string; timestamp?: number }): SignedEvent;
  close(): Promise<void>;
}

export interface FakeStripeOptions {
  secretKey?: string;
  webhookSecret?: string;
  /** Stripe's idea of now; defaults to the real clock. */
  clock?: () => Date;
}

class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: { type: string; message: string; param?: string; code?: string },
  ) {
    super(body.message);
  }
}

function invalid(message: string, param?: string, code?: string): StripeApiError {
  return new StripeApiError(400, { type: 'invalid_request_error', message, ...(param ? { param } : {}), ...(code ? { code } : {}) });
}

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** Decodes Stripe's form encoding (`a[b][0][c]=v`, `a[]=v`) into nested objects and arrays. */
export function parseStripeForm(body: string): ParamObject {
  const root: ParamObject = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
    if (!match?.[1]) throw invalid(`Invalid parameter name: ${key}`);
    const segments = [match[1], ...[...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] ?? '')];
    let node: ParamObject = root;
    for (let i = 0; i < segments.length; i++) {
      let segment = segments[i] ?? '';
      if (FORBIDDEN_KEYS.has(segment)) throw invalid(`Invalid parameter name: ${key}`);
      if (segment === '') segment = String(Object.keys(node).length);
      const last = i === segments.length - 1;
      if (last) {
        node[segment] = value;
      } else {
        const next = node[segment];
        if (next === undefined) {
          const created: ParamObject = {};
          node[segment] = created;
          node = created;
        } else if (typeof next === 'object' && !Array.isArray(next)) {
          node = next;
        } else {
          throw invalid(`Invalid parameter name: ${key}`);
        }
      }
    }
  }
  return normaliseArrays(root) as ParamObject;
}

function normaliseArrays(param: Param): Param {
  if (typeof param === 'string' || Array.isArray(param)) return param;
  const keys = Object.keys(param);
  const entries = keys.map((k) => [k, normaliseArrays(param[k] as Param)] as const);
  if (keys.length > 0 && keys.every((k, i) => k === String(i))) return entries.map(([, v]) => v);
  return Object.fromEntries(entries);
}

function asObject(param: Param | undefined, name: string): ParamObject | undefined {
  if (param === undefined) return undefined;
  if (typeof param === 'string' && param === '') return undefined;
  if (typeof param !== 'object' || Array.isArray(param)) throw invalid(`Invalid object`, name);
  return param;
}

function asArray(param: Param | undefined, name: string): Param[] | undefined {
  if (param === undefined) return undefined;
  if (!Array.isArray(param)) throw invalid(`Invalid array`, name);
  return param;
}

function asString(param: Param | undefined, name: string): string | undefined {
  if (param === undefined) return undefined;
  if (typeof param !== 'string') throw invalid(`Invalid string: ${JSON.stringify(param)}`, name);
  return param;
}

function asInteger(param: Param | undefined, name: string): number | undefined {
  const text = asString(param, name);
  if (text === undefined) return undefined;
  if (!/^-?\d+$/.test(text)) throw invalid(`Invalid integer: ${text}`, name);
  return Number(text);
}

function required<T>(value: T | undefined, name: string): T {
  if (value === undefined) throw invalid(`Missing required param: ${name}.`, name);
  return value;
}

function rejectUnknown(obj: ParamObject, allowed: readonly string[], prefix: string): void {
  for (const key of Object.keys(obj)) {
    if (!allowed.includes(key)) {
      const name = prefix ? `${prefix}[${key}]` : key;
      throw invalid(`Received unknown parameter: ${name}`, name, 'parameter_unknown');
    }
  }
}

function checkUrl(value: string, name: string): void {
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw invalid(`Not a valid URL`, name, 'url_invalid');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw invalid(`Not a valid URL`, name, 'url_invalid');
}

function checkMetadata(obj: ParamObject | undefined, name: string): Record<string, string> {
  if (!obj) return {};
  const out: Record<string, string> = {};
  const keys = Object.keys(obj);
  if (keys.length > 50) throw invalid('Metadata can have at most 50 keys.', name);
  for (const key of keys) {
    if (key.length > 40) throw invalid(`Metadata keys can be at most 40 characters.`, `${name}[${key}]`);
    const value = asString(obj[key], `${name}[${key}]`) ?? '';
    if (value.length > 500) throw invalid(`Metadata values can be at most 500 characters.`, `${name}[${key}]`);
    out[key] = value;
  }
  return out;
}

const CREATE_PARAMS = [
  'adaptive_pricing',
  'after_expiration',
  'allow_promotion_codes',
  'allowed_payment_method_types',
  'automatic_tax',
  'billing_address_collection',
  'branding_settings',
  'cancel_url',
  'client_reference_id',
  'consent_collection',
  'currency',
  'custom_fields',
  'custom_text',
  'customer',
  'customer_account',
  'customer_creation',
  'customer_email',
  'customer_update',
  'discounts',
  'excluded_payment_method_types',
  'expand',
  'expires_at',
  'integration_identifier',
  'invoice_creation',
  'line_items',
  'locale',
  'managed_payments',
  'metadata',
  'mode',
  'name_collection',
  'optional_items',
  'origin_context',
  'payment_intent_data',
  'payment_method_collection',
  'payment_method_configuration',
  'payment_method_data',
  'payment_method_options',
  'permissions',
  'phone_number_collection',
  'redirect_on_completion',
  'return_url',
  'saved_payment_method_options',
  'setup_intent_data',
  'shipping_address_collection',
  'shipping_options',
  'submit_type',
  'subscription_data',
  'success_url',
  'tax_id_collection',
  'ui_mode',
  'wallet_options',
] as const;

// Stripe's smallest and largest INR charge (₹0.50 and ₹9,99,999.99), in paise.
const INR_MIN_CHARGE = 50;
const INR_MAX_CHARGE = 99_999_999;
const MIN_EXPIRY_S = 30 * 60;
const MAX_EXPIRY_S = 24 * 60 * 60;

function randomId(prefix: string): string {
  return `${prefix}_${crypto.randomBytes(12).toString('hex')}`;
}

function emptyAddress(): FakeAddress {
  return { line1: null, line2: null, city: null, state: null, postal_code: null, country: null };
}

export async function startFakeStripe(opts: FakeStripeOptions = {}): Promise<FakeStripe> {
  const secretKey = opts.secretKey ?? `sk_test_fake_${crypto.randomBytes(8).toString('hex')}`;
  const webhookSecret = opts.webhookSecret ?? `whsec_fake_${crypto.randomBytes(16).toString('hex')}`;
  const clock = opts.clock ?? (() => new Date());
  const nowSeconds = () => Math.floor(clock().getTime() / 1000);

  const sessions = new Map<string, FakeSession>();
  const lineItemsBySession = new Map<string, FakeLineItem[]>();
  const shippingRates = new Map<string, FakeShippingRate>();
  const idempotency = new Map<string, { fingerprint: string; status: number; body: string }>();
  const refunds: FakeRefund[] = [];
  let refundStatus: FakeRefund['status'] = 'succeeded';
  const requests: RecordedRequest[] = [];
  let failures: { count: number; status: number } = { count: 0, status: 500 };
  let baseUrl = '';

  function getSession(id: string): FakeSession {
    const session = sessions.get(id);
    if (!session) throw new StripeApiError(404, { type: 'invalid_request_error', code: 'resource_missing', param: 'session', message: `No such checkout.session: '${id}'` });
    return session;
  }

  function createSession(params: ParamObject): FakeSession {
    rejectUnknown(params, CREATE_PARAMS, '');
    const mode = required(asString(params.mode, 'mode'), 'mode');
    if (mode !== 'payment') throw invalid(`This fake only implements mode=payment; got ${mode}.`, 'mode');
    const uiMode = asString(params.ui_mode, 'ui_mode');
    if (uiMode !== undefined && uiMode !== 'hosted_page' && uiMode !== 'hosted') throw invalid('The shop uses the hosted page.', 'ui_mode');

    const successUrl = required(asString(params.success_url, 'success_url'), 'success_url');
    checkUrl(successUrl, 'success_url');
    if (!successUrl.includes('{CHECKOUT_SESSION_ID}')) {
      throw invalid('success_url must carry {CHECKOUT_SESSION_ID} so the success page can ask about the session.', 'success_url');
    }
    const cancelUrl = required(asString(params.cancel_url, 'cancel_url'), 'cancel_url');
    checkUrl(cancelUrl, 'cancel_url');

    const clientReferenceId = required(asString(params.client_reference_id, 'client_reference_id'), 'client_reference_id');
    if (clientReferenceId.length === 0 || clientReferenceId.length > 200) throw invalid('client_reference_id must be 1 to 200 characters.', 'client_reference_id');
    const metadata = checkMetadata(asObject(params.metadata, 'metadata'), 'metadata');
    if (!metadata.order_id) throw invalid('metadata[order_id] is required by the shop integration.', 'metadata[order_id]');

    const customerEmail = required(asString(params.customer_email, 'customer_email'), 'customer_email');
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(customerEmail)) throw invalid('Invalid email address: ' + customerEmail, 'customer_email', 'email_invalid');

    const topCurrency = asString(params.currency, 'currency');
    if (topCurrency !== undefined && topCurrency !== topCurrency.toLowerCase()) throw invalid('Invalid currency', 'currency');

    // Line items.
    const rawItems = required(asArray(params.line_items, 'line_items'), 'line_items');
    if (rawItems.length === 0) throw invalid('line_items must have at least one item in payment mode.', 'line_items');
    if (rawItems.length > 100) throw invalid('line_items can have at most 100 items.', 'line_items');
    let currency: string | undefined = topCurrency;
    const items: FakeLineItem[] = rawItems.map((raw, i) => {
      const p = `line_items[${i}]`;
      const item = required(asObject(raw, p), p);
      rejectUnknown(item, ['adjustable_quantity', 'dynamic_tax_rates', 'metadata', 'price', 'price_data', 'quantity', 'tax_rates'], p);
      if (item.price !== undefined) throw invalid('This fake only implements price_data.', `${p}[price]`);
      const priceData = required(asObject(item.price_data, `${p}[price_data]`), `${p}[price_data]`);
      rejectUnknown(priceData, ['currency', 'product', 'product_data', 'recurring', 'tax_behavior', 'unit_amount', 'unit_amount_decimal'], `${p}[price_data]`);
      if (priceData.recurring !== undefined) throw invalid('You must use mode=subscription for recurring prices.', `${p}[price_data][recurring]`);
      const itemCurrency = required(asString(priceData.currency, `${p}[price_data][currency]`), `${p}[price_data][currency]`);
      if (!/^[a-z]{3}$/.test(itemCurrency)) throw invalid(`Invalid currency: ${itemCurrency}`, `${p}[price_data][currency]`);
      if (currency !== undefined && currency !== itemCurrency) throw invalid('All line items must use the same currency.', `${p}[price_data][currency]`);
      currency = itemCurrency;
      if (priceData.unit_amount !== undefined && priceData.unit_amount_decimal !== undefined) {
        throw invalid('You may only specify one of these parameters: unit_amount, unit_amount_decimal.', `${p}[price_data][unit_amount]`);
      }
      if (priceData.unit_amount_decimal !== undefined) throw invalid('The shop sends integer unit_amount.', `${p}[price_data][unit_amount_decimal]`);
      const unitAmount = required(asInteger(priceData.unit_amount, `${p}[price_data][unit_amount]`), `${p}[price_data][unit_amount]`);
      if (unitAmount < 0) throw invalid('This value must be greater than or equal to 0.', `${p}[price_data][unit_amount]`);
      if (priceData.product !== undefined) throw invalid('This fake only implements product_data.', `${p}[price_data][product]`);
      const productData = required(asObject(priceData.product_data, `${p}[price_data][product_data]`), `${p}[price_data][product_data]`);
      rejectUnknown(productData, ['description', 'images', 'metadata', 'name', 'tax_code', 'tax_details', 'unit_label'], `${p}[price_data][product_data]`);
      const name = required(asString(productData.name, `${p}[price_data][product_data][name]`), `${p}[price_data][product_data][name]`);
      if (name.trim() === '')
        throw invalid(
          'You passed an empty string for name. We assume empty values are an attempt to unset a parameter; however name cannot be unset.',
          `${p}[price_data][product_data][name]`,
        );
      const images = (asArray(productData.images, `${p}[price_data][product_data][images]`) ?? []).map((img, j) => {
        const url = required(asString(img, `${p}[price_data][product_data][images][${j}]`), `${p}[price_data][product_data][images][${j}]`);
        checkUrl(url, `${p}[price_data][product_data][images][${j}]`);
        return url;
      });
      if (images.length > 8) throw invalid('A product can have at most 8 images.', `${p}[price_data][product_data][images]`);
      const quantity = required(asInteger(item.quantity, `${p}[quantity]`), `${p}[quantity]`);
      if (quantity < 1 || quantity > 999_999) throw invalid('Quantity must be between 1 and 999999.', `${p}[quantity]`);
      const subtotal = unitAmount * quantity;
      return {
        id: randomId('li'),
        object: 'item',
        amount_discount: 0,
        amount_subtotal: subtotal,
        amount_tax: 0,
        amount_total: subtotal,
        currency: itemCurrency,
        description: name,
        quantity,
        price: { id: randomId('price'), object: 'price', currency: itemCurrency, unit_amount: unitAmount, product: randomId('prod'), type: 'one_time' },
        images,
      };
    });
    const sessionCurrency = required(currency, 'currency');
    if (sessionCurrency !== 'inr') throw invalid('The shop charges in INR; got ' + sessionCurrency + '.', 'currency');

    // Shipping: the shop either sends the address the shopper chose (payment_intent_data[shipping])
    // or has the page collect one (shipping_address_collection); one of the two, never neither.
    const intentData = asObject(params.payment_intent_data, 'payment_intent_data');
    const presetShipping = intentData ? checkIntentShipping(intentData.shipping) : null;
    let countries: string[] | null = null;
    if (params.shipping_address_collection !== undefined || !presetShipping) {
      const sac = required(asObject(params.shipping_address_collection, 'shipping_address_collection'), 'shipping_address_collection');
      rejectUnknown(sac, ['allowed_countries'], 'shipping_address_collection');
      countries = required(asArray(sac.allowed_countries, 'shipping_address_collection[allowed_countries]'), 'shipping_address_collection[allowed_countries]').map((c, i) =>
        required(asString(c, `shipping_address_collection[allowed_countries][${i}]`), `shipping_address_collection[allowed_countries][${i}]`),
      );
      for (const c of countries) if (!/^[A-Z]{2}$/.test(c)) throw invalid(`Invalid country: ${c}`, 'shipping_address_collection[allowed_countries]');
      if (!countries.includes('IN')) throw invalid('The shop ships within India: allowed_countries must include IN.', 'shipping_address_collection[allowed_countries]');
    }

    const rawOptions = asArray(params.shipping_options, 'shipping_options') ?? [];
    if (rawOptions.length > 5) throw invalid('You can specify at most 5 shipping options.', 'shipping_options');
    if (rawOptions.length === 0) throw invalid('The shop offers shipping options; none were sent.', 'shipping_options');
    const options = rawOptions.map((raw, i) => {
      const p = `shipping_options[${i}]`;
      const option = required(asObject(raw, p), p);
      rejectUnknown(option, ['shipping_rate', 'shipping_rate_data'], p);
      if (option.shipping_rate !== undefined) throw invalid('This fake only implements shipping_rate_data.', `${p}[shipping_rate]`);
      const data = required(asObject(option.shipping_rate_data, `${p}[shipping_rate_data]`), `${p}[shipping_rate_data]`);
      rejectUnknown(data, ['delivery_estimate', 'display_name', 'fixed_amount', 'metadata', 'tax_behavior', 'tax_code', 'type'], `${p}[shipping_rate_data]`);
      const type = asString(data.type, `${p}[shipping_rate_data][type]`) ?? 'fixed_amount';
      if (type !== 'fixed_amount') throw invalid(`Invalid type: ${type}`, `${p}[shipping_rate_data][type]`);
      const displayName = required(asString(data.display_name, `${p}[shipping_rate_data][display_name]`), `${p}[shipping_rate_data][display_name]`);
      if (displayName.trim() === '' || displayName.length > 100) throw invalid('display_name must be 1 to 100 characters.', `${p}[shipping_rate_data][display_name]`);
      const fixed = required(asObject(data.fixed_amount, `${p}[shipping_rate_data][fixed_amount]`), `${p}[shipping_rate_data][fixed_amount]`);
      rejectUnknown(fixed, ['amount', 'currency', 'currency_options'], `${p}[shipping_rate_data][fixed_amount]`);
      const amount = required(asInteger(fixed.amount, `${p}[shipping_rate_data][fixed_amount][amount]`), `${p}[shipping_rate_data][fixed_amount][amount]`);
      if (amount < 0) throw invalid('This value must be greater than or equal to 0.', `${p}[shipping_rate_data][fixed_amount][amount]`);
      const rateCurrency = required(asString(fixed.currency, `${p}[shipping_rate_data][fixed_amount][currency]`), `${p}[shipping_rate_data][fixed_amount][currency]`);
      if (rateCurrency !== sessionCurrency) throw invalid('Shipping rates must use the currency of the session.', `${p}[shipping_rate_data][fixed_amount][currency]`);
      const rate: FakeShippingRate = {
        id: randomId('shr'),
        object: 'shipping_rate',
        active: true,
        created: nowSeconds(),
        delivery_estimate: null,
        display_name: displayName,
        fixed_amount: { amount, currency: rateCurrency },
        livemode: false,
        metadata: checkMetadata(asObject(data.metadata, `${p}[shipping_rate_data][metadata]`), `${p}[shipping_rate_data][metadata]`),
        tax_behavior: asString(data.tax_behavior, `${p}[shipping_rate_data][tax_behavior]`) ?? 'unspecified',
        tax_code: null,
        type: 'fixed_amount',
      };
      return rate;
    });

    // Expiry: Stripe allows 30 minutes to 24 hours after creation.
    const created = nowSeconds();
    const expiresAt = asInteger(params.expires_at, 'expires_at');
    if (expiresAt === undefined) throw invalid('The shop sets expires_at (30 minutes) so reservations end; none was sent.', 'expires_at');
    if (expiresAt < created + MIN_EXPIRY_S) throw invalid('The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.', 'expires_at');
    if (expiresAt > created + MAX_EXPIRY_S) throw invalid('The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.', 'expires_at');

    const subtotal = items.reduce((sum, item) => sum + item.amount_subtotal, 0);
    const firstShipping = options[0]?.fixed_amount.amount ?? 0;
    if (subtotal + firstShipping < INR_MIN_CHARGE) throw invalid('Amount must be at least ₹0.50 inr', 'line_items', 'amount_too_small');
    if (subtotal + Math.max(...options.map((o) => o.fixed_amount.amount)) > INR_MAX_CHARGE) {
      throw invalid('Amount must be no more than ₹999,999.99', 'line_items', 'amount_too_large');
    }

    for (const rate of options) shippingRates.set(rate.id, rate);
    const id = `cs_test_${crypto.randomBytes(24).toString('hex')}`;
    const first = options[0];
    const session: FakeSession = {
      id,
      object: 'checkout.session',
      amount_subtotal: subtotal,
      // Stripe preselects the first shipping option, and the total includes it until the shopper changes it.
      amount_total: subtotal + firstShipping,
      cancel_url: cancelUrl,
      client_reference_id: clientReferenceId,
      collected_information: null,
      created,
      currency: sessionCurrency,
      customer: null,
      customer_details: null,
      customer_email: customerEmail,
      expires_at: expiresAt,
      livemode: false,
      metadata,
      mode: 'payment',
      payment_intent: null,
      payment_method_types: ['card'],
      payment_status: 'unpaid',
      shipping_address_collection: countries ? { allowed_countries: countries } : null,
      preset_shipping: presetShipping,
      shipping_cost: first ? { amount_subtotal: firstShipping, amount_tax: 0, amount_total: firstShipping, shipping_rate: first.id } : null,
      shipping_options: options.map((o) => ({ shipping_amount: o.fixed_amount.amount, shipping_rate: o.id })),
      status: 'open',
      success_url: successUrl,
      total_details: { amount_discount: 0, amount_shipping: firstShipping, amount_tax: 0 },
      ui_mode: 'hosted_page',
      url: `${baseUrl}/c/pay/${id}`,
    };
    sessions.set(id, session);
    lineItemsBySession.set(id, items);
    return session;
  }

  const EXPANDABLE = new Set(['line_items', 'shipping_cost.shipping_rate', 'shipping_options.shipping_rate', 'payment_intent', 'customer', 'invoice']);

  function render(session: FakeSession, expand: string[]): unknown {
    for (const path of expand) {
      if (!EXPANDABLE.has(path)) throw invalid(`This property cannot be expanded (${path}).`, 'expand');
    }
    const out: Record<string, unknown> = structuredClone(session) as unknown as Record<string, unknown>;
    if (expand.includes('shipping_cost.shipping_rate') && session.shipping_cost) {
      out.shipping_cost = { ...session.shipping_cost, shipping_rate: shippingRates.get(session.shipping_cost.shipping_rate) ?? null };
    }
    if (expand.includes('shipping_options.shipping_rate')) {
      out.shipping_options = session.shipping_options.map((o) => ({ ...o, shipping_rate: shippingRates.get(o.shipping_rate) ?? null }));
    }
    if (expand.includes('line_items')) {
      const data = (lineItemsBySession.get(session.id) ?? []).map(({ images: _images, ...item }) => item);
      out.line_items = { object: 'list', data, has_more: false, url: `/v1/checkout/sessions/${session.id}/line_items` };
    }
    return out;
  }

  function expandList(params: ParamObject): string[] {
    const raw = params.expand;
    if (raw === undefined) return [];
    const list = Array.isArray(raw) ? raw : [raw];
    return list.map((v, i) => required(asString(v, `expand[${i}]`), `expand[${i}]`));
  }

  function route(method: string, path: string, params: ParamObject): { status: number; body: unknown } {
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const expand = expandList(params);
      const session = createSession(params);
      return { status: 200, body: render(session, expand) };
    }
    const retrieve = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (method === 'GET' && retrieve?.[1]) {
      rejectUnknown(params, ['expand'], '');
      return { status: 200, body: render(getSession(decodeURIComponent(retrieve[1])), expandList(params)) };
    }
    const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path);
    if (method === 'POST' && expire?.[1]) {
      rejectUnknown(params, ['expand'], '');
      const session = getSession(decodeURIComponent(expire[1]));
      if (session.status !== 'open') {
        throw invalid(
          `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
          undefined,
          'checkout_session_not_open',
        );
      }
      markExpired(session);
      return { status: 200, body: render(session, expandList(params)) };
    }
    if (method === 'POST' && path === '/v1/refunds') return { status: 200, body: createRefund(params) };
    if (method === 'GET' && path === '/v1/refunds') {
      rejectUnknown(params, ['charge', 'created', 'ending_before', 'expand', 'limit', 'payment_intent', 'starting_after'], '');
      const paymentIntent = asString(params.payment_intent, 'payment_intent');
      const limit = asInteger(params.limit, 'limit') ?? 10;
      if (limit < 1 || limit > 100) throw invalid('limit must be between 1 and 100.', 'limit');
      // Stripe lists newest first.
      const data = refunds.filter((r) => paymentIntent === undefined || r.payment_intent === paymentIntent).reverse();
      return { status: 200, body: { object: 'list', data: data.slice(0, limit), has_more: data.length > limit, url: '/v1/refunds' } };
    }
    throw new StripeApiError(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` });
  }

  /** A refund of a paid session's PaymentIntent, at most what is left of what it charged. */
  function createRefund(params: ParamObject): FakeRefund {
    rejectUnknown(
      params,
      ['amount', 'charge', 'currency', 'customer', 'expand', 'instructions_email', 'metadata', 'origin', 'payment_intent', 'reason', 'refund_application_fee', 'reverse_transfer'],
      '',
    );
    if (params.charge !== undefined) throw invalid('The shop refunds by payment_intent; this fake has no charges.', 'charge');
    const paymentIntent = required(asString(params.payment_intent, 'payment_intent'), 'payment_intent');
    const session = [...sessions.values()].find((s) => s.payment_intent === paymentIntent);
    if (!session) throw invalid(`No such payment_intent: '${paymentIntent}'`, 'payment_intent', 'resource_missing');
    if (session.payment_status !== 'paid') throw invalid('This PaymentIntent has no successful charge to refund.', 'payment_intent', 'charge_not_refundable');
    const refunded = refunds.filter((r) => r.payment_intent === paymentIntent && r.status !== 'failed' && r.status !== 'canceled').reduce((sum, r) => sum + r.amount, 0);
    const left = session.amount_total - refunded;
    const charge = `ch_${paymentIntent.slice('pi_'.length)}`;
    if (left <= 0) throw invalid(`Charge ${charge} has already been refunded.`, undefined, 'charge_already_refunded');
    const amount = asInteger(params.amount, 'amount') ?? left;
    if (amount < 1) throw invalid('This value must be greater than or equal to 1.', 'amount');
    if (amount > left)
      throw invalid(`Refund amount (₹${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge (₹${(left / 100).toFixed(2)})`, 'amount', 'amount_too_large');
    const reason = asString(params.reason, 'reason') ?? null;
    if (reason !== null && !['duplicate', 'fraudulent', 'requested_by_customer'].includes(reason)) throw invalid(`Invalid reason: ${reason}`, 'reason');
    const refund: FakeRefund = {
      id: randomId('re'),
      object: 'refund',
      amount,
      balance_transaction: randomId('txn'),
      charge,
      created: nowSeconds(),
      currency: session.currency,
      metadata: checkMetadata(asObject(params.metadata, 'metadata'), 'metadata'),
      payment_intent: paymentIntent,
      reason,
      receipt_number: null,
      source_transfer_reversal: null,
      status: refundStatus,
      transfer_reversal: null,
    };
    refunds.push(refund);
    return refund;
  }

  function markExpired(session: FakeSession): void {
    session.status = 'expired';
    session.url = null;
  }

  async function readBody(req: http.IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }

  function send(res: http.ServerResponse, status: number, body: string, extra: Record<string, string> = {}): void {
    res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': randomId('req'), ...extra });
    res.end(body);
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const rawBody = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://fake.stripe');
    const method = req.method ?? 'GET';
    const record: RecordedRequest = { method, path: url.pathname, query: {}, headers: req.headers, params: {}, rawBody, status: 0 };
    requests.push(record);
    const reply = (status: number, body: string, extra: Record<string, string> = {}) => {
      record.status = status;
      send(res, status, body, extra);
    };
    try {
      if (failures.count > 0) {
        failures.count -= 1;
        // Tell the SDK not to retry, so one scheduled failure is one failed call.
        return reply(failures.status, JSON.stringify({ error: { type: 'api_error', message: 'An unknown error occurred (simulated outage).' } }), {
          'Stripe-Should-Retry': 'false',
        });
      }
      if (req.headers.authorization !== `Bearer ${secretKey}`) {
        throw new StripeApiError(401, { type: 'invalid_request_error', message: 'Invalid API Key provided.' });
      }
      record.query = parseStripeForm(url.search.slice(1));
      if (method === 'POST' && rawBody !== '') {
        const type = req.headers['content-type'] ?? '';
        if (!type.startsWith('application/x-www-form-urlencoded')) throw invalid('Stripe v1 takes form-encoded bodies.');
      }
      record.params = method === 'POST' ? parseStripeForm(rawBody) : record.query;

      const key = req.headers['idempotency-key'];
      const idemKey = typeof key === 'string' && key !== '' ? key : undefined;
      if (idemKey && method === 'POST') {
        if (idemKey.length > 255) throw invalid('Idempotency keys can be at most 255 characters long.');
        const fingerprint = `${method} ${url.pathname} ${rawBody}`;
        const saved = idempotency.get(idemKey);
        if (saved) {
          if (saved.fingerprint !== fingerprint) {
            throw new StripeApiError(400, {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idemKey}' if you meant to execute a different request.`,
            });
          }
          return reply(saved.status, saved.body, { 'Idempotent-Replayed': 'true' });
        }
      }
      const { status, body } = route(method, url.pathname, record.params);
      const text = JSON.stringify(body);
      // Stripe stores the outcome only once the endpoint ran, i.e. not for rejected parameters.
      if (idemKey && method === 'POST') idempotency.set(idemKey, { fingerprint: `${method} ${url.pathname} ${rawBody}`, status, body: text });
      reply(status, text);
    } catch (error) {
      if (error instanceof StripeApiError) return reply(error.status, JSON.stringify({ error: error.body }));
      reply(500, JSON.stringify({ error: { type: 'api_error', message: error instanceof Error ? error.message : 'fake failure' } }));
    }
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.destroy(error instanceof Error ? error : new Error(String(error)));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;

  /** payment_intent_data[shipping] as Stripe checks it: name and address[line1] required, an Indian address here. */
  function checkIntentShipping(raw: Param | undefined): { name: string; phone: string | null; address: FakeAddress } | null {
    const shipping = asObject(raw, 'payment_intent_data[shipping]');
    if (!shipping) return null;
    rejectUnknown(shipping, ['address', 'carrier', 'name', 'phone', 'tracking_number'], 'payment_intent_data[shipping]');
    const name = required(asString(shipping.name, 'payment_intent_data[shipping][name]'), 'payment_intent_data[shipping][name]');
    const address = required(asObject(shipping.address, 'payment_intent_data[shipping][address]'), 'payment_intent_data[shipping][address]');
    rejectUnknown(address, ['city', 'country', 'line1', 'line2', 'postal_code', 'state'], 'payment_intent_data[shipping][address]');
    const field = (key: string) => asString(address[key], `payment_intent_data[shipping][address][${key}]`) ?? null;
    const line1 = required(field('line1') ?? undefined, 'payment_intent_data[shipping][address][line1]');
    if (field('country') !== 'IN') throw invalid('The shop ships within India: country must be IN.', 'payment_intent_data[shipping][address][country]');
    return {
      name,
      phone: asString(shipping.phone, 'payment_intent_data[shipping][phone]') ?? null,
      address: { ...emptyAddress(), line1, line2: field('line2'), city: field('city'), state: field('state'), postal_code: field('postal_code'), country: 'IN' },
    };
  }

  function shippingDetailsFrom(opts: CompleteSessionOptions): { name: string; address: FakeAddress } {
    const { name, ...address } = opts.address ?? {};
    return {
      name: name ?? 'Asha Rao',
      address: { ...emptyAddress(), line1: '12 MG Road', city: 'Bengaluru', state: 'KA', postal_code: '560001', country: 'IN', ...address },
    };
  }

  const fake: FakeStripe = {
    url: baseUrl,
    secretKey,
    webhookSecret,
    requests,
    env: () => ({ STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_API_BASE: baseUrl }),
    session: (id) => getSession(id),
    sessions: () => [...sessions.values()],
    lineItems: (id) => lineItemsBySession.get(getSession(id).id) ?? [],
    shippingRate: (id) => {
      const rate = shippingRates.get(id);
      if (!rate) throw new Error(`No such shipping rate: ${id}`);
      return rate;
    },
    completeSession(id, options = {}) {
      const session = getSession(id);
      if (session.status !== 'open') throw new Error(`Session ${id} is ${session.status}; only an open session can be paid`);
      const choice = session.shipping_options[options.shippingRateIndex ?? 0];
      if (!choice) throw new Error(`Session ${id} has no shipping option ${options.shippingRateIndex ?? 0}`);
      const details = shippingDetailsFrom(options);
      session.status = 'complete';
      session.url = null;
      session.payment_status = options.paymentStatus ?? 'paid';
      session.payment_method_types = options.paymentMethodTypes ?? ['card'];
      session.payment_intent = randomId('pi');
      session.shipping_cost = { amount_subtotal: choice.shipping_amount, amount_tax: 0, amount_total: choice.shipping_amount, shipping_rate: choice.shipping_rate };
      session.total_details = { ...session.total_details, amount_shipping: choice.shipping_amount };
      session.amount_total = options.amountOverride ?? session.amount_subtotal + choice.shipping_amount;
      session.customer_details = { address: details.address, email: session.customer_email, name: details.name, phone: null, tax_exempt: 'none', tax_ids: [] };
      if (session.preset_shipping) {
        // The address came with the session (payment_intent_data[shipping]): the page collected none.
        session.collected_information = { business_name: null, individual_name: null, shipping_details: null };
      } else if (options.legacyShippingDetails) {
        session.shipping_details = details;
        session.collected_information = null;
      } else {
        session.collected_information = { business_name: null, individual_name: null, shipping_details: details };
      }
      return session;
    },
    settleAsyncPayment(id) {
      const session = getSession(id);
      if (session.status !== 'complete' || session.payment_status !== 'unpaid') throw new Error(`Session ${id} has no pending payment to settle`);
      session.payment_status = 'paid';
      return session;
    },
    expireSessionNow(id) {
      const session = getSession(id);
      if (session.status !== 'open') throw new Error(`Session ${id} is ${session.status}; only an open session expires`);
      markExpired(session);
      return session;
    },
    failNext(count, status = 500) {
      failures = { count, status };
    },
    refunds: (paymentIntent) => refunds.filter((r) => paymentIntent === undefined || r.payment_intent === paymentIntent),
    setRefundStatus(status) {
      refundStatus = status;
    },
    forgetIdempotencyKeys() {
      idempotency.clear();
    },
    signedEvent(type, sessionOrId, options = {}) {
      const session = typeof sessionOrId === 'string' ? getSession(sessionOrId) : sessionOrId;
      const event = {
        id: randomId('evt'),
        object: 'event',
        api_version: Stripe.API_VERSION,
        created: nowSeconds(),
        data: { object: structuredClone(session) as unknown },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      };
      const body = JSON.stringify(event, null, 2);
      const signature = Stripe.webhooks.generateTestHeaderString({
        payload: body,
        secret: options.secret ?? webhookSecret,
        ...(options.timestamp !== undefined ? { timestamp: options.timestamp } : {}),
      });
      return { body, signature, event };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
  return fake;
}

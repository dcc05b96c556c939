import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the part of Razorpay's API the shop calls (Payment Links, payments and
 * their refunds), reached over real HTTP by the real `razorpay` SDK (its axios base URL pointed
 * here). It checks HTTP basic auth and answers with Razorpay-shaped entities and errors
 * (`{ error: { code: 'BAD_REQUEST_ERROR', description, ... } }`), and it is strict on purpose:
 * it rejects what Razorpay would (an amount under ₹1, a reused reference_id, an expiry under 15
 * minutes, a field Razorpay does not take) plus what our integration promises to send (INR, the
 * order id as reference_id and in the notes, a GET callback, no partial payments, no Razorpay
 * notifications), so a test passing here means the request would work there.
 *
 * Test controls stand in for the shopper on Razorpay's page (pay, which also gives the signed
 * callback query), for Razorpay's clock (expire), for outages (failNext) and for its webhook
 * sender (webhookFor, signWebhook).
 */

export type FakeMethod = 'upi' | 'card' | 'netbanking' | 'wallet';
export type FailureKind = number | 'network' | 'lost';

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: unknown;
  rawBody: string;
  status: number;
}

export interface FakeLinkPayment {
  amount: number;
  created_at: number;
  method: FakeMethod;
  payment_id: string;
  plink_id: string;
  status: 'captured';
  updated_at: number;
}

export interface FakeLink {
  accept_partial: boolean;
  amount: number;
  amount_paid: number;
  callback_method: string;
  callback_url: string;
  cancelled_at: number;
  created_at: number;
  currency: string;
  customer: { name?: string; email?: string; contact?: string };
  description: string;
  expire_by: number;
  expired_at: number;
  first_min_partial_amount: number;
  id: string;
  notes: Record<string, string> | [];
  notify: { email: boolean; sms: boolean; whatsapp: boolean };
  order_id: string | null;
  payments: FakeLinkPayment[] | null;
  reference_id: string;
  reminder_enable: boolean;
  reminders: unknown[];
  short_url: string;
  status: 'created' | 'partially_paid' | 'paid' | 'cancelled' | 'expired';
  updated_at: number;
  upi_link: boolean;
  user_id: string;
}

export interface FakePayment {
  id: string;
  entity: 'payment';
  amount: number;
  currency: 'INR';
  status: 'captured';
  order_id: string;
  invoice_id: null;
  international: false;
  method: FakeMethod;
  amount_refunded: number;
  refund_status: null | 'partial' | 'full';
  captured: true;
  description: string;
  email: string | null;
  contact: string | null;
  notes: Record<string, string> | [];
  fee: number;
  tax: number;
  error_code: null;
  error_description: null;
  created_at: number;
}

export interface FakeRefund {
  id: string;
  entity: 'refund';
  amount: number;
  currency: 'INR';
  payment_id: string;
  notes: Record<string, string> | [];
  receipt: string | null;
  acquirer_data: { arn: string | null };
  created_at: number;
  batch_id: null;
  status: 'pending' | 'processed' | 'failed';
  speed_processed: 'normal';
  speed_requested: 'normal';
}

/** The query string Razorpay appends to callback_url after a payment. */
export interface CallbackParams {
  razorpay_payment_id: string;
  razorpay_payment_link_id: string;
  razorpay_payment_link_reference_id: string;
  razorpay_payment_link_status: string;
  razorpay_signature: string;
}

export interface SignedWebhook {
  /** The exact body to POST. */
  body: string;
  /** The `X-Razorpay-Signature` header. */
  signature: string;
  /** The `X-Razorpay-Event-Id` header. */
  eventId: string;
}

export interface FakeRazorpay {
  /** e.g. http://127.0.0.1:53211: the value for RAZORPAY_API_BASE. */
  readonly url: string;
  readonly keyId: string;
  readonly keySecret: string;
  readonly webhookSecret: string;
  readonly requests: RecordedRequest[];
  /** RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET and RAZORPAY_API_BASE for a shop under test. */
  env(): { RAZORPAY_KEY_ID: string; RAZORPAY_KEY_SECRET: string; RAZORPAY_WEBHOOK_SECRET: string; RAZORPAY_API_BASE: string };
  link(id: string): FakeLink;
  links(): FakeLink[];
  payment(id: string): FakePayment;
  refunds(paymentId: string): FakeRefund[];
  /** How many requests reached `method path` (path exact, or a pattern), answered or not. */
  count(method: string, path: string | RegExp): number;
  /**
   * The shopper paid on Razorpay's page: a captured payment, the link paid. Returns the signed
   * query Razorpay then appends to the callback URL.
   */
  pay(linkId: string, opts?: { method?: FakeMethod }): CallbackParams;
  /** The callback query of a link as it is now, signed with `secret` (the key secret by default). */
  callbackParams(linkId: string, opts?: { secret?: string }): CallbackParams;
  /** Razorpay's own clock reached expire_by. */
  expire(linkId: string): FakeLink;
  /** The status the next refunds get (default processed). */
  setRefundStatus(status: FakeRefund['status']): void;
  /**
   * The next `count` API requests (those matching `only`, when given) fail: with `kind` as the
   * HTTP status and a SERVER_ERROR body; 'network': the connection drops before Razorpay acts;
   * 'lost': Razorpay acts, then the connection drops before the answer (a timeout after the fact).
   */
  failNext(count: number, kind?: FailureKind, only?: { method?: string; path?: RegExp }): void;
  /** X-Razorpay-Signature of a body: HMAC-SHA256 hex with the webhook secret (or `secret`). */
  signWebhook(body: string, secret?: string): string;
  /** A webhook of `event` about a link as it is now (with its payment when paid), and its signature. */
  webhookFor(event: string, linkId: string, opts?: { secret?: string }): SignedWebhook;
  close(): Promise<void>;
}

export interface FakeRazorpayOptions {
  keyId?: string;
  keySecret?: string;
  webhookSecret?: string;
  /** Razorpay's idea of now; defaults to the real clock. */
  clock?: () => Date;
}

class RazorpayApiError extends Error {
  constructor(
    readonly status: number,
    readonly description: string,
    readonly field?: string,
    readonly code: 'BAD_REQUEST_ERROR' | 'SERVER_ERROR' | 'GATEWAY_ERROR' = 'BAD_REQUEST_ERROR',
  ) {
    super(description);
  }

  body(): unknown {
    const business = this.code === 'BAD_REQUEST_ERROR' && this.status === 400;
    return {
      error: {
        code: this.code,
        description: this.description,
        ...(this.field ? { field: this.field } : {}),
        source: business ? 'business' : 'NA',
        step: business ? 'payment_initiation' : 'NA',
        reason: business ? 'input_validation_failed' : 'NA',
        metadata: {},
      },
    };
  }
}

const bad = (description: string, field?: string) => new RazorpayApiError(400, description, field);
const unknownId = () => bad('The id provided does not exist');

const MIN_AMOUNT = 100; // ₹1: Razorpay's smallest charge
const MAX_AMOUNT = 50_000_000_00;
const MIN_EXPIRY_S = 15 * 60;
const MAX_EXPIRY_S = 180 * 24 * 60 * 60;
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Razorpay-style id: a prefix and 14 letters or digits. */
function rzpId(prefix: string): string {
  const bytes = crypto.randomBytes(14);
  let id = '';
  for (const byte of bytes) id += ALNUM[byte % ALNUM.length];
  return `${prefix}_${id}`;
}

function hmac(secret: string, data: string): string {
  return crypto.createHmac('sha256', secret).update(data).digest('hex');
}

const CREATE_FIELDS = [
  'upi_link',
  'amount',
  'currency',
  'accept_partial',
  'first_min_partial_amount',
  'expire_by',
  'reference_id',
  'description',
  'customer',
  'notify',
  'reminder_enable',
  'notes',
  'callback_url',
  'callback_method',
  'options',
];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function checkNotes(value: unknown, field: string): Record<string, string> | [] {
  if (value === undefined) return [];
  if (!isRecord(value)) throw bad('notes must be a key-value map', field);
  const keys = Object.keys(value);
  if (keys.length > 15) throw bad('Number of notes should not exceed 15', field);
  const out: Record<string, string> = {};
  for (const key of keys) {
    const v = value[key];
    if (typeof v !== 'string' && typeof v !== 'number') throw bad(`notes.${key} must be a string or a number`, field);
    if (String(v).length > 256) throw bad('The notes value may not be greater than 256 characters.', field);
    out[key] = String(v);
  }
  return keys.length === 0 ? [] : out;
}

export async function startFakeRazorpay(opts: FakeRazorpayOptions = {}): Promise<FakeRazorpay> {
  const keyId = opts.keyId ?? `rzp_test_${crypto.randomBytes(7).toString('hex')}`;
  const keySecret = opts.keySecret ?? crypto.randomBytes(12).toString('base64url');
  const webhookSecret = opts.webhookSecret ?? `whsec_${crypto.randomBytes(12).toString('hex')}`;
  const clock = opts.clock ?? (() => new Date());
  const now = () => Math.floor(clock().getTime() / 1000);
  const authorization = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`;

  const links = new Map<string, FakeLink>();
  const payments = new Map<string, FakePayment>();
  const refunds = new Map<string, FakeRefund[]>();
  const refundKeys = new Map<string, { fingerprint: string; refund: FakeRefund }>();
  const requests: RecordedRequest[] = [];
  let failures: { count: number; kind: FailureKind; only: { method?: string; path?: RegExp } } = { count: 0, kind: 500, only: {} };
  let refundStatus: FakeRefund['status'] = 'processed';
  let baseUrl = '';

  function getLink(id: string): FakeLink {
    const link = links.get(id);
    if (!link) throw unknownId();
    // Razorpay moves an unpaid link past its expire_by to expired by itself.
    if ((link.status === 'created' || link.status === 'partially_paid') && link.expire_by > 0 && link.expire_by <= now()) markExpired(link);
    return link;
  }

  function getPayment(id: string): FakePayment {
    const payment = payments.get(id);
    if (!payment) throw unknownId();
    return payment;
  }

  function markExpired(link: FakeLink): void {
    link.status = 'expired';
    link.expired_at = now();
    link.updated_at = now();
  }

  function createLink(body: unknown): FakeLink {
    if (!isRecord(body)) throw bad('The request body must be a JSON object');
    for (const key of Object.keys(body)) if (!CREATE_FIELDS.includes(key)) throw bad(`${key} is/are not required and should not be sent`, key);
    if (body.upi_link === true) throw bad('The shop opens Standard Payment Links, not UPI links.', 'upi_link');
    if (body.options !== undefined) throw bad('The shop does not customise the payment page (options).', 'options');

    const amount = body.amount;
    if (amount === undefined) throw bad('The amount field is required.', 'amount');
    if (typeof amount !== 'number' || !Number.isInteger(amount)) throw bad('The amount must be an integer.', 'amount');
    if (amount < MIN_AMOUNT) throw bad('The amount must be atleast INR 1.00', 'amount');
    if (amount > MAX_AMOUNT) throw bad('The amount may not be greater than 500000000.', 'amount');
    const currency = body.currency ?? 'INR';
    if (currency !== 'INR') throw bad('The shop charges in INR; currency must be INR.', 'currency');
    if (body.accept_partial === true) throw bad('The shop never accepts partial payments.', 'accept_partial');
    if (body.first_min_partial_amount !== undefined) throw bad('first_min_partial_amount is/are not required and should not be sent', 'first_min_partial_amount');

    const created = now();
    const expireBy = body.expire_by;
    if (expireBy === undefined) throw bad('The shop sets expire_by so reservations end; none was sent.', 'expire_by');
    if (typeof expireBy !== 'number' || !Number.isInteger(expireBy)) throw bad('The expire by must be an integer.', 'expire_by');
    if (expireBy < created + MIN_EXPIRY_S) throw bad('expire_by should be at least 15 minutes after current time', 'expire_by');
    if (expireBy > created + MAX_EXPIRY_S) throw bad('expire_by cannot be more than 6 months from current time', 'expire_by');

    const referenceId = body.reference_id;
    if (typeof referenceId !== 'string' || referenceId === '') throw bad('The shop sends the order id as reference_id; none was sent.', 'reference_id');
    if (referenceId.length > 40) throw bad('The reference id may not be greater than 40 characters.', 'reference_id');
    if ([...links.values()].some((l) => l.reference_id === referenceId)) throw bad(`Payment Link with reference id ${referenceId} already exists`, 'reference_id');

    const description = body.description ?? '';
    if (typeof description !== 'string') throw bad('The description must be a string.', 'description');
    if (description.length > 2048) throw bad('The description may not be greater than 2048 characters.', 'description');

    if (!isRecord(body.customer)) throw bad('The shop sends the customer (email at least).', 'customer');
    const customer: FakeLink['customer'] = {};
    for (const [key, value] of Object.entries(body.customer)) {
      if (!['name', 'email', 'contact'].includes(key)) throw bad(`customer.${key} is/are not required and should not be sent`, `customer.${key}`);
      if (typeof value !== 'string') throw bad(`customer.${key} must be a string`, `customer.${key}`);
      customer[key as 'name' | 'email' | 'contact'] = value;
    }
    if (!customer.email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(customer.email)) throw bad('The email must be a valid email address.', 'customer.email');
    if (customer.contact !== undefined && !/^\+?[0-9]{8,15}$/.test(customer.contact)) throw bad('The contact format is invalid.', 'customer.contact');

    if (!isRecord(body.notify) || body.notify.sms !== false || body.notify.email !== false) {
      throw bad('The shopper is on the page already: the shop sends notify { sms: false, email: false }.', 'notify');
    }
    if (body.reminder_enable !== false) throw bad('The shop turns reminders off (reminder_enable: false).', 'reminder_enable');

    const notes = checkNotes(body.notes, 'notes');
    if (Array.isArray(notes) || notes.order_id !== referenceId) throw bad('The shop puts the order id in notes.order_id too.', 'notes');

    const callbackUrl = body.callback_url;
    if (typeof callbackUrl !== 'string') throw bad('The shop sets a callback_url; none was sent.', 'callback_url');
    try {
      const parsed = new URL(callbackUrl);
      if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error('not http');
    } catch {
      throw bad('The callback url format is invalid.', 'callback_url');
    }
    if (body.callback_method !== 'get') throw bad('callback_method must be get when callback_url is passed', 'callback_method');

    const id = rzpId('plink');
    const link: FakeLink = {
      accept_partial: false,
      amount,
      amount_paid: 0,
      callback_method: 'get',
      callback_url: callbackUrl,
      cancelled_at: 0,
      created_at: created,
      currency: 'INR',
      customer,
      description,
      expire_by: expireBy,
      expired_at: 0,
      first_min_partial_amount: 0,
      id,
      notes,
      notify: { email: false, sms: false, whatsapp: false },
      order_id: null,
      payments: null,
      reference_id: referenceId,
      reminder_enable: false,
      reminders: [],
      short_url: `${baseUrl}/rzp/${id.slice('plink_'.length)}`,
      status: 'created',
      updated_at: created,
      upi_link: false,
      user_id: '',
    };
    links.set(id, link);
    return link;
  }

  function createRefund(paymentId: string, body: unknown, idempotencyKey: string | undefined): FakeRefund {
    const payment = getPayment(paymentId);
    if (!isRecord(body)) throw bad('The request body must be a JSON object');
    for (const key of Object.keys(body)) if (!['amount', 'speed', 'notes', 'receipt'].includes(key)) throw bad(`${key} is/are not required and should not be sent`, key);
    if (idempotencyKey !== undefined && !/^[A-Za-z0-9_-]{10,}$/.test(idempotencyKey)) {
      throw bad('The idempotency key must be at least 10 characters of letters, digits, hyphens and underscores.');
    }
    const fingerprint = JSON.stringify(body);
    if (idempotencyKey !== undefined) {
      const saved = refundKeys.get(idempotencyKey);
      if (saved) {
        if (saved.fingerprint !== fingerprint) throw bad('Different request with the same idempotency key has already been processed.');
        return saved.refund;
      }
    }
    const left = payment.amount - payment.amount_refunded;
    if (left <= 0) throw bad('The payment has been fully refunded already', 'payment_id');
    const amount = body.amount ?? left;
    if (typeof amount !== 'number' || !Number.isInteger(amount)) throw bad('The amount must be an integer.', 'amount');
    if (amount < MIN_AMOUNT) throw bad('The amount must be atleast INR 1.00', 'amount');
    if (amount > left) throw bad('The refund amount provided is greater than amount captured', 'amount');
    const receipt = body.receipt ?? null;
    if (receipt !== null && (typeof receipt !== 'string' || receipt.length > 40)) throw bad('The receipt may not be greater than 40 characters.', 'receipt');
    const refund: FakeRefund = {
      id: rzpId('rfnd'),
      entity: 'refund',
      amount,
      currency: 'INR',
      payment_id: payment.id,
      notes: checkNotes(body.notes, 'notes'),
      receipt,
      acquirer_data: { arn: null },
      created_at: now(),
      batch_id: null,
      status: refundStatus,
      speed_processed: 'normal',
      speed_requested: 'normal',
    };
    if (refund.status !== 'failed') {
      payment.amount_refunded += amount;
      payment.refund_status = payment.amount_refunded >= payment.amount ? 'full' : 'partial';
    }
    refunds.set(payment.id, [...(refunds.get(payment.id) ?? []), refund]);
    if (idempotencyKey !== undefined) refundKeys.set(idempotencyKey, { fingerprint, refund });
    return refund;
  }

  function route(method: string, path: string, query: URLSearchParams, body: unknown, headers: http.IncomingHttpHeaders): unknown {
    if (method === 'POST' && path === '/v1/payment_links') return createLink(body);
    if (method === 'GET' && path === '/v1/payment_links') {
      const reference = query.get('reference_id');
      const paymentId = query.get('payment_id');
      const count = Math.min(Number(query.get('count') ?? 10) || 10, 100);
      const skip = Number(query.get('skip') ?? 0) || 0;
      const found = [...links.values()]
        .filter((l) => (reference === null || l.reference_id === reference) && (paymentId === null || (l.payments ?? []).some((p) => p.payment_id === paymentId)))
        .sort((a, b) => b.created_at - a.created_at)
        .slice(skip, skip + count)
        .map((l) => getLink(l.id));
      return { payment_links: found };
    }
    let match = /^\/v1\/payment_links\/([^/]+)$/.exec(path);
    if (method === 'GET' && match?.[1]) return getLink(decodeURIComponent(match[1]));
    match = /^\/v1\/payment_links\/([^/]+)\/cancel$/.exec(path);
    if (method === 'POST' && match?.[1]) {
      const link = getLink(decodeURIComponent(match[1]));
      if (link.status !== 'created') throw bad(`Payment Link cannot be cancelled as it is ${link.status === 'paid' ? 'already paid' : link.status}`);
      link.status = 'cancelled';
      link.cancelled_at = now();
      link.updated_at = now();
      return link;
    }
    match = /^\/v1\/payments\/([^/]+)$/.exec(path);
    if (method === 'GET' && match?.[1]) return getPayment(decodeURIComponent(match[1]));
    match = /^\/v1\/payments\/([^/]+)\/refund$/.exec(path);
    if (method === 'POST' && match?.[1]) {
      const key = headers['x-refund-idempotency'];
      return createRefund(decodeURIComponent(match[1]), body, typeof key === 'string' ? key : undefined);
    }
    match = /^\/v1\/payments\/([^/]+)\/refunds$/.exec(path);
    if (method === 'GET' && match?.[1]) {
      const payment = getPayment(decodeURIComponent(match[1]));
      const count = Math.min(Number(query.get('count') ?? 10) || 10, 100);
      const skip = Number(query.get('skip') ?? 0) || 0;
      const items = [...(refunds.get(payment.id) ?? [])].reverse().slice(skip, skip + count);
      return { entity: 'collection', count: items.length, items };
    }
    throw bad('The requested URL was not found on the server.');
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const rawBody = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://fake.razorpay');
    const method = req.method ?? 'GET';
    const record: RecordedRequest = { method, path: url.pathname, query: url.searchParams, headers: req.headers, body: undefined, rawBody, status: 0 };
    requests.push(record);
    const reply = (status: number, body: unknown) => {
      record.status = status;
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const failure = failures.count > 0 && (failures.only.method ?? method) === method && (failures.only.path?.test(url.pathname) ?? true) ? failures.kind : null;
    if (failure !== null) failures.count -= 1;
    try {
      if (failure === 'network') {
        record.status = -1;
        res.destroy();
        return;
      }
      if (typeof failure === 'number') {
        throw new RazorpayApiError(failure, 'We are facing some trouble completing your request at the moment. Please try again shortly.', undefined, 'SERVER_ERROR');
      }
      if (req.headers.authorization !== authorization) throw new RazorpayApiError(401, 'The api key provided is invalid');
      if (rawBody !== '') {
        if (!(req.headers['content-type'] ?? '').startsWith('application/json')) throw bad('The shop sends JSON bodies.');
        try {
          record.body = JSON.parse(rawBody) as unknown;
        } catch {
          throw bad('The request body is not valid JSON.');
        }
      }
      const answer = route(method, url.pathname, url.searchParams, record.body ?? {}, req.headers);
      if (failure === 'lost') {
        record.status = -1;
        res.destroy();
        return;
      }
      reply(200, answer);
    } catch (error) {
      if (error instanceof RazorpayApiError) return reply(error.status, error.body());
      reply(500, new RazorpayApiError(500, error instanceof Error ? error.message : 'fake failure', undefined, 'SERVER_ERROR').body());
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
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function callbackParams(linkId: string, options: { secret?: string } = {}): CallbackParams {
    const link = getLink(linkId);
    const paymentId = link.payments?.[link.payments.length - 1]?.payment_id ?? '';
    const payload = `${link.id}|${link.reference_id}|${link.status}|${paymentId}`;
    return {
      razorpay_payment_id: paymentId,
      razorpay_payment_link_id: link.id,
      razorpay_payment_link_reference_id: link.reference_id,
      razorpay_payment_link_status: link.status,
      razorpay_signature: hmac(options.secret ?? keySecret, payload),
    };
  }

  const fake: FakeRazorpay = {
    url: baseUrl,
    keyId,
    keySecret,
    webhookSecret,
    requests,
    env: () => ({ RAZORPAY_KEY_ID: keyId, RAZORPAY_KEY_SECRET: keySecret, RAZORPAY_WEBHOOK_SECRET: webhookSecret, RAZORPAY_API_BASE: baseUrl }),
    link: (id) => getLink(id),
    links: () => [...links.values()],
    payment: (id) => getPayment(id),
    refunds: (paymentId) => refunds.get(paymentId) ?? [],
    count: (method, path) => requests.filter((r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path))).length,
    pay(linkId, options = {}) {
      const link = getLink(linkId);
      if (link.status !== 'created') throw new Error(`Link ${linkId} is ${link.status}; only a created link can be paid`);
      const at = now();
      const method = options.method ?? 'upi';
      const orderId = link.order_id ?? rzpId('order');
      const payment: FakePayment = {
        id: rzpId('pay'),
        entity: 'payment',
        amount: link.amount,
        currency: 'INR',
        status: 'captured',
        order_id: orderId,
        invoice_id: null,
        international: false,
        method,
        amount_refunded: 0,
        refund_status: null,
        captured: true,
        description: link.description,
        email: link.customer.email ?? null,
        contact: link.customer.contact ?? null,
        notes: link.notes,
        fee: Math.round(link.amount * 0.02),
        tax: 0,
        error_code: null,
        error_description: null,
        created_at: at,
      };
      payments.set(payment.id, payment);
      link.order_id = orderId;
      link.status = 'paid';
      link.amount_paid = link.amount;
      link.updated_at = at;
      link.payments = [{ amount: link.amount, created_at: at, method, payment_id: payment.id, plink_id: link.id, status: 'captured', updated_at: at }];
      return callbackParams(link.id);
    },
    callbackParams,
    expire(linkId) {
      const link = getLink(linkId);
      if (link.status !== 'created') throw new Error(`Link ${linkId} is ${link.status}; only a created link expires`);
      markExpired(link);
      return link;
    },
    setRefundStatus(status) {
      refundStatus = status;
    },
    failNext(count, kind = 500, only = {}) {
      failures = { count, kind, only };
    },
    signWebhook: (body, secret) => hmac(secret ?? webhookSecret, body),
    webhookFor(event, linkId, options = {}) {
      const link = structuredClone(getLink(linkId));
      const paymentId = link.payments?.[link.payments.length - 1]?.payment_id;
      const payment = paymentId ? structuredClone(getPayment(paymentId)) : null;
      const payload: Record<string, unknown> = { payment_link: { entity: link } };
      if (payment) {
        payload.payment = { entity: payment };
        payload.order = {
          entity: { id: payment.order_id, entity: 'order', amount: link.amount, amount_paid: link.amount_paid, currency: 'INR', receipt: link.reference_id, status: 'paid' },
        };
      }
      const body = JSON.stringify({
        entity: 'event',
        account_id: 'acc_Fake0000000001',
        event,
        contains: Object.keys(payload),
        payload,
        created_at: now(),
      });
      return { body, signature: hmac(options.secret ?? webhookSecret, body), eventId: rzpId('evt').replace('evt_', '') };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
  return fake;
}

import crypto from 'node:crypto';
import type { Logger } from 'pino';
import Razorpay from 'razorpay';
import { AppError } from '../errors';
import {
  CHECKOUT_SESSION_TTL_MS,
  type CreateSessionInput,
  type CreatedSession,
  type PaymentProvider,
  type ProviderSession,
  type RefundResult,
  type SessionStatus,
  type ShippingOption,
  type WebhookEvent,
} from './payment-provider';

/**
 * Razorpay through Payment Links: a hosted page on Razorpay's side, like Stripe Checkout, so the
 * shop's pages load no payment script (the CSP stays `script-src 'self'`). A link has one fixed
 * amount, so the delivery charge is decided before it is opened. The link's `reference_id` is the
 * order id, which Razorpay keeps unique: a retried create finds the link the first one opened.
 *
 * The SDK (axios underneath) is used as shipped; only its base URL and timeout are set, so tests
 * can aim it at a local fake (RAZORPAY_API_BASE).
 */

// Razorpay refuses an expire_by under 15 minutes away; ours follows CHECKOUT_SESSION_TTL_MS, with
// a minute of slack for clock skew, like Stripe's.
const EXPIRY_SLACK_MS = 60 * 1000;
// Ids are interpolated into the SDK's URL paths: anything but Razorpay's own shape (a shopper's
// session_id, a Stripe id tried by confirmReturn) must never reach it.
const LINK_ID = /^plink_[A-Za-z0-9]{1,40}$/;
const PAYMENT_ID = /^pay_[A-Za-z0-9]{1,40}$/;
const SIGNATURE = /^[0-9a-f]{64}$/i;
// Razorpay limits: description 2048 characters, note values 256, reference_id 40.
const MAX_DESCRIPTION = 2048;
const UNAVAILABLE = 'The payment provider is not answering right now. Please try again in a moment.';

export const RAZORPAY_CALLBACK_PATH = '/api/razorpay/callback';

export interface RazorpayProviderOptions {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** e.g. http://127.0.0.1:4010 for a local fake; unset for https://api.razorpay.com. */
  apiBase?: string | undefined;
  /** The shop's own origin, for the callback URL (a function when it is known only after listen). */
  publicUrl: string | (() => string);
  log: Logger;
  clock?: () => Date;
  /** Milliseconds per HTTP request. */
  timeoutMs?: number;
  /** Extra attempts of a create that failed in the network or with a 5xx (default 1). */
  maxNetworkRetries?: number;
}

/** The part of a payment link the shop reads. */
interface RazorpayLink {
  id: string;
  amount: number;
  amount_paid?: number | null;
  currency?: string | null;
  status: string;
  expire_by?: number | null;
  created_at?: number | string | null;
  reference_id?: string | null;
  short_url: string;
  notes?: unknown;
  payments?: { payment_id?: string | null; status?: string | null; method?: string | null }[] | null;
}

interface RazorpayPayment {
  id: string;
  status?: string | null;
  method?: string | null;
}

interface RazorpayRefund {
  id: string;
  amount: number;
  status: string;
  receipt?: string | null;
  notes?: unknown;
}

/** What went wrong in a call: Razorpay's own answer, or statusCode 0 when none came back. */
interface Failure {
  statusCode: number;
  code: string | null;
  description: string | null;
  field: string | null;
}

/**
 * What the SDK's axios threw, reduced to Razorpay's answer: its status and body (status 0 and a
 * NETWORK_ERROR body when none came), the shape the SDK's error normaliser reads. Nothing else
 * of axios's error is kept: its `config` holds the key secret, and errors end up in the log.
 */
class RazorpayHttpError extends Error {
  readonly response: { status: number; data: unknown };

  constructor(error: unknown) {
    const answer = isRecord(error) && isRecord(error.response) ? error.response : null;
    if (answer) {
      const status = typeof answer.status === 'number' ? answer.status : 0;
      super(`Razorpay answered HTTP ${status}`);
      this.response = { status, data: answer.data };
    } else {
      const code = isRecord(error) && typeof error.code === 'string' ? error.code : null;
      const reason = [code, error instanceof Error ? error.message : null].filter(Boolean).join(': ') || 'no answer';
      super(`Razorpay did not answer: ${reason}`);
      this.response = { status: 0, data: { error: { code: 'NETWORK_ERROR', description: this.message } } };
    }
  }
}

/** The SDK's axios instance (`razorpay.api.rq`), which its typings do not show. */
interface Transport {
  defaults: { baseURL?: string | undefined; timeout?: number | undefined };
  interceptors: { response: { use(onFulfilled: undefined, onRejected: (error: unknown) => unknown): number } };
  post(url: string, data: unknown, config: { headers: Record<string, string> }): Promise<{ data: unknown }>;
}

export function createRazorpayProvider(opts: RazorpayProviderOptions): PaymentProvider {
  const clock = opts.clock ?? (() => new Date());
  const retries = opts.maxNetworkRetries ?? 1;
  const razorpay = new Razorpay({ key_id: opts.keyId, key_secret: opts.keySecret });
  const transport = (razorpay.api as unknown as { rq: Transport }).rq;
  if (opts.apiBase) transport.defaults.baseURL = opts.apiBase.replace(/\/+$/, '');
  transport.defaults.timeout = opts.timeoutMs ?? 15_000;
  // The SDK's error normaliser reads err.response.status and so throws a bare TypeError when no
  // response came (refused, reset, timed out): a response of status 0 keeps the network's own
  // reason for the log. And axios's error, which carries the key secret, goes no further.
  transport.interceptors.response.use(undefined, (error: unknown) => {
    throw new RazorpayHttpError(error);
  });
  const origin = () => (typeof opts.publicUrl === 'function' ? opts.publicUrl() : opts.publicUrl).replace(/\/+$/, '');

  function unavailable(error: unknown, action: string, context: Record<string, unknown> = {}): AppError {
    opts.log.error({ err: error, failure: failureOf(error), action, ...context }, 'razorpay request failed');
    return new AppError('PAYMENT_PROVIDER', UNAVAILABLE, { cause: error });
  }

  function providerFailure(error: unknown, action: string, id: string): AppError {
    if (isUnknownId(failureOf(error))) return new AppError('NOT_FOUND', 'Payment session not found', { cause: error });
    return unavailable(error, action, { id });
  }

  async function fetchLink(id: string): Promise<RazorpayLink> {
    if (!LINK_ID.test(id)) throw new AppError('NOT_FOUND', 'Payment session not found');
    try {
      return (await razorpay.paymentLink.fetch(id)) as unknown as RazorpayLink;
    } catch (error) {
      throw providerFailure(error, 'retrieve', id);
    }
  }

  /** The captured payment's id and method; the method is read from the payment itself. */
  async function paymentOf(link: RazorpayLink): Promise<{ id: string | null; methods: string[] }> {
    if (link.status !== 'paid') return { id: null, methods: [] };
    const payments = link.payments ?? [];
    const entry = payments.find((p) => p.status === 'captured') ?? payments[payments.length - 1];
    const id = entry?.payment_id;
    if (!id || !PAYMENT_ID.test(id)) {
      opts.log.warn({ linkId: link.id }, 'razorpay: paid link lists no captured payment');
      return { id: null, methods: [] };
    }
    try {
      const payment = (await razorpay.payments.fetch(id)) as unknown as RazorpayPayment;
      const method = payment.method ?? entry.method ?? null;
      return { id, methods: method ? [method] : [] };
    } catch (error) {
      // Never NOT_FOUND here: the link exists, and a webhook must be retried, not dropped.
      throw unavailable(error, 'fetch payment', { linkId: link.id, paymentId: id });
    }
  }

  async function toProviderSession(link: RazorpayLink): Promise<ProviderSession> {
    const notes = notesOf(link.notes);
    const status = normaliseStatus(link.status);
    const payment = await paymentOf(link);
    const shippingAmount = Number(notes.shipping_amount);
    const expireBy = positive(link.expire_by) ?? (positive(Number(link.created_at)) ?? 0) + CHECKOUT_SESSION_TTL_MS / 1000;
    return {
      id: link.id,
      orderId: link.reference_id || notes.order_id || null,
      status,
      paymentStatus: link.status === 'paid' ? 'paid' : 'unpaid',
      amountTotal: link.status === 'paid' ? (link.amount_paid ?? link.amount) : link.amount,
      currency: link.currency ? link.currency.toLowerCase() : null,
      paymentMethodTypes: payment.methods,
      paymentIntentId: payment.id,
      shippingRate: notes.shipping_rate || null,
      shippingAmount: Number.isSafeInteger(shippingAmount) && shippingAmount >= 0 && notes.shipping_amount !== '' ? shippingAmount : null,
      // Razorpay's page collects no address: the order keeps the one chosen on the shop's checkout.
      shippingAddress: null,
      expiresAt: new Date(expireBy * 1000).toISOString(),
    };
  }

  async function retrieve(id: string): Promise<ProviderSession> {
    return toProviderSession(await fetchLink(id));
  }

  /** The link an earlier create opened for this order, found by its reference_id; null if none. */
  async function findLinkOfOrder(orderId: string): Promise<RazorpayLink | null> {
    try {
      // The SDK's typings list only paging options; the API filters by reference_id too.
      const list = (await razorpay.paymentLink.all({ reference_id: orderId } as never)) as unknown as { payment_links?: RazorpayLink[] };
      return (list.payment_links ?? []).find((link) => link.reference_id === orderId) ?? null;
    } catch (error) {
      throw unavailable(error, 'find link by reference_id', { orderId });
    }
  }

  return {
    kind: 'razorpay',

    async createSession(input: CreateSessionInput): Promise<CreatedSession> {
      const shipping = chosenShipping(input);
      const itemsTotal = input.lines.reduce((sum, line) => sum + line.unitAmount * line.quantity, 0);
      const openedAtMs = input.openedAt === undefined ? clock().getTime() : Date.parse(input.openedAt);
      const expireBy = Math.floor((openedAtMs + CHECKOUT_SESSION_TTL_MS + EXPIRY_SLACK_MS) / 1000);
      const publicUrl = origin();
      const address = input.deliveryAddress;
      const params = {
        amount: itemsTotal + (shipping?.amount ?? 0),
        currency: 'INR',
        accept_partial: false,
        expire_by: expireBy,
        reference_id: input.orderId,
        description: describe(input, publicUrl),
        customer: { email: input.email, ...(address ? { name: address.name, contact: address.phone } : {}) },
        // The shopper is on the page already: Razorpay sends them nothing.
        notify: { sms: false, email: false },
        reminder_enable: false,
        notes: { order_id: input.orderId, shipping_rate: shipping?.rate ?? '', shipping_amount: String(shipping?.amount ?? 0) },
        callback_url: `${publicUrl}${RAZORPAY_CALLBACK_PATH}`,
        callback_method: 'get',
      };

      for (let attempt = 0; ; attempt++) {
        let link: RazorpayLink;
        try {
          link = (await razorpay.paymentLink.create(params)) as unknown as RazorpayLink;
        } catch (error) {
          const failure = failureOf(error);
          // A retry (ours below, or the caller's) of a create that did reach Razorpay: the order's
          // reference_id is taken, by the link the first attempt opened.
          if (failure.statusCode === 400 && mentionsReference(failure)) {
            const existing = await findLinkOfOrder(input.orderId);
            if (existing) {
              if (existing.status === 'cancelled' || existing.status === 'expired') {
                opts.log.error({ orderId: input.orderId, linkId: existing.id, status: existing.status }, 'razorpay: the order already has a closed payment link');
                throw new AppError('PAYMENT_PROVIDER', 'This order can no longer be paid. Please check out again.', { cause: error });
              }
              return created(existing, expireBy);
            }
          }
          if (isTransient(failure) && attempt < retries) continue;
          throw unavailable(error, 'create', { orderId: input.orderId });
        }
        if (!link.short_url) throw unavailable(new Error(`Razorpay returned link ${link.id} without a short_url`), 'create', { orderId: input.orderId });
        return created(link, expireBy);
      }
    },

    retrieveSession: retrieve,

    async expireSession(id: string): Promise<ProviderSession> {
      if (!LINK_ID.test(id)) throw new AppError('NOT_FOUND', 'Payment session not found');
      try {
        return await toProviderSession((await razorpay.paymentLink.cancel(id)) as unknown as RazorpayLink);
      } catch (error) {
        if (error instanceof AppError) throw error;
        const failure = failureOf(error);
        if (isUnknownId(failure)) throw new AppError('NOT_FOUND', 'Payment session not found', { cause: error });
        // Razorpay refuses to cancel a link that is paid, expired or cancelled: its state is the answer.
        if (failure.statusCode === 400) return retrieve(id);
        throw unavailable(error, 'expire', { id });
      }
    },

    async refund(input): Promise<RefundResult> {
      const refused = (reason: string, cause?: unknown) => new AppError('PAYMENT_PROVIDER', `Razorpay did not make the refund: ${reason}`, { cause });
      if (!PAYMENT_ID.test(input.paymentId)) throw refused(`${input.paymentId} is not a Razorpay payment id`);
      const key = refundKey(input.idempotencyKey);
      const sameRefund = (refund: RazorpayRefund) => refund.receipt === key || notesOf(refund.notes).idempotency_key === key;
      try {
        // A retry after an answer that got lost: the refund made then is the answer now.
        const earlier = (await razorpay.payments.fetchMultipleRefund(input.paymentId, { count: 100 })) as unknown as { items?: RazorpayRefund[] };
        const found = (earlier.items ?? []).find(sameRefund);
        if (found) return toRefundResult(found);
        // The header makes Razorpay itself answer a concurrent or in-flight duplicate with the
        // same refund; the SDK has no per-request headers, so this one call goes through its axios.
        const reply = await transport.post(
          `/v1/payments/${input.paymentId}/refund`,
          { amount: input.amount, receipt: key, notes: { order_id: input.orderId, idempotency_key: key } },
          { headers: { 'Content-Type': 'application/json', 'X-Refund-Idempotency': key } },
        );
        return toRefundResult(reply.data as RazorpayRefund);
      } catch (error) {
        const failure = failureOf(error);
        opts.log.error({ err: error, failure, orderId: input.orderId }, 'razorpay refund failed');
        if (failure.statusCode === 0 || failure.statusCode >= 500) throw refused('it did not answer. Try again in a moment (a retry never refunds twice).', error);
        throw refused(failure.description ?? `HTTP ${failure.statusCode}`, error);
      }
    },

    parseWebhook(rawBody: Buffer, signature: string | undefined): WebhookEvent {
      // An empty secret would make every signature computable by anyone.
      if (!opts.webhookSecret) throw new AppError('BAD_INPUT', 'Razorpay webhooks are not configured (RAZORPAY_WEBHOOK_SECRET)');
      if (!signature) throw new AppError('BAD_INPUT', 'Missing X-Razorpay-Signature header');
      // Razorpay.validateWebhookSignature computes this same HMAC but compares with ===.
      if (!hmacMatches(opts.webhookSecret, rawBody, signature.trim())) throw new AppError('BAD_INPUT', 'Invalid webhook signature');
      let event: unknown;
      try {
        event = JSON.parse(rawBody.toString('utf8'));
      } catch (error) {
        throw new AppError('BAD_INPUT', 'Webhook body is not JSON', { cause: error });
      }
      if (!isRecord(event) || typeof event.event !== 'string') throw new AppError('BAD_INPUT', 'Webhook body is not a Razorpay event');
      const payload = isRecord(event.payload) ? event.payload : {};
      const linkId = entityId(payload.payment_link);
      const paymentId = entityId(payload.payment);
      const createdAt = typeof event.created_at === 'number' ? event.created_at : 0;
      // Razorpay's event id travels in a header this interface does not see; these ids and the
      // time name one delivery well enough for logs (fulfilment never relies on it).
      return {
        id: `${event.event}:${linkId ?? paymentId ?? '-'}:${createdAt}`,
        type: event.event,
        sessionId: linkId !== null && LINK_ID.test(linkId) ? linkId : null,
      };
    },
  };
}

/**
 * True when the query Razorpay appended to the callback URL is signed with the key secret:
 * HMAC-SHA256 (hex) of `link id|reference id|link status|payment id`, as the SDK's
 * validatePaymentVerification computes it, compared in constant time. False for anything
 * missing, repeated or malformed.
 */
export function verifyPaymentLinkCallback(params: Record<string, unknown>, keySecret: string): boolean {
  const field = (name: string) => (typeof params[name] === 'string' ? params[name] : null);
  const paymentId = field('razorpay_payment_id');
  const linkId = field('razorpay_payment_link_id');
  const referenceId = field('razorpay_payment_link_reference_id');
  const status = field('razorpay_payment_link_status');
  const signature = field('razorpay_signature');
  if (!keySecret || paymentId === null || linkId === null || referenceId === null || status === null || signature === null) return false;
  return hmacMatches(keySecret, `${linkId}|${referenceId}|${status}|${paymentId}`, signature);
}

function hmacMatches(secret: string, data: string | Buffer, signature: string): boolean {
  if (!SIGNATURE.test(signature)) return false;
  const expected = crypto.createHmac('sha256', secret).update(data).digest();
  return crypto.timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}

/** What the link charges for delivery: the shopper's choice on the shop's page, else the first option. */
function chosenShipping(input: CreateSessionInput): ShippingOption | null {
  return input.shipping ?? input.shippingOptions[0] ?? null;
}

function describe(input: CreateSessionInput, publicUrl: string): string {
  let host = publicUrl;
  try {
    host = new URL(publicUrl).host;
  } catch {
    // keep the configured text
  }
  const items = input.lines.map((line) => (line.quantity > 1 ? `${line.name} × ${line.quantity}` : line.name)).join(', ');
  const text = `Order ${input.orderNumber ?? input.orderId} at ${host}: ${items}`;
  return text.length > MAX_DESCRIPTION ? `${text.slice(0, MAX_DESCRIPTION - 1)}…` : text;
}

function created(link: RazorpayLink, fallbackExpireBy: number): CreatedSession {
  return { id: link.id, url: link.short_url, expiresAt: new Date((positive(link.expire_by) ?? fallbackExpireBy) * 1000).toISOString() };
}

function normaliseStatus(status: string): SessionStatus {
  if (status === 'paid') return 'complete';
  if (status === 'expired' || status === 'cancelled') return 'expired';
  // created, partially_paid (the shop never allows partial payments): still payable. A link past
  // its expire_by is moved to expired by Razorpay itself; the sweep cancels one it has not yet.
  return 'open';
}

function toRefundResult(refund: RazorpayRefund): RefundResult {
  const status = refund.status === 'processed' ? 'succeeded' : refund.status === 'failed' ? 'failed' : 'pending';
  return { id: refund.id, status, amount: refund.amount };
}

/**
 * Razorpay takes an idempotency key of 10 or more letters, digits, - and _, and a receipt of at
 * most 40 characters; any other key is replaced by a digest of itself, the same every time.
 */
function refundKey(key: string): string {
  if (/^[A-Za-z0-9_-]{10,40}$/.test(key)) return key;
  return crypto.createHash('sha256').update(key).digest('hex').slice(0, 40);
}

/** Razorpay's answer in whatever shape the SDK (or its axios) threw it. */
function failureOf(error: unknown): Failure {
  let status: unknown;
  let body: unknown;
  if (isRecord(error) && 'statusCode' in error) {
    status = error.statusCode;
    body = error.error;
  } else if (isRecord(error) && isRecord(error.response)) {
    status = error.response.status;
    body = isRecord(error.response.data) ? error.response.data.error : undefined;
  }
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
  return {
    statusCode: typeof status === 'number' ? status : Number(status) || 0,
    code: isRecord(body) ? text(body.code) : null,
    description: isRecord(body) ? text(body.description) : null,
    field: isRecord(body) ? text(body.field) : null,
  };
}

/** Razorpay answers an unknown id with 400 "The id provided does not exist" (404 for an unknown path). */
function isUnknownId(failure: Failure): boolean {
  return failure.statusCode === 404 || (failure.statusCode === 400 && /does not exist|not found/i.test(failure.description ?? ''));
}

function mentionsReference(failure: Failure): boolean {
  return failure.field === 'reference_id' || /reference/i.test(failure.description ?? '');
}

function isTransient(failure: Failure): boolean {
  return failure.statusCode === 0 || failure.statusCode >= 500;
}

/** Razorpay's notes as strings (it answers an empty map as []). */
function notesOf(notes: unknown): Record<string, string> {
  if (!isRecord(notes)) return {};
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(notes)) if (typeof value === 'string' || typeof value === 'number') out[key] = String(value);
  return out;
}

function entityId(wrapper: unknown): string | null {
  if (!isRecord(wrapper) || !isRecord(wrapper.entity)) return null;
  return typeof wrapper.entity.id === 'string' ? wrapper.entity.id : null;
}

function positive(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

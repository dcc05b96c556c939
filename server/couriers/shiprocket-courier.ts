import crypto from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';
import { z } from 'zod';
import { isPin } from '../../shared/pin';
import type { Courier, CourierShipment, ServiceabilityOption, ShipmentRequest, TrackingEvent, TrackingStatus } from './courier';
import { CourierError } from './courier-error';
import { shiprocketStatus } from './shiprocket-statuses';

/**
 * Shiprocket through its public HTTP API (https://apidocs.shiprocket.in), with Node's fetch.
 *
 * - **Token**: POST /auth/login with the API user's email and password (an API user made in
 *   Shiprocket's panel, Settings → API, not the owner's own login). Its JWT lasts 10 days; it is
 *   kept in memory and replaced after 9, and once more when Shiprocket answers 401 anyway.
 * - **Retries**: reads (GETs, label generation, downloads, cancel, pickup) are asked again after a
 *   timeout, a 5xx or a 429, after short waits. A create is never asked again here: Shiprocket has
 *   no idempotency key and no test mode, so after a timeout the caller looks the order up by its
 *   own key (findShipment) before creating it again.
 * - **Answers** are parsed with zod: a 2xx without a field the shop needs is a CourierError
 *   ('bad_answer') naming the field, never a crash further on.
 * - The bearer token goes to the API's own origin only; labels and manifests are downloaded from
 *   the https URL Shiprocket gives (its S3), without it.
 *
 * Shiprocket's times carry no zone and are Indian time (UTC+05:30).
 */

export const SHIPROCKET_API_BASE = 'https://apiv2.shiprocket.in/v1/external';

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_RETRY_DELAYS_MS = [500, 2000];
// Shiprocket's tokens last 10 days ("240 hours"); a day's margin keeps a slow clock or a long
// request from ever sending a dead one.
const TOKEN_LIFETIME_MS = 9 * 24 * 60 * 60 * 1000;
const MAX_PDF_BYTES = 20 * 1024 * 1024;
const MAX_ORDER_ID = 50;
const IST_OFFSET_MS = 330 * 60 * 1000;

export interface ShiprocketCourierOptions {
  /** The API user's email and password (Settings → API → Create an API user). */
  email: string;
  password: string;
  /** What Shiprocket sends as `x-api-key` on tracking webhooks (set beside the webhook URL). */
  webhookToken: string;
  /** The API's base, up to /v1/external; a local fake's in tests. */
  baseUrl?: string | undefined;
  /** Per HTTP request (default 10 s). */
  timeoutMs?: number;
  /** The waits before each repeat of a safe request (default 0.5 s, 2 s: two repeats). */
  retryDelaysMs?: readonly number[];
  clock?: () => Date;
  log?: Logger;
}

/** One HTTP exchange's outcome, before the shop reads it. */
interface Answer {
  status: number;
  body: unknown;
}

interface CallOptions {
  /** In the admin's words: "create order", "assign AWB". */
  action: string;
  query?: Record<string, string>;
  body?: unknown;
  /** Safe to ask again after a timeout or a 5xx. */
  idempotent: boolean;
}

// ---- Shiprocket's answers, as far as the shop reads them ----------------------------------------

/** Shiprocket's ids are numbers; some answers give them as strings. */
const Id = z.union([z.number().int().nonnegative(), z.string().regex(/^\d+$/)]).transform(String);
const Rupees = z.union([z.number(), z.string().regex(/^\d+(\.\d+)?$/)]).transform(Number);
const Text = z.string().nullish();

const LoginAnswer = z.object({ token: z.string().min(1) });

const ServiceabilityAnswer = z.object({
  data: z.object({
    available_courier_companies: z.array(
      z.object({
        courier_company_id: z.number().int(),
        courier_name: z.string().min(1),
        rate: Rupees,
        estimated_delivery_days: z.union([z.string(), z.number()]).nullish(),
        etd: Text,
        cod: z.union([z.number(), z.boolean()]).nullish(),
      }),
    ),
    recommended_courier_company_id: z.number().nullish(),
  }),
});

// Shiprocket's search matches part of the channel order id: the answer is read as far as finding
// ours, so an unrelated order in an odd shape cannot stop the look-up.
const OrdersAnswer = z.object({ data: z.array(z.object({ channel_order_id: z.union([z.string(), z.number()]).nullish() }).loose()) });
const OrderRow = z.object({
  id: Id,
  status: Text,
  shipments: z.array(z.object({ id: Id, awb: Text, courier: Text })).min(1),
});

const CreateAnswer = z.object({
  order_id: Id,
  shipment_id: Id,
  status: Text,
  awb_code: Text,
  courier_name: Text,
});

const AssignAnswer = z.object({
  awb_assign_status: z.number(),
  response: z.object({
    data: z.object({
      awb_code: z.union([z.string(), z.number()]).transform(String).nullish(),
      courier_name: Text,
      routing_code: Text,
      awb_assign_error: Text,
    }),
  }),
});

const LabelAnswer = z.object({ label_created: z.number(), label_url: Text, response: Text });
const ManifestAnswer = z.object({ manifest_url: Text });
const PickupAnswer = z.object({
  pickup_status: z.number(),
  response: z.object({ pickup_scheduled_date: Text, data: z.unknown().optional() }),
});

const Scan = z.object({
  date: z.string(),
  activity: Text,
  location: Text,
  'sr-status': z.union([z.string(), z.number()]).nullish(),
  'sr-status-label': Text,
});

const TrackAnswer = z.object({
  tracking_data: z.object({
    track_status: z.number(),
    shipment_track_activities: z.array(Scan).nullish(),
    error: Text,
  }),
});

const Webhook = z.object({
  awb: z.union([z.string().min(1), z.number()]).transform(String),
  current_status: z.string().min(1),
  shipment_status_id: z.union([z.number(), z.string()]).nullish(),
  current_timestamp: z.string().min(1),
  scans: z.array(Scan).nullish(),
});

/** Shiprocket's error body: `{ message, errors: { field: [text] }, status_code }`. */
const ErrorBody = z.object({ message: z.string().optional(), errors: z.record(z.string(), z.unknown()).optional() }).loose();

export function createShiprocketCourier(opts: ShiprocketCourierOptions): Courier {
  const base = (opts.baseUrl ?? SHIPROCKET_API_BASE).replace(/\/+$/, '');
  const baseOrigin = new URL(base).origin;
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const retryDelays = opts.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  const clock = opts.clock ?? (() => new Date());
  const seconds = `${Math.round(timeoutMs / 100) / 10} s`;

  let token: { value: string; obtainedAt: number } | null = null;
  let loggingIn: Promise<string> | null = null;

  /** One request, no retry: the network's failures as CourierErrors, any HTTP answer returned. */
  async function exchange(method: string, url: string, action: string, init: { headers?: Record<string, string>; body?: unknown }): Promise<Answer> {
    let response: Response;
    let text: string;
    try {
      response = await fetch(url, {
        method,
        headers: { Accept: 'application/json', ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }), ...init.headers },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'error',
      });
      text = await response.text();
    } catch (error) {
      throw networkError(error, action);
    }
    let body: unknown = null;
    if (text.trim() !== '') {
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
    }
    return { status: response.status, body };
  }

  function networkError(error: unknown, action: string): CourierError {
    const name = error instanceof Error ? error.name : '';
    if (name === 'TimeoutError' || name === 'AbortError') return new CourierError('timeout', `Shiprocket did not answer within ${seconds} (${action})`, { cause: error });
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : null;
    const code = cause && 'code' in cause && typeof cause.code === 'string' ? cause.code : null;
    const why = code === 'ECONNREFUSED' ? 'connection refused' : code === 'ENOTFOUND' ? 'address not found' : (code ?? 'no connection');
    return new CourierError('unavailable', `Shiprocket could not be reached (${why}) (${action})`, { cause: error });
  }

  async function login(): Promise<string> {
    const answer = await exchange('POST', `${base}/auth/login`, 'sign in', { body: { email: opts.email, password: opts.password } });
    if (answer.status >= 500 || answer.status === 429) throw httpError(answer, 'sign in');
    if (answer.status >= 400) {
      throw new CourierError('unauthorised', `Shiprocket refused the API user's email and password: ${shiprocketMessage(answer.body) ?? `HTTP ${answer.status}`}`, {
        status: answer.status,
      });
    }
    return read(LoginAnswer, answer.body, 'sign in').token;
  }

  /** The cached token, or a new one (one login at a time, however many calls wait for it). */
  async function currentToken(): Promise<string> {
    if (token && clock().getTime() - token.obtainedAt < TOKEN_LIFETIME_MS) return token.value;
    loggingIn ??= login()
      .then((value) => {
        token = { value, obtainedAt: clock().getTime() };
        return value;
      })
      .finally(() => {
        loggingIn = null;
      });
    return loggingIn;
  }

  /** One authorised request: a 401 drops the token and signs in again, once. */
  async function authorised(method: string, path: string, call: CallOptions): Promise<Answer> {
    const url = new URL(`${base}${path}`);
    for (const [key, value] of Object.entries(call.query ?? {})) url.searchParams.set(key, value);
    for (let attempt = 0; ; attempt++) {
      const used = await currentToken();
      const answer = await exchange(method, url.toString(), call.action, { headers: { Authorization: `Bearer ${used}` }, body: call.body });
      if (answer.status !== 401) return answer;
      if (token?.value === used) token = null;
      if (attempt > 0)
        throw new CourierError('unauthorised', `Shiprocket refused a fresh token (${call.action}): ${shiprocketMessage(answer.body) ?? 'HTTP 401'}`, { status: 401 });
    }
  }

  /** An API call: repeats the safe ones after a timeout or 5xx; any other non-2xx is a CourierError. */
  async function api(method: 'GET' | 'POST', path: string, call: CallOptions): Promise<Answer> {
    for (let attempt = 0; ; attempt++) {
      try {
        const answer = await authorised(method, path, call);
        if (answer.status >= 200 && answer.status < 300) return answer;
        throw httpError(answer, call.action);
      } catch (error) {
        const retry = error instanceof CourierError && error.transient && call.idempotent && attempt < retryDelays.length;
        opts.log?.warn({ action: call.action, path, attempt, kind: error instanceof CourierError ? error.kind : 'unknown', retry }, `shiprocket: ${(error as Error).message}`);
        if (!retry) throw error;
        await sleep(retryDelays[attempt] ?? 0);
      }
    }
  }

  /** A PDF from a URL Shiprocket gave: https (or the API's own origin, for a local fake), no token. */
  async function download(link: string, what: string): Promise<Buffer> {
    let url: URL;
    try {
      url = new URL(link);
    } catch {
      throw new CourierError('bad_answer', `Shiprocket's ${what} link is not a URL`);
    }
    if (url.protocol !== 'https:' && url.origin !== baseOrigin) throw new CourierError('bad_answer', `Shiprocket's ${what} link is not https`);
    for (let attempt = 0; ; attempt++) {
      try {
        return await fetchPdf(url, what);
      } catch (error) {
        if (!(error instanceof CourierError && error.transient && attempt < retryDelays.length)) throw error;
        await sleep(retryDelays[attempt] ?? 0);
      }
    }
  }

  async function fetchPdf(url: URL, what: string): Promise<Buffer> {
    let bytes: Buffer;
    let status: number;
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: 'follow' });
      status = response.status;
      const length = Number(response.headers.get('content-length') ?? 0);
      if (length > MAX_PDF_BYTES) {
        await response.body?.cancel();
        throw new CourierError('bad_answer', `Shiprocket's ${what} is over ${MAX_PDF_BYTES / 1024 / 1024} MB`);
      }
      bytes = Buffer.from(await response.arrayBuffer());
    } catch (error) {
      if (error instanceof CourierError) throw error;
      throw networkError(error, `download ${what}`);
    }
    if (status >= 500 || status === 429) throw new CourierError('unavailable', `Shiprocket's ${what} could not be downloaded (HTTP ${status})`, { status });
    if (status >= 400) throw new CourierError('rejected', `Shiprocket's ${what} could not be downloaded (HTTP ${status})`, { status });
    if (bytes.length > MAX_PDF_BYTES) throw new CourierError('bad_answer', `Shiprocket's ${what} is over ${MAX_PDF_BYTES / 1024 / 1024} MB`);
    if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') throw new CourierError('bad_answer', `Shiprocket's ${what} is not a PDF`);
    return bytes;
  }

  function checkWebhookToken(headers: Record<string, string | string[] | undefined>): void {
    if (!opts.webhookToken) throw new CourierError('unauthorised', 'Shiprocket webhooks are not set up: no webhook token is configured');
    const header = headers['x-api-key'];
    const sent = Array.isArray(header) ? header[0] : header;
    if (!sent) throw new CourierError('unauthorised', 'The webhook came without an x-api-key header');
    // Compared as digests, so the comparison takes the same time whatever the lengths.
    const digest = (text: string) => crypto.createHash('sha256').update(text).digest();
    if (!crypto.timingSafeEqual(digest(sent), digest(opts.webhookToken))) {
      throw new CourierError('unauthorised', "The webhook's x-api-key does not match the token set for Shiprocket");
    }
  }

  return {
    kind: 'shiprocket',

    async serviceability(q) {
      if (!isPin(q.pickupPin)) throw new CourierError('rejected', `The pickup PIN ${q.pickupPin} is not 6 digits`);
      if (!isPin(q.deliveryPin)) throw new CourierError('rejected', `The delivery PIN ${q.deliveryPin} is not 6 digits`);
      if (!(q.weightGrams > 0)) throw new CourierError('rejected', 'The parcel weight must be more than 0 g');
      const answer = await api('GET', '/courier/serviceability/', {
        action: 'check serviceability',
        idempotent: true,
        query: { pickup_postcode: q.pickupPin, delivery_postcode: q.deliveryPin, weight: kilograms(q.weightGrams), cod: q.cod ? '1' : '0' },
      });
      // No courier serves the lane: a 200 whose own `status` is 404, with a message and no data.
      if (isRecord(answer.body) && typeof answer.body.status === 'number' && answer.body.status !== 200 && !isRecord(answer.body.data)) return [];
      const data = read(ServiceabilityAnswer, answer.body, 'check serviceability').data;
      return data.available_courier_companies.map((c): ServiceabilityOption => ({
        courierId: c.courier_company_id,
        courierName: c.courier_name,
        ratePaise: Math.round(c.rate * 100),
        etdDays: positiveInteger(c.estimated_delivery_days),
        etdDate: etdDate(c.etd),
        cod: c.cod === 1 || c.cod === true,
        recommended: c.courier_company_id === data.recommended_courier_company_id,
      }));
    },

    async findShipment(requestKey) {
      const answer = await api('GET', '/orders', { action: 'find order', idempotent: true, query: { search: requestKey, per_page: '50' } });
      const index = read(OrdersAnswer, answer.body, 'find order').data.findIndex((o) => String(o.channel_order_id ?? '') === requestKey);
      if (index < 0) return null;
      const order = read(OrderRow, answer.body, 'find order', 'answer', ['data', String(index)]);
      const shipment = order.shipments[0]!;
      return {
        courierOrderId: order.id,
        shipmentId: shipment.id,
        awb: shipment.awb || null,
        courierName: shipment.courier || null,
        routingCode: null,
        status: order.status ?? null,
      };
    },

    async createShipment(req) {
      const body = adhocOrder(req);
      const answer = await api('POST', '/orders/create/adhoc', { action: `create order ${req.orderNumber}`, idempotent: false, body });
      const created = read(CreateAnswer, answer.body, `create order ${req.orderNumber}`);
      return {
        courierOrderId: created.order_id,
        shipmentId: created.shipment_id,
        awb: created.awb_code || null,
        courierName: created.courier_name || null,
        routingCode: null,
        status: created.status ?? null,
      } satisfies CourierShipment;
    },

    async assignAwb(shipmentId, courierId) {
      const id = shiprocketId(shipmentId, 'shipment');
      const answer = await api('POST', '/courier/assign/awb', {
        action: 'assign AWB',
        idempotent: false,
        body: { shipment_id: id, ...(courierId === undefined ? {} : { courier_id: courierId }) },
      });
      const assigned = read(AssignAnswer, answer.body, 'assign AWB');
      const data = assigned.response.data;
      if (assigned.awb_assign_status !== 1)
        throw new CourierError('rejected', `Shiprocket did not assign an AWB: ${data.awb_assign_error ?? shiprocketMessage(answer.body) ?? 'no reason given'}`);
      if (!data.awb_code) throw new CourierError('bad_answer', "Shiprocket's answer had no response.data.awb_code (assign AWB)");
      if (!data.courier_name) throw new CourierError('bad_answer', "Shiprocket's answer had no response.data.courier_name (assign AWB)");
      return { awb: data.awb_code, courierName: data.courier_name, routingCode: data.routing_code || null };
    },

    async label(shipmentId) {
      const id = shiprocketId(shipmentId, 'shipment');
      const answer = await api('POST', '/courier/generate/label', { action: 'generate label', idempotent: true, body: { shipment_id: [id] } });
      const label = read(LabelAnswer, answer.body, 'generate label');
      if (label.label_created !== 1 || !label.label_url) {
        opts.log?.warn({ shipmentId, response: label.response }, 'shiprocket made no label');
        return null;
      }
      return download(label.label_url, 'label');
    },

    async manifest(shipmentIds, courierOrderIds) {
      const ids = shipmentIds.map((id) => shiprocketId(id, 'shipment'));
      if (ids.length === 0) return null;
      let link: string | null | undefined;
      try {
        const answer = await api('POST', '/manifests/generate', { action: 'generate manifest', idempotent: false, body: { shipment_id: ids } });
        link = read(ManifestAnswer, answer.body, 'generate manifest').manifest_url;
      } catch (error) {
        // Made already (a retry after a lost answer): print the one Shiprocket keeps, by order ids.
        const already = error instanceof CourierError && error.kind === 'rejected' && /already/i.test(error.message);
        if (!already || !courierOrderIds?.length) throw error;
        const orderIds = courierOrderIds.map((id) => shiprocketId(id, 'order'));
        const answer = await api('POST', '/manifests/print', { action: 'print manifest', idempotent: true, body: { order_ids: orderIds } });
        link = read(ManifestAnswer, answer.body, 'print manifest').manifest_url;
      }
      return link ? download(link, 'manifest') : null;
    },

    async schedulePickup(shipmentIds) {
      let latest: string | null = null;
      // Shiprocket takes one shipment per pickup request.
      for (const shipmentId of shipmentIds) {
        const id = shiprocketId(shipmentId, 'shipment');
        let answer: Answer;
        try {
          answer = await api('POST', '/courier/generate/pickup', { action: 'schedule pickup', idempotent: true, body: { shipment_id: [id] } });
        } catch (error) {
          // "Already in Pickup Queue": asked before (maybe by a retry whose answer was lost).
          if (error instanceof CourierError && error.kind === 'rejected' && /already/i.test(error.message)) continue;
          throw error;
        }
        const pickup = read(PickupAnswer, answer.body, 'schedule pickup');
        if (pickup.pickup_status !== 1) throw new CourierError('rejected', `Shiprocket did not schedule the pickup: ${shiprocketMessage(answer.body) ?? 'no reason given'}`);
        const at = pickup.response.pickup_scheduled_date ? istToIso(pickup.response.pickup_scheduled_date) : null;
        if (at && (latest === null || at > latest)) latest = at;
      }
      return { scheduledDate: latest };
    },

    async track(awb) {
      const code = awb.trim();
      if (!/^[A-Za-z0-9-]{1,40}$/.test(code)) throw new CourierError('rejected', `${awb} is not an AWB`);
      const answer = await api('GET', `/courier/track/awb/${encodeURIComponent(code)}`, { action: 'track', idempotent: true });
      const data = read(TrackAnswer, answer.body, 'track').tracking_data;
      // track_status 0: "no activities found", the courier has nothing yet.
      if (data.track_status !== 1) return [];
      return sortEvents(uniqueEvents((data.shipment_track_activities ?? []).map((scan, i) => scanEvent(code, scan, `tracking_data.shipment_track_activities.${i}.date`))));
    },

    async cancel(courierOrderIds) {
      const ids = courierOrderIds.map((id) => shiprocketId(id, 'order'));
      if (ids.length === 0) return;
      await api('POST', '/orders/cancel', { action: 'cancel order', idempotent: true, body: { ids } });
    },

    async ndrAction(awb, action, comment) {
      const code = awb.trim();
      if (!/^[A-Za-z0-9-]{1,40}$/.test(code)) throw new CourierError('rejected', `AWB ${awb} is not one Shiprocket knows`);
      // POST /ndr/{awb}/action: 're-attempt' or 'return' with the seller's comments; a 2xx is its acknowledgement.
      await api('POST', `/ndr/${encodeURIComponent(code)}/action`, {
        action: `answer the failed delivery of ${code}`,
        idempotent: true,
        body: { action, comments: comment.slice(0, 250) },
      });
    },

    readWebhook(headers, body) {
      checkWebhookToken(headers);
      let parsed: unknown = body;
      if (typeof body === 'string' || Buffer.isBuffer(body)) {
        try {
          parsed = JSON.parse(body.toString());
        } catch {
          throw new CourierError('bad_answer', "Shiprocket's webhook is not JSON");
        }
      }
      const hook = read(Webhook, parsed, 'webhook', 'webhook');
      const events = (hook.scans ?? []).map((scan, i) => scanEvent(hook.awb, scan, `scans.${i}.date`, 'webhook'));
      const at = istToIso(hook.current_timestamp);
      if (!at) throw new CourierError('bad_answer', "Shiprocket's webhook had an unreadable current_timestamp");
      const status = shiprocketStatus(hook.current_status, hook.shipment_status_id);
      const latest = sortEvents(events).at(-1);
      // The current status is an event of its own unless the latest scan says it already.
      if (!latest || latest.status !== status) {
        events.push({ awb: hook.awb, status, courierStatus: hook.current_status, at, location: latest?.location ?? null, reason: null, eventKey: eventKey(hook.awb, status, at) });
      }
      return sortEvents(uniqueEvents(events));
    },
  };
}

// ---- Requests -------------------------------------------------------------------------------

/** Our shipment as Shiprocket's "create custom order" (POST /orders/create/adhoc) body. */
function adhocOrder(req: ShipmentRequest): Record<string, unknown> {
  const refuse = (why: string) => new CourierError('rejected', `Order ${req.orderNumber} cannot go to Shiprocket: ${why}`);
  const key = req.requestKey.trim();
  if (key === '' || key.length > MAX_ORDER_ID) throw refuse(`its request key must be 1 to ${MAX_ORDER_ID} characters`);
  const consignee = req.consignee;
  if (!consignee.email) throw refuse("Shiprocket needs the shopper's email");
  const phone = /^(?:\+91)?([6-9]\d{9})$/.exec(consignee.phone.replace(/[\s-]/g, ''))?.[1];
  if (!phone) throw refuse(`the phone ${consignee.phone} is not an Indian mobile number`);
  if (!isPin(consignee.pin)) throw refuse(`the PIN ${consignee.pin} is not 6 digits`);
  if (req.items.length === 0) throw refuse('it has no items');
  const { weightGrams, lengthCm, breadthCm, heightCm } = req.parcel;
  if (!(weightGrams > 0)) throw refuse('the parcel weight must be more than 0 g');
  // Shiprocket: "Must be more than 0.5" for each side.
  if (![lengthCm, breadthCm, heightCm].every((side) => side > 0.5)) throw refuse('each side of the parcel must be more than 0.5 cm');
  const orderedAt = istDateTime(req.orderedAt);
  if (!orderedAt) throw refuse(`its order date ${req.orderedAt} is not a date`);

  const words = consignee.name.trim().split(/\s+/);
  const lastName = words.length > 1 ? words.pop()! : '';
  const cod = req.paymentMethod === 'cod';
  // Shiprocket collects its order total at the door: sub_total + shipping_charges - total_discount.
  // The COD amount is the shop's total (delivery charge and discounts included), so the difference
  // from the items' total goes in as a charge or a discount.
  const difference = cod ? req.codAmountPaise - req.subTotalPaise : 0;
  return {
    order_id: key,
    order_date: orderedAt,
    pickup_location: req.pickupLocation,
    billing_customer_name: words.join(' '),
    billing_last_name: lastName,
    billing_address: consignee.line1,
    billing_address_2: consignee.line2,
    billing_city: consignee.city,
    billing_pincode: Number(consignee.pin),
    billing_state: consignee.state,
    billing_country: 'India',
    billing_email: consignee.email,
    billing_phone: phone,
    shipping_is_billing: true,
    order_items: req.items.map((item) => ({
      name: item.name,
      sku: item.sku,
      units: item.units,
      selling_price: rupees(item.unitPricePaise),
      discount: 0,
      tax: item.taxRateBp === null ? '' : item.taxRateBp / 100,
      hsn: item.hsn ?? '',
    })),
    payment_method: cod ? 'COD' : 'Prepaid',
    shipping_charges: rupees(Math.max(0, difference)),
    giftwrap_charges: 0,
    transaction_charges: 0,
    total_discount: rupees(Math.max(0, -difference)),
    sub_total: rupees(req.subTotalPaise),
    length: lengthCm,
    breadth: breadthCm,
    height: heightCm,
    weight: Number(kilograms(weightGrams)),
  };
}

function shiprocketId(id: string, what: 'shipment' | 'order'): number {
  if (!/^\d{1,15}$/.test(id)) throw new CourierError('rejected', `${id} is not a Shiprocket ${what} id`);
  return Number(id);
}

function rupees(paise: number): number {
  return Math.round(paise) / 100;
}

function kilograms(grams: number): string {
  return String(Math.round(grams) / 1000);
}

// ---- Answers --------------------------------------------------------------------------------

/** Parses a 2xx body (or the part of it at `at`), or a CourierError('bad_answer') naming the first field it lacks. */
function read<T extends z.ZodType>(schema: T, body: unknown, action: string, source: 'answer' | 'webhook' = 'answer', at: string[] = []): z.output<T> {
  const result = schema.safeParse(valueAt(body, at));
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const path = [...at, ...(issue?.path ?? []).map(String)];
  const what = source === 'webhook' ? "Shiprocket's webhook" : "Shiprocket's answer";
  const said = shiprocketMessage(body);
  const suffix = `${source === 'answer' ? ` (${action})` : ''}${said ? `: it said "${said}"` : ''}`;
  if (!isRecord(body)) return fail(`${what} was not a JSON object${suffix}`);
  const value = valueAt(body, path);
  const field = path.join('.') || 'body';
  return fail(value === undefined || value === null ? `${what} had no ${field}${suffix}` : `${what} had an unreadable ${field}${suffix}`);
}

function fail(message: string): never {
  throw new CourierError('bad_answer', message);
}

function valueAt(body: unknown, path: string[]): unknown {
  let value = body;
  for (const key of path) {
    if (!isRecord(value) && !Array.isArray(value)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** A non-2xx answer as a CourierError, with Shiprocket's own words when it gave any. */
function httpError(answer: Answer, action: string): CourierError {
  const said = shiprocketMessage(answer.body);
  const status = answer.status;
  if (status >= 500 || status === 429) return new CourierError('unavailable', `Shiprocket answered HTTP ${status} (${action})${said ? `: ${said}` : ''}`, { status });
  if (status === 401 || status === 403) return new CourierError('unauthorised', `Shiprocket refused the API user (${action}): ${said ?? `HTTP ${status}`}`, { status });
  return new CourierError('rejected', `Shiprocket refused to ${action}: ${said ?? `HTTP ${status}`}`, { status });
}

/** "Oops! Invalid Data. The order id field is required." from Shiprocket's error body. */
function shiprocketMessage(body: unknown): string | null {
  const parsed = ErrorBody.safeParse(body);
  if (!parsed.success) return typeof body === 'string' && body.length < 200 && !body.includes('<') ? body : null;
  const details = Object.values(parsed.data.errors ?? {})
    .flatMap((value): unknown[] => (Array.isArray(value) ? (value as unknown[]) : [value]))
    .filter((value): value is string => typeof value === 'string');
  const text = [parsed.data.message, ...details].filter(Boolean).join(' ');
  return text === '' ? null : text.slice(0, 500);
}

function scanEvent(awb: string, scan: z.output<typeof Scan>, field: string, source: 'answer' | 'webhook' = 'answer'): TrackingEvent {
  const at = istToIso(scan.date);
  if (!at) throw new CourierError('bad_answer', `Shiprocket's ${source} had an unreadable ${field}`);
  const label = scan['sr-status-label'] && scan['sr-status-label'] !== 'NA' ? scan['sr-status-label'] : null;
  const status = shiprocketStatus(label, scan['sr-status']);
  const words = scan.activity?.trim() || label || 'Update';
  return {
    awb,
    status,
    courierStatus: words,
    at,
    location: scan.location && scan.location !== 'NA' ? scan.location : null,
    reason: status === 'delivery_failed' ? words : null,
    eventKey: eventKey(awb, status, at),
  };
}

/**
 * The same scan from a webhook (sent again, or late) and from polling gives the same key: the
 * AWB, what it means, and when. Two scans meaning the same at the same second are one event.
 */
function eventKey(awb: string, status: TrackingStatus, at: string): string {
  return `${awb}:${status}:${at}`;
}

function uniqueEvents(events: TrackingEvent[]): TrackingEvent[] {
  const byKey = new Map<string, TrackingEvent>();
  for (const event of events) if (!byKey.has(event.eventKey)) byKey.set(event.eventKey, event);
  return [...byKey.values()];
}

function sortEvents(events: TrackingEvent[]): TrackingEvent[] {
  return [...events].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
}

// ---- Times ----------------------------------------------------------------------------------

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/**
 * A Shiprocket time as ISO UTC: "2023-05-19 11:59:16" (scans, pickups), "23 05 2023 11:43:52"
 * (a webhook's current_timestamp), both Indian time, or an ISO string with its zone. Null when
 * it is none of these.
 */
export function istToIso(text: string): string | null {
  const value = text.trim();
  const dashed = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?$/.exec(value);
  const spaced = /^(\d{2})[ /-](\d{2})[ /-](\d{4}) (\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  const parts = dashed ? [dashed[1], dashed[2], dashed[3], dashed[4], dashed[5], dashed[6]] : spaced ? [spaced[3], spaced[2], spaced[1], spaced[4], spaced[5], spaced[6]] : null;
  if (parts) {
    const [year, month, day, hour, minute, second] = parts.map((part) => Number(part ?? 0)) as [number, number, number, number, number, number];
    const local = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
    if (local.getUTCMonth() !== month - 1 || local.getUTCDate() !== day || hour > 23 || minute > 59 || second > 59) return null;
    return new Date(local.getTime() - IST_OFFSET_MS).toISOString();
  }
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value)) {
    const ms = Date.parse(value);
    return Number.isNaN(ms) ? null : new Date(ms).toISOString();
  }
  return null;
}

/** An ISO instant as Shiprocket's order_date: "2026-03-14 18:05", Indian time. */
function istDateTime(iso: string): string | null {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return null;
  return new Date(ms + IST_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');
}

/** Serviceability's etd, "Jul 01, 2024" (or "2024-07-01 ..."), as YYYY-MM-DD. */
function etdDate(text: string | null | undefined): string | null {
  if (!text) return null;
  const iso = /^(\d{4}-\d{2}-\d{2})/.exec(text.trim());
  if (iso) return iso[1]!;
  const match = /^([A-Za-z]{3})[a-z]* (\d{1,2}), (\d{4})$/.exec(text.trim());
  const month = match ? MONTHS.indexOf(match[1]!.toLowerCase()) : -1;
  if (!match || month < 0) return null;
  return `${match[3]}-${String(month + 1).padStart(2, '0')}-${match[2]!.padStart(2, '0')}`;
}

function positiveInteger(value: string | number | null | undefined): number | null {
  const number = typeof value === 'string' ? Number.parseInt(value, 10) : value;
  return typeof number === 'number' && Number.isInteger(number) && number > 0 ? number : null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

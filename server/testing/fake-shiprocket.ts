import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import PDFDocument from 'pdfkit';
import { shiprocketStatusRow } from '../couriers/shiprocket-statuses';

/**
 * A local stand-in for the part of Shiprocket's API the shop calls (https://apidocs.shiprocket.in),
 * reached over real HTTP by the real client (`createShiprocketCourier` with `baseUrl: fake.url`).
 * Paths, field names and shapes are Shiprocket's: POST /auth/login gives a token the other calls
 * need as `Authorization: Bearer`; GET /courier/serviceability/, POST /orders/create/adhoc, GET
 * /orders?search=, POST /courier/assign/awb, /courier/generate/label, /courier/generate/pickup,
 * /manifests/generate, /manifests/print, GET /courier/track/awb/<awb>, POST /orders/cancel. Errors
 * come as Shiprocket's `{ message, errors?, status_code }`. It is strict on purpose: it refuses what
 * Shiprocket documents as refused (a reused order_id, a pickup location the account lacks, a
 * sub_total that is not the items' total, sides of 0.5 cm or less, a label before an AWB, a
 * manifest before the pickup), so a request that passes here is well-formed there.
 *
 * Everything is kept in memory. Test controls, in one place:
 * - `failNext(n, failure, only?)`: the next n requests (matching `only`) time out without acting
 *   ('timeout'), act and then hang ('lost': "create succeeded but the answer was lost"), drop the
 *   connection ('network'), answer an HTTP status (500, 502, 429, 401 ...), or act and answer 2xx
 *   with fields left out (`{ omit: ['shipment_id'] }`, dot paths into the answer).
 * - `count(method, path)`, `requests`: what reached it (path below /v1/external).
 * - `scan(awb, 'OUT FOR DELIVERY', ...)`: the courier scans the parcel (its status moves, tracking
 *   shows it). Nothing is scanned by itself.
 * - `sendWebhooks(url, awb, { scans: [0, 2, 1, 1] })`: POSTs Shiprocket's tracking webhook as it
 *   was when each listed scan was the latest, in the order given (repeat an index for duplicates,
 *   shuffle for out of order), with the `x-api-key` token (or another, or none).
 * - `setServiceable(pin, false)`, `expireTokens()`, `orders()`, `orderByKey(requestKey)`.
 * Labels and manifests are small real PDFs (pdfkit; their title, plain text in the file, names the AWBs),
 * served under /files/ without a token, as Shiprocket's S3 links are.
 */

export type FakeShiprocketFailure = number | 'timeout' | 'lost' | 'network' | { omit: string[] };

export interface FakeRequest {
  method: string;
  /** Below the API base (/orders/create/adhoc), or /files/... for downloads. */
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: unknown;
  /** The HTTP status answered; -1 when it hung or dropped the connection. */
  status: number;
}

export interface FakeCourierCompany {
  courier_company_id: number;
  courier_name: string;
  /** Rupees per 0.5 kg slab. */
  rate: number;
  estimated_delivery_days: number;
  cod: 0 | 1;
}

export interface FakeScan {
  /** Indian time, "2026-03-14 18:05:00". */
  date: string;
  /** The courier's own code. */
  status: string;
  activity: string;
  location: string;
  'sr-status': string;
  'sr-status-label': string;
}

export interface FakeOrder {
  /** Shiprocket's order id. */
  id: number;
  /** Ours: the request key. */
  channel_order_id: string;
  status: string;
  status_code: number;
  created_at: string;
  /** The create request's body, as sent. */
  request: Record<string, unknown>;
  shipment: {
    id: number;
    awb: string | null;
    courier_company_id: number | null;
    courier_name: string | null;
    routing_code: string | null;
    pickup_scheduled_date: string | null;
    manifest_id: number | null;
    scans: FakeScan[];
  };
}

export interface FakeShiprocketOptions {
  email?: string;
  password?: string;
  webhookToken?: string;
  /** The account's pickup location nicknames (default ["Primary"]). */
  pickupLocations?: string[];
  couriers?: FakeCourierCompany[];
  /** Shiprocket's idea of now; the real clock by default. */
  clock?: () => Date;
}

export interface FakeShiprocket {
  /** The API base for `baseUrl`: http://127.0.0.1:<port>/v1/external. */
  readonly url: string;
  readonly email: string;
  readonly password: string;
  readonly webhookToken: string;
  readonly requests: FakeRequest[];
  /** The failed-delivery answers received (POST /ndr/{awb}/action), oldest first. */
  readonly ndrActions: { awb: string; action: string; comments: string }[];
  /** The courier settings for selectCourier, pointed here. */
  settings(pickupLocation?: string): { email: string; password: string; pickupLocation: string; webhookToken: string; baseUrl: string };
  orders(): FakeOrder[];
  /** The order made for our request key (Shiprocket's channel order id). */
  orderByKey(requestKey: string): FakeOrder | undefined;
  /** How many requests reached `method path` (path below the base, exact or a pattern), answered or not. */
  count(method: string, path: string | RegExp): number;
  failNext(count: number, failure?: FakeShiprocketFailure, only?: { method?: string; path?: RegExp }): void;
  /** Every token given so far is refused (401), as after its 10 days. */
  expireTokens(): void;
  /** Whether any courier delivers to `pin` (all do by default). */
  setServiceable(pin: string, serviceable: boolean): void;
  /** The courier scans the parcel: a tracking event with Shiprocket's status words (see SHIPROCKET_STATUSES). */
  scan(awb: string, status: string, opts?: { at?: Date; activity?: string; location?: string }): FakeScan;
  /** The tracking webhook's body as Shiprocket sent it when scan `upTo` (default the latest) was the latest. */
  webhookBody(awb: string, upTo?: number): Record<string, unknown>;
  /** POSTs webhooks to `url`, one per listed scan index (default each scan once, in order); answers their statuses. */
  sendWebhooks(url: string, awb: string, opts?: { scans?: number[]; token?: string | null }): Promise<number[]>;
  close(): Promise<void>;
}

const API_PREFIX = '/v1/external';
const TOKEN_LIFETIME_MS = 10 * 24 * 60 * 60 * 1000;
const IST_OFFSET_MS = 330 * 60 * 1000;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const DEFAULT_COURIERS: FakeCourierCompany[] = [
  { courier_company_id: 10, courier_name: 'Delhivery Surface', rate: 54, estimated_delivery_days: 4, cod: 1 },
  { courier_company_id: 33, courier_name: 'Xpressbees Surface', rate: 61.5, estimated_delivery_days: 3, cod: 1 },
  { courier_company_id: 24, courier_name: 'Blue Dart Air', rate: 120.25, estimated_delivery_days: 2, cod: 0 },
];

/** Shiprocket's error answer. */
class ShiprocketApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string[]>,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }

  body(): unknown {
    return { message: this.message, ...(this.errors ? { errors: this.errors } : {}), status_code: this.status, ...this.extra };
  }
}

const invalid = (field: string, text: string) => new ShiprocketApiError(422, 'Oops! Invalid Data.', { [field]: [text] });
const bad = (message: string, extra?: Record<string, unknown>) => new ShiprocketApiError(400, message, undefined, extra);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A JSON scalar as text ('' for anything else). */
function scalar(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';
}

/** Indian time as Shiprocket writes it: "2026-03-14 18:05:00". */
function istText(date: Date): string {
  return new Date(date.getTime() + IST_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

function pdf(title: string, lines: string[]): Promise<Buffer> {
  // The title is kept as plain text in the file: a test finds the AWB in the bytes.
  const doc = new PDFDocument({ size: [288, 432], margin: 18, info: { Title: title } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  for (const line of lines) doc.fontSize(11).text(line);
  doc.end();
  return done;
}

function omit(body: unknown, paths: string[]): unknown {
  const copy = structuredClone(body);
  for (const path of paths) {
    const keys = path.split('.');
    let node: unknown = copy;
    for (const key of keys.slice(0, -1)) node = isRecord(node) || Array.isArray(node) ? (node as Record<string, unknown>)[key] : undefined;
    if (isRecord(node)) delete node[keys[keys.length - 1]!];
  }
  return copy;
}

export async function startFakeShiprocket(opts: FakeShiprocketOptions = {}): Promise<FakeShiprocket> {
  const email = opts.email ?? 'api-user@shop.test';
  const password = opts.password ?? crypto.randomBytes(9).toString('base64url');
  const webhookToken = opts.webhookToken ?? crypto.randomBytes(12).toString('hex');
  const pickupLocations = opts.pickupLocations ?? ['Primary'];
  const couriers = opts.couriers ?? DEFAULT_COURIERS;
  const clock = opts.clock ?? (() => new Date());

  const tokens = new Map<string, number>();
  const orders = new Map<number, FakeOrder>();
  const unserviceable = new Set<string>();
  const manifests = new Map<number, number[]>();
  const requests: FakeRequest[] = [];
  const ndrActions: { awb: string; action: string; comments: string }[] = [];
  const hung = new Set<http.ServerResponse>();
  let failures: { count: number; failure: FakeShiprocketFailure; only: { method?: string; path?: RegExp } } = { count: 0, failure: 500, only: {} };
  let nextOrderId = 700_000_001;
  let nextShipmentId = 500_000_001;
  let nextManifestId = 3051;
  let origin = '';

  const shipments = () => [...orders.values()];
  const byShipment = (id: unknown) => shipments().find((o) => o.shipment.id === Number(id));
  const byAwb = (awb: string) => shipments().find((o) => o.shipment.awb === awb);

  function login(body: unknown): unknown {
    if (!isRecord(body) || typeof body.email !== 'string' || typeof body.password !== 'string') throw invalid('email', 'The email field is required.');
    if (body.email !== email || body.password !== password) throw bad('Invalid email and password combination');
    const token = `${Buffer.from('{"typ":"JWT","alg":"HS256"}').toString('base64url')}.${crypto.randomBytes(24).toString('base64url')}.${crypto.randomBytes(16).toString('base64url')}`;
    tokens.set(token, clock().getTime());
    return { id: 2804304, first_name: 'API', last_name: 'User', email, company_id: 25149, created_at: istText(clock()), token };
  }

  function authorised(headers: http.IncomingHttpHeaders): boolean {
    const token = /^Bearer (.+)$/.exec(headers.authorization ?? '')?.[1];
    const issued = token ? tokens.get(token) : undefined;
    return issued !== undefined && clock().getTime() - issued < TOKEN_LIFETIME_MS;
  }

  function serviceability(query: URLSearchParams): unknown {
    const errors: Record<string, string[]> = {};
    const pickup = query.get('pickup_postcode') ?? '';
    const delivery = query.get('delivery_postcode') ?? '';
    const weight = Number(query.get('weight'));
    const cod = query.get('cod');
    if (!/^[1-9]\d{5}$/.test(pickup)) errors.pickup_postcode = ['The pickup postcode must be 6 digits.'];
    if (!/^[1-9]\d{5}$/.test(delivery)) errors.delivery_postcode = ['The delivery postcode must be 6 digits.'];
    if (!(weight > 0)) errors.weight = ['The weight field is required when order id is not present.'];
    if (cod !== '0' && cod !== '1') errors.cod = ['The cod field is required when order id is not present.'];
    if (Object.keys(errors).length > 0) throw new ShiprocketApiError(422, 'Required field missing', errors);
    if (unserviceable.has(delivery)) return { status: 404, message: `Delivery postcode ${delivery} is not serviceable` };
    const slabs = Math.max(1, Math.ceil(weight / 0.5));
    const now = clock();
    const offered = couriers.filter((c) => cod === '0' || c.cod === 1);
    return {
      company_auto_shipment_insurance_setting: false,
      covid_zones: { delivery_zone: null, pickup_zone: null },
      currency: 'INR',
      data: {
        available_courier_companies: offered.map((c, i) => {
          const etd = new Date(now.getTime() + IST_OFFSET_MS + c.estimated_delivery_days * 86_400_000);
          const rate = Math.round(c.rate * slabs * 100) / 100;
          return {
            courier_company_id: c.courier_company_id,
            courier_name: c.courier_name,
            rate,
            freight_charge: rate,
            cod: c.cod,
            cod_charges: 0,
            estimated_delivery_days: String(c.estimated_delivery_days),
            etd: `${MONTHS[etd.getUTCMonth()]} ${String(etd.getUTCDate()).padStart(2, '0')}, ${etd.getUTCFullYear()}`,
            etd_hours: c.estimated_delivery_days * 24,
            charge_weight: slabs * 0.5,
            min_weight: 0.5,
            is_surface: !/air/i.test(c.courier_name),
            postcode: delivery,
            rating: 4.5 - i * 0.2,
            realtime_tracking: 'Real Time',
            zone: 'z_d',
          };
        }),
        recommended_courier_company_id: offered[0]?.courier_company_id ?? null,
        shiprocket_recommended_courier_id: offered[0]?.courier_company_id ?? null,
      },
      status: 200,
    };
  }

  function createOrder(body: unknown): unknown {
    if (!isRecord(body)) throw invalid('order_id', 'The order id field is required.');
    const text = (field: string, max = 200) => {
      const value = body[field];
      if (typeof value !== 'string' || value.trim() === '') throw invalid(field, `The ${field.replaceAll('_', ' ')} field is required.`);
      if (value.length > max) throw invalid(field, `The ${field.replaceAll('_', ' ')} may not be greater than ${max} characters.`);
      return value;
    };
    const channelOrderId = text('order_id', 50);
    if (shipments().some((o) => o.channel_order_id === channelOrderId)) {
      // Shiprocket never takes an order_id twice, a cancelled order's included.
      throw invalid('order_id', 'The order id has already been taken.');
    }
    const orderDate = text('order_date');
    if (!/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2})?$/.test(orderDate)) throw invalid('order_date', 'The order date does not match the format Y-m-d H:i.');
    const pickup = text('pickup_location');
    if (!pickupLocations.includes(pickup)) {
      throw bad('Wrong Pickup location entered. Please choose one location from data given', { data: { data: pickupLocations.map((p) => ({ pickup_location: p })) } });
    }
    text('billing_customer_name');
    text('billing_address');
    text('billing_city', 30);
    text('billing_state');
    text('billing_country');
    const mail = text('billing_email');
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(mail)) throw invalid('billing_email', 'The billing email must be a valid email address.');
    if (!/^[1-9]\d{5}$/.test(scalar(body.billing_pincode))) throw invalid('billing_pincode', 'The billing pincode must be 6 digits.');
    if (!/^\d{10}$/.test(scalar(body.billing_phone))) throw invalid('billing_phone', 'The billing phone must be 10 digits.');
    if (body.shipping_is_billing !== true && body.shipping_is_billing !== 1)
      throw invalid('shipping_customer_name', 'The shipping customer name field is required when shipping is billing is false.');
    const items = body.order_items;
    if (!Array.isArray(items) || items.length === 0) throw invalid('order_items', 'The order items field is required.');
    let itemsTotal = 0;
    items.forEach((item: unknown, i) => {
      if (!isRecord(item)) throw invalid(`order_items.${i}`, 'Each order item must be an object.');
      for (const field of ['name', 'sku']) {
        if (typeof item[field] !== 'string' || item[field] === '') throw invalid(`order_items.${i}.${field}`, `The order_items.${i}.${field} field is required.`);
      }
      const units = Number(item.units);
      const price = Number(item.selling_price);
      if (!Number.isInteger(units) || units < 1) throw invalid(`order_items.${i}.units`, `The order_items.${i}.units must be at least 1.`);
      if (!(price > 0)) throw invalid(`order_items.${i}.selling_price`, `The order_items.${i}.selling_price must be greater than 0.`);
      itemsTotal += units * price - Number(item.discount || 0) * units;
    });
    const method = scalar(body.payment_method).toLowerCase();
    if (method !== 'cod' && method !== 'prepaid') throw invalid('payment_method', 'The selected payment method is invalid.');
    const subTotal = Number(body.sub_total);
    if (!(subTotal > 0)) throw invalid('sub_total', 'The sub total field is required.');
    // "Be sure to input the correct calculated sub_total amount": the fake holds the shop to it.
    if (Math.abs(subTotal - itemsTotal) > 0.011) throw invalid('sub_total', `The sub total ${subTotal} is not the items' total ${Math.round(itemsTotal * 100) / 100}.`);
    for (const side of ['length', 'breadth', 'height']) {
      if (!(Number(body[side]) > 0.5)) throw invalid(side, `The ${side} must be more than 0.5.`);
    }
    if (!(Number(body.weight) > 0)) throw invalid('weight', 'The weight must be more than 0.');

    const order: FakeOrder = {
      id: nextOrderId++,
      channel_order_id: channelOrderId,
      status: 'NEW',
      status_code: 1,
      created_at: istText(clock()),
      request: structuredClone(body),
      shipment: { id: nextShipmentId++, awb: null, courier_company_id: null, courier_name: null, routing_code: null, pickup_scheduled_date: null, manifest_id: null, scans: [] },
    };
    orders.set(order.id, order);
    return {
      order_id: order.id,
      shipment_id: order.shipment.id,
      status: 'NEW',
      status_code: 1,
      onboarding_completed_now: 0,
      awb_code: null,
      courier_company_id: null,
      courier_name: null,
    };
  }

  function listOrders(query: URLSearchParams): unknown {
    const search = query.get('search')?.trim() ?? '';
    const perPage = Math.min(Number(query.get('per_page') ?? 15) || 15, 100);
    // Shiprocket's search matches part of the channel order id, or an AWB.
    const found = shipments()
      .filter((o) => search === '' || o.channel_order_id.includes(search) || o.shipment.awb === search)
      .sort((a, b) => b.id - a.id);
    const page = found.slice(0, perPage);
    return {
      data: page.map((o) => ({
        id: o.id,
        channel_id: 76893,
        channel_name: 'CUSTOM',
        base_channel_code: 'CS',
        channel_order_id: o.channel_order_id,
        customer_name: [o.request.billing_customer_name, o.request.billing_last_name].filter(Boolean).join(' '),
        customer_email: o.request.billing_email,
        customer_phone: String(o.request.billing_phone),
        pickup_location: o.request.pickup_location,
        total: Number(o.request.sub_total).toFixed(2),
        status: o.status,
        status_code: o.status_code,
        payment_method: String(o.request.payment_method).toLowerCase(),
        created_at: o.created_at,
        products: (o.request.order_items as Record<string, unknown>[]).map((item, i) => ({ id: o.id * 10 + i, name: item.name, channel_sku: item.sku, quantity: item.units })),
        shipments: [
          {
            id: o.shipment.id,
            isd_code: '+91',
            courier: o.shipment.courier_name ?? '',
            weight: Number(o.request.weight),
            dimensions: `${Number(o.request.length).toFixed(2)}x${Number(o.request.breadth).toFixed(2)}x${Number(o.request.height).toFixed(2)}`,
            pickup_scheduled_date: o.shipment.pickup_scheduled_date,
            awb: o.shipment.awb ?? '',
            etd: 'NA',
          },
        ],
        activities: ['ORDER_CREATED', ...(o.status === 'CANCELED' ? ['ORDER_CANCELLED'] : [])],
      })),
      meta: { pagination: { total: found.length, count: page.length, per_page: perPage, current_page: 1, total_pages: Math.max(1, Math.ceil(found.length / perPage)), links: {} } },
    };
  }

  function assignAwb(body: unknown): unknown {
    if (!isRecord(body) || body.shipment_id === undefined || body.shipment_id === '')
      throw new ShiprocketApiError(422, 'Required field missing', { shipment_id: ['The shipment id field is required.'] });
    const order = byShipment(body.shipment_id);
    if (!order) throw bad('Invalid shipment id');
    const failed = (error: string) => ({ awb_assign_status: 0, response: { data: { awb_assign_error: error } } });
    if (order.status === 'CANCELED') return failed('Order is cancelled');
    if (order.shipment.awb) return failed(`AWB is already assigned to shipment ${order.shipment.id}`);
    const courier = body.courier_id === undefined || body.courier_id === '' ? couriers[0] : couriers.find((c) => c.courier_company_id === Number(body.courier_id));
    if (!courier) return failed('Selected courier is not serviceable for this shipment');
    order.shipment.awb = String(crypto.randomInt(10 ** 13, 10 ** 14));
    order.shipment.courier_company_id = courier.courier_company_id;
    order.shipment.courier_name = courier.courier_name;
    order.shipment.routing_code = 'S2/S-69/1B/016';
    order.status = 'READY TO SHIP';
    order.status_code = 3;
    return {
      awb_assign_status: 1,
      response: {
        data: {
          courier_company_id: courier.courier_company_id,
          awb_code: order.shipment.awb,
          cod: String(order.request.payment_method).toLowerCase() === 'cod' ? 1 : 0,
          order_id: order.id,
          shipment_id: order.shipment.id,
          awb_code_status: 1,
          assigned_date_time: { date: `${istText(clock())}.000000`, timezone_type: 3, timezone: 'Asia/Kolkata' },
          applied_weight: Number(order.request.weight),
          company_id: 25149,
          courier_name: courier.courier_name,
          child_courier_name: null,
          routing_code: order.shipment.routing_code,
          rto_routing_code: '',
          invoice_no: `retail${order.id}`,
          transporter_id: '',
          transporter_name: '',
        },
      },
    };
  }

  function shipmentIds(body: unknown, field = 'shipment_id'): number[] {
    if (!isRecord(body) || body[field] === undefined) throw invalid(field, `The ${field.replaceAll('_', ' ')} field is required.`);
    const ids = body[field];
    if (!Array.isArray(ids)) throw invalid(field, `The ${field.replaceAll('_', ' ')} must be an array.`);
    return ids.map(Number);
  }

  function label(body: unknown): unknown {
    const ids = shipmentIds(body);
    const ready = ids.map(byShipment).filter((o): o is FakeOrder => o !== undefined && o.shipment.awb !== null && o.status !== 'CANCELED');
    const notCreated = ids.filter((id) => !ready.some((o) => o.shipment.id === id));
    if (ready.length === 0) return { label_created: 0, not_created: notCreated, response: 'No valid shipment ids to print label' };
    const first = ready[0]!;
    return {
      label_created: 1,
      label_url: `${origin}/files/labels/shipping-label-${first.shipment.id}-${first.shipment.awb}.pdf`,
      response: 'Label has been created and uploaded successfully!',
      not_created: notCreated,
    };
  }

  function pickup(body: unknown): unknown {
    const ids = shipmentIds(body);
    if (ids.length !== 1) throw bad('Only one shipment id can be passed at a time');
    const order = byShipment(ids[0]);
    if (!order || order.status === 'CANCELED') throw bad('Invalid shipment id');
    if (!order.shipment.awb) throw bad('Please assign AWB to the shipment before requesting pickup');
    if (order.shipment.pickup_scheduled_date) throw bad('Already in Pickup Queue.');
    const tomorrow = new Date(clock().getTime() + 86_400_000);
    order.shipment.pickup_scheduled_date = `${istText(tomorrow).slice(0, 10)} 11:00:00`;
    order.status = 'PICKUP SCHEDULED';
    order.status_code = 4;
    return {
      pickup_status: 1,
      response: {
        pickup_scheduled_date: order.shipment.pickup_scheduled_date,
        pickup_token_number: `Reference No: ${order.shipment.id}_${order.shipment.courier_name}`,
        status: 3,
        pickup_generated_date: { date: `${istText(clock())}.000000`, timezone_type: 3, timezone: 'Asia/Kolkata' },
        data: `Pickup is confirmed by ${order.shipment.courier_name} For AWB :- ${order.shipment.awb}`,
      },
    };
  }

  function generateManifest(body: unknown): unknown {
    const ids = shipmentIds(body);
    if (ids.length === 0) return { status: 1, manifest_url: '' };
    const found = ids.map(byShipment);
    if (found.some((o) => !o || !o.shipment.awb || !o.shipment.pickup_scheduled_date))
      throw bad('AWB must be assigned and pickup requested on the shipment id to generate manifest');
    const already = found.filter((o) => o!.shipment.manifest_id !== null).map((o) => o!.shipment.id);
    if (already.length > 0) throw bad('Manifest already generated for some shipment_ids, Please try again after removin them', { already_manifested_shipment_ids: already });
    const manifestId = nextManifestId++;
    manifests.set(manifestId, ids);
    for (const order of found) order!.shipment.manifest_id = manifestId;
    return { status: 1, manifest_url: `${origin}/files/manifests/MANIFEST-${manifestId}.pdf` };
  }

  function printManifest(body: unknown): unknown {
    const ids = shipmentIds(body, 'order_ids');
    const manifestId = ids.map((id) => orders.get(id)?.shipment.manifest_id).find((id) => id !== null && id !== undefined);
    return { manifest_url: manifestId === undefined ? '' : `${origin}/files/manifests/MANIFEST-${manifestId}.pdf` };
  }

  function track(awb: string): unknown {
    const order = byAwb(awb);
    const scans = order?.shipment.scans ?? [];
    if (!order || scans.length === 0) {
      return { tracking_data: { track_status: 0, error: 'Aahh! There is no activities found in our DB. Please have some patience it will be updated soon.' } };
    }
    const latest = scans[scans.length - 1]!;
    const delivered = scans.find((s) => s['sr-status-label'] === 'DELIVERED');
    const pickedUp = scans.find((s) => s['sr-status-label'] === 'PICKED UP');
    return {
      tracking_data: {
        track_status: 1,
        shipment_status: Number(latest['sr-status']),
        shipment_track: [
          {
            id: order.shipment.id,
            awb_code: awb,
            courier_company_id: order.shipment.courier_company_id,
            shipment_id: order.shipment.id,
            order_id: order.id,
            pickup_date: pickedUp?.date ?? null,
            delivered_date: delivered?.date ?? null,
            weight: String(order.request.weight),
            packages: 1,
            current_status: latest['sr-status-label'].replace(/\b([A-Z])([A-Z]*)/g, (_, a: string, b: string) => a + b.toLowerCase()),
            delivered_to: String(order.request.billing_city),
            destination: String(order.request.billing_city),
            consignee_name: '',
            origin: 'Bengaluru',
            courier_agent_details: null,
            courier_name: order.shipment.courier_name,
            edd: null,
            pod: delivered ? 'Available' : 'Not Available',
            pod_status: '',
          },
        ],
        // Newest first, as Shiprocket lists them.
        shipment_track_activities: [...scans].reverse(),
        track_url: `https://shiprocket.co/tracking/${awb}`,
        etd: istText(new Date(clock().getTime() + 3 * 86_400_000)),
        qc_response: { qc_image: '', qc_failed_reason: '' },
      },
    };
  }

  function cancel(body: unknown): void {
    const ids = shipmentIds(body, 'ids');
    if (ids.length === 0) throw new ShiprocketApiError(422, 'Required field missing', { ids: ['The ids field is required.'] });
    const found = ids.map((id) => orders.get(id));
    if (found.some((o) => !o)) throw bad('Order Id does not exists');
    if (found.some((o) => o!.shipment.scans.some((s) => ['PICKED UP', 'SHIPPED', 'IN TRANSIT', 'OUT FOR DELIVERY', 'DELIVERED'].includes(s['sr-status-label'])))) {
      throw bad('Order(s) already picked up cannot be cancelled');
    }
    for (const order of found) {
      order!.status = 'CANCELED';
      order!.status_code = 5;
    }
  }

  function route(method: string, path: string, query: URLSearchParams, body: unknown): { status: number; body: unknown } {
    const ok = (answer: unknown) => ({ status: 200, body: answer });
    if (method === 'GET' && /^\/courier\/serviceability\/?$/.test(path)) return ok(serviceability(query));
    if (method === 'POST' && path === '/orders/create/adhoc') return ok(createOrder(body));
    if (method === 'GET' && path === '/orders') return ok(listOrders(query));
    if (method === 'POST' && path === '/courier/assign/awb') return ok(assignAwb(body));
    if (method === 'POST' && path === '/courier/generate/label') return ok(label(body));
    if (method === 'POST' && path === '/courier/generate/pickup') return ok(pickup(body));
    if (method === 'POST' && path === '/manifests/generate') return ok(generateManifest(body));
    if (method === 'POST' && path === '/manifests/print') return ok(printManifest(body));
    const awb = /^\/courier\/track\/awb\/([^/]+)$/.exec(path)?.[1];
    if (method === 'GET' && awb) return ok(track(decodeURIComponent(awb)));
    if (method === 'POST' && path === '/orders/cancel') {
      cancel(body);
      return { status: 204, body: null };
    }
    const ndrAwb = /^\/ndr\/([^/]+)\/action$/.exec(path)?.[1];
    if (method === 'POST' && ndrAwb) {
      const wanted = isRecord(body) ? scalar(body.action) : '';
      if (wanted !== 're-attempt' && wanted !== 'return') throw invalid('action', 'The selected action is invalid.');
      if (!byAwb(decodeURIComponent(ndrAwb))) throw new ShiprocketApiError(404, 'AWB not found in NDR');
      ndrActions.push({ awb: decodeURIComponent(ndrAwb), action: wanted, comments: isRecord(body) ? scalar(body.comments) : '' });
      return { status: 202, body: { status: 'Data Updated Sucessfully' } };
    }
    throw new ShiprocketApiError(404, '404 Not Found');
  }

  async function file(path: string): Promise<Buffer | null> {
    const labelMatch = /^\/files\/labels\/shipping-label-(\d+)-(\d+)\.pdf$/.exec(path);
    if (labelMatch) {
      const order = byShipment(labelMatch[1]);
      if (!order || order.shipment.awb !== labelMatch[2]) return null;
      return pdf(`Label AWB ${order.shipment.awb}`, [
        'Shiprocket label (fake)',
        `AWB ${order.shipment.awb}`,
        `Courier ${order.shipment.courier_name}`,
        `Routing ${order.shipment.routing_code}`,
        `Order ${order.channel_order_id}`,
      ]);
    }
    const manifestMatch = /^\/files\/manifests\/MANIFEST-(\d+)\.pdf$/.exec(path);
    const ids = manifestMatch ? manifests.get(Number(manifestMatch[1])) : undefined;
    if (!ids) return null;
    return pdf(`Manifest ${manifestMatch![1]}: AWB ${ids.map((id) => byShipment(id)?.shipment.awb).join(', ')}`, [
      `Manifest ${manifestMatch![1]} (fake)`,
      ...ids.map((id) => `Shipment ${id} AWB ${byShipment(id)?.shipment.awb}`),
    ]);
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const rawBody = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://fake.shiprocket');
    const method = req.method ?? 'GET';
    const api = url.pathname.startsWith(`${API_PREFIX}/`);
    const path = api ? url.pathname.slice(API_PREFIX.length) : url.pathname;
    const record: FakeRequest = { method, path, query: url.searchParams, headers: req.headers, body: undefined, status: 0 };
    requests.push(record);
    const reply = (status: number, body: unknown, type = 'application/json') => {
      record.status = status;
      if (body === null) {
        res.writeHead(status).end();
        return;
      }
      res.writeHead(status, { 'Content-Type': type });
      res.end(Buffer.isBuffer(body) ? body : JSON.stringify(body));
    };
    const hang = () => {
      record.status = -1;
      hung.add(res);
      res.on('close', () => hung.delete(res));
    };
    if (rawBody !== '') {
      try {
        record.body = JSON.parse(rawBody) as unknown;
      } catch {
        // refused below, unless a failure comes first
      }
    }
    const matches = failures.count > 0 && (failures.only.method ?? method) === method && (failures.only.path?.test(path) ?? true);
    const failure = matches ? failures.failure : null;
    if (matches) failures.count -= 1;
    try {
      if (failure === 'timeout') return hang();
      if (failure === 'network') {
        record.status = -1;
        res.destroy();
        return;
      }
      if (typeof failure === 'number') throw new ShiprocketApiError(failure, failure >= 500 ? 'Something went wrong. Please try again later.' : 'Request refused by the fake.');
      if (rawBody !== '' && record.body === undefined) throw bad('The request body is not valid JSON.');
      if (!api) {
        const bytes = method === 'GET' ? await file(path) : null;
        if (!bytes) throw new ShiprocketApiError(404, 'Not Found');
        if (failure === 'lost') return hang();
        return reply(200, bytes, 'application/pdf');
      }
      let answer: { status: number; body: unknown };
      if (method === 'POST' && path === '/auth/login') answer = { status: 200, body: login(record.body) };
      else if (!authorised(req.headers)) throw new ShiprocketApiError(401, 'Unauthenticated.');
      else answer = route(method, path, url.searchParams, record.body ?? {});
      if (failure === 'lost') return hang();
      if (failure && typeof failure === 'object') return reply(answer.status, omit(answer.body, failure.omit));
      reply(answer.status, answer.body);
    } catch (error) {
      if (error instanceof ShiprocketApiError) return reply(error.status, error.body());
      reply(500, { message: error instanceof Error ? error.message : 'fake failure', status_code: 500 });
    }
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => res.destroy(error instanceof Error ? error : new Error(String(error))));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const base = `${origin}${API_PREFIX}`;

  function requireOrderOfAwb(awb: string): FakeOrder {
    const order = byAwb(awb);
    if (!order) throw new Error(`No shipment has AWB ${awb}`);
    return order;
  }

  function webhookBody(awb: string, upTo?: number): Record<string, unknown> {
    const order = requireOrderOfAwb(awb);
    const scans = order.shipment.scans;
    const last = upTo ?? scans.length - 1;
    const scan = scans[last];
    if (!scan) throw new Error(`Shipment ${awb} has no scan ${last}`);
    const [date, time] = scan.date.split(' ') as [string, string];
    const [year, month, day] = date.split('-');
    const id = Number(scan['sr-status']);
    return {
      awb,
      courier_name: order.shipment.courier_name,
      current_status: scan['sr-status-label'],
      // The courier's own numbering, not Shiprocket's shipment status table (see shiprocket-statuses.ts).
      current_status_id: id + 2,
      shipment_status: scan['sr-status-label'],
      shipment_status_id: id,
      current_timestamp: `${day} ${month} ${year} ${time}`,
      order_id: order.channel_order_id,
      sr_order_id: order.id,
      awb_assigned_date: order.created_at,
      pickup_scheduled_date: order.shipment.pickup_scheduled_date,
      etd: istText(new Date(clock().getTime() + 3 * 86_400_000)),
      scans: scans.slice(0, last + 1),
      is_return: 0,
      channel_id: 76893,
      pod_status: 'OTP Based Delivery',
      pod: 'Not Available',
    };
  }

  return {
    url: base,
    email,
    password,
    webhookToken,
    requests,
    ndrActions,
    settings: (pickupLocation = pickupLocations[0] ?? 'Primary') => ({ email, password, pickupLocation, webhookToken, baseUrl: base }),
    orders: () => shipments(),
    orderByKey: (requestKey) => shipments().find((o) => o.channel_order_id === requestKey),
    count: (method, path) => requests.filter((r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path))).length,
    failNext(count, failure = 500, only = {}) {
      failures = { count, failure, only };
    },
    expireTokens() {
      tokens.clear();
    },
    setServiceable(pin, serviceable) {
      if (serviceable) unserviceable.delete(pin);
      else unserviceable.add(pin);
    },
    scan(awb, status, scanOpts = {}) {
      const order = requireOrderOfAwb(awb);
      const row = shiprocketStatusRow(status);
      if (row.id === null) throw new Error(`${status} has no number in Shiprocket's table; use its numbered name`);
      const scans = order.shipment.scans;
      const previous = scans[scans.length - 1];
      // Each scan after the last, a minute apart when the clock stands still.
      let at = scanOpts.at ?? clock();
      if (!scanOpts.at && previous && istText(at) <= previous.date) at = new Date(Date.parse(`${previous.date.replace(' ', 'T')}+05:30`) + 60_000);
      const words = row.label.toLowerCase().replace(/^\w/, (c) => c.toUpperCase());
      const scan: FakeScan = {
        date: istText(at),
        status: row.label
          .split(' ')
          .map((w) => w[0])
          .join(''),
        activity: scanOpts.activity ?? words,
        location: scanOpts.location ?? 'Bengaluru Hub, Karnataka',
        'sr-status': String(row.id),
        'sr-status-label': row.label,
      };
      scans.push(scan);
      order.status = row.label;
      order.status_code = row.id;
      return scan;
    },
    webhookBody,
    async sendWebhooks(url, awb, sendOpts = {}) {
      const order = requireOrderOfAwb(awb);
      const indexes = sendOpts.scans ?? order.shipment.scans.map((_, i) => i);
      const token = sendOpts.token === undefined ? webhookToken : sendOpts.token;
      const statuses: number[] = [];
      for (const index of indexes) {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', ...(token === null ? {} : { 'x-api-key': token }) },
          body: JSON.stringify(webhookBody(awb, index)),
          signal: AbortSignal.timeout(10_000),
        });
        await response.arrayBuffer();
        statuses.push(response.status);
      }
      return statuses;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const res of hung) res.destroy();
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

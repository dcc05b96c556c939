import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlaceCodOrderResult } from '../../../shared/schemas/order';
import type { AdminSettings } from '../../../shared/schemas/settings';
import type { AdminShipment, CourierRates, OrderShipment, PackingSheet } from '../../../shared/schemas/shipping';
import { insertProduct, signInAs, testShopSettings, type TestProduct } from '../../testing/factories';
import { startFakeShiprocket, type FakeShiprocket } from '../../testing/fake-shiprocket';
import { testImei } from '../../testing/shipping';
import { startTestServer, type HttpClient, type TestServer } from '../../testing/test-server';
import { loadSettings } from '../../settings/shop-settings';
import { pollTracking } from './shipping.service';

// Shipping through Shiprocket (issue 29): the shop's real HTTP client against a local fake
// Shiprocket that speaks the part of its API the shop uses, with its failures: a create whose
// answer is lost after Shiprocket made the order, timeouts, 5xx, answers missing fields, and
// tracking webhooks repeated and out of order.

const ADDRESS = { name: 'Asha Rao', phone: '98450 11111', line1: '12 MG Road', line2: '', city: 'Bengaluru', stateCode: '29', pin: '560001', gstin: '' };

let fake: FakeShiprocket;
let server: TestServer;
let admin: HttpClient;
let phone: TestProduct;
let earphones: TestProduct;
let now = Date.parse('2026-11-26T06:30:00.000Z');

type Refusal = { message: string; data: { appCode: string } };
type Sheet = PackingSheet & Refusal;

beforeAll(async () => {
  fake = await startFakeShiprocket();
  server = await startTestServer({ clock: () => new Date((now += 1000)), env: { SHIPROCKET_API_BASE: fake.url, SHIPROCKET_TIMEOUT_MS: '1500' } });
  ({ client: admin } = await signInAs(server, 'ADMIN'));
  const { email, password, pickupLocation, webhookToken } = fake.settings();
  const settings = testShopSettings({
    payments: { online: 'both', cod: { enabled: true, maxOrderPaise: 10_000_000, feePaise: 0, pins: [], maxOpenOrders: 20 } },
    fulfilment: {
      ewayBillThresholdPaise: 5_000_000,
      parcel: { weightGrams: 800, lengthCm: 25, breadthCm: 18, heightCm: 12 },
      courier: 'shiprocket',
      manual: { courierName: '', trackingUrl: '' },
      shiprocket: { email, password, pickupLocation, webhookToken },
    },
  });
  expect((await admin.trpc('mutation', 'settings.update', settings)).status).toBe(200);
  phone = await insertProduct(server.deps.db, { productName: 'Galaxy S30', category: 'mobiles', price: 8_000_000, sellingPrice: 7_500_000, stock: 50 });
  earphones = await insertProduct(server.deps.db, { productName: 'Buds Air', category: 'earphones', price: 299_900, sellingPrice: 199_900, stock: 50 });
});

afterAll(async () => {
  await server.close();
  await fake.close();
});

async function codOrder(products: readonly TestProduct[]): Promise<{ client: HttpClient; orderId: string }> {
  const { client } = await signInAs(server);
  for (const product of products) expect((await client.post('/api/addtocart', { productId: product.id })).status).toBe(200);
  const saved = await client.trpc<{ _id: string }>('mutation', 'address.create', ADDRESS);
  const placed = await client.trpc<PlaceCodOrderResult>('mutation', 'checkout.placeCodOrder', { addressId: saved.body._id });
  expect(placed.status).toBe(200);
  return { client, orderId: placed.body.orderId };
}

/** A phone-and-earphones order packed with its IMEI and e-way bill, ready to book. */
async function packedPhoneOrder(): Promise<{ client: HttpClient; orderId: string }> {
  const order = await codOrder([phone, earphones]);
  const sheet = (await admin.trpc<PackingSheet>('query', 'shipping.packingSheet', { orderId: order.orderId })).body;
  const packed = await admin.trpc('mutation', 'shipping.pack', {
    orderId: order.orderId,
    units: [{ itemId: sheet.lines[0]!.itemId, unit: 0, imei: testImei() }],
    ewayBill: { number: '291234567890', date: '2026-11-26' },
  });
  expect(packed.status).toBe(200);
  return order;
}

const numberOf = async (orderId: string) => (await server.deps.db.selectFrom('orders').select('order_number').where('id', '=', orderId).executeTakeFirstOrThrow()).order_number;
const book = (orderId: string) => admin.trpc<Sheet>('mutation', 'shipping.book', { orderId });
const statusOf = async (orderId: string) =>
  await server.deps.db.selectFrom('orders').select(['status', 'amount_charged', 'credit_note_number']).where('id', '=', orderId).executeTakeFirstOrThrow();
const creates = () => fake.count('POST', '/orders/create/adhoc');
const webhookUrl = () => `${server.url}/api/courier/tracking`;

describe('Shiprocket’s settings', () => {
  it('come to the Settings page with the secrets masked and the webhook URL to paste into Shiprocket; sent back masked, the saved ones stay', async () => {
    const shown = await admin.trpc<AdminSettings>('query', 'settings.get');
    expect(shown.status).toBe(200);
    const { shiprocket } = shown.body.fulfilment;
    expect(shiprocket).toEqual({ email: fake.email, password: `••••${fake.password.slice(-4)}`, pickupLocation: 'Primary', webhookToken: `••••${fake.webhookToken.slice(-4)}` });
    expect(shown.body.courierWebhookUrl).toBe(`${server.url}/api/courier/tracking`);
    const { updatedAt: _u, onlineProviders: _p, courierWebhookUrl: _w, ...form } = shown.body;
    expect((await admin.trpc('mutation', 'settings.update', form)).status).toBe(200);
    const { baseUrl: _b, ...saved } = fake.settings();
    expect((await loadSettings(server.deps.db, server.deps)).fulfilment.shiprocket).toEqual(saved);
  });
});

describe('booking with Shiprocket', () => {
  it('creates the shipment once when the first create times out after Shiprocket made it, then assigns the AWB and the pickup', async () => {
    const { client, orderId } = await packedPhoneOrder();
    const before = creates();
    fake.failNext(1, 'lost', { method: 'POST', path: /^\/orders\/create\/adhoc$/ });
    const booked = await book(orderId);
    expect(booked.status).toBe(200);
    expect(creates() - before).toBe(1);
    const key = `${await numberOf(orderId)}-1`;
    expect(fake.orders().filter((o) => o.channel_order_id === key)).toHaveLength(1);
    const awb = fake.orderByKey(key)!.shipment.awb!;
    // The sheet says Shiprocket is the shop's courier (the Ship step books with it), and the routing code the label prints.
    expect(booked.body.courier).toBe('shiprocket');
    expect(booked.body.shipment).toMatchObject({
      status: 'booked',
      courier: 'shiprocket',
      awb,
      courierName: fake.orderByKey(key)!.shipment.courier_name,
      routingCode: fake.orderByKey(key)!.shipment.routing_code,
      trackingUrl: `https://shiprocket.co/tracking/${awb}`,
      lastError: null,
    });
    expect(booked.body.shipment!.routingCode).toBeTruthy();
    // The admin sees every step: the booking and, apart, its pickup.
    expect(booked.body.shipment!.timeline.map((s) => s.status)).toEqual(['packed', 'booked', 'booked']);
    expect(booked.body.shipment!.timeline.at(-1)!.note).toMatch(/^Pickup scheduled for /);
    // The shopper sees one step per status: the booking and its pickup are one "booked" step, at
    // the booking's time, carrying the pickup's note.
    const mine = (await client.trpc<Record<string, OrderShipment[]>>('query', 'shipping.mine')).body[orderId]![0]!;
    expect(mine.timeline.map((s) => s.status)).toEqual(['packed', 'booked']);
    expect(mine.timeline[1]!.at).toBe(booked.body.shipment!.timeline[1]!.at);
    expect(mine.timeline[1]!.note).toMatch(/^Pickup scheduled for /);
    // The label: Shiprocket's own on 4 × 6, the shop's on A4.
    const courierLabel = await admin.bytes(`/admin/orders/${orderId}/label.pdf`);
    expect(courierLabel.status).toBe(200);
    expect(courierLabel.bytes.toString('latin1')).toContain(`Label AWB ${awb}`);
    const a4 = await admin.bytes(`/admin/orders/${orderId}/label.pdf?size=a4`);
    expect(a4.status).toBe(200);
    expect(a4.bytes.toString('latin1')).not.toContain(`Label AWB ${awb}`);
    // Asked again (a second click): nothing new at Shiprocket.
    const again = await book(orderId);
    expect(again.status).toBe(200);
    expect(creates() - before).toBe(1);
    expect(fake.count('POST', '/courier/assign/awb')).toBeGreaterThan(0);
    expect((await statusOf(orderId)).status).toBe('confirmed');
  });

  it('a create that timed out before Shiprocket made anything is a clear 502, and the next try creates it', async () => {
    const { orderId } = await packedPhoneOrder();
    const before = creates();
    fake.failNext(1, 'timeout', { method: 'POST', path: /^\/orders\/create\/adhoc$/ });
    const failed = await book(orderId);
    expect(failed.status).toBe(502);
    expect(failed.body.message).toMatch(/Shiprocket did not answer/);
    const sheet = (await admin.trpc<PackingSheet>('query', 'shipping.packingSheet', { orderId })).body;
    expect(sheet.shipment).toMatchObject({ status: 'packed', lastError: expect.stringMatching(/Shiprocket did not answer/) as string });
    const retried = await book(orderId);
    expect(retried.status).toBe(200);
    expect(creates() - before).toBe(2);
    const key = `${await numberOf(orderId)}-1`;
    expect(fake.orders().filter((o) => o.channel_order_id === key)).toHaveLength(1);
  });

  it('an answer missing its fields is a 502 naming the field (logged, not a 500), and the retry finds what Shiprocket made', async () => {
    const { orderId } = await packedPhoneOrder();
    fake.failNext(1, { omit: ['shipment_id'] }, { method: 'POST', path: /^\/orders\/create\/adhoc$/ });
    const failed = await book(orderId);
    expect(failed.status).toBe(502);
    expect(failed.body.message).toMatch(/shipment_id/);
    fake.failNext(1, 503, { method: 'POST', path: /^\/courier\/assign\/awb$/ });
    const assignFailed = await book(orderId);
    expect(assignFailed.status).toBe(502);
    const retried = await book(orderId);
    expect(retried.status).toBe(200);
    expect(retried.body.shipment!.status).toBe('booked');
    const key = `${await numberOf(orderId)}-1`;
    expect(fake.orders().filter((o) => o.channel_order_id === key)).toHaveLength(1);
  });

  it('a pickup Shiprocket refuses leaves the parcel booked with the error to show; trying again schedules it and clears the error', async () => {
    const { orderId } = await packedPhoneOrder();
    // Asked three times (a pickup request is repeated after a 5xx): all three fail.
    fake.failNext(3, 503, { method: 'POST', path: /^\/courier\/generate\/pickup$/ });
    const failed = await book(orderId);
    expect(failed.status).toBe(502);
    const sheet = (await admin.trpc<PackingSheet>('query', 'shipping.packingSheet', { orderId })).body;
    expect(sheet.shipment).toMatchObject({ status: 'booked', lastError: expect.stringMatching(/^The pickup was not scheduled: /) as string });
    expect(sheet.shipment!.timeline.some((s) => s.note?.startsWith('Pickup scheduled'))).toBe(false);
    const retried = await book(orderId);
    expect(retried.status).toBe(200);
    expect(retried.body.shipment).toMatchObject({ status: 'booked', awb: sheet.shipment!.awb, lastError: null });
    expect(retried.body.shipment!.timeline.at(-1)!.note).toMatch(/^Pickup scheduled for /);
  });

  it('refuses a ₹75,000 parcel without its e-way bill before asking Shiprocket anything', async () => {
    const { orderId } = await codOrder([phone]);
    const sheet = (await admin.trpc<PackingSheet>('query', 'shipping.packingSheet', { orderId })).body;
    expect((await admin.trpc('mutation', 'shipping.pack', { orderId, units: [{ itemId: sheet.lines[0]!.itemId, unit: 0, imei: testImei() }] })).status).toBe(200);
    const before = fake.requests.length;
    const refused = await book(orderId);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/e-way bill/);
    expect(fake.requests.length).toBe(before);
  });
});

describe('tracking', () => {
  it('webhooks, repeated and out of order, move it to delivered once; the shopper sees each step and gets each mail', async () => {
    const { client, orderId } = await packedPhoneOrder();
    expect((await book(orderId)).status).toBe(200);
    const awb = fake.orderByKey(`${await numberOf(orderId)}-1`)!.shipment.awb!;
    const t0 = Date.parse('2026-11-26T09:00:00.000Z');
    fake.scan(awb, 'PICKED UP', { at: new Date(t0) });
    fake.scan(awb, 'IN TRANSIT', { at: new Date(t0 + 3_600_000), location: 'Bengaluru Hub' });
    fake.scan(awb, 'OUT FOR DELIVERY', { at: new Date(t0 + 7_200_000) });
    fake.scan(awb, 'DELIVERED', { at: new Date(t0 + 9_000_000) });
    // A wrong token changes nothing.
    expect(await fake.sendWebhooks(webhookUrl(), awb, { scans: [3], token: 'not-the-token' })).toEqual([401]);
    expect((await statusOf(orderId)).status).toBe('confirmed');
    // Picked up, out for delivery twice, then the older in-transit scan arrives late: still out for delivery.
    expect(await fake.sendWebhooks(webhookUrl(), awb, { scans: [0, 2, 2, 1] })).toEqual([200, 200, 200, 200]);
    expect((await statusOf(orderId)).status).toBe('shipped');
    expect((await client.trpc<Record<string, OrderShipment[]>>('query', 'shipping.mine')).body[orderId]![0]!.status).toBe('out_for_delivery');
    expect(await fake.sendWebhooks(webhookUrl(), awb, { scans: [3, 1, 3] })).toEqual([200, 200, 200]);
    const order = await statusOf(orderId);
    expect(order.status).toBe('delivered');
    // Cash on delivery: collected at the door.
    expect(order.amount_charged).toBeGreaterThan(0);
    const mine = (await client.trpc<Record<string, OrderShipment[]>>('query', 'shipping.mine')).body[orderId]![0]!;
    expect(mine.status).toBe('delivered');
    expect(mine.awb).toBe(awb);
    const statuses = mine.timeline.map((s) => s.status);
    expect(statuses.filter((s) => s === 'delivered')).toHaveLength(1);
    expect(statuses).toEqual(expect.arrayContaining(['packed', 'booked', 'shipped', 'out_for_delivery', 'delivered']));
    // Mails: shipped (with the AWB), out for delivery, delivered; each once.
    const kinds = (
      await server.deps.db
        .selectFrom('mail_outbox')
        .select(['kind', 'text_body'])
        .where('to_address', '=', (await server.deps.db.selectFrom('orders').select('email').where('id', '=', orderId).executeTakeFirstOrThrow()).email)
        .execute()
    ).map((m) => m.kind);
    expect(kinds.filter((k) => k === 'order-shipped')).toHaveLength(1);
    expect(kinds.filter((k) => k === 'order-out-for-delivery')).toHaveLength(1);
    expect(kinds.filter((k) => k === 'order-delivered')).toHaveLength(1);
    // Repeating the whole history changes nothing more.
    expect(await fake.sendWebhooks(webhookUrl(), awb)).toEqual([200, 200, 200, 200]);
    expect((await client.trpc<Record<string, OrderShipment[]>>('query', 'shipping.mine')).body[orderId]![0]!.timeline).toHaveLength(mine.timeline.length);
  });

  it('a failed delivery waits in the NDR queue; returned to origin, a cash-on-delivery order puts its stock back, gets its credit note and records no cash', async () => {
    const { client, orderId } = await packedPhoneOrder();
    expect((await book(orderId)).status).toBe(200);
    const awb = fake.orderByKey(`${await numberOf(orderId)}-1`)!.shipment.awb!;
    const stockBefore = (await server.deps.db.selectFrom('products').select('stock').where('id', '=', phone.id).executeTakeFirstOrThrow()).stock;
    const t0 = Date.parse('2026-11-27T09:00:00.000Z');
    fake.scan(awb, 'PICKED UP', { at: new Date(t0) });
    fake.scan(awb, 'UNDELIVERED', { at: new Date(t0 + 3_600_000), activity: 'Consignee not available' });
    // No webhook this time: the poll catches up.
    expect(await pollTracking(server.deps)).toBeGreaterThanOrEqual(2);
    const queue = await admin.trpc<{ orderId: string; reason: string | null; attempts: number }[]>('query', 'shipping.ndrQueue');
    expect(queue.body.find((e) => e.orderId === orderId)).toMatchObject({ attempts: 1 });
    const mine = (await client.trpc<Record<string, OrderShipment[]>>('query', 'shipping.mine')).body[orderId]![0]!;
    expect(mine.status).toBe('delivery_failed');
    expect(mine.timeline.at(-1)!.label).toMatch(/^Delivery failed/);

    const answered = await admin.trpc<Sheet>('mutation', 'shipping.answerNdr', { orderId, action: 'return', note: 'Shopper refused on the phone' });
    expect(answered.status).toBe(200);
    expect(fake.ndrActions.at(-1)).toEqual({ awb, action: 'return', comments: 'Shopper refused on the phone' });
    expect((await admin.trpc<{ orderId: string }[]>('query', 'shipping.ndrQueue')).body.map((e) => e.orderId)).not.toContain(orderId);

    fake.scan(awb, 'RTO INITIATED', { at: new Date(t0 + 7_200_000) });
    fake.scan(awb, 'RTO DELIVERED', { at: new Date(t0 + 90_000_000) });
    expect((await fake.sendWebhooks(webhookUrl(), awb)).every((s) => s === 200)).toBe(true);
    const order = await statusOf(orderId);
    expect(order).toMatchObject({ status: 'returned', amount_charged: null });
    expect(order.credit_note_number).toMatch(/^VM\/2627\/C\d{4}$/);
    expect((await server.deps.db.selectFrom('products').select('stock').where('id', '=', phone.id).executeTakeFirstOrThrow()).stock).toBe(stockBefore + 1);
    const units = await server.deps.db.selectFrom('shipment_units').select('released_at').where('order_id', '=', orderId).execute();
    expect(units.every((u) => u.released_at !== null)).toBe(true);
  });

  it('refuses a webhook whose body is not Shiprocket’s with a 400, and acknowledges an AWB it does not know', async () => {
    const { orderId } = await packedPhoneOrder();
    expect((await book(orderId)).status).toBe(200);
    const awb = fake.orderByKey(`${await numberOf(orderId)}-1`)!.shipment.awb!;
    fake.scan(awb, 'PICKED UP');
    const bad = await fetch(webhookUrl(), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': fake.webhookToken },
      body: JSON.stringify({ hello: 'world' }),
    });
    expect(bad.status).toBe(400);
    const unknown = await fetch(webhookUrl(), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': fake.webhookToken },
      body: JSON.stringify({ ...fake.webhookBody(awb), awb: '999999999999' }),
    });
    expect(unknown.status).toBe(200);
    expect((await statusOf(orderId)).status).toBe('confirmed');
  });
});

const rates = (orderId: string) => admin.trpc<CourierRates>('query', 'shipping.rates', { orderId });
const parcelsOf = async (orderIds: string[]) => (await admin.trpc<Record<string, AdminShipment>>('query', 'shipping.ofOrders', { orderIds })).body;
const setStatus = (orderId: string, status: string) => admin.trpc<Refusal>('mutation', 'admin.setOrderStatus', { orderId, status });
const unitsOf = (orderId: string) => server.deps.db.selectFrom('shipment_units').select(['value', 'released_at']).where('order_id', '=', orderId).execute();

function pdfText(bytes: Buffer): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'manifest-')), 'manifest.pdf');
  fs.writeFileSync(file, bytes);
  return execFileSync('/usr/bin/pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

describe('rates in the Ship step', () => {
  it('lists the couriers Shiprocket offers for the parcel (cash on delivery: only those collecting), cheapest first, its recommended one marked', async () => {
    const { orderId } = await packedPhoneOrder();
    const reply = await rates(orderId);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ pickupPin: expect.stringMatching(/^\d{6}$/) as string, deliveryPin: '560001', weightGrams: 800, cod: true, error: null });
    // Blue Dart Air does not collect cash: not offered for a cash-on-delivery parcel.
    expect(reply.body.options.map((o) => [o.courierName, o.recommended, o.cod])).toEqual([
      ['Delhivery Surface', true, true],
      ['Xpressbees Surface', false, true],
    ]);
    // 0.8 kg: two 0.5 kg slabs.
    expect(reply.body.options[0]).toMatchObject({ courierId: 10, ratePaise: 10_800, etdDays: 4, etdDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) as string });
    const asked = fake.requests.filter((r) => r.path.startsWith('/courier/serviceability')).at(-1)!;
    expect(Object.fromEntries(asked.query)).toMatchObject({ delivery_postcode: '560001', weight: '0.8', cod: '1' });
  });

  it('books with the courier the admin chose (sent to Shiprocket’s assign AWB), and refuses one Shiprocket does not offer for this parcel', async () => {
    const { orderId } = await packedPhoneOrder();
    const assigns = () => fake.count('POST', '/courier/assign/awb');
    const before = assigns();
    const refused = await admin.trpc<Sheet>('mutation', 'shipping.book', { orderId, courierId: 24 });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/^courierId: Shiprocket does not offer courier 24 for this parcel/);
    expect(assigns()).toBe(before);
    expect(fake.orderByKey(`${await numberOf(orderId)}-1`)).toBeUndefined();

    const booked = await admin.trpc<Sheet>('mutation', 'shipping.book', { orderId, courierId: 33 });
    expect(booked.status).toBe(200);
    const assign = fake.requests.filter((r) => r.path === '/courier/assign/awb').at(-1)!;
    expect(assign.body).toMatchObject({ courier_id: 33 });
    expect(booked.body.shipment).toMatchObject({ status: 'booked', courierName: 'Xpressbees Surface' });
    const row = await server.deps.db.selectFrom('shipments').select('courier_id').where('order_id', '=', orderId).executeTakeFirstOrThrow();
    expect(row.courier_id).toBe(33);
  });

  it('Shiprocket failing: the rates say why (200, no options) and booking without a choice still works', async () => {
    const { orderId } = await packedPhoneOrder();
    fake.failNext(3, 503, { method: 'GET', path: /^\/courier\/serviceability/ });
    const reply = await rates(orderId);
    expect(reply.status).toBe(200);
    expect(reply.body.options).toEqual([]);
    expect(reply.body.error).toMatch(/HTTP 503/);
    expect((await book(orderId)).status).toBe(200);
  });
});

describe('cancelling an order booked with Shiprocket', () => {
  it('the admin’s cancel cancels Shiprocket’s order exactly once, frees the units, marks the parcel cancelled, and is in the audit log', async () => {
    const { orderId } = await packedPhoneOrder();
    expect((await book(orderId)).status).toBe(200);
    const key = `${await numberOf(orderId)}-1`;
    const cancels = () => fake.requests.filter((r) => r.path === '/orders/cancel').length;
    const before = cancels();
    const reply = await setStatus(orderId, 'cancelled');
    expect(reply.status).toBe(200);
    expect(cancels() - before).toBe(1);
    expect(fake.requests.filter((r) => r.path === '/orders/cancel').at(-1)!.body).toEqual({ ids: [fake.orderByKey(key)!.id] });
    expect(fake.orderByKey(key)!.status).toBe('CANCELED');
    expect((await statusOf(orderId)).status).toBe('cancelled');
    expect((await unitsOf(orderId)).every((u) => u.released_at !== null)).toBe(true);
    const shipment = await server.deps.db.selectFrom('shipments').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow();
    expect(shipment).toMatchObject({ status: 'cancelled', last_error: null });
    const events = await server.deps.db.selectFrom('shipment_events').select(['status', 'note']).where('order_id', '=', orderId).execute();
    expect(events).toContainEqual({ status: 'cancelled', note: 'Cancelled with Shiprocket' });
    const audit = await server.deps.db.selectFrom('audit_log').select('detail').where('action', '=', 'order.tracking').execute();
    expect(
      audit
        .map((a) => (typeof a.detail === 'string' ? a.detail : JSON.stringify(a.detail)))
        .some((d) => d.includes(orderId) && /Shiprocket order \d+ \(AWB \d+\) cancelled, units freed/.test(d)),
    ).toBe(true);
    // The parcel is gone from the admin's list (nothing left to do).
    expect((await parcelsOf([orderId]))[orderId]).toBeUndefined();
  });

  it('Shiprocket not answering: the order is still cancelled, the parcel keeps the error to act on, and Try again cancels it there', async () => {
    const { orderId } = await packedPhoneOrder();
    expect((await book(orderId)).status).toBe(200);
    const key = `${await numberOf(orderId)}-1`;
    fake.failNext(3, 503, { method: 'POST', path: /^\/orders\/cancel$/ });
    const reply = await setStatus(orderId, 'cancelled');
    expect(reply.status).toBe(200);
    expect((await statusOf(orderId)).status).toBe('cancelled');
    expect(fake.orderByKey(key)!.status).not.toBe('CANCELED');
    expect((await unitsOf(orderId)).every((u) => u.released_at !== null)).toBe(true);
    const parcel = (await parcelsOf([orderId]))[orderId]!;
    expect(parcel).toMatchObject({ status: 'cancelled', courierCancelPending: true });
    expect(parcel.lastError).toMatch(/^Cancel it in Shiprocket’s panel .*HTTP 503/);
    const audit = await server.deps.db.selectFrom('audit_log').select('detail').where('action', '=', 'order.tracking').execute();
    expect(audit.map((a) => (typeof a.detail === 'string' ? a.detail : JSON.stringify(a.detail))).some((d) => d.includes(orderId) && d.includes('NOT cancelled'))).toBe(true);

    // Still failing: a 502, the error stays.
    fake.failNext(3, 503, { method: 'POST', path: /^\/orders\/cancel$/ });
    expect((await admin.trpc<Refusal>('mutation', 'shipping.retryCancel', { orderId })).status).toBe(502);
    expect((await parcelsOf([orderId]))[orderId]).toMatchObject({ courierCancelPending: true });
    const retried = await admin.trpc('mutation', 'shipping.retryCancel', { orderId });
    expect(retried.status).toBe(200);
    expect(fake.orderByKey(key)!.status).toBe('CANCELED');
    expect((await parcelsOf([orderId]))[orderId]).toBeUndefined();
    expect((await admin.trpc<Refusal>('mutation', 'shipping.retryCancel', { orderId })).status).toBe(409);
  });

  it('a parcel the courier has picked up (its scan not in yet) is not cancelled: a clear 409 and nothing changes', async () => {
    const { orderId } = await packedPhoneOrder();
    expect((await book(orderId)).status).toBe(200);
    const awb = fake.orderByKey(`${await numberOf(orderId)}-1`)!.shipment.awb!;
    fake.scan(awb, 'PICKED UP');
    const reply = await setStatus(orderId, 'cancelled');
    expect(reply.status).toBe(409);
    expect(reply.body.message).toMatch(/Shiprocket would not cancel the parcel .*picked up/);
    expect((await statusOf(orderId)).status).toBe('confirmed');
    expect((await parcelsOf([orderId]))[orderId]).toMatchObject({ status: 'booked', courierCancelPending: false });
    expect((await unitsOf(orderId)).every((u) => u.released_at === null)).toBe(true);
    // Once its scan is in, the order has shipped: a shipped cash-on-delivery order is not cancelled either.
    await pollTracking(server.deps);
    const shipped = await setStatus(orderId, 'cancelled');
    expect(shipped.status).toBe(409);
    expect(shipped.body.message).toMatch(/cannot be cancelled/);
  });

  it('the shopper cancelling their cash-on-delivery order before pickup cancels it at Shiprocket too, and frees its units', async () => {
    const { client, orderId } = await packedPhoneOrder();
    expect((await book(orderId)).status).toBe(200);
    const key = `${await numberOf(orderId)}-1`;
    const reply = await client.trpc('mutation', 'order.cancel', { orderId });
    expect(reply.status).toBe(200);
    expect(fake.orderByKey(key)!.status).toBe('CANCELED');
    expect((await statusOf(orderId)).status).toBe('cancelled');
    expect((await unitsOf(orderId)).every((u) => u.released_at !== null)).toBe(true);
    // Picked up already: the shopper is told to refuse it at the door, and nothing changes.
    const second = await packedPhoneOrder();
    expect((await book(second.orderId)).status).toBe(200);
    fake.scan(fake.orderByKey(`${await numberOf(second.orderId)}-1`)!.shipment.awb!, 'PICKED UP');
    const refused = await second.client.trpc<Refusal>('mutation', 'order.cancel', { orderId: second.orderId });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/already with the courier/);
    expect((await statusOf(second.orderId)).status).toBe('confirmed');
  });
});

describe('the manifest', () => {
  it('is Shiprocket’s own for parcels booked with it (made once, printed again after), and the shop’s own for a mix, read back', async () => {
    const a = await packedPhoneOrder();
    const b = await packedPhoneOrder();
    expect((await book(a.orderId)).status).toBe(200);
    expect((await book(b.orderId)).status).toBe(200);
    const awbA = fake.orderByKey(`${await numberOf(a.orderId)}-1`)!.shipment.awb!;
    const awbB = fake.orderByKey(`${await numberOf(b.orderId)}-1`)!.shipment.awb!;
    const generates = () => fake.count('POST', '/manifests/generate');
    const before = generates();
    const first = await admin.bytes(`/admin/manifest.pdf?ids=${a.orderId},${b.orderId}`);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('application/pdf');
    const title = /Manifest \d+: AWB [\d, ]+/.exec(first.bytes.toString('latin1'))![0];
    expect(title).toContain(awbA);
    expect(title).toContain(awbB);
    expect(generates() - before).toBe(1);
    // Again: the same manifest, printed (Shiprocket makes a shipment's manifest once).
    const again = await admin.bytes(`/admin/manifest.pdf?ids=${b.orderId},${a.orderId}`);
    expect(again.status).toBe(200);
    expect(again.bytes.toString('latin1')).toContain(title);
    expect(fake.count('POST', '/manifests/print')).toBeGreaterThan(0);

    // A parcel on that manifest with one that is not: the shop's own, every parcel awaiting pickup.
    const c = await codOrder([earphones]);
    expect((await book(c.orderId)).status).toBe(200);
    const awbC = fake.orderByKey(`${await numberOf(c.orderId)}-1`)!.shipment.awb!;
    const own = await admin.bytes(`/admin/manifest.pdf?ids=${a.orderId},${c.orderId}`);
    expect(own.status).toBe(200);
    const text = pdfText(own.bytes);
    expect(text).toContain('Manifest: Delhivery Surface');
    for (const value of [await numberOf(a.orderId), await numberOf(c.orderId), awbA, awbC, 'Asha Rao', '560001']) expect(text).toContain(value);
    expect(text).not.toContain(awbB);
    expect(text).toMatch(/₹\d[\d,]*\.\d\d/);
    expect(text).toContain('Total: 2 parcel(s)');
    expect(text).toMatch(/Received by Delhivery Surface's pickup person/);
  });

  it('is refused (409) when no chosen order has a parcel awaiting pickup, and to a shopper', async () => {
    const { client, orderId } = await codOrder([earphones]);
    const none = await admin.bytes(`/admin/manifest.pdf?ids=${orderId}`);
    expect(none.status).toBe(409);
    expect((await client.bytes('/admin/manifest.pdf')).status).toBe(403);
    expect((await admin.trpc<{ count: number }>('query', 'shipping.awaitingPickup')).body.count).toBeGreaterThan(0);
  });
});

describe('the shopper’s timeline', () => {
  it('shows one step per status: in-transit scans are one Shipped step at the first scan’s time with the latest place; the admin sees every scan', async () => {
    const { client, orderId } = await packedPhoneOrder();
    expect((await book(orderId)).status).toBe(200);
    const awb = fake.orderByKey(`${await numberOf(orderId)}-1`)!.shipment.awb!;
    const t0 = Date.parse('2026-11-28T09:00:00.000Z');
    fake.scan(awb, 'PICKED UP', { at: new Date(t0), location: 'Bengaluru' });
    fake.scan(awb, 'IN TRANSIT', { at: new Date(t0 + 3_600_000), location: 'Hosur Hub' });
    fake.scan(awb, 'IN TRANSIT', { at: new Date(t0 + 7_200_000), location: 'Chennai Hub' });
    fake.scan(awb, 'OUT FOR DELIVERY', { at: new Date(t0 + 10_800_000), location: 'Chennai' });
    expect((await fake.sendWebhooks(webhookUrl(), awb)).every((s) => s === 200)).toBe(true);
    const mine = (await client.trpc<Record<string, OrderShipment[]>>('query', 'shipping.mine')).body[orderId]![0]!;
    expect(mine.timeline.map((s) => s.status)).toEqual(['packed', 'booked', 'shipped', 'out_for_delivery']);
    const shipped = mine.timeline[2]!;
    expect(shipped.at).toBe(new Date(t0).toISOString());
    expect(shipped.location).toBe('Chennai Hub');
    const adminSteps = (await parcelsOf([orderId]))[orderId]!.timeline.map((s) => s.status);
    expect(adminSteps.filter((s) => s === 'shipped').length).toBeGreaterThanOrEqual(3);
  });
});

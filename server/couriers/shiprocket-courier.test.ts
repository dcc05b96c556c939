import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeShiprocket, type FakeShiprocket } from '../testing/fake-shiprocket';
import type { Courier, ShipmentRequest, TrackingStatus } from './courier';
import { CourierError } from './courier-error';
import { createShiprocketCourier, istToIso, type ShiprocketCourierOptions } from './shiprocket-courier';
import { SHIPROCKET_STATUSES, shiprocketStatus } from './shiprocket-statuses';

// Shiprocket's and the shop's clock: 10 March 2026, 11:30 in India.
let now = new Date('2026-03-10T06:00:00.000Z');
const clock = () => now;
const DAY = 24 * 60 * 60 * 1000;

let fake: FakeShiprocket;
let courier: Courier;
let keys = 0;

function shiprocket(extra: Partial<ShiprocketCourierOptions> = {}): Courier {
  return createShiprocketCourier({
    email: fake.email,
    password: fake.password,
    webhookToken: fake.webhookToken,
    baseUrl: fake.url,
    // Generous, so a busy machine never times out a test by accident; the timeout tests set their own.
    timeoutMs: 5000,
    retryDelaysMs: [5, 5],
    clock,
    ...extra,
  });
}

function request(overrides: Partial<ShipmentRequest> = {}): ShipmentRequest {
  keys += 1;
  return {
    requestKey: `VM-2026-000${100 + keys}-1`,
    orderNumber: `VM-2026-000${100 + keys}`,
    orderedAt: '2026-03-09T12:35:00.000Z',
    pickupLocation: 'Primary',
    consignee: {
      name: 'Asha Rao Kulkarni',
      phone: '+919845012345',
      email: 'asha@example.com',
      line1: '12, 4th Cross, Indiranagar',
      line2: 'Near the metro',
      city: 'Bengaluru',
      state: 'Karnataka',
      pin: '560038',
    },
    items: [
      { name: 'Galaxy S24 5G (256 GB, Marble Grey)', sku: 'S24-256-GRY', units: 1, unitPricePaise: 7_499_900, hsn: '8517', taxRateBp: 1800 },
      { name: 'Boat Airdopes 141', sku: 'AIRDOPES-141', units: 2, unitPricePaise: 129_950, hsn: null, taxRateBp: null },
    ],
    paymentMethod: 'prepaid',
    codAmountPaise: 0,
    subTotalPaise: 7_499_900 + 2 * 129_950,
    parcel: { weightGrams: 1200, lengthCm: 25, breadthCm: 18, heightCm: 10 },
    ...overrides,
  };
}

async function failure(promise: Promise<unknown>): Promise<CourierError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof CourierError) return error;
    throw error;
  }
  throw new Error('expected a CourierError');
}

function failureOf(run: () => unknown): CourierError {
  try {
    run();
  } catch (error) {
    if (error instanceof CourierError) return error;
    throw error;
  }
  throw new Error('expected a CourierError');
}

/** A shipment made, given an AWB and a pickup, as the shipping feature will do it. */
async function shipped(): Promise<{ req: ShipmentRequest; shipmentId: string; courierOrderId: string; awb: string }> {
  const req = request();
  const created = await courier.createShipment(req);
  const { awb } = await courier.assignAwb(created.shipmentId);
  await courier.schedulePickup([created.shipmentId]);
  return { req, shipmentId: created.shipmentId, courierOrderId: created.courierOrderId, awb };
}

beforeAll(async () => {
  fake = await startFakeShiprocket({ clock });
});

afterAll(async () => {
  await fake.close();
});

beforeEach(() => {
  now = new Date('2026-03-10T06:00:00.000Z');
  courier = shiprocket();
});

describe('Shiprocket courier: signing in', () => {
  it('signs in once with the API user and reuses the token until it is 9 days old', async () => {
    const logins = fake.count('POST', '/auth/login');
    await courier.serviceability({ pickupPin: '560001', deliveryPin: '110001', weightGrams: 500, cod: false });
    await courier.findShipment('VM-nothing-like-this');
    expect(fake.count('POST', '/auth/login')).toBe(logins + 1);
    const login = fake.requests.findLast((r) => r.path === '/auth/login');
    expect(login?.body).toEqual({ email: fake.email, password: fake.password });
    const search = fake.requests.findLast((r) => r.path === '/orders');
    expect(search?.headers.authorization).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);

    now = new Date(now.getTime() + 8 * DAY);
    await courier.findShipment('VM-nothing-like-this');
    expect(fake.count('POST', '/auth/login')).toBe(logins + 1);
    now = new Date(now.getTime() + 1 * DAY);
    await courier.findShipment('VM-nothing-like-this');
    expect(fake.count('POST', '/auth/login')).toBe(logins + 2);
  });

  it('signs in once for calls that start together', async () => {
    const logins = fake.count('POST', '/auth/login');
    await Promise.all([1, 2, 3].map(() => courier.findShipment('VM-nothing-like-this')));
    expect(fake.count('POST', '/auth/login')).toBe(logins + 1);
  });

  it('signs in again once when Shiprocket refuses the token (401), and gives up on a second 401', async () => {
    await courier.findShipment('VM-nothing-like-this');
    fake.expireTokens();
    const logins = fake.count('POST', '/auth/login');
    const searches = fake.count('GET', '/orders');
    expect(await courier.findShipment('VM-nothing-like-this')).toBeNull();
    expect(fake.count('POST', '/auth/login')).toBe(logins + 1);
    expect(fake.count('GET', '/orders')).toBe(searches + 2);

    fake.failNext(2, 401, { path: /^\/orders$/ });
    const error = await failure(courier.findShipment('VM-nothing-like-this'));
    expect(error.kind).toBe('unauthorised');
    expect(fake.count('GET', '/orders')).toBe(searches + 4);
  });

  it('says so when the API user’s email or password is wrong', async () => {
    const wrong = shiprocket({ password: 'not-the-password' });
    const error = await failure(wrong.findShipment('VM-nothing-like-this'));
    expect(error.kind).toBe('unauthorised');
    expect(error.message).toBe("Shiprocket refused the API user's email and password: Invalid email and password combination");
  });
});

describe('Shiprocket courier: serviceability', () => {
  it('reads the couriers of a lane: rates in paise, days and dates of delivery, COD, the recommended one', async () => {
    const options = await courier.serviceability({ pickupPin: '560001', deliveryPin: '110001', weightGrams: 1200, cod: false });
    const sent = fake.requests.findLast((r) => r.path === '/courier/serviceability/');
    expect(Object.fromEntries(sent!.query)).toEqual({ pickup_postcode: '560001', delivery_postcode: '110001', weight: '1.2', cod: '0' });
    // 1.2 kg is three 0.5 kg slabs.
    expect(options).toEqual([
      { courierId: 10, courierName: 'Delhivery Surface', ratePaise: 16_200, etdDays: 4, etdDate: '2026-03-14', cod: true, recommended: true },
      { courierId: 33, courierName: 'Xpressbees Surface', ratePaise: 18_450, etdDays: 3, etdDate: '2026-03-13', cod: true, recommended: false },
      { courierId: 24, courierName: 'Blue Dart Air', ratePaise: 36_075, etdDays: 2, etdDate: '2026-03-12', cod: false, recommended: false },
    ]);
    const cod = await courier.serviceability({ pickupPin: '560001', deliveryPin: '110001', weightGrams: 400, cod: true });
    expect(cod.map((o) => [o.courierName, o.ratePaise])).toEqual([
      ['Delhivery Surface', 5400],
      ['Xpressbees Surface', 6150],
    ]);
  });

  it('answers no couriers for a PIN nobody serves, and refuses a PIN that is not six digits without asking', async () => {
    fake.setServiceable('744101', false);
    expect(await courier.serviceability({ pickupPin: '560001', deliveryPin: '744101', weightGrams: 500, cod: false })).toEqual([]);
    const asked = fake.count('GET', '/courier/serviceability/');
    const error = await failure(courier.serviceability({ pickupPin: '560001', deliveryPin: '56001', weightGrams: 500, cod: false }));
    expect(error).toMatchObject({ kind: 'rejected', message: 'The delivery PIN 56001 is not 6 digits' });
    expect(fake.count('GET', '/courier/serviceability/')).toBe(asked);
  });
});

describe('Shiprocket courier: a shipment from order to cancel', () => {
  it('creates the order with Shiprocket’s fields, assigns an AWB, prints label and manifest, schedules the pickup and tracks it', async () => {
    const req = request();
    const created = await courier.createShipment(req);
    const order = fake.orderByKey(req.requestKey)!;
    expect(created).toEqual({ courierOrderId: String(order.id), shipmentId: String(order.shipment.id), awb: null, courierName: null, routingCode: null, status: 'NEW' });
    expect(order.request).toMatchObject({
      order_id: req.requestKey,
      // 12:35 UTC is 18:05 in India.
      order_date: '2026-03-09 18:05',
      pickup_location: 'Primary',
      billing_customer_name: 'Asha Rao',
      billing_last_name: 'Kulkarni',
      billing_address: '12, 4th Cross, Indiranagar',
      billing_address_2: 'Near the metro',
      billing_city: 'Bengaluru',
      billing_pincode: 560038,
      billing_state: 'Karnataka',
      billing_country: 'India',
      billing_email: 'asha@example.com',
      billing_phone: '9845012345',
      shipping_is_billing: true,
      order_items: [
        { name: 'Galaxy S24 5G (256 GB, Marble Grey)', sku: 'S24-256-GRY', units: 1, selling_price: 74_999, discount: 0, tax: 18, hsn: '8517' },
        { name: 'Boat Airdopes 141', sku: 'AIRDOPES-141', units: 2, selling_price: 1299.5, discount: 0, tax: '', hsn: '' },
      ],
      payment_method: 'Prepaid',
      shipping_charges: 0,
      total_discount: 0,
      sub_total: 77_598,
      length: 25,
      breadth: 18,
      height: 10,
      weight: 1.2,
    });

    const assigned = await courier.assignAwb(created.shipmentId, 33);
    expect(assigned).toEqual({ awb: order.shipment.awb, courierName: 'Xpressbees Surface', routingCode: 'S2/S-69/1B/016' });
    expect(assigned.awb).toMatch(/^\d{14}$/);

    const label = await courier.label(created.shipmentId);
    expect(label!.subarray(0, 5).toString()).toBe('%PDF-');
    expect(label!.toString('latin1')).toContain(assigned.awb);
    const download = fake.requests.findLast((r) => r.path.startsWith('/files/labels/'));
    // The token goes to the API only, never with a download.
    expect(download?.headers.authorization).toBeUndefined();

    expect(await courier.schedulePickup([created.shipmentId])).toEqual({ scheduledDate: '2026-03-11T05:30:00.000Z' });
    // Asked again (a retry whose answer was lost): Shiprocket says it is queued already; no harm.
    expect(await courier.schedulePickup([created.shipmentId])).toEqual({ scheduledDate: null });

    const manifest = await courier.manifest([created.shipmentId]);
    expect(manifest!.subarray(0, 5).toString()).toBe('%PDF-');
    expect(manifest!.toString('latin1')).toContain(assigned.awb);
    // Made already: Shiprocket refuses a second one; with the order ids the one it made is printed.
    expect((await failure(courier.manifest([created.shipmentId]))).message).toMatch(/^Shiprocket refused to generate manifest: Manifest already generated/);
    const again = await courier.manifest([created.shipmentId], [created.courierOrderId]);
    expect(again!.toString('latin1')).toContain(assigned.awb);

    expect(await courier.findShipment(req.requestKey)).toEqual({ ...created, awb: assigned.awb, courierName: 'Xpressbees Surface', status: 'PICKUP SCHEDULED' });

    expect(await courier.track(assigned.awb)).toEqual([]);
    fake.scan(assigned.awb, 'PICKED UP', { at: new Date('2026-03-11T06:10:00Z'), location: 'Bengaluru Hub, Karnataka' });
    fake.scan(assigned.awb, 'IN TRANSIT', { at: new Date('2026-03-11T15:00:00Z'), location: 'Delhi Hub, Delhi' });
    fake.scan(assigned.awb, 'UNDELIVERED', { at: new Date('2026-03-13T09:20:00Z'), activity: 'Consignee unavailable', location: 'Lajpat Nagar, Delhi' });
    fake.scan(assigned.awb, 'DELIVERED', { at: new Date('2026-03-14T07:45:00Z'), location: 'Lajpat Nagar, Delhi' });
    const events = await courier.track(assigned.awb);
    expect(events.map((e) => [e.status, e.at, e.location, e.reason])).toEqual([
      ['picked_up', '2026-03-11T06:10:00.000Z', 'Bengaluru Hub, Karnataka', null],
      ['in_transit', '2026-03-11T15:00:00.000Z', 'Delhi Hub, Delhi', null],
      ['delivery_failed', '2026-03-13T09:20:00.000Z', 'Lajpat Nagar, Delhi', 'Consignee unavailable'],
      ['delivered', '2026-03-14T07:45:00.000Z', 'Lajpat Nagar, Delhi', null],
    ]);
    expect(events[2]).toMatchObject({ awb: assigned.awb, courierStatus: 'Consignee unavailable', eventKey: `${assigned.awb}:delivery_failed:2026-03-13T09:20:00.000Z` });
  });

  it('asks Shiprocket to collect the shop’s cash-on-delivery total: delivery charge or discount beside the items', async () => {
    const items = 7_499_900 + 2 * 129_950;
    const withDelivery = request({ paymentMethod: 'cod', subTotalPaise: items, codAmountPaise: items + 4900 });
    await courier.createShipment(withDelivery);
    expect(fake.orderByKey(withDelivery.requestKey)!.request).toMatchObject({ payment_method: 'COD', sub_total: 77_598, shipping_charges: 49, total_discount: 0 });
    const withCoupon = request({ paymentMethod: 'cod', subTotalPaise: items, codAmountPaise: items - 50_000 });
    await courier.createShipment(withCoupon);
    expect(fake.orderByKey(withCoupon.requestKey)!.request).toMatchObject({ payment_method: 'COD', sub_total: 77_598, shipping_charges: 0, total_discount: 500 });
  });

  it('cancels an order, and finds it cancelled afterwards', async () => {
    const req = request();
    const created = await courier.createShipment(req);
    await courier.cancel([created.courierOrderId]);
    expect(fake.orderByKey(req.requestKey)!.status).toBe('CANCELED');
    expect(fake.requests.findLast((r) => r.path === '/orders/cancel')?.body).toEqual({ ids: [Number(created.courierOrderId)] });
    expect((await courier.findShipment(req.requestKey))?.status).toBe('CANCELED');
  });

  it('gives no label before the AWB, and refuses what Shiprocket refuses with Shiprocket’s words', async () => {
    const created = await courier.createShipment(request());
    expect(await courier.label(created.shipmentId)).toBeNull();

    const again = await failure(courier.createShipment({ ...request(), requestKey: fake.orders()[0]!.channel_order_id }));
    expect(again).toMatchObject({ kind: 'rejected', status: 422 });
    expect(again.message).toMatch(/^Shiprocket refused to create order VM-2026-\d+: Oops! Invalid Data\. The order id has already been taken\.$/);

    const nowhere = await failure(courier.createShipment(request({ pickupLocation: 'Warehouse 9' })));
    expect(nowhere.message).toContain('Wrong Pickup location entered');

    const noEmail = await failure(courier.createShipment(request({ consignee: { ...request().consignee, email: null } })));
    expect(noEmail).toMatchObject({ kind: 'rejected', message: expect.stringContaining("Shiprocket needs the shopper's email") as unknown });
  });

  it('finds nothing for a key Shiprocket does not have, even when another key contains it', async () => {
    const req = request({ requestKey: 'VM-2026-009999-12' });
    await courier.createShipment(req);
    expect(await courier.findShipment('VM-2026-009999-1')).toBeNull();
    expect((await courier.findShipment('VM-2026-009999-12'))?.courierOrderId).toBe(String(fake.orderByKey(req.requestKey)!.id));
  });
});

describe('Shiprocket courier: when Shiprocket fails', () => {
  it('a call that gets no answer in time is a timeout, quickly, and a create is not asked again', async () => {
    const slow = shiprocket({ timeoutMs: 300 });
    await slow.findShipment('VM-nothing-like-this');
    const req = request();
    fake.failNext(1, 'timeout', { path: /^\/orders\/create\/adhoc$/ });
    const started = Date.now();
    const error = await failure(slow.createShipment(req));
    expect(Date.now() - started).toBeLessThan(3000);
    expect(error).toMatchObject({ kind: 'timeout', message: `Shiprocket did not answer within 0.3 s (create order ${req.orderNumber})` });
    expect(fake.requests.filter((r) => r.path === '/orders/create/adhoc' && (r.body as { order_id?: string } | undefined)?.order_id === req.requestKey)).toHaveLength(1);
    expect(fake.orderByKey(req.requestKey)).toBeUndefined();
  });

  it('a 5xx is "unavailable": a read is asked again after short waits, a create is not', async () => {
    fake.failNext(2, 502, { path: /^\/courier\/serviceability/ });
    const asked = fake.count('GET', '/courier/serviceability/');
    expect(await courier.serviceability({ pickupPin: '560001', deliveryPin: '110001', weightGrams: 500, cod: false })).toHaveLength(3);
    expect(fake.count('GET', '/courier/serviceability/')).toBe(asked + 3);

    fake.failNext(3, 503, { path: /^\/courier\/serviceability/ });
    const down = await failure(courier.serviceability({ pickupPin: '560001', deliveryPin: '110001', weightGrams: 500, cod: false }));
    expect(down).toMatchObject({ kind: 'unavailable', status: 503, message: 'Shiprocket answered HTTP 503 (check serviceability): Something went wrong. Please try again later.' });
    expect(fake.count('GET', '/courier/serviceability/')).toBe(asked + 6);

    const creates = fake.count('POST', '/orders/create/adhoc');
    fake.failNext(1, 500, { path: /^\/orders\/create\/adhoc$/ });
    expect((await failure(courier.createShipment(request()))).kind).toBe('unavailable');
    expect(fake.count('POST', '/orders/create/adhoc')).toBe(creates + 1);
  });

  it('a Shiprocket nobody listens for is "unavailable" (connection refused)', async () => {
    const closed = await new Promise<number>((resolve) => {
      const server = http.createServer();
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as AddressInfo;
        server.close(() => resolve(port));
      });
    });
    const error = await failure(shiprocket({ baseUrl: `http://127.0.0.1:${closed}/v1/external` }).findShipment('VM-1'));
    expect(error).toMatchObject({ kind: 'unavailable', message: 'Shiprocket could not be reached (connection refused) (sign in)' });
  });

  it('a 2xx without a field the shop needs is a bad answer naming the field', async () => {
    const req = request();
    fake.failNext(1, { omit: ['shipment_id'] }, { path: /^\/orders\/create\/adhoc$/ });
    const error = await failure(courier.createShipment(req));
    expect(error).toMatchObject({ kind: 'bad_answer', message: `Shiprocket's answer had no shipment_id (create order ${req.orderNumber})` });

    // Shiprocket made it, though: looking it up finds it, with its shipment.
    const found = await courier.findShipment(req.requestKey);
    expect(found?.shipmentId).toBe(String(fake.orderByKey(req.requestKey)!.shipment.id));
    fake.failNext(1, { omit: ['data.0.shipments'] }, { path: /^\/orders$/ });
    expect((await failure(courier.findShipment(req.requestKey))).message).toBe("Shiprocket's answer had no data.0.shipments (find order)");
    fake.failNext(1, { omit: ['response.data.awb_code'] }, { path: /^\/courier\/assign\/awb$/ });
    expect((await failure(courier.assignAwb(found!.shipmentId))).message).toBe("Shiprocket's answer had no response.data.awb_code (assign AWB)");
  });

  it('a create that Shiprocket made but whose answer was lost is found by its key, not made twice', async () => {
    const req = request();
    const slow = shiprocket({ timeoutMs: 300 });
    fake.failNext(1, 'lost', { path: /^\/orders\/create\/adhoc$/ });
    const error = await failure(slow.createShipment(req));
    expect(error.kind).toBe('timeout');
    expect(error.transient).toBe(true);

    // The caller's rule: look before creating again.
    const found = await courier.findShipment(req.requestKey);
    expect(found).not.toBeNull();
    const shipment = found ?? (await courier.createShipment(req));
    const order = fake.orderByKey(req.requestKey)!;
    expect(shipment).toMatchObject({ courierOrderId: String(order.id), shipmentId: String(order.shipment.id), status: 'NEW' });
    expect(fake.orders().filter((o) => o.channel_order_id === req.requestKey)).toHaveLength(1);
    expect(fake.requests.filter((r) => r.path === '/orders/create/adhoc' && (r.body as { order_id?: string }).order_id === req.requestKey)).toHaveLength(1);
  });
});

describe('Shiprocket courier: tracking webhooks', () => {
  let receiver: http.Server;
  let receiverUrl = '';
  const received: { headers: http.IncomingHttpHeaders; body: unknown }[] = [];

  beforeAll(async () => {
    receiver = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        received.push({ headers: req.headers, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/shiprocket/webhook`;
  });

  afterAll(async () => {
    await new Promise((resolve) => receiver.close(resolve));
  });

  it('reads each webhook as Shiprocket sends it; a duplicate or a late one gives the same event keys', async () => {
    const { awb } = await shipped();
    fake.scan(awb, 'PICKED UP', { at: new Date('2026-03-11T06:10:00Z') });
    fake.scan(awb, 'OUT FOR DELIVERY', { at: new Date('2026-03-12T03:00:00Z') });
    fake.scan(awb, 'DELIVERED', { at: new Date('2026-03-12T08:30:00Z') });
    received.length = 0;
    // As they happened, then the second again, then the first again (late).
    expect(await fake.sendWebhooks(receiverUrl, awb, { scans: [0, 1, 2, 1, 0] })).toEqual([200, 200, 200, 200, 200]);
    expect(received[0]!.headers['x-api-key']).toBe(fake.webhookToken);

    const batches = received.map((hook) => courier.readWebhook(hook.headers, hook.body));
    expect(batches[0]!.map((e) => e.status)).toEqual(['picked_up']);
    expect(batches[2]!.map((e) => [e.status, e.at])).toEqual([
      ['picked_up', '2026-03-11T06:10:00.000Z'],
      ['out_for_delivery', '2026-03-12T03:00:00.000Z'],
      ['delivered', '2026-03-12T08:30:00.000Z'],
    ]);
    expect(batches[3]).toEqual(batches[1]);
    expect(batches[4]).toEqual(batches[0]);
    // What the shop would keep: each event once, whatever came twice or late.
    const kept = new Map(batches.flat().map((e) => [e.eventKey, e]));
    expect([...kept.values()].map((e) => e.status)).toEqual(['picked_up', 'out_for_delivery', 'delivered']);
    // Polling the same AWB gives the same keys.
    expect((await courier.track(awb)).map((e) => e.eventKey)).toEqual([...kept.keys()]);
  });

  it('refuses a webhook without the token, with another token, or when no token is set', async () => {
    const { awb } = await shipped();
    fake.scan(awb, 'PICKED UP');
    received.length = 0;
    await fake.sendWebhooks(receiverUrl, awb, { token: null });
    await fake.sendWebhooks(receiverUrl, awb, { token: 'guessed-token' });
    const [none, wrong] = received;
    expect(failureOf(() => courier.readWebhook(none!.headers, none!.body))).toMatchObject({ kind: 'unauthorised', message: 'The webhook came without an x-api-key header' });
    expect(failureOf(() => courier.readWebhook(wrong!.headers, wrong!.body))).toMatchObject({
      kind: 'unauthorised',
      message: "The webhook's x-api-key does not match the token set for Shiprocket",
    });
    const unset = shiprocket({ webhookToken: '' });
    const body = fake.webhookBody(awb);
    expect(failureOf(() => unset.readWebhook({ 'x-api-key': '' }, body)).kind).toBe('unauthorised');
    expect(courier.readWebhook({ 'x-api-key': fake.webhookToken }, JSON.stringify(body))).toHaveLength(1);
  });

  it('a webhook that is not Shiprocket’s shape is a bad answer naming the field', async () => {
    const { awb } = await shipped();
    fake.scan(awb, 'IN TRANSIT');
    const headers = { 'x-api-key': fake.webhookToken };
    const { awb: _awb, ...withoutAwb } = fake.webhookBody(awb);
    expect(failureOf(() => courier.readWebhook(headers, withoutAwb))).toMatchObject({ kind: 'bad_answer', message: "Shiprocket's webhook had no awb" });
    expect(failureOf(() => courier.readWebhook(headers, { ...fake.webhookBody(awb), current_timestamp: 'yesterday' })).message).toBe(
      "Shiprocket's webhook had an unreadable current_timestamp",
    );
    expect(failureOf(() => courier.readWebhook(headers, '{not json')).message).toBe("Shiprocket's webhook is not JSON");
  });

  it('takes the current status when the scans do not carry it, in the webhook’s own time', () => {
    const events = courier.readWebhook(
      { 'x-api-key': fake.webhookToken },
      {
        awb: 19041424751540,
        courier_name: 'Delhivery Surface',
        current_status: 'RTO INITIATED',
        current_status_id: 20,
        shipment_status: 'RTO INITIATED',
        shipment_status_id: 9,
        current_timestamp: '23 05 2023 11:43:52',
        scans: [],
      },
    );
    expect(events).toEqual([
      {
        awb: '19041424751540',
        status: 'rto_initiated',
        courierStatus: 'RTO INITIATED',
        at: '2023-05-23T06:13:52.000Z',
        location: null,
        reason: null,
        eventKey: '19041424751540:rto_initiated:2023-05-23T06:13:52.000Z',
      },
    ]);
  });
});

describe("Shiprocket's statuses", () => {
  it('maps the words Shiprocket uses onto the shop’s tracking statuses', () => {
    const expected: [string, TrackingStatus][] = [
      ['PICKUP SCHEDULED', 'pickup_scheduled'],
      ['Pickup Generated', 'pickup_scheduled'],
      ['OUT FOR PICKUP', 'pickup_scheduled'],
      ['PICKED UP', 'picked_up'],
      ['SHIPPED', 'in_transit'],
      ['IN TRANSIT', 'in_transit'],
      ['Reached at Destination Hub', 'in_transit'],
      ['OUT FOR DELIVERY', 'out_for_delivery'],
      ['Out For Delivery', 'out_for_delivery'],
      ['DELIVERED', 'delivered'],
      ['Delivered', 'delivered'],
      ['UNDELIVERED', 'delivery_failed'],
      ['NDR', 'delivery_failed'],
      ['RTO INITIATED', 'rto_initiated'],
      ['RTO IN TRANSIT', 'rto_initiated'],
      ['RTO_OFD', 'rto_initiated'],
      ['RTO DELIVERED', 'rto_delivered'],
      ['RTO_DELIVERED', 'rto_delivered'],
      ['CANCELED', 'cancelled'],
      ['CANCELLED', 'cancelled'],
      ['CANCELLATION REQUESTED', 'other'],
      ['LOST', 'lost'],
      ['UNTRACEABLE', 'lost'],
      ['DAMAGED', 'damaged'],
      ['DESTROYED', 'damaged'],
      ['AWB ASSIGNED', 'other'],
      ['PICKUP EXCEPTION', 'other'],
      ['Something new', 'other'],
    ];
    expect(expected.map(([words]) => [words, shiprocketStatus(words)])).toEqual(expected);
  });

  it('falls back on Shiprocket’s status number only when the words say nothing it knows', () => {
    expect(shiprocketStatus(null, 7)).toBe('delivered');
    expect(shiprocketStatus('NA', '17')).toBe('out_for_delivery');
    expect(shiprocketStatus('', 21)).toBe('delivery_failed');
    expect(shiprocketStatus('IN TRANSIT', 20)).toBe('in_transit');
    expect(shiprocketStatus(undefined, 999)).toBe('other');
    // Every row of the table reads the same by its words and by its number.
    for (const row of SHIPROCKET_STATUSES) {
      expect(shiprocketStatus(row.label)).toBe(row.status);
      if (row.id !== null) expect(shiprocketStatus(null, row.id)).toBe(row.status);
    }
    expect(new Set(SHIPROCKET_STATUSES.filter((r) => r.id !== null).map((r) => r.id)).size).toBe(SHIPROCKET_STATUSES.filter((r) => r.id !== null).length);
  });

  it('reads Shiprocket’s times as Indian time', () => {
    expect(istToIso('2023-05-19 11:59:16')).toBe('2023-05-19T06:29:16.000Z');
    expect(istToIso('2022-11-25 11:17:52.878599')).toBe('2022-11-25T05:47:52.000Z');
    expect(istToIso('23 05 2023 11:43:52')).toBe('2023-05-23T06:13:52.000Z');
    expect(istToIso('2026-03-14T10:00:00+05:30')).toBe('2026-03-14T04:30:00.000Z');
    expect(istToIso('2023-02-30 10:00:00')).toBeNull();
    expect(istToIso('Jul 01, 2024')).toBeNull();
  });
});

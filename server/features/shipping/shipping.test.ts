import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlaceCodOrderResult } from '../../../shared/schemas/order';
import type { AdminShipment, OrderShipment, PackingSheet } from '../../../shared/schemas/shipping';
import { luhnValid } from '../../../shared/schemas/shipping';
import { insertProduct, signInAs, testShopSettings, type TestProduct } from '../../testing/factories';
import { testAwb, testImei, testSerial } from '../../testing/shipping';
import { startTestServer, type HttpClient, type TestServer } from '../../testing/test-server';

// Packing and shipping (issue 29) through the HTTP API an admin's browser uses: each unit's IMEI
// or serial, the e-way bill above the threshold, the manual courier's AWB and tracking link, the
// shopper's timeline, the packing slip read back from its PDF.

const ADDRESS = { name: 'Asha Rao', phone: '98450 11111', line1: '12 MG Road', line2: '', city: 'Bengaluru', stateCode: '29', pin: '560001', gstin: '' };
const TRACKING = 'https://track.example.in/awb/{awb}';

let server: TestServer;
let admin: HttpClient;
let phone: TestProduct;
let earphones: TestProduct;
let tv: TestProduct;
let watch: TestProduct;
let now = Date.parse('2026-11-26T06:30:00.000Z');

type Refusal = { message: string; data: { appCode: string; httpStatus: number } };

beforeAll(async () => {
  server = await startTestServer({ clock: () => new Date((now += 1000)) });
  ({ client: admin } = await signInAs(server, 'ADMIN'));
  const settings = testShopSettings({
    payments: { online: 'both', cod: { enabled: true, maxOrderPaise: 10_000_000, feePaise: 0, pins: [], maxOpenOrders: 20 } },
    fulfilment: {
      ewayBillThresholdPaise: 5_000_000,
      parcel: { weightGrams: 800, lengthCm: 25, breadthCm: 18, heightCm: 12 },
      courier: 'manual',
      manual: { courierName: 'Delhivery', trackingUrl: TRACKING },
    },
  });
  expect((await admin.trpc('mutation', 'settings.update', settings)).status).toBe(200);
  phone = await insertProduct(server.deps.db, { productName: 'Galaxy S30', category: 'mobiles', price: 8_000_000, sellingPrice: 7_500_000, stock: 50 });
  earphones = await insertProduct(server.deps.db, { productName: 'Buds Air', category: 'earphones', price: 299_900, sellingPrice: 199_900, stock: 50 });
  tv = await insertProduct(server.deps.db, { productName: 'Vision 43', category: 'televisions', price: 4_500_000, sellingPrice: 3_999_900, stock: 50 });
  watch = await insertProduct(server.deps.db, { productName: 'Fit Watch 3', category: 'watches', price: 1_499_900, sellingPrice: 999_900, stock: 50 });
});

afterAll(async () => {
  await server.close();
});

/** A shopper's cash-on-delivery order of one of each of these products. */
async function codOrder(products: readonly TestProduct[]): Promise<{ client: HttpClient; orderId: string }> {
  const { client } = await signInAs(server);
  return codOrderOf(client, products);
}

/** The same, by a shopper already signed in. */
async function codOrderOf(client: HttpClient, products: readonly TestProduct[]): Promise<{ client: HttpClient; orderId: string }> {
  for (const product of products) expect((await client.post('/api/addtocart', { productId: product.id })).status).toBe(200);
  const saved = await client.trpc<{ _id: string }>('mutation', 'address.create', ADDRESS);
  const placed = await client.trpc<PlaceCodOrderResult>('mutation', 'checkout.placeCodOrder', { addressId: saved.body._id });
  expect(placed.status).toBe(200);
  return { client, orderId: placed.body.orderId };
}

const sheetOf = async (orderId: string) => (await admin.trpc<PackingSheet>('query', 'shipping.packingSheet', { orderId })).body;
const pack = (orderId: string, units: unknown[], extra: Record<string, unknown> = {}) =>
  admin.trpc<PackingSheet & Refusal>('mutation', 'shipping.pack', { orderId, units, ...extra });
const ship = (orderId: string, extra: Record<string, unknown> = {}) =>
  admin.trpc<PackingSheet & Refusal>('mutation', 'shipping.shipManual', { orderId, courierName: 'Delhivery', awb: testAwb(), ...extra });
const statusOf = async (orderId: string) => (await server.deps.db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow()).status;
const numberOf = async (orderId: string) => (await server.deps.db.selectFrom('orders').select('order_number').where('id', '=', orderId).executeTakeFirstOrThrow()).order_number;
const shipmentsOf = (orderId: string) => server.deps.db.selectFrom('shipments').selectAll().where('order_id', '=', orderId).execute();

/** An IMEI whose check digit is wrong. */
function badImei(): string {
  const good = testImei();
  const last = Number(good.at(-1));
  const wrong = `${good.slice(0, 14)}${(last + 1) % 10}`;
  expect(luhnValid(wrong)).toBe(false);
  return wrong;
}

describe('packing', () => {
  it('asks an IMEI for the phone and nothing for the earphones, checks it, and keeps both of a dual-SIM phone', async () => {
    const { orderId } = await codOrder([phone, earphones]);
    const sheet = await sheetOf(orderId);
    expect(sheet.lines.map((l) => [l.name, l.unitIds, l.quantity])).toEqual([
      ['Galaxy S30', 'imei', 1],
      ['Buds Air', 'none', 1],
    ]);
    expect(sheet).toMatchObject({ orderStatus: 'confirmed', ewayBillRequired: true, ewayBillThresholdPaise: 5_000_000, courier: 'manual', shipment: null });
    const [phoneLine, budsLine] = sheet.lines;

    const refusals: [unknown[], RegExp][] = [
      [[], /Galaxy S30: scan or type its IMEI/],
      [[{ itemId: phoneLine!.itemId, unit: 0, imei: badImei() }], /Galaxy S30: IMEI: this IMEI fails its check digit/],
      [[{ itemId: phoneLine!.itemId, unit: 0, imei: '12345' }], /an IMEI is 15 digits \(this has 5\)/],
      [[{ itemId: phoneLine!.itemId, unit: 0, imei: 'ABCDEFGHIJKLMNO' }], /an IMEI is 15 digits/],
      [
        [
          { itemId: phoneLine!.itemId, unit: 0, imei: testImei() },
          { itemId: budsLine!.itemId, unit: 0, serial: 'BUDS123' },
        ],
        /Buds Air needs no serial number or IMEI/,
      ],
      [[{ itemId: phoneLine!.itemId, unit: 1, imei: testImei() }], /has 1 unit\(s\); unit 2 is not one of them/],
      [[{ itemId: 'not-a-line', unit: 0, imei: testImei() }], /not-a-line is not a line of this order/],
    ];
    for (const [units, message] of refusals) {
      const reply = await pack(orderId, units);
      expect({ status: reply.status, message: reply.body.message }).toEqual({ status: 400, message: expect.stringMatching(message) as string });
    }
    const same = testImei();
    const twice = await pack(orderId, [{ itemId: phoneLine!.itemId, unit: 0, imei: same, imei2: same }]);
    expect(twice.status).toBe(400);
    expect(twice.body.message).toMatch(/second IMEI is the same as the first/);
    expect(await shipmentsOf(orderId)).toEqual([]);

    const first = testImei();
    const second = testImei();
    // Spaces and dashes as a scanner or a person types them are dropped.
    const packed = await pack(orderId, [{ itemId: phoneLine!.itemId, unit: 0, imei: `${first.slice(0, 8)} ${first.slice(8)}`, imei2: `${second.slice(0, 6)}-${second.slice(6)}` }]);
    expect(packed.status).toBe(200);
    expect(packed.body.shipment).toMatchObject({
      status: 'packed',
      units: [{ itemId: phoneLine!.itemId, line: 0, unit: 0, kind: 'imei', values: [first, second] }],
      parcel: { weightGrams: 800, lengthCm: 25, breadthCm: 18, heightCm: 12 },
      ewayBill: null,
      ewayBillRequired: true,
      codAmount: packed.body.valuePaise,
    });
    expect(packed.body.shipment!.timeline.map((s) => s.status)).toEqual(['packed']);
    expect(await statusOf(orderId)).toBe('confirmed');

    // Packed again before it ships: what was typed is replaced, not added to.
    const third = testImei();
    const repacked = await pack(orderId, [{ itemId: phoneLine!.itemId, unit: 0, imei: third }], { parcel: { weightGrams: 650, lengthCm: 20, breadthCm: 12, heightCm: 8 } });
    expect(repacked.status).toBe(200);
    expect(repacked.body.shipment!.units).toEqual([{ itemId: phoneLine!.itemId, line: 0, unit: 0, kind: 'imei', values: [third] }]);
    expect(repacked.body.shipment!.parcel.weightGrams).toBe(650);
    expect(await shipmentsOf(orderId)).toHaveLength(1);
    // The first IMEIs are free again: another order may carry them.
    const other = await codOrder([phone]);
    const otherLine = (await sheetOf(other.orderId)).lines[0]!;
    expect((await pack(other.orderId, [{ itemId: otherLine.itemId, unit: 0, imei: first }])).status).toBe(200);
  });

  it('never lets a serial or IMEI ship twice while its unit is out, and frees it when the parcel comes back', async () => {
    const a = await codOrder([tv]);
    const b = await codOrder([tv]);
    const serial = testSerial();
    const lineA = (await sheetOf(a.orderId)).lines[0]!;
    const lineB = (await sheetOf(b.orderId)).lines[0]!;
    expect(lineA.unitIds).toBe('serial');
    expect((await pack(a.orderId, [{ itemId: lineA.itemId, unit: 0, serial: serial.toLowerCase() }])).status).toBe(200);
    const clash = await pack(b.orderId, [{ itemId: lineB.itemId, unit: 0, serial }]);
    expect(clash.status).toBe(409);
    expect(clash.body.message).toBe(`Serial number ${serial} is already out with order ${await numberOf(a.orderId)}: a unit cannot ship twice until it comes back.`);
    const spaced = await pack(b.orderId, [{ itemId: lineB.itemId, unit: 0, serial: 'SN 12 34' }]);
    expect(spaced.status).toBe(400);
    expect(spaced.body.message).toMatch(/serial number must be letters and digits \(and - \/ \.\) without spaces/);

    // A ₹40,000 consignment needs no e-way bill.
    const shipped = await ship(a.orderId);
    expect(shipped.status).toBe(200);
    expect(shipped.body.ewayBillRequired).toBe(false);
    expect(await statusOf(a.orderId)).toBe('shipped');
    expect((await pack(b.orderId, [{ itemId: lineB.itemId, unit: 0, serial }])).status).toBe(409);

    // Returned to the shop: the unit is back, its serial may ship again.
    expect((await admin.trpc('mutation', 'admin.setOrderStatus', { orderId: a.orderId, status: 'returned' })).status).toBe(200);
    expect((await pack(b.orderId, [{ itemId: lineB.itemId, unit: 0, serial }])).status).toBe(200);
    // Searchable: both orders carried it.
    const units = await server.deps.db.selectFrom('shipment_units').select(['order_id', 'released_at']).where('value', '=', serial).orderBy('created_at').execute();
    expect(units).toEqual([
      { order_id: a.orderId, released_at: expect.any(String) as string },
      { order_id: b.orderId, released_at: null },
    ]);
  });

  it('two orders packed with the same IMEI at the same moment: one wins, the other is told', async () => {
    const a = await codOrder([phone]);
    const b = await codOrder([phone]);
    const imei = testImei();
    const [lineA, lineB] = [(await sheetOf(a.orderId)).lines[0]!, (await sheetOf(b.orderId)).lines[0]!];
    const replies = await Promise.all([pack(a.orderId, [{ itemId: lineA.itemId, unit: 0, imei }]), pack(b.orderId, [{ itemId: lineB.itemId, unit: 0, imei }])]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
    const held = await server.deps.db.selectFrom('shipment_units').select('order_id').where('value', '=', imei).where('released_at', 'is', null).execute();
    expect(held).toHaveLength(1);
    expect(held[0]?.order_id).toBe(replies[0]?.status === 200 ? a.orderId : b.orderId);
  });
});

describe('shipping', () => {
  it('a ₹75,000 order cannot ship without its e-way bill; with it, the shopper gets the courier, AWB, link and the IMEI', async () => {
    const { client, orderId } = await codOrder([phone, earphones]);
    const sheet = await sheetOf(orderId);
    const imei = testImei();
    expect((await pack(orderId, [{ itemId: sheet.lines[0]!.itemId, unit: 0, imei }])).status).toBe(200);

    const without = await ship(orderId);
    expect(without.status).toBe(400);
    expect(without.body.message).toBe(
      `ewayBill: this consignment is worth ${new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(sheet.valuePaise / 100)}, over ₹50,000.00: give its 12-digit e-way bill number and date to ship it.`,
    );
    expect(await statusOf(orderId)).toBe('confirmed');
    const spaced = await ship(orderId, { awb: 'DLV 123456', ewayBill: { number: '331234567890', date: '2026-11-26' } });
    expect(spaced.status).toBe(400);
    expect(spaced.body.message).toBe('awb: AWB must be letters and digits without spaces');
    const short = await ship(orderId, { ewayBill: { number: '33123456789', date: '2026-11-26' } });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('ewayBill.number: e-way bill number must be 12 digits');
    const badDate = await ship(orderId, { ewayBill: { number: '331234567890', date: '2026-02-30' } });
    expect(badDate.status).toBe(400);
    expect(badDate.body.message).toBe('ewayBill.date: e-way bill date is not a real date');
    expect(await statusOf(orderId)).toBe('confirmed');

    // The e-way bill recorded at the packing table, then shipped.
    expect((await admin.trpc('mutation', 'shipping.setEwayBill', { orderId, ewayBill: { number: '3312 3456 7890', date: '2026-11-26' } })).status).toBe(200);
    const awb = testAwb();
    const shipped = await ship(orderId, { awb: awb.toLowerCase() });
    expect(shipped.status).toBe(200);
    expect(shipped.body.shipment).toMatchObject({
      status: 'shipped',
      courierName: 'Delhivery',
      awb,
      trackingUrl: `https://track.example.in/awb/${awb}`,
      ewayBill: { number: '331234567890', date: '2026-11-26' },
    });
    expect(await statusOf(orderId)).toBe('shipped');
    // Cash on delivery: the tax invoice is issued as the goods leave.
    expect((await server.deps.db.selectFrom('orders').select('invoice_number').where('id', '=', orderId).executeTakeFirstOrThrow()).invoice_number).toMatch(/^VM\/2627\/\d{5}$/);

    // Its AWB is its own.
    const other = await codOrder([earphones]);
    const reused = await ship(other.orderId, { awb });
    expect(reused.status).toBe(409);
    expect(reused.body.message).toBe(`AWB ${awb} is already used by the parcel of order ${await numberOf(orderId)}.`);
    expect(await statusOf(other.orderId)).toBe('confirmed');
    // Shipped once: not again.
    expect((await ship(orderId)).status).toBe(409);
    expect((await pack(orderId, [{ itemId: sheet.lines[0]!.itemId, unit: 0, imei: testImei() }])).status).toBe(409);

    // The shopper's order page: courier, AWB, link, the phone's IMEI, the timeline.
    const mine = await client.trpc<Record<string, OrderShipment[]>>('query', 'shipping.mine');
    expect(mine.status).toBe(200);
    expect(Object.keys(mine.body)).toEqual([orderId]);
    expect(mine.body[orderId]).toEqual([
      expect.objectContaining({
        status: 'shipped',
        courierName: 'Delhivery',
        awb,
        trackingUrl: `https://track.example.in/awb/${awb}`,
        units: [{ itemId: sheet.lines[0]!.itemId, line: 0, unit: 0, kind: 'imei', values: [imei] }],
      }),
    ]);
    expect(mine.body[orderId]![0]!.timeline.map((s) => s.label)).toEqual(['Packed', 'Shipped']);
    // Another shopper sees none of it.
    const stranger = (await signInAs(server)).client;
    expect((await stranger.trpc<Record<string, OrderShipment[]>>('query', 'shipping.mine')).body).toEqual({});

    // The shipped mail names the courier, the AWB and the link.
    const mail = await server.deps.db
      .selectFrom('mail_outbox')
      .select(['text_body', 'html'])
      .where('kind', '=', 'order-shipped')
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(mail.text_body).toContain(`Courier: Delhivery, AWB ${awb}`);
    expect(mail.text_body).toContain(`Track it: https://track.example.in/awb/${awb}`);
    expect(mail.html).toContain(`href="https://track.example.in/awb/${awb}"`);

    // Delivered: the timeline ends there.
    expect((await admin.trpc('mutation', 'admin.setOrderStatus', { orderId, status: 'delivered' })).status).toBe(200);
    const after = await client.trpc<Record<string, OrderShipment[]>>('query', 'shipping.mine');
    expect(after.body[orderId]![0]!.status).toBe('delivered');
    expect(after.body[orderId]![0]!.timeline.map((s) => s.status)).toEqual(['packed', 'shipped', 'delivered']);
  });

  it('an order with nothing to scan is packed as it ships; one with a phone must be packed first', async () => {
    const buds = await codOrder([earphones]);
    const shipped = await ship(buds.orderId, { courierName: 'India Post', awb: 'EE123456789IN', trackingUrl: '' });
    expect(shipped.status).toBe(200);
    expect(shipped.body.shipment).toMatchObject({ status: 'shipped', courierName: 'India Post', awb: 'EE123456789IN', trackingUrl: null, units: [] });
    expect(shipped.body.shipment!.timeline.map((s) => s.status)).toEqual(['packed', 'shipped']);

    const phoneOrder = await codOrder([phone]);
    const refused = await ship(phoneOrder.orderId, { ewayBill: { number: '331234567890', date: '2026-11-26' } });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Pack this order first: Galaxy S30 needs its IMEI recorded.');
    expect(await shipmentsOf(phoneOrder.orderId)).toEqual([]);
  });

  it('prints the shop’s own manifest for the manual courier’s parcels shipped today: AWB, consignee, PIN, pieces, weight, cash to collect, totals, signatures', async () => {
    const cod = await codOrder([earphones, watch]);
    const line = (await sheetOf(cod.orderId)).lines.find((l) => l.unitIds === 'serial')!;
    expect((await pack(cod.orderId, [{ itemId: line.itemId, unit: 0, serial: testSerial() }])).status).toBe(200);
    const awb = testAwb();
    expect((await ship(cod.orderId, { courierName: 'Blue Dart', awb })).status).toBe(200);
    const other = await codOrder([earphones]);
    const otherAwb = testAwb();
    expect((await ship(other.orderId, { courierName: 'DTDC', awb: otherAwb })).status).toBe(200);
    expect((await admin.trpc<{ count: number }>('query', 'shipping.awaitingPickup')).body.count).toBeGreaterThanOrEqual(2);

    const reply = await admin.bytes(`/admin/manifest.pdf?ids=${cod.orderId},${other.orderId}`);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('application/pdf');
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'manifest-')), 'manifest.pdf');
    fs.writeFileSync(file, reply.bytes);
    const text = execFileSync('/usr/bin/pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    // One section (page) per courier, each signed by its own pickup person.
    expect(text).toContain('Manifest: Blue Dart');
    expect(text).toContain('Manifest: DTDC');
    expect(text).toMatch(/Printed \d{1,2} \w{3} 2026, .* IST/);
    for (const value of [await numberOf(cod.orderId), awb, await numberOf(other.orderId), otherAwb, 'Asha Rao', '560001', '0.80 kg']) expect(text).toContain(value);
    // Two units in the first parcel; cash on delivery: what to collect.
    expect(text).toMatch(/Total: 1 parcel\(s\) · 2 piece\(s\) · 0\.80 kg · cash on delivery: 1 parcel\(s\), collect ₹\d[\d,]*\.\d\d/);
    expect(text).toContain("Received by Blue Dart's pickup person: signature");
    expect(text).toContain('For ');
    expect(execFileSync('/usr/bin/pdfinfo', [file], { encoding: 'utf8' })).toMatch(/Pages:\s+2\n/);
    // Delivered since: no longer awaiting pickup.
    expect((await admin.trpc('mutation', 'admin.setOrderStatus', { orderId: other.orderId, status: 'delivered' })).status).toBe(200);
    expect((await admin.bytes(`/admin/manifest.pdf?ids=${other.orderId}`)).status).toBe(409);
  });

  it('a shopper cancelling their packed cash-on-delivery order unpacks it: its serial is free to pack for another order', async () => {
    const mine = await codOrder([tv]);
    const line = (await sheetOf(mine.orderId)).lines[0]!;
    const serial = testSerial();
    expect((await pack(mine.orderId, [{ itemId: line.itemId, unit: 0, serial }])).status).toBe(200);
    expect((await mine.client.trpc('mutation', 'order.cancel', { orderId: mine.orderId })).status).toBe(200);
    expect(await statusOf(mine.orderId)).toBe('cancelled');
    expect((await shipmentsOf(mine.orderId)).map((s) => s.status)).toEqual(['cancelled']);
    const next = await codOrder([tv]);
    expect((await pack(next.orderId, [{ itemId: (await sheetOf(next.orderId)).lines[0]!.itemId, unit: 0, serial }])).status).toBe(200);
  });

  it('prints the packing slip: order, lines, SKU, each unit’s IMEI and serial, the e-way bill and the cash to collect', async () => {
    const { orderId } = await codOrder([phone, watch]);
    const sheet = await sheetOf(orderId);
    const imei = testImei();
    const serial = testSerial();
    const packed = await pack(
      orderId,
      [
        { itemId: sheet.lines[0]!.itemId, unit: 0, imei },
        { itemId: sheet.lines[1]!.itemId, unit: 0, serial },
      ],
      { ewayBill: { number: '291234567890', date: '2026-11-26' } },
    );
    expect(packed.status).toBe(200);

    const shopper = (await signInAs(server)).client;
    expect((await shopper.request(`/admin/orders/${orderId}/packing-slip.pdf`, { method: 'GET' })).status).toBe(403);
    const reply = await admin.bytes(`/admin/orders/${orderId}/packing-slip.pdf`);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('application/pdf');
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'slip-')), 'slip.pdf');
    fs.writeFileSync(file, reply.bytes);
    const text = execFileSync('/usr/bin/pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toContain('Packing slip');
    expect(text).toContain(await numberOf(orderId));
    expect(text).toContain('Galaxy S30');
    expect(text).toContain(`IMEI ${imei}`);
    expect(text).toContain('Fit Watch 3');
    expect(text).toContain(`S/N ${serial}`);
    expect(text).toContain('E-way bill 291234567890 of 2026-11-26');
    expect(text).toMatch(/Cash on delivery: collect ₹84,999\.00/);
    expect(text).toContain('Asha Rao');
    expect(text).toContain('Phone +919845011111');
    // The barcode is an image of the order number (Code 128 drawn by bwip-js).
    const images = execFileSync('/usr/bin/pdfimages', ['-list', file], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .slice(2)
      .filter((row) => row.trim().split(/\s+/)[2] === 'image');
    expect(images).toHaveLength(1);
    expect((await admin.request(`/admin/orders/no-such-order/packing-slip.pdf`, { method: 'GET' })).status).toBe(404);

    // No label before the parcel has its AWB; then the shop's own, 4 × 6 inches and on A4.
    expect((await admin.bytes(`/admin/orders/${orderId}/label.pdf`)).status).toBe(409);
    const awb = testAwb();
    expect((await ship(orderId, { awb, courierName: 'Blue Dart' })).status).toBe(200);
    for (const [size, pageSize] of [
      ['4x6', /Page size:\s+288 x 432 pts/],
      ['a4', /Page size:\s+595\.28 x 841\.89 pts \(A4\)/],
    ] as const) {
      const label = await admin.bytes(`/admin/orders/${orderId}/label.pdf?size=${size}`);
      expect(label.status).toBe(200);
      const labelFile = path.join(path.dirname(file), `label-${size}.pdf`);
      fs.writeFileSync(labelFile, label.bytes);
      const info = execFileSync('/usr/bin/pdfinfo', [labelFile], { encoding: 'utf8' });
      expect(info).toMatch(pageSize);
      expect(info).toMatch(/Pages:\s+1\n/);
      const words = execFileSync('/usr/bin/pdftotext', ['-layout', labelFile, '-'], { encoding: 'utf8' });
      expect(words).toContain(`AWB ${awb}`);
      expect(words).toContain('Blue Dart');
      expect(words).toContain('COD: collect ₹84,999.00');
      expect(words).toContain('Asha Rao');
      expect(words).toContain('Phone +919845011111');
      expect(words).toContain('PIN 560001');
      expect(words).toContain('Weight 0.80 kg');
      expect(words).toContain(`Order ${await numberOf(orderId)}`);
      expect(words).toContain('IF UNDELIVERED, RETURN TO');
      // The AWB and the order number as Code 128 barcodes.
      const bars = execFileSync('/usr/bin/pdfimages', ['-list', labelFile], { encoding: 'utf8' })
        .trim()
        .split('\n')
        .slice(2)
        .filter((row) => row.trim().split(/\s+/)[2] === 'image');
      expect(bars).toHaveLength(2);
    }
    expect((await shopper.bytes(`/admin/orders/${orderId}/label.pdf`)).status).toBe(403);
  });
});

describe('the admin’s order search', () => {
  it('finds an order by its parcel’s AWB and by a unit’s IMEI or serial, typed any way', async () => {
    const { orderId } = await codOrder([phone, watch]);
    const sheet = await sheetOf(orderId);
    const imei = testImei();
    const serial = testSerial();
    expect(
      (
        await pack(orderId, [
          { itemId: sheet.lines[0]!.itemId, unit: 0, imei },
          { itemId: sheet.lines[1]!.itemId, unit: 0, serial },
        ])
      ).status,
    ).toBe(200);
    const awb = testAwb();
    expect((await ship(orderId, { awb, ewayBill: { number: '291234567890', date: '2026-11-26' } })).status).toBe(200);
    const found = async (q: string) => (await admin.trpc<{ items: { _id: string }[] }>('query', 'admin.orders', { q })).body.items.map((o) => o._id);
    for (const term of [awb, awb.toLowerCase(), imei, `${imei.slice(0, 5)} ${imei.slice(5, 10)}-${imei.slice(10)}`, serial, serial.toLowerCase()]) {
      expect({ term, found: await found(term) }).toEqual({ term, found: [orderId] });
    }
    expect(await found('ZZ99999999ZZ')).toEqual([]);
  });
});

describe('the admin’s order list and the shopper’s data download', () => {
  it('gives the parcels of a page of orders in one call: shipped, packed, none; the admin’s alone; at most 100 orders', async () => {
    const shipped = await codOrder([phone, watch]);
    const sheet = await sheetOf(shipped.orderId);
    const imei = testImei();
    const serial = testSerial();
    const units = [
      { itemId: sheet.lines[0]!.itemId, unit: 0, imei },
      { itemId: sheet.lines[1]!.itemId, unit: 0, serial },
    ];
    expect((await pack(shipped.orderId, units, { ewayBill: { number: '291234567890', date: '2026-11-26' } })).status).toBe(200);
    const awb = testAwb();
    expect((await ship(shipped.orderId, { awb })).status).toBe(200);
    const packed = await codOrder([tv]);
    const tvSerial = testSerial();
    expect((await pack(packed.orderId, [{ itemId: (await sheetOf(packed.orderId)).lines[0]!.itemId, unit: 0, serial: tvSerial }])).status).toBe(200);
    const bare = await codOrder([earphones]);
    // Packed, then the order cancelled: its parcel is unpacked and not shown.
    const cancelled = await codOrder([tv]);
    expect((await pack(cancelled.orderId, [{ itemId: (await sheetOf(cancelled.orderId)).lines[0]!.itemId, unit: 0, serial: testSerial() }])).status).toBe(200);
    expect((await admin.trpc('mutation', 'admin.setOrderStatus', { orderId: cancelled.orderId, status: 'cancelled' })).status).toBe(200);

    const reply = await admin.trpc<Record<string, AdminShipment>>('query', 'shipping.ofOrders', {
      orderIds: [shipped.orderId, packed.orderId, bare.orderId, cancelled.orderId, 'no-such-order'],
    });
    expect(reply.status).toBe(200);
    expect(Object.keys(reply.body).sort()).toEqual([shipped.orderId, packed.orderId].sort());
    expect(reply.body[shipped.orderId]).toMatchObject({
      status: 'shipped',
      courierName: 'Delhivery',
      awb,
      trackingUrl: `https://track.example.in/awb/${awb}`,
      ewayBill: { number: '291234567890', date: '2026-11-26' },
      ewayBillRequired: true,
      parcel: { weightGrams: 800, lengthCm: 25, breadthCm: 18, heightCm: 12 },
      // Each unit names its line's place in the order: the phone first, the watch second.
      units: [
        { itemId: sheet.lines[0]!.itemId, line: 0, unit: 0, kind: 'imei', values: [imei] },
        { itemId: sheet.lines[1]!.itemId, line: 1, unit: 0, kind: 'serial', values: [serial] },
      ],
    });
    expect(reply.body[shipped.orderId]!.timeline.map((step) => step.label)).toEqual(['Packed', 'Shipped']);
    expect(reply.body[packed.orderId]).toMatchObject({ status: 'packed', awb: null, ewayBillRequired: false, units: [{ line: 0, kind: 'serial', values: [tvSerial] }] });
    expect((await admin.trpc('query', 'shipping.ofOrders', { orderIds: [] })).body).toEqual({});

    const { client: shopper } = await signInAs(server);
    expect((await shopper.trpc('query', 'shipping.ofOrders', { orderIds: [shipped.orderId] })).status).toBe(403);
    const tooMany = await admin.trpc<Refusal & { data: { fieldErrors: Record<string, string> | null } }>('query', 'shipping.ofOrders', {
      orderIds: Array.from({ length: 101 }, (_, i) => `o${i}`),
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.data.fieldErrors).toEqual({ orderIds: 'orderIds: at most 100 orders at a time' });
    const notList = await admin.trpc<Refusal>('query', 'shipping.ofOrders', { orderIds: 'abc' });
    expect(notList.status).toBe(400);
    expect(notList.body.message).toMatch(/orderIds must be a list of order ids/);
  });

  it('the shopper’s data download carries each order’s parcel: courier, AWB, status, timeline and each unit’s numbers', async () => {
    const { client, orderId } = await codOrder([phone, watch, earphones]);
    const sheet = await sheetOf(orderId);
    const [first, second] = [testImei(), testImei()];
    const serial = testSerial();
    expect(
      (
        await pack(
          orderId,
          [
            { itemId: sheet.lines[0]!.itemId, unit: 0, imei: first, imei2: second },
            { itemId: sheet.lines[1]!.itemId, unit: 0, serial },
          ],
          { ewayBill: { number: '291234567890', date: '2026-11-26' } },
        )
      ).status,
    ).toBe(200);
    const awb = testAwb();
    expect((await ship(orderId, { awb })).status).toBe(200);
    expect((await admin.trpc('mutation', 'admin.setOrderStatus', { orderId, status: 'delivered' })).status).toBe(200);
    const file = await client.request<string>('/account/my-data.json', { method: 'GET' });
    expect(file.status).toBe(200);
    const data = (typeof file.body === 'string' ? JSON.parse(file.body) : file.body) as { orders: { _id: string; parcels: unknown[] }[] };
    const order = data.orders.find((o) => o._id === orderId)!;
    expect(order.parcels).toEqual([
      {
        status: 'delivered',
        courier: 'Delhivery',
        awb,
        trackingUrl: `https://track.example.in/awb/${awb}`,
        packedAt: expect.any(String) as string,
        shippedAt: expect.any(String) as string,
        deliveredAt: expect.any(String) as string,
        timeline: [
          { status: 'packed', label: 'Packed', at: expect.any(String) as string, location: null, reason: null },
          { status: 'shipped', label: 'Shipped', at: expect.any(String) as string, location: null, reason: null },
          { status: 'delivered', label: 'Delivered', at: expect.any(String) as string, location: null, reason: null },
        ],
        units: [
          { product: 'Galaxy S30', variant: null, sku: sheet.lines[0]!.sku, unit: 1, imei: [first, second] },
          { product: 'Fit Watch 3', variant: null, sku: sheet.lines[1]!.sku, unit: 1, serialNumber: serial },
        ],
      },
    ]);
    // An order not yet packed has no parcel.
    const { orderId: waiting } = await codOrderOf(client, [earphones]);
    const later = await client.request<string>('/account/my-data.json', { method: 'GET' });
    const again = (typeof later.body === 'string' ? JSON.parse(later.body) : later.body) as { orders: { _id: string; parcels: unknown[] }[] };
    expect(again.orders.find((o) => o._id === waiting)?.parcels).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlaceCodOrderResult } from '../../../shared/schemas/order';
import type { AdminReturn, MyReturns, ReturnPolicies, ShopperReturn } from '../../../shared/schemas/returns';
import { insertProduct, signInAs, testShopSettings, type TestProduct } from '../../testing/factories';
import { packAndShip, testImei } from '../../testing/shipping';
import { startTestServer, type HttpClient, type TestServer } from '../../testing/test-server';
import { twoTone } from '../../images/image.fixtures';

// Returns, first slice (issue 31), through the HTTP API the shopper's and the owner's browsers
// use: the window counted from the delivery day on the shop's clock, what the policy allows, the
// photos through the image pipeline, the owner's steps up to receiving the unit with its IMEI
// checked, the stock and unit records after, and the races.

const ADDRESS = { name: 'Asha Rao', phone: '98450 11111', line1: '12 MG Road', line2: '', city: 'Bengaluru', stateCode: '29', pin: '560001', gstin: '' };

let server: TestServer;
let admin: HttpClient;
let admin2: HttpClient;
let phone: TestProduct;
let earphones: TestProduct;
/** The test clock: each read moves it on a second; tests set it to a chosen instant. */
let now = Date.parse('2026-11-27T17:00:00.000Z');
const at = (iso: string) => {
  now = Date.parse(iso);
};

type Refusal = { message: string; data: { appCode: string; httpStatus: number; fieldErrors?: Record<string, string> } };

beforeAll(async () => {
  server = await startTestServer({ clock: () => new Date((now += 1000)) });
  ({ client: admin } = await signInAs(server, 'ADMIN'));
  ({ client: admin2 } = await signInAs(server, 'ADMIN'));
  const settings = testShopSettings({ payments: { online: 'both', cod: { enabled: true, maxOrderPaise: 10_000_000, feePaise: 0, pins: [], maxOpenOrders: 20 } } });
  const updated = await admin.trpc('mutation', 'settings.update', settings);
  expect(updated.status, JSON.stringify(updated.body)).toBe(200);
  phone = await insertProduct(server.deps.db, { productName: 'Galaxy S30', category: 'mobiles', price: 8_000_000, sellingPrice: 3_000_000, stock: 50 });
  earphones = await insertProduct(server.deps.db, { productName: 'Buds Air', category: 'earphones', price: 299_900, sellingPrice: 199_900, stock: 50 });
});

afterAll(async () => {
  await server.close();
});

/** A shopper's cash-on-delivery order, packed (IMEIs), shipped and delivered at `deliveredAt`. */
async function deliveredOrder(products: readonly TestProduct[], deliveredAt = '2026-11-25T10:00:00.000Z', quantity = 1) {
  const { client } = await signInAs(server);
  for (const product of products) for (let i = 0; i < quantity; i++) expect((await client.post('/api/addtocart', { productId: product.id })).status).toBe(200);
  const saved = await client.trpc<{ _id: string }>('mutation', 'address.create', ADDRESS);
  const placed = await client.trpc<PlaceCodOrderResult>('mutation', 'checkout.placeCodOrder', { addressId: saved.body._id });
  expect(placed.status).toBe(200);
  const orderId = placed.body.orderId;
  expect((await packAndShip(admin, orderId, quantity > 1 ? { ewayBill: { number: '291234567890', date: '2026-11-27' } } : {})).status).toBe(200);
  expect((await admin.trpc('mutation', 'admin.setOrderStatus', { orderId, status: 'delivered' })).status).toBe(200);
  // Delivered at a set instant (the clock stays put: sessions would expire across a week's jump).
  await server.deps.db.updateTable('shipments').set({ delivered_at: deliveredAt }).where('order_id', '=', orderId).execute();
  const items = await server.deps.db.selectFrom('order_items').select(['id', 'product_id', 'variant_id']).where('order_id', '=', orderId).orderBy('position').execute();
  return { client, orderId, items };
}

const mine = async (client: HttpClient) => (await client.trpc<MyReturns>('query', 'returns.mine')).body;
const ask = (client: HttpClient, input: Record<string, unknown>) => client.trpc<ShopperReturn & Refusal>('mutation', 'returns.request', input);
const stockOf = async (productId: string) =>
  (await server.deps.db.selectFrom('product_variants').select('stock').where('product_id', '=', productId).executeTakeFirstOrThrow()).stock;

async function photo(client: HttpClient): Promise<string> {
  const png = await twoTone(64, 48).png().toBuffer();
  const reply = await client.trpc<{ url: string }>('mutation', 'returns.uploadPhoto', { dataUrl: `data:image/png;base64,${png.toString('base64')}` });
  expect(reply.status).toBe(200);
  return reply.body.url;
}

describe('policies', () => {
  it('phones 7 days replacement, earphones 7 days refund or replacement, the rest the shop default; the owner edits the default in Settings', async () => {
    const policies = (await admin.trpc<ReturnPolicies>('query', 'returns.policies')).body;
    const text = (value: string) => policies.categories.find((c) => c.value === value)?.text;
    expect(text('mobiles')).toBe('7 days replacement');
    expect(text('televisions')).toBe('10 days replacement');
    expect(text('earphones')).toBe('7 days refund or replacement');
    expect(policies.shopDefault.text).toBe('7 days replacement');
    expect(policies.categories.find((c) => c.value === 'printers')).toMatchObject({ own: false, text: '7 days replacement' });
  });
});

describe('the shopper’s request', () => {
  it('is taken through the 7th day after delivery on the shop’s clock and refused on the 8th with the reason', async () => {
    const { client, orderId, items } = await deliveredOrder([phone], '2026-11-20T04:30:00.000Z');
    const url = await photo(client);
    const input = { orderId, itemId: items[0]!.id, unit: 0, reason: 'defective', description: 'The screen stays black after charging', photos: [url], resolution: 'replacement' };
    // 28 Nov, 00:00:30 in India (still 27 Nov in UTC): the 8th day, closed.
    at('2026-11-27T18:30:30.000Z');
    const late = await ask(client, input);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('Returns for Mobiles close 7 days after delivery (delivered 20 Nov)');
    expect((await mine(client))[orderId]![0]).toMatchObject({ closedReason: 'Returns for Mobiles close 7 days after delivery (delivered 20 Nov)', lastDay: '2026-11-27' });
    // 27 Nov, 23:58 in India: the last day, open.
    at('2026-11-27T18:28:00.000Z');
    expect((await mine(client))[orderId]![0]).toMatchObject({ closedReason: null, policyText: '7 days replacement', resolutions: ['replacement'], photosRequired: true });
    const ok = await ask(client, input);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ status: 'requested', photos: [url], resolution: 'replacement' });
    expect(ok.body.deliveredNumber).toMatch(/^\d{15}$/);
    // One open request per unit.
    const again = await ask(client, input);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This unit already has a return request open.');
  });

  it('offers only what the policy allows, asks for photos, and a COD refund’s UPI id or checked bank account', async () => {
    const { client, orderId, items } = await deliveredOrder([phone, earphones]);
    const url = await photo(client);
    const base = { orderId, unit: 0, description: 'Left bud makes no sound at all', photos: [url] };
    const phoneAsk = { ...base, itemId: items[0]!.id };
    const budsAsk = { ...base, itemId: items[1]!.id };
    const refused = async (input: Record<string, unknown>, field: string) => {
      const reply = await ask(client, input);
      expect(reply.status).toBe(400);
      expect(reply.body.message).toContain(`${field}`);
      return reply.body.message;
    };
    expect(await refused({ ...phoneAsk, reason: 'changed-mind', resolution: 'replacement' }, 'reason')).toContain('Changed my mind');
    expect(await refused({ ...phoneAsk, reason: 'defective', resolution: 'refund' }, 'resolution')).toContain('7 days replacement');
    await refused({ ...phoneAsk, reason: 'defective', resolution: 'replacement', photos: [] }, 'photos');
    await refused({ ...phoneAsk, reason: 'defective', resolution: 'replacement', photos: ['/images/0123456789abcdef0123456789abcdef.webp'] }, 'photos');
    await refused({ ...budsAsk, reason: 'defective', resolution: 'refund' }, 'payout');
    await refused(
      { ...budsAsk, reason: 'defective', resolution: 'refund', payout: { kind: 'bank', accountName: 'Asha Rao', accountNumber: '123456789012', ifsc: 'HDFC1234567' } },
      'IFSC',
    );
    await refused({ ...budsAsk, reason: 'defective', resolution: 'refund', payout: { kind: 'upi', upiId: 'not-an-upi' } }, 'UPI');
    // Not an image: the pipeline decodes it and refuses it.
    const notImage = await client.trpc<Refusal>('mutation', 'returns.uploadPhoto', { dataUrl: `data:image/png;base64,${Buffer.from('hello, not a picture').toString('base64')}` });
    expect(notImage.status).toBe(400);
    const ok = await ask(client, { ...budsAsk, reason: 'defective', resolution: 'refund', payout: { kind: 'upi', upiId: 'asha.rao@okaxis' } });
    expect(ok.status).toBe(200);
    const stored = await server.deps.db.selectFrom('return_requests').select(['payout', 'delivered_number']).where('id', '=', ok.body.id).executeTakeFirstOrThrow();
    expect(JSON.parse(stored.payout!)).toEqual({ kind: 'upi', upiId: 'asha.rao@okaxis' });
    expect(stored.delivered_number).toBeNull(); // earphones are packed without a number
    const queued = (await admin.trpc<AdminReturn[]>('query', 'returns.queue', { show: 'open' })).body.find((r) => r.id === ok.body.id);
    expect(queued?.payoutMasked).toBe('UPI as••••••@okaxis');
    // Someone else's order is not theirs to return.
    const { client: stranger } = await signInAs(server);
    expect((await ask(stranger, { ...phoneAsk, reason: 'defective', resolution: 'replacement' })).status).toBe(404);
  });

  it('names each unit of a line bought twice: a request per unit', async () => {
    const { client, orderId, items } = await deliveredOrder([phone], undefined, 2);
    const url = await photo(client);
    const line = (await mine(client))[orderId]![0]!;
    expect(line.units).toHaveLength(2);
    expect(line.units[0]!.number).not.toBe(line.units[1]!.number);
    for (const unit of [0, 1]) {
      const reply = await ask(client, {
        orderId,
        itemId: items[0]!.id,
        unit,
        reason: 'defective',
        description: 'Does not charge at all',
        photos: [url],
        resolution: 'replacement',
      });
      expect(reply.status, reply.body.message).toBe(200);
      expect(reply.body.deliveredNumber).toBe(line.units[unit]!.number);
    }
    expect(
      (await ask(client, { orderId, itemId: items[0]!.id, unit: 2, reason: 'defective', description: 'Does not charge at all', photos: [url], resolution: 'replacement' })).status,
    ).toBe(400);
  });
});

describe('the owner’s queue', () => {
  async function requested(product: TestProduct = phone) {
    const order = await deliveredOrder([product]);
    const url = await photo(order.client);
    const reply = await ask(order.client, {
      orderId: order.orderId,
      itemId: order.items[0]!.id,
      unit: 0,
      reason: 'defective',
      description: 'Speaker crackles on calls',
      photos: [url],
      resolution: 'replacement',
    });
    expect(reply.status).toBe(200);
    return { ...order, request: reply.body };
  }
  const step = (client: HttpClient, path: string, input: Record<string, unknown>) => client.trpc<AdminReturn & Refusal>('mutation', `returns.${path}`, input);
  async function toPickedUp(returnId: string) {
    expect((await step(admin, 'decide', { returnId, decision: 'approve', message: 'Sorry about that: we will replace it.' })).status).toBe(200);
    expect((await step(admin, 'schedulePickup', { returnId, courierName: 'Delhivery', awb: 'RVP123456789' })).status).toBe(200);
    expect((await step(admin, 'pickedUp', { returnId })).status).toBe(200);
  }

  it('approves, schedules the pickup, marks it picked up and receives the matching IMEI: stock +1 with a return movement, the IMEI released; the shopper sees each step and gets each mail', async () => {
    const { client, orderId, request } = await requested();
    const returnId = request.id;
    // A shopper cannot approve or receive.
    expect((await step(client, 'decide', { returnId, decision: 'approve' })).status).toBe(403);
    expect((await step(client, 'receive', { returnId, number: request.deliveredNumber, condition: 'resaleable' })).status).toBe(403);
    // Rejecting needs a message; steps out of order are refused.
    expect((await step(admin, 'decide', { returnId, decision: 'reject' })).status).toBe(400);
    expect((await step(admin, 'receive', { returnId, number: request.deliveredNumber, condition: 'resaleable' })).status).toBe(409);
    const queue = (await admin.trpc<AdminReturn[]>('query', 'returns.queue', { show: 'open', reason: 'defective' })).body;
    expect(queue.find((r) => r.id === returnId)).toMatchObject({
      deliveredNumber: request.deliveredNumber,
      reason: 'defective',
      resolution: 'replacement',
      itemName: 'Galaxy S30',
    });
    await toPickedUp(returnId);
    const stockBefore = await stockOf(phone.id);
    const received = await step(admin, 'receive', { returnId, number: request.deliveredNumber, condition: 'resaleable' });
    expect(received.status).toBe(200);
    expect(received.body).toMatchObject({ status: 'received', numberMatches: true, held: false, condition: 'resaleable' });
    expect(await stockOf(phone.id)).toBe(stockBefore + 1);
    const movement = await server.deps.db
      .selectFrom('stock_movements')
      .select(['reason', 'delta', 'order_id'])
      .where('product_id', '=', phone.id)
      .orderBy('at', 'desc')
      .executeTakeFirstOrThrow();
    expect(movement).toEqual({ reason: 'return', delta: 1, order_id: orderId });
    const unit = await server.deps.db.selectFrom('shipment_units').select('released_at').where('value', '=', request.deliveredNumber!).executeTakeFirstOrThrow();
    expect(unit.released_at).not.toBeNull();
    // Received once: again is a 409.
    expect((await step(admin, 'receive', { returnId, number: request.deliveredNumber, condition: 'resaleable' })).status).toBe(409);
    const shopperView = (await mine(client))[orderId]![0]!.units[0]!.request!;
    expect(shopperView.timeline.map((e) => e.status)).toEqual(['requested', 'approved', 'pickup-scheduled', 'picked-up', 'received']);
    expect(shopperView.pickup).toEqual({ courierName: 'Delhivery', awb: 'RVP123456789' });
    const email = (await server.deps.db.selectFrom('orders').select('email').where('id', '=', orderId).executeTakeFirstOrThrow()).email;
    const mails = await server.deps.db
      .selectFrom('mail_outbox')
      .select(['kind', 'subject'])
      .where('to_address', '=', email)
      .where('kind', 'like', 'return-%')
      .orderBy('created_at')
      .execute();
    expect(mails.map((m) => m.kind)).toEqual(['return-requested', 'return-approved', 'return-pickup-scheduled', 'return-picked-up', 'return-received']);
    const audit = await server.deps.db.selectFrom('audit_log').select('detail').where('action', '=', 'return.update').execute();
    expect(audit.filter((a) => a.detail.includes(returnId))).toHaveLength(5);
  });

  it('flags a mismatched IMEI, holds the request with no stock back, until the owner resolves it', async () => {
    const { request } = await requested();
    await toPickedUp(request.id);
    const stockBefore = await stockOf(phone.id);
    const other = testImei();
    const received = await step(admin, 'receive', { returnId: request.id, number: other, condition: 'resaleable' });
    expect(received.status).toBe(200);
    expect(received.body).toMatchObject({ status: 'received', numberMatches: false, held: true, receivedNumber: other });
    expect(await stockOf(phone.id)).toBe(stockBefore);
    expect(
      (await server.deps.db.selectFrom('shipment_units').select('released_at').where('value', '=', request.deliveredNumber!).executeTakeFirstOrThrow()).released_at,
    ).toBeNull();
    expect((await admin.trpc<AdminReturn[]>('query', 'returns.queue', { show: 'open' })).body.some((r) => r.id === request.id)).toBe(true);
    expect((await step(admin, 'resolve', { returnId: request.id, decision: 'accept', note: '' })).status).toBe(400);
    const resolved = await step(admin, 'resolve', { returnId: request.id, decision: 'accept', note: 'Box label misprinted; unit checked by hand, it is ours' });
    expect(resolved.status).toBe(200);
    expect(resolved.body).toMatchObject({ held: false, resolveNote: 'Accepted: Box label misprinted; unit checked by hand, it is ours' });
    expect(await stockOf(phone.id)).toBe(stockBefore + 1);
    expect((await step(admin, 'resolve', { returnId: request.id, decision: 'accept', note: 'again' })).status).toBe(409);
  });

  it('keeps a damaged unit off saleable stock', async () => {
    const { request } = await requested();
    await toPickedUp(request.id);
    const stockBefore = await stockOf(phone.id);
    expect((await step(admin, 'receive', { returnId: request.id, number: request.deliveredNumber, condition: 'damaged' })).body).toMatchObject({
      condition: 'damaged',
      numberMatches: true,
    });
    expect(await stockOf(phone.id)).toBe(stockBefore);
  });

  it('two admins receiving the same return at once: exactly one succeeds, the other gets a 409, and stock moves once', async () => {
    const { request } = await requested();
    await toPickedUp(request.id);
    const stockBefore = await stockOf(phone.id);
    const replies = await Promise.all([admin, admin2].map((client) => step(client, 'receive', { returnId: request.id, number: request.deliveredNumber, condition: 'resaleable' })));
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await stockOf(phone.id)).toBe(stockBefore + 1);
    expect(await server.deps.db.selectFrom('return_events').select('status').where('return_id', '=', request.id).where('status', '=', 'received').execute()).toHaveLength(1);
  });

  it('a shopper cancelling while the admin approves: one wins cleanly; the shopper may cancel an approved request but not one on its way', async () => {
    const { client, request } = await requested();
    const [cancel, approve] = await Promise.all([
      client.trpc<ShopperReturn & Refusal>('mutation', 'returns.cancel', { returnId: request.id }),
      step(admin, 'decide', { returnId: request.id, decision: 'approve' }),
    ]);
    const row = await server.deps.db.selectFrom('return_requests').select('status').where('id', '=', request.id).executeTakeFirstOrThrow();
    if (cancel.status === 200) {
      // Cancelled first: the approval found it cancelled. Or approved first, then cancelled (allowed while approved).
      expect([409, 200]).toContain(approve.status);
      expect(row.status).toBe('cancelled');
    } else {
      expect(cancel.status).toBe(409);
      expect(approve.status).toBe(200);
      expect(row.status).toBe('approved');
    }
    const events = await server.deps.db.selectFrom('return_events').select('status').where('return_id', '=', request.id).orderBy('at').execute();
    expect(events.map((e) => e.status)).toEqual(
      approve.status === 200 && cancel.status === 200 ? ['requested', 'approved', 'cancelled'] : approve.status === 200 ? ['requested', 'approved'] : ['requested', 'cancelled'],
    );

    // An approved request is cancelled by its shopper; one scheduled for pickup is not.
    const second = await requested();
    expect((await step(admin, 'decide', { returnId: second.request.id, decision: 'approve' })).status).toBe(200);
    expect((await second.client.trpc('mutation', 'returns.cancel', { returnId: second.request.id })).status).toBe(200);
    const third = await requested();
    expect((await step(admin, 'decide', { returnId: third.request.id, decision: 'approve' })).status).toBe(200);
    expect((await step(admin, 'schedulePickup', { returnId: third.request.id, courierName: 'Delhivery', awb: 'RVP987654321' })).status).toBe(200);
    const late = await third.client.trpc<Refusal>('mutation', 'returns.cancel', { returnId: third.request.id });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('This return is pickup scheduled: it cannot be cancelled now.');
    // Nobody else cancels it.
    expect((await client.trpc('mutation', 'returns.cancel', { returnId: third.request.id })).status).toBe(404);
  });
});

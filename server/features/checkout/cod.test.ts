import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutOptions, Order, PlaceCodOrderResult } from '../../../shared/schemas/order';
import type { AdminOrder, Dashboard } from '../../../shared/schemas/admin';
import type { ShopSettingsInput } from '../../../shared/schemas/settings';
import { insertProduct, signInAs, testPayForm, testShopSettings } from '../../testing/factories';
import type { HttpClient } from '../../testing/test-server';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { packAndShip } from '../../testing/shipping';
import { sweepPendingOrders } from './fulfilment.service';
import { documentForUser } from '../../invoices/invoice.service';

/**
 * Issue 17's cash on delivery and refunds, over real HTTP on a real database (SQLite here,
 * PostgreSQL in the server-pg project): with no payment keys at all, a COD order goes confirmed
 * -> shipped (invoiced) -> delivered (paid, cash collected), another comes back returned and its
 * stock goes back on sale; the owner's limits hold on the server; a paid order cancelled with a
 * refund records the refund, notes it on the credit note and tells the shopper.
 */

const ADDRESS = { name: 'Asha Rao', phone: '98450 11111', line1: '12 MG Road', line2: '', city: 'Bengaluru', stateCode: '29', pin: '560001', gstin: '' };
const MUMBAI = { ...ADDRESS, city: 'Mumbai', stateCode: '27', pin: '400001' };

const COD = { enabled: true, maxOrderPaise: 5_000_000, feePaise: 4_900, pins: ['56'], maxOpenOrders: 2 };
const SETTINGS: ShopSettingsInput = testShopSettings({
  shipping: { standardPaise: 4_000, expressPaise: 9_900, freeAbovePaise: null, standardDays: '3–5', expressDays: '1–2', serviceablePins: [] },
  payments: { online: 'both', cod: COD },
});

let server: TestServer;
let admin: HttpClient;
let now = Date.parse('2026-11-26T06:30:00.000Z');
let phone: { id: string };
let cable: { id: string };

beforeAll(async () => {
  server = await startTestServer({ clock: () => new Date(now) });
  ({ client: admin } = await signInAs(server, 'ADMIN'));
  phone = await insertProduct(server.deps.db, { productName: 'Pixel 11', category: 'mobiles', price: 4_999_900, sellingPrice: 2_999_900, stock: 10 });
  cable = await insertProduct(server.deps.db, { productName: 'USB-C cable', category: 'accessories', price: 49_900, sellingPrice: 39_900, stock: 10 });
});

afterAll(async () => {
  await server.close();
});

const stockOf = async (productId: string) => (await server.deps.db.selectFrom('products').select('stock').where('id', '=', productId).executeTakeFirstOrThrow()).stock;

async function orderOf(client: HttpClient, orderId: string): Promise<Order> {
  const order = (await client.trpc<Order[]>('query', 'order.list')).body.find((o) => o._id === orderId);
  if (!order) throw new Error(`order ${orderId} is not in the shopper's list`);
  return order;
}

/** A signed-in shopper with `productId` in the cart and a saved address; returns the address id. */
async function shopperWith(productId: string, address: typeof ADDRESS = ADDRESS): Promise<{ client: HttpClient; addressId: string }> {
  const { client } = await signInAs(server);
  now += 1;
  expect((await client.post('/api/addtocart', { productId })).status).toBe(200);
  const saved = await client.trpc<{ _id: string }>('mutation', 'address.create', address);
  expect(saved.status).toBe(200);
  return { client, addressId: saved.body._id };
}

const setStatus = (orderId: string, status: string, extra: Record<string, unknown> = {}) =>
  admin.trpc<AdminOrder & { message?: string; data?: { appCode: string } }>('mutation', 'admin.setOrderStatus', { orderId, status, ...extra });

describe('cash on delivery', () => {
  it('is not offered until the owner turns it on', async () => {
    const { client, addressId } = await shopperWith(cable.id);
    const options = await client.trpc<CheckoutOptions>('query', 'checkout.options', { addressId });
    expect(options.body.cod).toMatchObject({ offered: false, available: false });
    expect(options.body.online.map((o) => o.kind)).toEqual(['test']);
    const refused = await client.trpc<{ message: string; data: { appCode: string } }>('mutation', 'checkout.placeCodOrder', { addressId });
    expect(refused.status).toBe(400);
    expect(refused.body.data.appCode).toBe('COD_UNAVAILABLE');
    expect(await stockOf(cable.id)).toBe(10);

    expect((await admin.trpc('mutation', 'settings.update', SETTINGS)).status).toBe(200);
    const after = await client.trpc<CheckoutOptions>('query', 'checkout.options', { addressId });
    expect(after.body.cod).toEqual({ offered: true, available: true, reason: null, feePaise: 4_900, maxOrderPaise: 5_000_000 });
    expect(after.body.delivery.map((d) => [d.rate, d.amount])).toEqual([
      ['standard', 4_000],
      ['express', 9_900],
    ]);
  });

  it('goes confirmed -> shipped (invoiced) -> delivered (paid, cash collected), with the fee as its own line', async () => {
    const { client, addressId } = await shopperWith(phone.id);
    const placed = await client.trpc<PlaceCodOrderResult>('mutation', 'checkout.placeCodOrder', { addressId, shipping: 'express' });
    expect(placed.status).toBe(200);
    expect(placed.body.url).toBe(`/success?order_id=${placed.body.orderId}`);
    const { orderId } = placed.body;

    // Confirmed at once: stock held with no expiry, cart empty, the shopper sees it, unpaid.
    expect(await stockOf(phone.id)).toBe(9);
    expect((await client.get<{ data: unknown[] }>('/api/view-card-product')).body.data).toEqual([]);
    let order = await orderOf(client, orderId);
    expect(order).toMatchObject({ status: 'confirmed', paymentMethod: 'cod', provider: 'cod', paidAt: null, codFee: 4_900, subtotalAmount: 2_999_900 });
    expect(order.totalAmount).toBe(2_999_900 + 9_900 + 4_900);
    expect(order.shipping_options).toEqual([{ shipping_amount: 9_900, shipping_rate: 'express' }]);
    expect(order.invoice).toBeNull();
    const row = await server.deps.db.selectFrom('orders').select(['expires_at']).where('id', '=', orderId).executeTakeFirstOrThrow();
    expect(row.expires_at).toBeNull();

    // The confirmation says to pay in cash, with the fee.
    const mail = await server.deps.db
      .selectFrom('mail_outbox')
      .select(['subject', 'text_body'])
      .where('kind', '=', 'order-paid')
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(mail.text_body).toContain('in cash when it arrives');
    expect(mail.text_body).toContain('Cash on delivery fee: ₹49.00');

    // The sweep of unpaid checkouts leaves it alone, however late it is.
    now += 3 * 24 * 3_600_000;
    await sweepPendingOrders(server.deps, { minAgeMs: 0 });
    expect((await orderOf(client, orderId)).status).toBe('confirmed');

    // Not delivered before it ships; a paid-only move is refused.
    expect((await setStatus(orderId, 'delivered')).status).toBe(409);
    const shipped = await packAndShip(admin, orderId);
    expect(shipped.status).toBe(200);
    // The courier collects the whole order at the door.
    expect(shipped.body.shipment).toMatchObject({ status: 'shipped', codAmount: shipped.body.valuePaise });
    order = await orderOf(client, orderId);
    expect(order.status).toBe('shipped');
    expect(order.invoice?.number).toMatch(/^VM\/2627\/\d{5}$/);
    // Delivery and the fee are one service on the invoice, together taxed and adding up.
    expect(order.tax!.taxableValue + order.tax!.cgst + order.tax!.sgst).toBe(order.totalAmount);
    const document = await documentForUser(server.deps, { _id: order.userId, role: 'GENERAL' }, orderId, 'invoice');
    expect(document.lines.at(-1)).toMatchObject({ description: 'Delivery charge and cash on delivery fee', unitPriceInclusive: 9_900 + 4_900 });
    expect(document.notes.join(' ')).toContain('Payable in cash on delivery');

    // A shipped COD order is not cancelled: it is delivered or comes back.
    const cancel = await setStatus(orderId, 'cancelled');
    expect(cancel.status).toBe(409);
    expect(cancel.body.message).toContain('mark it returned');

    const delivered = await setStatus(orderId, 'delivered');
    expect(delivered.status).toBe(200);
    order = await orderOf(client, orderId);
    expect(order).toMatchObject({ status: 'delivered', amountCharged: order.totalAmount, paymentDetails: { payment_status: 'paid', payment_method_type: ['cod'] } });
    expect(order.paidAt).toBe(new Date(now).toISOString());
    expect(await stockOf(phone.id)).toBe(9);

    // Counted as a sale the day the cash came in.
    const dashboard = await admin.trpc<Dashboard>('query', 'admin.dashboard');
    expect(dashboard.body.todayTotals.revenue).toBeGreaterThanOrEqual(order.totalAmount);
  });

  it('a parcel returned undelivered puts its stock back on sale and its invoice is reversed', async () => {
    const { client, addressId } = await shopperWith(phone.id);
    const { orderId } = (await client.trpc<PlaceCodOrderResult>('mutation', 'checkout.placeCodOrder', { addressId })).body;
    const before = await stockOf(phone.id);
    expect((await packAndShip(admin, orderId)).status).toBe(200);
    expect((await setStatus(orderId, 'returned')).status).toBe(200);
    const order = await orderOf(client, orderId);
    expect(order).toMatchObject({ status: 'returned', paidAt: null });
    expect(order.creditNote?.number).toMatch(/^VM\/2627\/C\d{4}$/);
    expect(await stockOf(phone.id)).toBe(before + 1);
    // The parcel is back and its phone's IMEI free to ship again.
    const shipment = await server.deps.db.selectFrom('shipments').select(['id', 'status', 'returned_at']).where('order_id', '=', orderId).executeTakeFirstOrThrow();
    expect(shipment.status).toBe('returned');
    const units = await server.deps.db.selectFrom('shipment_units').select(['kind', 'released_at']).where('shipment_id', '=', shipment.id).execute();
    expect(units).toEqual([{ kind: 'imei', released_at: shipment.returned_at }]);
    // Final: nothing more happens to it.
    expect((await setStatus(orderId, 'delivered')).status).toBe(409);
    const returnedMail = await server.deps.db.selectFrom('mail_outbox').select('kind').where('kind', '=', 'order-returned').execute();
    expect(returnedMail.length).toBeGreaterThan(0);
  });

  it('the shopper cancels it before it ships (stock back at once), but not after, and not someone else’s', async () => {
    const { client, addressId } = await shopperWith(cable.id);
    const { orderId } = (await client.trpc<PlaceCodOrderResult>('mutation', 'checkout.placeCodOrder', { addressId })).body;
    const held = await stockOf(cable.id);
    const stranger = (await signInAs(server)).client;
    expect((await stranger.trpc('mutation', 'order.cancel', { orderId })).status).toBe(404);
    const cancelled = await client.trpc<Order>('mutation', 'order.cancel', { orderId });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('cancelled');
    expect(await stockOf(cable.id)).toBe(held + 1);
    expect((await client.trpc('mutation', 'order.cancel', { orderId })).status).toBe(409);

    const second = await shopperWith(cable.id);
    const placed = (await second.client.trpc<PlaceCodOrderResult>('mutation', 'checkout.placeCodOrder', { addressId: second.addressId })).body;
    expect((await packAndShip(admin, placed.orderId)).status).toBe(200);
    const late = await second.client.trpc<{ message: string }>('mutation', 'order.cancel', { orderId: placed.orderId });
    expect(late.status).toBe(409);
    expect(late.body.message).toContain('has shipped');
  });

  it('enforces the owner’s limits on the server: order value, PIN codes, open orders per shopper', async () => {
    // Over the limit: three phones come to ₹89,997 + delivery + fee, above ₹50,000.
    const big = await shopperWith(phone.id);
    const line = (await big.client.get<{ data: { _id: string }[] }>('/api/view-card-product')).body.data[0]!;
    await big.client.post('/api/update-cart-product', { _id: line._id, quantity: 3 });
    const options = await big.client.trpc<CheckoutOptions>('query', 'checkout.options', { addressId: big.addressId });
    expect(options.body.cod.available).toBe(false);
    expect(options.body.cod.reason).toContain('₹50,000.00');
    const tooBig = await big.client.trpc<{ message: string; data: { appCode: string } }>('mutation', 'checkout.placeCodOrder', { addressId: big.addressId });
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.message).toContain('up to ₹50,000.00');

    // A PIN the shop delivers to, but where the courier does not collect cash.
    const mumbai = await shopperWith(cable.id, MUMBAI);
    const refusedPin = await mumbai.client.trpc<{ message: string }>('mutation', 'checkout.placeCodOrder', { addressId: mumbai.addressId });
    expect(refusedPin.status).toBe(400);
    expect(refusedPin.body.message).toContain('400001');

    // Two open COD orders at most, then the third is refused (409) and nothing is taken.
    const { client, addressId } = await shopperWith(cable.id);
    for (let i = 0; i < 2; i++) {
      expect((await client.trpc('mutation', 'checkout.placeCodOrder', { addressId })).status).toBe(200);
      await client.post('/api/addtocart', { productId: cable.id });
    }
    const stock = await stockOf(cable.id);
    const third = await client.trpc<{ message: string; data: { appCode: string } }>('mutation', 'checkout.placeCodOrder', { addressId });
    expect(third.status).toBe(409);
    expect(third.body.data.appCode).toBe('COD_LIMIT');
    expect(third.body.message).toContain('2 cash on delivery orders');
    expect(await stockOf(cable.id)).toBe(stock);
    // Paying online stays open to them.
    expect((await client.trpc('mutation', 'checkout.start', { addressId })).status).toBe(200);
  });

  it('closes the shopper’s open online checkout first, so its units are not held twice', async () => {
    const { client, addressId } = await shopperWith(cable.id);
    const online = await client.trpc<{ orderId: string }>('mutation', 'checkout.start', { addressId });
    expect(online.status).toBe(200);
    const held = await stockOf(cable.id);
    const placed = await client.trpc<PlaceCodOrderResult>('mutation', 'checkout.placeCodOrder', { addressId });
    expect(placed.status).toBe(200);
    expect(await stockOf(cable.id)).toBe(held);
    const statuses = await server.deps.db.selectFrom('orders').select(['id', 'status']).where('id', 'in', [online.body.orderId, placed.body.orderId]).execute();
    expect(Object.fromEntries(statuses.map((s) => [s.id, s.status]))).toEqual({ [online.body.orderId]: 'cancelled', [placed.body.orderId]: 'confirmed' });
  });
});

describe('refunds', () => {
  async function paidOrder(): Promise<{ client: HttpClient; orderId: string }> {
    const { client, addressId } = await shopperWith(cable.id);
    const started = await client.trpc<{ orderId: string; sessionId: string }>('mutation', 'checkout.start', { addressId });
    expect(started.status).toBe(200);
    const pay = await client.request(`/test-checkout/${started.body.sessionId}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: testPayForm('standard'),
    });
    expect(pay.status).toBe(303);
    return { client, orderId: started.body.orderId };
  }

  it('cancelling a paid order with a refund records it, notes it on the credit note and emails the shopper, once', async () => {
    const { client, orderId } = await paidOrder();
    const paid = await orderOf(client, orderId);
    const reply = await setStatus(orderId, 'cancelled', { refund: true });
    expect(reply.status).toBe(200);
    expect(reply.body.refund).toMatchObject({ status: 'succeeded', amount: paid.amountCharged, error: null });
    expect(reply.body.refund!.id).toMatch(/^test_re_/);

    const order = await orderOf(client, orderId);
    expect(order.status).toBe('cancelled');
    expect(order.creditNote).not.toBeNull();
    const note = await documentForUser(server.deps, { _id: order.userId, role: 'GENERAL' }, orderId, 'credit-note');
    expect(note.notes.join(' ')).toContain(`Refund of ₹${(paid.amountCharged! / 100).toLocaleString('en-IN', { minimumFractionDigits: 2 })} made through the test checkout`);

    const refundMails = await server.deps.db
      .selectFrom('mail_outbox')
      .select(['subject', 'text_body'])
      .where('kind', '=', 'order-refund')
      .where('to_address', '=', order.email)
      .execute();
    expect(refundMails).toHaveLength(1);
    expect(refundMails[0]!.text_body).toContain(reply.body.refund!.id!);

    // Asking again refunds nothing more.
    const again = await admin.trpc<{ data: { appCode: string } }>('mutation', 'admin.refundOrder', { orderId });
    expect(again.status).toBe(409);
    const audit = await server.deps.db.selectFrom('audit_log').select('detail').where('action', '=', 'order.refund').execute();
    expect(audit.filter((a) => a.detail.includes(orderId))).toHaveLength(1);
  });

  it('refuses a refund that does not apply: a COD order, a move other than cancel, a shopper asking', async () => {
    const { client, addressId } = await shopperWith(cable.id);
    const { orderId } = (await client.trpc<PlaceCodOrderResult>('mutation', 'checkout.placeCodOrder', { addressId })).body;
    const cod = await setStatus(orderId, 'cancelled', { refund: true });
    expect(cod.status).toBe(400);
    expect((await orderOf(client, orderId)).status).toBe('confirmed');

    const paid = await paidOrder();
    expect((await setStatus(paid.orderId, 'shipped', { refund: true })).status).toBe(400);
    expect((await paid.client.trpc('mutation', 'admin.refundOrder', { orderId: paid.orderId })).status).toBe(403);
    // Cancelled without a refund: the admin may refund later.
    expect((await setStatus(paid.orderId, 'cancelled')).status).toBe(200);
    expect((await orderOf(paid.client, paid.orderId)).refund).toBeNull();
    const later = await admin.trpc<AdminOrder>('mutation', 'admin.refundOrder', { orderId: paid.orderId });
    expect(later.status).toBe(200);
    expect(later.body.refund?.status).toBe('succeeded');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../shared/schemas/order';
import type { CartPricing } from '../../../shared/schemas/cart';
import type { InvoiceRegister } from '../../../shared/schemas/invoices';
import { insertProduct, insertUser, signInAs, testShopSettings } from '../../testing/factories';
import { insertOffer, save1000 } from '../../testing/offers';
import { HttpClient, startTestServer, type TestServer } from '../../testing/test-server';

/**
 * Issue 30's Done-when on the shopper's side, over real HTTP on a real database (SQLite here,
 * PostgreSQL in server-pg): a coupon in the cart, the discounted order, its invoice taxed after
 * the discount, the coupon's limits (per shopper, and the last use raced for), its use given back
 * when an order expires or is cancelled, the credit note and GSTR-1 net of discounts.
 */

let server: TestServer;
let now = Date.parse('2026-11-24T06:30:00.000Z');
let admin: HttpClient;

const KARNATAKA = { name: 'Asha Rao', phone: '98450 11111', line1: '12 MG Road', line2: '', city: 'Bengaluru', stateCode: '29', pin: '560001', gstin: '' };

beforeAll(async () => {
  server = await startTestServer({ clock: () => new Date(now) });
  ({ client: admin } = await signInAs(server, 'ADMIN'));
  const saved = await admin.trpc('mutation', 'settings.update', testShopSettings());
  expect(saved.status).toBe(200);
});

afterAll(async () => {
  await server.close();
});

function postForm(client: HttpClient, pathname: string, fields: Record<string, string>) {
  return client.request<string>(pathname, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() });
}

async function addToCart(client: HttpClient, productId: string, quantity = 1) {
  now += 1; // cart lines keep the order they were added in
  const added = await client.post<{ data: { _id: string } }>('/api/addtocart', { productId });
  expect(added.status).toBe(200);
  if (quantity > 1) await client.post('/api/update-cart-product', { _id: added.body.data._id, quantity });
  return added.body.data._id;
}

async function start(client: HttpClient) {
  const address = await client.trpc<{ _id: string }>('mutation', 'address.create', KARNATAKA);
  expect(address.status).toBe(200);
  return client.trpc<{ orderId: string; sessionId: string; url: string }>('mutation', 'checkout.start', { addressId: address.body._id });
}

async function pay(client: HttpClient, sessionId: string) {
  expect((await postForm(client, `/test-checkout/${sessionId}/pay`, { shipping: 'standard' })).status).toBe(303);
}

async function orderOf(client: HttpClient, orderId: string): Promise<Order> {
  const list = await client.trpc<Order[]>('query', 'order.list');
  const order = list.body.find((o) => o._id === orderId);
  if (!order) throw new Error(`order ${orderId} is not in the shopper's list`);
  return order;
}

const offerRow = (id: string) => server.deps.db.selectFrom('offers').select(['uses_count', 'uses_limit']).where('id', '=', id).executeTakeFirstOrThrow();
const usesOf = (orderId: string) => server.deps.db.selectFrom('offer_uses').selectAll().where('order_id', '=', orderId).execute();

let save1000Id: string;
let phone: { id: string };
let charger: { id: string };
let first: { client: HttpClient; orderId: string };

describe('offers at checkout (issue 30)', () => {
  it('SAVE1000 on a phone and a charger: the discount sits on the phone line, the invoice taxes it after the discount to the paisa', async () => {
    save1000Id = await insertOffer(server.deps.db, save1000());
    phone = await insertProduct(server.deps.db, { productName: 'Galaxy Offer', category: 'mobiles', price: 2_999_900, sellingPrice: 2_499_900, stock: 40 });
    charger = await insertProduct(server.deps.db, { productName: 'Fast Charger', category: 'speakers', price: 199_900, sellingPrice: 149_900, stock: 40 });
    const { client } = await signInAs(server);
    const phoneLine = await addToCart(client, phone.id);
    const chargerLine = await addToCart(client, charger.id);

    // A code in any case; the cart answers priced with it.
    const applied = await client.trpc<CartPricing>('mutation', 'cart.applyCoupon', { code: ' save1000 ' });
    expect(applied.status).toBe(200);
    expect(applied.body.coupon).toEqual({ code: 'SAVE1000', applied: true, saving: 100_000 });
    expect(applied.body.lines).toEqual([
      expect.objectContaining({ _id: phoneLine, listUnitPrice: 2_499_900, unitPrice: 2_499_900, discount: 100_000, net: 2_399_900 }),
      expect.objectContaining({ _id: chargerLine, listUnitPrice: 149_900, unitPrice: 149_900, discount: 0, net: 149_900 }),
    ]);
    expect(applied.body.totals).toEqual({ listTotal: 2_649_800, saleSavings: 0, discountTotal: 100_000, total: 2_549_800 });
    expect((await client.trpc<CartPricing>('query', 'cart.pricing')).body.coupon).toEqual({ code: 'SAVE1000', applied: true, saving: 100_000 });

    const started = await start(client);
    expect(started.status).toBe(200);
    // The payment page asks for the discounted total.
    const page = await client.get<string>(`/test-checkout/${started.body.sessionId}`);
    expect(page.body).toContain('₹25,498.00');
    await pay(client, started.body.sessionId);
    first = { client, orderId: started.body.orderId };

    const order = await server.deps.db.selectFrom('orders').selectAll().where('id', '=', first.orderId).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ status: 'paid', total_amount: 2_549_800, discount_total: 100_000, coupon_code: 'SAVE1000', amount_charged: 2_549_800, amount_mismatch: 0 });
    const items = await server.deps.db.selectFrom('order_items').selectAll().where('order_id', '=', first.orderId).orderBy('position').execute();
    expect(items.map((i) => [i.list_unit_price, i.unit_price, i.discount])).toEqual([
      [2_499_900, 2_499_900, 100_000],
      [149_900, 149_900, 0],
    ]);
    const discounts = await server.deps.db.selectFrom('order_item_discounts').selectAll().where('order_item_id', 'in', [items[0]!.id, items[1]!.id]).execute();
    expect(discounts).toEqual([{ order_item_id: items[0]!.id, offer_id: save1000Id, kind: 'coupon', amount: 100_000 }]);
    expect(await offerRow(save1000Id)).toEqual({ uses_count: 1, uses_limit: 50 });

    // By hand, within Karnataka at 18 %: the phone's ₹23,999.00 after the discount holds
    // CGST = SGST = round(2,399,900 × 900 / 11,800) = round(183,043.22) = 183,043 paise, taxable
    // 2,399,900 − 366,086 = 2,033,814; the charger's ₹1,499.00 holds round(11,433.05) = 11,433
    // each, taxable 149,900 − 22,866 = 127,034. Free standard delivery: nothing more.
    const view = await orderOf(client, first.orderId);
    expect(view.tax!.lines).toEqual([
      expect.objectContaining({ taxableValue: 2_033_814, cgst: 183_043, sgst: 183_043, igst: 0 }),
      expect.objectContaining({ taxableValue: 127_034, cgst: 11_433, sgst: 11_433, igst: 0 }),
    ]);
    expect(view.tax).toMatchObject({ taxableValue: 2_160_848, cgst: 194_476, sgst: 194_476, igst: 0 });
    expect(2_160_848 + 194_476 * 2).toBe(2_549_800);
    expect(view).toMatchObject({ subtotalAmount: 2_549_800, totalAmount: 2_549_800, discountTotal: 100_000, couponCode: 'SAVE1000' });
    expect(view.productDetails.map((p) => [p.price, p.listPrice, p.discount])).toEqual([
      [2_499_900, 2_499_900, 100_000],
      [149_900, 149_900, 0],
    ]);
    // The spec's /api reply keeps its shape (rupees), its total the discounted one.
    const api = await client.get('/api/order-list');
    const apiOrder = api.body.data.find((o: { _id: string }) => o._id === first.orderId);
    expect(apiOrder.totalAmount).toBe(25_498);
    expect(apiOrder.productDetails[0]).not.toHaveProperty('discount');
    // The code is spent with the order.
    expect((await client.trpc<CartPricing>('query', 'cart.pricing')).body.coupon).toBeNull();
  });

  it('the same shopper cannot use SAVE1000 twice: the cart and checkout both refuse it with the sentence', async () => {
    const { client } = first;
    await addToCart(client, phone.id);
    const again = await client.trpc<{ message: string }>('mutation', 'cart.applyCoupon', { code: 'SAVE1000' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('You have already used SAVE1000');
    // A code left on the cart (applied in another tab before the first order) is refused at checkout.
    const user = await server.deps.db.selectFrom('orders').select('user_id').where('id', '=', first.orderId).executeTakeFirstOrThrow();
    await server.deps.db
      .insertInto('cart_coupons')
      .values({ owner: `user:${user.user_id}`, code: 'SAVE1000', updated_at: new Date(now).toISOString() })
      .execute();
    const refused = await start(client);
    expect(refused.status).toBe(409);
    expect((refused.body as unknown as { message: string }).message).toBe('You have already used SAVE1000');
    expect(await offerRow(save1000Id)).toEqual({ uses_count: 1, uses_limit: 50 });
  });

  it('refuses a code that is not valid for the cart with its reason, and a malformed one naming the field', async () => {
    const { client } = await signInAs(server);
    await addToCart(client, charger.id);
    const notPhones = await client.trpc<{ message: string }>('mutation', 'cart.applyCoupon', { code: 'SAVE1000' });
    expect(notPhones.status).toBe(400);
    expect(notPhones.body.message).toBe('SAVE1000 doesn’t apply to anything in your cart');
    const unknown = await client.trpc<{ message: string }>('mutation', 'cart.applyCoupon', { code: 'NOPE99' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('NOPE99 is not a valid code');
    const malformed = await client.trpc<{ message: string }>('mutation', 'cart.applyCoupon', { code: 'no way!' });
    expect(malformed.status).toBe(400);
    expect(JSON.stringify(malformed.body)).toContain('code may hold only letters, digits, - and _');
    // Nothing refused is kept on the cart.
    expect((await client.trpc<CartPricing>('query', 'cart.pricing')).body.coupon).toBeNull();
  });

  it('a visitor’s code comes along when they sign in', async () => {
    const visitor = new HttpClient(server.url);
    expect((await visitor.trpc('mutation', 'cart.addItem', { productId: phone.id })).status).toBe(200);
    expect((await visitor.trpc<CartPricing>('mutation', 'cart.applyCoupon', { code: 'save1000' })).body.coupon).toMatchObject({ code: 'SAVE1000', applied: true });
    const user = await insertUser(server.deps.db);
    expect((await visitor.post('/api/signin', { email: user.email, password: user.password })).status).toBe(200);
    expect((await visitor.trpc<CartPricing>('query', 'cart.pricing')).body).toMatchObject({
      coupon: { code: 'SAVE1000', applied: true, saving: 100_000 },
      totals: { total: 2_399_900 },
    });
  });

  it('buy a phone, get earbuds free: the earbuds line is ₹0 after its discount and taxed on ₹0', async () => {
    const flagship = await insertProduct(server.deps.db, { productName: 'Combo Phone', category: 'mobiles', price: 5_999_900, sellingPrice: 4_999_900, stock: 5 });
    const earbuds = await insertProduct(server.deps.db, { productName: 'Combo Buds', category: 'earphones', price: 399_900, sellingPrice: 299_900, stock: 5 });
    const offerId = await insertOffer(server.deps.db, {
      kind: 'buy-x-get-y',
      definition: {
        name: 'Free earbuds with a phone',
        buy: { scope: { productIds: [flagship.id] }, quantity: 1 },
        get: { scope: { productIds: [earbuds.id] }, quantity: 1 },
        limitPerOrder: 1,
        from: '2026-11-01T00:00:00Z',
        to: null,
        cancelRule: 'cancel-combo',
      },
    });
    const { client } = await signInAs(server);
    await addToCart(client, flagship.id);
    await addToCart(client, earbuds.id);
    const started = await start(client);
    expect(started.status).toBe(200);
    await pay(client, started.body.sessionId);
    const view = await orderOf(client, started.body.orderId);
    expect(view.productDetails.map((p) => [p.price, p.discount])).toEqual([
      [4_999_900, 0],
      [299_900, 299_900],
    ]);
    expect(view.productDetails[1]!.discounts).toEqual([{ offerId, kind: 'buy-x-get-y', amount: 299_900 }]);
    expect(view.tax!.lines[1]).toMatchObject({ taxableValue: 0, cgst: 0, sgst: 0, igst: 0 });
    // 4,999,900 × 900 / 11,800 = 381,348.30 → 381,348 each; taxable 4,999,900 − 762,696.
    expect(view.tax!.lines[0]).toMatchObject({ taxableValue: 4_237_204, cgst: 381_348, sgst: 381_348 });
    expect(view).toMatchObject({ subtotalAmount: 4_999_900, amountCharged: 4_999_900, discountTotal: 299_900, amountMismatch: false });
    // Over: a later order pays for both.
    await server.deps.db
      .updateTable('offers')
      .set({ valid_to: new Date(now).toISOString() })
      .where('id', '=', offerId)
      .execute();
  });

  it('20 shoppers race for the last use of a coupon: exactly one order carries it', async () => {
    const last = await insertOffer(server.deps.db, save1000({ code: 'LASTONE', totalUses: 5, usesPerShopper: null, minCartPaise: 0 }), { usesCount: 4 });
    const product = await insertProduct(server.deps.db, { productName: 'Race Phone', category: 'mobiles', sellingPrice: 1_000_000, stock: 30 });
    const shoppers = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const { client } = await signInAs(server);
        await addToCart(client, product.id);
        const applied = await client.trpc<CartPricing>('mutation', 'cart.applyCoupon', { code: 'lastone' });
        expect(applied.status).toBe(200);
        const address = await client.trpc<{ _id: string }>('mutation', 'address.create', KARNATAKA);
        return { client, addressId: address.body._id };
      }),
    );
    const results = await Promise.all(shoppers.map((s) => s.client.trpc<{ orderId: string; message: string }>('mutation', 'checkout.start', { addressId: s.addressId })));
    const won = results.filter((r) => r.status === 200);
    const lost = results.filter((r) => r.status !== 200);
    expect(won).toHaveLength(1);
    expect(lost.map((r) => [r.status, r.body.message])).toEqual(Array.from({ length: 19 }, () => [409, 'LASTONE has been used up']));
    const carrying = await server.deps.db.selectFrom('orders').select('id').where('coupon_code', '=', 'LASTONE').execute();
    expect(carrying.map((o) => o.id)).toEqual([won[0]!.body.orderId]);
    expect(await offerRow(last)).toEqual({ uses_count: 5, uses_limit: 5 });
    // The losers' orders rolled back whole: no stock was held for them.
    expect((await server.deps.db.selectFrom('products').select('stock').where('id', '=', product.id).executeTakeFirstOrThrow()).stock).toBe(29);
  });

  it('an order that expires, or is cancelled, gives its use back', async () => {
    const once = await insertOffer(server.deps.db, save1000({ code: 'ONCE', totalUses: 1, usesPerShopper: 1, minCartPaise: 0 }));
    const product = await insertProduct(server.deps.db, { productName: 'Once Phone', category: 'mobiles', sellingPrice: 1_000_000, stock: 10 });
    const { client } = await signInAs(server);
    await addToCart(client, product.id);
    expect((await client.trpc('mutation', 'cart.applyCoupon', { code: 'ONCE' })).status).toBe(200);
    const started = await start(client);
    expect(started.status).toBe(200);
    expect(await offerRow(once)).toEqual({ uses_count: 1, uses_limit: 1 });
    // Another shopper finds it used up while the first one's checkout holds it.
    const other = await signInAs(server);
    await addToCart(other.client, product.id);
    const blocked = await other.client.trpc<{ message: string }>('mutation', 'cart.applyCoupon', { code: 'ONCE' });
    expect([blocked.status, blocked.body.message]).toEqual([409, 'ONCE has been used up']);

    // The payment page's Cancel expires the session: the order is cancelled, its use given back.
    expect((await postForm(client, `/test-checkout/${started.body.sessionId}/cancel`, {})).status).toBe(303);
    expect((await server.deps.db.selectFrom('orders').select('status').where('id', '=', started.body.orderId).executeTakeFirstOrThrow()).status).toBe('cancelled');
    expect(await offerRow(once)).toEqual({ uses_count: 0, uses_limit: 1 });
    expect((await usesOf(started.body.orderId))[0]!.released_at).not.toBeNull();

    // The first shopper checks out again (the code is still on their cart), pays, and the admin cancels it.
    const again = await start(client);
    expect(again.status).toBe(200);
    await pay(client, again.body.sessionId);
    expect(await offerRow(once)).toEqual({ uses_count: 1, uses_limit: 1 });
    const cancelled = await admin.trpc('mutation', 'admin.setOrderStatus', { orderId: again.body.orderId, status: 'cancelled' });
    expect(cancelled.status).toBe(200);
    expect(await offerRow(once)).toEqual({ uses_count: 0, uses_limit: 1 });
    expect((await other.client.trpc('mutation', 'cart.applyCoupon', { code: 'ONCE' })).status).toBe(200);
  });

  it('a credit note after a discounted order reverses exactly what was charged, and GSTR-1 is net of discounts', async () => {
    const cancelled = await admin.trpc('mutation', 'admin.setOrderStatus', { orderId: first.orderId, status: 'cancelled' });
    expect(cancelled.status).toBe(200);
    const view = await orderOf(first.client, first.orderId);
    expect(view.creditNote).not.toBeNull();
    expect(await offerRow(save1000Id)).toEqual({ uses_count: 0, uses_limit: 50 });

    const register = await admin.trpc<InvoiceRegister>('query', 'admin.invoices', { month: '2026-11' });
    expect(register.status).toBe(200);
    const note = register.body.rows.find((r) => r.kind === 'credit-note' && r.orderId === first.orderId);
    const invoice = register.body.rows.find((r) => r.kind === 'invoice' && r.orderId === first.orderId);
    // The note reverses the invoice line for line: ₹25,498.00, of which 2,160,848 taxable.
    expect(note).toMatchObject({ taxableValue: 2_160_848, cgst: 194_476, sgst: 194_476, igst: 0, total: 2_549_800 });
    expect(invoice).toMatchObject({ taxableValue: 2_160_848, cgst: 194_476, sgst: 194_476, igst: 0, total: 2_549_800 });

    // Every invoice in the month is net of its discounts: the register adds up to what was charged.
    const charged = await server.deps.db.selectFrom('orders').select(['amount_charged']).where('invoice_number', 'is not', null).execute();
    const total = charged.reduce((sum, o) => sum + (o.amount_charged ?? 0), 0);
    const { invoices } = register.body.totals;
    expect(invoices.total).toBe(total);
    expect(invoices.taxableValue + invoices.cgst + invoices.sgst + invoices.igst).toBe(total);
    const csv = await admin.get<string>('/admin/gstr1.csv?month=2026-11');
    expect(csv.status).toBe(200);
    const rows = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    const start = rows.indexOf('totals');
    const invoicesRow = rows.slice(start).find((row) => row.startsWith('Invoices'))!;
    expect(Math.round(Number(invoicesRow.split(',').at(-1)) * 100)).toBe(total);
  });
});

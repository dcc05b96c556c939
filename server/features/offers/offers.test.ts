import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { newId } from '../../db/database';
import type { AdminOffer, OfferPreview } from '../../../shared/schemas/offers-admin';
import type { EmiTable } from '../../../shared/schemas/offers';
import { insertProduct, signInAs, testShopSettings, type TestProduct } from '../../testing/factories';
import { HttpClient, startTestServer, type TestServer } from '../../testing/test-server';

/**
 * Issue 30, the owner's side: offers.* create, edit, pause, copy and list offers (statuses at the
 * shop's clock, uses, what each brought in), refuse what cannot be (a code taken, a sale price
 * not below the price, a use count the limit would pass), write the audit log, and preview a
 * cart with the engine. Figures worked by hand.
 */

type TrpcError = { message: string; data: { httpStatus: number; appCode: string; fieldErrors: Record<string, string> | null } };

let server: TestServer;
let admin: HttpClient;
let shopper: HttpClient;
let adminId: string;
let shopperId: string;
let phone: TestProduct;
let charger: TestProduct;
let tv: TestProduct;
// The shop's clock: Tuesday 1 December 2026, 12:00 IST.
let now = new Date('2026-12-01T06:30:00.000Z');

beforeAll(async () => {
  server = await startTestServer({ clock: () => now });
  let user;
  ({ client: admin, user } = await signInAs(server, 'ADMIN'));
  adminId = user.id;
  ({ client: shopper, user } = await signInAs(server, 'GENERAL'));
  shopperId = user.id;
  expect((await admin.trpc('mutation', 'settings.update', testShopSettings())).status).toBe(200);
  phone = await insertProduct(server.deps.db, { productName: 'Pixel 9a', category: 'mobiles', brandName: 'Google', price: 2_999_900, sellingPrice: 2_499_900 });
  charger = await insertProduct(server.deps.db, { productName: '45 W charger', category: 'accessories', brandName: 'Google', price: 199_900, sellingPrice: 149_900 });
  tv = await insertProduct(server.deps.db, { productName: 'Bravia 55', category: 'televisions', brandName: 'Sony', price: 8_999_900, sellingPrice: 7_499_900 });
});

afterAll(async () => {
  await server?.close();
});

beforeEach(() => {
  now = new Date('2026-12-01T06:30:00.000Z');
});

const save1000 = (overrides: Record<string, unknown> = {}) => ({
  kind: 'coupon',
  name: 'SAVE1000 on phones',
  definition: {
    kind: 'amount',
    code: 'save1000',
    amountPaise: 100_000,
    minCartPaise: 2_000_000,
    validFrom: '2026-12-01T00:00:00+05:30',
    validTo: null,
    totalUses: 50,
    usesPerShopper: 1,
    include: { categories: ['mobiles'] },
    ...overrides,
  },
});

const create = (input: unknown) => admin.trpc<AdminOffer>('mutation', 'offers.create', input);
const list = async (input?: unknown) => (await admin.trpc<AdminOffer[]>('query', 'offers.list', input)).body;
const auditOf = async (offerId: string) =>
  (await server.deps.db.selectFrom('audit_log').select(['action', 'actor_id', 'detail']).orderBy('at').execute()).filter(
    (row) => (JSON.parse(row.detail) as { offerId?: string }).offerId === offerId,
  );

async function deleteOffers() {
  const db = server.deps.db;
  await db.deleteFrom('order_item_discounts').execute();
  await db.deleteFrom('offer_uses').execute();
  await db.deleteFrom('order_items').execute();
  await db.deleteFrom('orders').execute();
  await db.deleteFrom('offers').execute();
}

describe('offers admin', () => {
  beforeEach(deleteOffers);

  it('creates a coupon with its mirrored columns and an audit entry; a taken code is 409', async () => {
    const made = await create(save1000());
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({
      kind: 'coupon',
      code: 'SAVE1000',
      status: 'live',
      paused: false,
      usesCount: 0,
      usesLimit: 50,
      validFrom: '2026-11-30T18:30:00.000Z',
      validTo: null,
      usage: { orders: 0, discountPaise: 0, revenuePaise: 0 },
    });
    expect(made.body.definition).toMatchObject({ id: made.body._id, code: 'SAVE1000', amountPaise: 100_000, include: { categories: ['mobiles'] } });
    const row = await server.deps.db.selectFrom('offers').selectAll().where('id', '=', made.body._id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ kind: 'coupon', code: 'SAVE1000', uses_limit: 50, valid_from: '2026-11-30T18:30:00.000Z', valid_to: null });
    expect(JSON.parse(row.definition)).toMatchObject({ id: made.body._id, code: 'SAVE1000' });
    const audit = await auditOf(made.body._id);
    expect(audit.map((a) => a.action)).toEqual(['offer.create']);
    expect(audit[0]!.actor_id).toBe(adminId);

    const again = await create(save1000({ code: 'Save1000 ' }));
    expect(again.status).toBe(409);
    expect((again.body as unknown as TrpcError).message).toBe('SAVE1000 is already a coupon');
    expect((again.body as unknown as TrpcError).data.fieldErrors).toHaveProperty('definition.code');
  });

  it('refuses bad fields with a 400 naming them, and shoppers with a 403', async () => {
    const zero = await create(save1000({ amountPaise: 0 }));
    expect(zero.status).toBe(400);
    expect((zero.body as unknown as TrpcError).data.fieldErrors).toEqual({ 'definition.amountPaise': 'amountPaise must be at least 1' });
    const backwards = await create(save1000({ validTo: '2026-11-30T00:00:00+05:30' }));
    expect(backwards.status).toBe(400);
    expect((backwards.body as unknown as TrpcError).data.fieldErrors).toHaveProperty('definition.validTo');
    const noName = await create({ ...save1000(), name: ' ' });
    expect(noName.status).toBe(400);
    expect((noName.body as unknown as TrpcError).message).toBe('name is required');
    const kind = await create({ kind: 'voucher', name: 'x', definition: {} });
    expect(kind.status).toBe(400);
    expect((kind.body as unknown as TrpcError).message).toContain('kind must be one of');

    const sale = (overrides: Record<string, unknown>) =>
      create({
        kind: 'sale-price',
        name: 'TV weekend',
        definition: { productId: tv.id, variantId: tv.id, pricePaise: 6_999_900, from: '2026-12-04T00:00:00+05:30', to: '2026-12-07T00:00:00+05:30', ...overrides },
      });
    const notBelow = await sale({ pricePaise: 7_499_900 });
    expect(notBelow.status).toBe(400);
    expect((notBelow.body as unknown as TrpcError).message).toBe('pricePaise must be below the selling price ₹74,999.00');
    const otherVariant = await sale({ variantId: phone.id });
    expect(otherVariant.status).toBe(400);
    expect((otherVariant.body as unknown as TrpcError).data.fieldErrors).toEqual({ 'definition.variantId': 'no such variant of this product' });
    const noProduct = await sale({ productId: 'nope', variantId: null });
    expect(noProduct.status).toBe(400);
    expect((noProduct.body as unknown as TrpcError).data.fieldErrors).toHaveProperty('definition.productId');
    const noEnd = await sale({ to: null });
    expect(noEnd.status).toBe(400);
    expect((noEnd.body as unknown as TrpcError).data.fieldErrors).toHaveProperty('definition.to');

    for (const [kindOf, procedure, input] of [
      ['query', 'offers.list', undefined],
      ['mutation', 'offers.create', save1000()],
      ['query', 'offers.preview', { lines: [{ variantId: phone.id, quantity: 1 }], payment: 'online' }],
      ['mutation', 'offers.saveEmiSettings', { plans: [], bankOffers: [] }],
    ] as const) {
      const refused = await shopper.trpc(kindOf, procedure, input);
      expect(refused.status).toBe(403);
    }
    expect((await new HttpClient(server.url).trpc('query', 'offers.list')).status).toBe(401);
    expect(await list()).toEqual([]);
  });

  it('edits, pauses, resumes and copies an offer, each audited; a coupon limit cannot go below the uses taken', async () => {
    const made = (await create(save1000())).body;
    await server.deps.db.updateTable('offers').set({ uses_count: 3 }).where('id', '=', made._id).execute();
    const update = (overrides: Record<string, unknown>) => admin.trpc<AdminOffer>('mutation', 'offers.update', { offerId: made._id, ...save1000(overrides) });
    const below = await update({ totalUses: 2 });
    expect(below.status).toBe(400);
    expect((below.body as unknown as TrpcError).message).toBe('totalUses cannot go below the 3 uses already taken');
    expect((below.body as unknown as TrpcError).data.fieldErrors).toHaveProperty('definition.totalUses');

    const edited = await update({ totalUses: 3, amountPaise: 150_000 });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ usesCount: 3, usesLimit: 3, definition: { amountPaise: 150_000 } });

    const other = (await create(save1000({ code: 'DIWALI' }))).body;
    const clash = await admin.trpc('mutation', 'offers.update', { offerId: other._id, ...save1000() });
    expect(clash.status).toBe(409);
    const kindChange = await admin.trpc('mutation', 'offers.update', {
      offerId: other._id,
      kind: 'prepaid',
      name: 'x',
      definition: { kind: 'amount', amountPaise: 100, from: '2026-12-01T00:00:00Z', to: null },
    });
    expect(kindChange.status).toBe(400);

    const paused = await admin.trpc<AdminOffer>('mutation', 'offers.setPaused', { offerId: made._id, paused: true });
    expect(paused.body).toMatchObject({ paused: true, status: 'paused', definition: { paused: true } });
    const row = await server.deps.db.selectFrom('offers').select(['paused', 'definition']).where('id', '=', made._id).executeTakeFirstOrThrow();
    expect(row.paused).toBe(1);
    expect(JSON.parse(row.definition)).toMatchObject({ paused: true });
    expect((await admin.trpc<AdminOffer>('mutation', 'offers.setPaused', { offerId: made._id, paused: false })).body.status).toBe('live');

    const copy = await admin.trpc<AdminOffer>('mutation', 'offers.duplicate', { offerId: made._id });
    expect(copy.body).toMatchObject({ name: 'SAVE1000 on phones (copy)', code: 'SAVE1000-2', paused: true, status: 'paused', usesCount: 0, usesLimit: 3 });
    expect((await admin.trpc<AdminOffer>('mutation', 'offers.duplicate', { offerId: made._id })).body.code).toBe('SAVE1000-3');
    expect((await admin.trpc<AdminOffer>('mutation', 'offers.duplicate', { offerId: copy.body._id })).body.code).toBe('SAVE1000-4');

    const audit = await auditOf(made._id);
    // One clock instant for all of them: compared as a set.
    expect(audit.map((a) => a.action).sort()).toEqual(['offer.create', 'offer.pause', 'offer.resume', 'offer.update']);
    expect(JSON.parse(audit.find((a) => a.action === 'offer.update')!.detail).changes).toEqual([
      { field: 'totalUses', from: 50, to: 3 },
      { field: 'amountPaise', from: 100_000, to: 150_000 },
    ]);
    expect((await auditOf(copy.body._id)).map((a) => a.action)).toEqual(['offer.duplicate']);
    const logged = await admin.trpc<{ items: { label: string; summary: string; kind: string }[] }>('query', 'admin.audit', { kind: 'offer' });
    expect(logged.body.items.map((i) => i.label)).toContain('Offer paused');
  });

  it('lists statuses at the shop clock and filters by status and kind', async () => {
    const window = (from: string, to: string | null) => ({ kind: 'prepaid', name: `Prepaid ${from}`, definition: { kind: 'amount', amountPaise: 10_000, from, to } });
    const ended = (await create(window('2026-11-20T00:00:00+05:30', '2026-11-30T00:00:00+05:30'))).body;
    const live = (await create(window('2026-11-30T00:00:00+05:30', '2026-12-01T12:00:01+05:30'))).body;
    const scheduled = (await create(window('2026-12-04T00:00:00+05:30', null))).body;
    const sale = (
      await create({
        kind: 'sale-price',
        name: 'TV weekend',
        definition: { productId: tv.id, variantId: tv.id, pricePaise: 6_999_900, from: '2026-12-04T00:00:00+05:30', to: '2026-12-07T00:00:00+05:30' },
      })
    ).body;
    expect(sale.product).toEqual({ name: 'Bravia 55', variantLabel: null });
    const statuses = async () => Object.fromEntries((await list()).map((o) => [o._id, o.status]));
    expect(await statuses()).toEqual({ [ended._id]: 'ended', [live._id]: 'live', [scheduled._id]: 'scheduled', [sale._id]: 'scheduled' });
    expect((await list({ status: 'scheduled' })).map((o) => o._id).sort()).toEqual([scheduled._id, sale._id].sort());
    expect((await list({ kind: 'sale-price' })).map((o) => o._id)).toEqual([sale._id]);
    // One second later the live one has ended (its end is excluded); on Friday 00:00 IST the scheduled ones are live.
    now = new Date('2026-12-01T06:30:01.000Z');
    expect((await statuses())[live._id]).toBe('ended');
    now = new Date('2026-12-03T18:30:00.000Z');
    expect(await statuses()).toMatchObject({ [scheduled._id]: 'live', [sale._id]: 'live' });
    now = new Date('2026-12-06T18:30:00.000Z');
    expect((await statuses())[sale._id]).toBe('ended');
    const bad = await admin.trpc('query', 'offers.list', { status: 'soon' });
    expect(bad.status).toBe(400);
  });

  it('counts orders, discount given and revenue from orders paid or later, not cancelled', async () => {
    const coupon = (await create(save1000())).body;
    const sale = (
      await create({
        kind: 'sale-price',
        name: 'TV weekend',
        definition: { productId: tv.id, variantId: tv.id, pricePaise: 6_999_900, from: '2026-11-01T00:00:00+05:30', to: '2026-12-07T00:00:00+05:30' },
      })
    ).body;
    const db = server.deps.db;
    const order = async (
      status: 'paid' | 'cancelled' | 'pending' | 'delivered',
      total: number,
      lines: { product: TestProduct; unit: number; list: number; qty: number; sale?: string; coupon?: number }[],
    ) => {
      const id = newId();
      const at = now.toISOString();
      await db
        .insertInto('orders')
        .values({
          id,
          order_number: `VM-${id.slice(0, 8)}`,
          user_id: shopperId,
          email: 'a@example.com',
          status,
          provider: 'test',
          total_amount: total,
          created_at: at,
          updated_at: at,
        })
        .execute();
      for (const [i, line] of lines.entries()) {
        const itemId = newId();
        await db
          .insertInto('order_items')
          .values({
            id: itemId,
            order_id: id,
            product_id: line.product.id,
            variant_id: line.product.id,
            name: line.product.productName,
            unit_price: line.unit,
            list_unit_price: line.list,
            sale_offer_id: line.sale ?? null,
            quantity: line.qty,
            position: i,
            discount: line.coupon ?? 0,
          })
          .execute();
        if (line.coupon) await db.insertInto('order_item_discounts').values({ order_item_id: itemId, offer_id: coupon._id, kind: 'coupon', amount: line.coupon }).execute();
      }
      if (lines.some((l) => l.coupon)) await db.insertInto('offer_uses').values({ offer_id: coupon._id, order_id: id, user_id: shopperId, at, released_at: null }).execute();
    };
    // Paid: the phone with SAVE1000 (₹1,000 off) and a charger: ₹25,398.00.
    await order('paid', 2_539_800, [
      { product: phone, unit: 2_499_900, list: 2_499_900, qty: 1, coupon: 100_000 },
      { product: charger, unit: 149_900, list: 149_900, qty: 1 },
    ]);
    // Delivered: two TVs at the sale price (₹5,000 off each) and a phone with SAVE1000.
    await order('delivered', 2 * 6_999_900 + 2_399_900, [
      { product: tv, unit: 6_999_900, list: 7_499_900, qty: 2, sale: sale._id },
      { product: phone, unit: 2_499_900, list: 2_499_900, qty: 1, coupon: 100_000 },
    ]);
    // Cancelled and never paid: not counted.
    await order('cancelled', 6_999_900, [{ product: tv, unit: 6_999_900, list: 7_499_900, qty: 1, sale: sale._id }]);
    await order('pending', 2_399_900, [{ product: phone, unit: 2_499_900, list: 2_499_900, qty: 1, coupon: 100_000 }]);

    const byId = Object.fromEntries((await list()).map((o) => [o._id, o.usage]));
    expect(byId[coupon._id]).toEqual({ orders: 2, discountPaise: 200_000, revenuePaise: 2_539_800 + 2 * 6_999_900 + 2_399_900 });
    expect(byId[sale._id]).toEqual({ orders: 1, discountPaise: 2 * 500_000, revenuePaise: 2 * 6_999_900 + 2_399_900 });
  });

  it('previews SAVE1000 on a ₹24,999 phone and a ₹1,499 charger: the discount on the phone, GST after it', async () => {
    await create(save1000());
    const preview = (input: Record<string, unknown>) =>
      admin.trpc<OfferPreview>('query', 'offers.preview', {
        lines: [
          { variantId: phone.id, quantity: 1 },
          { variantId: charger.id, quantity: 1 },
        ],
        payment: 'online',
        pin: '560001',
        ...input,
      });
    const reply = await preview({ couponCode: 'save1000' });
    expect(reply.status).toBe(200);
    const cart = reply.body;
    expect(cart.coupon).toEqual({ code: 'SAVE1000', applied: true, saving: 100_000 });
    expect(cart.intraState).toBe(true);
    const [p, c] = cart.lines;
    // Phone: ₹24,999 − ₹1,000 = ₹23,999 at 18 %: CGST = SGST = round(23,99,900 × 900 / 11,800) = 1,83,043 paise; taxable the rest.
    expect(p).toMatchObject({ name: 'Pixel 9a', listUnitPrice: 2_499_900, unitPrice: 2_499_900, discount: 100_000, net: 2_399_900 });
    expect(p!.discountNames).toEqual([{ offerId: expect.any(String), name: 'SAVE1000 on phones', amount: 100_000 }]);
    expect(p!.tax).toMatchObject({ taxable: 2_033_814, cgst: 183_043, sgst: 183_043, igst: 0, rateBp: 1800 });
    // Charger: no discount (not a phone); round(1,49,900 × 900 / 11,800) = 11,433.
    expect(c).toMatchObject({ discount: 0, net: 149_900 });
    expect(c!.tax).toMatchObject({ taxable: 127_034, cgst: 11_433, sgst: 11_433 });
    // testShopSettings' standard delivery is free.
    expect(cart.totals).toMatchObject({
      listTotal: 2_649_800,
      saleSavings: 0,
      discountTotal: 100_000,
      deliveryAmount: 0,
      total: 2_549_800,
      taxable: 2_160_848,
      cgst: 194_476,
      sgst: 194_476,
    });

    // Below the minimum (the phone alone is what counts): the coupon's sentence.
    const cheap = await admin.trpc<OfferPreview>('query', 'offers.preview', { lines: [{ variantId: charger.id, quantity: 1 }], payment: 'cod', couponCode: 'SAVE1000' });
    expect(cheap.body.coupon).toMatchObject({ applied: false, reason: 'not-applicable' });
    const unknown = await preview({ couponCode: 'NOPE' });
    expect(unknown.body.coupon).toMatchObject({ applied: false, reason: 'unknown' });
    // Delhi: IGST.
    expect((await preview({ couponCode: 'SAVE1000', pin: '110001' })).body.lines[0]!.tax).toMatchObject({ cgst: 0, sgst: 0, igst: 366_086 });

    const bad = await admin.trpc('query', 'offers.preview', { lines: [{ variantId: 'nope', quantity: 1 }], payment: 'online' });
    expect(bad.status).toBe(400);
    expect((bad.body as unknown as TrpcError).data.fieldErrors).toEqual({ 'lines.0.variantId': 'no such product for sale' });
    const noLines = await admin.trpc('query', 'offers.preview', { lines: [], payment: 'online' });
    expect(noLines.status).toBe(400);
  });

  it('previews a future weekend sale at `at`', async () => {
    await create({
      kind: 'sale-price',
      name: 'TV weekend',
      definition: { productId: tv.id, variantId: tv.id, pricePaise: 6_999_900, from: '2026-12-04T00:00:00+05:30', to: '2026-12-07T00:00:00+05:30' },
    });
    const at = (instant?: string) =>
      admin.trpc<OfferPreview>('query', 'offers.preview', { lines: [{ variantId: tv.id, quantity: 1 }], payment: 'online', ...(instant ? { at: instant } : {}) });
    expect((await at()).body.lines[0]!.unitPrice).toBe(7_499_900);
    expect((await at('2026-12-06T23:59:59+05:30')).body.lines[0]).toMatchObject({ unitPrice: 6_999_900, saleEndsAt: '2026-12-06T18:30:00.000Z' });
    expect((await at('2026-12-07T00:00:00+05:30')).body.lines[0]!.unitPrice).toBe(7_499_900);
  });

  it('saves the no-cost EMI plans and bank offers into the settings; the Settings page keeps them', async () => {
    const table: EmiTable = {
      plans: [{ bank: 'HDFC Bank', months: 6, annualRateBp: 1500, minPricePaise: 300_000 }],
      bankOffers: [{ id: 'hdfc-10', bank: 'HDFC Bank', text: '10% instant discount on HDFC credit cards, up to ₹1,500', from: '2026-12-01T00:00:00.000Z', to: null }],
    };
    const saved = await admin.trpc<EmiTable>('mutation', 'offers.saveEmiSettings', table);
    expect(saved.status).toBe(200);
    expect((await admin.trpc<EmiTable>('query', 'offers.emiSettings')).body).toEqual(table);
    const bad = await admin.trpc('mutation', 'offers.saveEmiSettings', { plans: [{ bank: 'HDFC', months: 5, annualRateBp: 1500 }], bankOffers: [] });
    expect(bad.status).toBe(400);
    expect((bad.body as unknown as TrpcError).data.fieldErrors).toHaveProperty('plans.0.months');
    // The Settings form sends no offers: they stay as saved.
    expect((await admin.trpc('mutation', 'settings.update', testShopSettings())).status).toBe(200);
    expect((await admin.trpc<EmiTable>('query', 'offers.emiSettings')).body).toEqual(table);
    const audit = await server.deps.db.selectFrom('audit_log').select(['detail']).where('action', '=', 'settings.update').execute();
    expect(audit.some((a) => JSON.stringify((JSON.parse(a.detail) as { changed: unknown }).changed) === '["offers"]')).toBe(true);
  });
});

import nodemailer from 'nodemailer';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { AdminOrder, Dashboard } from '../../../shared/schemas/admin';
import type { AuditEntry } from '../../../shared/schemas/audit';
import type { ShopSettingsInput } from '../../../shared/schemas/settings';
import type { AdminVariant } from '../../../shared/schemas/variants';
import type { PlaceCodOrderResult } from '../../../shared/schemas/order';
import { sendDueMail } from '../../mail/mail.service';
import { insertProduct, insertUser, signInAs, testShopSettings, type TestProduct, type TestUser } from '../../testing/factories';
import { startTestSmtpServer } from '../../testing/smtp-server';
import { HttpClient, startTestServer, type TestServer } from '../../testing/test-server';
import { testDialect } from '../../testing/test-database';
import { runStockAlerts, STOCK_ALERTS_JOB } from './stock-alerts.service';

/**
 * Issue 29's low-stock mail on a real database (SQLite here, PostgreSQL in server-pg), with the
 * shop's clock moved by hand: each variant is named once per crossing of its level (its own or
 * the shop's default), at or after the owner's time, once a shop day whichever process runs it;
 * stock back above the level (an edit, an order's units given back) makes the next crossing
 * mail again. Mails are read from the outbox, one sent through a real SMTP server.
 */

type TrpcError = { message: string; data: { httpStatus: number; appCode: string; fieldErrors: Record<string, string> | null } };

const ADDRESS = { name: 'Asha Rao', phone: '98450 11111', line1: '12 MG Road', line2: '', city: 'Bengaluru', stateCode: '29', pin: '560001', gstin: '' };
const SETTINGS: ShopSettingsInput = testShopSettings({
  payments: { online: 'both', cod: { enabled: true, maxOrderPaise: 10_000_000, feePaise: 0, pins: [], maxOpenOrders: 20 } },
});

type Shop = { server: TestServer; admin: HttpClient; owner: TestUser; partner: TestUser; now: { ms: number } };
const open: TestServer[] = [];

/** A shop on 10 Dec 2026 at 07:30 IST with two admins, COD on (orders take stock at once), stock alerts at their defaults (on, level 5, 09:00). */
async function shop(settings: ShopSettingsInput = SETTINGS): Promise<Shop> {
  const now = { ms: Date.parse('2026-12-10T07:30:00+05:30') };
  const server = await startTestServer({ clock: () => new Date(now.ms) });
  open.push(server);
  const signedIn = await signInAs(server, 'ADMIN');
  const partner = await insertUser(server.deps.db, { role: 'ADMIN', name: 'Partner' });
  expect((await signedIn.client.trpc('mutation', 'settings.update', settings)).status).toBe(200);
  return { server, admin: signedIn.client, owner: signedIn.user, partner, now };
}

afterEach(async () => {
  for (const server of open.splice(0)) await server.close();
});

afterAll(async () => {
  for (const server of open.splice(0)) await server.close();
});

/** The shop's clock to `time` (HH:MM, India) on `day`. */
const setClock = (s: Shop, day: string, time: string) => {
  s.now.ms = Date.parse(`${day}T${time}:00+05:30`);
};

const alertMails = (s: Shop) =>
  s.server.deps.db
    .selectFrom('mail_outbox')
    .select(['to_address', 'subject', 'html', 'text_body'])
    .where('kind', '=', 'stock-low')
    .orderBy('created_at')
    .orderBy('to_address')
    .execute();

const alertedAt = async (s: Shop, variantId: string) =>
  (await s.server.deps.db.selectFrom('product_variants').select('low_stock_alerted_at').where('id', '=', variantId).executeTakeFirstOrThrow()).low_stock_alerted_at;

const stockOf = async (s: Shop, variantId: string) =>
  (await s.server.deps.db.selectFrom('product_variants').select('stock').where('id', '=', variantId).executeTakeFirstOrThrow()).stock;

/** A new shopper buys `quantity` of the product, cash on delivery (the units leave stock at once); returns the order id. */
async function sell(s: Shop, productId: string, quantity = 1): Promise<string> {
  const { client } = await signInAs(s.server);
  expect((await client.post('/api/addtocart', { productId })).status).toBe(200);
  if (quantity > 1) {
    const [line] = (await client.trpc<{ _id: string }[]>('query', 'cart.list')).body;
    expect((await client.trpc('mutation', 'cart.updateQuantity', { _id: line!._id, quantity })).status).toBe(200);
  }
  const address = await client.trpc<{ _id: string }>('mutation', 'address.create', ADDRESS);
  const placed = await client.trpc<PlaceCodOrderResult>('mutation', 'checkout.placeCodOrder', { addressId: address.body._id });
  expect(placed.status).toBe(200);
  return placed.body.orderId;
}

/** The admin's product form saving a product without options: a stock figure (compared with the one shown) and its own low-stock level. */
function saveProduct(s: Shop, p: TestProduct, fields: { stock?: number; expectedStock?: number; lowStockLevel?: number | null }) {
  return s.admin.trpc<TrpcError>('mutation', 'catalog.update', {
    _id: p.id,
    productName: p.productName,
    brandName: 'Testbrand',
    category: p.category,
    productImage: ['/images/test.webp'],
    description: 'A product made for tests.',
    price: p.price,
    sellingPrice: p.sellingPrice,
    ...fields,
  });
}

const cheap = { category: 'earphones', price: 49_900, sellingPrice: 39_900 };

describe('the daily low-stock mail', () => {
  it('names a variant sold down to its level once, at the time set, to every admin; a second day with no change mails nothing', async () => {
    const s = await shop();
    const cable = await insertProduct(s.server.deps.db, { ...cheap, productName: 'USB-C cable', stock: 7 });
    await insertProduct(s.server.deps.db, { ...cheap, productName: 'Plenty of chargers', stock: 40 });
    await sell(s, cable.id, 2);
    expect(await stockOf(s, cable.id)).toBe(5);

    setClock(s, '2026-12-10', '08:59');
    expect(await runStockAlerts(s.server.deps)).toEqual({ status: 'not-yet', day: '2026-12-10' });
    expect(await alertMails(s)).toEqual([]);

    setClock(s, '2026-12-10', '09:00');
    expect(await runStockAlerts(s.server.deps)).toEqual({ status: 'ran', day: '2026-12-10', variants: 1, recipients: 2 });
    const mails = await alertMails(s);
    expect(mails.map((m) => m.to_address).sort()).toEqual([s.owner.email, s.partner.email].sort());
    const [mail] = mails;
    expect(mail!.subject).toBe('Low stock: 1 variant at or below its level');
    expect(mail!.text_body).toContain(`USB-C cable, SKU VM-${cable.id.toUpperCase()}: 5 in stock, level 5`);
    expect(mail!.text_body).toContain(`${s.server.url}/admit-panel/all-products?edit=${cable.id}`);
    expect(mail!.html).toContain(`href="${s.server.url}/admit-panel/all-products?edit=${cable.id}"`);
    expect(mail!.text_body).not.toContain('Plenty of chargers');
    expect(await alertedAt(s, cable.id)).toBe(new Date(s.now.ms).toISOString());

    // Audited, under the Stock kind, naming the variant.
    const audit = await s.admin.trpc<{ items: AuditEntry[] }>('query', 'admin.audit', { kind: 'stock' });
    const entry = audit.body.items.find((e) => e.action === 'stock.low_alert');
    expect(entry).toMatchObject({ kind: 'stock', label: 'Low stock alert sent', actor: null, detail: { variantIds: [cable.id], count: 1, day: '2026-12-10' } });
    expect(entry!.summary).toBe(`Mailed 2 admins about 1 variant at or below its low-stock level: VM-${cable.id.toUpperCase()}`);

    // Later the same day, and the next days while nothing crosses: nothing more.
    setClock(s, '2026-12-10', '17:00');
    expect(await runStockAlerts(s.server.deps)).toEqual({ status: 'done', day: '2026-12-10' });
    setClock(s, '2026-12-11', '09:00');
    expect(await runStockAlerts(s.server.deps)).toEqual({ status: 'ran', day: '2026-12-11', variants: 0, recipients: 0 });
    await sell(s, cable.id); // 4 left: still below, already named
    setClock(s, '2026-12-12', '09:30');
    expect(await runStockAlerts(s.server.deps)).toMatchObject({ status: 'ran', variants: 0 });
    expect(await alertMails(s)).toHaveLength(2);

    // The mail as it arrives through a real SMTP server.
    const smtp = await startTestSmtpServer();
    const transport = nodemailer.createTransport(smtp.url);
    try {
      await sendDueMail(s.server.deps, transport);
      const got = smtp.received.find((m) => m.envelopeTo.includes(s.partner.email));
      expect(got?.parsed.subject).toBe('Low stock: 1 variant at or below its level');
      expect(got?.parsed.text).toContain('USB-C cable');
      expect(got?.parsed.html).toContain(`/admit-panel/all-products?edit=${cable.id}`);
    } finally {
      transport.close();
      await smtp.close();
    }
  });

  it('mails again after the stock went back above the level, by an edit or by a cancelled order giving its units back', async () => {
    const s = await shop();
    const cable = await insertProduct(s.server.deps.db, { ...cheap, productName: 'USB-C cable', stock: 6 });
    const hub = await insertProduct(s.server.deps.db, { ...cheap, productName: 'USB hub', stock: 8 });
    // The hub's own level: 7 (the product form's field for a product without options).
    expect((await saveProduct(s, hub, { lowStockLevel: 7 })).status).toBe(200);
    await sell(s, cable.id); // 5
    const hubOrder = await sell(s, hub.id); // 7
    setClock(s, '2026-12-10', '09:00');
    expect(await runStockAlerts(s.server.deps)).toMatchObject({ status: 'ran', variants: 2 });
    expect((await alertMails(s))[0]!.subject).toBe('Low stock: 2 variants at or below their level');

    // An edit restocks the cable above its level: its mark goes at once; the owner then counts 3 left.
    expect((await saveProduct(s, cable, { stock: 20, expectedStock: 5 })).status).toBe(200);
    expect(await alertedAt(s, cable.id)).toBeNull();
    // Cancelling the hub's order puts its unit back: 8, above 7.
    expect((await s.admin.trpc<AdminOrder>('mutation', 'admin.setOrderStatus', { orderId: hubOrder, status: 'cancelled' })).status).toBe(200);
    expect(await stockOf(s, hub.id)).toBe(8);
    expect(await alertedAt(s, hub.id)).toBeNull();
    // A sale or a restock that leaves a variant at or below its level keeps its mark.
    expect((await saveProduct(s, cable, { stock: 3, expectedStock: 20 })).status).toBe(200);
    await sell(s, hub.id); // 7 again

    setClock(s, '2026-12-11', '09:00');
    expect(await runStockAlerts(s.server.deps)).toMatchObject({ status: 'ran', variants: 2 });
    const second = (await alertMails(s)).slice(2);
    expect(second).toHaveLength(2);
    expect(second[0]!.text_body).toMatch(/USB-C cable, SKU [^:]+: 3 in stock, level 5/);
    expect(second[0]!.text_body).toMatch(/USB hub, SKU [^:]+: 7 in stock, level 7/);
  });

  it('takes each variant’s own level over the default, on the dashboard too, and never lists untracked or archived ones', async () => {
    const s = await shop();
    const db = s.server.deps.db;
    const roomy = await insertProduct(db, { ...cheap, productName: 'Roomy', stock: 4 });
    const eager = await insertProduct(db, { ...cheap, productName: 'Eager', stock: 9 });
    const untracked = await insertProduct(db, { ...cheap, productName: 'Untracked', trackStock: false });
    const gone = await insertProduct(db, { ...cheap, productName: 'Archived product', stock: 1, archived: true });
    expect((await saveProduct(s, roomy, { lowStockLevel: 2 })).status).toBe(200);
    expect((await saveProduct(s, eager, { lowStockLevel: 10 })).status).toBe(200);
    // A phone in two colours: its grey variant sold out and archived, its black one low by the grid's level of 3.
    const created = await s.admin.trpc<{ _id: string }>('mutation', 'catalog.create', {
      productName: 'Pixel Buds',
      brandName: 'Google',
      category: 'earphones',
      productImage: ['/images/buds.webp'],
      options: [{ name: 'Colour', values: [{ value: 'Black' }, { value: 'Grey' }] }],
      variants: [
        { sku: 'BUDS-BLK', optionValues: ['Black'], price: 99_900, sellingPrice: 89_900, stock: 3, lowStockLevel: 1 },
        { sku: 'BUDS-GRY', optionValues: ['Grey'], price: 99_900, sellingPrice: 89_900, stock: 0 },
      ],
    });
    expect(created.status).toBe(200);
    const variants = (await s.admin.trpc<{ variants: AdminVariant[] }>('query', 'catalog.variants', { productId: created.body._id })).body.variants;
    const black = variants.find((v) => v.sku === 'BUDS-BLK')!;
    const grey = variants.find((v) => v.sku === 'BUDS-GRY')!;
    expect(black.lowStockLevel).toBe(1);
    expect(grey.lowStockLevel).toBeNull();
    expect((await s.admin.trpc('mutation', 'catalog.updateVariants', { productId: created.body._id, variants: [{ _id: black._id, lowStockLevel: 3 }] })).status).toBe(200);
    expect((await s.admin.trpc('mutation', 'catalog.archiveVariant', { variantId: grey._id })).status).toBe(200);
    // Shoppers never see the levels.
    const details = await new HttpClient(s.server.url).trpc<{ variants: Record<string, unknown>[] }>('query', 'catalog.details', { productId: created.body._id });
    expect(details.body.variants[0]).not.toHaveProperty('lowStockLevel');

    // The dashboard's list is the mail's rule: 4 > its own 2 is not low; 9 <= its own 10 is.
    const dashboard = (await s.admin.trpc<Dashboard>('query', 'admin.dashboard')).body;
    expect(dashboard.lowStockLevel).toBe(5);
    expect(dashboard.lowStock.map((p) => [p.productName, p.stock, p.level])).toEqual([
      ['Pixel Buds', 3, 3],
      ['Eager', 9, 10],
    ]);

    setClock(s, '2026-12-10', '14:00'); // the shop was down at 09:00: it catches up when it is back that day
    expect(await runStockAlerts(s.server.deps)).toMatchObject({ status: 'ran', variants: 2 });
    const [mail] = await alertMails(s);
    expect(mail!.text_body).toContain('Pixel Buds (Black), SKU BUDS-BLK: 3 in stock, level 3');
    expect(mail!.text_body).toMatch(/Eager, SKU [^:]+: 9 in stock, level 10/);
    for (const name of ['Roomy', 'Untracked', 'Archived product', 'BUDS-GRY']) expect(mail!.text_body).not.toContain(name);
    for (const id of [roomy.id, untracked.id, gone.id, grey._id]) expect(await alertedAt(s, id)).toBeNull();

    // Back to the shop's default (null): Eager's 9 is above 5, so its mark goes; the edit is audited.
    expect((await saveProduct(s, eager, { lowStockLevel: null })).status).toBe(200);
    expect(await alertedAt(s, eager.id)).toBeNull();
    const audit = await s.admin.trpc<{ items: AuditEntry[] }>('query', 'admin.audit', { kind: 'product' });
    expect(audit.body.items.map((e) => e.summary)).toContain(`Eager, variant SKU VM-${eager.id.toUpperCase()}: low-stock level 10 units → the shop’s default`);
  });

  it('follows the settings: off sends nothing, the time and default level are the owner’s, and a lowered default clears marks', async () => {
    const s = await shop(testShopSettings({ ...SETTINGS, stockAlerts: { enabled: false, defaultLevel: 8, sendAt: '18:30' } }));
    const cable = await insertProduct(s.server.deps.db, { ...cheap, productName: 'USB-C cable', stock: 7 });
    setClock(s, '2026-12-10', '19:00');
    expect(await runStockAlerts(s.server.deps)).toEqual({ status: 'off' });

    expect((await s.admin.trpc('mutation', 'settings.update', { ...SETTINGS, stockAlerts: { enabled: true, defaultLevel: 8, sendAt: '18:30' } })).status).toBe(200);
    setClock(s, '2026-12-11', '18:29');
    expect(await runStockAlerts(s.server.deps)).toMatchObject({ status: 'not-yet' });
    setClock(s, '2026-12-11', '18:30');
    expect(await runStockAlerts(s.server.deps)).toMatchObject({ status: 'ran', variants: 1 });
    expect((await alertMails(s))[0]!.text_body).toMatch(/7 in stock, level 8/);

    // The default lowered to 5: 7 is above it now, so the next crossing (5) mails again.
    expect((await s.admin.trpc('mutation', 'settings.update', { ...SETTINGS, stockAlerts: { enabled: true, defaultLevel: 5, sendAt: '18:30' } })).status).toBe(200);
    expect(await alertedAt(s, cable.id)).toBeNull();
    await sell(s, cable.id, 2);
    setClock(s, '2026-12-12', '18:45');
    expect(await runStockAlerts(s.server.deps)).toMatchObject({ status: 'ran', variants: 1 });
  });

  it('refuses a negative or broken level with a 400 naming the field', async () => {
    const s = await shop();
    const cable = await insertProduct(s.server.deps.db, { ...cheap, productName: 'USB-C cable', stock: 7 });
    const form = await saveProduct(s, cable, { lowStockLevel: -1 });
    expect(form.status).toBe(400);
    expect(form.body.data.fieldErrors).toEqual({ lowStockLevel: 'lowStockLevel must be 0 or more' });
    const grid = await s.admin.trpc<TrpcError>('mutation', 'catalog.updateVariants', { productId: cable.id, variants: [{ _id: cable.id, lowStockLevel: 2.5 }] });
    expect(grid.status).toBe(400);
    expect(grid.body.data.fieldErrors).toEqual({ 'variants.0.lowStockLevel': 'lowStockLevel must be a whole number' });
    const settings = await s.admin.trpc<TrpcError>('mutation', 'settings.update', { ...SETTINGS, stockAlerts: { enabled: true, defaultLevel: -3, sendAt: '9 am' } });
    expect(settings.status).toBe(400);
    expect(settings.body.data.fieldErrors).toEqual({
      'stockAlerts.defaultLevel': 'default low-stock level must be 0 or more',
      'stockAlerts.sendAt': 'stock alert time must be a time like 09:00 (24-hour clock)',
    });
    const after = (await s.admin.trpc<{ variants: AdminVariant[] }>('query', 'catalog.variants', { productId: cable.id })).body.variants;
    expect(after[0]!.lowStockLevel).toBeNull();
  });

  // A SQLite shop is one app process (README: When you outgrow one machine): there the runs race within it.
  it('sends one mail a day when two app processes run the job at the same moment', async () => {
    const s = await shop();
    // On PostgreSQL a second app process on the same database, with the same clock.
    const other = testDialect() === 'postgres' ? await startTestServer({ dataDir: s.server.dataDir, clock: () => new Date(s.now.ms) }) : s.server;
    if (other !== s.server) open.push(other);
    for (let i = 0; i < 3; i++) await insertProduct(s.server.deps.db, { ...cheap, productName: `Cable ${i}`, stock: 3 + i });
    setClock(s, '2026-12-10', '09:00');
    const runs = await Promise.all([runStockAlerts(s.server.deps), runStockAlerts(other.deps), runStockAlerts(s.server.deps), runStockAlerts(other.deps)]);
    expect(runs.filter((r) => r.status === 'ran')).toEqual([{ status: 'ran', day: '2026-12-10', variants: 3, recipients: 2 }]);
    expect(runs.filter((r) => r.status === 'done')).toHaveLength(3);
    const mails = await alertMails(s);
    expect(mails).toHaveLength(2);
    expect(mails[0]!.subject).toBe('Low stock: 3 variants at or below their level');
    const day = await s.server.deps.db.selectFrom('job_runs').select(['last_day']).where('name', '=', STOCK_ALERTS_JOB).executeTakeFirstOrThrow();
    expect(day.last_day).toBe('2026-12-10');
  });
});

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gstinCheckCharacter, splitInclusive } from '../../shared/gst';
import type { ShopSettingsInput } from '../../shared/schemas/settings';
import type { InvoiceRegister } from '../../shared/schemas/invoices';
import type { Order } from '../../shared/schemas/order';
import { insertProduct, signInAs, TEST_PAGE_ADDRESS, TEST_SELLER_GSTIN, testShopSettings } from '../testing/factories';
import { HttpClient, startTestServer, type TestServer } from '../testing/test-server';

/**
 * Issue 14's "Done when", over real HTTP on a real database (SQLite here, PostgreSQL in the
 * server-pg project): with only the settings filled in, a sale within the seller's state is
 * taxed CGST + SGST and one to another state IGST, each gets a consecutive invoice whose PDF
 * carries every Rule 46 field and adds up to what was charged, a cancellation issues a credit
 * note, and the month's GSTR-1 CSV adds up to the month's orders.
 */

const gstin = (first14: string) => `${first14}${gstinCheckCharacter(first14)}`;
const SELLER_GSTIN = TEST_SELLER_GSTIN;
const BUYER_GSTIN = gstin('27AABCT5678K1Z');

const SETTINGS: ShopSettingsInput = testShopSettings({
  invoicePrefix: 'vm',
  grievanceOfficer: { name: 'Meera Iyer', email: 'grievance@voltmart.example', phone: '9845012345' },
  policies: { returns: 'Returns within 7 days.', shipping: 'Ships in 2 days.' },
  shipping: { standardPaise: 4900, expressPaise: 14900, freeAbovePaise: 5_000_000, standardDays: '3–5', expressDays: '1–2', serviceablePins: ['56', '400001', '700'] },
});

let server: TestServer;
let now = Date.parse('2026-11-24T06:30:00.000Z');
let admin: HttpClient;
let tmp: string;

beforeAll(async () => {
  server = await startTestServer({ clock: () => new Date(now) });
  ({ client: admin } = await signInAs(server, 'ADMIN'));
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'gst-orders-'));
});

afterAll(async () => {
  await server.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

function postForm(client: HttpClient, pathname: string, fields: Record<string, string>) {
  return client.request<string>(pathname, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() });
}

async function orderOf(client: HttpClient, orderId: string): Promise<Order> {
  const list = await client.trpc<Order[]>('query', 'order.list');
  const order = list.body.find((o) => o._id === orderId);
  if (!order) throw new Error(`order ${orderId} is not in the shopper's list`);
  return order;
}

/** A shopper buys `items` delivered to `address` (saved, then chosen at the address step), paying on the test page. */
async function buy(items: { productId: string; quantity: number }[], address: Record<string, string> | null, shipping: 'standard' | 'express' = 'standard') {
  const { client } = await signInAs(server);
  for (const item of items) {
    now += 1; // cart lines keep the order they were added in
    const added = await client.post<{ data: { _id: string } }>('/api/addtocart', { productId: item.productId });
    if (item.quantity > 1) await client.post('/api/update-cart-product', { _id: added.body.data._id, quantity: item.quantity });
  }
  let started;
  if (address) {
    const saved = await client.trpc<{ _id: string }>('mutation', 'address.create', address);
    expect(saved.status).toBe(200);
    started = await client.trpc<{ orderId: string; sessionId: string; url: string }>('mutation', 'checkout.start', { addressId: saved.body._id });
  } else {
    const legacy = await client.post<{ data: string; id: string; url: string }>('/api/checkout', {});
    started = { ...legacy, body: { orderId: legacy.body.data, sessionId: legacy.body.id, url: legacy.body.url } };
  }
  expect(started.status).toBe(200);
  const page = await client.get<string>(`/test-checkout/${started.body.sessionId}`);
  expect(page.status).toBe(200);
  const fields: Record<string, string> = address ? { shipping } : { shipping, ...TEST_PAGE_ADDRESS };
  expect((await postForm(client, `/test-checkout/${started.body.sessionId}/pay`, fields)).status).toBe(303);
  return { client, orderId: started.body.orderId, sessionId: started.body.sessionId, page: page.body };
}

async function pdfText(client: HttpClient, url: string): Promise<string> {
  const res = await fetch(new URL(url, client.baseUrl), { headers: { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/pdf');
  const file = path.join(tmp, `${Math.random().toString(36).slice(2)}.pdf`);
  fs.writeFileSync(file, Buffer.from(await res.arrayBuffer()));
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

const KARNATAKA = { name: 'Asha Rao', phone: '98450 11111', line1: '12 MG Road', line2: 'Floor 3', city: 'Bengaluru', stateCode: '29', pin: '560001', gstin: '' };
const MAHARASHTRA_B2B = { name: 'Tandon Traders', phone: '+91 9820012345', line1: '7 Marine Drive', line2: '', city: 'Mumbai', stateCode: '27', pin: '400001', gstin: BUYER_GSTIN };

let phone: { id: string };
let buds: { id: string };
let intra: { client: HttpClient; orderId: string };
let inter: { client: HttpClient; orderId: string; sessionId: string };

describe('GST: settings, tax split, invoices, credit notes, GSTR-1', () => {
  it('refuses settings with a bad GSTIN, or one from another state than the address, naming the problem', async () => {
    const typo = await admin.trpc('mutation', 'settings.update', {
      ...SETTINGS,
      seller: { ...SETTINGS.seller, gstin: SELLER_GSTIN.slice(0, 14) + (SELLER_GSTIN.endsWith('A') ? 'B' : 'A') },
    });
    expect(typo.status).toBe(400);
    expect(JSON.stringify(typo.body)).toContain('does not match the others');
    const elsewhere = await admin.trpc('mutation', 'settings.update', { ...SETTINGS, seller: { ...SETTINGS.seller, address: { ...SETTINGS.seller!.address, stateCode: '27' } } });
    expect(elsewhere.status).toBe(400);
    expect(JSON.stringify(elsewhere.body)).toContain('state code of the registered address');
    const { client: shopper } = await signInAs(server);
    expect((await shopper.trpc('mutation', 'settings.update', SETTINGS)).status).toBe(403);
  });

  it('saves the settings (audited), shows the storefront its part, and checks PIN codes', async () => {
    const saved = await admin.trpc('mutation', 'settings.update', SETTINGS);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ invoicePrefix: 'VM', seller: { phone: '+918041234567' } });
    const audit = await server.deps.db.selectFrom('audit_log').selectAll().where('action', '=', 'settings.update').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actor_id).not.toBeNull();
    expect(JSON.parse(audit[0]!.detail).changed).toEqual(expect.arrayContaining(['seller', 'invoicePrefix', 'shipping']));

    const visitor = new HttpClient(server.url);
    const info = await visitor.trpc('query', 'settings.storefront');
    expect(info.body).toMatchObject({ seller: { tradeName: 'Voltmart', gstin: SELLER_GSTIN }, grievanceOfficer: { name: 'Meera Iyer' }, shipping: { allIndia: false } });
    // A shared reply: the next save shows at once all the same.
    const renamed = { ...SETTINGS, grievanceOfficer: { ...SETTINGS.grievanceOfficer!, name: 'Kavya Nair' } };
    expect((await admin.trpc('mutation', 'settings.update', renamed)).status).toBe(200);
    expect((await visitor.trpc('query', 'settings.storefront')).body).toMatchObject({ grievanceOfficer: { name: 'Kavya Nair' } });
    expect((await admin.trpc('mutation', 'settings.update', SETTINGS)).status).toBe(200);
    expect((await visitor.trpc('query', 'settings.deliveryCheck', { pin: '560001' })).body).toMatchObject({
      serviceable: true,
      // Tuesday noon in India, before the cut-off: dispatched today, two days within Bengaluru.
      message: 'Delivery by Thursday, 26 November',
    });
    expect((await visitor.trpc('query', 'settings.deliveryCheck', { pin: '110001' })).body).toMatchObject({ serviceable: false });
    expect((await visitor.trpc('query', 'settings.deliveryCheck', { pin: '0123' })).status).toBe(400);
  });

  it('a sale within Karnataka: CGST + SGST per line and on delivery, adding up to the paisa charged, invoice VM/2627/00001', async () => {
    phone = await insertProduct(server.deps.db, { productName: 'Pixel 10 Test', category: 'mobiles', sellingPrice: 2_499_950, price: 2_999_900, stock: 50 });
    buds = await insertProduct(server.deps.db, { productName: 'Buds Test', category: 'earphones', sellingPrice: 99_900, price: 150_000, stock: 50 });
    // The buds are taxed at their own rate (an override of the category's 18 %).
    expect((await admin.trpc('mutation', 'settings.setProductTax', { productId: buds.id, hsn: '85176290', rateBasisPoints: 500 })).status).toBe(200);

    intra = await buy(
      [
        { productId: buds.id, quantity: 2 },
        { productId: phone.id, quantity: 1 },
      ],
      KARNATAKA,
    );
    const order = await orderOf(intra.client, intra.orderId);
    expect(order.status).toBe('paid');
    // Items come to ₹26,997.50, under the ₹50,000 free-delivery threshold: standard costs ₹49.
    expect(order.totalAmount).toBe(2_699_750 + 4900);
    expect(order.amountCharged).toBe(order.totalAmount);
    expect(order.invoice).toMatchObject({ number: 'VM/2627/00001', url: `/orders/${intra.orderId}/invoice.pdf` });
    expect(order.deliveryAddress).toMatchObject({ name: 'Asha Rao', stateCode: '29', pin: '560001', phone: '+919845011111' });
    const tax = order.tax!;
    expect(tax).toMatchObject({ intraState: true, placeOfSupply: '29', igst: 0 });
    expect(tax.lines.map((l) => [l.hsn, l.rateBasisPoints])).toEqual([
      ['85176290', 500],
      ['85171300', 1800],
    ]);
    expect(tax.lines[0]).toMatchObject(rename(splitInclusive(199_800, 500, true)));
    expect(tax.lines[1]).toMatchObject(rename(splitInclusive(2_499_950, 1800, true)));
    expect(tax.shipping).toMatchObject({ hsn: '996812', rateBasisPoints: 1800, ...rename(splitInclusive(4900, 1800, true)) });
    for (const line of [...tax.lines, tax.shipping]) expect(line.cgst).toBe(line.sgst);
    expect(tax.taxableValue + tax.cgst + tax.sgst + tax.igst).toBe(order.amountCharged);
  });

  it('a B2B sale to Maharashtra: IGST, the buyer’s GSTIN, express delivery; the next number', async () => {
    inter = await buy([{ productId: phone.id, quantity: 3 }], MAHARASHTRA_B2B, 'express');
    const order = await orderOf(inter.client, inter.orderId);
    expect(order.invoice?.number).toBe('VM/2627/00002');
    const tax = order.tax!;
    expect(tax).toMatchObject({ intraState: false, placeOfSupply: '27', cgst: 0, sgst: 0 });
    // ₹74,998.50 of items: over the threshold, but express is never free.
    expect(order.amountCharged).toBe(7_499_850 + 14_900);
    expect(tax.taxableValue + tax.igst).toBe(order.amountCharged);
    expect(tax.lines[0]).toMatchObject(rename(splitInclusive(7_499_850, 1800, false)));
  });

  it('refuses an address the shop does not deliver to, and another shopper’s address, before any stock is taken', async () => {
    const { client } = await signInAs(server);
    await client.post('/api/addtocart', { productId: phone.id });
    const delhi = await client.trpc<{ _id: string }>('mutation', 'address.create', { ...KARNATAKA, stateCode: '07', city: 'New Delhi', pin: '110001' });
    const refused = await client.trpc<{ message: string }>('mutation', 'checkout.start', { addressId: delhi.body._id });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('110001');
    const other = await intra.client.trpc<{ _id: string }[]>('query', 'address.list');
    expect((await client.trpc('mutation', 'checkout.start', { addressId: other.body[0]!._id })).status).toBe(404);
    const pending = await server.deps.db.selectFrom('orders').select('id').where('status', '=', 'pending').execute();
    expect(pending).toHaveLength(0);
  });

  it('the legacy checkout: the test page asks for the address, refuses Pay without it, and the invoice uses it', async () => {
    const { client } = await signInAs(server);
    await client.post('/api/addtocart', { productId: buds.id });
    const started = await client.post<{ data: string; id: string }>('/api/checkout', {});
    const page = await client.get<string>(`/test-checkout/${started.body.id}`);
    expect(page.body).toContain('name="line1"');
    expect(page.body).toContain('<option value="29">Karnataka</option>');
    const missing = await postForm(client, `/test-checkout/${started.body.id}/pay`, { shipping: 'standard', name: 'Asha Rao' });
    expect(missing.status).toBe(400);
    expect(missing.body).toContain('Check the address');
    expect((await postForm(client, `/test-checkout/${started.body.id}/pay`, { shipping: 'standard', ...TEST_PAGE_ADDRESS })).status).toBe(303);
    const order = await orderOf(client, started.body.data);
    expect(order.invoice?.number).toBe('VM/2627/00003');
    expect(order.deliveryAddress).toMatchObject({ name: 'Asha Rao', stateCode: '29', pin: '560001' });
    expect(order.shippingAddress).toMatchObject({ state: 'Karnataka', postalCode: '560001', country: 'IN' });
    expect(order.tax?.intraState).toBe(true);
  });

  it('the invoice PDF carries every Rule 46 field; only its buyer and admins may download it', async () => {
    const order = await orderOf(inter.client, inter.orderId);
    const text = (await pdfText(inter.client, order.invoice!.url)).replace(/\s+/g, ' ');
    for (const field of [
      'Tax Invoice',
      'VM/2627/00002',
      '24-11-2026',
      'Voltmart Retail Private Limited',
      SELLER_GSTIN,
      '42 Residency Road',
      'Karnataka',
      'Tandon Traders',
      BUYER_GSTIN,
      '7 Marine Drive',
      'Mumbai 400001',
      'Maharashtra',
      '27',
      'Place of supply',
      'Pixel 10 Test',
      '85171300',
      'NOS',
      'IGST',
      '18%',
      'reverse charge',
      'Seventy-Five Thousand',
    ]) {
      expect(text, field).toContain(field);
    }
    expect(text).toContain(formatRupees(order.amountCharged!));
    expect(text).toContain(formatRupees(order.tax!.igst));

    // Within the state the B2C invoice prints 4-digit HSN codes and CGST/SGST.
    const local = await orderOf(intra.client, intra.orderId);
    const localText = (await pdfText(intra.client, local.invoice!.url)).replace(/\s+/g, ' ');
    expect(localText).toContain('CGST @ 9%');
    expect(localText).toContain('SGST @ 9%');
    expect(localText).toContain(' 8517 ');
    expect(localText).not.toContain('85171300');
    expect(localText).toContain(formatRupees(local.amountCharged!));

    const { client: stranger } = await signInAs(server);
    expect((await stranger.get(order.invoice!.url)).status).toBe(404);
    expect((await new HttpClient(server.url).get(order.invoice!.url)).status).toBe(401);
    expect(text).toContain('ORIGINAL FOR RECIPIENT');
    expect(text).not.toContain('DUPLICATE FOR TRANSPORTER');
    expect(text).not.toMatch(/IGST @ 18%.*IGST @ 18%/);
    // Printed from the admin: the original and, with it, the transporter's duplicate.
    expect((await admin.get(order.invoice!.url)).status).toBe(200);
    const printed = (await pdfText(admin, order.invoice!.url)).replace(/\s+/g, ' ');
    expect(printed).toContain('ORIGINAL FOR RECIPIENT');
    expect(printed).toContain('DUPLICATE FOR TRANSPORTER');
    expect((await inter.client.get(`/orders/${inter.orderId}/credit-note.pdf`)).status).toBe(404);
  });

  it('cancelling a paid order issues a credit note that references the invoice', async () => {
    now += 60 * 60 * 1000;
    const cancelled = await admin.trpc('mutation', 'admin.setOrderStatus', { orderId: inter.orderId, status: 'cancelled' });
    expect(cancelled.status).toBe(200);
    const order = await orderOf(inter.client, inter.orderId);
    expect(order.creditNote).toMatchObject({ number: 'VM/2627/C0001', url: `/orders/${inter.orderId}/credit-note.pdf` });
    const text = (await pdfText(inter.client, order.creditNote!.url)).replace(/\s+/g, ' ');
    expect(text).toContain('Credit Note');
    expect(text).toContain('VM/2627/C0001');
    expect(text).toContain('VM/2627/00002');
    expect(text).toContain(formatRupees(order.amountCharged!));

    // The shopper reopening the success page (the provider still says "paid") brings nothing back.
    const again = await inter.client.trpc('mutation', 'checkout.confirmReturn', { sessionId: inter.sessionId });
    expect(again.body).toMatchObject({ status: 'cancelled' });
    expect((await orderOf(inter.client, inter.orderId)).creditNote?.number).toBe('VM/2627/C0001');
  });

  it('gives concurrent sales distinct, consecutive numbers', async () => {
    const sales = await Promise.all(Array.from({ length: 6 }, () => buy([{ productId: buds.id, quantity: 1 }], KARNATAKA)));
    const numbers = await Promise.all(sales.map(async (s) => (await orderOf(s.client, s.orderId)).invoice!.number));
    expect([...numbers].sort()).toEqual(['VM/2627/00004', 'VM/2627/00005', 'VM/2627/00006', 'VM/2627/00007', 'VM/2627/00008', 'VM/2627/00009']);
  });

  it('the month’s register and GSTR-1 CSV add up to the month’s orders', async () => {
    const orders = await server.deps.db.selectFrom('orders').select(['amount_charged', 'status', 'credit_note_number']).where('invoice_number', 'is not', null).execute();
    const charged = orders.reduce((sum, o) => sum + (o.amount_charged ?? 0), 0);
    const credited = orders.filter((o) => o.credit_note_number !== null).reduce((sum, o) => sum + (o.amount_charged ?? 0), 0);

    const register = await admin.trpc<InvoiceRegister>('query', 'admin.invoices', { month: '2026-11' });
    expect(register.status).toBe(200);
    expect(register.body.totals.invoices).toMatchObject({ count: 9, total: charged });
    expect(register.body.totals.creditNotes).toMatchObject({ count: 1, total: credited });
    const { invoices } = register.body.totals;
    expect(invoices.taxableValue + invoices.cgst + invoices.sgst + invoices.igst).toBe(charged);
    expect((await admin.trpc<InvoiceRegister>('query', 'admin.invoices', { month: '2026-10' })).body.rows).toEqual([]);

    const csv = await admin.get<string>('/admin/gstr1.csv?month=2026-11');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/);
    expect(csv.headers.get('content-disposition')).toContain(`GSTR1-${SELLER_GSTIN}-2026-11.csv`);
    const totals = section(csv.body, 'totals');
    const value = (label: string) => Math.round(Number(totals.find((row) => row[0] === label)?.at(-1)) * 100);
    expect(value('Invoices')).toBe(charged);
    expect(value('Credit notes')).toBe(credited);
    expect(value('Net')).toBe(charged - credited);
    // The B2B sale to Maharashtra is in b2b under its buyer's GSTIN, and its credit note in cdnr.
    expect(section(csv.body, 'b2b').some((row) => row[0] === BUYER_GSTIN)).toBe(true);
    expect(section(csv.body, 'cdnr').some((row) => row[0] === BUYER_GSTIN && row[2] === 'VM/2627/C0001')).toBe(true);
    expect((await admin.get('/admin/gstr1.csv?month=11-2026')).status).toBe(400);
    const { client: shopper } = await signInAs(server);
    expect((await shopper.get('/admin/gstr1.csv?month=2026-11')).status).toBe(403);
  });

  it('starts the numbers again from 1 in April, by the shop’s clock', async () => {
    // 00:30 on 1 April 2027 in India is still 31 March in UTC.
    now = Date.parse('2027-03-31T19:00:00.000Z');
    const sale = await buy([{ productId: buds.id, quantity: 1 }], KARNATAKA);
    expect((await orderOf(sale.client, sale.orderId)).invoice?.number).toBe('VM/2728/00001');
  });
});

function rename(split: { taxable: number; cgst: number; sgst: number; igst: number }) {
  return { taxableValue: split.taxable, cgst: split.cgst, sgst: split.sgst, igst: split.igst };
}

/** ₹1,23,456.78 as the PDF prints it. */
function formatRupees(paise: number): string {
  const rupees = Math.floor(paise / 100);
  const last3 = String(rupees % 1000).padStart(rupees >= 1000 ? 3 : 1, '0');
  const rest = Math.floor(rupees / 1000);
  const grouped = rest > 0 ? `${String(rest).replace(/\B(?=(\d{2})+(?!\d))/g, ',')},${last3}` : last3;
  return `₹${grouped}.${String(paise % 100).padStart(2, '0')}`;
}

/** The rows of one section of the GSTR-1 CSV (after its title and header rows). */
function section(csv: string, title: string): string[][] {
  const lines = csv.replace(/^\uFEFF/, '').split('\r\n');
  const start = lines.indexOf(title);
  if (start < 0) throw new Error(`no section ${title}`);
  const rows: string[][] = [];
  for (const line of lines.slice(start + 2)) {
    if (line === '') break;
    rows.push(line.split(',').map((cell) => cell.replace(/^"|"$/g, '').replace(/^'/, '')));
  }
  return rows;
}

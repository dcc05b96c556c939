import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import { CATEGORIES, type CategoryInfo } from '../../../shared/categories';
import type { AdminCategory, CreateCategoryInput } from '../../../shared/schemas/categories';
import type { Product, ProductPage } from '../../../shared/schemas/catalog';
import type { AuditEntry } from '../../../shared/schemas/audit';
import { insertProduct, signInAs } from '../../testing/factories';
import { testDialect } from '../../testing/test-database';
import { HttpClient, startTestServer, type TestServer } from '../../testing/test-server';

/**
 * Issue 27, "Categories are the owner's": the twelve are rows the owner edits (label, order,
 * hidden, HSN and GST, home row, spec template), adds to and deletes when unused; products are
 * checked against the rows, and shoppers see each change at once (the table's trigger).
 */

type Envelope<T> = { success: boolean; error: boolean; message: string; data: T };
type TrpcError = { message: string; data: { httpStatus: number; appCode: string; fieldErrors: Record<string, string> | null } };

let server: TestServer;
let admin: HttpClient;
let shopper: HttpClient;
let visitor: HttpClient;
/** The same shop serving its server-rendered pages (from a stand-in index.html). */
let shop: http.Server;
let shopUrl: string;

beforeAll(async () => {
  server = await startTestServer();
  ({ client: admin } = await signInAs(server, 'ADMIN'));
  ({ client: shopper } = await signInAs(server, 'GENERAL'));
  visitor = new HttpClient(server.url);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'voltmart-client-'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html lang="en"><head><title>Voltmart</title></head><body><div id="root"><!--/app-shell--></div></body></html>');
  shop = http.createServer(createApp(server.deps, { client: { kind: 'static', dir } }));
  await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
  shopUrl = `http://127.0.0.1:${(shop.address() as AddressInfo).port}`;
});

afterAll(async () => {
  shop.closeAllConnections();
  await new Promise((resolve) => shop.close(resolve));
  await server.close();
});

const pageHtml = async (address: string) => {
  await caughtUp();
  const reply = await fetch(`${shopUrl}${address}`, { headers: { accept: 'text/html' } });
  return { status: reply.status, html: await reply.text() };
};

const caughtUp = () => server.deps.changes.catchUp?.();
const shopList = async () => {
  await caughtUp();
  return (await visitor.trpc<CategoryInfo[]>('query', 'catalog.categories')).body;
};
const adminList = async () => (await admin.trpc<AdminCategory[]>('query', 'catalog.adminCategories')).body;
const create = (input: Partial<CreateCategoryInput> & { value: string; label: string }) =>
  admin.trpc<AdminCategory>('mutation', 'catalog.createCategory', { hsn: '85076000', rateBasisPoints: 1800, ...input });
const update = (input: Record<string, unknown>) => admin.trpc<AdminCategory>('mutation', 'catalog.updateCategory', input);
const latestAudit = async () => (await admin.trpc<{ items: AuditEntry[] }>('query', 'admin.audit', { kind: 'category', limit: 1 })).body.items[0];

const POWER_BANK_TEMPLATE = [
  { key: 'capacity', name: 'Capacity', unit: 'mAh', type: 'number', filter: true, onCard: true },
  { key: 'output', name: 'Output', unit: 'W', type: 'number' },
  { key: 'ports', name: 'Ports', type: 'text' },
  { key: 'fast_charging', name: 'Fast charging', type: 'yesno', filter: true },
];

const product = (category: string, productName = `Test ${category}`) => ({
  productName,
  brandName: 'Testbrand',
  category,
  productImage: ['/images/0123456789abcdef0123456789abcdef.webp'],
  description: 'A test product.',
  price: 1999,
  sellingPrice: 1499,
  stock: 5,
});

describe(`the owner's categories (${testDialect()})`, () => {
  it('starts with the spec’s twelve, their labels, order and home rows, for shoppers and the admin', async () => {
    const shop = await shopList();
    expect(shop.map((c) => [c.value, c.label])).toEqual(CATEGORIES.map((c) => [c.value, c.label]));
    expect(shop.find((c) => c.value === 'airpodes')?.homeRow).toEqual({ heading: "Top's Airpodes", cards: 'small', position: 1 });
    expect(shop.find((c) => c.value === 'printers')?.homeRow).toBeNull();
    const listed = await adminList();
    expect(listed.find((c) => c.value === 'televisions')).toMatchObject({ hsn: '852872', rateBasisPoints: 1800, template: [], hidden: false, productCount: 0 });
  });

  it('adds Power banks with its template: shoppers see it at once, products go in it, the audit log says so', async () => {
    const reply = await create({
      value: 'power-banks',
      label: 'Power banks',
      template: POWER_BANK_TEMPLATE as CreateCategoryInput['template'],
      homeRow: { heading: 'Power banks', cards: 'large' },
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      value: 'power-banks',
      label: 'Power banks',
      position: 13,
      hidden: false,
      productCount: 0,
      homeRow: { heading: 'Power banks', cards: 'large', position: 11 },
    });
    expect(reply.body.template).toEqual([
      { key: 'capacity', name: 'Capacity', unit: 'mAh', type: 'number', options: [], filter: true, onCard: true, perVariant: false },
      { key: 'output', name: 'Output', unit: 'W', type: 'number', options: [], filter: false, onCard: false, perVariant: false },
      { key: 'ports', name: 'Ports', unit: '', type: 'text', options: [], filter: false, onCard: false, perVariant: false },
      { key: 'fast_charging', name: 'Fast charging', unit: '', type: 'yesno', options: [], filter: true, onCard: false, perVariant: false },
    ]);
    expect((await shopList()).at(-1)).toEqual({
      value: 'power-banks',
      label: 'Power banks',
      position: 13,
      hidden: false,
      homeRow: { heading: 'Power banks', cards: 'large', position: 11 },
    });
    expect(await latestAudit()).toMatchObject({ kind: 'category', label: 'Category added' });

    // Products go in it, through tRPC and the spec's /api; its page and bubble show them.
    const made = await admin.post<Envelope<Product>>('/api/upload-product', product('power-banks', 'Ambrane 20000 mAh'));
    expect(made.status).toBe(201);
    await caughtUp();
    const page = await visitor.post<Envelope<Product[]>>('/api/category-product', { category: 'power-banks' });
    expect(page.body.data.map((p) => p.productName)).toEqual(['Ambrane 20000 mAh']);
    const bubbles = await visitor.trpc<Product[]>('query', 'catalog.categoryBubbles');
    expect(bubbles.body.at(-1)?.category).toBe('power-banks');
  });

  it('refuses a value or label already in use (409), and bad input with a 400 naming the field', async () => {
    const again = await create({ value: 'power-banks', label: 'Other' });
    expect(again.status).toBe(409);
    expect((again.body as unknown as TrpcError).data.fieldErrors).toHaveProperty('value');
    const sameLabel = await create({ value: 'more-mobiles', label: 'mobiles' });
    expect(sameLabel.status).toBe(409);
    expect((sameLabel.body as unknown as TrpcError).data.fieldErrors).toHaveProperty('label');

    const refused = async (input: Record<string, unknown>, field: string, message: RegExp) => {
      const reply = await admin.trpc('mutation', 'catalog.createCategory', { value: 'chargers', label: 'Chargers', hsn: '85044030', rateBasisPoints: 1800, ...input });
      expect(reply.status, field).toBe(400);
      const fieldErrors = (reply.body as TrpcError).data.fieldErrors ?? {};
      expect(Object.keys(fieldErrors), JSON.stringify(fieldErrors)).toContain(field);
      expect(fieldErrors[field]).toMatch(message);
    };
    await refused({ value: 'Power Banks!' }, 'value', /lower-case letters, digits and single hyphens/);
    await refused({ label: 'x'.repeat(41) }, 'label', /at most 40/);
    await refused({ hsn: '85A' }, 'hsn', /4, 6 or 8 digits/);
    await refused({ rateBasisPoints: 1700 }, 'rateBasisPoints', /GST rate must be one of/);
    await refused(
      {
        template: [
          { key: 'watts', name: 'Watts', type: 'number' },
          { key: 'watts', name: 'Output', type: 'number' },
        ],
      },
      'template.1.key',
      /used twice/,
    );
    await refused({ template: [{ key: 'colour', name: 'Colour', type: 'list', options: [] }] }, 'template.0.options', /at least one option/);
    await refused({ template: [{ key: 'Colour', name: 'Colour', type: 'text' }] }, 'template.0.key', /start with a letter/);
    await refused({ template: [{ key: 'c', name: 'C', type: 'colour' }] }, 'template.0.type', /number, text, list, yesno/);
    await refused({ template: Array.from({ length: 41 }, (_, i) => ({ key: `a${i}`, name: `A ${i}`, type: 'text' })) }, 'template', /at most 40/);
    await refused({ homeRow: { heading: '', cards: 'large' } }, 'homeRow.heading', /required/);
    expect((await adminList()).some((c) => c.value === 'chargers')).toBe(false);
  });

  it('renames, changes the GST rate and the template; each is audited in words', async () => {
    expect((await update({ value: 'power-banks', label: 'Power Banks' })).body.label).toBe('Power Banks');
    expect(await latestAudit()).toMatchObject({ label: 'Category renamed', summary: 'Power Banks: label “Power banks” → “Power Banks”' });
    expect((await shopList()).find((c) => c.value === 'power-banks')?.label).toBe('Power Banks');

    expect((await update({ value: 'power-banks', rateBasisPoints: 500 })).body.rateBasisPoints).toBe(500);
    expect(await latestAudit()).toMatchObject({ label: 'GST rate changed', summary: 'Power Banks: GST rate 18% → 5%' });

    const template = [...POWER_BANK_TEMPLATE, { key: 'colour', name: 'Colour', type: 'list', options: ['Black', 'White'], perVariant: true }];
    const edited = await update({ value: 'power-banks', template });
    expect(edited.body.template.map((a) => a.key)).toEqual(['capacity', 'output', 'ports', 'fast_charging', 'colour']);
    expect(await latestAudit()).toMatchObject({ label: 'Spec template changed' });

    // A save that changes nothing records nothing.
    const before = await latestAudit();
    await update({ value: 'power-banks', label: 'Power Banks' });
    expect((await latestAudit())?._id).toBe(before?._id);
    expect((await update({ value: 'toasters', label: 'Toasters' })).status).toBe(404);
  });

  it('reorders the menu and the home rows', async () => {
    const move = (value: string, direction: 'up' | 'down', list: 'menu' | 'home' = 'menu') =>
      admin.trpc<AdminCategory[]>('mutation', 'catalog.moveCategory', { value, direction, list });
    const moved = await move('power-banks', 'up');
    expect(moved.status).toBe(200);
    expect(moved.body.slice(-2).map((c) => c.value)).toEqual(['power-banks', 'watches']);
    expect((await shopList()).slice(-2).map((c) => c.value)).toEqual(['power-banks', 'watches']);
    await move('power-banks', 'up', 'home');
    const home = (await shopList()).filter((c) => c.homeRow).sort((a, b) => a.homeRow!.position - b.homeRow!.position);
    expect(home.slice(-2).map((c) => c.value)).toEqual(['power-banks', 'trimmers']);
    expect(await latestAudit()).toMatchObject({ label: 'Category moved' });
    expect((await move('printers', 'up', 'home')).status).toBe(400);
  });

  it('server-rendered pages follow the owner’s categories: its page’s title, a home row moved first, the menus', async () => {
    const category = await pageHtml('/product-category?category=power-banks');
    expect(category.status).toBe(200);
    expect(category.html).toContain('<title>Power Banks · Voltmart</title>');
    expect(category.html).toContain('Ambrane 20000 mAh');
    // Its row to the top of the home page: rendered with the page (its products in the HTML).
    for (let i = 0; i < 12; i++) await admin.trpc('mutation', 'catalog.moveCategory', { value: 'power-banks', direction: 'up', list: 'home' });
    const home = (await pageHtml('/')).html;
    expect(home).toContain('Power banks</h2>');
    expect(home).toContain('Ambrane 20000 mAh');
    // Renamed: every page that shows the list is made again (the `categories` tag).
    await update({ value: 'power-banks', label: 'Power Banks & Chargers' });
    expect((await pageHtml('/product-category?category=power-banks')).html).toContain('<title>Power Banks &amp; Chargers · Voltmart</title>');
    await update({ value: 'power-banks', label: 'Power Banks' });
  });

  it('hides: unlisted (no bubble), its page and products still answer; not offered for new products, its own products still editable', async () => {
    expect((await update({ value: 'power-banks', hidden: true })).body.hidden).toBe(true);
    expect(await latestAudit()).toMatchObject({ label: 'Category hidden' });
    expect((await shopList()).find((c) => c.value === 'power-banks')?.hidden).toBe(true);
    const bubbles = await visitor.trpc<Product[]>('query', 'catalog.categoryBubbles');
    expect(bubbles.body.map((p) => p.category)).not.toContain('power-banks');
    const page = await visitor.trpc<ProductPage>('query', 'catalog.byCategory', { category: 'power-banks' });
    expect(page.body.items.map((p) => p.productName)).toEqual(['Ambrane 20000 mAh']);

    const refused = await admin.post<Envelope<null>>('/api/upload-product', product('power-banks'));
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/category 'power-banks' is hidden/);
    const existing = page.body.items[0]!;
    const edited = await admin.trpc<Product>('mutation', 'catalog.update', { ...existing, productName: 'Ambrane 20000 mAh (2025)' });
    expect(edited.status).toBe(200);
    await update({ value: 'power-banks', hidden: false });
    expect(await latestAudit()).toMatchObject({ label: 'Category shown' });
  });

  it('a product in a category that does not exist is a 400 naming it, on tRPC and the spec’s /api', async () => {
    const upload = await admin.post<Envelope<null>>('/api/upload-product', product('toasters'));
    expect(upload.status).toBe(400);
    expect(upload.body).toMatchObject({ success: false, error: true, message: "category 'toasters' does not exist" });
    const trpc = await admin.trpc('mutation', 'catalog.create', { ...product('toasters'), price: 199_900, sellingPrice: 149_900 });
    expect(trpc.status).toBe(400);
    expect((trpc.body as TrpcError).data.fieldErrors).toEqual({ category: "category 'toasters' does not exist" });
    const listing = await visitor.post<Envelope<Product[]>>('/api/category-product', { category: 'toasters' });
    expect(listing.status).toBe(400);
    expect(listing.body.message).toBe("category 'toasters' does not exist");
    const filter = await visitor.post<Envelope<Product[]>>('/api/filter-product', { category: ['mobiles', 'toasters'] });
    expect(filter.status).toBe(400);
  });

  it('deletes only a category no product uses, archived ones included', async () => {
    const archived = await insertProduct(server.deps.db, { category: 'printers', archived: true });
    const refused = await admin.trpc('mutation', 'catalog.deleteCategory', { value: 'printers' });
    expect(refused.status).toBe(409);
    expect((refused.body as TrpcError).message).toBe('Printers is used by 1 product: hide it instead');
    await server.deps.db.deleteFrom('products').where('id', '=', archived.id).execute();

    const used = await admin.trpc('mutation', 'catalog.deleteCategory', { value: 'power-banks' });
    expect(used.status).toBe(409);
    expect((used.body as TrpcError).message).toBe('Power Banks is used by 1 product: hide it instead');

    await create({ value: 'chargers', label: 'Chargers & cables' });
    const deleted = await admin.trpc('mutation', 'catalog.deleteCategory', { value: 'chargers' });
    expect(deleted.status).toBe(200);
    expect(await latestAudit()).toMatchObject({ label: 'Category deleted' });
    expect((await shopList()).map((c) => c.value)).not.toContain('chargers');
    expect((await admin.trpc('mutation', 'catalog.deleteCategory', { value: 'chargers' })).status).toBe(404);
  });

  it('keeps what packing asks of each unit: the spec’s categories as migrated, a new one’s, an edit audited in words, a bad value a 400 naming the field', async () => {
    const listed = await adminList();
    const unitIdsOf = (value: string) => listed.find((c) => c.value === value)?.unitIds;
    expect([unitIdsOf('mobiles'), unitIdsOf('televisions'), unitIdsOf('airpodes')]).toEqual(['imei', 'serial', 'none']);

    const made = await create({ value: 'drones', label: 'Drones', hsn: '88062200', unitIds: 'serial' });
    expect(made.status).toBe(200);
    expect(made.body.unitIds).toBe('serial');
    expect(await latestAudit()).toMatchObject({ label: 'Category added', summary: expect.stringContaining('each unit packed with its serial number') as string });
    // Left out: nothing is asked.
    const plain = await create({ value: 'cables', label: 'Cables', hsn: '85444299' });
    expect(plain.body.unitIds).toBe('none');

    const edited = await update({ value: 'drones', unitIds: 'imei' });
    expect(edited.status).toBe(200);
    expect(edited.body.unitIds).toBe('imei');
    expect((await adminList()).find((c) => c.value === 'drones')?.unitIds).toBe('imei');
    expect(await latestAudit()).toMatchObject({ label: 'Unit numbers changed', summary: 'Drones: unit numbers serial number → IMEI' });
    // Another field left as it was keeps it.
    expect((await update({ value: 'drones', label: 'Camera drones' })).body.unitIds).toBe('imei');
    expect((await update({ value: 'cables', unitIds: 'none' })).body.unitIds).toBe('none');
    await update({ value: 'drones', unitIds: 'none' });
    expect(await latestAudit()).toMatchObject({ summary: 'Camera drones: unit numbers IMEI → none' });

    // Stored where the packing table reads it.
    const row = await server.deps.db.selectFrom('categories').select('unit_ids').where('value', '=', 'drones').executeTakeFirstOrThrow();
    expect(row.unit_ids).toBe('none');

    for (const reply of [
      await update({ value: 'drones', unitIds: 'barcode' }),
      await admin.trpc('mutation', 'catalog.createCategory', { value: 'scanners', label: 'Scanners', hsn: '84716060', rateBasisPoints: 1800, unitIds: 42 }),
    ]) {
      expect(reply.status).toBe(400);
      expect((reply.body as unknown as TrpcError).data.fieldErrors).toEqual({ unitIds: 'unit numbers must be one of: none, serial, imei' });
    }
    expect((await adminList()).some((c) => c.value === 'scanners')).toBe(false);
    for (const value of ['drones', 'cables']) expect((await admin.trpc('mutation', 'catalog.deleteCategory', { value })).status).toBe(200);
  });

  it('is the admin’s alone', async () => {
    expect((await shopper.trpc('query', 'catalog.adminCategories')).status).toBe(403);
    expect((await shopper.trpc('mutation', 'catalog.createCategory', { value: 'x-y', label: 'X', hsn: '8507', rateBasisPoints: 1800 })).status).toBe(403);
    expect((await visitor.trpc('mutation', 'catalog.deleteCategory', { value: 'mobiles' })).status).toBe(401);
  });
});

import { sql } from 'kysely';
import { parse as parseCsvSync } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialectOf, newId, type DB } from '../../db/database';
import { transaction } from '../../db/transaction';
import * as catalog from '../catalog/catalog.service';
import { applyDemoCategories, listAdminCategories, updateCategory } from '../catalog/categories.service';
import { saveProductSpecs } from '../catalog/specs.service';
import { DEMO_PRODUCTS } from '../../demo/demo-catalog';
import { DEMO_CATEGORIES } from '../../demo/demo-categories';
import { DEMO_VARIANTS } from '../../demo/demo-variants';
import { demoFacts } from '../../demo/demo-facts';
import { demoSpecs, demoVariantSpecs } from '../../demo/demo-specs';
import { signInAs, testShopSettings, type TestUser } from '../../testing/factories';
import { startTestServer, type HttpClient, type TestServer } from '../../testing/test-server';
import { testDialect } from '../../testing/test-database';
import type { ImportJob } from '../../../shared/schemas/catalog-io';
import { AppError } from '../../errors';
import { applyImport, batchable, dryRun, errorRowsCsv } from './catalog-io.service';
import type { PlannerThread } from './planner';
import { currentJob, JOB_STALE_MS, readJob, settleJobs, startJob } from './import-job';
import { lockAndReadProducts, productIdsBySku, productsById, productsNamed } from './catalog-io.queries';
import { planImport } from './plan';
import { parseTable } from './parse';
import { matchHeaders, specColumns } from './columns';

/**
 * Big imports (issue 28, speed): the batch apply (planned outside the transaction, figures and
 * stock written set-based) against the first slice's apply through the services, sales between
 * the plan and the write, and the background job (progress, one at a time, a dead job). Both
 * databases.
 */
let server: TestServer;
let admin: HttpClient;
let adminUser: TestUser;

async function seedDemoLike(s: TestServer): Promise<void> {
  const now = Date.now();
  await transaction(s.deps.db, async (trx) => {
    await applyDemoCategories(trx, DEMO_CATEGORIES, new Date(now).toISOString());
    const rows = DEMO_PRODUCTS.map((p, i) => {
      const at = new Date(now - i * 60_000).toISOString();
      return {
        id: newId(),
        productName: p.productName,
        brandName: p.brandName,
        category: p.category,
        description: p.description,
        price: p.price,
        sellingPrice: p.sellingPrice,
        stock: p.stock,
        trackStock: true,
        images: [`/images/${p.key}-a.webp`, `/images/${p.key}-b.webp`],
        createdAt: at,
        updatedAt: at,
        demo: true,
        facts: demoFacts(p),
      };
    });
    await catalog.insertProducts(trx, rows);
    for (const row of rows) {
      const demo = DEMO_VARIANTS[row.productName];
      if (demo) await catalog.addSeedVariants(trx, { id: row.id, productName: row.productName }, demo.options, demo.variants, row.createdAt);
    }
    for (const [i, row] of rows.entries()) {
      const product = DEMO_PRODUCTS[i]!;
      const template = DEMO_CATEGORIES.find((c) => c.value === product.category)?.template ?? [];
      const demo = DEMO_VARIANTS[row.productName];
      const names = demo?.options.map((o) => o.name) ?? [];
      const variants = demo?.variants.map((v) => ({ optionValues: v.optionValues, specs: demoVariantSpecs(template, names, v.optionValues) }));
      await saveProductSpecs(trx, row.id, { specs: demoSpecs(product, template, DEMO_PRODUCTS), variants });
    }
  });
}

beforeAll(async () => {
  server = await startTestServer();
  const signed = await signInAs(server, 'ADMIN');
  admin = signed.client;
  adminUser = signed.user;
  expect((await admin.trpc('mutation', 'settings.update', testShopSettings())).status).toBe(200);
  await seedDemoLike(server);
}, 120_000);

afterAll(async () => {
  await settleJobs();
  await server.close();
});

function cookieOf(client: HttpClient): string {
  return [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
}

async function exportRecords(): Promise<{ header: string[]; rows: string[][] }> {
  const res = await fetch(`${server.url}/admin/catalogue.csv`, { headers: { cookie: cookieOf(admin) } });
  const [header, ...rows] = parseCsvSync(Buffer.from(await res.arrayBuffer()).toString('utf8'), { bom: true, relax_column_count: true }) as [string[], ...string[][]];
  return { header, rows };
}

const toCsv = (records: string[][]) => '\uFEFF' + records.map((r) => r.map((c) => (/[",\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',')).join('\r\n') + '\r\n';

async function upload(text: string, name = 'bulk.csv'): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(Buffer.from(text, 'utf8'))]), name);
  const res = await fetch(`${server.url}/admin/catalogue-import`, { method: 'POST', body: form, headers: { cookie: cookieOf(admin), origin: server.url } });
  const body = (await res.json()) as { uploadId: string };
  expect(res.status).toBe(201);
  return body.uploadId;
}

/** The catalogue's rows as a transaction sees them, ids of history and audit rows left out (random), in a stable order. */
const TABLES = ['products', 'product_variants', 'spec_values', 'stock_movements', 'audit_log'] as const;
async function catalogueRows(db: DB): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const t of TABLES) {
    const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(t)}`.execute(db)).rows.map((r) => {
      const copy: Record<string, unknown> = { ...r };
      if (t === 'stock_movements' || t === 'audit_log') delete copy.id;
      // PostgreSQL's generated search column is derived from the others.
      delete copy.search;
      return copy;
    });
    out[t] = rows.map((r) => JSON.stringify(r)).sort();
  }
  return out;
}

class Captured<T> extends Error {
  constructor(readonly value: T) {
    super('captured before the commit (rolled back)');
  }
}

/** What `read` finds in the apply's transaction just before its commit, which is then rolled back. */
async function beforeCommit<T>(uploadId: string, path: 'batch' | 'services', clock: () => Date, read: (trx: DB) => Promise<T>, thread: PlannerThread = 'auto'): Promise<T> {
  try {
    await applyImport(
      { ...server.deps, clock },
      { uploadId, mode: 'both', stock: 'set' },
      adminUser.id,
      {
        beforeCommit: async (trx) => {
          throw new Captured(await read(trx));
        },
      },
      { path, thread },
    );
  } catch (error) {
    if (error instanceof Captured) return error.value as T;
    throw error;
  }
  throw new Error('the apply committed');
}

/** The catalogue as the apply leaves it just before its commit, then rolled back. */
const appliedRows = (uploadId: string, path: 'batch' | 'services', clock: () => Date, thread: PlannerThread = 'auto') => beforeCommit(uploadId, path, clock, catalogueRows, thread);

/** An export edited as a week's price list would be: new selling prices, stock, EAN and weight; plus a product renamed and a variant archived. */
function weeklyEdit(header: string[], rows: string[][]) {
  const col = (name: string) => header.indexOf(name);
  const edited = rows.map((r) => [...r]);
  const all = edited.filter((r) => r[col('Archived')] === 'no');
  // The figure edits stay off the two products renamed and archived through the services below
  // (the export's order follows random ids: an edit there would merge into their actions).
  const groups = new Map<string, string[][]>();
  for (const r of all) groups.set(r[col('Handle')]!, [...(groups.get(r[col('Handle')]!) ?? []), r]);
  const serviced = new Set(
    [...groups.entries()]
      .filter(([, g]) => g.length >= 3)
      .slice(0, 2)
      .map(([handle]) => handle),
  );
  const live = [...all.filter((r) => serviced.has(r[col('Handle')]!)), ...all.filter((r) => !serviced.has(r[col('Handle')]!))];
  const figures = live.filter((r) => !serviced.has(r[col('Handle')]!));
  const priced = figures.slice(0, 12);
  for (const r of priced) r[col('Selling price')] = (Number(r[col('MRP')]) - 3).toFixed(2);
  const stocked = figures.filter((r) => r[col('Track stock')] === 'yes').slice(3, 9);
  for (const r of stocked) r[col('Stock')] = String(Number(r[col('Stock at export')]) + 7);
  figures[14]![col('Weight (g)')] = '321';
  figures[15]![col('EAN')] = '';
  // Through the services: a product renamed (and a price of its own), a variant of a product sold in several archived.
  const handles = new Map<string, string[][]>();
  for (const r of live) handles.set(r[col('Handle')]!, [...(handles.get(r[col('Handle')]!) ?? []), r]);
  const multi = [...handles.values()].filter((g) => g.length >= 3);
  const renamed = multi[0]!;
  for (const r of renamed) r[col('Product name')] = `${r[col('Product name')]} (2026)`;
  renamed[0]![col('Selling price')] = (Number(renamed[0]![col('MRP')]) - 5).toFixed(2);
  multi[1]![1]![col('Archived')] = 'yes';
  return { edited, col, priced, stocked };
}

describe('batch apply', () => {
  it('leaves exactly the rows the first slice’s apply through the services leaves (prices, stock, EAN, weight; a rename and an archive through the services)', async () => {
    const { header, rows } = await exportRecords();
    const { edited, priced, stocked } = weeklyEdit(header, rows);
    const uploadId = await upload(toCsv([header, ...edited]));
    // The plan sends the figure changes down the set-based path, the rest through the services.
    const table = await parseTable(Buffer.from(toCsv([header, ...edited]), 'utf8'));
    const categories = await listAdminCategories(server.deps.db);
    expect(matchHeaders(table.headers, specColumns(categories)).unknown).toEqual([]);
    const report = await dryRun(server.deps, { uploadId, mode: 'both', stock: 'set' });
    expect(report.errors).toEqual([]);
    expect(report.variants.update).toBeGreaterThanOrEqual(new Set([...priced, ...stocked]).size);

    // One instant for both runs (every row they write carries it).
    const instant = new Date();
    const clock = () => instant;
    const before = await catalogueRows(server.deps.db);
    const viaServices = await appliedRows(uploadId, 'services', clock);
    const viaBatch = await appliedRows(uploadId, 'batch', clock, 'app');
    // Planned in a worker thread (planner.ts), with its own connection: the same rows.
    const viaWorker = await appliedRows(uploadId, 'batch', clock, 'worker');
    expect(viaServices).not.toEqual(before);
    expect(viaBatch).toEqual(viaServices);
    expect(viaWorker).toEqual(viaServices);
    // Both rolled back.
    expect(await catalogueRows(server.deps.db)).toEqual(before);

    // Most actions took the batch path.
    const ctxProducts = new Map(
      (
        await productsById(
          server.deps.db,
          rows.map((r) => r[0]!),
        )
      ).map((p) => [p.id, p]),
    );
    const skuOwners = new Map([...ctxProducts.values()].flatMap((p) => p.variants.map((v) => [v.sku.toLowerCase(), p.id] as const)));
    const plan = planImport(table, { categories, products: ctxProducts, skuOwners, mode: 'both', stockMode: 'set', publicUrl: server.deps.env.PUBLIC_URL });
    const updates = plan.actions.filter((a) => a.kind === 'update');
    const batched = updates.filter((a) => batchable(a, ctxProducts.get(a.productId)));
    expect(updates.length - batched.length).toBe(2);
    expect(batched.length).toBeGreaterThanOrEqual(10);
  });

  it('new variants of existing products (a new colour with its own figures, stock and specs; beside edits of the same products) are written set-based, leaving the rows the services leave', async () => {
    const { header, rows } = await exportRecords();
    const col = (name: string) => header.indexOf(name);
    const edited = rows.map((r) => [...r]);
    const groups = new Map<string, string[][]>();
    for (const r of edited) if (r[col('Archived')] === 'no') groups.set(r[col('Handle')]!, [...(groups.get(r[col('Handle')]!) ?? []), r]);
    const storage = header.flatMap((name, k) => (name.startsWith('Storage (GB) [') ? [k] : []));
    const hasStorage = (g: string[][]) => storage.some((k) => g[0]![k] !== '');
    const options = [...groups.values()].filter((g) => g.length >= 2 && g[0]![col('Option1 name')] !== '');
    // One of them sold by storage too (a new value below).
    const sold = [...options.filter(hasStorage).slice(0, 1), ...options.filter((g) => !hasStorage(g)).slice(0, 2)];
    expect(sold.length).toBe(3);
    const added: string[][] = [];
    const newRow = (from: string[], n: number, tracked: boolean) => {
      const copy = [...from];
      copy[col('SKU')] = `BATCH-NEW-${n}`;
      copy[col('EAN')] = '';
      copy[col('Option1 value')] = `Batch Colour ${n}`;
      copy[col('Selling price')] = (Number(copy[col('MRP')]) - 4).toFixed(2);
      copy[col('Stock at export')] = '';
      copy[col('Track stock')] = tracked ? 'yes' : 'no';
      copy[col('Stock')] = tracked ? String(n + 2) : '';
      // A storage the product has not had yet (a new value for its index and card line), where it has the attribute.
      for (const k of storage) if (copy[k] !== '') copy[k] = '2048';
      added.push(copy);
    };
    sold.forEach((g, i) => newRow(g[0]!, i + 1, true));
    // A second new colour of the first product, untracked.
    newRow(sold[0]![0]!, 4, false);
    // Edits of the same products: a selling price, a stock.
    for (const g of sold) {
      g[0]![col('Selling price')] = (Number(g[0]![col('MRP')]) - 6).toFixed(2);
      const tracked = g.find((r) => r[col('Track stock')] === 'yes');
      if (tracked) tracked[col('Stock')] = String(Number(tracked[col('Stock at export')]) + 2);
    }
    const text = toCsv([header, ...edited, ...added]);
    const uploadId = await upload(text);
    const report = await dryRun(server.deps, { uploadId, mode: 'both', stock: 'set' });
    expect(report.errors).toEqual([]);
    expect(report.variants.create).toBe(4);

    // Every action takes the set-based path, the ones with new variants too.
    const table = await parseTable(Buffer.from(text, 'utf8'));
    const categories = await listAdminCategories(server.deps.db);
    const products = new Map((await productsById(server.deps.db, [...groups.keys()])).map((p) => [p.id, p]));
    const skuOwners = new Map([...products.values()].flatMap((p) => p.variants.map((v) => [v.sku.toLowerCase(), p.id] as const)));
    const plan = planImport(table, { categories, products, skuOwners, mode: 'both', stockMode: 'set', publicUrl: server.deps.env.PUBLIC_URL });
    const withNew = plan.actions.filter((a) => a.kind === 'update' && a.added.length > 0);
    expect(withNew.length).toBe(3);
    expect(withNew.every((a) => a.kind === 'update' && a.product?.options !== undefined && batchable(a, products.get(a.productId)))).toBe(true);

    const instant = new Date();
    const clock = () => instant;
    const before = await catalogueRows(server.deps.db);
    const viaServices = await appliedRows(uploadId, 'services', clock);
    const viaBatch = await appliedRows(uploadId, 'batch', clock);
    // The new variants' ids are random: each stands as its SKU.
    const sameIds = (tables: Record<string, unknown[]>, ids: Map<string, string>) =>
      Object.fromEntries(Object.entries(tables).map(([t, list]) => [t, list.map((row) => [...ids].reduce((s, [id, sku]) => s.split(id).join(`<${sku}>`), String(row))).sort()]));
    const newIds = (tables: Record<string, unknown[]>) =>
      new Map(
        tables.product_variants!.flatMap((row) => {
          const r = JSON.parse(String(row)) as { id: string; sku: string };
          return r.sku.startsWith('BATCH-NEW-') ? [[r.id, r.sku] as const] : [];
        }),
      );
    expect(newIds(viaServices).size).toBe(4);
    expect(sameIds(viaBatch, newIds(viaBatch))).toEqual(sameIds(viaServices, newIds(viaServices)));
    expect(viaServices).not.toEqual(before);
    // The new rows: opening stock (`created`) of the tracked ones, an audit entry each, the options with the new colours.
    const batchRows = sameIds(viaBatch, newIds(viaBatch));
    expect(batchRows.stock_movements!.filter((m) => String(m).includes('<BATCH-NEW-') && String(m).includes('"reason":"created"')).length).toBe(3);
    expect(batchRows.audit_log!.filter((m) => String(m).includes('"variant.add"')).length).toBe(4);
    expect(batchRows.products!.filter((p) => String(p).includes('Batch Colour')).length).toBe(3);
    expect(batchRows.spec_values!.filter((r) => String(r).includes('"key":"storage","value":"2048"')).length).toBeGreaterThan(0);
    expect(batchRows.products!.filter((p) => String(p).includes('2048')).length).toBeGreaterThan(0);
    expect(await catalogueRows(server.deps.db)).toEqual(before);
    // The same change-feed tags (SQLite keeps them as rows; PostgreSQL sends them with pg_notify from the same triggers).
    if (dialectOf(server.deps.db) === 'sqlite') {
      const tagsOf = async (path: 'batch' | 'services') => {
        const seq = (await sql<{ seq: number | null }>`select max(seq) as seq from cache_invalidations`.execute(server.deps.db)).rows[0]?.seq ?? 0;
        return await beforeCommit(uploadId, path, clock, async (trx) =>
          (await sql<{ tag: string }>`select distinct tag from cache_invalidations where seq > ${seq} order by tag`.execute(trx)).rows.map((r) => r.tag),
        );
      };
      const tags = await tagsOf('services');
      expect(tags).toContain('search');
      expect(await tagsOf('batch')).toEqual(tags);
    }
  });

  it('a new variant’s SKU taken between the plan and the write (another case, another product): 409 naming the SKU, nothing written', async () => {
    const { header, rows } = await exportRecords();
    const col = (name: string) => header.indexOf(name);
    const live = rows.filter((r) => r[col('Archived')] === 'no');
    const from = live.find((r) => r[col('Option1 name')] !== '')!;
    const other = live.find((r) => r[col('Handle')] !== from[col('Handle')])!;
    const copy = [...from];
    copy[col('SKU')] = 'BATCH-RACE-1';
    copy[col('EAN')] = '';
    copy[col('Option1 value')] = 'Race Colour';
    copy[col('Stock at export')] = '';
    const priced = [...from];
    priced[col('Selling price')] = (Number(from[col('MRP')]) - 8).toFixed(2);
    const uploadId = await upload(toCsv([header, priced, copy]));
    const before = await catalogueRows(server.deps.db);
    const race = applyImport(server.deps, { uploadId, mode: 'both', stock: 'set' }, adminUser.id, {
      afterPlan: async () => {
        await server.deps.db
          .insertInto('product_variants')
          .values({
            id: newId(),
            product_id: other[col('Handle')]!,
            sku: 'batch-race-1',
            option_values: JSON.stringify(['Race Other']),
            price: 100,
            selling_price: 100,
            created_at: new Date().toISOString(),
            updated_at: new Date().toISOString(),
          })
          .execute();
      },
    });
    await expect(race).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining('SKU BATCH-RACE-1 is already used by another variant (batch-race-1)') as string,
    });
    // Nothing of the file was written (the racing variant is there).
    const after = await catalogueRows(server.deps.db);
    expect(after.products).toEqual(before.products);
    expect(after.stock_movements).toEqual(before.stock_movements);
    expect(after.audit_log).toEqual(before.audit_log);
    expect(after.product_variants!.length).toBe(before.product_variants!.length + 1);
    await server.deps.db.deleteFrom('product_variants').where('sku', '=', 'batch-race-1').execute();
    expect(await catalogueRows(server.deps.db)).toEqual(before);
  });

  it.each(['app', 'worker'] as const)(
    'a sale between the plan and the write: a stock the file sets is refused whole; a sale of another variant of an edited product is kept (planned in the %s thread)',
    async (thread) => {
      const { header, rows } = await exportRecords();
      const col = (name: string) => header.indexOf(name);
      const byHandle = new Map<string, string[][]>();
      for (const r of rows) if (r[col('Archived')] === 'no') byHandle.set(r[col('Handle')]!, [...(byHandle.get(r[col('Handle')]!) ?? []), r]);
      const group = [...byHandle.values()].find((g) => g.length >= 2 && g.every((r) => r[col('Track stock')] === 'yes' && Number(r[col('Stock')]) > 2))!;
      const [a, b] = group as [string[], string[]];
      const idOf = async (sku: string) =>
        await server.deps.db.selectFrom('product_variants').select(['id', 'stock', 'selling_price']).where('sku', '=', sku).executeTakeFirstOrThrow();
      const sell = (variantId: string) => () =>
        transaction(server.deps.db, async (trx) => {
          expect(await catalog.takeStock(trx, variantId, 1, { reason: 'sale', at: new Date().toISOString(), onSaleOnly: true })).toBe('taken');
        });

      // 1. The file sets A's stock; A sells one between the plan and the write: nothing is written.
      const setA = [...a];
      setA[col('Stock')] = String(Number(a[col('Stock at export')]) + 10);
      setA[col('Selling price')] = (Number(a[col('MRP')]) - 7).toFixed(2);
      const first = await upload(toCsv([header, setA]));
      const va = await idOf(a[col('SKU')]!);
      const refused = applyImport(server.deps, { uploadId: first, mode: 'both', stock: 'set' }, adminUser.id, { afterPlan: sell(va.id) }, { thread });
      await expect(refused).rejects.toThrow(`stock changed since the export: now ${Number(va.stock) - 1}, file says ${setA[col('Stock')]}`);
      const after = await idOf(a[col('SKU')]!);
      expect([Number(after.stock), Number(after.selling_price)]).toEqual([Number(va.stock) - 1, Number(va.selling_price)]);

      // 2. The file changes A's price; B (same product, not in the file's changes) sells meanwhile: A's price is written, B's sale stays.
      const { rows: again } = await exportRecords();
      const a2 = again.find((r) => r[col('SKU')] === a[col('SKU')])!;
      const b2 = again.find((r) => r[col('SKU')] === b[col('SKU')])!;
      // (A cut of its own per run: the first run wrote its price.)
      const cut = thread === 'app' ? 9 : 11;
      const priceA = [...a2];
      priceA[col('Selling price')] = (Number(a2[col('MRP')]) - cut).toFixed(2);
      const second = await upload(toCsv([header, priceA, b2]));
      const vb = await idOf(b[col('SKU')]!);
      const applied = await applyImport(server.deps, { uploadId: second, mode: 'both', stock: 'set' }, adminUser.id, { afterPlan: sell(vb.id) }, { thread });
      expect(applied.variants).toMatchObject({ update: 1, unchanged: 1 });
      expect(Number((await idOf(a[col('SKU')]!)).selling_price)).toBe(Math.round((Number(a2[col('MRP')]) - cut) * 100));
      expect(Number((await idOf(b[col('SKU')]!)).stock)).toBe(Number(vb.stock) - 1);
      const summary = await server.deps.db.selectFrom('products').select(['price_min']).where('id', '=', a[col('Handle')]!).executeTakeFirstOrThrow();
      expect(Number(summary.price_min)).toBeLessThanOrEqual(Math.round((Number(a2[col('MRP')]) - cut) * 100));
    },
  );
});

describe('planned in a worker thread', () => {
  it.each(['app', 'worker'] as const)(
    'a category changed between the plan and the write: the file is planned again against it and applied (planned in the %s thread)',
    async (thread) => {
      const { header, rows } = await exportRecords();
      const col = (name: string) => header.indexOf(name);
      const cut = thread === 'app' ? 4 : 6;
      const priced = rows
        .filter((r) => r[col('Archived')] === 'no')
        .slice(0, 5)
        .map((r) => {
          const copy = [...r];
          copy[col('Selling price')] = (Number(r[col('MRP')]) - cut).toFixed(2);
          return copy;
        });
      const uploadId = await upload(toCsv([header, ...priced]));
      const category = priced[0]![col('Category')]!;
      const label = (await listAdminCategories(server.deps.db)).find((c) => c.value === category)!.label;
      const applied = await applyImport(
        server.deps,
        { uploadId, mode: 'both', stock: 'set' },
        adminUser.id,
        { afterPlan: async () => void (await updateCategory(server.deps, { value: category, label: `${label} (renamed)` }, adminUser.id)) },
        { thread },
      );
      expect(applied.variants.update).toBe(5);
      for (const r of priced) {
        const now = await server.deps.db.selectFrom('product_variants').select('selling_price').where('sku', '=', r[col('SKU')]!).executeTakeFirstOrThrow();
        expect(Number(now.selling_price)).toBe(Math.round((Number(r[col('MRP')]) - cut) * 100));
      }
      await updateCategory(server.deps, { value: category, label }, adminUser.id);
    },
  );

  it('the dry run, the error rows and a file that cannot be read answer as planned in the app thread', async () => {
    const { header, rows } = await exportRecords();
    const { edited, col } = weeklyEdit(header, rows);
    edited[4]![col('MRP')] = 'abc';
    edited[9]![col('SKU')] = edited[8]![col('SKU')]!;
    edited.push([...edited[2]!].map((c, i) => (i === col('Handle') ? '' : i === col('SKU') ? 'NEW-WORKER-1' : c)));
    const uploadId = await upload(toCsv([header, ...edited]));
    const input = { uploadId, mode: 'both' as const, stock: 'set' as const };
    const seen: number[] = [];
    const inApp = await dryRun(server.deps, input, { thread: 'app' });
    const inWorker = await dryRun(server.deps, input, { thread: 'worker', onProgress: (p) => seen.push(p.total) });
    expect(inApp.errorCount).toBeGreaterThanOrEqual(2);
    expect(inApp.variants.create).toBe(1);
    expect(inWorker).toEqual(inApp);
    // Its progress reached this thread.
    expect(seen).toContain(edited.length);
    expect(await errorRowsCsv(server.deps, input, { thread: 'worker' })).toEqual(await errorRowsCsv(server.deps, input, { thread: 'app' }));
    await expect(applyImport(server.deps, input, adminUser.id, {}, { thread: 'worker' })).rejects.toThrow(/Nothing was imported: \d+ rows have errors/);

    // A column named twice: the same 400 from the worker.
    const twice = await upload(toCsv([[...header, 'SKU'], ...rows.slice(0, 3).map((r) => [...r, 'X'])]));
    const refusedInApp = await dryRun(server.deps, { ...input, uploadId: twice }, { thread: 'app' }).catch((e: unknown) => e);
    const refusedInWorker = await dryRun(server.deps, { ...input, uploadId: twice }, { thread: 'worker' }).catch((e: unknown) => e);
    expect(refusedInApp).toBeInstanceOf(AppError);
    expect(refusedInWorker).toBeInstanceOf(AppError);
    expect([(refusedInWorker as AppError).appCode, (refusedInWorker as AppError).message]).toEqual([(refusedInApp as AppError).appCode, (refusedInApp as AppError).message]);
  });
});

describe('reading what a big file names', () => {
  it('past 20,000 ids or SKUs the catalogue is read whole in keyset pages: the same products and owners as by lists', async () => {
    const { rows } = await exportRecords();
    const ids = [...new Set(rows.map((r) => r[0]!))];
    const skus = rows.map((r) => r[11]!);
    const padding = Array.from({ length: 20_001 }, (_, i) => `NOPE-${i}`);
    const byList = await productsById(server.deps.db, ids);
    const whole = await productsById(server.deps.db, [...ids, ...padding]);
    const key = (list: { id: string }[]) => JSON.stringify([...list].sort((a, b) => a.id.localeCompare(b.id)));
    expect(whole.length).toBe(ids.length);
    expect(key(whole)).toBe(key(byList));
    const owners = await productIdsBySku(server.deps.db, skus);
    expect(await productIdsBySku(server.deps.db, [...skus, ...padding])).toEqual(owners);
    expect(owners.size).toBe(new Set(skus.map((s) => s.toLowerCase())).size);
  });

  it('a file naming 20,000 SKUs or more has the catalogue read once for both its products and the SKUs’ owners: the same answers', async () => {
    const { rows } = await exportRecords();
    const ids = [...new Set(rows.map((r) => r[0]!))];
    const skus = rows.map((r) => r[11]!.toUpperCase());
    const padding = Array.from({ length: 20_001 }, (_, i) => `NOPE-${i}`);
    const key = (list: { id: string }[]) => JSON.stringify([...list].sort((a, b) => a.id.localeCompare(b.id)));
    const small = await productsNamed(server.deps.db, skus.slice(0, 5), ids.slice(-2));
    const whole = await productsNamed(server.deps.db, [...skus.slice(0, 5), ...padding], ids.slice(-2));
    expect(whole.skuOwners).toEqual(small.skuOwners);
    expect(small.skuOwners.size).toBe(new Set(skus.slice(0, 5).map((s) => s.toLowerCase())).size);
    expect(key(whole.products)).toBe(key(small.products));
    expect(key(small.products)).toBe(key(await productsById(server.deps.db, [...ids.slice(-2), ...small.skuOwners.values()])));
  });

  it('the apply reads the products it changes under its lock as productsById reads them, variants in the same order', async () => {
    const { rows } = await exportRecords();
    const ids = [...new Set(rows.map((r) => r[0]!))];
    const plain = await productsById(server.deps.db, ids);
    const locked = await transaction(server.deps.db, async (trx) => await lockAndReadProducts(trx, [...ids].reverse()));
    const byId = (list: { id: string }[]) => JSON.stringify([...list].sort((a, b) => a.id.localeCompare(b.id)));
    expect(locked.length).toBe(ids.length);
    expect(byId(locked)).toBe(byId(plain));
  });

  it.runIf(testDialect() === 'postgres')('a variant another save adds while the apply waits for its product’s row is read too', async () => {
    const db = server.deps.db;
    const victim = await db.selectFrom('product_variants').select(['id', 'product_id']).orderBy('id').executeTakeFirstOrThrow();
    const columns = (
      await sql<{ column_name: string }>`select column_name from information_schema.columns where table_name = 'product_variants' order by ordinal_position`.execute(db)
    ).rows.map((r) => r.column_name);
    const copied = columns.map((c) =>
      c === 'id' ? sql`${newId()}` : c === 'sku' ? sql`'RACE-ADDED-1'` : c === 'position' ? sql`position + 100` : c === 'option_values' ? sql`'["Race"]'` : sql.ref(c),
    );
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let added!: () => void;
    const addedOne = new Promise<void>((resolve) => (added = resolve));
    // Another save: adds a variant and holds its product's row, uncommitted, until released.
    const save = db.connection().execute(async (c) => {
      await sql`begin`.execute(c);
      await sql`insert into product_variants (${sql.join(columns.map((col) => sql.ref(col)))}) select ${sql.join(copied)} from product_variants where id = ${victim.id}`.execute(c);
      await sql`update products set updated_at = updated_at where id = ${victim.product_id}`.execute(c);
      added();
      await gate;
      await sql`commit`.execute(c);
    });
    await addedOne;
    // (As the apply runs it: at READ COMMITTED under the import's lock, so the read waits and goes on, not tried again.)
    let tries = 0;
    const reading = transaction(
      db,
      async (trx) => {
        tries++;
        return await lockAndReadProducts(trx, [victim.product_id]);
      },
      { locks: ['catalogue-import'] },
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    // (The apply's read waits for that row.)
    const waiting = await sql<{ query: string }>`select query from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`.execute(db);
    expect(waiting.rows.map((r) => r.query).join('\n')).toMatch(/for update/);
    release();
    await save;
    const [product] = await reading;
    expect(tries).toBe(1);
    expect(product?.variants.map((v) => v.sku)).toContain('RACE-ADDED-1');
    await db.deleteFrom('product_variants').where('sku', '=', 'RACE-ADDED-1').execute();
  });
});

describe('a distributor’s short sheet', () => {
  it('SKU, selling price and stock of a variant of a product sold in options: no option columns needed, applied set-based', async () => {
    const { header, rows } = await exportRecords();
    const col = (name: string) => header.indexOf(name);
    const row = rows.find((r) => r[col('Option1 name')] !== '' && r[col('Archived')] === 'no' && r[col('Track stock')] === 'yes')!;
    const price = (Number(row[col('MRP')]) - 13).toFixed(2);
    const uploadId = await upload(`SKU,Selling price,Stock\r\n${row[col('SKU')]},${price},4\r\n`);
    const run = await dryRun(server.deps, { uploadId, mode: 'both', stock: 'add' });
    expect(run.errors).toEqual([]);
    expect(run.changes[0]?.changes.map((c) => c.field)).toEqual(['Selling price', 'Stock']);
    await applyImport(server.deps, { uploadId, mode: 'both', stock: 'add' }, adminUser.id);
    const after = await server.deps.db
      .selectFrom('product_variants')
      .select(['selling_price', 'stock', 'option_values'])
      .where('sku', '=', row[col('SKU')]!)
      .executeTakeFirstOrThrow();
    expect([Number(after.selling_price), Number(after.stock)]).toEqual([Math.round(Number(price) * 100), Number(row[col('Stock')]) + 4]);
    expect(JSON.parse(after.option_values)).toEqual([row[col('Option1 value')], ...(row[col('Option2 name')] ? [row[col('Option2 value')]] : [])].filter(Boolean));
  });
});

async function pollJob(jobId: string): Promise<ImportJob> {
  for (let i = 0; i < 200; i++) {
    const reply = await admin.trpc<ImportJob>('query', 'catalogIo.job', { jobId });
    expect(reply.status).toBe(200);
    if (reply.body.state !== 'running') return reply.body;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the job never ended');
}

describe('import as a background job', () => {
  it('dry run and apply as jobs: started, polled to done with progress and the report; found again as the current job', async () => {
    const { header, rows } = await exportRecords();
    const col = (name: string) => header.indexOf(name);
    const edited = rows.map((r) => [...r]);
    const target = edited.find((r) => r[col('Archived')] === 'no')!;
    target[col('Selling price')] = (Number(target[col('MRP')]) - 11).toFixed(2);
    const uploadId = await upload(toCsv([header, ...edited]), 'job prices.csv');

    const started = await admin.trpc<{ jobId: string }>('mutation', 'catalogIo.startJob', { uploadId, mode: 'both', stock: 'set', action: 'dryRun' });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const dry = await pollJob(started.body.jobId);
    expect(dry).toMatchObject({
      state: 'done',
      phase: 'done',
      action: 'dryRun',
      fileName: 'job prices.csv',
      total: rows.length,
      rowsChecked: rows.length,
      error: null,
      timeLeftMs: null,
    });
    expect(dry.startedBy).toEqual({ id: adminUser.id, name: adminUser.name });
    expect(dry.result?.variants).toMatchObject({ update: 1, unchanged: rows.length - 1 });
    expect(dry.result?.applied).toBe(false);

    const apply = await admin.trpc<{ jobId: string }>('mutation', 'catalogIo.startJob', { uploadId, mode: 'both', stock: 'set', action: 'apply' });
    expect(apply.status).toBe(200);
    const done = await pollJob(apply.body.jobId);
    expect(done).toMatchObject({ state: 'done', action: 'apply', rowsWritten: 1, toWrite: 1 });
    expect(done.result?.applied).toBe(true);
    expect(
      Number((await server.deps.db.selectFrom('product_variants').select('selling_price').where('sku', '=', target[col('SKU')]!).executeTakeFirstOrThrow()).selling_price),
    ).toBe(Math.round((Number(target[col('MRP')]) - 11) * 100));
    // After a reload: the page asks for the shop's current (latest) job.
    const current = await admin.trpc<ImportJob | null>('query', 'catalogIo.currentJob');
    expect(current.body?.jobId).toBe(apply.body.jobId);

    // A job whose apply is refused ends failed, with the refusal's message.
    const broken = edited.map((r) => [...r]);
    broken[0]![col('MRP')] = 'abc';
    const bad = await admin.trpc<{ jobId: string }>('mutation', 'catalogIo.startJob', {
      uploadId: await upload(toCsv([header, ...broken])),
      mode: 'both',
      stock: 'set',
      action: 'apply',
    });
    const failed = await pollJob(bad.body.jobId);
    expect(failed).toMatchObject({ state: 'failed', phase: 'failed', result: null });
    expect(failed.error?.message).toContain("Nothing was imported: 1 row has errors (row 2, column MRP: 'abc' is not a price)");
  });

  it('one import at a time: a second start while one runs is refused (409) naming who started it and when', async () => {
    const { header, rows } = await exportRecords();
    const uploadId = await upload(toCsv([header, ...rows]));
    const actor = { id: adminUser.id, name: 'Asha Rao' };
    const { jobId } = await startJob(server.deps, { uploadId, mode: 'both', stock: 'set', action: 'dryRun' }, actor);
    const second = startJob(server.deps, { uploadId, mode: 'both', stock: 'set', action: 'apply' }, actor);
    await expect(second).rejects.toBeInstanceOf(AppError);
    await expect(second).rejects.toMatchObject({ appCode: 'CONFLICT', fieldErrors: { jobId } });
    await expect(second).rejects.toThrow(/Another import is running: the dry run of “bulk\.csv”, started by Asha Rao at \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC/);
    await settleJobs();
    expect((await readJob(server.deps, jobId)).state).toBe('done');
    // Once it ended, the next starts.
    const next = await startJob(server.deps, { uploadId, mode: 'both', stock: 'set', action: 'dryRun' }, actor);
    await settleJobs();
    expect((await readJob(server.deps, next.jobId)).state).toBe('done');

    // Over HTTP: 409 while a job holds the shop's slot (one recorded as running in this process's place).
    const held = newId();
    await insertRunningJob(held, { token: 'another-process', heartbeatAgoMs: 0 });
    if (dialectOf(server.deps.db) === 'postgres') {
      const refused = await admin.trpc<{ message: string }>('mutation', 'catalogIo.startJob', { uploadId, mode: 'both', stock: 'set', action: 'apply' });
      expect(refused.status).toBe(409);
      expect(JSON.stringify(refused.body)).toContain('started by Ravi Kumar');
    }
    await server.deps.db.updateTable('catalogue_import_jobs').set({ state: 'failed', running_slot: null }).where('id', '=', held).execute();
  });

  it('a job whose process died (never committed) is marked failed when found, and frees the shop for the next', async () => {
    const { header, rows } = await exportRecords();
    const uploadId = await upload(toCsv([header, ...rows]));
    const dead = newId();
    await insertRunningJob(dead, { token: 'killed-process', heartbeatAgoMs: JOB_STALE_MS + 5000 });
    const found = await readJob(server.deps, dead);
    expect(found).toMatchObject({ state: 'failed', phase: 'failed', error: { code: 'STOPPED' } });
    expect(found.error?.message).toContain('Nothing of it was written');

    // Found stale by the next start instead: the start goes ahead.
    const dead2 = newId();
    await insertRunningJob(dead2, { token: 'killed-process', heartbeatAgoMs: JOB_STALE_MS + 5000 });
    const { jobId } = await startJob(server.deps, { uploadId, mode: 'both', stock: 'set', action: 'dryRun' }, { id: adminUser.id, name: 'Asha' });
    await settleJobs();
    expect((await readJob(server.deps, dead2)).state).toBe('failed');
    expect((await readJob(server.deps, jobId)).state).toBe('done');

    // A fresh heartbeat from another process: alive on PostgreSQL (409); on SQLite (one app process) another process's job is dead.
    const other = newId();
    await insertRunningJob(other, { token: 'other-process', heartbeatAgoMs: 1000 });
    const current = await currentJob(server.deps);
    if (dialectOf(server.deps.db) === 'postgres') {
      expect(current).toMatchObject({ jobId: other, state: 'running', phase: 'checking', rowsChecked: 50, total: 200 });
      expect(current?.timeLeftMs).toEqual(expect.any(Number));
      await server.deps.db.updateTable('catalogue_import_jobs').set({ state: 'failed', running_slot: null }).where('id', '=', other).execute();
    } else {
      expect(current).toMatchObject({ jobId: other, state: 'failed', error: { code: 'STOPPED' } });
    }
  });

  it('bad input gets a 400 naming the field; an unknown job a 404', async () => {
    const wrong = await admin.trpc<unknown>('mutation', 'catalogIo.startJob', { uploadId: newId(), mode: 'both', stock: 'set', action: 'delete' });
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.body)).toContain('action must be one of: dryRun, apply');
    expect((await admin.trpc<unknown>('query', 'catalogIo.job', { jobId: 'x' })).status).toBe(400);
    expect((await admin.trpc<unknown>('query', 'catalogIo.job', { jobId: newId() })).status).toBe(404);
    expect((await admin.trpc<unknown>('mutation', 'catalogIo.startJob', { uploadId: newId(), mode: 'both', stock: 'set', action: 'apply' })).status).toBe(404);
    const shopper = (await signInAs(server, 'GENERAL')).client;
    expect((await shopper.trpc<unknown>('query', 'catalogIo.currentJob')).status).toBe(403);
  });
});

async function insertRunningJob(id: string, opts: { token: string; heartbeatAgoMs: number }): Promise<void> {
  const at = new Date(Date.now() - opts.heartbeatAgoMs).toISOString();
  await server.deps.db
    .insertInto('catalogue_import_jobs')
    .values({
      id,
      action: 'apply',
      upload_id: newId(),
      file_name: 'supplier.csv',
      mode: 'both',
      stock_mode: 'set',
      actor_id: null,
      actor_name: 'Ravi Kumar',
      process_token: opts.token,
      state: 'running',
      phase: 'checking',
      rows_checked: 50,
      total: 200,
      started_at: new Date(Date.now() - opts.heartbeatAgoMs - 10_000).toISOString(),
      heartbeat_at: at,
      running_slot: 'shop',
    })
    .execute();
}

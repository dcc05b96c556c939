import { parse as parseCsvSync } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs, testShopSettings } from '../../testing/factories';
import { startTestServer, type HttpClient, type TestServer } from '../../testing/test-server';
import type { AuditEntry } from '../../../shared/schemas/audit';
import type { ImportReport } from '../../../shared/schemas/catalog-io';
import type { AdminVariant } from '../../../shared/schemas/variants';
import { matchHeaders } from './columns';

/**
 * The catalogue file's "Low stock level" column (issue 29), over real HTTP on both databases: the
 * export writes each variant's own level (empty: the shop's default), an import sets it like
 * any other variant figure (empty goes back to the default; a broken one is a row error naming
 * the column), for existing variants (the set-based writer) and new products (the services).
 */
let server: TestServer;
let admin: HttpClient;

beforeAll(async () => {
  server = await startTestServer();
  admin = (await signInAs(server, 'ADMIN')).client;
  expect((await admin.trpc('mutation', 'settings.update', testShopSettings())).status).toBe(200);
}, 120_000);

afterAll(async () => {
  await server.close();
});

const cookieOf = (client: HttpClient) => [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
const toCsv = (records: string[][]) => records.map((r) => r.map((c) => (/[",\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',')).join('\r\n') + '\r\n';

async function exported(): Promise<{ header: string[]; rows: string[][] }> {
  const res = await fetch(`${server.url}/admin/catalogue.csv`, { headers: { cookie: cookieOf(admin) } });
  expect(res.status).toBe(200);
  const [header, ...rows] = parseCsvSync(Buffer.from(await res.arrayBuffer()).toString('utf8'), { bom: true, relax_column_count: true }) as [string[], ...string[][]];
  return { header, rows };
}

async function dryRun(text: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(Buffer.from(text, 'utf8'))]), 'levels.csv');
  const res = await fetch(`${server.url}/admin/catalogue-import`, { method: 'POST', body: form, headers: { cookie: cookieOf(admin), origin: server.url } });
  expect(res.status).toBe(201);
  const { uploadId } = (await res.json()) as { uploadId: string };
  const reply = await admin.trpc<ImportReport>('mutation', 'catalogIo.dryRun', { uploadId, mode: 'both', stock: 'set' });
  expect(reply.status).toBe(200);
  return { report: reply.body, apply: () => admin.trpc<ImportReport>('mutation', 'catalogIo.applyImport', { uploadId, mode: 'both', stock: 'set' }) };
}

const variantsOf = async (productId: string) => (await admin.trpc<{ variants: AdminVariant[] }>('query', 'catalog.variants', { productId })).body.variants;

describe('the catalogue file’s Low stock level column', () => {
  it('reads the headers suppliers use for it', () => {
    const { columns } = matchHeaders(['SKU', 'Low Stock Level', 'Reorder level'], []);
    expect(columns.map((c) => (c?.kind === 'base' ? c.id : null))).toEqual(['sku', 'lowStockLevel', 'lowStockLevel']);
  });

  it('exports each variant’s own level, and an import sets it, clears it back to the default, and refuses a broken one', async () => {
    const created = await admin.trpc<{ _id: string }>('mutation', 'catalog.create', {
      productName: 'Levelled earbuds',
      brandName: 'Zorbix',
      category: 'earphones',
      productImage: ['/images/earbuds.webp'],
      options: [{ name: 'Colour', values: [{ value: 'Black' }, { value: 'White' }] }],
      variants: [
        { sku: 'LVL-BLK', optionValues: ['Black'], price: 199_900, sellingPrice: 149_900, stock: 12, lowStockLevel: 2 },
        { sku: 'LVL-WHT', optionValues: ['White'], price: 199_900, sellingPrice: 149_900, stock: 12 },
      ],
    });
    expect(created.status).toBe(200);
    const productId = created.body._id;

    const { header, rows } = await exported();
    const col = (name: string) => header.indexOf(name);
    expect(header[col('Track stock') + 1]).toBe('Low stock level');
    const row = (sku: string) => rows.find((r) => r[col('SKU')] === sku)!;
    expect([row('LVL-BLK')[col('Low stock level')], row('LVL-WHT')[col('Low stock level')]]).toEqual(['2', '']);

    const edited = rows.map((r) => [...r]);
    const at = (sku: string) => edited.find((r) => r[col('SKU')] === sku)!;
    at('LVL-BLK')[col('Low stock level')] = '';
    at('LVL-WHT')[col('Low stock level')] = '-1';
    const broken = await dryRun(toCsv([header, ...edited]));
    expect(broken.report.errors).toEqual([
      { row: edited.indexOf(at('LVL-WHT')) + 2, column: 'Low stock level', message: "'-1' is not a whole number of units (0 or more; empty for the shop’s default)" },
    ]);

    at('LVL-WHT')[col('Low stock level')] = '8';
    // A new product's level comes in with it.
    const fresh = [...at('LVL-WHT')];
    fresh[col('Handle')] = 'new-speaker';
    fresh[col('Product name')] = 'Levelled speaker';
    fresh[col('Option1 name')] = '';
    fresh[col('Option1 value')] = '';
    fresh[col('SKU')] = 'LVL-SPK';
    fresh[col('Stock at export')] = '';
    fresh[col('Low stock level')] = '0';
    const run = await dryRun(toCsv([header, ...edited, fresh]));
    expect(run.report.errors).toEqual([]);
    expect(run.report.changes.filter((c) => c.sku.startsWith('LVL-B') || c.sku.startsWith('LVL-W')).map((c) => [c.sku, c.changes])).toEqual([
      ['LVL-BLK', [{ field: 'Low stock level', from: '2', to: '' }]],
      ['LVL-WHT', [{ field: 'Low stock level', from: '', to: '8' }]],
    ]);
    const applied = await run.apply();
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);

    expect((await variantsOf(productId)).map((v) => [v.sku, v.lowStockLevel])).toEqual([
      ['LVL-BLK', null],
      ['LVL-WHT', 8],
    ]);
    const speaker = await server.deps.db.selectFrom('product_variants').select('low_stock_level').where('sku', '=', 'LVL-SPK').executeTakeFirstOrThrow();
    expect(speaker.low_stock_level).toBe(0);
    const audit = await admin.trpc<{ items: AuditEntry[] }>('query', 'admin.audit', { kind: 'product' });
    expect(audit.body.items.map((e) => e.summary)).toEqual(
      expect.arrayContaining([
        'Levelled earbuds, variant SKU LVL-BLK (Black): low-stock level 2 units → the shop’s default',
        'Levelled earbuds, variant SKU LVL-WHT (White): low-stock level the shop’s default → 8 units',
      ]),
    );
    // Exported again as it now is.
    const again = await exported();
    const after = (sku: string) => again.rows.find((r) => r[again.header.indexOf('SKU')] === sku)![again.header.indexOf('Low stock level')];
    expect([after('LVL-BLK'), after('LVL-WHT'), after('LVL-SPK')]).toEqual(['', '8', '0']);
  });
});

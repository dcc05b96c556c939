import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductPage } from '../../shared/schemas/catalog';
import { reindexProductSpecs } from '../features/catalog/specs.service';
import { testDialect } from '../testing/test-database';
import { HttpClient, startTestServer, type TestServer } from '../testing/test-server';
import { seedSynthetic } from './seed';

/**
 * Issue 27, "Speed": the synthetic catalogue carries three variants per product and filled spec
 * sheets, written in bulk exactly as the service would index them (so the bench measures the
 * real thing).
 */

let server: TestServer;
let visitor: HttpClient;

beforeAll(async () => {
  server = await startTestServer();
  visitor = new HttpClient(server.url);
  await seedSynthetic(server.deps, { count: 120 });
}, 120_000);

afterAll(async () => {
  await server.close();
});

describe(`synthetic spec values (${testDialect()})`, () => {
  it('gives every product three live variants, its summary, and spec values', async () => {
    const db = server.deps.db;
    const variants = await db
      .selectFrom('product_variants')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    expect(Number(variants?.n)).toBe(360);
    const phone = await db.selectFrom('products').selectAll().where('category', '=', 'mobiles').orderBy('id').executeTakeFirstOrThrow();
    expect(phone).toMatchObject({ variant_count: 3, colour_count: 0 });
    expect(Number(phone.price_max)).toBe(Number(phone.selling_price) + 1_000_000);
    expect(phone.spec_line).toMatch(/GB RAM · 128\/256\/512 GB Storage/);
    const storage = await db.selectFrom('spec_values').select('num').where('product_id', '=', phone.id).where('key', '=', 'storage').orderBy('num').execute();
    expect(storage.map((r) => Number(r.num))).toEqual([128, 256, 512]);
  });

  it('writes the index the service would: reindexing changes nothing', async () => {
    const db = server.deps.db;
    const ids = (await db.selectFrom('products').select('id').orderBy('id').limit(24).execute()).map((r) => r.id);
    const snapshot = async () => ({
      rows: await db
        .selectFrom('spec_values')
        .select(['product_id', 'key', 'value', 'num', 'text'])
        .where('product_id', 'in', ids)
        .orderBy('product_id')
        .orderBy('key')
        .orderBy('value')
        .execute(),
      products: await db.selectFrom('products').select(['id', 'specs', 'spec_line', 'spec_words']).where('id', 'in', ids).orderBy('id').execute(),
    });
    const before = await snapshot();
    expect(before.rows.length).toBeGreaterThan(24);
    for (const id of ids) await reindexProductSpecs(db, id);
    expect(await snapshot()).toEqual(before);
  });

  it('answers the bench’s spec-filtered category page', async () => {
    const input = { categories: ['mobiles'], specs: { ram: ['8-'], five_g: ['yes'] }, limit: 24 };
    const reply = await visitor.trpc<ProductPage & { total: number }>('query', 'catalog.filter', input);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const expected = await server.deps.db
      .selectFrom('products')
      .select('id')
      .where('category', '=', 'mobiles')
      .where('archived_at', 'is', null)
      .where('id', 'in', (eb) => eb.selectFrom('spec_values').select('product_id').where('key', '=', 'ram').where('num', '>=', 8))
      .where('id', 'in', (eb) => eb.selectFrom('spec_values').select('product_id').where('key', '=', 'five_g').where('text', '=', 'yes'))
      .execute();
    expect(expected.length).toBeGreaterThan(0);
    expect(reply.body.total).toBe(expected.length);
  });
});

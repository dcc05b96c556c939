import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from './database';
import { transaction } from './transaction';
import { openTestDatabase, testDialect } from '../testing/test-database';
import { insertProduct } from '../testing/factories';

/**
 * transaction() called inside a transaction joins it (a catalogue import writes many products
 * through services that each open one): everything commits or rolls back together.
 */
let db: DB;

beforeAll(async () => {
  ({ db } = await openTestDatabase(fs.mkdtempSync(path.join(os.tmpdir(), 'voltmart-trx-'))));
});

afterAll(async () => {
  await db.destroy();
});

const names = async () => (await db.selectFrom('products').select('product_name').orderBy('product_name').execute()).map((r) => r.product_name);

describe(`transaction (${testDialect()})`, () => {
  it('joins an enclosing transaction: a failure after the inner work rolls both back', async () => {
    const product = await insertProduct(db, { productName: 'Before' });
    await expect(
      transaction(db, async (outer) => {
        await outer.updateTable('products').set({ product_name: 'Outer' }).where('id', '=', product.id).execute();
        await transaction(
          outer,
          async (inner) => {
            await inner.updateTable('products').set({ brand_name: 'Inner' }).where('id', '=', product.id).execute();
          },
          { locks: [`product:${product.id}`] },
        );
        throw new Error('fails after the inner transaction');
      }),
    ).rejects.toThrow('fails after the inner transaction');
    expect(await names()).toEqual(['Before']);
    const row = await db.selectFrom('products').select('brand_name').where('id', '=', product.id).executeTakeFirstOrThrow();
    expect(row.brand_name).not.toBe('Inner');

    await transaction(db, async (outer) => {
      await transaction(outer, (inner) => inner.updateTable('products').set({ product_name: 'Both' }).where('id', '=', product.id).execute());
    });
    expect(await names()).toEqual(['Both']);
  });
});

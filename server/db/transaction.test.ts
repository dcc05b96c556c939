import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from './database';
import { transaction } from './transaction';
import { openTestDatabase, testDialect } from '../testing/test-database';
import { insertProduct } from '../testing/factories';
import { holdTransaction } from '../testing/held-transaction';

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

  it('lets reads outside it go on while a transaction is open: they see what was committed, and a write waits its turn', async () => {
    const product = await insertProduct(db, { productName: 'Committed name' });
    const held = await holdTransaction(db, (trx) => trx.updateTable('products').set({ product_name: 'Uncommitted name' }).where('id', '=', product.id).execute());
    // A shopper's read while the transaction is open: answered now, with the committed name.
    const read = await db.selectFrom('products').select('product_name').where('id', '=', product.id).executeTakeFirstOrThrow();
    expect(read.product_name).toBe('Committed name');
    // A write outside it waits for the transaction to end (then runs after it).
    let wrote = false;
    const write = db
      .updateTable('products')
      .set({ brand_name: 'After' })
      .where('id', '=', product.id)
      .execute()
      .then(() => (wrote = true));
    if (testDialect() === 'sqlite') {
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(wrote).toBe(false);
    }
    held.release();
    await held.ended;
    await write;
    const after = await db.selectFrom('products').select(['product_name', 'brand_name']).where('id', '=', product.id).executeTakeFirstOrThrow();
    expect(after).toEqual({ product_name: 'Uncommitted name', brand_name: 'After' });
  });

  it('rolls back on a failure while reads run beside it, and a read inside it sees its own writes', async () => {
    const product = await insertProduct(db, { productName: 'Kept' });
    await expect(
      transaction(db, async (trx) => {
        await trx.updateTable('products').set({ product_name: 'Dropped' }).where('id', '=', product.id).execute();
        const own = await trx.selectFrom('products').select('product_name').where('id', '=', product.id).executeTakeFirstOrThrow();
        expect(own.product_name).toBe('Dropped');
        const outside = await db.selectFrom('products').select('product_name').where('id', '=', product.id).executeTakeFirstOrThrow();
        expect(outside.product_name).toBe('Kept');
        throw new Error('refused while writing');
      }),
    ).rejects.toThrow('refused while writing');
    const row = await db.selectFrom('products').select('product_name').where('id', '=', product.id).executeTakeFirstOrThrow();
    expect(row.product_name).toBe('Kept');
    // The writer is free again.
    await transaction(db, (trx) => trx.updateTable('products').set({ product_name: 'Again' }).where('id', '=', product.id).execute());
    expect((await db.selectFrom('products').select('product_name').where('id', '=', product.id).executeTakeFirstOrThrow()).product_name).toBe('Again');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/test-server';
import { insertProduct } from '../testing/factories';
import { transaction } from './transaction';
import { holdTransaction } from '../testing/held-transaction';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.close();
});

describe('the change feed', () => {
  it('holds every change committed before catchUp once it resolves, every time', async () => {
    const feed = server.deps.changes;
    const product = await insertProduct(server.deps.db, { category: 'camera', stock: 5 });
    await feed.catchUp?.();
    feed.poll();
    // Back to back, with no pause for a notification to travel: on PostgreSQL the listening
    // connection must have read each change before catchUp resolves, not merely been signalled.
    for (let i = 0; i < 40; i++) {
      const name = `Barrier Cam ${i}`;
      await server.deps.db.updateTable('products').set({ product_name: name }).where('id', '=', product.id).execute();
      await feed.catchUp?.();
      const { tags, lost } = feed.poll();
      expect(lost).toBe(false);
      expect(tags).toContain(`product:${product.id}`);
      expect(feed.poll()).toEqual({ tags: [], lost: false });
    }
  });

  it('never hands its catch-up markers on as tags', async () => {
    const feed = server.deps.changes;
    await feed.catchUp?.();
    await feed.catchUp?.();
    expect(feed.poll().tags.filter((tag) => tag.startsWith('catch-up:'))).toEqual([]);
  });

  it('hands on the changes of a transaction only once it has committed, and never those of one rolled back', async () => {
    const { db } = server.deps;
    const feed = server.deps.changes;
    const product = await insertProduct(db, { category: 'camera', stock: 5 });
    await feed.catchUp?.();
    feed.poll();
    const held = await holdTransaction(db, (trx) => trx.updateTable('products').set({ product_name: 'Open Cam' }).where('id', '=', product.id).execute());
    // A reader meanwhile still reads the old name: a cache emptied now would fill again with it.
    await feed.catchUp?.();
    expect(feed.poll().tags).not.toContain(`product:${product.id}`);
    held.release();
    await held.ended;
    await feed.catchUp?.();
    expect(feed.poll().tags).toContain(`product:${product.id}`);

    await expect(
      transaction(db, async (trx) => {
        await trx.updateTable('products').set({ product_name: 'Never Cam' }).where('id', '=', product.id).execute();
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await feed.catchUp?.();
    expect(feed.poll()).toEqual({ tags: [], lost: false });
  });
});

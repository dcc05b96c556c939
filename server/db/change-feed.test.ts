import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/test-server';
import { insertProduct } from '../testing/factories';

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
});

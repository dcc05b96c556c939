import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../db/database';
import { openImageStore } from '../images/image-store';
import { openTestDatabase } from '../testing/test-database';
import { DEMO_PRODUCTS } from '../demo/demo-catalog';
import { generateDemoImages } from './demo-images';

// The rendered-art cache is a local folder whatever the store; what it records is only good
// while the store (the folder, or the database) still holds the image.
let dir: string;
const dbs: DB[] = [];

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'voltmart-demo-images-'));
});

afterAll(async () => {
  await Promise.all(dbs.map((db) => db.destroy()));
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A new, empty store of the suite's kind: a fresh database, and an images folder of its own. */
async function freshStore(name: string) {
  const dataDir = path.join(dir, name);
  fs.mkdirSync(dataDir);
  const { db } = await openTestDatabase(dataDir);
  dbs.push(db);
  return openImageStore(db, { imagesDir: path.join(dataDir, 'images') });
}

describe('generateDemoImages', () => {
  it('renders again, into the store, what the art cache remembers but the store does not hold', { timeout: 60_000 }, async () => {
    const product = DEMO_PRODUCTS[0];
    if (!product) throw new Error('empty catalogue');
    const cacheDir = path.join(dir, 'cache');

    const first = await freshStore('first');
    const made = await generateDemoImages(first, cacheDir, [product], []);
    const urls = made.products.get(product.key) ?? [];
    expect(urls.length).toBeGreaterThanOrEqual(2);
    expect(fs.readdirSync(cacheDir)).toHaveLength(urls.length);

    // Same cache, empty store (a new database, or a deleted folder): the images must be made again.
    const second = await freshStore('second');
    const again = await generateDemoImages(second, cacheDir, [product], []);
    expect(again.products.get(product.key)).toEqual(urls);
    for (const url of urls) {
      const name = path.basename(url);
      expect(await second.has(name), url).toBe(true);
      expect(await second.has(name.replace('.webp', '-w640.webp')), url).toBe(true);
    }
  });
});

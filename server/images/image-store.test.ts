import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../db/database';
import { rawRequest } from '../attacks/attack-kit';
import { openTestDatabase, testDialect } from '../testing/test-database';
import { twoTone } from './image.fixtures';
import { databaseImageStore, folderImageStore, openImageStore, type ImageFile, type ImageStore } from './image-store';

// Both stores, on the suite's database: the folder (what the SQLite shop uses), and the
// stored_images table (what the PostgreSQL shop uses; the table exists on SQLite too, so its
// code runs on both). Each is served by a bare Express app, as app.ts mounts it.
let dir: string;
let db: DB;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'voltmart-image-store-'));
  ({ db } = await openTestDatabase(dir));
});

afterAll(async () => {
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

const hashName = (seed: string, suffix = '') => `${seed.repeat(32).slice(0, 32)}${suffix}.webp`;

async function webp(width: number): Promise<Buffer> {
  return twoTone(width, Math.round((width * 2) / 3))
    .webp()
    .toBuffer();
}

/** A server mounting the store at /images; closed by the returned function. */
async function serving(store: ImageStore): Promise<{ url: string; close: () => Promise<void> }> {
  const app = express();
  app.use('/images', store.serve());
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const STORES: [string, () => ImageStore][] = [
  ['folder', () => folderImageStore(path.join(dir, 'images'))],
  ['database', () => databaseImageStore(db)],
];

describe.each(STORES)('%s image store', (_kind, open) => {
  let store: ImageStore;
  let site: { url: string; close: () => Promise<void> };
  let main: ImageFile;
  let rendition: ImageFile;

  beforeAll(async () => {
    store = open();
    site = await serving(store);
    const seed = _kind === 'folder' ? 'a1' : 'b2';
    main = { name: hashName(seed), data: await webp(120) };
    rendition = { name: hashName(seed, '-w320'), data: await webp(60) };
    await store.putAll([rendition, main]);
  });

  afterAll(async () => {
    await site.close();
  });

  it('keeps what it was given: has and get by name', async () => {
    expect(await store.has(main.name)).toBe(true);
    expect((await store.get(main.name))?.equals(main.data)).toBe(true);
    expect((await store.get(rendition.name))?.equals(rendition.data)).toBe(true);
    expect(await store.has(hashName('0f'))).toBe(false);
    expect(await store.get(hashName('0f'))).toBeNull();
    for (const bad of ['../shop.sqlite', '', 'evil.html', `${main.name}/`, main.name.toUpperCase()]) {
      expect(await store.has(bad)).toBe(false);
      expect(await store.get(bad)).toBeNull();
    }
  });

  it('stores the same set again, and from a second instance at the same moment, without harm', async () => {
    const again = open();
    await Promise.all([store.putAll([rendition, main]), again.putAll([rendition, main])]);
    expect((await again.get(main.name))?.equals(main.data)).toBe(true);
  });

  it('refuses a set holding a name it would never serve, before writing any of it', async () => {
    const fine = { name: hashName('c3'), data: main.data };
    for (const bad of ['../escape.webp', 'evil.html', `sub/${hashName('c4')}`, `.${hashName('c5')}`]) {
      await expect(store.putAll([fine, { name: bad, data: Buffer.from('<script>alert(1)</script>') }])).rejects.toThrow(/Not a stored image name/);
    }
    expect(await store.has(fine.name)).toBe(false);
  });

  it('serves an image as immutable WebP that can never run, with a validator', async () => {
    const reply = await fetch(`${site.url}/images/${main.name}`);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('image/webp');
    expect(reply.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(reply.headers.get('x-content-type-options')).toBe('nosniff');
    expect(reply.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(reply.headers.get('etag')).toMatch(/^(W\/)?".+"$/);
    expect(reply.headers.get('last-modified')).not.toBeNull();
    expect(Buffer.from(await reply.arrayBuffer()).equals(main.data)).toBe(true);
  });

  it('answers HEAD with the headers and no body', async () => {
    const reply = await rawRequest(site.url, `/images/${rendition.name}`, { method: 'HEAD' });
    expect(reply.status).toBe(200);
    expect(reply.body.length).toBe(0);
    expect(reply.headers['content-type']).toBe('image/webp');
    expect(reply.headers['content-length']).toBe(String(rendition.data.length));
  });

  // rawRequest, not fetch: fetch adds `Cache-Control: no-cache` to a conditional request, which rightly forbids a 304.
  it('answers If-None-Match (and If-Modified-Since) with 304', async () => {
    const first = await rawRequest(site.url, `/images/${main.name}`);
    const etag = String(first.headers.etag);
    const byTag = await rawRequest(site.url, `/images/${main.name}`, { headers: { 'if-none-match': etag } });
    expect(byTag.status).toBe(304);
    expect(byTag.headers.etag).toBe(etag);
    expect(byTag.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(byTag.body.length).toBe(0);
    const byDate = await rawRequest(site.url, `/images/${main.name}`, { headers: { 'if-modified-since': String(first.headers['last-modified']) } });
    expect(byDate.status).toBe(304);
    expect((await rawRequest(site.url, `/images/${main.name}`, { headers: { 'if-none-match': '"other"' } })).status).toBe(200);
  });

  it.each([
    () => `/images/${hashName('0f')}`,
    () => '/images/../x',
    () => '/images/%00',
    () => '/images/%2e%2e%2fshop.sqlite',
    () => `/images/${hashName('b2')}%00`,
    () => `/images/sub/${hashName('b2')}`,
    () => `/images/${hashName('B2')}`,
    () => '/images/',
  ])('404 for an unknown or malformed name (%#)', async (pathOf) => {
    for (const method of ['GET', 'HEAD']) {
      const reply = await rawRequest(site.url, pathOf(), { method });
      expect({ method, status: reply.status }).toEqual({ method, status: 404 });
      if (method === 'GET') expect(reply.body.toString()).toBe('Image not found');
    }
  });

  it('404 for any other method on a real image', async () => {
    for (const method of ['POST', 'PUT', 'DELETE']) {
      expect((await rawRequest(site.url, `/images/${main.name}`, { method, body: 'x' })).status).toBe(404);
    }
    expect(await store.has(main.name)).toBe(true);
  });
});

describe('database image store', () => {
  it('serves a hot image from the process’s memory, not from the database per request', async () => {
    const store = databaseImageStore(db);
    const site = await serving(store);
    try {
      const image = { name: hashName('d4'), data: await webp(90) };
      await store.putAll([image]);
      expect((await fetch(`${site.url}/images/${image.name}`)).status).toBe(200);
      // Rows are never deleted by the shop: this only proves the second read did not reach the table.
      await db.deleteFrom('stored_images').where('name', '=', image.name).execute();
      const again = await fetch(`${site.url}/images/${image.name}`);
      expect(again.status).toBe(200);
      expect(Buffer.from(await again.arrayBuffer()).equals(image.data)).toBe(true);
      // A process that never served it reads the table, and finds nothing.
      expect(await databaseImageStore(db).get(image.name)).toBeNull();
    } finally {
      await site.close();
    }
  });

  it('does not remember a miss: an image stored by another process after a 404 is served', async () => {
    const store = databaseImageStore(db);
    const site = await serving(store);
    try {
      const image = { name: hashName('e5'), data: await webp(70) };
      expect((await fetch(`${site.url}/images/${image.name}`)).status).toBe(404);
      await databaseImageStore(db).putAll([image]);
      expect((await fetch(`${site.url}/images/${image.name}`)).status).toBe(200);
    } finally {
      await site.close();
    }
  });
});

describe('openImageStore', () => {
  it(`picks the ${testDialect() === 'postgres' ? 'database' : 'folder'} for this suite's database`, async () => {
    const imagesDir = path.join(dir, 'chosen');
    const store = openImageStore(db, { imagesDir });
    const image = { name: hashName('f6'), data: await webp(40) };
    await store.putAll([image]);
    const inFolder = fs.existsSync(path.join(imagesDir, image.name));
    const inTable = (await db.selectFrom('stored_images').select('name').where('name', '=', image.name).execute()).length === 1;
    expect({ inFolder, inTable }).toEqual(testDialect() === 'postgres' ? { inFolder: false, inTable: true } : { inFolder: true, inTable: false });
  });
});

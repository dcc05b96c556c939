import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../shared/schemas/catalog';
import { rawRequest } from '../attacks/attack-kit';
import { signInAs } from '../testing/factories';
import { storedImageNames } from '../testing/stored-images';
import { testDialect } from '../testing/test-database';
import { HttpClient, startTestServer, type TestServer } from '../testing/test-server';
import { pngBomb, twoTone } from '../images/image.fixtures';

type Envelope<T> = { success: boolean; error: boolean; message: string; data: T };

let server: TestServer;
let admin: HttpClient;

beforeAll(async () => {
  server = await startTestServer();
  admin = (await signInAs(server, 'ADMIN')).client;
});

afterAll(async () => {
  await server.close();
});

/** What the shop's image store holds (the folder on SQLite, the stored_images table on PostgreSQL). */
const imageFiles = (): Promise<string[]> => storedImageNames(server.deps.db, server.deps.env.imagesDir);

function upload(client: HttpClient, files: { field?: string; bytes: Buffer; name: string; type: string }[]) {
  const form = new FormData();
  for (const file of files) form.append(file.field ?? 'file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return client.request<Envelope<{ url: string } | null>>('/api/upload-image', { method: 'POST', body: form });
}

describe('POST /api/upload-image', () => {
  it('stores a real PNG and serves it (and its renditions) as immutable WebP', async () => {
    const png = await twoTone(900, 600).png().toBuffer();
    const reply = await upload(admin, [{ bytes: png, name: 'photo.png', type: 'image/png' }]);
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ success: true, error: false, message: 'Image uploaded' });
    const url = reply.body.data?.url ?? '';
    expect(url).toMatch(/^\/images\/[0-9a-f]{32}\.webp$/);

    const served = await fetch(new URL(url, server.url));
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await sharp(Buffer.from(await served.arrayBuffer())).metadata()).toMatchObject({ format: 'webp', width: 900, height: 600 });

    const rendition = await fetch(new URL(url.replace('.webp', '-w320.webp'), server.url));
    expect(rendition.status).toBe(200);
    expect((await sharp(Buffer.from(await rendition.arrayBuffer())).metadata()).width).toBe(320);
  });

  it('lets an admin create a product with the uploaded photo', async () => {
    const jpeg = await twoTone(640, 640).jpeg().toBuffer();
    const uploaded = await upload(admin, [{ bytes: jpeg, name: 'phone.jpg', type: 'image/jpeg' }]);
    const url = uploaded.body.data?.url ?? '';
    const created = await admin.post<Envelope<Product>>('/api/upload-product', {
      productName: 'Uploaded Photo Phone',
      brandName: 'Acme',
      category: 'mobiles',
      productImage: [url],
      price: 15999,
      sellingPrice: 14999,
      stock: 3,
    });
    expect(created.status).toBe(201);
    const details = await new HttpClient(server.url).post<Envelope<Product>>('/api/product-details', { productId: created.body.data._id });
    expect(details.body.data.productImage).toEqual([url]);
  });

  it('applies the EXIF rotation of a JPEG', async () => {
    const jpeg = await twoTone(400, 200).jpeg({ quality: 95 }).withMetadata({ orientation: 6 }).toBuffer();
    const reply = await upload(admin, [{ bytes: jpeg, name: 'sideways.jpg', type: 'image/jpeg' }]);
    expect(reply.status).toBe(201);
    const stored = (await server.deps.images.get(path.basename(reply.body.data?.url ?? ''))) ?? Buffer.alloc(0);
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ width: 200, height: 400 });
    expect(meta.orientation).toBeUndefined();
    expect(meta.exif).toBeUndefined();
    const { data } = await sharp(stored).extract({ left: 100, top: 20, width: 1, height: 1 }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(200); // the red half is now on top
  });

  it('refuses a text file named .png (whatever its Content-Type) with 400 and writes nothing', async () => {
    const before = await imageFiles();
    const reply = await upload(admin, [{ bytes: Buffer.from('I am a text file wearing a .png costume'), name: 'evil.png', type: 'image/png' }]);
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ success: false, error: true, data: null });
    expect(reply.body.message).toMatch(/unsupported image/i);
    expect(await imageFiles()).toEqual(before);
  });

  it('refuses a 6 MB file with 413 and the envelope, and writes nothing', async () => {
    const before = await imageFiles();
    const big = Buffer.concat([await twoTone(32, 32).png().toBuffer(), Buffer.alloc(6 * 1024 * 1024, 1)]);
    const reply = await upload(admin, [{ bytes: big, name: 'huge.png', type: 'image/png' }]);
    expect(reply.status).toBe(413);
    expect(reply.body).toEqual({ success: false, error: true, message: 'Image is too large: the limit is 5 MB', data: null });
    expect(await imageFiles()).toEqual(before);
  });

  it('refuses a decompression bomb (a tiny PNG claiming 50,000 x 50,000) and writes nothing', async () => {
    const before = await imageFiles();
    const reply = await upload(admin, [{ bytes: pngBomb(), name: 'bomb.png', type: 'image/png' }]);
    expect(reply.status).toBe(400);
    expect(reply.body.message).toMatch(/too many pixels/i);
    expect(await imageFiles()).toEqual(before);
  });

  it('answers 401 to visitors and 403 to GENERAL users, writing nothing', async () => {
    const before = await imageFiles();
    const png = await twoTone(50, 50).png().toBuffer();
    const anonymous = await upload(new HttpClient(server.url), [{ bytes: png, name: 'a.png', type: 'image/png' }]);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ success: false, error: true, message: 'Please Login...!', data: null });
    const general = await upload((await signInAs(server, 'GENERAL')).client, [{ bytes: png, name: 'a.png', type: 'image/png' }]);
    expect(general.status).toBe(403);
    expect(await imageFiles()).toEqual(before);
  });

  it('wants exactly one file in the field "file"', async () => {
    const png = await twoTone(20, 20).png().toBuffer();
    const wrongField = await upload(admin, [{ field: 'image', bytes: png, name: 'a.png', type: 'image/png' }]);
    expect(wrongField.status).toBe(400);
    expect(wrongField.body.message).toMatch(/"file"/);
    const two = await upload(admin, [
      { bytes: png, name: 'a.png', type: 'image/png' },
      { bytes: png, name: 'b.png', type: 'image/png' },
    ]);
    expect(two.status).toBe(400);
    const none = await admin.request<Envelope<null>>('/api/upload-image', { method: 'POST', body: new FormData() });
    expect(none.status).toBe(400);
    expect(none.body.message).toMatch(/^file/);
    const json = await admin.post<Envelope<null>>('/api/upload-image', { file: 'data:image/png;base64,AAAA' });
    expect(json.status).toBe(400);
    expect(json.body).toMatchObject({ success: false, data: null });
  });
});

describe('GET /images/<name>', () => {
  let url: string;

  beforeAll(async () => {
    const reply = await upload(admin, [{ bytes: await twoTone(700, 420).png().toBuffer(), name: 'served.png', type: 'image/png' }]);
    expect(reply.status).toBe(201);
    url = reply.body.data?.url ?? '';
  });

  // rawRequest, not fetch: fetch adds `Cache-Control: no-cache` to a conditional request, which rightly forbids a 304.
  it('answers a revalidation with If-None-Match with 304 and no body', async () => {
    const first = await rawRequest(server.url, url);
    const etag = String(first.headers.etag ?? '');
    expect(etag).not.toBe('');
    const again = await rawRequest(server.url, url, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(again.body.length).toBe(0);
    const other = await rawRequest(server.url, url, { headers: { 'if-none-match': '"something-else"' } });
    expect(other.status).toBe(200);
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const got = await fetch(new URL(url, server.url));
    const bytes = Buffer.from(await got.arrayBuffer());
    const head = await rawRequest(server.url, url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers['content-type']).toBe('image/webp');
    expect(head.headers['content-length']).toBe(String(bytes.length));
    expect(head.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(head.headers.etag).toBe(got.headers.get('etag'));
  });

  it.each([`/images/${'0'.repeat(32)}.webp`, `/images/avatar-${'0'.repeat(32)}.webp`, '/images/../x', '/images/%00', '/images/x.webp', `/images/${'0'.repeat(32)}.webp%00`])(
    '%s → 404 (GET and HEAD)',
    async (p) => {
      const got = await rawRequest(server.url, p);
      expect(got.status).toBe(404);
      expect(got.body.toString()).toBe('Image not found');
      expect((await rawRequest(server.url, p, { method: 'HEAD' })).status).toBe(404);
    },
  );

  it.runIf(testDialect() === 'postgres')('serves an image uploaded through one app process from another on the same PostgreSQL database', async () => {
    const target = server.deps.env.database;
    if (target.dialect !== 'postgres') throw new Error('expected a PostgreSQL test server');
    const uploaded = await upload(admin, [{ bytes: await twoTone(500, 300).jpeg().toBuffer(), name: 'elsewhere.jpg', type: 'image/jpeg' }]);
    expect(uploaded.status).toBe(201);
    const name = uploaded.body.data?.url ?? '';
    const second = await startTestServer({ env: { DATABASE_URL: target.url } });
    try {
      expect(second.dataDir).not.toBe(server.dataDir);
      for (const p of [name, name.replace('.webp', '-w320.webp')]) {
        const mine = await fetch(new URL(p, server.url));
        const theirs = await fetch(new URL(p, second.url));
        expect({ p, status: theirs.status }).toEqual({ p, status: 200 });
        expect(theirs.headers.get('content-type')).toBe('image/webp');
        expect(theirs.headers.get('x-content-type-options')).toBe('nosniff');
        expect(theirs.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
        expect(Buffer.from(await theirs.arrayBuffer()).equals(Buffer.from(await mine.arrayBuffer()))).toBe(true);
        // The validator is the same whichever process answers, so a browser's copy stays good behind a load balancer.
        expect(theirs.headers.get('etag')).toBe(mine.headers.get('etag'));
        expect((await rawRequest(second.url, p, { headers: { 'if-none-match': mine.headers.get('etag') ?? '' } })).status).toBe(304);
      }
    } finally {
      await second.close();
    }
  });
});

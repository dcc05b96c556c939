import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DB } from '../db/database';
import { openTestDatabase, testDialect } from '../testing/test-database';
import { storedImageNames } from '../testing/stored-images';
import { gifBomb, pngBomb, twoTone } from './image.fixtures';
import { openImageStore, type ImageStore } from './image-store';
import { decodeImageDataUrl, MAX_IMAGE_BYTES, sniffImageType, storeAvatar, storeProductImage } from './image.service';

// The pipeline writes through the store the shop would open on the suite's database: the
// images folder on SQLite, the stored_images table on PostgreSQL.
let dir: string;
let imagesDir: string;
let db: DB;
let store: ImageStore;

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'voltmart-images-'));
  imagesDir = path.join(dir, 'images');
  ({ db } = await openTestDatabase(dir));
  store = openImageStore(db, { imagesDir });
});

afterEach(async () => {
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Everything in the store, sorted (on SQLite: every entry of the folder, temp files included). */
const inStore = (): Promise<string[]> => storedImageNames(db, imagesDir);

async function bytesOf(name: string): Promise<Buffer> {
  const bytes = await store.get(name);
  if (!bytes) throw new Error(`${name} is not in the store`);
  return bytes;
}

describe('sniffImageType', () => {
  it('recognises the accepted formats by their bytes', async () => {
    const base = sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } });
    expect(sniffImageType(await base.clone().jpeg().toBuffer())).toBe('jpeg');
    expect(sniffImageType(await base.clone().png().toBuffer())).toBe('png');
    expect(sniffImageType(await base.clone().webp().toBuffer())).toBe('webp');
    expect(sniffImageType(await base.clone().gif().toBuffer())).toBe('gif');
    expect(sniffImageType(await base.clone().avif().toBuffer())).toBe('avif');
  });

  it('refuses SVG, TIFF, text and empty input', async () => {
    const base = sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } });
    expect(sniffImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined();
    expect(sniffImageType(await base.clone().tiff().toBuffer())).toBeUndefined();
    expect(sniffImageType(Buffer.from('hello, I am a text file'))).toBeUndefined();
    expect(sniffImageType(Buffer.alloc(0))).toBeUndefined();
  });
});

describe('storeProductImage', () => {
  it('stores a PNG as a WebP main image plus 320/640/1280 renditions named by content hash', async () => {
    const png = await twoTone(1600, 1200).png().toBuffer();
    const stored = await storeProductImage(store, png);

    expect(stored.url).toMatch(/^\/images\/[0-9a-f]{32}\.webp$/);
    expect(stored).toMatchObject({ width: 1600, height: 1200 });
    const hash = stored.url.slice('/images/'.length, -'.webp'.length);
    expect(await inStore()).toEqual([`${hash}-w1280.webp`, `${hash}-w320.webp`, `${hash}-w640.webp`, `${hash}.webp`]);

    const main = await sharp(await bytesOf(`${hash}.webp`)).metadata();
    expect(main).toMatchObject({ format: 'webp', width: 1600, height: 1200 });
    expect(main.exif).toBeUndefined();
    for (const width of [320, 640, 1280]) {
      const rendition = await sharp(await bytesOf(`${hash}-w${width}.webp`)).metadata();
      expect(rendition).toMatchObject({ format: 'webp', width, height: (width * 3) / 4 });
    }
  });

  it('never upscales: renditions wider than a small original keep its size', async () => {
    const stored = await storeProductImage(store, await twoTone(500, 400).png().toBuffer());
    const hash = stored.url.slice('/images/'.length, -'.webp'.length);
    expect(stored).toMatchObject({ width: 500, height: 400 });
    expect((await sharp(await bytesOf(`${hash}-w320.webp`)).metadata()).width).toBe(320);
    expect((await sharp(await bytesOf(`${hash}-w640.webp`)).metadata()).width).toBe(500);
    expect((await sharp(await bytesOf(`${hash}-w1280.webp`)).metadata()).width).toBe(500);
  });

  it('scales a very large original down to 2048 px on its longest edge', async () => {
    const jpeg = await twoTone(4000, 3000).jpeg({ quality: 60 }).toBuffer();
    const stored = await storeProductImage(store, jpeg);
    expect(stored).toMatchObject({ width: 2048, height: 1536 });
  });

  it('is idempotent: the same bytes give the same URL and the files are not rewritten', async () => {
    const png = await twoTone(700, 500).png().toBuffer();
    const first = await storeProductImage(store, png);
    const mainFile = path.join(imagesDir, path.basename(first.url));
    // The folder shows a rewrite in the file's time; a row is never rewritten (insert ... on conflict do nothing).
    const before = testDialect() === 'sqlite' ? fs.statSync(mainFile).mtimeMs : undefined;
    const second = await storeProductImage(store, png);
    expect(second).toEqual(first);
    if (before !== undefined) expect(fs.statSync(mainFile).mtimeMs).toBe(before);
    expect(await inStore()).toHaveLength(4);
  });

  it('applies EXIF rotation and strips the metadata', async () => {
    // Stored 200x100 with orientation 6 ("rotate 90° clockwise to display"): the red left half
    // must end up on top of a 100x200 image.
    const jpeg = await twoTone(200, 100).jpeg({ quality: 95 }).withMetadata({ orientation: 6 }).toBuffer();
    expect((await sharp(jpeg).metadata()).orientation).toBe(6);

    const stored = await storeProductImage(store, jpeg);
    expect(stored).toMatchObject({ width: 100, height: 200 });
    const file = await bytesOf(path.basename(stored.url));
    const meta = await sharp(file).metadata();
    expect(meta.orientation).toBeUndefined();
    expect(meta.exif).toBeUndefined();
    const { data, info } = await sharp(file).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => Array.from(data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3));
    const [topR = 0, , topB = 0] = pixel(50, 20);
    const [bottomR = 0, , bottomB = 0] = pixel(50, 180);
    expect(topR).toBeGreaterThan(200);
    expect(topB).toBeLessThan(60);
    expect(bottomB).toBeGreaterThan(200);
    expect(bottomR).toBeLessThan(60);
  });

  it('accepts JPEG, WebP, GIF and AVIF as well as PNG', async () => {
    const base = twoTone(64, 48);
    for (const bytes of [await base.clone().jpeg().toBuffer(), await base.clone().webp().toBuffer(), await base.clone().gif().toBuffer(), await base.clone().avif().toBuffer()]) {
      const stored = await storeProductImage(store, bytes);
      expect(stored).toMatchObject({ width: 64, height: 48 });
    }
    expect(await inStore()).toHaveLength(16);
  });

  it('refuses a text file named .png with IMAGE_INVALID and writes nothing', async () => {
    await expect(storeProductImage(store, Buffer.from('this is not an image, whatever its name says'))).rejects.toMatchObject({
      appCode: 'IMAGE_INVALID',
    });
    expect(await inStore()).toEqual([]);
  });

  it('refuses SVG (scriptable, and not in the accepted list)', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
    await expect(storeProductImage(store, svg)).rejects.toMatchObject({ appCode: 'IMAGE_INVALID' });
    expect(await inStore()).toEqual([]);
  });

  it('refuses a PNG signature followed by garbage', async () => {
    const broken = Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), Buffer.alloc(200, 7)]);
    await expect(storeProductImage(store, broken)).rejects.toMatchObject({ appCode: 'IMAGE_INVALID' });
    expect(await inStore()).toEqual([]);
  });

  it('refuses a file over 5 MB with IMAGE_TOO_LARGE (413) before looking inside', async () => {
    const big = Buffer.concat([await twoTone(16, 16).png().toBuffer(), Buffer.alloc(6 * 1024 * 1024)]);
    const error = await storeProductImage(store, big).catch((e: unknown) => e);
    expect(error).toMatchObject({ appCode: 'IMAGE_TOO_LARGE', code: 'PAYLOAD_TOO_LARGE' });
    expect(await inStore()).toEqual([]);
  });

  it('refuses decompression bombs from the header alone (PNG and GIF claiming 50,000 x 50,000)', async () => {
    for (const bomb of [pngBomb(), gifBomb()]) {
      expect(bomb.length).toBeLessThan(100);
      const started = Date.now();
      await expect(storeProductImage(store, bomb)).rejects.toMatchObject({ appCode: 'IMAGE_TOO_MANY_PIXELS' });
      expect(Date.now() - started).toBeLessThan(1000);
    }
    expect(await inStore()).toEqual([]);
  });

  it('leaves no temp files behind when many stores of the same bytes race', async () => {
    const png = await twoTone(300, 300).png().toBuffer();
    const results = await Promise.all(Array.from({ length: 4 }, () => storeProductImage(store, png)));
    expect(new Set(results.map((r) => r.url)).size).toBe(1);
    expect((await inStore()).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    expect(await inStore()).toHaveLength(4);
  });
});

describe('storeAvatar', () => {
  it('stores a 256x256 WebP cover crop without metadata', async () => {
    const jpeg = await twoTone(640, 480).jpeg().withMetadata({ orientation: 1 }).toBuffer();
    const url = await storeAvatar(store, jpeg);
    expect(url).toMatch(/^\/images\/avatar-[0-9a-f]{32}\.webp$/);
    const meta = await sharp(await bytesOf(path.basename(url))).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect(meta.exif).toBeUndefined();
    expect(await storeAvatar(store, jpeg)).toBe(url);
    expect(await inStore()).toHaveLength(1);
  });

  it('refuses AVIF, non-images and bombs', async () => {
    const avif = await twoTone(64, 64).avif().toBuffer();
    await expect(storeAvatar(store, avif)).rejects.toMatchObject({ appCode: 'IMAGE_INVALID' });
    await expect(storeAvatar(store, Buffer.from('plain text'))).rejects.toMatchObject({ appCode: 'IMAGE_INVALID' });
    await expect(storeAvatar(store, pngBomb())).rejects.toMatchObject({ appCode: 'IMAGE_TOO_MANY_PIXELS' });
    expect(await inStore()).toEqual([]);
  });
});

describe('decodeImageDataUrl', () => {
  it('decodes a base64 data URL to its bytes', async () => {
    const png = await twoTone(10, 10).png().toBuffer();
    const decoded = decodeImageDataUrl(`data:image/png;base64,${png.toString('base64')}`);
    expect(decoded.equals(png)).toBe(true);
  });

  it('ignores the declared type (the bytes are sniffed later) and tolerates line breaks', async () => {
    const png = await twoTone(10, 10).png().toBuffer();
    const wrapped = png.toString('base64').replace(/(.{60})/g, '$1\n');
    expect(decodeImageDataUrl(`data:application/octet-stream;base64,${wrapped}`).equals(png)).toBe(true);
  });

  it('throws IMAGE_INVALID on anything that is not a base64 data URL', () => {
    for (const bad of ['', 'hello', 'data:image/png,rawtext', 'data:image/png;base64,', 'data:image/png;base64,@@@@', 'https://example.com/a.png', 'data:image/png;base64,abc']) {
      expect(() => decodeImageDataUrl(bad)).toThrow(expect.objectContaining({ appCode: 'IMAGE_INVALID' }));
    }
  });

  it('throws IMAGE_TOO_LARGE from the encoded length, before decoding', () => {
    const huge = `data:image/png;base64,${'A'.repeat(Math.ceil((MAX_IMAGE_BYTES * 4) / 3) + 16)}`;
    expect(() => decodeImageDataUrl(huge)).toThrow(expect.objectContaining({ appCode: 'IMAGE_TOO_LARGE' }));
  });
});

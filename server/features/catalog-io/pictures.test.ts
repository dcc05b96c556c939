import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parse as parseCsvSync } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../db/database';
import { transaction } from '../../db/transaction';
import * as catalog from '../catalog/catalog.service';
import { applyDemoCategories } from '../catalog/categories.service';
import { DEMO_PRODUCTS } from '../../demo/demo-catalog';
import { DEMO_CATEGORIES } from '../../demo/demo-categories';
import { demoFacts } from '../../demo/demo-facts';
import { twoTone } from '../../images/image.fixtures';
import { signInAs, testShopSettings } from '../../testing/factories';
import { startTestServer, type HttpClient, type TestServer } from '../../testing/test-server';
import type { ImportJob, ImportReport } from '../../../shared/schemas/catalog-io';
import { loadEnv } from '../../env';
import { dryRun } from './catalog-io.service';
import { settleJobs } from './import-job';
import { fetchPicture, isPrivateAddress, openZipPictures, resolvePictures } from './pictures';
import { zipOf } from './zip.fixtures';

/*
 * Pictures named by an import (issue 28): fetched over real HTTP from a local fake image server
 * (IMPORT_FETCH_PRIVATE=1, as tests must), or taken from a real ZIP built here, stored through
 * the image pipeline before the apply, and every failure a row error with its row and column.
 * Both databases (the image store is a folder on SQLite, a table on PostgreSQL).
 */

let server: TestServer;
let admin: HttpClient;
let images: http.Server;
let imagesUrl = '';
const hits = new Map<string, number>();
let png: Buffer;
let jpeg: Buffer;
let inFlight = 0;
let mostInFlight = 0;

beforeAll(async () => {
  png = await twoTone(64, 48).png().toBuffer();
  jpeg = await twoTone(80, 40).jpeg().toBuffer();
  images = http.createServer((req, res) => {
    const path = req.url ?? '/';
    hits.set(path, (hits.get(path) ?? 0) + 1);
    if (path === '/ok.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(png);
    if (path === '/moved') return res.writeHead(302, { location: '/ok.png' }).end();
    if (path === '/page.html') return res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><p>not a picture</p>');
    if (path === '/big') {
      // No Content-Length: the cap is enforced on the bytes as they arrive.
      res.writeHead(200, { 'content-type': 'image/jpeg' });
      const chunk = Buffer.alloc(1024 * 1024, 0xff);
      for (let i = 0; i < 6; i++) res.write(chunk);
      return res.end();
    }
    if (path === '/slow') return; // never answers
    if (path.startsWith('/many/')) {
      // A distinct picture per address, answered after a moment: how many are asked for at once shows.
      inFlight++;
      mostInFlight = Math.max(mostInFlight, inFlight);
      setTimeout(() => {
        inFlight--;
        void twoTone(20 + Number(path.slice('/many/'.length)), 20)
          .png()
          .toBuffer()
          .then((bytes) => res.writeHead(200, { 'content-type': 'image/png' }).end(bytes));
      }, 60);
      return;
    }
    res.writeHead(404).end('not found');
  });
  await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve));
  imagesUrl = `http://127.0.0.1:${(images.address() as AddressInfo).port}`;

  server = await startTestServer({ env: { IMPORT_FETCH_PRIVATE: '1' } });
  admin = (await signInAs(server, 'ADMIN')).client;
  expect((await admin.trpc('mutation', 'settings.update', testShopSettings())).status).toBe(200);
  const now = new Date().toISOString();
  await transaction(server.deps.db, async (trx) => {
    await applyDemoCategories(trx, DEMO_CATEGORIES, now);
    await catalog.insertProducts(
      trx,
      DEMO_PRODUCTS.slice(0, 6).map((p) => ({
        id: newId(),
        productName: p.productName,
        brandName: p.brandName,
        category: p.category,
        description: p.description,
        price: p.price,
        sellingPrice: p.sellingPrice,
        stock: p.stock,
        trackStock: true,
        images: [`/images/${p.key}-a.webp`],
        createdAt: now,
        updatedAt: now,
        demo: true,
        facts: demoFacts(p),
      })),
    );
  });
}, 120_000);

afterAll(async () => {
  images?.closeAllConnections();
  await new Promise<void>((resolve) => (images ? images.close(() => resolve()) : resolve()));
  await settleJobs();
  await server?.close();
});

const cookieOf = (client: HttpClient) => [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

async function upload(csv: string, zip?: Buffer | string): Promise<{ status: number; body: { uploadId?: string; picturesId?: string; error?: { message: string } } }> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(Buffer.from(csv, 'utf8'))]), 'pictures.csv');
  if (zip !== undefined) form.append('pictures', new Blob([new Uint8Array(typeof zip === 'string' ? Buffer.from(zip) : zip)]), 'pictures.zip');
  const res = await fetch(`${server.url}/admin/catalogue-import`, { method: 'POST', body: form, headers: { cookie: cookieOf(admin), origin: server.url } });
  return { status: res.status, body: (await res.json()) as never };
}

async function pollJob(jobId: string): Promise<ImportJob> {
  for (let i = 0; i < 400; i++) {
    const reply = await admin.trpc<ImportJob>('query', 'catalogIo.job', { jobId });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    if (reply.body.state !== 'running') return reply.body;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the job never ended');
}

const toCsv = (records: string[][]) => records.map((r) => r.map((c) => (/[",\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',')).join('\r\n') + '\r\n';

async function exported(): Promise<{ header: string[]; rows: string[][] }> {
  const res = await fetch(`${server.url}/admin/catalogue.csv`, { headers: { cookie: cookieOf(admin) } });
  const records: string[][] = parseCsvSync(Buffer.from(await res.arrayBuffer()).toString('utf8'), { bom: true, relax_column_count: true });
  return { header: records[0]!, rows: records.slice(1) };
}

describe('pictures by address and from a ZIP', () => {
  it('fetches and unpacks them in the dry run, reports each failure on its row and column, and applies the stored pictures', async () => {
    const { header, rows } = await exported();
    const col = (name: string) => header.indexOf(name);
    const edited = rows.map((r) => [...r]);
    const set = (i: number, column: string, value: string) => {
      edited[i]![col(column)] = value;
    };
    set(0, 'Image URLs', `${imagesUrl}/ok.png | ${imagesUrl}/moved`);
    set(1, 'Image URLs', `${imagesUrl}/missing.png`);
    set(2, 'Image URLs', `${imagesUrl}/page.html`);
    set(3, 'Image URLs', `${imagesUrl}/big`);
    set(4, 'Image URLs', 'Shots/Grey-1.JPG');
    set(5, 'Image URLs', 'evil.png | nothere.jpg');
    const zip = zipOf([
      { name: 'shots/grey-1.jpg', data: jpeg },
      { name: '../evil.png', data: png },
      { name: 'shots/', data: Buffer.alloc(0) },
    ]);
    const up = await upload(toCsv([header, ...edited]), zip);
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    expect(up.body.picturesId).toMatch(/^[a-f0-9]{32}$/);
    const input = { uploadId: up.body.uploadId, pictures: up.body.picturesId, mode: 'both', stock: 'set' };
    const run = await admin.trpc<ImportReport>('mutation', 'catalogIo.dryRun', input);
    expect(run.status, JSON.stringify(run.body)).toBe(200);
    expect(run.body.errors).toEqual([
      { row: 3, column: 'Image URLs', message: `${imagesUrl}/missing.png answered 404 Not Found` },
      { row: 4, column: 'Image URLs', message: `${imagesUrl}/page.html is not an image the shop takes (JPEG, PNG, WebP, GIF or AVIF)` },
      { row: 5, column: 'Image URLs', message: `${imagesUrl}/big is larger than 5 MB` },
      // The entry that climbs out of the archive is ignored, so its name is not in the ZIP.
      { row: 7, column: 'Image URLs', message: 'evil.png is not in the ZIP of pictures' },
      { row: 7, column: 'Image URLs', message: 'nothere.jpg is not in the ZIP of pictures' },
    ]);
    expect(run.body.errorRows).toBe(4);
    const change = run.body.changes.find((c) => c.row === 2)?.changes.find((c) => c.field === 'Image URLs');
    expect(change?.to).toMatch(new RegExp(`^${server.url}/images/[0-9a-f]+\\.webp \\| ${server.url}/images/[0-9a-f]+\\.webp$`));

    // The error rows' file says the same.
    const errors = await fetch(`${server.url}/admin/catalogue-import/${up.body.uploadId}/errors.csv?pictures=${up.body.picturesId}`, { headers: { cookie: cookieOf(admin) } });
    const errorRecords: string[][] = parseCsvSync(Buffer.from(await errors.arrayBuffer()).toString('utf8'), { bom: true, relax_column_count: true });
    expect(errorRecords.map((r) => r[0])).toEqual([
      'error',
      expect.stringContaining('answered 404'),
      expect.stringContaining('not an image'),
      expect.stringContaining('5 MB'),
      expect.stringContaining('evil.png'),
    ]);

    // Fixed (the failing rows as exported) and applied: the pictures are the stored ones, fetched once.
    const fixed = edited.map((r, i) => ((i >= 1 && i <= 3) || i === 5 ? [...rows[i]!] : r));
    const again = await upload(toCsv([header, ...fixed]), zip);
    const fixedInput = { uploadId: again.body.uploadId, pictures: again.body.picturesId, mode: 'both', stock: 'set' };
    const dry = await admin.trpc<ImportReport>('mutation', 'catalogIo.dryRun', fixedInput);
    expect(dry.body.errors).toEqual([]);
    const okHits = hits.get('/ok.png');
    const applied = await admin.trpc<ImportReport>('mutation', 'catalogIo.applyImport', fixedInput);
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(hits.get('/ok.png')).toBe(okHits); // the apply reused what its dry run stored

    const first = await server.deps.db.selectFrom('products').select(['images']).where('id', '=', rows[0]![col('Handle')]!).executeTakeFirstOrThrow();
    const stored = JSON.parse(first.images) as string[];
    expect(stored).toHaveLength(2);
    expect(stored[0]).toMatch(/^\/images\/[0-9a-f]+\.webp$/);
    expect(stored[1]).toBe(stored[0]); // the redirect led to the same picture
    const served = await fetch(`${server.url}${stored[0]}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    const fromZip = await server.deps.db.selectFrom('products').select(['images']).where('id', '=', rows[4]![col('Handle')]!).executeTakeFirstOrThrow();
    expect(JSON.parse(fromZip.images)).toEqual([expect.stringMatching(/^\/images\/[0-9a-f]+\.webp$/)]);

    // Re-importing the export now: the stored pictures read as unchanged.
    const now = await exported();
    const reup = await upload(toCsv([now.header, ...now.rows]));
    const same = await admin.trpc<ImportReport>('mutation', 'catalogIo.dryRun', { uploadId: reup.body.uploadId, mode: 'both', stock: 'set' });
    expect(same.body.changes).toEqual([]);
    expect(same.body.errors).toEqual([]);
  });

  it('a name without a ZIP, a ZIP that is not one: clear errors, never a 500', async () => {
    const { header, rows } = await exported();
    const row = [...rows[0]!];
    row[header.indexOf('Image URLs')] = 'front.jpg';
    const up = await upload(toCsv([header, row]));
    const run = await admin.trpc<ImportReport>('mutation', 'catalogIo.dryRun', { uploadId: up.body.uploadId, mode: 'both', stock: 'set' });
    expect(run.body.errors).toEqual([{ row: 2, column: 'Image URLs', message: 'front.jpg is a file name, but no ZIP of pictures was uploaded with the file' }]);

    const notZip = await upload(toCsv([header, row]), 'just text');
    expect(notZip.status).toBe(400);
    expect(notZip.body.error?.message).toMatch(/pictures file is not a ZIP/);
  });

  it('a job carries the ZIP: its dry run and apply take the pictures from it, and the job (found again after a reload) names it', async () => {
    const { header, rows } = await exported();
    const col = (name: string) => header.indexOf(name);
    const row = [...rows.find((r) => r[col('Archived')] === 'no')!];
    row[col('Image URLs')] = 'job/front.png';
    const up = await upload(toCsv([header, row]), zipOf([{ name: 'job/front.png', data: await twoTone(70, 50).png().toBuffer() }]));
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    const input = { uploadId: up.body.uploadId, pictures: up.body.picturesId, mode: 'both', stock: 'set' };

    const dry = await pollJob((await admin.trpc<{ jobId: string }>('mutation', 'catalogIo.startJob', { ...input, action: 'dryRun' })).body.jobId);
    expect(dry).toMatchObject({ state: 'done', action: 'dryRun', uploadId: up.body.uploadId, picturesId: up.body.picturesId, error: null });
    expect(dry.result?.errors).toEqual([]);
    const change = dry.result?.changes[0]?.changes.find((c) => c.field === 'Image URLs');
    expect(change?.to).toMatch(new RegExp(`^${server.url}/images/[0-9a-f]+\\.webp$`));

    const apply = await admin.trpc<{ jobId: string }>('mutation', 'catalogIo.startJob', { ...input, action: 'apply' });
    const applied = await pollJob(apply.body.jobId);
    expect(applied).toMatchObject({ state: 'done', action: 'apply', picturesId: up.body.picturesId, rowsWritten: 1 });
    const product = await server.deps.db.selectFrom('products').select(['images']).where('id', '=', row[col('Handle')]!).executeTakeFirstOrThrow();
    expect(JSON.parse(product.images)).toEqual([expect.stringMatching(/^\/images\/[0-9a-f]+\.webp$/)]);
    // After a reload the page asks for the current job: the ZIP's id comes with it (the error rows' link names it).
    const current = await admin.trpc<ImportJob | null>('query', 'catalogIo.currentJob');
    expect(current.body).toMatchObject({ jobId: apply.body.jobId, picturesId: up.body.picturesId });

    // Without a ZIP the job says so (null); a ZIP that is gone is a 404 naming it, and no job starts.
    const plain = await upload(toCsv([header, rows[0]!]));
    const none = await pollJob((await admin.trpc<{ jobId: string }>('mutation', 'catalogIo.startJob', { uploadId: plain.body.uploadId, action: 'dryRun' })).body.jobId);
    expect(none).toMatchObject({ state: 'done', picturesId: null });
    const gone = await admin.trpc<{ message: string; data: { fieldErrors: Record<string, string> } }>('mutation', 'catalogIo.startJob', {
      uploadId: plain.body.uploadId,
      pictures: newId(),
      action: 'dryRun',
    });
    expect(gone.status).toBe(404);
    expect(JSON.stringify(gone.body)).toContain('That ZIP of pictures is gone');
    expect(JSON.stringify(gone.body)).toContain('"pictures":"not found"');
    expect((await admin.trpc<ImportJob | null>('query', 'catalogIo.currentJob')).body?.jobId).toBe(none.jobId);
  });

  it('refuses private and loopback addresses unless the setting allows them', async () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
    ])
      expect(isPrivateAddress(address), address).toBe(true);
    for (const address of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8']) expect(isPrivateAddress(address), address).toBe(false);

    const opts = { allowPrivate: false, timeoutMs: 2000, maxBytes: 5 * 1024 * 1024, maxRedirects: 3 };
    await expect(fetchPicture(`${imagesUrl}/ok.png`, opts)).rejects.toThrow('is at a private or local network address (refused)');
    const port = (images.address() as AddressInfo).port;
    const refusedBefore = hits.get('/ok.png') ?? 0;
    // By name: the check is on the address the name resolves to.
    await expect(fetchPicture(`http://localhost:${port}/ok.png`, opts)).rejects.toThrow('is at a private or local network address (refused)');
    await expect(fetchPicture(`http://[::1]:${port}/ok.png`, opts)).rejects.toThrow('is at a private or local network address (refused)');
    expect(hits.get('/ok.png') ?? 0).toBe(refusedBefore); // never connected
    // Allowed: fetched, and a redirect followed.
    expect((await fetchPicture(`${imagesUrl}/moved`, { ...opts, allowPrivate: true })).equals(png)).toBe(true);
    await expect(fetchPicture(`${imagesUrl}/moved`, { ...opts, allowPrivate: true, maxRedirects: 0 })).rejects.toThrow('redirects more than 0 times');
    await expect(fetchPicture(`${imagesUrl}/slow`, { ...opts, allowPrivate: true, timeoutMs: 300 })).rejects.toThrow('did not answer within 1 s');
    await expect(fetchPicture('ftp://example.com/a.png', opts)).rejects.toThrow('is not an http or https address');
  });

  it('reads a ZIP within limits: too many entries or declared sizes (a bomb) refuse it whole; a lying entry cannot be read', async () => {
    const entries = [
      { name: 'a.png', data: png },
      { name: 'b.png', data: png },
      { name: 'c.png', data: png },
    ];
    await expect(openZipPictures(zipOf(entries), { maxZipEntries: 2, maxZipBytes: 1e9 })).rejects.toThrow('holds 3 files: at most 2');
    const bomb = zipOf([
      { name: 'a.png', data: png, declaredSize: 0xfffffff0 },
      { name: 'b.png', data: png, declaredSize: 0xfffffff0 },
    ]);
    await expect(openZipPictures(bomb)).rejects.toThrow(/unpacks to more than 1024 MB/);
    await expect(openZipPictures(Buffer.from('PK\u0003\u0004 but no archive'))).rejects.toThrow('not a ZIP archive');

    // An entry that unpacks to more than it declares.
    const liar = await openZipPictures(zipOf([{ name: 'liar.png', data: Buffer.alloc(100_000, 1), declaredSize: 10 }]));
    const found = liar.find('liar.png');
    expect('entry' in found).toBe(true);
    if ('entry' in found) await expect(liar.read(found.entry)).rejects.toThrow('cannot be read from the ZIP (damaged)');
    liar.close();
    // A declared size over the picture limit is refused before reading.
    const huge = await openZipPictures(zipOf([{ name: 'huge.png', data: png, declaredSize: 6 * 1024 * 1024 }]));
    const entry = huge.find('HUGE.png');
    if ('entry' in entry) await expect(huge.read(entry.entry)).rejects.toThrow('is larger than 5 MB');
    else expect.unreachable('huge.png is in the ZIP');
    huge.close();
  });

  it('fetches 4 at a time, at most the cap per import; the setting is off by default and the service honours it', async () => {
    const tokens = Array.from({ length: 10 }, (_, i) => `${imagesUrl}/many/${i}`);
    const results = await resolvePictures({ tokens, zip: null, store: server.deps.images, allowPrivate: true, cacheKey: 'cap-test', limits: { maxPictures: 8 } });
    expect(mostInFlight).toBe(4);
    const answers = tokens.map((t) => results.get(t));
    expect(answers.slice(0, 8).every((a) => a !== undefined && 'url' in a)).toBe(true);
    expect(answers.slice(8)).toEqual([
      { error: 'was not fetched: one import takes at most 8 pictures (import the rest in another file)' },
      { error: 'was not fetched: one import takes at most 8 pictures (import the rest in another file)' },
    ]);

    expect(loadEnv({}).IMPORT_FETCH_PRIVATE).toBe(false);
    const { header, rows } = await exported();
    const row = [...rows[0]!];
    row[header.indexOf('Image URLs')] = `${imagesUrl}/ok.png?fresh`;
    const up = await upload(toCsv([header, row]));
    const strict = { ...server.deps, env: { ...server.deps.env, IMPORT_FETCH_PRIVATE: false } };
    const run = await dryRun(strict, { uploadId: up.body.uploadId!, mode: 'both', stock: 'set' });
    expect(run.errors).toEqual([{ row: 2, column: 'Image URLs', message: `${imagesUrl}/ok.png?fresh is at a private or local network address (refused)` }]);
  });
});

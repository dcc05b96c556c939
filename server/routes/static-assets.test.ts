import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { startTestServer, type TestServer } from '../testing/test-server';

/*
 * The build's scripts as a browser downloads them: the build writes brotli and gzip copies
 * beside each one (vite.config.ts), and the shop sends the smallest the browser accepts, the
 * bytes counted on the wire (not decoded), as `npm run bench:web` counts a phone's download.
 */

let server: TestServer;
let shop: http.Server;
let port: number;
const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{id:${i},name:"row ${i}"}`).join(',')}];\n`;
const brotli = zlib.brotliCompressSync(script, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } });
const gzip = zlib.gzipSync(script, { level: 9 });
// A stylesheet the build left without copies is still compressed, on the fly.
const style = `.a{color:red}\n`.repeat(200);

beforeAll(async () => {
  server = await startTestServer();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'voltmart-assets-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
  fs.writeFileSync(path.join(dir, 'assets', 'app-1a2b.js'), script);
  fs.writeFileSync(path.join(dir, 'assets', 'app-1a2b.js.br'), brotli);
  fs.writeFileSync(path.join(dir, 'assets', 'app-1a2b.js.gz'), gzip);
  fs.writeFileSync(path.join(dir, 'assets', 'plain-3c4d.css'), style);
  shop = http.createServer(createApp(server.deps, { client: { kind: 'static', dir } }));
  await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
  port = (shop.address() as AddressInfo).port;
});

afterAll(async () => {
  shop.closeAllConnections();
  await new Promise((resolve) => shop.close(resolve));
  await server.close();
});

/** A GET whose body is counted as it arrives, undecoded. */
function download(pathname: string, acceptEncoding?: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path: pathname, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (reply) => {
      const chunks: Buffer[] = [];
      reply.on('data', (chunk: Buffer) => chunks.push(chunk));
      reply.on('end', () => resolve({ status: reply.statusCode ?? 0, headers: reply.headers, body: Buffer.concat(chunks) }));
      reply.on('error', reject);
    });
    request.on('error', reject);
  });
}

const CHROMIUM = 'gzip, deflate, br, zstd';

describe('build assets', () => {
  it('a browser that accepts brotli gets the brotli copy, cached for a year', async () => {
    const reply = await download('/assets/app-1a2b.js', CHROMIUM);
    expect(reply.status).toBe(200);
    expect(reply.headers['content-encoding']).toBe('br');
    expect(reply.headers['content-type']).toMatch(/javascript/);
    expect(reply.headers.vary).toMatch(/Accept-Encoding/i);
    expect(reply.headers['cache-control']).toMatch(/immutable/);
    expect(reply.body.length).toBe(brotli.length);
    expect(zlib.brotliDecompressSync(reply.body).toString()).toBe(script);
  });

  it('one that accepts only gzip gets the gzip copy, and one that asks for nothing the file itself', async () => {
    const gz = await download('/assets/app-1a2b.js', 'gzip, deflate');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString()).toBe(script);
    const plain = await download('/assets/app-1a2b.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
  });

  it('a file the build left uncompressed is compressed on the fly; a missing one is 404', async () => {
    const css = await download('/assets/plain-3c4d.css', CHROMIUM);
    expect(css.status).toBe(200);
    expect(css.headers['content-encoding']).toMatch(/^(br|gzip)$/);
    expect(css.body.length).toBeLessThan(style.length / 4);
    expect((await download('/assets/missing-0000.js', CHROMIUM)).status).toBe(404);
  });
});

import fs from 'node:fs';
import http from 'node:http';
import { expect } from 'vitest';
import type { HttpReply } from '../testing/test-server';
import { HttpClient } from '../testing/test-server';

/** Helpers shared by the attack suites (access control, injection, uploads, CSRF/CORS/headers). */

export type Envelope<T = unknown> = { success: boolean; error: boolean; message: string; data: T; fieldErrors?: Record<string, string> };

/** What HttpClient.trpc returns as the body of a failed call (tRPC's `error` object). */
export type TrpcError = {
  message: string;
  code: number | string;
  data: { code?: string; httpStatus: number; path?: string; appCode?: string; fieldErrors?: Record<string, string> | null };
};

export const NOT_SIGNED_IN = 'Please Login...!';
export const NOT_ADMIN = 'Permission denied: this needs an admin account.';
export const CROSS_SITE_REFUSED = 'Cross-site request refused: it must come from the shop itself.';
export const SEND_JSON = 'Send the request body as application/json.';

/** Text that must never reach a client: a stack frame, a source path, the driver's codes or SQL. */
const LEAK = /\bat \S+ \(|\.ts:\d+|node_modules|SQLITE_|better-sqlite3|\bselect\b[^"]*\bfrom\b|\binsert into\b|\bdelete from\b|"stack"/i;

/** The reply body says nothing about the server's insides. */
export function expectNoLeak(reply: HttpReply<unknown>): void {
  const text = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
  expect(text).not.toMatch(LEAK);
}

/**
 * An /api refusal: the status, the contract's envelope (data `[]` or `null`; `undefined` leaves
 * `data` to a test of its own) and the message.
 */
export function expectApiRefusal(reply: HttpReply<unknown>, status: number, message: string | RegExp, data: [] | null | undefined): void {
  expect(reply.status).toBe(status);
  const body = reply.body as Envelope;
  expect(body).toMatchObject({ success: false, error: true });
  if (data !== undefined) expect(body.data).toEqual(data);
  if (typeof message === 'string') expect(body.message).toBe(message);
  else expect(body.message).toMatch(message);
  expectNoLeak(reply);
}

/** A /trpc refusal as HttpClient.trpc returns it (the body is tRPC's `error`). */
export function expectTrpcRefusal(reply: HttpReply<unknown>, status: number, message: string | RegExp): void {
  expect(reply.status).toBe(status);
  const error = reply.body as TrpcError;
  expect(error.data.httpStatus).toBe(status);
  if (typeof message === 'string') expect(error.message).toBe(message);
  else expect(error.message).toMatch(message);
  expect(JSON.stringify(error)).not.toContain('"result"');
  expectNoLeak(reply);
}

/** A client that carries `victim`'s cookies but says it comes from `origin`: a cookie-riding page elsewhere. */
export function crossSite(victim: HttpClient, origin: string | null): HttpClient {
  const attacker = new HttpClient(victim.baseUrl, { origin });
  for (const [name, value] of victim.cookies) attacker.cookies.set(name, value);
  return attacker;
}

export type RawReply = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/**
 * A request whose path goes out byte for byte (fetch would resolve `..` and `%2e%2e` first,
 * which is exactly what a traversal attempt must not be spared).
 */
export function rawRequest(baseUrl: string, rawPath: string, init: { method?: string; headers?: Record<string, string>; body?: Buffer | string } = {}): Promise<RawReply> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, path: rawPath, method: init.method ?? 'GET', headers: init.headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    if (init.body !== undefined) req.write(init.body);
    req.end();
  });
}

/** Every entry of a folder, recursively, as sorted relative paths (sub-folders end in `/`). */
export function listFolder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .map((entry) => {
      const relative = `${entry.parentPath.slice(dir.length).replace(/^[/\\]/, '')}${entry.parentPath === dir ? '' : '/'}${entry.name}`;
      return entry.isDirectory() ? `${relative}/` : relative;
    })
    .sort();
}

/** Wall time of an async call, in ms. */
export async function timed<T>(run: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await run();
  return { result, ms: performance.now() - started };
}

import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDeliveryAddress, launchBrowser, ROOT, VIEWPORTS } from './harness';

/*
 * A newcomer's first run: `npm start` with its defaults (only DATA_DIR, so the repository's own
 * data/ is left alone, and a free PORT, so a busy 3000 cannot fail the run), then everything from
 * the URL it prints: sign in with the printed admin login, fill the cart, pay on the built-in
 * test checkout, and come back to /success still signed in. Before PUBLIC_URL's default was
 * derived from HOST and PORT, the payment page returned shoppers to localhost while they had
 * signed in at 127.0.0.1, and /success said "We could not confirm this payment" under a Login
 * link.
 */

let child: ChildProcess;
let stdout = '';
let dataDir: string;
let browser: Browser;

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'voltmart-first-run-'));
  const port = await freePort();
  // What `npm start` runs; the environment holds nothing of the shop's but DATA_DIR and PORT.
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(HOST|PUBLIC_URL|NODE_ENV|SEED|ADMIN_|STRIPE_|SESSION_SECRET|DATABASE_URL|CORS_)/.test(name)));
  child = spawn(process.execPath, [path.join(ROOT, 'scripts', 'start.mjs')], {
    cwd: ROOT,
    env: { ...env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  const deadline = Date.now() + 240_000;
  while (!/Payments: /.test(stdout)) {
    if (child.exitCode !== null) throw new Error(`npm start exited ${child.exitCode}:\n${stdout}`);
    if (Date.now() > deadline) throw new Error(`npm start printed no URL in time:\n${stdout}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('first run', () => {
  it('signs in at the printed URL, pays on the test checkout and comes back to /success still signed in', async () => {
    const url = /Voltmart is running at (\S+)/.exec(stdout)?.[1] ?? '';
    const [, email = '', password = ''] = /Admin login: (\S+) \/ (\S+)/.exec(stdout) ?? [];
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(email).toBe('admin@localhost');

    const context = await browser.newContext({ viewport: VIEWPORTS.phone, isMobile: true, hasTouch: true, locale: 'en-IN', timezoneId: 'Asia/Kolkata' });
    context.setDefaultTimeout(20_000);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    await page.goto(`${url}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.getByRole('button', { name: /^Account menu for / }).waitFor();

    await page.getByRole('region', { name: "Popular's Watches" }).getByRole('button', { name: 'Add to Cart' }).first().click();
    await page.getByRole('link', { name: 'Cart, 1 item' }).waitFor();
    await page.goto(`${url}/cart`);
    await page.getByRole('button', { name: 'Payment' }).click();
    await page.waitForURL('**/checkout');
    await addDeliveryAddress(page, 'First Shopper');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.waitForURL('**/test-checkout/**');
    // The payment page is on the printed address, where the session cookie lives.
    expect(new URL(page.url()).origin).toBe(url);
    await page.getByRole('button', { name: 'Pay (test)' }).click();
    await page.waitForURL('**/success?session_id=**');
    expect(new URL(page.url()).origin).toBe(url);
    await page.getByRole('heading', { name: 'Payment Successfully' }).waitFor();
    await page.getByRole('button', { name: /^Account menu for / }).waitFor();
    await page.getByRole('link', { name: 'Cart, 0 items' }).waitFor();
    expect(await page.getByRole('link', { name: 'Login' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

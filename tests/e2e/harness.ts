import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { luhnValid } from '../../shared/schemas/shipping';

/*
 * Browser-test harness. It builds nothing: `npm run build` must have produced dist/ (the
 * production client the server serves). Each suite starts the real production server with a
 * fresh DATA_DIR and the demo seed, drives Debian's Chromium against it, and collects every
 * console error so a journey can assert there were none.
 */

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const RESULTS_DIR = path.join(ROOT, 'test-results');
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const ADMIN_EMAIL = 'admin@voltmart.test';
export const ADMIN_PASSWORD = 'admin-password-e2e';

export const VIEWPORTS = {
  phone: { width: 375, height: 812 },
  tablet: { width: 768, height: 1024 },
  desktop: { width: 1440, height: 900 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

export interface ShopServer {
  url: string;
  dataDir: string;
  /** Everything the server printed, for failure messages. */
  output(): string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

function assertBuilt(): void {
  if (!fs.existsSync(path.join(ROOT, 'dist', 'index.html'))) {
    throw new Error('dist/index.html is missing: run `npm run build` before the browser tests.');
  }
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The shop server exited with code ${child.exitCode}:\n${output()}`);
    try {
      const reply = await fetch(`${url}/healthz`);
      if (reply.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The shop server did not answer /healthz within ${timeoutMs} ms:\n${output()}`);
}

/**
 * Starts `tsx server/index.ts` on 127.0.0.1 with its own temp DATA_DIR, the demo seed, the
 * built-in test checkout and a known admin account, and waits until /healthz answers.
 */
export async function startShop(opts: { env?: Record<string, string>; dataDir?: string } = {}): Promise<ShopServer> {
  assertBuilt();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // A given data directory belongs to the caller (a restart test) and is kept on stop.
  const ownDataDir = opts.dataDir === undefined;
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'voltmart-e2e-'));
  // E2E_DATA_TEMPLATE: a data directory of an already seeded shop, copied into the fresh one
  // so repeated local runs skip the demo seed's image generation. Unset in CI.
  const template = process.env.E2E_DATA_TEMPLATE;
  if (ownDataDir && template) fs.cpSync(template, dataDir, { recursive: true });
  let log = '';
  const child = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), ['server/index.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      SEED: 'demo',
      ALLOW_TEST_PAYMENTS: '1',
      SESSION_SECRET: 'e2e-session-secret-that-is-long-enough-0123456789',
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      STRIPE_SECRET_KEY: '',
      STRIPE_WEBHOOK_SECRET: '',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const output = () => log;

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    if (ownDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(url, child, output, 90_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, dataDir, output, stop };
}

export async function launchBrowser(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(`${CHROMIUM_PATH} is missing: install Debian's chromium (apt-get install -y chromium).`);
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync', '--disable-quic'],
  });
}

export interface ShopPage {
  page: Page;
  context: BrowserContext;
  /** Console errors and uncaught page errors seen so far. */
  consoleErrors: string[];
  /** Saves a full-page screenshot into test-results/ and returns its path. */
  screenshot(name: string): Promise<string>;
  close(): Promise<void>;
}

/** A fresh browser context (own cookies) at one of the standard viewports, on the shop's origin. */
export async function openShopPage(browser: Browser, shop: ShopServer, viewport: ViewportName, opts: { javaScript?: boolean; userAgent?: string } = {}): Promise<ShopPage> {
  const context = await browser.newContext({
    javaScriptEnabled: opts.javaScript ?? true,
    ...(opts.userAgent ? { userAgent: opts.userAgent } : {}),
    baseURL: shop.url,
    viewport: VIEWPORTS[viewport],
    deviceScaleFactor: 1,
    isMobile: viewport === 'phone',
    hasTouch: viewport === 'phone',
    locale: 'en-IN',
    timezoneId: 'Asia/Kolkata',
  });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  if (opts.javaScript ?? true) {
    // A server-rendered page shows before its script runs; a test acts on it once it runs
    // (src/main.tsx marks <html data-app-ready>), as a shopper's tap before then does nothing.
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      // Only the app's pages (the test checkout page, say, has no #root and no app).
      if ((await page.locator('#root').count()) > 0) await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
      return response;
    };
  }
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(`${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => consoleErrors.push(`pageerror: ${error.message}`));
  return {
    page,
    context,
    consoleErrors,
    async screenshot(name: string) {
      fs.mkdirSync(RESULTS_DIR, { recursive: true });
      const file = path.join(
        RESULTS_DIR,
        `${name
          .replace(/[^a-z0-9-]+/gi, '-')
          .replace(/^-|-$/g, '')
          .toLowerCase()}.png`,
      );
      await page.screenshot({ path: file, fullPage: true });
      return file;
    },
    close: () => context.close(),
  };
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

let axeSource: string | undefined;

/**
 * Runs axe-core in the page and returns its serious and critical violations (an empty list
 * is a pass). axe comes from node_modules, so nothing is fetched from the network. The shop's
 * CSP forbids inline scripts, which is what `page.addScriptTag` would add, so the source is
 * evaluated through the DevTools protocol instead (CSP does not apply there) and the page's
 * own policy stays in force for everything the test checks.
 */
export async function seriousA11yViolations(page: Page): Promise<AxeViolation[]> {
  // Checked as the page rests: a toast still fading in has the contrast of its half-way opacity.
  // Finite animations and transitions are awaited (2 s at most); endless ones (spinners) are not.
  await page.evaluate(async () => {
    const finite = document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.race([Promise.all(finite.map((animation) => animation.finished.catch(() => undefined))), new Promise((resolve) => setTimeout(resolve, 2000))]);
  });
  const hasAxe = await page.evaluate(() => 'axe' in window);
  if (!hasAxe) {
    axeSource ??= fs.readFileSync(path.join(ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8');
    await page.evaluate(axeSource);
  }
  const violations = await page.evaluate(async () => {
    type AxeResult = {
      violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[];
    };
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResult> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => JSON.stringify(n.target)) }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** Fails with a readable list when a page has serious or critical accessibility problems. */
export function describeViolations(violations: readonly AxeViolation[]): string {
  return violations.map((v) => `${v.impact} ${v.id}: ${v.help}\n    ${v.nodes.slice(0, 5).join('\n    ')}`).join('\n');
}

/** True when the page scrolls sideways (something is wider than the viewport). */
export async function hasHorizontalOverflow(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1);
}

/** Signs the seeded owner (ADMIN_EMAIL) in through the login page, and waits for the signed-in header. */
export async function signInAsOwner(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(ADMIN_EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.getByRole('button', { name: /^Account menu for / }).waitFor();
}

/** Fills the built-in payment page's delivery address (it asks when the order came from the legacy checkout without one). */
export async function fillTestCheckoutAddress(page: Page): Promise<void> {
  await page.getByLabel('Full name').fill('Asha Rao');
  await page.getByLabel('Address line 1').fill('12 MG Road');
  await page.getByLabel('City').fill('Bengaluru');
  await page.getByLabel('State or union territory').selectOption('29');
  await page.getByLabel('PIN code').fill('560001');
}

/** Fills the address step's new-address form (a Bengaluru address) and saves it; the saved address is then chosen. */
export async function addDeliveryAddress(page: Page, name: string, phone = '9876543210'): Promise<void> {
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('Mobile number').fill(phone);
  await page.getByLabel('Address line 1').fill('12 MG Road');
  await page.getByLabel('City').fill('Bengaluru');
  await page.getByLabel('State or union territory').selectOption('29');
  await page.getByLabel('PIN code').fill('560001');
  await page.getByRole('button', { name: 'Save address' }).click();
  await page.getByRole('radio', { name: /12 MG Road/ }).waitFor();
}

/** A valid IMEI (15 digits, Luhn check digit) made from `n`, for packing a phone in Pack & ship. */
export function validImei(n: number): string {
  const body = `35${String(n).padStart(12, '0')}`;
  for (let d = 0; d <= 9; d++) if (luhnValid(`${body}${d}`)) return `${body}${d}`;
  throw new Error('unreachable: one check digit always fits');
}

/**
 * Checks a page as a person would meet it: no serious or critical accessibility problem and
 * nothing scrolling sideways; then takes its full-page screenshot (returns the file).
 */
export async function expectHealthy(shopPage: ShopPage, label: string): Promise<string> {
  const violations = await seriousA11yViolations(shopPage.page);
  expect(violations, `${label}: axe found\n${describeViolations(violations)}`).toEqual([]);
  expect(await hasHorizontalOverflow(shopPage.page), `${label}: the page scrolls sideways`).toBe(false);
  return shopPage.screenshot(label);
}

/**
 * A page signed in as `email` (through /api/signin), at the viewport's size or at `size`; pushed
 * onto `track` when given, for the suite's afterAll to close.
 */
export async function openSignedIn(
  browser: Browser,
  shop: ShopServer,
  account: { email: string; password: string },
  viewport: ViewportName,
  opts: { size?: { width: number; height: number }; track?: ShopPage[] } = {},
): Promise<ShopPage> {
  const shopPage = await openShopPage(browser, shop, viewport);
  opts.track?.push(shopPage);
  if (opts.size) await shopPage.page.setViewportSize(opts.size);
  const reply = await shopPage.page.request.post('/api/signin', { data: account });
  expect(reply.status(), await reply.text()).toBe(200);
  return shopPage;
}

/** A tRPC call from the page, with its cookies: the reply's data (or the test fails with the error). */
export async function trpcFrom<T>(page: Page, type: 'query' | 'mutation', procedure: string, input?: unknown): Promise<T> {
  const reply =
    type === 'query'
      ? await page.request.get(`/trpc/${procedure}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`)
      : await page.request.post(`/trpc/${procedure}`, { data: input ?? {} });
  const body = (await reply.json()) as { result?: { data: T }; error?: unknown };
  expect(reply.status(), JSON.stringify(body.error)).toBe(200);
  return body.result!.data;
}

export type DemoProduct = { _id: string; productName: string; sellingPrice: number; stock: number };

/** A demo product of `category` whose name matches `name`, in stock. */
export async function demoProduct(page: Page, category: string, name: RegExp): Promise<DemoProduct> {
  const list = await trpcFrom<{ items: DemoProduct[] }>(page, 'query', 'catalog.byCategory', { category, limit: 48 });
  const found = list.items.find((p) => name.test(p.productName) && p.stock > 0);
  if (!found) throw new Error(`no ${String(name)} in ${category}`);
  return found;
}

/** The id of a product's variant by its SKU. */
export async function variantIdBySku(page: Page, productId: string, sku: string): Promise<string> {
  const details = await trpcFrom<{ variants: { _id: string; sku: string }[] }>(page, 'query', 'catalog.details', { productId });
  const found = details.variants.find((v) => v.sku === sku);
  if (!found) throw new Error(`no variant ${sku}`);
  return found._id;
}

/** Buys these lines on the built-in test checkout (paid at once), as the signed-in page's shopper; returns the order's id. */
export async function buyWithTestCheckout(page: Page, lines: { productId: string; variantId?: string }[]): Promise<string> {
  for (const line of lines) expect((await page.request.post('/api/addtocart', { data: line })).status()).toBe(200);
  const started = await page.request.post('/api/checkout', { data: { cartItems: [] } });
  expect(started.status(), await started.text()).toBe(200);
  const { url, data: orderId } = (await started.json()) as { url: string; data: string };
  await page.goto(url);
  await fillTestCheckoutAddress(page);
  await page.getByRole('button', { name: 'Pay (test)' }).click();
  await page.waitForURL((u) => u.pathname === '/success');
  return orderId;
}

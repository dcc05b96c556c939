// The writer of `npm run bench`'s mixed scenario, in its own process so its work neither slows
// nor skews autocannon's clock. Each of `sellers` signed-in shoppers completes sales one after
// another, the way a browser would: add a product to the cart (POST /api/addtocart), start
// checkout (POST /api/checkout), open the built-in TEST payment page it is sent to, and press
// Pay there (the page's form post, with the Origin a browser sends). So `sellers` sales are
// always in flight, and every one takes a unit of stock.
//
// IPC, parent -> writer: { type: 'setup', urls, productIds, sellers } | { type: 'start' } | { type: 'count' } | { type: 'stop' }
//        writer -> parent: { type: 'ready' } | { type: 'count', sales, failures } | { type: 'stopped', ...WriterReport }
import { setTimeout as sleep } from 'node:timers/promises';

/** `urls`: the shop's app processes; seller i shops at urls[i % urls.length]. */
export type WriterSetup = { type: 'setup'; urls: string[]; productIds: string[]; sellers: number; salesPerSecond: number };
export type WriterCommand = WriterSetup | { type: 'start' } | { type: 'count' } | { type: 'stop' };
export type WriterReport = {
  /** Sales completed (Pay answered 303) since start. */
  sales: number;
  failures: number;
  /** The first few failures, for the bench's output. */
  firstFailures: string[];
  /** Whole-sale times in ms (four requests each). */
  saleP50: number;
  saleP99: number;
};
export type WriterEvent = { type: 'ready' } | { type: 'count'; sales: number; failures: number } | ({ type: 'stopped' } & WriterReport);

const TIMEOUT_MS = 30_000;

/** One shopper's session: a cookie jar of one cookie, kept up to date from every reply. */
class Shopper {
  private cookie = '';
  constructor(private readonly origin: string) {}

  async request(path: string, init: RequestInit & { form?: string; json?: unknown } = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookie) headers.set('cookie', this.cookie);
    let body = init.body;
    if (init.json !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(init.json);
    } else if (init.form !== undefined) {
      headers.set('content-type', 'application/x-www-form-urlencoded');
      body = init.form;
    }
    const res = await fetch(this.origin + path, { ...init, headers, body, redirect: 'manual', signal: AbortSignal.timeout(TIMEOUT_MS) });
    for (const set of res.headers.getSetCookie()) {
      const pair = set.split(';')[0] ?? '';
      if (pair.startsWith('voltmart_session=')) this.cookie = pair.endsWith('=') ? '' : pair;
    }
    return res;
  }

  async json(path: string, json: unknown): Promise<Record<string, unknown>> {
    const res = await this.request(path, { method: 'POST', json });
    const body = (await res.json()) as Record<string, unknown>;
    if (!res.ok || body.success !== true) throw new Error(`${path}: ${res.status} ${String(body.message)}`);
    return body;
  }
}

async function signUp(origin: string, index: number): Promise<Shopper> {
  const shopper = new Shopper(origin);
  const email = `bench-shopper-${index}@example.com`;
  const password = 'bench-shopper-password';
  await shopper.json('/api/signup', { name: `Bench shopper ${index}`, email, password, confirmPassword: password });
  await shopper.json('/api/signin', { email, password });
  return shopper;
}

const unescapeHtml = (text: string) => text.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));

/** The delivery address a bench shopper types on the payment page (the test checkout's field names). */
const BENCH_ADDRESS = { name: 'Bench Shopper', line1: '12 MG Road', line2: '', city: 'Bengaluru', state: '29', pin: '560001' };

/** One sale, as a browser makes it. Returns once Pay has answered with its redirect to /success. */
async function sell(shopper: Shopper, origin: string, productId: string): Promise<void> {
  await shopper.json('/api/addtocart', { productId });
  const started = await shopper.json('/api/checkout', {});
  if (typeof started.url !== 'string') throw new Error('/api/checkout: no payment page url');
  const pageUrl = new URL(started.url);
  const page = await shopper.request(pageUrl.pathname);
  const html = await page.text();
  if (page.status !== 200) throw new Error(`${pageUrl.pathname}: ${page.status}`);
  // The form the Pay button submits, with the delivery option the page has checked.
  const action = /<form method="post" action="([^"]+\/pay)">/.exec(html)?.[1];
  const shipping = /name="shipping" value="([^"]+)" checked/.exec(html)?.[1] ?? /name="shipping" value="([^"]+)"/.exec(html)?.[1];
  if (!action || !shipping) throw new Error(`${pageUrl.pathname}: no Pay form`);
  // The legacy checkout carries no address: its payment page asks for one, as a shopper types it.
  const address = html.includes('name="line1"') ? BENCH_ADDRESS : {};
  const pay = await shopper.request(unescapeHtml(action), {
    method: 'POST',
    form: new URLSearchParams({ shipping: unescapeHtml(shipping), ...address }).toString(),
    // What Chromium sends with the form post under the page's Referrer-Policy: same-origin.
    headers: { origin, referer: origin + pageUrl.pathname },
  });
  await pay.arrayBuffer();
  if (pay.status !== 303 || !(pay.headers.get('location') ?? '').includes('/success?session_id=')) throw new Error(`Pay: ${pay.status}`);
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

let setup: WriterSetup | undefined;
let shoppers: Shopper[] = [];
let running = false;
let lanes: Promise<void>[] = [];
const state = { sales: 0, failures: 0, firstFailures: [] as string[], saleMs: [] as number[] };

/** When the next sale may start, with salesPerSecond set: sales start evenly spaced, whichever lane is free. */
let nextStart = 0;

async function paced(config: WriterSetup): Promise<void> {
  if (!(config.salesPerSecond > 0)) return;
  const now = performance.now();
  const at = Math.max(now, nextStart);
  nextStart = at + 1000 / config.salesPerSecond;
  if (at > now) await sleep(at - now);
}

async function lane(index: number, shopper: Shopper, config: WriterSetup): Promise<void> {
  // Lanes start at different products and step by the number of lanes: every product sells.
  for (let k = index; running; k += config.sellers) {
    await paced(config);
    if (!running) break;
    const productId = config.productIds[k % config.productIds.length] ?? '';
    const started = performance.now();
    try {
      await sell(shopper, config.urls[index % config.urls.length] ?? '', productId);
      state.sales++;
      state.saleMs.push(performance.now() - started);
    } catch (error) {
      state.failures++;
      if (state.firstFailures.length < 5) state.firstFailures.push(error instanceof Error ? error.message : String(error));
      await sleep(100);
    }
  }
}

function send(event: WriterEvent): void {
  process.send?.(event);
}

process.on('message', (message: WriterCommand) => {
  void (async () => {
    if (message.type === 'setup') {
      setup = message;
      const { urls } = message;
      shoppers = await Promise.all(Array.from({ length: message.sellers }, (_, i) => signUp(urls[i % urls.length] ?? '', i + 1)));
      send({ type: 'ready' });
    } else if (message.type === 'start' && setup) {
      const config = setup;
      running = true;
      lanes = shoppers.map((shopper, i) => lane(i, shopper, config));
    } else if (message.type === 'count') {
      send({ type: 'count', sales: state.sales, failures: state.failures });
    } else if (message.type === 'stop') {
      running = false;
      // Sales in flight finish: none is left half-done with its stock reserved.
      await Promise.all(lanes);
      const sorted = [...state.saleMs].sort((a, b) => a - b);
      send({ type: 'stopped', sales: state.sales, failures: state.failures, firstFailures: state.firstFailures, saleP50: percentile(sorted, 50), saleP99: percentile(sorted, 99) });
    }
  })().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
});
process.on('disconnect', () => process.exit(0));

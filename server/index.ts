import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import { EnvError, loadEnv, withListeningPort, type Env } from './env';
import { buildDeps, closeDeps } from './deps';
import { createApp, type ClientMode } from './app';
import { ensureAdmin, type AdminBootstrap } from './features/account/account.service';
import { startBackgroundJobs } from './jobs';
import { collectWhenIdle } from './idle-gc';
import { countProducts } from './features/catalog/catalog.service';
import { seedDemoInChildProcess } from './seed/demo-seed-process';

/**
 * Entry: parse settings, take the port (before anything is written, so a start that cannot
 * listen leaves no trace), open and migrate the database, make sure an admin exists, seed an
 * empty shop, serve, and close cleanly on SIGTERM/SIGINT.
 */
export async function main(opts: { client?: ClientMode } = {}): Promise<void> {
  const parsed = readEnvOrExit();
  const client = opts.client ?? staticClient();

  // Requests that arrive while the shop is still getting ready (migrations, the demo seed) get
  // a 503 instead of a refused connection.
  const ready: { app?: Express } = {};
  let served = 0;
  const server = http.createServer((req, res) => {
    served++;
    if (ready.app) return void ready.app(req, res);
    res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8', 'retry-after': '5' }).end('Voltmart is starting. Try again in a few seconds.');
  });
  const port = await listenOrExit(server, parsed.PORT, parsed.HOST);
  const env = withListeningPort(parsed, port);

  const deps = await buildDeps(env);
  const admin = await ensureAdmin(deps);
  // SEED=demo fills an empty shop only; a shop with any product is never touched. The seed's
  // image work runs in a child process so its memory is not this process's for good.
  if (env.SEED === 'demo' && (await countProducts(deps.db)) === 0) {
    const started = Date.now();
    const seeded = await seedDemoInChildProcess(env);
    if (seeded.seeded) console.log(`Seeded the demo catalogue: ${seeded.products} products and ${seeded.banners} banners in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  ready.app = createApp(deps, { client });
  const stopJobs = startBackgroundJobs(deps);
  const stopIdleCollector = collectWhenIdle(() => served);

  const lines = [`Voltmart is running at ${env.PUBLIC_URL}`];
  if (!env.publicUrlExplicit && env.HOST !== '127.0.0.1' && env.HOST !== 'localhost') {
    lines.push(`(listening on ${env.HOST}:${port}; set PUBLIC_URL to the address shoppers use, or they will be signed out on payment)`);
  }
  lines.push(adminLine(admin));
  const providerKinds = deps.providers.online.map((p) => p.kind);
  lines.push(paymentsLine(providerKinds, env.PUBLIC_URL));
  if (!env.SMTP_URL) lines.push(`Mail: not sent (no SMTP_URL); read it in the admin panel at ${env.PUBLIC_URL}/admit-panel/mail`);
  console.log(lines.join('\n'));

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    deps.log.info({ signal }, 'shutting down');
    stopJobs();
    stopIdleCollector();
    // Stop accepting, let requests in flight finish, then close the database.
    server.close(() => {
      void closeDeps(deps).then(() => process.exit(0));
    });
    server.closeIdleConnections();
    setTimeout(() => {
      deps.log.warn('requests still open after 10 s; closing them');
      server.closeAllConnections();
    }, 10_000).unref();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

function adminLine(admin: AdminBootstrap): string {
  if (admin.kind === 'generated') return `Admin login: ${admin.email} / ${admin.password}  (also saved in ${admin.credentialsFile}; shown only once)`;
  if (admin.kind === 'created-from-env') return `Admin login: ${admin.email} with the password from ADMIN_PASSWORD`;
  const saved = admin.credentialsFile ? `: the generated password is in ${admin.credentialsFile}` : ' (see README.md to reset it)';
  return `Admin login: ${admin.email}${saved}`;
}

/** Binds the port, or stops the start with one line naming the problem (nothing has been written yet). */
async function listenOrExit(server: http.Server, port: number, host: string): Promise<number> {
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') console.error(`Port ${port} is in use: set PORT`);
    else if (code === 'EACCES') console.error(`Port ${port} needs more privileges than this user has: set PORT (above 1024)`);
    else if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') console.error(`Cannot listen on ${host}: set HOST to an address of this machine`);
    else console.error(`Cannot listen on ${host}:${port}: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  return (server.address() as AddressInfo).port;
}

/** The start-up line naming the payment providers configured, and where each one's webhook goes. */
function paymentsLine(kinds: readonly string[], publicUrl: string): string {
  if (kinds.length === 1 && kinds[0] === 'test') return 'Payments: built-in TEST checkout (no card is charged). Set STRIPE_SECRET_KEY for real payments.';
  const named: Record<string, string> = {
    stripe: `Stripe Checkout (webhook ${publicUrl}/api/webhook)`,
    razorpay: `Razorpay Payment Links (webhook ${publicUrl}/api/razorpay/webhook)`,
  };
  return `Payments: ${kinds.map((kind) => named[kind] ?? kind).join('; ')}`;
}

function readEnvOrExit(): Env {
  // An optional .env file next to package.json; real environment variables win.
  const dotenv = path.resolve('.env');
  if (fs.existsSync(dotenv)) process.loadEnvFile(dotenv);
  try {
    return loadEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

function staticClient(): ClientMode {
  const dir = path.resolve('dist');
  if (!fs.existsSync(path.join(dir, 'index.html'))) {
    console.error('The client is not built: run `npm run build` (npm start does it for you).');
    process.exit(1);
  }
  return { kind: 'static', dir };
}

const isEntry = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.dirname, 'index.ts');
if (isEntry) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}

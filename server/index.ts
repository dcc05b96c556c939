import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { EnvError, loadEnv, type Env } from './env';
import { buildDeps } from './deps';
import { createApp, type ClientMode } from './app';
import { ensureAdmin } from './features/account/account.service';
import { startBackgroundJobs } from './jobs';
import { seedDemo } from './seed/seed';


/**
 * Entry: parse settings, open and migrate the database, make sure an admin exists, seed an
 * empty shop, listen, and close cleanly on SIGTERM/SIGINT.
 */
export async function main(opts: { client?: ClientMode } = {}): Promise<void> {
  const env = readEnvOrExit();
  const deps = await buildDeps(env);
  const admin = await ensureAdmin(deps);
  // SEED=demo fills an empty shop only; a shop with any product is never touched.
  if (env.SEED === 'demo') {
    const seeded = await seedDemo(deps);
    if (seeded.seeded) console.log(`Seeded the demo catalogue: ${seeded.products} products and ${seeded.banners} banners in ${(seeded.ms / 1000).toFixed(1)} s`);
  }

  const client = opts.client ?? staticClient();
  const app = createApp(deps, { client });
  const server = app.listen(env.PORT, env.HOST);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const port = (server.address() as AddressInfo).port;
  const url = env.publicUrlExplicit ? env.PUBLIC_URL : `http://${env.HOST === '0.0.0.0' ? 'localhost' : env.HOST}:${port}`;
  const stopJobs = startBackgroundJobs(deps);

  const lines = [`Voltmart is running at ${url}`];
  if (admin.kind === 'generated') {
    lines.push(`Admin login: ${admin.email} / ${admin.password}  (also saved in ${admin.credentialsFile}; shown only once)`);
  } else if (admin.kind === 'created-from-env') {
    lines.push(`Admin login: ${admin.email} with the password from ADMIN_PASSWORD`);
  } else {
    lines.push(`Admin login: ${admin.email} (see README.md to reset it)`);
  }
  if (deps.payments.kind === 'test') lines.push('Payments: built-in TEST checkout (no card is charged). Set STRIPE_SECRET_KEY for real payments.');
  console.log(lines.join('\n'));

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    deps.log.info({ signal }, 'shutting down');
    stopJobs();
    // Stop accepting, let requests in flight finish, then close the database.
    server.close(() => {
      void deps.db.destroy().then(() => process.exit(0));
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

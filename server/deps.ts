import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { createRequire } from 'node:module';
import pino, { type Logger } from 'pino';
import type PinoPretty from 'pino-pretty';
import type { Env } from './env';
import { openDatabase, type DB } from './db/database';
import { migrateToLatest } from './db/migrate';
import { openChangeFeed, type ChangeFeed } from './db/change-feed';
import type { PaymentProvider, PaymentProviders } from './payments/payment-provider';
import { selectPaymentProviders } from './payments/select-provider';
import { openImageStore, type ImageStore } from './images/image-store';
import type { Courier } from './couriers/courier';
import { courierSelector } from './couriers/select-courier';
import type { FulfilmentSettings } from '../shared/schemas/settings';

/** Everything procedures, services and routes need, built once at start (buildDeps) and passed down. */
export type Deps = {
  db: DB;
  /** What committed changes (this process's or another's) made stale: the shared-reply cache reads it. */
  changes: ChangeFeed;
  /** Uploaded and generated images: a folder on SQLite, the database on PostgreSQL (openImageStore). */
  images: ImageStore;
  env: Env & { SESSION_SECRET: string };
  log: Logger;
  /** The first online provider: the one the Payment button uses unless the owner chose another (settings.payments.online). */
  payments: PaymentProvider;
  /** Every online provider configured; orders are settled through the one they were opened with. */
  providers: PaymentProviders;
  clock: () => Date;
  /** The courier the owner's settings choose (the manual one, or Shiprocket with its keys), kept while they stay the same. */
  courierFor: (settings: FulfilmentSettings) => Courier;
};

/**
 * The session secret: SESSION_SECRET when given, else one generated on first start and kept
 * in DATA_DIR/session-secret (mode 0600) so sessions survive restarts.
 */
export function resolveSessionSecret(env: Env): string {
  if (env.SESSION_SECRET) return env.SESSION_SECRET;
  const file = path.join(env.DATA_DIR, 'session-secret');
  fs.mkdirSync(env.DATA_DIR, { recursive: true });
  if (fs.existsSync(file)) {
    const stored = fs.readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  }
  const secret = crypto.randomBytes(48).toString('base64url');
  fs.writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  fs.chmodSync(file, 0o600);
  return secret;
}

/**
 * The shop's logger: JSON lines for machines (a service manager, a file, a collector), or one
 * readable line per entry for a person at a terminal (LOG_FORMAT; `auto` picks by whether
 * standard output is a terminal). `destination` and `terminal` are for tests.
 */
export function createLogger(env: Pick<Env, 'LOG_LEVEL' | 'LOG_FORMAT'>, opts: { terminal?: boolean; destination?: NodeJS.WritableStream } = {}): Logger {
  const options = {
    level: env.LOG_LEVEL,
    // Belt and braces: even if a caller logs a whole object, these never reach the log.
    redact: {
      paths: ['password', '*.password', 'passwordHash', '*.passwordHash', 'req.headers.cookie', 'res.headers["set-cookie"]', 'sessionSecret', 'SESSION_SECRET'],
      censor: '[redacted]',
    },
  };
  const terminal = opts.terminal ?? process.stdout.isTTY === true;
  if (env.LOG_FORMAT === 'json' || (env.LOG_FORMAT === 'auto' && !terminal)) return opts.destination ? pino(options, opts.destination) : pino(options);
  // A person reading a terminal gets one line per entry; pino-pretty loads only then, and runs
  // as a stream in this process (a transport would start a worker thread).
  const pretty = createRequire(import.meta.url)('pino-pretty') as typeof PinoPretty;
  return pino(
    options,
    pretty.build({
      colorize: terminal,
      translateTime: 'SYS:HH:MM:ss',
      ignore: 'pid,hostname',
      singleLine: true,
      sync: true,
      ...(opts.destination ? { destination: opts.destination } : {}),
    }),
  );
}

/** Opens and migrates the database and builds everything procedures need. */
export async function buildDeps(env: Env, opts: { log?: Logger; clock?: () => Date } = {}): Promise<Deps> {
  const log = opts.log ?? createLogger(env);
  const clock = opts.clock ?? testClock(env) ?? (() => new Date());
  const db = openDatabase(env.database);
  await migrateToLatest(db);
  const changes = await openChangeFeed(db, env.database, log);
  const images = openImageStore(db, env);
  const fullEnv = { ...env, SESSION_SECRET: resolveSessionSecret(env) };
  const providers = await selectPaymentProviders({ env: fullEnv, db, log, clock });
  const selector = courierSelector({ log, clock, timeoutMs: env.SHIPROCKET_TIMEOUT_MS });
  const courierFor = (settings: FulfilmentSettings) => selector({ kind: settings.courier, shiprocket: { ...settings.shiprocket, baseUrl: env.SHIPROCKET_API_BASE ?? null } });
  return { db, changes, images, env: fullEnv, log, clock, payments: providers.online[0]!, providers, courierFor };
}

/**
 * The browser tests' clock (TEST_CLOCK_START, which env.ts refuses unless NODE_ENV=test): it
 * starts at that instant and runs on in real time, so timeouts and sessions still behave.
 * Undefined without it: the real clock.
 */
export function testClock(env: Pick<Env, 'NODE_ENV' | 'TEST_CLOCK_START'>): (() => Date) | undefined {
  if (env.NODE_ENV !== 'test' || !env.TEST_CLOCK_START) return undefined;
  const offset = Date.parse(env.TEST_CLOCK_START) - Date.now();
  return () => new Date(Date.now() + offset);
}

/** Closes what buildDeps opened: the change feed, then the database. */
export async function closeDeps(deps: Pick<Deps, 'db' | 'changes'>): Promise<void> {
  await deps.changes.close();
  await deps.db.destroy();
}

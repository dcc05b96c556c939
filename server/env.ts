import path from 'node:path';
import { z } from 'zod';
import type { DatabaseTarget } from './db/target';

const bool = z.enum(['1', '0', 'true', 'false', 'yes', 'no', ''], { error: 'must be 1/0, true/false or yes/no' }).transform((v) => v === '1' || v === 'true' || v === 'yes');

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const paise = (fallback: number) =>
  z.coerce
    .number({ error: 'must be a whole number of paise' })
    .int({ error: 'must be a whole number of paise' })
    .min(0, { error: 'must be 0 or more' })
    .max(10_000_000, { error: 'must be at most 10000000 paise' })
    .default(fallback);

/**
 * Every setting the shop reads, in one schema. README.md documents each; this module is the
 * only one that touches process.env.
 */
const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test'], { error: 'must be development, production or test' }).default('development'),
    PORT: z.coerce.number({ error: 'must be a port number' }).int({ error: 'must be a port number' }).min(0).max(65535, { error: 'must be at most 65535' }).default(3000),
    HOST: z.string().trim().min(1, { error: 'must not be empty' }).default('127.0.0.1'),
    DATA_DIR: z.string().trim().min(1, { error: 'must not be empty' }).default('./data'),
    DATABASE_URL: optionalText,
    DATABASE_POOL_SIZE: z.coerce
      .number({ error: 'must be a whole number of connections' })
      .int({ error: 'must be a whole number of connections' })
      .min(1, { error: 'must be at least 1' })
      .max(200, { error: 'must be at most 200' })
      .default(10),
    SESSION_SECRET: optionalText.pipe(z.string().min(32, { error: 'must be at least 32 characters' }).optional()),
    PUBLIC_URL: optionalText.pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional()),
    ADMIN_EMAIL: optionalText.pipe(z.email({ error: 'must be an email address' }).optional()),
    ADMIN_PASSWORD: optionalText.pipe(z.string().min(8, { error: 'must be at least 8 characters' }).max(128, { error: 'must be at most 128 characters' }).optional()),
    SEED: z.enum(['demo', 'none'], { error: 'must be demo or none' }).default('demo'),
    STRIPE_SECRET_KEY: optionalText,
    STRIPE_WEBHOOK_SECRET: optionalText,
    STRIPE_API_BASE: optionalText.pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional()),
    RAZORPAY_KEY_ID: optionalText,
    RAZORPAY_KEY_SECRET: optionalText,
    RAZORPAY_WEBHOOK_SECRET: optionalText,
    // The SDK appends /v1/... to it, so only a bare origin makes sense (tests aim it at a fake).
    RAZORPAY_API_BASE: optionalText.pipe(
      z
        .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
        .refine((v) => exactOrigin(v) !== null, { error: 'must be an origin without a path, e.g. http://127.0.0.1:4010' })
        .optional(),
    ),
    // Shiprocket's API (https://apiv2.shiprocket.in/v1/external unless set): tests aim it at a local fake.
    SHIPROCKET_API_BASE: optionalText.pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional()),
    // How long a call to Shiprocket may take before it counts as failed (a create is then looked up, never repeated blindly).
    SHIPROCKET_TIMEOUT_MS: z.coerce
      .number({ error: 'must be a number of milliseconds' })
      .int()
      .min(500, { error: 'must be at least 500' })
      .max(120_000, { error: 'must be at most 120000' })
      .default(10_000),
    SMTP_URL: optionalText.pipe(z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL, e.g. smtps://user:password@smtp.example.com:465' }).optional()),
    MAIL_FROM: optionalText,
    SHIPPING_STANDARD_PAISE: paise(0),
    SHIPPING_EXPRESS_PAISE: paise(9900),
    ALLOW_TEST_PAYMENTS: bool.default(false),
    TRUST_PROXY: bool.default(false),
    /** A catalogue import may fetch pictures from private and loopback addresses (tests' local fake image server; a shop's own LAN). */
    IMPORT_FETCH_PRIVATE: bool.default(false),
    RESPONSE_CACHE_MB: z.coerce
      .number({ error: 'must be a whole number of megabytes' })
      .int({ error: 'must be a whole number of megabytes' })
      .min(0, { error: 'must be 0 (off) or more' })
      .max(4096, { error: 'must be at most 4096' })
      .default(32),
    CORS_ORIGINS: z
      .string()
      .optional()
      .transform((v, ctx) => {
        const origins: string[] = [];
        for (const item of (v ?? '')
          .split(',')
          .map((o) => o.trim())
          .filter(Boolean)) {
          const origin = exactOrigin(item);
          if (origin === null) {
            ctx.addIssue({ code: 'custom', message: `"${item}" is not an origin: write scheme://host[:port], comma-separated, with no path` });
            return z.NEVER;
          }
          origins.push(origin);
        }
        return [...new Set(origins)];
      }),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { error: 'must be a pino level (info, warn, silent, ...)' }).default('info'),
    /** auto: readable lines on a terminal, JSON otherwise; json or pretty: always that. */
    LOG_FORMAT: z.enum(['auto', 'json', 'pretty'], { error: 'must be auto, json or pretty' }).default('auto'),
    /**
     * Browser tests only (NODE_ENV=test, refused otherwise): the server's clock starts at this
     * instant and runs on from it, e.g. 2026-12-02T19:30:00+05:30 for a delivery date after the cut-off.
     */
    TEST_CLOCK_START: optionalText.pipe(z.iso.datetime({ offset: true, error: 'must be an ISO 8601 instant with its offset, e.g. 2026-12-02T19:30:00+05:30' }).optional()),
  })
  .superRefine((env, ctx) => {
    if (env.ADMIN_PASSWORD && !env.ADMIN_EMAIL) {
      ctx.addIssue({ code: 'custom', path: ['ADMIN_EMAIL'], message: 'must be set when ADMIN_PASSWORD is set' });
    }
    if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['STRIPE_WEBHOOK_SECRET'], message: 'must be set when STRIPE_SECRET_KEY is set (webhooks are how orders get paid)' });
    }
    if (env.RAZORPAY_KEY_ID && !env.RAZORPAY_KEY_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['RAZORPAY_KEY_SECRET'], message: 'must be set when RAZORPAY_KEY_ID is set (the two are one API key)' });
    }
    if (env.RAZORPAY_KEY_SECRET && !env.RAZORPAY_KEY_ID) {
      ctx.addIssue({ code: 'custom', path: ['RAZORPAY_KEY_ID'], message: 'must be set when RAZORPAY_KEY_SECRET is set (the two are one API key)' });
    }
    if (env.RAZORPAY_KEY_ID && env.RAZORPAY_KEY_SECRET && !env.RAZORPAY_WEBHOOK_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['RAZORPAY_WEBHOOK_SECRET'],
        message: 'must be set when RAZORPAY_KEY_ID is set (webhooks are how orders get paid when a shopper does not come back)',
      });
    }
    if (env.TEST_CLOCK_START && env.NODE_ENV !== 'test') {
      ctx.addIssue({ code: 'custom', path: ['TEST_CLOCK_START'], message: 'is for browser tests only: it is honoured with NODE_ENV=test and refused otherwise' });
    }
    const razorpay = Boolean(env.RAZORPAY_KEY_ID && env.RAZORPAY_KEY_SECRET);
    if (env.NODE_ENV === 'production' && !env.STRIPE_SECRET_KEY && !razorpay && !env.ALLOW_TEST_PAYMENTS) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_SECRET_KEY'],
        message:
          'is required with NODE_ENV=production, unless RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET are set (or set ALLOW_TEST_PAYMENTS=1 to run the built-in test checkout on purpose)',
      });
    }
    // Every app process on one PostgreSQL must seal and open the same cookies: a secret made
    // up by one process (and kept in its DATA_DIR) would sign the shoppers out on the others.
    if (env.DATABASE_URL && /^postgres(ql)?:\/\//i.test(env.DATABASE_URL) && !env.SESSION_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'must be set with a postgres:// DATABASE_URL (the same value in every app process)' });
    }
    // Any other scheme must fail loudly rather than create a file named after it.
    if (env.DATABASE_URL && /^[a-z][a-z0-9+.-]*:\/\//i.test(env.DATABASE_URL) && !/^(file|sqlite|postgres|postgresql):/i.test(env.DATABASE_URL)) {
      ctx.addIssue({ code: 'custom', path: ['DATABASE_URL'], message: 'must be a postgres:// URL, a SQLite file path or a file: URL' });
    }
  });

/** `https://shop.example` from itself; null for anything that is not exactly an http(s) origin. */
function exactOrigin(text: string): string | null {
  try {
    const url = new URL(text);
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== text.replace(/\/$/, '')) return null;
    return url.origin;
  } catch {
    return null;
  }
}

export type Env = ReturnType<typeof finish>;

/**
 * The address the shop is reached at when PUBLIC_URL is not set: the interface it binds and
 * its port, so the URL printed at start, the payment return URLs and the cookie's origin are
 * one and the same. A wildcard interface (0.0.0.0, ::) is reached as localhost on this machine.
 */
export function defaultPublicUrl(host: string, port: number): string {
  const name = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

function finish(raw: z.output<typeof EnvSchema>) {
  const dataDir = path.resolve(raw.DATA_DIR);
  const { CORS_ORIGINS: corsOrigins, ...rest } = raw;
  return {
    ...rest,
    /** Other origins allowed to call /api and /trpc with credentials (CORS_ORIGINS). */
    corsOrigins,
    DATA_DIR: dataDir,
    /** Where uploaded and generated images live; served at /images. */
    imagesDir: path.join(dataDir, 'images'),
    /** SQLite (a file, the default) or PostgreSQL (a postgres:// URL), from DATABASE_URL. */
    database: resolveDatabase(raw.DATABASE_URL, dataDir, raw.DATABASE_POOL_SIZE),
    PUBLIC_URL: (raw.PUBLIC_URL ?? defaultPublicUrl(raw.HOST, raw.PORT)).replace(/\/+$/, ''),
    /** Whether PUBLIC_URL was given or derived from HOST and PORT (a PORT of 0 is resolved after listen: see withListeningPort). */
    publicUrlExplicit: raw.PUBLIC_URL !== undefined,
  };
}

function resolveDatabase(url: string | undefined, dataDir: string, poolSize: number): DatabaseTarget {
  if (!url) return { dialect: 'sqlite', file: path.join(dataDir, 'shop.sqlite') };
  if (/^postgres(ql)?:\/\//i.test(url)) return { dialect: 'postgres', url, poolSize };
  const stripped = url.replace(/^sqlite:/, '').replace(/^file:(\/\/)?/, '');
  return { dialect: 'sqlite', file: path.resolve(stripped) };
}

export class EnvError extends Error {}

/** The settings once the server listens: a derived PUBLIC_URL gets the port actually bound (PORT=0 picks one). */
export function withListeningPort<E extends Env>(env: E, port: number): E {
  return env.publicUrlExplicit ? env : { ...env, PORT: port, PUBLIC_URL: defaultPublicUrl(env.HOST, port) };
}

/** Parses settings; throws EnvError whose message is one line naming the variable. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = issue?.path.join('.') || 'environment';
    throw new EnvError(`Invalid setting ${name}: ${issue?.message ?? 'invalid value'}`);
  }
  return finish(result.data);
}

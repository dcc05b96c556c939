import type { Migration } from 'kysely';
import * as initial from './2026-11-22-01-initial';
import * as catalogRevision from './2026-11-22-02-catalog-revision';
import * as stockTracking from './2026-11-24-01-stock-tracking';
import * as cacheInvalidations from './2026-11-25-01-cache-invalidations';

/**
 * Every migration, by name, in the order they run. A static list (rather than a folder scan)
 * keeps migrations working when the server is bundled. Append new files here; never edit old ones.
 */
export const migrations: Record<string, Migration> = {
  '2026-11-22-01-initial': initial,
  '2026-11-22-02-catalog-revision': catalogRevision,
  '2026-11-24-01-stock-tracking': stockTracking,
  '2026-11-25-01-cache-invalidations': cacheInvalidations,
};

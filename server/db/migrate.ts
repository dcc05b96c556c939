import { Migrator } from 'kysely';
import type { DB } from './database';
import { dialectOf } from './database';
import { migrationsFor } from './migrations';

/** Runs every pending migration, forward only; throws with the failing migration's name. */
export async function migrateToLatest(db: DB): Promise<string[]> {
  const migrations = migrationsFor(dialectOf(db));
  const migrator = new Migrator({ db, provider: { getMigrations: () => Promise.resolve(migrations) } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error instanceof Error ? error.message : error)}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

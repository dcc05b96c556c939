import { Migrator, type MigrationProvider } from 'kysely';
import type { DB } from './database';
import { migrations } from './migrations';

const provider: MigrationProvider = { getMigrations: () => Promise.resolve(migrations) };

/** Runs every pending migration, forward only; throws with the failing migration's name. */
export async function migrateToLatest(db: DB): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error instanceof Error ? error.message : error)}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

import fs from 'node:fs';
import path from 'node:path';
import { loadEnv, EnvError } from '../server/env';
import { POSTGRES_BACKUP_ADVICE, type ShopFiles } from '../server/db/backup';

/**
 * Where the SQLite shop's data lives, from the same settings the shop reads (the environment,
 * then `.env`): for `npm run backup` and `npm run restore`. On a PostgreSQL shop they have
 * nothing to do and say what to use instead; this check comes before the settings' own
 * checks, which would otherwise complain about settings only a running shop needs.
 */
export function sqliteShopFiles(): ShopFiles {
  if (fs.existsSync(path.resolve('.env'))) process.loadEnvFile(path.resolve('.env'));
  if (/^postgres(ql)?:\/\//i.test(process.env.DATABASE_URL ?? '')) throw new EnvError(POSTGRES_BACKUP_ADVICE);
  const env = loadEnv();
  if (env.database.dialect !== 'sqlite') throw new EnvError(POSTGRES_BACKUP_ADVICE);
  return { dataDir: env.DATA_DIR, databaseFile: env.database.file, imagesDir: env.imagesDir };
}

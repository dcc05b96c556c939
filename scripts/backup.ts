// `npm run backup [-- --out <dir>]`: a consistent backup of the SQLite shop in DATA_DIR while
// it keeps serving: `<dir>/voltmart-<UTC time>/` (default dir: DATA_DIR/backups) with
// shop.sqlite, images/, session-secret and manifest.json. Same settings as the shop (DATA_DIR,
// DATABASE_URL, .env). A PostgreSQL shop is backed up with pg_dump instead (it says so).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { backupShop, POSTGRES_BACKUP_ADVICE } from '../server/db/backup';
import { count, megabytes, ProgressLine } from './progress';
import { sqliteShopFiles } from './shop-settings';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { out: { type: 'string' } }, strict: true });
  const shop = sqliteShopFiles();
  const line = new ProgressLine();
  line.update(`backing up ${shop.databaseFile}`);
  const { folder, manifest } = await backupShop(shop, {
    outDir: values.out ?? path.join(shop.dataDir, 'backups'),
    onProgress: (p) => {
      if (p.step === 'images') line.update(`copying images  ${count(p.done)} / ${count(p.total)}`);
    },
  }).catch((error: unknown) => {
    line.end();
    throw error;
  });
  const rows = Object.entries(manifest.tables)
    .map(([table, n]) => `${table} ${count(n)}`)
    .join(', ');
  line.done(`Backup written to ${folder}`);
  console.log(`  shop.sqlite     ${megabytes(manifest.database.bytes)}, sha256 ${manifest.database.sha256}, integrity check ok`);
  console.log(`  migration       ${manifest.migration}`);
  console.log(`  rows            ${rows}`);
  console.log(`  images          ${count(manifest.images.count)} files, ${megabytes(manifest.images.bytes)}`);
  console.log(`  session-secret  ${manifest.session_secret ? 'included' : 'none in DATA_DIR (SESSION_SECRET is set, or the shop never started)'}`);
  console.log(`Restore with: DATA_DIR=<an empty folder> npm run restore -- ${folder}`);
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  console.error(message === POSTGRES_BACKUP_ADVICE ? message : `Backup failed: ${message}`);
  process.exit(1);
});

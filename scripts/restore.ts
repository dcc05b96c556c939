// `npm run restore -- <backup folder>`: puts a backup made by `npm run backup` into the shop's
// DATA_DIR, which must be empty or not exist yet. The backup is checked against its manifest
// (sha256, SQLite's integrity check, row counts, images) before anything is copied.
import { parseArgs } from 'node:util';
import { POSTGRES_BACKUP_ADVICE, restoreShop } from '../server/db/backup';
import { count, ProgressLine } from './progress';
import { sqliteShopFiles } from './shop-settings';

async function main(): Promise<void> {
  const { positionals } = parseArgs({ allowPositionals: true, strict: true });
  const [folder, ...extra] = positionals;
  if (!folder || extra.length > 0) throw new Error('Usage: npm run restore -- <backup folder>  (into the empty DATA_DIR of the settings)');
  const shop = sqliteShopFiles();
  const line = new ProgressLine();
  const manifest = await restoreShop(folder, shop, {
    onProgress: (p) => line.update(p.step === 'images' ? `restoring images  ${count(p.done)} / ${count(p.total)}` : 'restoring shop.sqlite'),
  }).catch((error: unknown) => {
    line.end();
    throw error;
  });
  line.done(`Restored the backup of ${manifest.created_at} (migration ${manifest.migration}) into ${shop.dataDir}`);
  console.log(`  checked    sha256, integrity check, rows of ${Object.keys(manifest.tables).length} tables, ${count(manifest.images.count)} images`);
  console.log(
    `  database   ${shop.databaseFile} (orders ${count(manifest.tables.orders ?? 0)}, products ${count(manifest.tables.products ?? 0)}, users ${count(manifest.tables.users ?? 0)})`,
  );
  console.log('Start the shop on it with the same settings (npm start).');
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  console.error(message === POSTGRES_BACKUP_ADVICE ? message : `Restore failed: ${message}`);
  process.exit(1);
});

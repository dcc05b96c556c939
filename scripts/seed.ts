// `npm run seed`: fills an empty shop with the demo catalogue.
// `npm run seed -- --products N`: adds N synthetic products (load tests; 100,000 in well under a minute).
// Uses the same settings as the server (DATA_DIR, DATABASE_URL, .env).
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { loadEnv } from '../server/env';
import { openDatabase } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { countProducts } from '../server/features/catalog/catalog.queries';
import { seedDemo, seedSynthetic } from '../server/seed/seed';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { products: { type: 'string' } }, strict: true });
  if (fs.existsSync(path.resolve('.env'))) process.loadEnvFile(path.resolve('.env'));
  const env = loadEnv();
  const log = pino({ level: 'warn' });
  fs.mkdirSync(env.imagesDir, { recursive: true });
  const db = openDatabase(env.database);
  try {
    await migrateToLatest(db);
    const deps = { db, env, log, clock: () => new Date() };
    if (values.products === undefined) {
      const result = await seedDemo(deps);
      console.log(
        result.seeded
          ? `Seeded ${result.products} demo products and ${result.banners} banners in ${(result.ms / 1000).toFixed(1)} s.`
          : 'The shop already has products: nothing to do.',
      );
      return;
    }
    const count = Number(values.products);
    if (!Number.isInteger(count) || count < 1 || count > 10_000_000) {
      throw new Error('--products must be a whole number from 1 to 10000000');
    }
    const before = await countProducts(db);
    const result = await seedSynthetic(deps, {
      count,
      startIndex: before,
      onProgress: (done) => process.stdout.write(`\r${done.toLocaleString('en-IN')} / ${count.toLocaleString('en-IN')} products`),
    });
    process.stdout.write('\n');
    console.log(`Added ${result.products.toLocaleString('en-IN')} products in ${(result.ms / 1000).toFixed(1)} s (${(before + count).toLocaleString('en-IN')} in the shop).`);
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

// The child process of seedDemoInChildProcess (demo-seed-process.ts): seeds the demo catalogue
// into the database named in argv[2], reports the result over IPC and exits, taking the memory
// the image work used with it.
import pino from 'pino';
import { openDatabase } from '../db/database';
import { openImageStore } from '../images/image-store';
import type { DemoSeedMessage, DemoSeedSettings } from './demo-seed-process';
import { seedDemo } from './seed';

async function seed(settings: DemoSeedSettings): Promise<DemoSeedMessage> {
  try {
    const db = openDatabase(settings.database);
    try {
      // The images go where the server's go: the same folder, or the same database.
      const images = openImageStore(db, settings);
      return { ok: true, result: await seedDemo({ db, env: settings, images, log: pino({ level: settings.LOG_LEVEL }), clock: () => new Date() }) };
    } finally {
      await db.destroy();
    }
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

function report(message: DemoSeedMessage): Promise<void> {
  return new Promise((resolve) => {
    if (!process.send) return resolve();
    process.send(message, () => resolve());
  });
}

// The server went away (stopped during the seed): stop too. The rows are written in one
// transaction, so a seed cut short leaves none and the next start seeds again.
process.on('disconnect', () => process.exit(1));

const message = await seed(JSON.parse(process.argv[2] ?? '{}') as DemoSeedSettings);
await report(message);
process.exit(message.ok ? 0 : 1);

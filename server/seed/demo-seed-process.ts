import { fork } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Env } from '../env';
import type { SeedDemoResult } from './seed';

/** What the seed process needs to know: where the database and the images are, and how much to log. */
export type DemoSeedSettings = Pick<Env, 'DATA_DIR' | 'imagesDir' | 'database' | 'LOG_LEVEL'>;

/** The seed process's one message: its result, or why it failed. */
export type DemoSeedMessage = { ok: true; result: SeedDemoResult } | { ok: false; message: string };

/**
 * From the server bundle (`npm start` runs dist-server/, see scripts/start.mjs) the child is the
 * bundle's own demo-seed-child.mjs; from the sources (tests, `npm run dev`) it is the .ts file,
 * run through tsx.
 */
const BUNDLED = import.meta.url.endsWith('.mjs');
const CHILD = path.join(import.meta.dirname, BUNDLED ? 'demo-seed-child.mjs' : 'demo-seed-child.ts');

/**
 * Runs seedDemo in a child process and waits for it to exit. Rendering ~370 illustrations
 * through sharp leaves libvips' caches and glibc's malloc arenas at 400+ MB, which a process
 * never gives back; in a child that memory goes when the child does, and the server idles at
 * what serving costs. The child opens its own connection to the (already migrated) database;
 * seedDemo's emptiness check inside its write transaction keeps it safe against any other
 * writer. Its log lines go to this process's stdout and stderr.
 *
 * Throws when the seed fails (with the child's message) or the child dies without answering.
 */
export function seedDemoInChildProcess(settings: DemoSeedSettings): Promise<SeedDemoResult> {
  // From the sources the child needs tsx as this process does; a loader registered in-process
  // (tsx's register(), vitest) is not inherited, so name it.
  const execArgv = BUNDLED ? [] : ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href];
  // Only these fields: argv is visible to every user of the machine (`ps`), and the settings
  // the caller holds may include secrets.
  const { DATA_DIR, imagesDir, database, LOG_LEVEL } = settings;
  const child = fork(CHILD, [JSON.stringify({ DATA_DIR, imagesDir, database, LOG_LEVEL } satisfies DemoSeedSettings)], {
    execArgv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    serialization: 'json',
  });
  return new Promise((resolve, reject) => {
    let answer: DemoSeedMessage | undefined;
    child.on('message', (message) => {
      answer = message as DemoSeedMessage;
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (answer?.ok) return resolve(answer.result);
      if (answer) return reject(new Error(`Seeding the demo catalogue failed: ${answer.message}`));
      reject(new Error(`Seeding the demo catalogue failed: its process exited with ${signal ?? `code ${code ?? '?'}`}`));
    });
  });
}

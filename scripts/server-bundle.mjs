// The server's esbuild bundle (dist-server/), which `npm start` runs instead of the TypeScript
// sources: tsx's loader runs in a thread of its own and keeps every transformed module and its
// source map, about 45 MB of memory a running shop does not need. Tests and `npm run dev` still
// use tsx. Shared by scripts/start.mjs and the scripts that measure the server as it ships
// (`npm run bench`, scripts/first-start-rss.ts).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Newest modification time under `target` (a file or a folder), 0 when it does not exist. */
export function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/**
 * Bundles the server when the bundle is missing or older than its sources, and returns the path
 * of its entry (dist-server/index.mjs, exporting `main`).
 */
export async function ensureServerBundle() {
  const serverEntry = path.join(root, 'dist-server', 'index.mjs');
  const serverBuiltAt = fs.existsSync(serverEntry) ? fs.statSync(serverEntry).mtimeMs : 0;
  if (serverBuiltAt === 0 || Math.max(...['server', 'shared', 'src', 'package.json'].map((p) => newestMtime(path.join(root, p)))) > serverBuiltAt) {
    const esbuild = await import('esbuild');
    fs.rmSync(path.join(root, 'dist-server'), { recursive: true, force: true });
    await esbuild.build({
      // The demo seed runs in a child process of its own (server/seed/demo-seed-process.ts), a big
      // catalogue file is planned in a worker thread (server/features/catalog-io/planner.ts).
      entryPoints: {
        index: path.join(root, 'server', 'index.ts'),
        'demo-seed-child': path.join(root, 'server', 'seed', 'demo-seed-child.ts'),
        'catalogue-plan-worker': path.join(root, 'server', 'features', 'catalog-io', 'plan-worker.ts'),
      },
      outdir: path.join(root, 'dist-server'),
      outExtension: { '.js': '.mjs' },
      bundle: true,
      // Code that loads on demand (the Stripe provider) stays in a chunk of its own.
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      packages: 'external',
      sourcemap: true,
      logLevel: 'warning',
    });
    // esbuild's service is a process of its own: the shop that runs next does not need it.
    await esbuild.stop();
  }
  return serverEntry;
}

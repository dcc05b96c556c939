// `npm start`: build the client and bundle the server when either is missing or older than its
// sources, then run the server in this same process (so SIGTERM reaches it directly).
//
// The server runs from an esbuild bundle (dist-server/, see server-bundle.mjs) rather than
// through tsx: tsx's loader runs in a thread of its own and keeps every transformed module and
// its source map, about 45 MB of memory a running shop does not need. Tests and `npm run dev`
// still use tsx.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ensureServerBundle, newestMtime } from './server-bundle.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

const stamp = path.join(root, 'dist', 'index.html');
const sources = ['src', 'shared', 'public', 'index.html', 'vite.config.ts', 'package.json'];

const builtAt = fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0;
if (builtAt === 0 || Math.max(...sources.map(newestMtime)) > builtAt) {
  console.log(builtAt === 0 ? 'Building the client (first start)...' : 'Sources changed: rebuilding the client...');
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const build = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const serverEntry = await ensureServerBundle();
const { main } = await import(pathToFileURL(serverEntry).href);
await main();

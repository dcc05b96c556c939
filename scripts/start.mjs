// `npm start`: build the client and bundle the server when either is missing or older than its
// sources, then run the server in this same process (so SIGTERM reaches it directly).
//
// The server runs from an esbuild bundle (dist-server/) rather than through tsx: tsx's loader
// runs in a thread of its own and keeps every transformed module and its source map, about
// 45 MB of memory a running shop does not need. Tests and `npm run dev` still use tsx.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

const stamp = path.join(root, 'dist', 'index.html');
const sources = ['src', 'shared', 'public', 'index.html', 'vite.config.ts', 'package.json'];

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const builtAt = fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0;
if (builtAt === 0 || Math.max(...sources.map(newestMtime)) > builtAt) {
  console.log(builtAt === 0 ? 'Building the client (first start)...' : 'Sources changed: rebuilding the client...');
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const build = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const serverEntry = path.join(root, 'dist-server', 'index.mjs');
const serverBuiltAt = fs.existsSync(serverEntry) ? fs.statSync(serverEntry).mtimeMs : 0;
if (serverBuiltAt === 0 || Math.max(...['server', 'shared', 'package.json'].map(newestMtime)) > serverBuiltAt) {
  const esbuild = await import('esbuild');
  fs.rmSync(path.join(root, 'dist-server'), { recursive: true, force: true });
  await esbuild.build({
    // The demo seed runs in a child process of its own (server/seed/demo-seed-process.ts).
    entryPoints: { index: path.join(root, 'server', 'index.ts'), 'demo-seed-child': path.join(root, 'server', 'seed', 'demo-seed-child.ts') },
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
}
const { main } = await import(pathToFileURL(serverEntry).href);
await main();

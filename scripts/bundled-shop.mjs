// The shop as `npm start` runs it (the server bundle, in this one process, settings from the
// environment), with the built client only when BUNDLED_SHOP_CLIENT_DIR names it: the server process that `npm run bench` and
// scripts/first-start-rss.ts start and measure. The caller bundles first (server-bundle.mjs), so
// esbuild's memory is never this process's. Tells a parent over IPC when it serves, and stops
// (through the shop's own SIGTERM shutdown) when that parent goes.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const entry = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist-server', 'index.mjs');
if (!fs.existsSync(entry)) {
  console.error('The server is not bundled: scripts/server-bundle.mjs ensureServerBundle() makes dist-server/.');
  process.exit(1);
}
const { main } = await import(pathToFileURL(entry).href);
const clientDir = process.env.BUNDLED_SHOP_CLIENT_DIR;
await main({ client: clientDir ? { kind: 'static', dir: clientDir } : { kind: 'none' } });
if (process.send) {
  process.send({ ready: true });
  process.on('disconnect', () => process.kill(process.pid, 'SIGTERM'));
}

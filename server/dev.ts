import fs from 'node:fs';
import path from 'node:path';
import { createServer } from 'vite';
import { main } from './index';

// `npm run dev`: the API and Vite's hot-reloading client on one port, like production.
const vite = await createServer({ server: { middlewareMode: true }, appType: 'custom' });
const indexFile = path.resolve('index.html');

await main({
  client: {
    kind: 'vite',
    middlewares: vite.middlewares,
    renderIndex: (url) => vite.transformIndexHtml(url, fs.readFileSync(indexFile, 'utf8')),
  },
});

// The server side of `npm run bench`, run in its own process so autocannon does not share its
// event loop. It serves the real app (createApp, as `npm start` does, minus the built client),
// the same app with its response cache off on a second port and, on a third, a bare Express app
// that answers a constant JSON body: the ceiling the real routes are compared with. It reports
// the ports to the parent over IPC.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { createApp } from '../server/app';
import { buildDeps } from '../server/deps';
import { loadEnv } from '../server/env';

async function listen(handler: http.RequestListener): Promise<{ server: http.Server; port: number }> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

async function main(): Promise<void> {
  const env = loadEnv();
  const deps = await buildDeps(env);
  const app = await listen(createApp(deps, { client: { kind: 'none' } }));
  // The same app with its response cache off: what a request costs when it misses the cache.
  const uncached = await listen(createApp({ ...deps, env: { ...deps.env, RESPONSE_CACHE_MB: 0 } }, { client: { kind: 'none' } }));

  // The ceiling: no middleware, one route, the same JSON (re-serialised on every request like the real routes).
  const samples = new Map<string, unknown>();
  const bare = express();
  bare.post('/sample/:name', express.json({ limit: '10mb' }), (req, res) => {
    samples.set(String(req.params.name), req.body);
    res.status(204).end();
  });
  bare.get('/bare/:name', (req, res) => {
    res.json(samples.get(String(req.params.name)) ?? null);
  });
  const ceiling = await listen(bare);

  process.send?.({ app: app.port, uncached: uncached.port, bare: ceiling.port });
  process.on('disconnect', () => {
    app.server.close();
    uncached.server.close();
    ceiling.server.close();
    void deps.db.destroy().then(() => process.exit(0));
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

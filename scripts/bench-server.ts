// The ceiling of `npm run bench`, in a process of its own: a bare Express app answering a
// constant JSON body (no middleware, one route, re-serialised on every request like the real
// routes), which the real routes are compared with. It reports its port to the parent over IPC
// and stops when the parent goes. The shop itself runs from scripts/bundled-shop.mjs.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';

async function main(): Promise<void> {
  const samples = new Map<string, unknown>();
  const bare = express();
  bare.post('/sample/:name', express.json({ limit: '10mb' }), (req, res) => {
    samples.set(String(req.params.name), req.body);
    res.status(204).end();
  });
  bare.get('/bare/:name', (req, res) => {
    res.json(samples.get(String(req.params.name)) ?? null);
  });
  const server = http.createServer(bare);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.send?.({ port: (server.address() as AddressInfo).port });
  process.on('disconnect', () => server.close(() => process.exit(0)));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

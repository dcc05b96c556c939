// The ceiling of `npm run bench`, in a process of its own: a bare Express app answering the
// same requests as the shop with a constant reply (no middleware, one route, a JSON body parsed
// and the JSON reply re-serialised on every request like the real routes), which the real routes are compared with. It reports its port to the parent over IPC
// and stops when the parent goes. The shop itself runs from scripts/bundled-shop.mjs.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';

async function main(): Promise<void> {
  // A sample: the shop's reply as it sent it (its content type and text); JSON is kept parsed.
  const samples = new Map<string, { type: string; text: string; json: unknown }>();
  const bare = express();
  bare.post('/sample/:name', express.text({ type: () => true, limit: '10mb' }), (req, res) => {
    const type = req.get('x-sample-type') ?? 'application/json';
    const text = String(req.body);
    samples.set(String(req.params.name), { type, text, json: type.includes('json') ? JSON.parse(text) : undefined });
    res.status(204).end();
  });
  // The same requests as the shop gets (method, headers, body): a JSON body is read and parsed as
  // the shop's express.json reads it, then the sample goes out (JSON re-serialised every time).
  bare.all('/bare/:name', express.json({ limit: '1mb' }), (req, res) => {
    const sample = samples.get(String(req.params.name));
    if (!sample) return void res.status(404).end();
    if (sample.json !== undefined) res.json(sample.json);
    else res.type(sample.type).send(sample.text);
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

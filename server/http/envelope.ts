import type { Response } from 'express';

/** The reply every /api path answers with (the legacy contract, shared/api-contract.md). */
export type Envelope = { success: boolean; error: boolean; message: string; data: unknown };

/** The contract's envelope; `extra` adds top-level fields (checkout's `id` and `url`, `fieldErrors`). */
export function envelope(status: number, message: string, data: unknown, extra: Record<string, unknown>): Envelope {
  const ok = status < 400;
  const reply: Envelope = { success: ok, error: !ok, message, data };
  return { ...reply, ...extra };
}

export function sendEnvelope(res: Response, status: number, message: string, data: unknown, extra: Record<string, unknown> = {}): void {
  res.status(status).json(envelope(status, message, data, extra));
}

const listPaths = new Set<string>();

/**
 * Declares /api paths whose success `data` is a list, so that every failure reply on them,
 * whoever sends it, carries `data: []`. The REST adapter declares its table's rows: the table
 * knows which paths answer lists, and this module must not import it.
 */
export function declareListPaths(paths: Iterable<string>): void {
  for (const path of paths) listPaths.add(path.toLowerCase());
}

/** `data` of a failure reply for an /api path: `[]` where the path answers a list, else `null`. */
export function emptyDataForPath(originalUrl: string): unknown {
  const path = (originalUrl.split('?')[0] ?? '').replace(/\/+$/, '').toLowerCase();
  return listPaths.has(path) ? [] : null;
}

// Resident memory of another process, read from /proc (Linux only): what `npm run bench` and
// `scripts/first-start-rss.ts` report for the server process they start.
import fs from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/** VmRSS of `pid` in MB (1024 × 1024 bytes), or NaN when /proc does not have it (not Linux, process gone). */
export function readRssMb(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status)?.[1];
    return kb === undefined ? Number.NaN : Number(kb) / 1024;
  } catch {
    return Number.NaN;
  }
}

/**
 * The process's RSS once it has settled: sampled every 500 ms until two consecutive seconds
 * move it by less than 1 MB, or `maxMs` passes (a process that never settles reports its last
 * sample). A process just started or just benchmarked is still collecting garbage and returning
 * pages for a moment; reading at once would overstate what it holds for good.
 */
export async function settledRssMb(pid: number, opts: { minMs?: number; maxMs?: number } = {}): Promise<number> {
  const minMs = opts.minMs ?? 2000;
  const maxMs = opts.maxMs ?? 15_000;
  const started = Date.now();
  const samples: number[] = [];
  for (;;) {
    await sleep(500);
    const rss = readRssMb(pid);
    if (!Number.isFinite(rss)) return rss;
    samples.push(rss);
    const elapsed = Date.now() - started;
    const secondAgo = samples[samples.length - 3];
    if (elapsed >= minMs && secondAgo !== undefined && Math.abs(rss - secondAgo) < 1) return rss;
    if (elapsed >= maxMs) return rss;
  }
}

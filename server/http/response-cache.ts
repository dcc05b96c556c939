import crypto from 'node:crypto';
import zlib from 'node:zlib';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

/**
 * Shared replies for the public catalogue reads (product pages, category pages, search).
 *
 * A reply is kept only when every procedure behind it was built with `sharedProcedure`, which
 * hides the caller's identity from the procedure, so the bytes are the same for everyone. Each
 * entry belongs to one catalogue revision (a counter that database triggers move on every
 * committed product or banner change, stock included), and the whole cache empties the moment
 * the revision moves: a reply can never outlive the data it was made from, however the data
 * changed. The revision is read before and after computing a reply and the reply is kept only
 * if both agree, so nothing computed during a write is kept.
 *
 * Memory is bounded (least recently used entries go first); compressed variants are made once
 * per entry, on first demand, instead of on every request.
 */

/** Replies smaller than this go out uncompressed, as the compression middleware does. */
const COMPRESS_FROM_BYTES = 1024;

/** Real keys (a URL, a small JSON body) are far shorter; longer ones are never kept, so they cannot crowd real replies out. */
const MAX_KEY_LENGTH = 4096;

type Encoding = 'br' | 'gzip';

export type SharedReply = {
  contentType: string;
  /** The Vary header the reply was made with (Accept-Encoding is added when it is compressible). */
  vary: string | undefined;
  body: Buffer;
  /** A validator of the body: a browser that has it revalidates with If-None-Match and gets a 304. */
  etag: string;
  encoded: Partial<Record<Encoding, Buffer>>;
  /** Bytes held for this entry: key, body and compressed variants. */
  size: number;
  /** Whether the cache holds it (only then do its variants count against the limit). */
  stored: boolean;
};

/** How many procedures behind a response declared their result shareable (see sharedProcedure). */
const shareableMarks = new WeakMap<Response, number>();

export function markShareable(res: Response): void {
  shareableMarks.set(res, (shareableMarks.get(res) ?? 0) + 1);
}

export function shareableCount(res: Response): number {
  return shareableMarks.get(res) ?? 0;
}

export class ResponseCache {
  readonly #maxBytes: number;
  readonly #readRevision: () => number;
  readonly #entries = new Map<string, SharedReply>();
  #bytes = 0;
  /** The revision every entry belongs to. */
  #revision = Number.NaN;

  constructor(opts: { maxBytes: number; revision: () => number }) {
    this.#maxBytes = opts.maxBytes;
    this.#readRevision = opts.revision;
  }

  get enabled(): boolean {
    return this.#maxBytes > 0;
  }

  /** Entries and bytes held, for tests and logs. */
  get stats(): { entries: number; bytes: number } {
    return { entries: this.#entries.size, bytes: this.#bytes };
  }

  /** The catalogue revision now: read it before computing a reply and pass it to `put`. */
  revision(): number {
    return this.#readRevision();
  }

  /** The reply stored under `key` for the current revision, if any. */
  get(key: string): SharedReply | undefined {
    if (!this.enabled || key.length > MAX_KEY_LENGTH) return undefined;
    this.#sync();
    const entry = this.#entries.get(key);
    if (entry) {
      // Most recently used goes to the end; eviction starts from the front.
      this.#entries.delete(key);
      this.#entries.set(key, entry);
    }
    return entry;
  }

  /**
   * Stores a reply computed while the catalogue was at `revision`, unless it has moved since.
   * Returns the reply either way, ready for `send`.
   */
  put(key: string, revision: number, head: { contentType: string; vary?: string | undefined }, body: Buffer): SharedReply {
    // Weak: the same validator stands for the plain, brotli and gzip forms of the bytes.
    const etag = `W/"${crypto.createHash('sha1').update(body).digest('base64url')}"`;
    const reply: SharedReply = { contentType: head.contentType, vary: head.vary, body, etag, encoded: {}, size: key.length + body.length, stored: false };
    if (!this.enabled) return reply;
    this.#sync();
    if (revision !== this.#revision || key.length > MAX_KEY_LENGTH || reply.size > this.#maxBytes / 8) return reply;
    this.#drop(key);
    this.#entries.set(key, reply);
    reply.stored = true;
    this.#bytes += reply.size;
    this.#evict();
    return reply;
  }

  /**
   * Writes a reply: 200, its type and, when the client takes it, a compressed variant; or a
   * bodiless 304 to a GET that already holds these bytes (If-None-Match).
   */
  send(req: Request, res: Response, reply: SharedReply): void {
    let body = reply.body;
    const compressible = body.length >= COMPRESS_FROM_BYTES;
    if (reply.vary) res.vary(reply.vary);
    if (compressible) res.vary('Accept-Encoding');
    res.statusCode = 200;
    res.setHeader('ETag', reply.etag);
    if (req.fresh) {
      res.statusCode = 304;
      res.end();
      return;
    }
    if (compressible) {
      const encoding = req.acceptsEncodings('br', 'gzip', 'identity');
      if (encoding === 'br' || encoding === 'gzip') {
        body = this.#encoded(reply, encoding);
        res.setHeader('Content-Encoding', encoding);
      }
    }
    res.setHeader('Content-Type', reply.contentType);
    res.setHeader('Content-Length', body.length);
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  #encoded(reply: SharedReply, encoding: Encoding): Buffer {
    let body = reply.encoded[encoding];
    if (!body) {
      // The compression middleware's settings: brotli quality 4, gzip level 6.
      body =
        encoding === 'br'
          ? zlib.brotliCompressSync(reply.body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: reply.body.length } })
          : zlib.gzipSync(reply.body, { level: 6 });
      reply.encoded[encoding] = body;
      if (reply.stored) {
        reply.size += body.length;
        this.#bytes += body.length;
        this.#evict();
      }
    }
    return body;
  }

  #evict(): void {
    for (const [key] of this.#entries) {
      if (this.#bytes <= this.#maxBytes) break;
      this.#drop(key);
    }
  }

  #drop(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    entry.stored = false;
    this.#bytes -= entry.size;
  }

  /** Empties the cache when the catalogue has moved on. */
  #sync(): void {
    const now = this.#readRevision();
    if (now === this.#revision) return;
    for (const entry of this.#entries.values()) entry.stored = false;
    this.#entries.clear();
    this.#bytes = 0;
    this.#revision = now;
  }
}

/** The cache key of a tRPC call that may be shared: a GET in tRPC's plain JSON format (no streaming). */
function trpcKey(cache: ResponseCache, req: Request): string | undefined {
  if (!cache.enabled || req.method !== 'GET' || req.headers['trpc-accept'] !== undefined) return undefined;
  return req.originalUrl;
}

/**
 * First in line for /trpc, ahead of the compression middleware: answers GET queries the cache
 * holds, with their own compressed variants.
 */
export function serveSharedTrpc(cache: ResponseCache): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const key = trpcKey(cache, req);
    const hit = key === undefined ? undefined : cache.get(key);
    if (hit) return cache.send(req, res, hit);
    next();
  };
}

/**
 * Right in front of tRPC's adapter (behind compression, so it sees the plain bytes): keeps the
 * reply of a call, single or batched, whose procedures were all shared ones, as tRPC wrote it,
 * and sends it the way a cache hit is sent.
 */
export function keepSharedTrpc(cache: ResponseCache): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const key = trpcKey(cache, req);
    if (key === undefined) return next();
    // `/trpc/a,b?batch=1`: every procedure in the batch must have marked its result shareable.
    const procedures = req.path.split(',').length;
    const revision = cache.revision();
    captureReply(
      res,
      () => res.statusCode === 200 && shareableCount(res) === procedures && !res.hasHeader('set-cookie'),
      (body) => {
        const head = { contentType: String(res.getHeader('content-type') ?? 'application/json'), vary: headerText(res.getHeader('vary')) };
        cache.send(req, res, cache.put(key, revision, head, body));
      },
    );
    next();
  };
}

function headerText(value: string | number | string[] | undefined): string | undefined {
  if (value === undefined) return undefined;
  return Array.isArray(value) ? value.join(', ') : String(value);
}

/**
 * Decides at tRPC's first write (when its status and headers are final) whether the reply is to
 * be kept, with `wanted()`. If so, holds the body back and, at the end, hands it to `finish`,
 * which sends it (the reply then goes out exactly as later cache hits will: length, validator,
 * compressed variant). Otherwise everything passes straight through.
 */
function captureReply(res: Response, wanted: () => boolean, finish: (body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  let capturing: boolean | undefined;
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  /** Holds a chunk back; false when it is of a kind it cannot hold (then nothing is held). */
  const hold = (chunk: unknown, encoding: unknown): boolean => {
    if (chunk === undefined || chunk === null || typeof chunk === 'function') return true;
    if (typeof chunk === 'string') chunks.push(Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8'));
    else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
    else return false;
    return true;
  };
  const passThrough = () => {
    capturing = false;
    res.write = write as Response['write'];
    res.end = end as Response['end'];
    for (const chunk of chunks.splice(0)) write(chunk);
  };
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    capturing ??= wanted();
    if (capturing && hold(chunk, rest[0])) return true;
    passThrough();
    return write(chunk, ...rest);
  }) as Response['write'];
  res.end = ((...args: unknown[]) => {
    capturing ??= wanted();
    if (!capturing || !hold(args[0], args[1])) {
      passThrough();
      return end(...args);
    }
    res.write = write as Response['write'];
    res.end = end as Response['end'];
    finish(Buffer.concat(chunks));
    return res;
  }) as Response['end'];
}

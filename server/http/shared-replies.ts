import zlib from 'node:zlib';
import etag from 'etag';
import { LRUCache } from 'lru-cache';
import type { AnyTRPCRouter } from '@trpc/server';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import type { ChangeFeed } from '../db/change-feed';
import type { ProcedureMeta } from '../trpc/init';

/**
 * The one module that acts on a procedure's `.meta({ shared: { tags } })` (server/trpc/init.ts):
 * a reply made only of shared procedures is the same for everyone, so it goes out with
 * `Cache-Control: public, no-cache` and an ETag (a CDN or browser may keep it and revalidate
 * with If-None-Match), and is kept in an in-process LRU (`lru-cache`, bounded in bytes) under
 * its procedure calls, until a change stales one of its tags.
 *
 * Invalidation is targeted: each reply carries the tags its procedures declared (a product, a
 * category, search...), and database triggers log the tags a committed change stales (see
 * server/db/change-feed.ts). The log is read at most once per event-loop turn before a cache
 * read, after every request that may have written, and always before keeping a fresh reply,
 * which is dropped if a tag it carries went stale while it was computed. Other processes'
 * changes arrive through the same log, by the next turn.
 *
 * Shared procedures run with an anonymous context made once: no cookie is opened, and nothing
 * personal can reach a shared reply whatever the procedure does.
 */

/** One procedure call of a reply, as the request names it (input not yet validated). */
export type ProcedureCall = { path: string; input: unknown };

/** How a reply's body is made from its calls' results, and what else sets it apart. */
export type JsonReplyFormat = {
  /** Replies of different formats for the same calls are kept apart (an /api path, 'trpc', a page's address). */
  name: string;
  status?: number;
  body: (results: unknown[]) => unknown;
};

/**
 * A reply other than JSON (a server-rendered page), made from the same results. `more` names
 * calls that the first calls' answers decide (the home page's rows come from the categories'
 * list): they run next, their results follow the first ones, and their tags count as the reply's
 * (so the reply is kept under the first calls alone, and stales with everything it was made of).
 */
export type RenderedReplyFormat = Omit<JsonReplyFormat, 'body'> & {
  render: (results: unknown[]) => Promise<string>;
  type: string;
  more?: (results: readonly unknown[]) => ProcedureCall[];
};

export type ReplyFormat = JsonReplyFormat | RenderedReplyFormat;

type Encoding = 'br' | 'gzip';

type Reply = {
  status: number;
  type: string;
  body: Buffer;
  etag: string;
  tags: readonly string[];
  /** When a procedure's answer moves on by the clock alone (SharedReplyMeta.validUntil), in ms; null: never. */
  expiresAt: number | null;
  encoded: Partial<Record<Encoding, Buffer>>;
};

/** Replies smaller than this go out uncompressed, as the compression middleware does. */
const COMPRESS_FROM_BYTES = 1024;

/** Real keys (procedure paths and small inputs) are far shorter; longer ones are never kept. */
const MAX_KEY_LENGTH = 4096;

const JSON_TYPE = 'application/json; charset=utf-8';

/** Shared replies may be kept by anyone, but checked with the shop (If-None-Match) before each use. */
export const SHARED_CACHE_CONTROL = 'public, no-cache';

/** Everything else under /api and /trpc is personal or a write: never kept by a browser cache or a proxy. */
export const PERSONAL_CACHE_CONTROL = 'private, no-store';

type Caller = (path: string, input: unknown) => Promise<unknown>;

/** Responses this module answered (a shared read, even by POST on /api, wrote nothing). */
const sharedSent = new WeakSet<Response>();

type Procedures = Record<string, { _def: { meta?: ProcedureMeta } } | undefined>;

export class SharedReplies {
  readonly #procedures: Procedures;
  readonly #call: Caller;
  readonly #feed: ChangeFeed | null;
  readonly #log: Logger;
  readonly #lru: LRUCache<string, Reply> | null;
  readonly #keysByTag = new Map<string, Set<string>>();
  /** Bumped by every batch of changes read from the feed. */
  #generation = 0;
  /** For replies being computed: the generation each tag went stale in (cleared when none are). */
  readonly #staleAt = new Map<string, number>();
  #lostAt = -1;
  #computing = 0;
  #polledThisTurn = false;
  /** Set after this process may have written: the next cache read first waits for the feed to catch up. */
  #behind = false;
  #catchingUp: Promise<void> | null = null;
  /** Replies being computed, by key: readers of the same key wait for them (null: not kept). */
  readonly #inFlight = new Map<string, Promise<Reply | null>>();
  readonly #catchUpEveryRead: boolean;
  readonly #clock: () => Date;

  /**
   * @param call runs a procedure by its path for an anonymous caller (createCaller on a context
   *   with no user and no session).
   * @param maxBytes memory for kept replies; 0 keeps none (headers are still sent).
   * @param catchUpEveryRead every cache read first waits for the feed (a round trip on
   *   PostgreSQL), not only those after this process wrote. For tests, which write to the
   *   database directly, as another process would, and then read at once.
   * @param clock the procedures' clock (deps.clock): a reply past its `validUntil` on it is made again.
   */
  constructor(opts: { router: AnyTRPCRouter; call: Caller; feed: ChangeFeed | null; maxBytes: number; log: Logger; catchUpEveryRead?: boolean; clock?: () => Date }) {
    this.#catchUpEveryRead = opts.catchUpEveryRead ?? false;
    this.#clock = opts.clock ?? (() => new Date());
    this.#procedures = opts.router._def.procedures as Procedures;
    this.#call = opts.call;
    this.#feed = opts.feed;
    this.#log = opts.log;
    this.#lru =
      opts.maxBytes > 0 && opts.feed
        ? new LRUCache<string, Reply>({
            maxSize: opts.maxBytes,
            // An eighth of the budget at most, so one reply cannot push out everything else.
            maxEntrySize: Math.max(1, Math.floor(opts.maxBytes / 8)),
            sizeCalculation: (reply, key) => key.length + reply.body.length + (reply.encoded.br?.length ?? 0) + (reply.encoded.gzip?.length ?? 0),
            dispose: (reply, key, reason) => {
              if (reason !== 'set') this.#untag(key, reply);
            },
          })
        : null;
  }

  /** Entries and bytes held, for tests and logs. */
  get stats(): { entries: number; bytes: number } {
    return { entries: this.#lru?.size ?? 0, bytes: this.#lru?.calculatedSize ?? 0 };
  }

  /** True when every call names a procedure that declared its reply shared. */
  shares(calls: readonly ProcedureCall[]): boolean {
    return calls.length > 0 && calls.every((call) => this.#procedures[call.path]?._def.meta?.shared !== undefined);
  }

  /**
   * Answers `calls`, all of shared procedures (see `shares`), from the cache or by running them.
   * A call that fails goes to `fail` (the format's own error reply), and nothing is kept.
   */
  async respond(req: Request, res: Response, calls: ProcedureCall[], format: ReplyFormat, fail: (error: unknown) => void): Promise<void> {
    const key = this.#lru ? `${format.name}\n${JSON.stringify(calls)}` : undefined;
    const cacheable = key !== undefined && key.length <= MAX_KEY_LENGTH;
    if (cacheable) {
      if (this.#catchUpEveryRead && this.#feed?.catchUp) this.#behind = true;
      // Also while a round is under way: it began after a write this reader may follow.
      if (this.#behind || this.#catchingUp) await this.#catchUp();
      this.#sync(false);
      const hit = this.#lru!.get(key);
      if (hit && !this.#expired(hit)) return this.#send(req, res, hit, key);
      // Past its time (a delivery date after the cut-off): made again below.
      if (hit) this.#lru!.delete(key);
      // The same reply already being computed for someone else: wait for it rather than compute
      // it again (32 shoppers asking for one product at once would otherwise run its queries 32
      // times; on PostgreSQL, where they are round trips, the herd never thinned out). Taken
      // only if it was kept: fresh when it finished, which is after this reader came.
      const computing = this.#inFlight.get(key);
      if (computing) {
        const shared = await computing;
        if (shared && !this.#expired(shared)) return this.#send(req, res, shared, key);
      }
    }
    let settle: ((kept: Reply | null) => void) | undefined;
    if (cacheable && !this.#inFlight.has(key)) {
      const computing = new Promise<Reply | null>((resolve) => (settle = resolve));
      this.#inFlight.set(key, computing);
      void computing.then(() => {
        if (this.#inFlight.get(key) === computing) this.#inFlight.delete(key);
      });
    }
    const startedAt = this.#generation;
    this.#computing++;
    let reply: Reply;
    try {
      const first = await Promise.all(calls.map((call) => this.#call(call.path, call.input)));
      const more = 'render' in format && format.more ? format.more(first) : [];
      const results = more.length > 0 ? [...first, ...(await Promise.all(more.map((call) => this.#call(call.path, call.input))))] : first;
      const body = Buffer.from('render' in format ? await format.render(results) : JSON.stringify(format.body(results)));
      const type = 'render' in format ? format.type : JSON_TYPE;
      const all = [...calls, ...more];
      reply = {
        status: format.status ?? 200,
        type,
        body,
        etag: etag(body, { weak: true }),
        tags: this.#tagsOf(all, results),
        expiresAt: this.#expiryOf(all, results),
        encoded: {},
      };
    } catch (error) {
      this.#done();
      settle?.(null);
      return fail(error);
    }
    let kept = false;
    if (cacheable && this.#stillFresh(reply.tags, startedAt) && !this.#expired(reply)) {
      // A small body is a slice of Node's shared 8 KB buffer pool: kept, it would hold the slab.
      reply.body = exactCopy(reply.body);
      this.#lru!.set(key, reply);
      kept = this.#lru!.has(key);
      if (kept) this.#tag(key, reply);
    }
    this.#done();
    settle?.(kept ? reply : null);
    this.#send(req, res, reply, key);
  }

  /**
   * Express handler for tRPC GET queries: answers a call or batch made only of shared
   * procedures (tRPC's JSON wire format, no transformer) straight through the procedures;
   * anything else, and any failure, goes on to tRPC's own adapter, which words the error.
   */
  trpcQueries(): RequestHandler {
    return (req: Request, res: Response, next: NextFunction) => {
      // `trpc-accept: application/jsonl` asks for the streaming format: tRPC's adapter does that.
      if ((req.method !== 'GET' && req.method !== 'HEAD') || req.headers['trpc-accept'] !== undefined) return next();
      const calls = trpcCalls(req);
      if (!calls || !this.shares(calls.calls)) return next();
      const batch = calls.batch;
      const format: ReplyFormat = {
        name: batch ? 'trpc-batch' : 'trpc',
        body: (results) => (batch ? results.map((data) => ({ result: { data } })) : { result: { data: results[0] } }),
      };
      void this.respond(req, res, calls.calls, format, () => next());
    };
  }

  /**
   * Express middleware for /api and /trpc: every reply is personal (`private, no-store`) unless
   * this module sends it as shared; and after a request that may have written (any method but
   * GET and HEAD, not answered as a shared reply), the next cache read looks at the feed again.
   */
  personalByDefault(): RequestHandler {
    return (req: Request, res: Response, next: NextFunction) => {
      res.setHeader('Cache-Control', PERSONAL_CACHE_CONTROL);
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.on('finish', () => {
          if (sharedSent.has(res)) return;
          this.#polledThisTurn = false;
          if (this.#feed?.catchUp) this.#behind = true;
        });
      }
      next();
    };
  }

  /**
   * Waits until the feed holds this process's own writes: one round for every reader at that
   * moment, and a new round when a write finished after the current one began.
   */
  #catchUp(): Promise<void> {
    if (this.#behind || this.#catchingUp === null) {
      this.#behind = false;
      const round: Promise<void> = (this.#feed?.catchUp ? this.#feed.catchUp() : Promise.resolve()).finally(() => {
        if (this.#catchingUp === round) this.#catchingUp = null;
        this.#polledThisTurn = false;
      });
      this.#catchingUp = round;
    }
    return this.#catchingUp;
  }

  #tagsOf(calls: ProcedureCall[], results: unknown[]): string[] {
    const tags = new Set<string>();
    calls.forEach((call, i) => {
      for (const tag of this.#procedures[call.path]!._def.meta!.shared!.tags(call.input, results[i])) tags.add(tag);
    });
    return [...tags];
  }

  /** The earliest `validUntil` any of the calls declared for its result, in ms; null when none did. */
  #expiryOf(calls: ProcedureCall[], results: unknown[]): number | null {
    let earliest: number | null = null;
    for (const [i, call] of calls.entries()) {
      const until = this.#procedures[call.path]!._def.meta!.shared!.validUntil?.(call.input, results[i]) ?? null;
      if (until === null) continue;
      const at = Date.parse(until);
      // An unreadable instant: the reply is not kept at all.
      const ms = Number.isNaN(at) ? -Infinity : at;
      earliest = earliest === null ? ms : Math.min(earliest, ms);
    }
    return earliest;
  }

  #expired(reply: Reply): boolean {
    return reply.expiresAt !== null && this.#clock().getTime() >= reply.expiresAt;
  }

  /** Whether a reply whose computing started at generation `since` is still current (reading the feed first). */
  #stillFresh(tags: readonly string[], since: number): boolean {
    this.#sync(true);
    if (this.#lostAt > since) return false;
    return tags.every((tag) => (this.#staleAt.get(tag) ?? -1) <= since);
  }

  #done(): void {
    if (--this.#computing === 0) this.#staleAt.clear();
  }

  /** Reads the change feed (once per event-loop turn unless `force`) and drops what it stales. */
  #sync(force: boolean): void {
    if (!this.#feed || (this.#polledThisTurn && !force)) return;
    if (!this.#polledThisTurn) {
      this.#polledThisTurn = true;
      setImmediate(() => (this.#polledThisTurn = false));
    }
    let changes: { tags: string[]; lost: boolean };
    try {
      changes = this.#feed.poll();
    } catch (error) {
      // Unreadable log (the database is busy or gone): keep nothing that might be stale.
      this.#log.warn({ err: error }, 'could not read the change feed; emptying the shared reply cache');
      changes = { tags: [], lost: true };
    }
    if (changes.tags.length === 0 && !changes.lost) return;
    this.#generation++;
    if (changes.lost) {
      this.#lostAt = this.#generation;
      this.#lru?.clear();
      return;
    }
    for (const tag of changes.tags) {
      if (this.#computing > 0) this.#staleAt.set(tag, this.#generation);
      const keys = this.#keysByTag.get(tag);
      if (!keys) continue;
      for (const key of [...keys]) this.#lru?.delete(key);
    }
  }

  #tag(key: string, reply: Reply): void {
    for (const tag of reply.tags) {
      let keys = this.#keysByTag.get(tag);
      if (!keys) this.#keysByTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
  }

  #untag(key: string, reply: Reply): void {
    for (const tag of reply.tags) {
      const keys = this.#keysByTag.get(tag);
      if (!keys) continue;
      keys.delete(key);
      if (keys.size === 0) this.#keysByTag.delete(tag);
    }
  }

  /** 200 with a compressed variant when the client takes one, or a bodiless 304 to a GET that holds these bytes. */
  #send(req: Request, res: Response, reply: Reply, key: string | undefined): void {
    sharedSent.add(res);
    let body = reply.body;
    const compressible = body.length >= COMPRESS_FROM_BYTES;
    if (compressible) res.vary('Accept-Encoding');
    res.statusCode = reply.status;
    res.setHeader('Cache-Control', SHARED_CACHE_CONTROL);
    res.setHeader('ETag', reply.etag);
    if ((req.method === 'GET' || req.method === 'HEAD') && req.fresh) {
      res.statusCode = 304;
      res.end();
      return;
    }
    if (compressible) {
      const encoding = req.acceptsEncodings('br', 'gzip', 'identity');
      if (encoding === 'br' || encoding === 'gzip') {
        body = this.#encoded(reply, encoding, key);
        res.setHeader('Content-Encoding', encoding);
      }
    }
    res.setHeader('Content-Type', reply.type);
    res.setHeader('Content-Length', body.length);
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  #encoded(reply: Reply, encoding: Encoding, key: string | undefined): Buffer {
    let body = reply.encoded[encoding];
    if (!body) {
      // The compression middleware's settings: brotli quality 4, gzip level 6.
      body = exactCopy(
        encoding === 'br'
          ? zlib.brotliCompressSync(reply.body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: reply.body.length } })
          : zlib.gzipSync(reply.body, { level: 6 }),
      );
      reply.encoded[encoding] = body;
      // Re-set to count the variant against the budget (peek: a send is not a use).
      if (key !== undefined && this.#lru?.peek(key) === reply) this.#lru.set(key, reply, { noDisposeOnSet: true });
    }
    return body;
  }
}

/**
 * `buffer` in memory of its own size. zlib's sync output is a slice of a 16 KB chunk (or larger),
 * and `Buffer.from` puts a short string in a slice of an 8 KB pool: kept as they are, a 2 KB reply
 * would hold 16 KB, or a 300-byte one a pool's 8 KB, out of sight of the cache's byte budget.
 */
function exactCopy(buffer: Buffer): Buffer {
  if (buffer.buffer.byteLength === buffer.length) return buffer;
  const exact = Buffer.allocUnsafeSlow(buffer.length);
  buffer.copy(exact);
  return exact;
}

/**
 * The calls of a tRPC GET: `/trpc/a.b?input=<json>` or `/trpc/a.b,c.d?batch=1&input={"0":..,"1":..}`.
 * Undefined when the request is not in that form (tRPC's adapter then answers it).
 */
function trpcCalls(req: Request): { calls: ProcedureCall[]; batch: boolean } | undefined {
  let paths: string[];
  try {
    paths = decodeURIComponent(req.path.slice(1)).split(',');
  } catch {
    // Malformed percent-encoding: tRPC's adapter answers it (a 404 naming the path).
    return undefined;
  }
  if (paths.some((p) => p === '')) return undefined;
  const batch = req.query.batch === '1' || req.query.batch === 'true';
  if (!batch && paths.length > 1) return undefined;
  const raw = req.query.input;
  if (raw !== undefined && typeof raw !== 'string') return undefined;
  let input: unknown;
  try {
    input = raw === undefined ? undefined : JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (!batch) return { calls: [{ path: paths[0]!, input }], batch };
  const inputs = (input ?? {}) as Record<string, unknown>;
  if (typeof inputs !== 'object' || inputs === null) return undefined;
  return { calls: paths.map((path, i) => ({ path, input: inputs[String(i)] })), batch };
}

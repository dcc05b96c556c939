import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { Readable } from 'node:stream';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { LRUCache } from 'lru-cache';
import { AppError } from '../../errors';
import type { ImageStore } from '../../images/image-store';
import { MAX_IMAGE_BYTES, storeProductImage } from '../../images/image.service';

/**
 * The pictures an import names (issue 28): `Image URLs` and `Variant image URLs` cells at other
 * sites (http/https) are fetched, and cells without a scheme (`s24-grey-1.jpg`) are taken from a
 * ZIP uploaded with the file. Each picture goes through the shop's image pipeline (sniffed,
 * size and pixel limits, WebP renditions, the same store as the product form's uploads), before
 * any transaction opens, and answers its stored `/images/…` address or a problem the plan
 * reports on every row that names it ("answered 404", "is not an image").
 *
 * Fetching is careful: http and https only, a private, loopback or link-local address is refused
 * (checked on the address actually connected to, so a name that resolves there, or a redirect to
 * it, is refused too) unless IMPORT_FETCH_PRIVATE allows it, a timeout per picture, a size cap
 * read off the stream, at most PICTURE_CONCURRENCY at a time, and caps on the count, the bytes
 * and the time of one import. A ZIP is read with limits on its entries and on the sizes they
 * declare (zip bombs), and an entry whose name climbs out of the archive (`../x.jpg`, `/etc/x`)
 * is ignored.
 */

/** What one picture of the file became: its stored address, or what went wrong (said after the picture's name). */
export type PictureResult = { url: string } | { error: string };

export const PICTURE_LIMITS = {
  /** Pictures fetched or read at once. */
  concurrency: 4,
  /** Distinct pictures one import fetches or reads. */
  maxPictures: 2000,
  /** Bytes one import fetches from other sites, in all. */
  maxTotalBytes: 500 * 1024 * 1024,
  /** Time one picture's fetch may take, connection to last byte. */
  timeoutMs: 15_000,
  /** Time all of an import's pictures may take; those not fetched by then are errors. */
  budgetMs: 5 * 60_000,
  /** Redirects followed per picture. */
  maxRedirects: 3,
  /** Files in a ZIP of pictures. */
  maxZipEntries: 10_000,
  /** The sizes a ZIP's files declare, in all (uncompressed). */
  maxZipBytes: 1024 * 1024 * 1024,
};
export type PictureLimits = typeof PICTURE_LIMITS;

const MAX_MB = Math.round(MAX_IMAGE_BYTES / (1024 * 1024));

/** A cell's picture at another site: fetched. */
export function isWebPicture(token: string): boolean {
  return /^https?:\/\//i.test(token);
}

/** A cell's picture without a scheme and not this shop's `/images/…`: a file name in the ZIP. */
export function isZipPicture(token: string): boolean {
  return !/^[a-z][a-z0-9+.-]*:/i.test(token) && !token.startsWith('/') && token.length <= 255;
}

// ---------- addresses ----------

const BLOCKED = new net.BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  BLOCKED.addSubnet(address, prefix, 'ipv4');
for (const [address, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  BLOCKED.addSubnet(address, prefix, 'ipv6');

/** Whether an address is this machine's, a private network's, link-local or not a unicast address at all. */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return BLOCKED.check(mapped[1], 'ipv4');
  const family = net.isIP(address);
  if (family === 4) return BLOCKED.check(address, 'ipv4');
  if (family === 6) return BLOCKED.check(address, 'ipv6');
  return true;
}

class PictureProblem extends Error {}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

/** dns.lookup that refuses to hand a private address to the connection (unless allowed). */
function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '');
      const list = addresses;
      if (!allowPrivate && list.some((a) => isPrivateAddress(a.address))) {
        return callback(Object.assign(new PictureProblem('is at a private or local network address (refused)'), { code: 'EPRIVATE' }), '');
      }
      if (options.all) return callback(null, list);
      const first = list[0];
      if (!first) return callback(Object.assign(new Error('no address'), { code: 'ENOTFOUND' }), '');
      return callback(null, first.address, first.family);
    });
  };
}

type FetchOptions = { allowPrivate: boolean; timeoutMs: number; maxBytes: number; maxRedirects: number; signal?: AbortSignal };

/**
 * The bytes at an http(s) address, or a PictureProblem saying why not in words an owner reads
 * after the address ("answered 404", "is larger than 5 MB", "did not answer within 15 s").
 */
export async function fetchPicture(address: string, opts: FetchOptions): Promise<Buffer> {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new PictureProblem('is not a valid address');
  }
  for (let redirects = 0; ; redirects++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new PictureProblem(redirects === 0 ? 'is not an http or https address' : 'redirects to an address that is not http or https');
    if (url.username || url.password) throw new PictureProblem('has a user name or password in it (refused)');
    const host = url.hostname.replace(/^\[|\]$/g, '');
    // An address written as an IP is connected to without a lookup: checked here.
    if (net.isIP(host) && !opts.allowPrivate && isPrivateAddress(host)) throw new PictureProblem('is at a private or local network address (refused)');
    const answer = await getOnce(url, opts);
    if ('location' in answer) {
      if (redirects >= opts.maxRedirects) throw new PictureProblem(`redirects more than ${opts.maxRedirects} times`);
      url = new URL(answer.location, url);
      continue;
    }
    return answer.bytes;
  }
}

function getOnce(url: URL, opts: FetchOptions): Promise<{ bytes: Buffer } | { location: string }> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    let settled = false;
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      reject(error);
    };
    const timer = setTimeout(() => fail(new PictureProblem(`did not answer within ${Math.ceil(opts.timeoutMs / 1000)} s`)), opts.timeoutMs);
    const req = client.get(
      url,
      {
        lookup: guardedLookup(opts.allowPrivate),
        // A connection of its own: a kept-alive socket would skip the address check of `lookup`.
        agent: false,
        headers: { accept: 'image/avif,image/webp,image/png,image/jpeg,image/gif;q=0.9,*/*;q=0.1', 'user-agent': 'Voltmart catalogue import' },
        signal: opts.signal,
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400 && res.headers.location) {
          res.resume();
          settled = true;
          clearTimeout(timer);
          return resolve({ location: res.headers.location });
        }
        if (status !== 200) {
          res.resume();
          return fail(new PictureProblem(`answered ${status}${res.statusMessage ? ` ${res.statusMessage}` : ''}`));
        }
        const declared = Number(res.headers['content-length']);
        if (Number.isFinite(declared) && declared > opts.maxBytes) return fail(new PictureProblem(`is larger than ${MAX_MB} MB`));
        readCapped(res, opts.maxBytes).then(
          (bytes) => {
            if (settled) return;
            settled = true;
            clearTimeout(timer);
            resolve({ bytes });
          },
          (error: unknown) => fail(error instanceof Error ? error : new Error(String(error))),
        );
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (error instanceof PictureProblem) return fail(error);
      if (error.code === 'EPRIVATE') return fail(new PictureProblem('is at a private or local network address (refused)'));
      if (error.name === 'AbortError') return fail(new PictureProblem('was not fetched: the import ran out of time'));
      const code = error.code ?? '';
      fail(
        new PictureProblem(
          code === 'ENOTFOUND' || code === 'EAI_AGAIN'
            ? 'could not be reached: no such host'
            : code === 'ECONNREFUSED'
              ? 'could not be reached: the connection was refused'
              : /CERT|SSL|TLS/i.test(code)
                ? 'could not be reached: its certificate is not valid'
                : `could not be reached${code ? ` (${code})` : ''}`,
        ),
      );
    });
  });
}

/** A stream's bytes, refused past `max` (read, never trusted from a header). */
function readCapped(stream: Readable, max: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) {
        stream.destroy();
        reject(new PictureProblem(`is larger than ${MAX_MB} MB`));
        return;
      }
      chunks.push(chunk);
    });
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', (error) => reject(error instanceof PictureProblem ? error : new PictureProblem('broke off while downloading')));
  });
}

// ---------- the ZIP ----------

/** A ZIP's usable files by name: the full path and, when unique, the bare file name (both lower case). */
export type ZipPictures = {
  find(name: string): { entry: Entry } | { error: string };
  read(entry: Entry): Promise<Buffer>;
  close(): void;
};

const badZip = (message: string) => new AppError('BAD_INPUT', message, { fieldErrors: { pictures: message } });

/**
 * Opens a ZIP of pictures: its directory is read whole first (entries counted, declared sizes
 * summed, names checked), nothing decompressed until a row names a file.
 * @throws AppError BAD_INPUT (field `pictures`) for a file that is not a ZIP, or past the limits.
 */
export async function openZipPictures(bytes: Buffer, limits: Pick<PictureLimits, 'maxZipEntries' | 'maxZipBytes'> = PICTURE_LIMITS): Promise<ZipPictures> {
  let zip: ZipFile;
  try {
    zip = await new Promise<ZipFile>((resolve, reject) =>
      yauzl.fromBuffer(bytes, { lazyEntries: true, decodeStrings: false, validateEntrySizes: true, autoClose: false }, (error, z) => (error ? reject(error) : resolve(z))),
    );
  } catch {
    throw badZip('The pictures file is not a ZIP archive (save the folder of pictures as a .zip).');
  }
  if (zip.entryCount > limits.maxZipEntries) {
    zip.close();
    throw badZip(`The ZIP of pictures holds ${zip.entryCount} files: at most ${limits.maxZipEntries}.`);
  }
  const byPath = new Map<string, Entry>();
  const byBase = new Map<string, Entry[]>();
  let declared = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('error', reject);
      zip.on('end', () => resolve());
      zip.on('entry', (entry: Entry) => {
        const name = yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, entry.fileNameRaw, entry.extraFields, false);
        declared += entry.uncompressedSize;
        if (declared > limits.maxZipBytes) {
          reject(badZip(`The ZIP of pictures unpacks to more than ${Math.round(limits.maxZipBytes / (1024 * 1024))} MB: send the pictures in smaller ZIPs.`));
          return;
        }
        // Folders, and names that climb out of the archive or are absolute, are ignored.
        if (!name.endsWith('/') && yauzl.validateFileName(name) === null && !/(^|\/)\.\.(\/|$)/.test(name) && !/^[a-z]:/i.test(name)) {
          const key = name.toLowerCase();
          byPath.set(key, entry);
          const base = key.slice(key.lastIndexOf('/') + 1);
          byBase.set(base, [...(byBase.get(base) ?? []), entry]);
        }
        zip.readEntry();
      });
      zip.readEntry();
    });
  } catch (error) {
    zip.close();
    if (error instanceof AppError) throw error;
    throw badZip('The ZIP of pictures is damaged: make it again and upload it with the file.');
  }
  return {
    find(name) {
      const key = name.toLowerCase().replace(/^\.\//, '');
      const exact = byPath.get(key);
      if (exact) return { entry: exact };
      const same = byBase.get(key.slice(key.lastIndexOf('/') + 1)) ?? [];
      if (same.length === 1 && same[0]) return { entry: same[0] };
      if (same.length > 1) return { error: `is the name of ${same.length} files in the ZIP (in different folders): write its folder too` };
      return { error: 'is not in the ZIP of pictures' };
    },
    async read(entry) {
      if (entry.uncompressedSize > MAX_IMAGE_BYTES) throw new PictureProblem(`is larger than ${MAX_MB} MB`);
      if (entry.isEncrypted()) throw new PictureProblem('is encrypted in the ZIP');
      let stream: Readable;
      try {
        stream = await new Promise<Readable>((resolve, reject) => zip.openReadStream(entry, (error, s) => (error ? reject(error) : resolve(s))));
      } catch {
        throw new PictureProblem('cannot be read from the ZIP');
      }
      try {
        return await readCapped(stream, MAX_IMAGE_BYTES);
      } catch (error) {
        throw error instanceof PictureProblem && /larger/.test(error.message) ? error : new PictureProblem('cannot be read from the ZIP (damaged)');
      }
    },
    close: () => zip.close(),
  };
}

// ---------- resolving a file's pictures ----------

/** What an upload's pictures were stored as, kept for the hour an upload lives (so the apply does not fetch again what its dry run did). */
const resolvedCache = new LRUCache<string, string>({ max: 20_000, ttl: 60 * 60 * 1000 });

export type ResolveInput = {
  /** The cells' pictures to fetch (http/https) or take from the ZIP (bare names), each once. */
  tokens: readonly string[];
  zip: Buffer | null;
  store: ImageStore;
  allowPrivate: boolean;
  /** Keys the cache of what was stored (the upload's id). */
  cacheKey: string;
  limits?: Partial<PictureLimits>;
};

/** Runs `work` over `items`, `concurrency` at a time. */
async function pool<T>(items: readonly T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, worker));
}

function imageProblem(error: unknown): string {
  if (error instanceof PictureProblem) return error.message;
  if (error instanceof AppError) {
    if (error.appCode === 'IMAGE_TOO_LARGE') return `is larger than ${MAX_MB} MB`;
    if (error.appCode === 'IMAGE_TOO_MANY_PIXELS') return 'has too many pixels (the limit is 40 megapixels)';
    if (error.appCode === 'IMAGE_INVALID') return 'is not an image the shop takes (JPEG, PNG, WebP, GIF or AVIF)';
  }
  return 'could not be stored';
}

/**
 * Fetches or unpacks each picture, stores it through the image pipeline and answers what each
 * became. Never throws for one picture (its problem is its answer); throws AppError BAD_INPUT
 * only for a ZIP that cannot be used at all.
 */
export async function resolvePictures(input: ResolveInput): Promise<Map<string, PictureResult>> {
  const limits = { ...PICTURE_LIMITS, ...input.limits };
  const results = new Map<string, PictureResult>();
  const tokens = [...new Set(input.tokens)];
  if (tokens.length === 0) return results;
  const needsZip = tokens.some((t) => !isWebPicture(t));
  const zip = needsZip && input.zip ? await openZipPictures(input.zip, limits) : null;
  const deadline = AbortSignal.timeout(limits.budgetMs);
  let fetchedBytes = 0;
  try {
    const toFetch: string[] = [];
    for (const token of tokens) {
      const cached = resolvedCache.get(`${input.cacheKey}\n${token}`);
      if (cached && (await input.store.has(cached.slice('/images/'.length)))) results.set(token, { url: cached });
      else if (toFetch.length >= limits.maxPictures)
        results.set(token, { error: `was not fetched: one import takes at most ${limits.maxPictures} pictures (import the rest in another file)` });
      else toFetch.push(token);
    }
    await pool(toFetch, limits.concurrency, async (token) => {
      try {
        let bytes: Buffer;
        if (isWebPicture(token)) {
          if (deadline.aborted)
            throw new PictureProblem(`was not fetched: the import’s pictures took over ${Math.round(limits.budgetMs / 60_000)} minutes (import the rest in another file)`);
          if (fetchedBytes >= limits.maxTotalBytes)
            throw new PictureProblem(
              `was not fetched: the import already fetched ${Math.round(limits.maxTotalBytes / (1024 * 1024))} MB of pictures (import the rest in another file)`,
            );
          bytes = await fetchPicture(token, {
            allowPrivate: input.allowPrivate,
            timeoutMs: limits.timeoutMs,
            maxBytes: MAX_IMAGE_BYTES,
            maxRedirects: limits.maxRedirects,
            signal: deadline,
          });
          fetchedBytes += bytes.length;
        } else {
          if (!zip) throw new PictureProblem('is a file name, but no ZIP of pictures was uploaded with the file');
          const found = zip.find(token);
          if ('error' in found) throw new PictureProblem(found.error);
          bytes = await zip.read(found.entry);
        }
        const stored = await storeProductImage(input.store, bytes);
        resolvedCache.set(`${input.cacheKey}\n${token}`, stored.url);
        results.set(token, { url: stored.url });
      } catch (error) {
        results.set(token, { error: imageProblem(error) });
      }
    });
  } finally {
    zip?.close();
  }
  return results;
}

import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { mkdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import etag from 'etag';
import express, { type Request, type RequestHandler, type Response } from 'express';
import { LRUCache } from 'lru-cache';
import { IMAGE_HASH_LENGTH, IMAGE_RENDITION_WIDTHS } from '../../shared/images';
import { dialectOf, nowIso, type DB } from '../db/database';
import type { Env } from '../env';
import { findStoredImage, insertStoredImages, storedImageExists } from './stored-images.queries';

/**
 * The name of every image the shop stores: a product image `<hash>.webp`, its renditions
 * `<hash>-w<width>.webp`, an avatar `avatar-<hash>.webp`. A store accepts and serves nothing else.
 */
export const STORED_IMAGE_NAME = new RegExp(`^(?:avatar-)?[0-9a-f]{${IMAGE_HASH_LENGTH}}(?:-w(?:${IMAGE_RENDITION_WIDTHS.join('|')}))?\\.webp$`);

/** Every stored name ends in .webp: the pipeline writes WebP only. */
const IMAGE_CONTENT_TYPE = 'image/webp';

/** A content-hash name never changes its bytes: a year, and no revalidation. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** What the database store keeps of recently served images in each process. */
const DATABASE_CACHE_BYTES = 8 * 1024 * 1024;

export interface ImageFile {
  name: string;
  data: Buffer;
}

/**
 * Where uploaded and generated images live, and how `/images/<name>` serves them. Names are
 * content hashes (STORED_IMAGE_NAME), so an image, once stored, never changes.
 */
export interface ImageStore {
  /** Whether an image of this name is stored (false for a name no store would accept). */
  has(name: string): Promise<boolean>;
  /** The stored bytes, or null when there is no such image. */
  get(name: string): Promise<Buffer | null>;
  /**
   * Stores a set of images that belong together (a product image and its renditions), all or
   * nothing: the database inserts the set in one statement; the folder writes each file
   * atomically in the order given, so once the last file is there the whole set is (callers put
   * the main image last and check for it). A name already stored is left as it is (same name,
   * same bytes). Throws on a name outside STORED_IMAGE_NAME, before writing anything.
   */
  putAll(files: readonly ImageFile[]): Promise<void>;
  /**
   * `GET`/`HEAD /<name>` (mounted at /images): immutable caching, a validator answered with
   * 304, and headers that keep the bytes from ever running as anything but an image. Anything
   * else (another method, a name outside STORED_IMAGE_NAME, a missing image) is a plain 404.
   */
  serve(): RequestHandler;
}

/**
 * The store for a database: files in DATA_DIR/images for the single-process SQLite shop, the
 * `stored_images` table on PostgreSQL, where several app processes share the database but not
 * a disk. The one place that choice is made.
 */
export function openImageStore(db: DB, env: Pick<Env, 'imagesDir'>): ImageStore {
  return dialectOf(db) === 'postgres' ? databaseImageStore(db) : folderImageStore(env.imagesDir);
}

function checkNames(files: readonly ImageFile[]): void {
  for (const file of files) {
    if (!STORED_IMAGE_NAME.test(file.name)) throw new Error(`Not a stored image name: ${JSON.stringify(file.name)}`);
  }
}

/** The image a request asks for: its name, or null for anything that is not a GET or HEAD of a stored image name. */
function requestedName(req: Request): string | null {
  // req.path is `/<name>`, still percent-encoded: the pattern has no slash, `%` or `.`-only
  // segment, so no sub-folder, `..` or encoded trick can match.
  const name = req.path.slice(1);
  return (req.method === 'GET' || req.method === 'HEAD') && STORED_IMAGE_NAME.test(name) ? name : null;
}

/** Served as an image that can never run anything, whatever its bytes: nosniff and a CSP that sandboxes the response and allows nothing. */
function setSandboxHeaders(res: Response): void {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
}

function notFound(res: Response): void {
  res.status(404).type('text/plain').send('Image not found');
}

/**
 * Images as files in `dir`, served by express.static. Only files the image pipeline wrote
 * (STORED_IMAGE_NAME) are served, as `image/webp`; whatever else is in the folder (an .html,
 * .svg or .js put there by any means, temp files, sub-folders) is a 404.
 */
export function folderImageStore(dir: string): ImageStore {
  fs.mkdirSync(dir, { recursive: true });
  return {
    async has(name) {
      if (!STORED_IMAGE_NAME.test(name)) return false;
      try {
        return (await stat(path.join(dir, name))).isFile();
      } catch {
        return false;
      }
    },
    async get(name) {
      if (!STORED_IMAGE_NAME.test(name)) return null;
      try {
        return await readFile(path.join(dir, name));
      } catch (error) {
        if (['ENOENT', 'EISDIR', 'ENOTDIR'].includes((error as NodeJS.ErrnoException).code ?? '')) return null;
        throw error;
      }
    },
    async putAll(files) {
      checkNames(files);
      await writeAllAtomically(dir, files);
    },
    serve() {
      const files = express.static(dir, {
        immutable: true,
        maxAge: '365d',
        index: false,
        dotfiles: 'deny',
        fallthrough: true,
        // A folder named like an image is not an image: no redirect into it.
        redirect: false,
        setHeaders: (res) => {
          res.setHeader('Content-Type', IMAGE_CONTENT_TYPE);
          setSandboxHeaders(res);
        },
      });
      return (req: Request, res: Response) => {
        if (requestedName(req) === null) return notFound(res);
        void files(req, res, () => notFound(res));
      };
    },
  };
}

/**
 * Writes every file atomically (temp file, then rename) in the given order, so a reader never
 * sees half a file and the last file's presence means the whole set is complete.
 */
async function writeAllAtomically(dir: string, files: readonly ImageFile[]): Promise<void> {
  await mkdir(dir, { recursive: true });
  const temps: string[] = [];
  try {
    for (const file of files) {
      const temp = path.join(dir, `.${file.name}.${randomBytes(6).toString('hex')}.tmp`);
      temps.push(temp);
      await writeFile(temp, file.data);
      await rename(temp, path.join(dir, file.name));
      temps.pop();
    }
  } catch (error) {
    await Promise.all(temps.map((temp) => unlink(temp).catch(() => undefined)));
    throw error;
  }
}

type CachedImage = { bytes: Buffer; etag: string; lastModified: string };

/**
 * Images as rows of `stored_images` (bytea on PostgreSQL), so every app process sharing the
 * database serves what any of them stored. A set is one INSERT: it lands whole or not at all.
 * Recently served images stay in an LRU of this process (8 MB): rows never change, so a cached
 * image is never stale, and a hot image is not read from the database per request. Misses are
 * not remembered: another process may store the image a moment later.
 */
export function databaseImageStore(db: DB): ImageStore {
  const cache = new LRUCache<string, CachedImage>({
    maxSize: DATABASE_CACHE_BYTES,
    sizeCalculation: (image, name) => image.bytes.length + name.length,
    // Concurrent requests for one image share one read.
    fetchMethod: async (name) => {
      const row = await findStoredImage(db, name);
      return row && { bytes: row.bytes, etag: etag(row.bytes), lastModified: new Date(row.createdAt).toUTCString() };
    },
  });
  return {
    async has(name) {
      if (!STORED_IMAGE_NAME.test(name)) return false;
      return cache.has(name) || (await storedImageExists(db, name));
    },
    async get(name) {
      if (!STORED_IMAGE_NAME.test(name)) return null;
      return (await cache.fetch(name))?.bytes ?? null;
    },
    async putAll(files) {
      checkNames(files);
      const createdAt = nowIso();
      await insertStoredImages(
        db,
        files.map((file) => ({ name: file.name, contentType: IMAGE_CONTENT_TYPE, bytes: file.data, createdAt })),
      );
    },
    serve() {
      return (req, res, next) => {
        const name = requestedName(req);
        if (name === null) return notFound(res);
        cache.fetch(name).then((image) => {
          if (!image) return notFound(res);
          res.setHeader('Cache-Control', IMMUTABLE);
          res.setHeader('ETag', image.etag);
          res.setHeader('Last-Modified', image.lastModified);
          setSandboxHeaders(res);
          if (req.fresh) {
            res.status(304).end();
            return;
          }
          // The type comes from the name (as in the folder store), never from the row: a row
          // written by other means cannot choose how it is served.
          res.setHeader('Content-Type', IMAGE_CONTENT_TYPE);
          res.setHeader('Content-Length', image.bytes.length);
          res.status(200).end(req.method === 'HEAD' ? undefined : image.bytes);
        }, next);
      };
    },
  };
}

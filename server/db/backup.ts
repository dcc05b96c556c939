import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { z } from 'zod';
import { migrationNames } from './migrations';
import { sqliteMigrationState, sqliteRowCounts, sqliteShopTables } from './shop-tables';

// `npm run backup` and `npm run restore` for a SQLite shop: the database, its images and its
// session secret, in one folder with a manifest that restore checks before it copies anything
// back. scripts/backup.ts and scripts/restore.ts are the command lines around these functions.

/** A backup or restore that must not go ahead; the message says why. */
export class BackupError extends Error {}

/** What `npm run backup` and `restore` say on a PostgreSQL shop. */
export const POSTGRES_BACKUP_ADVICE =
  "This shop runs on PostgreSQL: back it up with PostgreSQL's own tools (a managed PostgreSQL also keeps backups of its own). " +
  'Take one with  pg_dump --format=custom --file=voltmart.dump "$DATABASE_URL"  and put it back into an empty database with  pg_restore --no-owner --dbname="$DATABASE_URL" voltmart.dump';

const DATABASE_FILE = 'shop.sqlite';
const IMAGES_DIR = 'images';
const SECRET_FILE = 'session-secret';
const MANIFEST_FILE = 'manifest.json';

const ManifestSchema = z.object({
  format: z.literal('voltmart-backup'),
  version: z.literal(1),
  created_at: z.string(),
  /** The last migration the database had run. */
  migration: z.string(),
  database: z.object({ file: z.literal(DATABASE_FILE), bytes: z.number().int().min(0), sha256: z.string().regex(/^[0-9a-f]{64}$/) }),
  /** Rows per shop table. */
  tables: z.record(z.string(), z.number().int().min(0)),
  images: z.object({ count: z.number().int().min(0), bytes: z.number().int().min(0) }),
  session_secret: z.boolean(),
});

export type BackupManifest = z.infer<typeof ManifestSchema>;

/** Where a SQLite shop keeps its data (from the settings: DATA_DIR, DATABASE_URL). */
export type ShopFiles = { dataDir: string; databaseFile: string; imagesDir: string };

export type BackupProgress = { step: 'database' } | { step: 'images'; done: number; total: number };

/**
 * Takes a consistent backup of a SQLite shop, while it keeps serving, into a new folder
 * `<outDir>/voltmart-<UTC time>/`: shop.sqlite, images/, session-secret (when there is one)
 * and manifest.json. The folder appears only once complete (it is written under a dot name and
 * renamed), and is checked like restore checks it before this returns.
 */
export async function backupShop(
  shop: ShopFiles,
  opts: { outDir: string; clock?: () => Date; onProgress?: (progress: BackupProgress) => void },
): Promise<{ folder: string; manifest: BackupManifest }> {
  if (!fs.existsSync(shop.databaseFile)) throw new BackupError(`No shop database at ${shop.databaseFile}: nothing to back up`);
  const outDir = path.resolve(opts.outDir);
  if (isInside(outDir, shop.imagesDir)) throw new BackupError(`Backups cannot go inside the images folder (${shop.imagesDir})`);
  const now = (opts.clock ?? (() => new Date()))();
  fs.mkdirSync(outDir, { recursive: true });
  const name = freeName(
    outDir,
    `voltmart-${now
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d+Z$/, 'Z')}`,
  );
  const partial = path.join(outDir, `.${name}.partial`);
  const folder = path.join(outDir, name);
  fs.mkdirSync(partial);
  try {
    opts.onProgress?.({ step: 'database' });
    const databaseCopy = path.join(partial, DATABASE_FILE);
    snapshotDatabase(shop.databaseFile, databaseCopy);
    const { migration, tables } = checkDatabase(databaseCopy);

    // After the database: every image its rows name was written before them, so it is there.
    const listed = listFiles(shop.imagesDir);
    const images: typeof listed = [];
    fs.mkdirSync(path.join(partial, IMAGES_DIR));
    for (const image of listed) {
      const to = path.join(partial, IMAGES_DIR, image.name);
      fs.mkdirSync(path.dirname(to), { recursive: true });
      try {
        fs.copyFileSync(path.join(shop.imagesDir, image.name), to, fs.constants.COPYFILE_EXCL);
        images.push(image);
      } catch (error) {
        // Deleted since it was listed (an admin removed a product's picture): not in the backup.
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
      opts.onProgress?.({ step: 'images', done: images.length, total: listed.length });
    }

    const secret = path.join(shop.dataDir, SECRET_FILE);
    const hasSecret = fs.existsSync(secret);
    if (hasSecret) {
      fs.copyFileSync(secret, path.join(partial, SECRET_FILE));
      fs.chmodSync(path.join(partial, SECRET_FILE), 0o600);
    }

    const manifest: BackupManifest = {
      format: 'voltmart-backup',
      version: 1,
      created_at: now.toISOString(),
      migration,
      database: { file: DATABASE_FILE, bytes: fs.statSync(databaseCopy).size, sha256: await sha256File(databaseCopy) },
      tables,
      images: { count: images.length, bytes: images.reduce((sum, f) => sum + f.bytes, 0) },
      session_secret: hasSecret,
    };
    fs.writeFileSync(path.join(partial, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    syncFile(path.join(partial, MANIFEST_FILE));
    syncFile(partial);
    fs.renameSync(partial, folder);
    syncFile(outDir);
  } catch (error) {
    fs.rmSync(partial, { recursive: true, force: true });
    throw error;
  }
  return { folder, manifest: await verifyBackup(folder) };
}

/**
 * Checks a backup folder against its manifest: shop.sqlite's size and sha256, SQLite's
 * integrity check, the migration level and row counts, the images' count and size. Reads only
 * (the database copy is opened read-only). Throws BackupError naming the first difference.
 */
export async function verifyBackup(folder: string): Promise<BackupManifest> {
  const manifestFile = path.join(folder, MANIFEST_FILE);
  if (!fs.existsSync(manifestFile)) throw new BackupError(`No ${MANIFEST_FILE} in ${folder}: not a Voltmart backup, or an unfinished one`);
  let manifest: BackupManifest;
  try {
    manifest = ManifestSchema.parse(JSON.parse(fs.readFileSync(manifestFile, 'utf8')));
  } catch {
    throw new BackupError(`${manifestFile} is not a Voltmart backup manifest (version 1)`);
  }
  const database = path.join(folder, DATABASE_FILE);
  if (!fs.existsSync(database)) throw new BackupError(`${database} is missing`);
  if (fs.statSync(database).size !== manifest.database.bytes || (await sha256File(database)) !== manifest.database.sha256) {
    throw new BackupError(`${database} is not the file the manifest describes (its size or sha256 differs): the backup is damaged`);
  }
  const { migration, tables } = checkDatabase(database);
  if (migration !== manifest.migration) throw new BackupError(`${database} is at migration ${migration}, the manifest says ${manifest.migration}`);
  for (const [table, rows] of Object.entries(manifest.tables)) {
    if (tables[table] !== rows) throw new BackupError(`${database} has ${tables[table] ?? 'no'} rows in ${table}, the manifest says ${rows}`);
  }
  if (!migrationNames.includes(manifest.migration)) {
    throw new BackupError(`The backup was made by a newer version of Voltmart (migration ${manifest.migration}): restore it with that version`);
  }
  const images = listFiles(path.join(folder, IMAGES_DIR));
  const bytes = images.reduce((sum, f) => sum + f.bytes, 0);
  if (images.length !== manifest.images.count || bytes !== manifest.images.bytes) {
    throw new BackupError(
      `${path.join(folder, IMAGES_DIR)} holds ${images.length} files (${bytes} bytes), the manifest says ${manifest.images.count} (${manifest.images.bytes} bytes)`,
    );
  }
  if (fs.existsSync(path.join(folder, SECRET_FILE)) !== manifest.session_secret) throw new BackupError(`${SECRET_FILE} does not match the manifest`);
  return manifest;
}

/**
 * Restores a backup into a shop that has no data yet: DATA_DIR must be empty or not exist
 * (and the database file too, when DATABASE_URL puts it elsewhere). The backup is verified
 * first; the database file is written last, so a restore cut short never looks like a shop.
 */
export async function restoreShop(backupFolder: string, shop: ShopFiles, opts: { onProgress?: (progress: BackupProgress) => void } = {}): Promise<BackupManifest> {
  const folder = path.resolve(backupFolder);
  const manifest = await verifyBackup(folder);
  const present = fs.existsSync(shop.dataDir) ? fs.readdirSync(shop.dataDir) : [];
  if (present.length > 0) {
    const named = present.slice(0, 5).join(', ') + (present.length > 5 ? `, and ${present.length - 5} more` : '');
    throw new BackupError(`Restore goes into an empty DATA_DIR only; ${shop.dataDir} holds ${named}. Move it aside, or set DATA_DIR to a new folder`);
  }
  if (fs.existsSync(shop.databaseFile)) throw new BackupError(`${shop.databaseFile} exists: restore never overwrites a shop database. Move it aside first`);

  const created = fs.existsSync(shop.dataDir) ? [] : [shop.dataDir];
  fs.mkdirSync(shop.dataDir, { recursive: true });
  const temporary = `${shop.databaseFile}.restoring`;
  try {
    const images = listFiles(path.join(folder, IMAGES_DIR));
    fs.mkdirSync(shop.imagesDir, { recursive: true });
    created.push(shop.imagesDir);
    let done = 0;
    for (const image of images) {
      const to = path.join(shop.imagesDir, image.name);
      fs.mkdirSync(path.dirname(to), { recursive: true });
      fs.copyFileSync(path.join(folder, IMAGES_DIR, image.name), to, fs.constants.COPYFILE_EXCL);
      opts.onProgress?.({ step: 'images', done: ++done, total: images.length });
    }
    if (manifest.session_secret) {
      const secret = path.join(shop.dataDir, SECRET_FILE);
      created.push(secret);
      fs.copyFileSync(path.join(folder, SECRET_FILE), secret, fs.constants.COPYFILE_EXCL);
      fs.chmodSync(secret, 0o600);
    }
    opts.onProgress?.({ step: 'database' });
    fs.mkdirSync(path.dirname(shop.databaseFile), { recursive: true });
    created.push(temporary);
    fs.copyFileSync(path.join(folder, DATABASE_FILE), temporary, fs.constants.COPYFILE_EXCL);
    syncFile(temporary);
    if ((await sha256File(temporary)) !== manifest.database.sha256) throw new BackupError(`The copy of ${DATABASE_FILE} differs from the backup: disk trouble?`);
    fs.renameSync(temporary, shop.databaseFile);
    syncFile(path.dirname(shop.databaseFile));
  } catch (error) {
    for (const made of created.reverse()) fs.rmSync(made, { recursive: true, force: true });
    throw error;
  }
  return manifest;
}

/**
 * A consistent copy of the live database. VACUUM INTO reads inside one read transaction, so
 * the copy is the database as of one moment while the shop goes on writing (WAL lets it).
 * SQLite's online backup API would restart from the first page whenever another process
 * writes, and a busy shop writes all the time. VACUUM INTO does not fsync its output: we do.
 */
function snapshotDatabase(from: string, to: string): void {
  const source = new SQLite(from, { fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    source.prepare('vacuum into ?').run(to);
  } finally {
    source.close();
  }
  syncFile(to);
}

/** Opens a database copy read-only: integrity check, migration level, rows per shop table. */
function checkDatabase(file: string): { migration: string; tables: Record<string, number> } {
  const sqlite = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const integrity = sqlite.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') throw new BackupError(`${file} fails SQLite's integrity check: ${String(integrity)}`);
    const { latest } = sqliteMigrationState(sqlite);
    if (latest === null) throw new BackupError(`${file} is not a Voltmart database (it has no migrations)`);
    sqlite.exec('begin');
    try {
      return { migration: latest, tables: sqliteRowCounts(sqlite, sqliteShopTables(sqlite)) };
    } finally {
      sqlite.exec('rollback');
    }
  } finally {
    sqlite.close();
  }
}

/**
 * Every file under `dir` (names relative to it), leaving out dot files: the image store writes
 * each image to a dot-named temporary file first, so those are images still being written.
 * Images are content-hashed and never change once renamed into place, so a copy while the shop
 * serves is a good one.
 */
function listFiles(dir: string): { name: string; bytes: number }[] {
  if (!fs.existsSync(dir)) return [];
  const files: { name: string; bytes: number }[] = [];
  const walk = (relative: string) => {
    for (const entry of fs.readdirSync(path.join(dir, relative), { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const name = path.join(relative, entry.name);
      if (entry.isDirectory()) walk(name);
      else if (entry.isFile()) files.push({ name, bytes: fs.statSync(path.join(dir, name)).size });
    }
  };
  walk('');
  return files.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

async function sha256File(file: string): Promise<string> {
  const hash = crypto.createHash('sha256');
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Flushes a file (or a folder's entries) to disk. */
function syncFile(file: string): void {
  const fd = fs.openSync(file, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

function freeName(dir: string, base: string): string {
  for (let n = 1; ; n++) {
    const name = n === 1 ? base : `${base}-${n}`;
    if (!fs.existsSync(path.join(dir, name)) && !fs.existsSync(path.join(dir, `.${name}.partial`))) return name;
  }
}

function isInside(child: string, parent: string): boolean {
  const relative = path.relative(path.resolve(parent), child);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

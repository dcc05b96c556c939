import fs from 'node:fs';
import path from 'node:path';
import { dialectOf, type DB } from '../db/database';

/**
 * Everything the shop's image store holds, sorted, for "nothing was written" checks: every
 * entry of the images folder, recursively, on SQLite (temp files and strays included, not only images), the
 * names in `stored_images` on PostgreSQL (the stores openImageStore picks).
 */
export async function storedImageNames(db: DB, imagesDir: string): Promise<string[]> {
  if (dialectOf(db) === 'postgres') {
    return (await db.selectFrom('stored_images').select('name').orderBy('name').execute()).map((row) => row.name);
  }
  return fs.existsSync(imagesDir) ? fs.readdirSync(imagesDir, { recursive: true, encoding: 'utf8' }).sort() : [];
}

/**
 * Puts `content` under `name` in the store's backing storage by other means than the store (a
 * file written into the folder, a row inserted into the table): what an attacker with some
 * other way in, or a stray tool, could leave there.
 */
export async function plantInImageStore(db: DB, imagesDir: string, name: string, content: string): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await db
      .insertInto('stored_images')
      .values({ name, content_type: name.endsWith('.svg') ? 'image/svg+xml' : 'text/html', bytes: Buffer.from(content), created_at: new Date().toISOString() })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    return;
  }
  fs.mkdirSync(imagesDir, { recursive: true });
  fs.writeFileSync(path.join(imagesDir, name), content);
}

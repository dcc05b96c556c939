import type { DB } from '../db/database';

/** An image as the database store keeps it. */
export interface StoredImageRow {
  name: string;
  contentType: string;
  bytes: Buffer;
  createdAt: string;
}

/** The image named `name` (bound as a parameter, never spliced into SQL), or undefined. */
export async function findStoredImage(db: DB, name: string): Promise<StoredImageRow | undefined> {
  const row = await db.selectFrom('stored_images').select(['name', 'content_type', 'bytes', 'created_at']).where('name', '=', name).executeTakeFirst();
  return row && { name: row.name, contentType: row.content_type, bytes: row.bytes, createdAt: row.created_at };
}

export async function storedImageExists(db: DB, name: string): Promise<boolean> {
  return (await db.selectFrom('stored_images').select('name').where('name', '=', name).executeTakeFirst()) !== undefined;
}

/**
 * Inserts the images in one statement, so the set lands whole or not at all. A name already
 * stored keeps its row (names are content hashes: same name, same image), which also makes two
 * processes storing the same upload at once harmless.
 */
export async function insertStoredImages(db: DB, rows: readonly StoredImageRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('stored_images')
    .values(rows.map((row) => ({ name: row.name, content_type: row.contentType, bytes: row.bytes, created_at: row.createdAt })))
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}

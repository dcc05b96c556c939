import type { BannersTable } from '../../db/schema';
import type { Selectable } from 'kysely';
import type { DB } from '../../db/database';
import type { AdminBanner } from '../../../shared/schemas/catalog';

type BannerRow = Pick<Selectable<BannersTable>, 'id' | 'kind' | 'position' | 'image_url' | 'alt' | 'link' | 'hidden' | 'demo'>;

const columns = ['id', 'kind', 'position', 'image_url', 'alt', 'link', 'hidden', 'demo'] as const;

function toAdminBanner(row: BannerRow): AdminBanner {
  return { _id: row.id, kind: row.kind, position: row.position, imageUrl: row.image_url, alt: row.alt, link: row.link, hidden: row.hidden === 1, demo: row.demo === 1 };
}

/** Every banner, shown or hidden, desktop then phone, in carousel order. */
export async function listAdminBanners(db: DB): Promise<AdminBanner[]> {
  const rows = await db.selectFrom('banners').select(columns).orderBy('kind').orderBy('position').orderBy('id').execute();
  return rows.map(toAdminBanner);
}

export async function findBanner(db: DB, id: string): Promise<AdminBanner | null> {
  const row = await db.selectFrom('banners').select(columns).where('id', '=', id).executeTakeFirst();
  return row ? toAdminBanner(row) : null;
}

export async function nextBannerPosition(db: DB, kind: 'desktop' | 'mobile'): Promise<number> {
  const row = await db
    .selectFrom('banners')
    .select((eb) => eb.fn.max('position').as('p'))
    .where('kind', '=', kind)
    .executeTakeFirst();
  return Number(row?.p ?? 0) + 1;
}

export async function insertBanner(
  db: DB,
  banner: { id: string; kind: 'desktop' | 'mobile'; position: number; imageUrl: string; alt: string; link: string; hidden: boolean; createdAt: string },
): Promise<void> {
  await db
    .insertInto('banners')
    .values({
      id: banner.id,
      kind: banner.kind,
      position: banner.position,
      image_url: banner.imageUrl,
      alt: banner.alt,
      link: banner.link,
      hidden: banner.hidden ? 1 : 0,
      created_at: banner.createdAt,
    })
    .execute();
}

export async function updateBanner(
  db: DB,
  id: string,
  banner: { kind: 'desktop' | 'mobile'; position: number; imageUrl: string; alt: string; link: string; hidden: boolean },
): Promise<void> {
  await db
    .updateTable('banners')
    .set({ kind: banner.kind, position: banner.position, image_url: banner.imageUrl, alt: banner.alt, link: banner.link, hidden: banner.hidden ? 1 : 0 })
    .where('id', '=', id)
    .execute();
}

export async function setBannerPosition(db: DB, id: string, position: number): Promise<void> {
  await db.updateTable('banners').set({ position }).where('id', '=', id).execute();
}

export async function deleteBanner(db: DB, id: string): Promise<boolean> {
  const result = await db.deleteFrom('banners').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

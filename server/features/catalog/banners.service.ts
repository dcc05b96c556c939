import { AppError } from '../../errors';
import { newId, nowIso } from '../../db/database';
import { transaction } from '../../db/transaction';
import type { Deps } from '../../deps';
import type { AdminBanner, BannerInputSchema } from '../../../shared/schemas/catalog';
import type { z } from 'zod';
import * as q from './banners.queries';
import { changedFields, writeAudit } from '../../audit/audit';

// The home page carousel, managed by the owner: add (an image from the image pipeline, its alt
// text and link), edit, hide or show, move up or down, delete. Every change stales the shared
// banners reply in its own transaction, so every process shows it on the next load, and is
// written to the audit log (before and after) in that transaction.

export function listBanners(deps: Pick<Deps, 'db'>): Promise<AdminBanner[]> {
  return q.listAdminBanners(deps.db);
}

export async function saveBanner(deps: Pick<Deps, 'db' | 'clock'>, input: z.output<typeof BannerInputSchema>, actorId: string | null = null): Promise<AdminBanner> {
  const id = input.bannerId ?? newId();
  await transaction(deps.db, async (trx) => {
    if (input.bannerId) {
      const current = await q.findBanner(trx, input.bannerId);
      if (!current) throw new AppError('NOT_FOUND', 'That banner no longer exists.');
      // Moving to the other carousel puts it last there.
      const position = current.kind === input.kind ? current.position : await q.nextBannerPosition(trx, input.kind);
      await q.updateBanner(trx, id, { kind: input.kind, position, imageUrl: input.imageUrl, alt: input.alt, link: input.link, hidden: input.hidden });
      const changes = changedFields(current, { ...current, ...input }, ['kind', 'imageUrl', 'alt', 'link', 'hidden']);
      if (changes.length > 0)
        await writeAudit(trx, { at: nowIso(deps.clock), actorId, action: 'banner.edit', detail: { bannerId: id, kind: input.kind, alt: input.alt, changes } });
    } else {
      const position = await q.nextBannerPosition(trx, input.kind);
      await q.insertBanner(trx, {
        id,
        kind: input.kind,
        position,
        imageUrl: input.imageUrl,
        alt: input.alt,
        link: input.link,
        hidden: input.hidden,
        createdAt: nowIso(deps.clock),
      });
      const { kind, imageUrl, alt, link, hidden } = input;
      await writeAudit(trx, { at: nowIso(deps.clock), actorId, action: 'banner.add', detail: { bannerId: id, kind, imageUrl, alt, link, hidden } });
    }
  });
  const saved = await q.findBanner(deps.db, id);
  if (!saved) throw new AppError('NOT_FOUND', 'That banner no longer exists.');
  return saved;
}

/** Swaps a banner with its neighbour in its carousel (no-op at either end). */
export async function moveBanner(deps: Pick<Deps, 'db' | 'clock'>, bannerId: string, direction: 'up' | 'down', actorId: string | null = null): Promise<AdminBanner[]> {
  await transaction(deps.db, async (trx) => {
    const banner = await q.findBanner(trx, bannerId);
    if (!banner) throw new AppError('NOT_FOUND', 'That banner no longer exists.');
    const siblings = (await q.listAdminBanners(trx)).filter((b) => b.kind === banner.kind);
    const index = siblings.findIndex((b) => b._id === bannerId);
    const other = siblings[direction === 'up' ? index - 1 : index + 1];
    if (!other) return;
    // Renumber the carousel 1..n with the two swapped, so equal or gapped positions cannot stall a move.
    const order = siblings.map((b) => b._id);
    order[index] = other._id;
    order[siblings.indexOf(other)] = bannerId;
    for (const [i, id] of order.entries()) await q.setBannerPosition(trx, id, i + 1);
    const detail = { bannerId, kind: banner.kind, alt: banner.alt, direction, from: index + 1, to: order.indexOf(bannerId) + 1 };
    await writeAudit(trx, { at: nowIso(deps.clock), actorId, action: 'banner.move', detail });
  });
  return q.listAdminBanners(deps.db);
}

export async function removeBanner(deps: Pick<Deps, 'db' | 'clock'>, bannerId: string, actorId: string | null = null): Promise<{ deleted: true }> {
  await transaction(deps.db, async (trx) => {
    const banner = await q.findBanner(trx, bannerId);
    if (!banner || !(await q.deleteBanner(trx, bannerId))) throw new AppError('NOT_FOUND', 'That banner no longer exists.');
    await writeAudit(trx, {
      at: nowIso(deps.clock),
      actorId,
      action: 'banner.delete',
      detail: { bannerId, kind: banner.kind, imageUrl: banner.imageUrl, alt: banner.alt, link: banner.link },
    });
  });
  return { deleted: true };
}

import { useEffect, useId, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { imageRenditionUrl } from '../../../../shared/images';
import type { AdminBanner } from '../../../../shared/schemas/catalog';
import { ChevronLeftIcon, ChevronRightIcon, EyeIcon, EyeOffIcon, PencilIcon, PlusIcon, TrashIcon } from '../../../components/icons';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { errorMessage } from '../../../lib/trpc';
import { useAdminBanners, useDeleteBanner, useMoveBanner, useSaveBanner } from '../api/use-admin-banners';
import { BANNER_KINDS, BannerFormDialog, type BannerKind } from './banner-form-dialog';
import { ModalDialog } from './modal-dialog';

export const BANNER_DELETED_MESSAGE = 'Banner deleted';
export const BANNER_HIDDEN_MESSAGE = 'Banner hidden';
export const BANNER_SHOWN_MESSAGE = 'Banner shown';
export const CAROUSEL_NOTE =
  'The home page shows the desktop banners, in their order, on screens 768 pixels wide and wider, and the phone banners, in their own order, on phones: each with its own picture, alt text and link, as many as you add. While no phone banner is shown, phones show the desktop banners. Hidden banners are left out.';

type Dialog = { kind: 'add'; carousel: BannerKind } | { kind: 'edit'; banner: AdminBanner } | { kind: 'delete'; banner: AdminBanner } | null;

/**
 * The owner's Banners page: the desktop and phone carousels, each banner with its picture, alt
 * text, link and badges (Hidden, Demo), and buttons to edit, hide or show, move up or down and
 * delete it (after a confirmation). "Add banner" opens the banner dialog.
 */
export function AdminBanners() {
  const banners = useAdminBanners();
  const save = useSaveBanner();
  const move = useMoveBanner();
  const remove = useDeleteBanner();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [announcement, setAnnouncement] = useState('');
  // The Move button pressed, focused again once its banner has moved (moving a DOM node drops the focus).
  const refocus = useRef<{ bannerId: string; direction: 'up' | 'down' } | null>(null);
  const baseId = useId();
  const moveButtonId = (bannerId: string, direction: 'up' | 'down') => `${baseId}-${bannerId}-${direction}`;

  useEffect(() => {
    const wanted = refocus.current;
    if (!wanted || move.isPending) return;
    refocus.current = null;
    const button = document.getElementById(moveButtonId(wanted.bannerId, wanted.direction));
    // At either end that button is disabled; its partner can still act.
    const other = document.getElementById(moveButtonId(wanted.bannerId, wanted.direction === 'up' ? 'down' : 'up'));
    (button instanceof HTMLButtonElement && !button.disabled ? button : other)?.focus();
  });

  const onMove = async (banner: AdminBanner, direction: 'up' | 'down') => {
    refocus.current = { bannerId: banner._id, direction };
    try {
      const order = await move.mutateAsync({ bannerId: banner._id, direction });
      const siblings = order.filter((b) => b.kind === banner.kind);
      const position = siblings.findIndex((b) => b._id === banner._id) + 1;
      setAnnouncement(`${banner.alt} moved to position ${position} of ${siblings.length}.`);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  const onToggleHidden = async (banner: AdminBanner) => {
    try {
      await save.mutateAsync({ bannerId: banner._id, kind: banner.kind, imageUrl: banner.imageUrl, alt: banner.alt, link: banner.link, hidden: !banner.hidden });
      toast.success(`${banner.hidden ? BANNER_SHOWN_MESSAGE : BANNER_HIDDEN_MESSAGE}: ${banner.alt}`);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  const onDelete = async (banner: AdminBanner) => {
    try {
      await remove.mutateAsync({ bannerId: banner._id });
      toast.success(`${BANNER_DELETED_MESSAGE}: ${banner.alt}`);
      setDialog(null);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-2xl font-bold tracking-tight">Banners</h1>
        <button type="button" className="btn-outline" onClick={() => setDialog({ kind: 'add', carousel: 'desktop' })}>
          <PlusIcon className="size-4" />
          Add banner
        </button>
      </div>
      <p role="note" className="rounded-2xl border-2 border-zinc-200 bg-zinc-50 px-4 py-3 text-sm text-zinc-800">
        {CAROUSEL_NOTE}
      </p>

      {banners.isPending ? (
        <PageSpinner label="Loading banners" />
      ) : banners.isError ? (
        <p role="alert" className="card px-4 py-6 text-center text-red-800">
          {errorMessage(banners.error)}
        </p>
      ) : (
        BANNER_KINDS.map((carousel) => {
          const list = banners.data.filter((banner) => banner.kind === carousel.kind);
          const headingId = `${baseId}-${carousel.kind}`;
          return (
            <section key={carousel.kind} aria-labelledby={headingId} className="flex flex-col gap-3">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h2 id={headingId} className="text-xl font-bold">
                  {carousel.label} banners
                </h2>
                <p className="text-sm text-zinc-600">
                  {carousel.shape === 'wide' ? 'Wide' : 'Square'} pictures, {carousel.size} recommended
                </p>
              </div>
              {list.length === 0 ? (
                <div className="card flex flex-wrap items-center justify-between gap-3 px-4 py-6">
                  <p className="text-zinc-700">No {carousel.label.toLowerCase()} banners yet.</p>
                  <button type="button" className="btn-ghost" onClick={() => setDialog({ kind: 'add', carousel: carousel.kind })}>
                    Add a {carousel.label.toLowerCase()} banner
                  </button>
                </div>
              ) : (
                <ol className="flex flex-col gap-3" aria-label={`${carousel.label} banners`} aria-busy={move.isPending}>
                  {list.map((banner, i) => (
                    <BannerRow
                      key={banner._id}
                      banner={banner}
                      first={i === 0}
                      last={i === list.length - 1}
                      moveButtonId={moveButtonId}
                      busy={move.isPending || (save.isPending && save.variables?.bannerId === banner._id)}
                      onEdit={() => setDialog({ kind: 'edit', banner })}
                      onToggleHidden={() => void onToggleHidden(banner)}
                      onMove={(direction) => void onMove(banner, direction)}
                      onDelete={() => setDialog({ kind: 'delete', banner })}
                    />
                  ))}
                </ol>
              )}
            </section>
          );
        })
      )}

      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>

      {dialog?.kind === 'add' ? <BannerFormDialog initialKind={dialog.carousel} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'edit' ? <BannerFormDialog banner={dialog.banner} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'delete' ? (
        <ModalDialog title="Delete banner?" onClose={() => setDialog(null)} widthClassName="max-w-md">
          <p className="text-sm text-zinc-700">
            <strong>{dialog.banner.alt}</strong> will be taken out of the carousel and deleted. To take it out for a while instead, hide it.
          </p>
          <div className="mt-5 flex justify-end gap-2">
            <button type="button" className="btn-ghost" onClick={() => setDialog(null)}>
              Keep it
            </button>
            <button type="button" className="btn bg-red-700 text-white hover:bg-red-800" disabled={remove.isPending} onClick={() => void onDelete(dialog.banner)}>
              Delete
            </button>
          </div>
        </ModalDialog>
      ) : null}
    </div>
  );
}

interface BannerRowProps {
  banner: AdminBanner;
  first: boolean;
  last: boolean;
  moveButtonId: (bannerId: string, direction: 'up' | 'down') => string;
  busy: boolean;
  onEdit: () => void;
  onToggleHidden: () => void;
  onMove: (direction: 'up' | 'down') => void;
  onDelete: () => void;
}

function BannerRow({ banner, first, last, moveButtonId, busy, onEdit, onToggleHidden, onMove, onDelete }: BannerRowProps) {
  const name = banner.alt;
  const small = (colours = 'text-zinc-800 hover:bg-zinc-100') => `inline-flex min-h-9 items-center gap-1.5 rounded-full px-3 text-sm font-semibold disabled:opacity-40 ${colours}`;
  return (
    <li className={`card flex items-center gap-4 p-3 ${banner.hidden ? 'bg-zinc-50' : ''}`} data-testid="banner-row">
      <div
        className={`shrink-0 overflow-hidden rounded-lg bg-zinc-100 ${banner.kind === 'desktop' ? 'aspect-[24/7] w-48' : 'aspect-square w-20'} ${banner.hidden ? 'opacity-60' : ''}`}
      >
        <img src={imageRenditionUrl(banner.imageUrl, 320)} alt="" width={banner.kind === 'desktop' ? 192 : 80} loading="lazy" className="size-full object-cover" />
      </div>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <p className="font-semibold break-words">{banner.alt}</p>
          {banner.hidden ? <span className="rounded-full bg-zinc-200 px-2 py-0.5 text-xs font-bold text-zinc-800">Hidden</span> : null}
          {banner.demo ? <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-bold text-amber-900">Demo</span> : null}
        </div>
        <p className="mt-0.5 truncate font-mono text-xs text-zinc-600" title={banner.link}>
          {banner.link}
        </p>
      </div>
      <div className="flex shrink-0 flex-wrap items-center justify-end gap-1">
        <button type="button" className={small()} onClick={onEdit} aria-label={`Edit ${name}`}>
          <PencilIcon className="size-4" />
          Edit
        </button>
        <button type="button" className={small()} onClick={onToggleHidden} disabled={busy} aria-label={`${banner.hidden ? 'Show' : 'Hide'} ${name}`}>
          {banner.hidden ? <EyeIcon className="size-4" /> : <EyeOffIcon className="size-4" />}
          {banner.hidden ? 'Show' : 'Hide'}
        </button>
        <button
          id={moveButtonId(banner._id, 'up')}
          type="button"
          className="icon-btn size-9 disabled:opacity-30"
          onClick={() => onMove('up')}
          disabled={first || busy}
          aria-label={`Move ${name} up`}
        >
          <ChevronLeftIcon className="size-4 rotate-90" />
        </button>
        <button
          id={moveButtonId(banner._id, 'down')}
          type="button"
          className="icon-btn size-9 disabled:opacity-30"
          onClick={() => onMove('down')}
          disabled={last || busy}
          aria-label={`Move ${name} down`}
        >
          <ChevronRightIcon className="size-4 rotate-90" />
        </button>
        <button type="button" className={small('text-red-800 hover:bg-red-50')} onClick={onDelete} aria-label={`Delete ${name}`}>
          <TrashIcon className="size-4" />
          Delete
        </button>
      </div>
    </li>
  );
}
